"""`yimao sweep report FILE|DIR`: the summary of a stored sweep (JSONL file or Parquet folder),
and the table that `compare --sweep` prints at its end."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table
from rich.text import Text

from ..errors import UsageError
from ..render.output import console, print_json
from ..sweep import summarize
from ..sweep_store import MOMENT_KEYS, open_store


def register(subparsers) -> None:
    parser = subparsers.add_parser("sweep", help="read the results of a compare --sweep",
                                   description="Work with the results a `yimao compare --sweep` stored.")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    report = actions.add_parser("report", help="per overlay change: charts changed, share of the charts swept, an example",
                                description="Per overlay change: in how many of the stored charts it changed some fact "
                                "or verdict, that share of the charts, and the example chart of smallest id.")
    report.add_argument("results", metavar="FILE|DIR", help="a sweep's .jsonl file or Parquet folder")
    report.add_argument("--json", action="store_true", help="print JSON")
    report.set_defaults(run=run_report)
    parser.set_defaults(run=lambda args: parser.print_help() or 2)


def run_report(args: argparse.Namespace) -> int:
    path = Path(args.results)
    if not (path.is_file() or path.is_dir()):
        raise UsageError(f"{path}: no sweep results there (give a .jsonl file or a Parquet folder)")
    store = open_store(path)
    if store.folder != path.is_dir():
        raise UsageError(f"{path} is {'a folder' if path.is_dir() else 'a file'}; give a sweep's .jsonl file or Parquet folder")
    summary = summarize(store.rows())
    summary["results"] = str(path)
    if args.json:
        print_json(summary)
    else:
        print_summary(summary, f"{summary['charts']} charts (results: {path})")
    return 0


def example_flags(example: dict) -> str:
    """The example chart as the flags that show it: `--lines … --month … --day …`."""
    when = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in example.items() if k in MOMENT_KEYS and v)
    return f"--lines {example['lines']} {when}".strip()


def print_summary(summary: dict, title: str) -> None:
    table = Table("overlay change", "charts changed", "share", "example chart")
    for row in summary["changes"]:
        table.add_row(row["change"], str(row["charts"]), f"{row['share']:.2%}", example_flags(row["example"]))
    out = console()
    out.print(Text(title, style="bold"))
    out.print(table)
    if summary.get("answers"):
        answers = Table("answer changed (Q.SUB: first school → second)", "charts", "share", "example chart")
        for row in summary["answers"]:
            answers.add_row(row["change"], str(row["charts"]), f"{row['share']:.2%}", example_flags(row["example"]))
        out.print(answers)
