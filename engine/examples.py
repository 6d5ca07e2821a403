"""The book's worked examples as regression cases.

A case file (TOML, `tests/cases/NN-章名.toml`) holds the inputs as the book gives them, the facts
the book states (`present`, each a pattern or a conjunction sharing variables) and the ones it
denies (`absent`), extra input facts the book gives (`facts`, e.g. the 用神 it names), the book's
conclusion quoted, and optionally `known_disagreement`: the reason
the engine is known to differ.  A case whose facts need predicates the rulebook does not have yet
is undecidable, never silently passed.
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path
from typing import Any

import attrs

from .api import evaluate_chart, resolver
from .errors import UsageError
from .evaluate import Engine
from .inputs import cast_from_args, moment_from_args
from .matching import solutions
from .paths import cases_dir
from .query import parse_fact, resolve_conjunction

INPUT_KEYS = ("lines", "coins", "hexagram", "year", "month", "day", "hour", "date", "lunar")
STATUSES = ("agree", "disagree", "undecidable", "known-disagreement")


@attrs.frozen
class Case:
    id: str
    chapter: int
    source_line: int
    inputs: dict[str, str] = attrs.field(eq=False)
    facts: tuple[str, ...]  # extra input facts, e.g. the 用神 the book names
    present: tuple[str, ...]
    absent: tuple[str, ...]
    book: str
    known_disagreement: str
    file: str


@attrs.frozen
class Outcome:
    case: Case
    status: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case.id, "chapter": self.case.chapter, "source_line": self.case.source_line,
                "status": self.status, "detail": self.detail, "book": self.case.book}


def load_cases(folder: Path | None = None) -> list[Case]:
    folder = folder or cases_dir()
    cases = []
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise UsageError(f"cannot read case file {path.name}: {error}") from None
        for entry in data.get("case", []):
            try:
                cases.append(Case(
                    id=str(entry["id"]), chapter=int(entry["chapter"]), source_line=int(entry["source_line"]),
                    inputs={k: str(entry[k]) for k in INPUT_KEYS if k in entry},
                    facts=tuple(entry.get("facts", ())), present=tuple(entry.get("present", ())), absent=tuple(entry.get("absent", ())),
                    book=str(entry.get("book", "")), known_disagreement=str(entry.get("known_disagreement", "")),
                    file=path.name,
                ))
            except (KeyError, ValueError, TypeError) as error:
                raise UsageError(f"{path.name}: case {entry.get('id', '?')} is missing or has a bad field: {error}") from None
    return cases


def run_case(engine: Engine, case: Case) -> Outcome:
    if not case.present and not case.absent:
        return Outcome(case, "undecidable", "the case states no checkable fact yet")
    flags = {k: case.inputs.get(k) for k in INPUT_KEYS}
    flags.update(random=False, seed=None, tz=None, zi_boundary=None, leap=False, time=None)
    args = argparse.Namespace(**flags)
    try:
        cast = cast_from_args(args, resolver(engine).resolve)
        moment = moment_from_args(args)
        if cast is None:
            return Outcome(case, "undecidable", "the case gives no hexagram")
        extra = [parse_fact(text, engine.program) for text in case.facts]
        chart = evaluate_chart(engine, cast, moment, "shipped", extra)
        checks = [(text, True, resolve_conjunction(text, engine.program)) for text in case.present]
        checks += [(text, False, resolve_conjunction(text, engine.program)) for text in case.absent]
    except UsageError as error:
        missing = str(error)
        return Outcome(case, "undecidable", missing)
    wrong = []
    for text, wanted, atoms in checks:
        found = next(solutions(chart.result, atoms), None) is not None
        if found != wanted:
            wrong.append(("expected " if wanted else "expected no ") + text)
    if not wrong:
        if case.known_disagreement:
            return Outcome(case, "agree", "agrees now; remove the known_disagreement marker")
        return Outcome(case, "agree", f"{len(checks)} stated fact(s) hold")
    if case.known_disagreement:
        return Outcome(case, "known-disagreement", f"{case.known_disagreement} ({'; '.join(wrong)})")
    return Outcome(case, "disagree", "; ".join(wrong))


def run_cases(engine: Engine, cases: list[Case]) -> dict[str, Any]:
    outcomes = [run_case(engine, case) for case in cases]
    summary = {status: sum(o.status == status for o in outcomes) for status in STATUSES}
    return {"cases": [o.to_dict() for o in outcomes], "summary": summary}
