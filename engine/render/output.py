"""Writing results: deterministic JSON, and a rich console that degrades to plain text in a pipe."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any, Iterable, Sequence

if TYPE_CHECKING:
    from rich.console import Console


def dump_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


# The version of every `--json` output's shape (engine/schemas/*.schema.json), in each output.
SCHEMA_VERSION = 1


def print_json(data: Any) -> None:
    """A command's JSON output, led by its `schema_version` (every output is an object)."""
    if isinstance(data, dict):
        data = {"schema_version": SCHEMA_VERSION, **data}
    sys.stdout.write(dump_json(data) + "\n")


# In a pipe, tables fit this many columns (their cells wrap); text lines are never cut.
PIPE_WIDTH = 100


def console() -> Console:
    """A terminal gets colour and bold (neither under NO_COLOR, https://no-color.org); a pipe gets
    plain text with tables wrapped to PIPE_WIDTH columns.  Text is printed as it is: no console
    markup nor emoji codes (a rule's gloss or a user's search may hold 「[…]」 or 「:…:」; styles are
    given as `Text` styles).  (rich is imported here: a command that prints plain lines or JSON does
    not pay for it.)"""
    from rich.console import Console

    literal = {"highlight": False, "markup": False, "emoji": False}
    if sys.stdout.isatty():
        return Console(**literal, color_system=None if os.environ.get("NO_COLOR") else "auto")
    return Console(**literal, soft_wrap=True, width=PIPE_WIDTH, color_system=None, force_terminal=False)


def add_format_argument(parser) -> None:
    parser.add_argument("--format", choices=("table", "tsv"), default="table",
                        help="table (default; wrapped to 100 columns in a pipe) or tsv: one row a line, tab-separated, "
                        "with a header line")


def print_table(args, headers: Sequence[str], rows: Iterable[Sequence[str]]) -> None:
    """A table as `--format` asks: aligned by rich, or tab-separated values for other tools."""
    if getattr(args, "format", "table") == "tsv":
        clean = lambda cell: " ".join(str(cell).split())  # noqa: E731  (a tab or newline would split a cell)
        for row in (headers, *rows):
            sys.stdout.write("\t".join(clean(cell) for cell in row) + "\n")
        return
    from rich.table import Table

    table = Table(*headers)
    for row in rows:
        table.add_row(*row)
    console().print(table)
