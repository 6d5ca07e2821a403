"""The citations' quotes already found in their paragraphs, remembered across processes.

Checking a quote folds its paragraph (OpenCC over the classical text) and the quote: for the
rulebook's 6,700 citations that was a fifth of a second of every check, although an edit leaves
almost every quote as it was.  A quote found once stays found while the book's text, the folding
code and OpenCC are the same, so those key the memo; a quote not found is never remembered (it is
a diagnostic, checked again every time).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from functools import cache
from pathlib import Path

from .book import MAP_FILE, TEXT_FILE, Paragraph, quote_in
from .cachestore import cache_dir, code_digest, dumps, read_value, write_file
from .frontcache import FOLDER
from .paths import book_dir

SUFFIX = ".quotes"
_SOURCES = ("book.py", "textnorm.py", "quotememo.py")


@cache
def _version() -> str:
    """The book's text and chapter map, the folding code, and OpenCC's installed module (found
    without importing it: a check whose quotes are all remembered never loads OpenCC)."""
    digest = hashlib.sha256(code_digest(b"quotes 1", _SOURCES, (book_dir() / TEXT_FILE, book_dir() / MAP_FILE)))
    spec = importlib.util.find_spec("opencc")
    origin = spec.origin if spec is not None else None
    if origin:
        stat = os.stat(origin)
        digest.update(f"{origin} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def memo_path() -> Path:
    return cache_dir() / FOLDER / f"{_version()}{SUFFIX}"


class QuoteMemo:
    """(chapter, paragraph, quote) found so far: those read from the cache, and those this
    process found, written back by `save`."""

    def __init__(self, known: frozenset = frozenset()) -> None:
        self.known = known
        self.learned: set[tuple[int, int, str]] = set()

    @classmethod
    def load(cls) -> "QuoteMemo":
        return cls(read_value(memo_path(), frozenset) or frozenset())

    def found(self, paragraph: Paragraph, quote: str) -> bool:
        """`quote_in`, remembered."""
        key = (paragraph.chapter, paragraph.ordinal, quote)
        if key in self.known or key in self.learned:
            return True
        if quote_in(paragraph, quote):
            self.learned.add(key)
            return True
        return False

    def save(self) -> None:
        if self.learned:
            write_file(memo_path(), dumps(self.known | self.learned))
