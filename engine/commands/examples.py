"""`yimao examples`: run the book's worked examples and print one row per case."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table

from ..errors import UsageError
from ..examples import load_cases, run_cases
from ..render.output import add_format_argument, console, print_json, print_table
from .common import add_rulebook_argument, engine_from_args


def register(subparsers) -> None:
    parser = subparsers.add_parser("examples", help="run the book's worked examples as regression cases",
                                   description="Run every worked example (tests/cases/*.toml): agree, disagree, "
                                   "undecidable (needs rules not yet written), or known-disagreement (with its reason). "
                                   "Exit 1 if any case disagrees without a recorded reason.")
    parser.add_argument("--chapter", type=int, metavar="N", help="only the cases of chapter N")
    parser.add_argument("--cases", metavar="DIR", help="a folder of case files instead of the shipped ones")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_format_argument(parser)
    add_rulebook_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.cases is not None and not args.cases.strip():
        raise UsageError("--cases is empty; give a folder of case files")
    every = load_cases(Path(args.cases) if args.cases else None)
    cases = [c for c in every if args.chapter is None or c.chapter == args.chapter]
    if not cases:
        covered = " ".join(str(n) for n in sorted({c.chapter for c in every}))
        raise UsageError(f"no case of chapter {args.chapter} (the cases cover chapters {covered})")
    data = run_cases(engine_from_args(args), cases)
    if args.json:
        print_json(data)
    else:
        print_table(args, ("case", "章", "line", "status", "book", "engine", "detail"),
                    [(row["id"], str(row["chapter"]), str(row["source_line"]), row["status"], row["book_verdict"] or "",
                      row["engine_verdict"] or "", row["detail"]) for row in data["cases"]])
        if args.format != "tsv":
            console().print("  ".join(f"{k}: {v}" for k, v in data["summary"].items()))
    return 1 if data["summary"]["disagree"] else 0
