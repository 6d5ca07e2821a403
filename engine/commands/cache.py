"""`yimao cache info|clear`: what the on-disk rulebook cache holds, and emptying it."""

from __future__ import annotations

import argparse

from ..cache import clear, info
from ..render.output import console, print_json


def register(subparsers) -> None:
    parser = subparsers.add_parser("cache", help="the rulebook cache: what it holds (info), or empty it (clear)",
                                   description="The on-disk cache of parsed rule files, checked rulebooks and "
                                   "compiled join code ($YIMAO_CACHE_DIR, else ~/.cache/yimao). Housekeeping keeps "
                                   "the most recently used rulebooks and what they use; `clear` removes everything.")
    parser.add_argument("action", choices=("info", "clear"), help="info: entries and sizes; clear: remove every entry")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "clear":
        removed = clear()
        if args.json:
            print_json({"removed": removed})
        else:
            console().print(f"removed {removed} file(s) from {info()['folder']}", markup=False, highlight=False)
        return 0
    found = info()
    if args.json:
        print_json(found)
        return 0
    out = console()
    out.print(f"cache folder: {found['folder']}", markup=False, highlight=False)
    for kind, counts in found["kinds"].items():
        out.print(f"  {kind}: {counts['entries']} ({_size(counts['bytes'])})", markup=False, highlight=False)
    out.print(f"  total: {_size(found['bytes'])}", markup=False, highlight=False)
    return 0


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 1e5 else f"{count / 1e3:.1f} kB"
