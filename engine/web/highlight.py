"""A quoted clause located inside its classical paragraph, as plain text segments.

The template marks the quoted segments; it never receives markup, so the paragraph and the quote
stay escaped text whatever they contain.  Quotes match up to script variants (simplified and
traditional spellings), as `book.quote_in` does.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ..textnorm import fold


class Segment(NamedTuple):
    text: str
    quoted: bool


def _folded_with_positions(text: str) -> tuple[str, list[int]]:
    """The folded text and, for each folded character, the index of its source character.

    The whole text is folded at once when that keeps its length (phrase conversions then agree
    with `quote_in`); otherwise character by character, which always keeps a position map.
    """
    whole = fold(text)
    if len(whole) == len(text):
        return whole, list(range(len(text)))
    chars, positions = [], []
    for index, char in enumerate(text):
        for folded_char in fold(char):
            chars.append(folded_char)
            positions.append(index)
    return "".join(chars), positions


def quote_spans(text: str, quotes: Iterable[str]) -> list[tuple[int, int]]:
    """Every occurrence of every quote, as merged [start, end) spans of the source text."""
    folded, positions = _folded_with_positions(text)
    spans: list[tuple[int, int]] = []
    for quote in quotes:
        needle = fold(quote.strip())
        if not needle:
            continue
        start = folded.find(needle)
        while start >= 0:
            end = start + len(needle)
            spans.append((positions[start], positions[end - 1] + 1))
            start = folded.find(needle, end)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def segments(text: str, quotes: Iterable[str] = ()) -> list[Segment]:
    """The paragraph cut into unquoted and quoted runs, in order, covering the whole text."""
    found: list[Segment] = []
    cursor = 0
    for start, end in quote_spans(text, quotes):
        if start > cursor:
            found.append(Segment(text[cursor:start], False))
        found.append(Segment(text[start:end], True))
        cursor = end
    if cursor < len(text) or not found:
        found.append(Segment(text[cursor:], False))
    return found
