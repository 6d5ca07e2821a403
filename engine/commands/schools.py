"""`yimao schools`: the school overlays and every change each makes, with citations."""

from __future__ import annotations

import argparse

from rich.table import Table

from ..diagnostics import Diagnostic
from ..errors import RulebookError
from ..render.output import console, print_json
from ..rulebook import rulebook_files, school_files
from ..schools import BASE_SCHOOL, school_modules


def register(subparsers) -> None:
    parser = subparsers.add_parser("schools", help="the rival schools' overlays and every change they make",
                                   description="List the school overlays (rulebook/schools/*.ym): what each disables, "
                                   "replaces or adds, each with the paragraph where the book reports the view.")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--rulebook", action="append", metavar="PATH", help="rulebook folder (its schools/ subfolder)")
    parser.set_defaults(run=run)


def describe_schools(paths) -> list[dict]:
    from ..frontcache import parse_cached  # (Lark is imported only when rule text is read)

    rulebook_files(paths)  # a missing folder is a usage error
    diagnostics: list[Diagnostic] = []
    modules = []
    for path in school_files(paths):
        content = path.read_bytes()
        module, found = parse_cached(str(path), content, content.decode("utf-8"))
        diagnostics.extend(found)
        if module is not None:
            modules.append(module)
    schools = school_modules(modules, diagnostics)
    if diagnostics:
        raise RulebookError(diagnostics)
    listing = []
    for name, module in schools.items():
        changes = [{"kind": c.kind, "rule": c.rule_id, "cite": c.citation.ref, "quotes": list(c.citation.quotes)}
                   for c in module.changes]
        for rule in module.rules:
            kind = "exception" if rule.exception_to else "add"
            entry = {"kind": kind, "rule": rule.id, "cite": rule.citation.ref, "quotes": list(rule.citation.quotes)}
            if rule.exception_to:
                entry["to"] = rule.exception_to
            changes.append(entry)
        listing.append({"school": name, "extends": module.school.parent, "doc": module.school.doc,
                        "file": module.file, "changes": changes})
    return listing


def run(args: argparse.Namespace) -> int:
    listing = describe_schools(args.rulebook)
    if args.json:
        print_json({"base": BASE_SCHOOL, "schools": listing})
        return 0
    out = console()
    if not listing:
        out.print(f"no school overlays; the base rulebook is {BASE_SCHOOL}")
        return 0
    for school in listing:
        table = Table("change", "rule", "§", "clause", title=f"{school['school']} extends {school['extends']}  {school['doc']}")
        for change in school["changes"]:
            kind = change["kind"] + (f" to {change['to']}" if "to" in change else "")
            table.add_row(kind, change["rule"], change["cite"], "……".join(change["quotes"]))
        out.print(table)
    return 0
