"""`yimao facts`, `yimao why`, `yimao whynot`: the fact base, proofs, and reasons for absence."""

from __future__ import annotations

import argparse

from ..errors import UsageError
from ..evaluate import fact_sort_key
from ..explain import Explainer, describe
from ..query import parse_pattern
from ..render.output import console, print_json
from ..render.proof import proof_tree, whynot_tree
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


def run_why(args: argparse.Namespace) -> int:
    _check_depth(args.depth)
    result = evaluate_from_args(args)
    pattern = parse_pattern(args.fact, result.program)
    explainer = Explainer(result)
    matching = sorted((f for f in result.facts(pattern.predicate) if pattern.matches(f)), key=fact_sort_key)
    proofs = [node for fact in matching for node in explainer.prove(fact, args.depth, args.all)]
    defeated = [n for d in result.defeats if d.head.__class__.__name__ == "Fact" and pattern.matches(d.head)
                for n in [explainer.defeat_node(d, args.depth)]]
    if args.json:
        print_json({"query": args.fact, "holds": bool(matching),
                    "proofs": [explainer.to_json(n) for n in proofs],
                    "defeated": [explainer.to_json(n) for n in defeated]})
        return 0
    out = console()
    if not matching and not defeated:
        out.print(f"{args.fact} does not hold; try: yimao whynot '{args.fact}'")
        return 0
    for node in proofs:
        out.print(proof_tree(explainer, node))
    for node in defeated:
        out.print(proof_tree(explainer, node, prefix="DEFEATED: "))
    return 0


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
