"""`yimao check`: static checks of rulebook files, with file:line:col and a caret."""

from __future__ import annotations

import argparse

from ..errors import RulebookError
from ..render.output import print_json
from ..rulebook import check_files, rulebook_files


def register(subparsers) -> None:
    parser = subparsers.add_parser("check", help="check rulebook files (syntax, names, citations, stratification)",
                                   description="Check rulebook files: syntax, unknown predicates and arguments, unbound "
                                   "variables, negation cycles, duplicate ids, exception targets, citations and quotes. "
                                   "Exit 1 if any error.")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the shipped rulebook)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    files = rulebook_files(args.paths)
    program, diagnostics = check_files(files)
    if args.json:
        print_json({
            "files": len(files),
            "errors": [{"file": d.span.file, "line": d.span.line, "column": d.span.column, "message": d.message} for d in diagnostics],
            "rules": len(program.rules) if program else None,
        })
        return 1 if diagnostics else 0
    if diagnostics:
        raise RulebookError(diagnostics)
    predicates = len(program.declarations)
    print(f"ok: {len(files)} files, {len(program.rules)} rules, {len(program.tables)} tables, {predicates} predicates, "
          f"{len(program.strata.strata)} strata")
    return 0
