"""`yimao fmt`: rewrite rule files in the canonical layout, or with --check list those that differ."""

from __future__ import annotations

import argparse
import sys

from ..errors import RulebookError, UsageError
from .help_examples import RawHelpFormatter
from ..fmt import reformat
from ..rulebook import SUFFIX, rulebook_files, school_files


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "fmt", help="rewrite rule files in the canonical layout",
        description="Rewrite rule files (.ym) in one canonical layout: only the whitespace between tokens changes; "
        "comments, quotes, strings and blank-line groups are kept, and the file reads as the same rules. "
        "Exit 1 with --check if a file would change, or if a file does not parse.",
        epilog="examples:\n  yimao fmt rulebook/26-旬空.ym\n  yimao fmt --check rulebook/",
        formatter_class=RawHelpFormatter)
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files, or folders (their .ym files and schools/)")
    parser.add_argument("--check", action="store_true", help="change nothing; list the files that would change")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    files = []
    for path in args.paths:
        found = rulebook_files([path])
        files += found + (school_files([path]) if found and found[0] != path and not str(path).endswith(SUFFIX) else [])
    diagnostics, changed = [], []
    for path in dict.fromkeys(files):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from None
        formatted, problems = reformat(text, str(path))
        diagnostics += [d.with_source({str(path): text.split("\n")}) for d in problems]
        if formatted is None or formatted == text:
            continue
        changed.append(path)
        if not args.check:
            path.write_text(formatted, encoding="utf-8")
    verb = "would reformat" if args.check else "reformatted"
    for path in changed:
        print(f"{verb} {path}", file=sys.stderr if args.check else sys.stdout)
    if diagnostics:
        raise RulebookError(diagnostics)
    print(f"{len(changed)} of {len(files)} file(s) {verb}" if changed or not args.check else f"{len(files)} file(s) already formatted")
    return 1 if args.check and changed else 0
