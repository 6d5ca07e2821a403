"""The book as data: the paragraph index that every citation `章.段` resolves against.

The shipped text alternates a classical paragraph (with its parenthesised commentary) and its
modern-Chinese translation, each on its own line with a blank line between.  The chapter map gives
each chapter's first and last line.  Chapter 0 is the front matter (author line and the four
prefaces); chapter 92 is the appendix (the 四库提要 review), which is not part of the 91 chapters.
"""

from __future__ import annotations

import csv
import re
from functools import cache, cached_property
from typing import Iterator

import attrs

from .paths import book_dir
from .textnorm import fold

TEXT_FILE = "yimao-zh.txt"
MAP_FILE = "chapter-map.tsv"
FRONT_MATTER = 0
APPENDIX = 92


@attrs.frozen
class Paragraph:
    chapter: int
    ordinal: int
    classical: str
    translation: str
    source_line: int  # 1-based line of the classical text in the shipped file

    @property
    def ref(self) -> str:
        return f"{self.chapter}.{self.ordinal}"


@attrs.frozen
class Chapter:
    number: int
    title: str  # as the chapter map gives it, e.g. 月破章第二十五
    name: str  # short name used in file names and listings, e.g. 月破
    name_inferred: bool
    kind: str  # method | question | front | appendix
    first_line: int
    last_line: int
    paragraphs: tuple[Paragraph, ...]


class CitationError(ValueError):
    """A reference or quote that does not resolve against the book."""


_REF = re.compile(r"^\s*§?\s*(\d+)(?:\.(\d+))?\s*$")


def short_name(title: str) -> str:
    """月破章第二十五 -> 月破; 用神(总论) -> 用神."""
    title = re.sub(r"[（(].*?[)）]", "", title)
    return re.sub(r"章第.*$", "", title).strip()


@attrs.frozen
class Book:
    chapters: tuple[Chapter, ...]

    @cached_property
    def numbered(self) -> dict[int, Chapter]:
        """number -> chapter (a rulebook's check resolves some 5,000 citations)."""
        return {chapter.number: chapter for chapter in self.chapters}

    def chapter(self, number: int) -> Chapter:
        found = self.numbered.get(number)
        if found is not None:
            return found
        raise CitationError(f"no chapter {number} (chapters are 0-{APPENDIX}: 0 front matter, 1-91, {APPENDIX} appendix)")

    def paragraph(self, chapter: int, ordinal: int) -> Paragraph:
        paragraphs = self.chapter(chapter).paragraphs
        if not 1 <= ordinal <= len(paragraphs):
            raise CitationError(f"chapter {chapter} has paragraphs 1-{len(paragraphs)}, not {ordinal}")
        return paragraphs[ordinal - 1]

    def resolve(self, ref: str) -> Chapter | Paragraph:
        """`25` -> the chapter, `25.3` or `§25.3` -> the paragraph."""
        match = _REF.match(ref)
        if not match or len(ref) > 24:  # no chapter or paragraph has more than a few digits
            shown = ref if len(ref) <= 24 else ref[:20] + "..."
            raise CitationError(f"bad reference {shown!r}: expected CHAPTER or CHAPTER.PARAGRAPH, e.g. 25.3")
        chapter = int(match.group(1))
        if match.group(2) is None:
            return self.chapter(chapter)
        return self.paragraph(chapter, int(match.group(2)))

    def paragraphs(self) -> Iterator[Paragraph]:
        for chapter in self.chapters:
            yield from chapter.paragraphs

    def find(self, clause: str) -> list[Paragraph]:
        """Paragraphs whose classical text holds the clause, simplified or traditional alike."""
        needle = fold(clause.strip())
        if not needle:
            return []
        return [p for p in self.paragraphs() if needle in folded(p.classical)]


def quote_in(paragraph: Paragraph, quote: str) -> bool:
    """A quote counts when it is an exact substring of the classical text, up to script variants."""
    return bool(quote) and fold(quote) in folded(paragraph.classical)


@cache
def folded(text: str) -> str:
    return fold(text)


def _read_lines() -> list[str]:
    return (book_dir() / TEXT_FILE).read_text(encoding="utf-8").split("\n")


def _pairs(lines: list[str], first: int, last: int) -> Iterator[tuple[int, str, str]]:
    """(line, classical, translation) for the classical paragraphs between two 1-based lines."""
    line = first
    while line <= last:
        classical = lines[line - 1].strip()
        translation = lines[line + 1].strip() if line + 1 < len(lines) else ""
        if not classical:
            raise ValueError(f"{TEXT_FILE}:{line}: expected a classical paragraph, found a blank line")
        yield line, classical, translation
        line += 4


def _chapter(number, title, name, inferred, kind, first, last, lines) -> Chapter:
    paragraphs = tuple(
        Paragraph(number, i, classical, translation, line)
        for i, (line, classical, translation) in enumerate(_pairs(lines, first, last), start=1)
    )
    return Chapter(number, title, name, inferred, kind, first, last, paragraphs)


@cache
def load_book() -> Book:
    lines = _read_lines()
    with open(book_dir() / MAP_FILE, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    chapters = []
    # Front matter: line 1 is the title; line 3 the author line, glossed by the editor's note on
    # line 5; the prefaces follow in strict alternation up to the first chapter.
    first_chapter_line = int(rows[0]["first_line"])
    front = [Paragraph(FRONT_MATTER, 1, lines[2].strip(), lines[4].strip(), 3)]
    front += [
        Paragraph(FRONT_MATTER, i, c, t, line)
        for i, (line, c, t) in enumerate(_pairs(lines, 7, first_chapter_line - 4), start=2)
    ]
    chapters.append(Chapter(FRONT_MATTER, "序", "序", False, "front", 1, first_chapter_line - 2, tuple(front)))
    for row in rows:
        title = row["name"]
        chapters.append(
            _chapter(
                int(row["no"]), title, short_name(title), row["name_inferred"] == "yes", row["kind"],
                int(row["first_line"]), int(row["last_line"]) - 2, lines,
            )
        )
    after = int(rows[-1]["last_line"]) + 2
    chapters.append(_chapter(APPENDIX, "四库全书总目提要", "提要", False, "appendix", after, len(lines), lines))
    return Book(tuple(chapters))
