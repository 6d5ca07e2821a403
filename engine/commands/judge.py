"""`yimao judge`: answer a question on a chart, with the 用神, verdicts, citations and proofs."""

from __future__ import annotations

import argparse

from ..api import evaluate_chart, rulebook_label
from ..inputs import add_chart_arguments, moment_from_args
from ..judge import Judgement, parse_question
from ..render.judge import judgement_renderable
from ..render.output import console
from ..web.report import add_html_argument, emit
from .chart import require_cast
from .common import add_rulebook_argument, engine_from_args


def register(subparsers) -> None:
    parser = subparsers.add_parser("judge", help="judge a question: the 用神, the verdicts (断), citations, conflicts",
                                   description="Judge a question on a chart: the 用神 chosen and why, every verdict "
                                   "with polarity, strength, timing, citation; defeated rulings and conflicts shown.")
    parser.add_argument("--question", required=True, metavar="Q[.SUB]", help="question type and sub-question, e.g. 疾病 or 疾病.症候 (`yimao questions`)")
    parser.add_argument("--about", metavar="WHO", help="whom it is about: 父 母 妻 夫 子 兄 友 主 仆 … (default: oneself)")
    parser.add_argument("--birth-year", metavar="支", help="birth-year branch (本命), needed for 命墓")
    parser.add_argument("--asker", choices=("男", "女"), help="the asker's sex")
    parser.add_argument("--course", metavar="新|久", help="病程: the illness is new (新) or long (久) (56.2)")
    parser.add_argument("--period", metavar="未|已", help="间月: no monthly period missed yet (未) or one missed (已) (53.1)")
    parser.add_argument("--born", action="store_true", help="已生: the child is already born, far from the asker (53.6)")
    parser.add_argument("--matter-month", metavar="支", help="事月: the month the matter falls in, e.g. the examination "
                        "month or the end of a set term (22.3, 63.1, 67.2, 78.5)")
    parser.add_argument("--matter-day", metavar="干支", help="事日: the day the matter falls on, e.g. 甲寅 (23.2, 67.2, 78.5)")
    add_chart_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_html_argument(parser)
    add_rulebook_argument(parser)
    parser.set_defaults(run=run)


def judgement_from_args(args: argparse.Namespace) -> Judgement:
    engine = engine_from_args(args)
    question = parse_question(engine.program, args.question, args.about, args.birth_year, args.asker, args.course,
                              args.period, args.born, args.matter_month, args.matter_day)
    cast = require_cast(args, engine)
    label = rulebook_label(args.rulebook)
    return Judgement(question, evaluate_chart(engine, cast, moment_from_args(args), label, question.facts()))


def run(args: argparse.Namespace) -> int:
    judgement = judgement_from_args(args)
    data = judgement.to_dict()

    def page():
        from ..web.pages import judge_page

        return judge_page(judgement)

    return emit(args, lambda: data, page, lambda: console().print(judgement_renderable(data)))
