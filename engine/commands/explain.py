"""`yimao facts`, `yimao why`, `yimao whynot`: the fact base, proofs, and reasons for absence."""

from __future__ import annotations

from ..api import rulebook_label

import argparse
import sys

from ..chart import Chart, book_conventions
from ..errors import UsageError
from ..evaluate import fact_sort_key
from ..explain import Explainer, ProofNode, describe
from ..found import find
from ..hexagrams import HexagramNames
from ..inputs import cast_from_args, moment_from_args
from ..query import parse_query
from ..render.output import console, print_json
from ..web.report import add_html_argument, emit
from ..whynot import WhyNot
from .common import add_evaluation_arguments, evaluate_from_args


# The depth of a proof printed as text unless --depth or --all says otherwise: a verdict's proof
# to this depth, shared subproofs folded, fits on a screen (about 40 lines on the book's charts).
TEXT_DEPTH = 4
QUERY_HELP = ("a fact pattern '无用(位: 3)' / '月破(位: P)'; a verdict '断', '断 愈', '断(位: 4) 吉'; "
              "or a rule id 用神断.全吉")


def register(subparsers) -> None:
    facts = subparsers.add_parser("facts", help="every fact of the fact base", description="Dump every fact, sorted.")
    facts.add_argument("--predicate", metavar="NAME", help="only facts of this predicate")
    facts.add_argument("--json", action="store_true", help="print JSON")
    add_evaluation_arguments(facts)
    facts.set_defaults(run=run_facts)

    why = subparsers.add_parser("why", help="the proof tree of a fact or a verdict", description="Print the proof of a fact "
                                "(or of every fact matching a pattern with variables), of a verdict (断 pattern), or of what a "
                                "rule concluded (rule id): rule, citation, quoted clause, the facts it used. A subproof used "
                                "twice is printed once, marked ①, and referred to after as (see ①). Exit 1 when nothing "
                                "matching holds or was defeated.")
    why.add_argument("fact", metavar="QUERY", help=QUERY_HELP)
    why.add_argument("--depth", type=int, default=None, metavar="N",
                     help=f"show at most N levels (text default {TEXT_DEPTH}; JSON and --html: all)")
    why.add_argument("--all", action="store_true", help="every derivation, not only the lowest proof, and every level "
                     "unless --depth is given")
    why.add_argument("--json", action="store_true", help="print JSON")
    add_html_argument(why)
    add_evaluation_arguments(why)
    why.set_defaults(run=run_why)

    whynot = subparsers.add_parser("whynot", help="why a fact or verdict does not hold", description="For an absent fact "
                                   "or verdict: the rules that could conclude it (or the rule named) and, for each, the "
                                   "first pattern that fails, recursively, or the exception that defeated it.")
    whynot.add_argument("fact", metavar="QUERY", help=QUERY_HELP)
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
        print_json({"facts": [{"predicate": f.predicate, "args": result.args(f)} for f in facts]})
        return 0
    # One write of plain lines: a fact is plain text (no style to render), and rich's print per line
    # cost more than evaluating the chart (6,682 lines took 5 s); nothing in it is read as markup.
    if facts:
        sys.stdout.write("".join(describe(result.program, fact) + "\n" for fact in facts))
    return 0


class Why:
    """The proofs of the facts or verdicts matching a query, and the defeated derivations of matching ones."""

    def __init__(self, args: argparse.Namespace, text: bool = False) -> None:
        _check_depth(args.depth)
        self.query = args.fact
        self.result = result = evaluate_from_args(args)
        self.pattern = query = parse_query(args.fact, result.program)
        self.explainer = explainer = Explainer(result)
        depth = args.depth if args.depth is not None or args.all or not text else TEXT_DEPTH
        found = find(result, query)
        self.matching = [head for head, _ in found.holding]
        self.proofs = [node for head, derivation in found.holding
                       for node in (explainer.prove(head, depth, args.all) if derivation is None
                                    else [explainer.through(head, derivation, depth)])]
        self.defeated = [explainer.defeat_node(d, depth) for d in found.defeats]
        cast = cast_from_args(args, HexagramNames(result.program).resolve)  # for the report's chart
        moment = moment_from_args(args)
        label = rulebook_label(args.rulebook)
        self.chart = Chart(cast, moment, result, book_conventions(moment, result.program.school, label)) if cast else None


def _cut(node: ProofNode) -> bool:
    """Whether any part of the proof was cut by the depth limit."""
    return node.truncated or any(_cut(c) for c in (*node.children, *node.defeated_by))


def run_why(args: argparse.Namespace) -> int:
    why = Why(args, text=not args.json and not args.html)
    explainer, proofs, defeated = why.explainer, why.proofs, why.defeated

    def data():
        return {"query": args.fact, "holds": bool(why.matching),
                "proofs": [explainer.to_json(n) for n in proofs],
                "defeated": [explainer.to_json(n) for n in defeated]}

    def page():
        from ..web.pages import why_page

        return why_page(why)

    def text():
        from ..render.proof import SharedSubproofs, proof_tree  # rich: only for the text of a proof

        out = console()
        if not why.matching and not defeated:
            out.print(f"{args.fact} does not hold; try: yimao whynot '{args.fact}'")
            return
        shared = SharedSubproofs([*proofs, *defeated])
        for node in proofs:
            out.print(proof_tree(explainer, node, shared=shared))
        for node in defeated:
            out.print(proof_tree(explainer, node, prefix="DEFEATED: ", shared=shared))
        if any(_cut(node) for node in (*proofs, *defeated)):
            out.print("(… marks a proof cut short: --depth N shows N levels, --all every level and derivation)")

    emit(args, data, page, text)
    return 0 if why.matching or defeated else 1


def run_whynot(args: argparse.Namespace) -> int:
    _check_depth(args.depth)
    result = evaluate_from_args(args)
    query = parse_query(args.fact, result.program)
    explainer = WhyNot(result)
    reason = explainer.explain_query(query, args.depth)
    if args.json:
        print_json(explainer.to_json(reason))
        return 0
    from ..render.proof import whynot_tree

    console().print(whynot_tree(reason))
    return 0
