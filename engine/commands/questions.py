"""`yimao questions`: the question catalog the question chapters declare."""

from __future__ import annotations

import argparse

from ..render.output import add_format_argument, console, print_json, print_table
from .common import add_rulebook_argument, engine_from_args


def register(subparsers) -> None:
    parser = subparsers.add_parser("questions", help="the question catalog: chapter, question, sub-questions, 用神",
                                   description="List the question types the question chapters declare, their "
                                   "sub-questions (the 「内详…诸问」 lists) and how the 用神 is taken.")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_format_argument(parser)
    add_rulebook_argument(parser)
    parser.set_defaults(run=run)


def catalog(program) -> list[dict]:
    rules_by_question: dict[str, list[str]] = {}
    for rule in program.rules:
        if any(h.predicate == "用神" for h in rule.atoms):
            for literal in rule.body:
                if getattr(literal, "predicate", None) == "问":
                    for arg in literal.args:
                        value = getattr(arg.term, "value", None)
                        if arg.name == "事" and value is not None:
                            rules_by_question.setdefault(value, []).append(rule.id)
    method = program.method
    return [
        {"chapter": q.chapter, "question": q.name, "sub_questions": list(q.subquestions), "use_god": q.doc,
         "use_god_rules": rules_by_question.get(q.name, []),
         "answers": {a.name: {"left": list(a.left), "right": list(a.right), "sides": [a.left_side, a.right_side], "alone": a.alone,
                              "cite": a.citation.ref if a.citation else None}
                     for a in method.axes_of(q.name)},
         "answered_in_kind": _in_kind(method, q.name),
         "given": [{"name": g.predicate, "values": list(g.values), "doc": g.doc,
                    "cite": g.citation.ref if g.citation else None} for g in method.givens_for(q.name)]}
        for q in sorted(program.questions, key=lambda q: (q.chapter, q.name))
    ]


def _in_kind(method, question: str) -> dict[str, list[dict]]:
    """What each (sub-)question is answered with beside its axis: its 应期 (a question that asks
    when) or a reading's values (a direction, a price, a cause)."""
    found: dict[str, list[dict]] = {}
    for item in method.timed:
        if item.question == question:
            found.setdefault(item.name, []).append({"by": "应期", "cite": item.citation.ref if item.citation else None})
    for item in method.readings:
        if item.question == question:
            found.setdefault(item.name, []).append({"by": f"{item.predicate}({item.arg})",
                                                    "cite": item.citation.ref if item.citation else None})
    return found


def subs_text(row: dict) -> str:
    """The sub-questions, each answered in its own kind marked with what it is answered by."""
    kinds = row["answered_in_kind"]
    words = []
    for sub in row["sub_questions"]:
        by = kinds.get(f"{row['question']}.{sub}")
        words.append(f"{sub}→{'、'.join(b['by'] for b in by)}" if by else sub)
    return " ".join(words)


def axis_text(row: dict) -> str:
    own = row["answers"].get(row["question"])
    return f"{' '.join(own['left'])} / {' '.join(own['right'])}" if own else ""


def given_text(row: dict) -> str:
    """What the asker may state for the question: `谋向=来|去 (76.3)`."""
    return " ".join(f"{g['name']}={'|'.join(g['values'])} ({g['cite']})" for g in row["given"])


def run(args: argparse.Namespace) -> int:
    rows = catalog(engine_from_args(args).program)
    if args.json:
        print_json({"questions": rows})
        return 0
    print_table(args, ("章", "question", "answer", "sub-questions", "用神", "--given"),
                [(str(row["chapter"]), row["question"], axis_text(row), subs_text(row), row["use_god"], given_text(row))
                 for row in rows])
    if not rows:
        console().print("no question chapter is encoded yet")
    return 0
