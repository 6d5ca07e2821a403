"""Options shared by the commands that evaluate a rulebook over a chart."""

from __future__ import annotations

import argparse

from ..errors import UsageError
from ..evaluate import Result
from ..chart import base_facts
from ..facts import Fact
from ..hexagrams import HexagramNames
from ..inputs import add_chart_arguments, cast_from_args, moment_from_args
from ..judge import parse_question
from ..query import parse_fact
from ..rulebook import load_engine


def add_rulebook_argument(parser: argparse.ArgumentParser, school: bool = True) -> None:
    parser.add_argument("--rulebook", action="append", metavar="PATH",
                        help="rulebook file or folder to load instead of the shipped one (repeatable)")
    if school:
        parser.add_argument("--school", metavar="NAME", default=None,
                            help="apply a school overlay (rulebook/schools/*.ym; `yimao schools` lists them); default 易冒")


def add_backend_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", choices=("yimao", "durable"), default="yimao",
                        help="evaluate with our engine (default) or with durable-rules as a cross-check; durable runs "
                        "the chart layer (chapters 1-10) unless --rulebook is given")


def engine_from_args(args: argparse.Namespace):
    if getattr(args, "backend", "yimao") != "yimao":
        from ..backends import backend_engine

        return backend_engine(args.backend, args.rulebook, getattr(args, "school", None))
    return load_engine(args.rulebook, school=getattr(args, "school", None))


def add_question_arguments(parser: argparse.ArgumentParser, required: bool = False) -> None:
    """The question of `judge`; on `why`/`whynot` too, so a verdict is asked about on its question's chart."""
    parser.add_argument("--question", required=required, metavar="Q[.SUB]",
                        help="question type and sub-question, e.g. 疾病 or 疾病.症候 (`yimao questions`)")
    parser.add_argument("--about", metavar="WHO", help="whom it is about: 父 母 妻 夫 子 兄 友 主 仆 … (default: oneself)")
    parser.add_argument("--birth-year", metavar="支", help="birth-year branch (本命), needed for 命墓")
    parser.add_argument("--asker", choices=("男", "女"), help="the asker's sex")


def question_facts(args: argparse.Namespace, program) -> list[Fact]:
    """The question's input facts (none when no --question was given; its companions need it)."""
    if getattr(args, "question", None) is None:
        given = [flag for flag, value in (("--about", getattr(args, "about", None)), ("--birth-year", getattr(args, "birth_year", None)),
                                          ("--asker", getattr(args, "asker", None))) if value is not None]
        if given:
            raise UsageError(f"{given[0]} needs --question")
        return []
    return parse_question(program, args.question, args.about, args.birth_year, args.asker).facts()


def add_evaluation_arguments(parser: argparse.ArgumentParser) -> None:
    add_chart_arguments(parser)
    add_question_arguments(parser)
    add_rulebook_argument(parser)
    add_backend_argument(parser)
    parser.add_argument("--fact", dest="base_facts", action="append", default=[], metavar="FACT",
                        help="a base fact, e.g. '爻(位: 1, 值: 9)' (repeatable); added to the chart's facts")
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="stop a rulebook that records more than N derivations (facts and their proofs; default 500000)")


def evaluate_from_args(args: argparse.Namespace) -> Result:
    engine = engine_from_args(args)
    cast = cast_from_args(args, HexagramNames(engine.program).resolve)
    base: list[Fact] = base_facts(engine, cast, moment_from_args(args)) + question_facts(args, engine.program)
    base += [parse_fact(text, engine.program) for text in args.base_facts]
    for fact in base[len(base) - len(args.base_facts):]:
        if engine.program.declarations[fact.predicate].kind != "input":
            raise UsageError(f"{fact.predicate} is not an input predicate; only input facts can be given")
    if args.limit is not None:
        if args.limit < 1:
            raise UsageError(f"--limit takes a positive number, not {args.limit}")
        return engine.evaluate(base, limit=args.limit)
    return engine.evaluate(base)
