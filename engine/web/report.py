"""`--html FILE` on chart, judge, why and compare: one self-contained page written to disk.

The page is the server's page rendered without links (nothing to follow without the server), with
the stylesheet and the SVG inline and a content policy that forbids any fetch, so the file opens
the same offline, by mail, or on a publishing site.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

from ..errors import UsageError
from ..render.output import print_json


def add_html_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--html", metavar="FILE",
                        help="write a self-contained HTML report to FILE (inline CSS and SVG, no network) "
                        "instead of the terminal text")


def emit(args: argparse.Namespace, data: Callable[[], Any], page: Callable[[], tuple[str, dict[str, Any]]],
         text: Callable[[], None]) -> int:
    """The output step every reporting command shares: `--html FILE` writes the page, `--json`
    prints the data, and the terminal text is printed when neither asks otherwise."""
    if getattr(args, "html", None):
        write_report(args.html, *page())
    if args.json:
        print_json(data())
    elif not getattr(args, "html", None):
        text()
    return 0


def write_report(path: str, template: str, context: dict[str, Any]) -> None:
    from .templating import render  # jinja only when a report is asked for

    html = render(template, standalone=True, **context)
    try:
        Path(path).write_text(html, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write --html {path}: {error.strerror or error}") from None
    print(f"yimao: wrote {Path(path).resolve()}", file=sys.stderr)  # stdout stays the --json or text output
