"""How much of the book the rulebook accounts for: per chapter, paragraphs cited by a rule or
table, marked narrative with a reason, or still untouched."""

from __future__ import annotations

from typing import Any

from .book import APPENDIX, FRONT_MATTER, Book
from .check import Program


def coverage(program: Program, book: Book, chapters: list[int] | None = None) -> dict[str, Any]:
    cited: set[tuple[int, int]] = set()
    for rule in program.rules:
        cited.update((c.chapter, c.paragraph) for c in rule.citations)
    for table in program.tables:
        if table.citation:
            cited.add((table.citation.chapter, table.citation.paragraph))
    narrative: dict[tuple[int, int], str] = {}
    for module in program.modules:
        for section in module.sections:
            if section.narrative is not None:
                narrative[(section.citation.chapter, section.citation.paragraph)] = section.narrative
    rows = []
    wanted = chapters if chapters is not None else [c.number for c in book.chapters if c.number not in (FRONT_MATTER, APPENDIX)]
    for number in wanted:
        chapter = book.chapter(number)
        refs = [(number, p.ordinal) for p in chapter.paragraphs]
        n_cited = sum(r in cited for r in refs)
        n_narrative = sum(r in narrative and r not in cited for r in refs)
        untouched = [r[1] for r in refs if r not in cited and r not in narrative]
        rows.append({
            "chapter": number,
            "name": chapter.name,
            "paragraphs": len(refs),
            "cited": n_cited,
            "narrative": n_narrative,
            "untouched": untouched,
            "accounted_percent": round(100 * (len(refs) - len(untouched)) / len(refs), 1) if refs else 100.0,
        })
    total_paragraphs = sum(r["paragraphs"] for r in rows)
    total_untouched = sum(len(r["untouched"]) for r in rows)
    total = {
        "chapters": len(rows),
        "paragraphs": total_paragraphs,
        "cited": sum(r["cited"] for r in rows),
        "narrative": sum(r["narrative"] for r in rows),
        "untouched": total_untouched,
        "accounted_percent": round(100 * (total_paragraphs - total_untouched) / total_paragraphs, 1) if total_paragraphs else 100.0,
        "chapters_complete": sum(not r["untouched"] for r in rows),
    }
    return {"chapters": rows, "total": total}
