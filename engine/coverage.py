"""How much of the book the rulebook accounts for: per chapter, paragraphs cited by a rule, a
table or a statement of the weighing (an answer, a precedence, a 刻期 choice), cited but marked
partial (rulings named as not yet encoded), marked narrative with a reason, or still untouched.  A
chapter is complete only with no partial and no untouched one."""

from __future__ import annotations

from typing import Any

import attrs

from .book import APPENDIX, FRONT_MATTER, Book
from .check import Program

Key = tuple[int, int]


@attrs.frozen
class Accounting:
    """Per paragraph (chapter, ordinal): which are cited, which say what is still missing, which
    are narrative; the one place that decides a paragraph's status."""

    cited: frozenset[Key]
    partial: dict[Key, str]
    narrative: dict[Key, str]

    def status(self, key: Key) -> str:
        if key in self.partial:
            return "partial"
        if key in self.cited:
            return "cited"
        return "narrative" if key in self.narrative else "untouched"


def accounting(program: Program) -> Accounting:
    cited: set[Key] = set()
    for rule in program.rules:
        cited.update((c.chapter, c.paragraph) for c in rule.citations)
    for table in program.tables:
        if table.citation:
            cited.add((table.citation.chapter, table.citation.paragraph))
    method = program.method  # the weighing the book states is content too (42.21's 先索不善)
    for statement in (*method.axes, *method.precedences, *method.timings, *method.readings, *method.timed):
        if statement.citation:
            cited.add((statement.citation.chapter, statement.citation.paragraph))
    narrative: dict[Key, str] = {}
    partial: dict[Key, str] = {}
    for module in program.modules:
        for section in module.sections:
            key = (section.citation.chapter, section.citation.paragraph)
            if section.narrative is not None:
                narrative[key] = section.narrative
            if section.partial is not None:
                partial[key] = f"{partial[key]}; {section.partial}" if key in partial else section.partial
    return Accounting(frozenset(cited), partial, narrative)


def coverage(program: Program, book: Book, chapters: list[int] | None = None) -> dict[str, Any]:
    accounts = accounting(program)
    rows = []
    wanted = chapters if chapters is not None else [c.number for c in book.chapters if c.number not in (FRONT_MATTER, APPENDIX)]
    for number in wanted:
        chapter = book.chapter(number)
        statuses = {p.ordinal: accounts.status((number, p.ordinal)) for p in chapter.paragraphs}
        untouched = [o for o, s in statuses.items() if s == "untouched"]
        partial = {f"{number}.{o}": accounts.partial[(number, o)] for o, s in statuses.items() if s == "partial"}
        n = len(statuses)
        rows.append({
            "chapter": number,
            "name": chapter.name,
            "paragraphs": n,
            "cited": sum(s == "cited" for s in statuses.values()),
            "partial": partial,
            "narrative": sum(s == "narrative" for s in statuses.values()),
            "untouched": untouched,
            "accounted_percent": round(100 * (n - len(untouched) - len(partial)) / n, 1) if n else 100.0,
            "complete": not untouched and not partial,
        })
    total_paragraphs = sum(r["paragraphs"] for r in rows)
    total_open = sum(len(r["untouched"]) + len(r["partial"]) for r in rows)
    total = {
        "chapters": len(rows),
        "paragraphs": total_paragraphs,
        "cited": sum(r["cited"] for r in rows),
        "partial": sum(len(r["partial"]) for r in rows),
        "narrative": sum(r["narrative"] for r in rows),
        "untouched": sum(len(r["untouched"]) for r in rows),
        "accounted_percent": round(100 * (total_paragraphs - total_open) / total_paragraphs, 1) if total_paragraphs else 100.0,
        "chapters_complete": sum(r["complete"] for r in rows),
    }
    return {"chapters": rows, "total": total}
