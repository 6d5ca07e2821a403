"""`yimao check`: static checks of rulebook files, with file:line:col and a caret."""

from __future__ import annotations

import argparse
import sys

from ..errors import RulebookError
from ..render.output import print_json
from ..errors import UsageError
from ..rulebook import check_files, read_rule_file, rulebook_files, school_files
from ..unused import unused


def register(subparsers) -> None:
    parser = subparsers.add_parser("check", help="check rulebook files (syntax, names, citations, stratification)",
                                   description="Check rulebook files: syntax, unknown predicates and arguments, unbound "
                                   "variables, negation cycles, duplicate ids, exception targets, citations and quotes. "
                                   "Exit 1 if any error.")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the shipped rulebook)")
    parser.add_argument("--unused", action=argparse.BooleanOptionalAction, default=True,
                        help="warn of derived predicates that no rule, verdict or output reads and whose declaration "
                        "does not say why they are only shown (default: on; warnings never fail the check)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def check_with_schools(paths) -> tuple:
    """Check the rulebook, then the rulebook under each school overlay; diagnostics merged.  Each
    file is parsed once (its IR from the per-file cache after that); every check is whole."""
    from ..frontcache import parse_cached  # (Lark is imported only when rule text is read)

    files = rulebook_files(paths)
    program, diagnostics = check_files(files, keys={})
    overlays = school_files(paths)
    names = []
    for path in overlays:
        content = read_rule_file(path)
        module, _ = parse_cached(str(path), content, content.decode("utf-8"))
        if module is not None and module.school is not None:
            names.append(module.school.name)
    seen = {(d.span, d.message) for d in diagnostics}
    for name in names or ([None] if overlays else []):
        try:
            _, found = check_files(files, name, overlays, {})
        except UsageError:
            continue
        for d in found:
            if (d.span, d.message) not in seen:
                seen.add((d.span, d.message))
                diagnostics.append(d)
    diagnostics.sort(key=lambda d: (d.span.file, d.span.line, d.span.column))
    return files, program, diagnostics, names


def _located(diagnostics) -> list[dict]:
    return [{"file": d.span.file, "line": d.span.line, "column": d.span.column, "message": d.message} for d in diagnostics]


def run(args: argparse.Namespace) -> int:
    files, program, diagnostics, schools = check_with_schools(args.paths)
    warnings = unused(program) if program is not None and args.unused else []
    if args.json:
        print_json({
            "files": len(files),
            "errors": _located(diagnostics),
            "warnings": _located(warnings),
            "rules": len(program.rules) if program else None,
        })
        return 1 if diagnostics else 0
    if diagnostics:
        raise RulebookError(diagnostics)
    for warning in warnings:  # one line each: a list to work through, not a failure
        print(f"{warning.span}: warning: {warning.message}", file=sys.stderr)
    if warnings:
        print(f"{len(warnings)} warning(s): derived predicates nothing reads", file=sys.stderr)
    predicates = len(program.declarations)
    print(f"ok: {len(files)} files, {len(program.rules)} rules, {len(program.tables)} tables, {predicates} predicates, "
          f"{len(program.strata.strata)} strata; {len(schools)} school overlay(s)")
    return 0
