"""`yimao judge`: answer a question on a chart, with the 用神, verdicts, citations and proofs."""

from __future__ import annotations

import argparse

from ..api import evaluate_chart, rulebook_label
from ..errors import UsageError
from ..inputs import add_chart_arguments, moment_from_args
from ..judge import Judgement, judged
from ..render.judge import judgement_renderable
from ..render.output import console
from ..web.report import add_html_argument, emit
from .chart import require_cast
from .common import add_question_arguments, add_rulebook_argument, engine_from_args, question_from_args


def register(subparsers) -> None:
    parser = subparsers.add_parser("judge", help="judge a question: the 用神, the verdicts (断), citations, conflicts",
                                   description="Judge a question on a chart: the 用神 chosen and why, every verdict "
                                   "with polarity, strength, timing, citation; defeated rulings and conflicts shown.")
    add_question_arguments(parser, required=True)
    add_chart_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--proofs", action="store_true", help="with --json: each verdict's proof tree under `proof`")
    add_html_argument(parser)
    add_rulebook_argument(parser)
    parser.set_defaults(run=run)


def judgement_from_args(args: argparse.Namespace) -> Judgement:
    engine = engine_from_args(args)
    question = question_from_args(args, engine.program)
    cast = require_cast(args, engine)
    label = rulebook_label(args.rulebook)
    return Judgement(question, evaluate_chart(engine, cast, moment_from_args(args), label, question.facts(),
                                              judged(engine.program, question)))


def run(args: argparse.Namespace) -> int:
    if args.proofs and not args.json:
        raise UsageError("--proofs needs --json (the text and the page show proofs through `yimao why`)")
    judgement = judgement_from_args(args)
    data = judgement.to_dict(proofs=args.proofs)

    def page():
        from ..web.pages import judge_page

        return judge_page(judgement)

    return emit(args, lambda: data, page, lambda: console().print(judgement_renderable(data)))
