"""Check the paragraph index against the shipped source text.

Every classical line of the text (lines 3, 7, 11, ... after the title) must sit in exactly one
chapter; the numbered chapters must be 1-91; nothing lost, nothing duplicated.  Prints a summary
and exits 1 on any mismatch.  Run: python tools/check_index.py
"""

from __future__ import annotations

import sys
from collections import Counter

from yimao.book import TEXT_FILE, load_book
from yimao.paths import book_dir


def problems() -> list[str]:
    book = load_book()
    lines = (book_dir() / TEXT_FILE).read_text(encoding="utf-8").split("\n")
    found: list[str] = []
    numbered = [c.number for c in book.chapters if c.kind in ("method", "question")]
    if numbered != list(range(1, 92)):
        found.append(f"numbered chapters are {numbered[:3]}..{numbered[-3:]}, expected 1..91")
    # In the source, after the title line, classical lines are those with line % 4 == 3.
    expected = {n for n in range(3, len(lines) + 1) if n % 4 == 3 and lines[n - 1].strip()}
    seen = Counter(p.source_line for p in book.paragraphs())
    for line, count in sorted(seen.items()):
        if count > 1:
            found.append(f"line {line} indexed {count} times")
    for line in sorted(expected - set(seen)):
        found.append(f"line {line} is in no chapter")
    for line in sorted(set(seen) - expected):
        found.append(f"line {line} is indexed but is not a classical line")
    for p in book.paragraphs():
        if p.classical != lines[p.source_line - 1].strip():
            found.append(f"§{p.ref}: text differs from line {p.source_line}")
    return found


def main() -> int:
    book = load_book()
    found = problems()
    total = sum(len(c.paragraphs) for c in book.chapters)
    print(f"{len(book.chapters)} index chapters (0 front matter, 1-91, 92 appendix), {total} classical paragraphs")
    for problem in found:
        print("problem:", problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
