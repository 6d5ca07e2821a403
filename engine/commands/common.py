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
    parser.add_argument("--course", metavar="新|久", help="病程: the illness is new (新) or long (久) (56.2)")
    parser.add_argument("--period", metavar="未|已", help="间月: no monthly period missed yet (未) or one missed (已) (53.1)")
    parser.add_argument("--born", action="store_true", help="已生: the child is already born, far from the asker (53.6)")
    parser.add_argument("--matter-month", metavar="支", help="事月: the month the matter falls in, e.g. the examination "
                        "month or the end of a set term (22.3, 63.1, 67.2, 78.5)")
    parser.add_argument("--matter-day", metavar="干支", help="事日: the day the matter falls on, e.g. 甲寅 (23.2, 67.2, 78.5)")
    parser.add_argument("--matter-year", metavar="干支", help="事年: the year the matter falls in, e.g. the year whose "
                        "fortune is asked or a 限 is read in (47.17, 48.9)")
    parser.add_argument("--age", metavar="N", help="年岁: the asker's (or subject's) age in years at the cast (47.18)")
    parser.add_argument("--member", metavar="属", help="身属: the asker's place in the family by trigram: 父 母 长男 "
                        "长女 中男 中女 少男 少女 (13.8, 48.1)")
    parser.add_argument("--side", metavar="男|女", help="婚方: the party a marriage is asked for, the man's (男) or the woman's (女) "
                        "(52.1; asking for oneself --asker tells it, for a son or a daughter --about)")
    parser.add_argument("--suit", metavar="我讼|彼讼", help="讼方: in a lawsuit, the asker brought it (我讼) or the other "
                        "party did (彼讼) (83.1-83.2)")
    parser.add_argument("--given", action="append", metavar="NAME=VALUE",
                        help="what the asker states beside the chart that the question's rulings turn on, as its "
                        "chapter declares it (`given`), e.g. 谋向=来 (76.3); repeatable; `yimao questions` lists them")


# The flags that only make sense with --question, by the attribute argparse gives them.
_QUESTION_COMPANIONS = (("--about", "about"), ("--birth-year", "birth_year"), ("--asker", "asker"), ("--course", "course"),
                        ("--period", "period"), ("--born", "born"), ("--matter-month", "matter_month"),
                        ("--matter-day", "matter_day"), ("--matter-year", "matter_year"), ("--age", "age"),
                        ("--member", "member"), ("--side", "side"), ("--suit", "suit"), ("--given", "given"))


def question_from_args(args: argparse.Namespace, program):
    """The question the flags ask, or None without --question (whose companions then are an error)."""
    if getattr(args, "question", None) is None:
        given = [flag for flag, name in _QUESTION_COMPANIONS if getattr(args, name, None) not in (None, False)]
        if given:
            raise UsageError(f"{given[0]} needs --question")
        return None
    return parse_question(program, args.question, given=args.given or (),
                          **{name: getattr(args, name) for _, name in _QUESTION_COMPANIONS if name != "given"})


def question_facts(args: argparse.Namespace, program) -> list[Fact]:
    """The question's input facts (none when no --question was given)."""
    question = question_from_args(args, program)
    return question.facts() if question else []


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
