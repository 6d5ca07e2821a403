"""Derived predicates nothing reads: no rule body, no exception, no chart or judgement output.

Each is a ruling the book states but no verdict weighs.  `yimao check` warns of them unless the
declaration records why the predicate is only shown (`predicate P(…) "gloss" shown "why"`)."""

from __future__ import annotations

from .check import Program
from .diagnostics import Diagnostic

# Read by the Python outputs: the chart's cells (engine/chart.py) and the judgement (engine/judge.py).
OUTPUT_PREDICATES = frozenset({
    "本卦", "之卦", "宫", "卦名", "宫五行", "世代", "世", "应", "动", "伏神", "纳甲", "纳支", "爻五行", "六亲",
    "六神", "变纳甲", "变纳支", "变五行", "变六亲", "旬空", "用神", "爻象",
})


def read_predicates(program: Program) -> set[str]:
    found = set(OUTPUT_PREDICATES)
    found |= {reading.predicate for reading in program.method.readings}  # answers in their own kind
    found |= {timing.predicate for timing in program.method.timings}  # the 刻期 an answer is timed by
    for rule in program.rules:
        found |= rule.read_predicates()
    return found


def unused(program: Program) -> list[Diagnostic]:
    """A warning per derived predicate (a rule's conclusion or a table) that nothing reads and
    whose declaration gives no reason for only showing it; in source order."""
    # An exception's conclusion does its work by defeating another rule: it is read by that.
    derived = {atom.predicate for rule in program.rules if not rule.exception_to for atom in rule.atoms}
    derived |= {table.predicate for table in program.tables}
    read = read_predicates(program)
    warnings = []
    for name in sorted(derived - read):
        declaration = program.declarations[name]
        if declaration.kind == "input" or declaration.shown:
            continue
        warnings.append(Diagnostic(declaration.span, f"predicate {name} is derived but no rule, verdict or output "
                                   "reads it: make it count where the book says, or record why it is only shown "
                                   "(shown \"…\" on its declaration)", severity="warning"))
    # A reason for only showing a predicate goes stale when a later chapter reads it.
    for name in sorted(read & set(program.declarations)):
        declaration = program.declarations[name]
        if declaration.shown:
            warnings.append(Diagnostic(declaration.span, f"predicate {name} is declared shown (nothing reads it) but "
                                       "a rule or an answer now reads it: drop its shown \"…\"", severity="warning"))
    return sorted(warnings, key=lambda d: (d.span.file, d.span.line, d.span.column))
