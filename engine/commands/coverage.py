"""`yimao coverage`: per chapter, the paragraphs cited, partial, narrative, and untouched."""

from __future__ import annotations

import argparse

from rich.table import Table

from ..book import load_book
from ..coverage import coverage
from ..errors import UsageError
from ..render.output import console, print_json
from .common import add_rulebook_argument, engine_from_args


def register(subparsers) -> None:
    parser = subparsers.add_parser("coverage", help="how much of the book the rulebook accounts for, per chapter",
                                   description="Per chapter: classical paragraphs cited by a rule or table, cited but "
                                   "marked partial (with the rulings not yet encoded), marked narrative with a reason, "
                                   "and still untouched. A chapter is complete with no partial and no untouched "
                                   "paragraph.")
    parser.add_argument("--chapters", metavar="A-B", help="only these chapters, e.g. 1-10 or 25")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rulebook_argument(parser)
    parser.set_defaults(run=run)


def parse_range(text: str) -> list[int]:
    try:
        if "-" in text:
            first, last = (int(x) for x in text.split("-", 1))
            return list(range(first, last + 1))
        return [int(text)]
    except ValueError:
        raise UsageError(f"--chapters takes A-B or N, not {text!r}") from None


def _ranges(numbers: list[int]) -> str:
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(f"{start}" if start == n else f"{start}-{n}")
            start = None
    return ",".join(parts)


def run(args: argparse.Namespace) -> int:
    book = load_book()
    chapters = parse_range(args.chapters) if args.chapters else None
    if chapters:
        for number in chapters:
            if not 1 <= number <= 91:
                raise UsageError(f"no chapter {number}: chapters are 1-91")
    data = coverage(engine_from_args(args).program, book, chapters)
    if args.json:
        print_json(data)
        return 0
    table = Table("章", "name", "paragraphs", "cited", "partial", "narrative", "untouched", "accounted")
    for row in data["chapters"]:
        partial = [int(ref.split(".")[1]) for ref in row["partial"]]
        table.add_row(str(row["chapter"]), row["name"], str(row["paragraphs"]), str(row["cited"]), _ranges(partial) or "-",
                      str(row["narrative"]), _ranges(row["untouched"]) or "-", f"{row['accounted_percent']}%")
    out = console()
    out.print(table)
    for row in data["chapters"]:
        for ref, missing in row["partial"].items():
            out.print(f"§{ref} partial: {missing}", markup=False, highlight=False)
    total = data["total"]
    out.print(f"total: {total['paragraphs']} paragraphs, {total['cited']} cited, {total['partial']} partial, "
              f"{total['narrative']} narrative, {total['untouched']} untouched; {total['accounted_percent']}% fully "
              f"accounted; {total['chapters_complete']}/{total['chapters']} chapters complete")
    return 0
