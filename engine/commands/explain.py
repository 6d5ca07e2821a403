"""`yimao facts`, `yimao why`, `yimao whynot`: the fact base, proofs, and reasons for absence."""

from __future__ import annotations

from ..api import rulebook_label

import argparse

from ..chart import Chart, book_conventions
from ..errors import UsageError
from ..evaluate import fact_sort_key
from ..explain import Explainer, describe
from ..hexagrams import HexagramNames
from ..inputs import cast_from_args, moment_from_args
from ..query import parse_pattern
from ..render.output import console, print_json
from ..render.proof import proof_tree, whynot_tree
from ..web.report import add_html_argument, emit
from ..whynot import WhyNot
from .common import add_evaluation_arguments, evaluate_from_args


def register(subparsers) -> None:
    facts = subparsers.add_parser("facts", help="every fact of the fact base", description="Dump every fact, sorted.")
    facts.add_argument("--predicate", metavar="NAME", help="only facts of this predicate")
    facts.add_argument("--json", action="store_true", help="print JSON")
    add_evaluation_arguments(facts)
    facts.set_defaults(run=run_facts)

    why = subparsers.add_parser("why", help="the proof tree of a fact", description="Print the proof of a fact (or of every "
                                "fact matching a pattern with variables): rule, citation, quoted clause, the facts it used.")
    why.add_argument("fact", help="e.g. '无用(位: 3)' or '月破(位: P)'")
    why.add_argument("--depth", type=int, default=None, metavar="N", help="show at most N levels")
    why.add_argument("--all", action="store_true", help="every derivation, not only the lowest proof")
    why.add_argument("--json", action="store_true", help="print JSON")
    add_html_argument(why)
    add_evaluation_arguments(why)
    why.set_defaults(run=run_why)

    whynot = subparsers.add_parser("whynot", help="why a fact does not hold", description="For an absent fact: the rules that "
                                   "could conclude it and, for each, the first pattern that fails, recursively.")
    whynot.add_argument("fact", help="e.g. '实破(位: 3)'")
    whynot.add_argument("--depth", type=int, default=3, metavar="N", help="how far to follow failing patterns (default 3)")
    whynot.add_argument("--json", action="store_true", help="print JSON")
    add_evaluation_arguments(whynot)
    whynot.set_defaults(run=run_whynot)


def _check_depth(depth: int | None) -> None:
    if depth is not None and depth < 1:
        raise UsageError("--depth must be at least 1")


def run_facts(args: argparse.Namespace) -> int:
    result = evaluate_from_args(args)
    if args.predicate and args.predicate not in result.program.declarations:
        raise UsageError(f"unknown predicate {args.predicate}")
    facts = sorted((f for f in result.facts(args.predicate)), key=fact_sort_key)
    if args.json:
        print_json([{"predicate": f.predicate, "args": result.args(f)} for f in facts])
        return 0
    out = console()
    for fact in facts:
        out.print(describe(result.program, fact))
    return 0


class Why:
    """The proofs of the facts matching a query, and the defeated derivations of matching facts."""

    def __init__(self, args: argparse.Namespace) -> None:
        _check_depth(args.depth)
        self.query = args.fact
        self.result = result = evaluate_from_args(args)
        self.pattern = pattern = parse_pattern(args.fact, result.program)
        self.explainer = explainer = Explainer(result)
        self.matching = sorted((f for f in result.facts(pattern.predicate) if pattern.matches(f)), key=fact_sort_key)
        self.proofs = [node for fact in self.matching for node in explainer.prove(fact, args.depth, args.all)]
        self.defeated = [explainer.defeat_node(d, args.depth) for d in result.defeats
                         if d.head.__class__.__name__ == "Fact" and pattern.matches(d.head)]
        cast = cast_from_args(args, HexagramNames(result.program).resolve)  # for the report's chart
        moment = moment_from_args(args)
        label = rulebook_label(args.rulebook)
        self.chart = Chart(cast, moment, result, book_conventions(moment, result.program.school, label)) if cast else None


def run_why(args: argparse.Namespace) -> int:
    why = Why(args)
    explainer, proofs, defeated = why.explainer, why.proofs, why.defeated

    def data():
        return {"query": args.fact, "holds": bool(why.matching),
                "proofs": [explainer.to_json(n) for n in proofs],
                "defeated": [explainer.to_json(n) for n in defeated]}

    def page():
        from ..web.pages import why_page

        return why_page(why)

    def text():
        out = console()
        if not why.matching and not defeated:
            out.print(f"{args.fact} does not hold; try: yimao whynot '{args.fact}'")
        for node in proofs:
            out.print(proof_tree(explainer, node))
        for node in defeated:
            out.print(proof_tree(explainer, node, prefix="DEFEATED: "))

    return emit(args, data, page, text)


def run_whynot(args: argparse.Namespace) -> int:
    _check_depth(args.depth)
    result = evaluate_from_args(args)
    pattern = parse_pattern(args.fact, result.program)
    explainer = WhyNot(result)
    reason = explainer.explain(pattern, args.depth)
    if args.json:
        print_json(explainer.to_json(reason))
        return 0
    console().print(whynot_tree(reason))
    return 0
