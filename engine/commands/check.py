"""`yimao check`: static checks of rulebook files, with file:line:col and a caret."""

from __future__ import annotations

import argparse
import sys

from ..diagnostics import triage
from ..errors import RulebookError, UsageError
from ..render.output import print_json
from ..rulebook import check_files, read_rule_file, school_files
from ..unused import unused
from .check_scope import scope_of
from .common import add_rulebook_argument


def register(subparsers) -> None:
    parser = subparsers.add_parser("check", help="check rulebook files (syntax, names, citations, stratification)",
                                   description="Check rulebook files: syntax, unknown predicates and arguments, unbound "
                                   "variables, negation cycles, duplicate ids, exception targets, citations and quotes. "
                                   "Exit 1 if any error.")
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="files or folders (default: the shipped rulebook); a file is checked with the rest of its "
                        "rulebook (its folder, or --rulebook) and only its own errors are reported")
    parser.add_argument("--unused", action=argparse.BooleanOptionalAction, default=True,
                        help="warn of derived predicates that no rule, verdict or output reads and whose declaration "
                        "does not say why they are only shown (default: on; warnings never fail the check)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rulebook_argument(parser, school=False)
    parser.set_defaults(run=run)


def check_with_schools(files, folders) -> tuple:
    """Check the rulebook, then the rulebook under each school overlay; diagnostics merged.  Each
    file is parsed once (its IR from the per-file cache after that); every check is whole."""
    from ..frontcache import parse_cached  # (Lark is imported only when rule text is read)

    program, diagnostics = check_files(files, keys={})
    overlays = school_files(folders or None)
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


def _located(diagnostics, syntax: bool = False) -> list[dict]:
    return [{"file": d.span.file, "line": d.span.line, "column": d.span.column, "message": d.message,
             **({"syntax": d.syntax} if syntax else {})} for d in diagnostics]


def run(args: argparse.Namespace) -> int:
    scope = scope_of(args.paths, args.rulebook)
    files, program, diagnostics, schools = check_with_schools(list(scope.files), list(scope.folders))
    found = triage(diagnostics)
    elsewhere = sorted({str(d.span) for d in found.shown if d.syntax and not scope.reports(d)})
    own = triage(d for d in diagnostics if scope.reports(d))
    held_back = own.held_back or (len([d for d in diagnostics if scope.reports(d)]) if elsewhere else 0)
    shown = [] if elsewhere and not own.held_back else list(own.shown)
    warnings = [w for w in unused(program) if scope.reports(w)] if program is not None and args.unused else []
    if args.json:
        print_json({
            "files": len(files),
            "errors": _located(shown, syntax=True),
            "warnings": _located(warnings),
            "held_back": held_back,
            "unparsed_elsewhere": elsewhere,
            "rules": len(program.rules) if program else None,
        })
        return 1 if shown or held_back or elsewhere else 0
    if shown:
        raise RulebookError([d for d in diagnostics if scope.reports(d)])
    if elsewhere:
        print(f"yimao: the rest of the rulebook does not parse ({', '.join(elsewhere)}); fix it first "
              f"({held_back} error(s) of the named files held back)", file=sys.stderr)
        return 1
    if diagnostics:  # errors only in the rest of the rulebook: the named files are clean
        print(f"ok: {len(scope.named or ())} file(s) checked with their rulebook (whose other files have "
              f"{len(diagnostics)} error(s): `yimao check` without a file lists them)")
        return 0
    for warning in warnings:  # one line each: a list to work through, not a failure
        print(f"{warning.span}: warning: {warning.message}", file=sys.stderr)
    if warnings:
        print(f"{len(warnings)} warning(s): derived predicates nothing reads", file=sys.stderr)
    predicates = len(program.declarations)
    what = f"{len(scope.named)} file(s) checked with their rulebook: " if scope.named is not None else ""
    print(f"ok: {what}{len(files)} files, {len(program.rules)} rules, {len(program.tables)} tables, {predicates} predicates, "
          f"{len(program.strata.strata)} strata; {len(schools)} school overlay(s)")
    return 0
