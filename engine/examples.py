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
from .answers import NO_RULING, UNDECIDED
from .evaluate import Engine
from .inputs import cast_from_args, moment_from_args
from .judge import Judgement, parse_question
from .matching import solutions
from .paths import cases_dir
from .query import parse_fact, resolve_conjunction

INPUT_KEYS = ("lines", "coins", "hexagram", "year", "month", "day", "hour", "date", "lunar")
QUESTION_KEYS = ("question", "about", "birth_year", "asker", "side", "given")  # given: "谋向=来 交=有"
STATUSES = ("agree", "disagree", "undecided", "undecidable", "known-disagreement")


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
    question: dict[str, str] = attrs.field(eq=False, factory=dict)  # question, about, birth_year, asker
    verdict: str = ""  # the book's verdict polarity (愈 / 不愈, 吉 / 凶, 成 / 不成 …)
    timing: str = ""  # the book's 应期, when it states one


@attrs.frozen
class Outcome:
    case: Case
    status: str
    detail: str

    engine_verdict: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case.id, "chapter": self.case.chapter, "source_line": self.case.source_line,
                "status": self.status, "detail": self.detail, "book": self.case.book,
                "book_verdict": self.case.verdict or None, "engine_verdict": self.engine_verdict or None}


def load_cases(folder: Path | None = None) -> list[Case]:
    folder = folder or cases_dir()
    if not folder.is_dir():
        raise UsageError(f"no such folder of cases: {folder}")
    paths = sorted(folder.glob("*.toml"))
    if not paths:
        raise UsageError(f"no case files (*.toml) in {folder}")
    cases = []
    for path in paths:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise UsageError(f"cannot read case file {path.name}: {getattr(error, 'strerror', None) or error}") from None
        for entry in data.get("case", []):
            try:
                cases.append(Case(
                    id=str(entry["id"]), chapter=int(entry["chapter"]), source_line=int(entry["source_line"]),
                    inputs={k: str(entry[k]) for k in INPUT_KEYS if k in entry},
                    facts=tuple(entry.get("facts", ())), present=tuple(entry.get("present", ())), absent=tuple(entry.get("absent", ())),
                    book=str(entry.get("book", "")), known_disagreement=str(entry.get("known_disagreement", "")),
                    file=path.name,
                    question={k: str(entry[k]) for k in QUESTION_KEYS if k in entry},
                    verdict=str(entry.get("verdict", "")), timing=str(entry.get("timing", "")),
                ))
            except (KeyError, ValueError, TypeError) as error:
                raise UsageError(f"{path.name}: case {entry.get('id', '?')} is missing or has a bad field: {error}") from None
    return cases


def run_case(engine: Engine, case: Case) -> Outcome:
    if not case.present and not case.absent and not case.verdict:
        return Outcome(case, "undecidable", "the case states no checkable fact or verdict yet")
    flags = {k: case.inputs.get(k) for k in INPUT_KEYS}
    flags.update(random=False, seed=None, tz=None, zi_boundary=None, leap=False, time=None)
    args = argparse.Namespace(**flags)
    try:
        cast = cast_from_args(args, resolver(engine).resolve)
        moment = moment_from_args(args)
        if cast is None:
            return Outcome(case, "undecidable", "the case gives no hexagram")
        extra = [parse_fact(text, engine.program) for text in case.facts]
        question = None
        if case.question.get("question"):
            question = parse_question(engine.program, case.question["question"], about=case.question.get("about"),
                                      birth_year=case.question.get("birth_year"), asker=case.question.get("asker"),
                                      side=case.question.get("side"), given=case.question.get("given", "").split())
            extra += question.facts()
        chart = evaluate_chart(engine, cast, moment, "shipped", extra)
        checks = [(text, True, resolve_conjunction(text, engine.program)) for text in case.present]
        checks += [(text, False, resolve_conjunction(text, engine.program)) for text in case.absent]
    except UsageError as error:
        return Outcome(case, "undecidable", str(error))
    wrong = []
    for text, wanted, atoms in checks:
        found = next(solutions(chart.result, atoms), None) is not None
        if found != wanted:
            wrong.append(("expected " if wanted else "expected no ") + text)
    engine_verdict = ""
    if case.verdict:
        judgement = Judgement(question, chart) if question else None
        answer = _answer_for(judgement, case.verdict) if judgement else None
        if answer is None or answer["answer"] == NO_RULING:
            if not wrong:
                return Outcome(case, "undecidable", "no encoded ruling gives an answer for this chart yet", "")
            wrong.append("no answer")
        else:
            engine_verdict = answer["answer"] + (f" ({answer['timing']['primary']['when']})" if answer["timing"] else "")
            if answer["answer"] == UNDECIDED:
                pairs = "; ".join(" vs ".join(p["rules"]) for p in answer["unresolved"])
                if not wrong:
                    detail = f"the book says {case.verdict}; 未决 between {pairs}"
                    if case.known_disagreement:
                        return Outcome(case, "known-disagreement", f"{case.known_disagreement} ({detail})", engine_verdict)
                    return Outcome(case, "undecided", detail, engine_verdict)
                wrong.append(f"the book says {case.verdict}, the engine 未决 ({pairs})")
            elif not _same_side(judgement, answer, case.verdict):
                wrong.append(f"the book says {case.verdict}, the engine answers {engine_verdict}")
            elif case.timing and answer.get("asks") == "应期" and case.timing not in _answered_when(answer):
                # a question that asks when is answered by its 应期: the book's must be the answer, not an alternative
                wrong.append(f"the book's answer is {case.timing}, the engine's {_answered_when(answer) or 'none'}")
            elif case.timing and not any(case.timing in t["when"] for t in _timings(answer)):
                wrong.append(f"the book's timing is {case.timing}, the engine's {', '.join(t['when'] for t in _timings(answer)) or 'none'}")
    if not wrong:
        if case.known_disagreement:
            return Outcome(case, "agree", "agrees now; remove the known_disagreement marker", engine_verdict)
        return Outcome(case, "agree", f"{len(checks)} stated fact(s) hold" + (", verdict agrees" if case.verdict else ""), engine_verdict)
    if case.known_disagreement:
        return Outcome(case, "known-disagreement", f"{case.known_disagreement} ({'; '.join(wrong)})", engine_verdict)
    return Outcome(case, "disagree", "; ".join(wrong), engine_verdict)


def _answer_for(judgement: Judgement, word: str) -> dict[str, Any] | None:
    """The answer on whose axis the book's word lies (the asked question's first: 吉 / 凶 go there)."""
    weighed = judgement.weighed()
    answers = judgement.answers()[:len(weighed)]  # the axes' answers come first, in the same order
    for answer, axis in zip(answers, (a.axis for a in weighed)):
        if axis.side_of(word):
            return answer
    return answers[0] if answers else None


def _same_side(judgement: Judgement, answer: dict[str, Any], word: str) -> bool:
    axis = next(a.axis for a in judgement.weighed() if a.sub_question == answer["sub_question"])
    method = judgement.chart.result.program.method
    return method.side(word, axis) == method.side(answer["answer"], axis)


def _answered_when(answer: dict[str, Any]) -> str:
    """The 应期 a question that asks when answers with (its primary), or ''."""
    return answer["timing"]["primary"]["when"] if answer["timing"] else ""


def _timings(answer: dict[str, Any]) -> list[dict[str, Any]]:
    timing = answer["timing"]
    return [timing["primary"], *timing["alternatives"]] if timing else []


def run_cases(engine: Engine, cases: list[Case]) -> dict[str, Any]:
    outcomes = [run_case(engine, case) for case in cases]
    summary = {status: sum(o.status == status for o in outcomes) for status in STATUSES}
    return {"cases": [o.to_dict() for o in outcomes], "summary": summary}
