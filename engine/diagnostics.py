"""Rulebook diagnostics: `file:line:col: error: message`, the source line, and a caret."""

from __future__ import annotations

from typing import Iterable, Sequence

import attrs

from .ir import Span


@attrs.frozen
class Diagnostic:
    span: Span
    message: str
    source_line: str = ""
    severity: str = "error"  # or "warning": reported, never a failure
    syntax: bool = False  # the file could not be read at all, so later checks may be its echoes

    def with_source(self, lines_by_file: dict[str, list[str]]) -> "Diagnostic":
        lines = lines_by_file.get(self.span.file, [])
        text = lines[self.span.line - 1] if 0 < self.span.line <= len(lines) else ""
        return attrs.evolve(self, source_line=text)

    def render(self) -> str:
        head = f"{self.span}: {self.severity}: {self.message}"
        if not self.source_line:
            return head
        # The caret sits under column `col`; CJK characters are two cells wide in a terminal.
        prefix = self.source_line[: max(self.span.column - 1, 0)]
        width = sum(2 if _wide(ch) else 1 for ch in prefix)
        return f"{head}\n    {self.source_line}\n    {' ' * width}^"


# A terminal screen: at most this many lines of diagnostics before a count of the rest.
SCREENFUL = 22


@attrs.frozen
class Triage:
    """The diagnostics worth reading first: syntax errors alone when there are any (the checks of
    names that follow may only echo a file that failed to parse), else all of them."""

    shown: tuple[Diagnostic, ...]
    held_back: int  # checks withheld until the syntax errors are fixed

    def summary(self) -> str:
        count = f"{len(self.shown)} syntax error(s)" if self.held_back else f"{len(self.shown)} error(s)"
        if self.held_back:
            count += f"; {self.held_back} further error(s) held back until they are fixed"
        return count


def triage(diagnostics: Iterable[Diagnostic]) -> Triage:
    diagnostics = list(diagnostics)
    syntax = [d for d in diagnostics if d.syntax]
    if syntax:
        return Triage(tuple(syntax), len(diagnostics) - len(syntax))
    return Triage(tuple(diagnostics), 0)


def screenful(diagnostics: Sequence[Diagnostic], lines: int = SCREENFUL) -> list[str]:
    """The rendered diagnostics that fit in `lines` terminal lines (always at least one), then a
    line with the count of those left out and the totals."""
    found = triage(diagnostics)
    out: list[str] = []
    shown = 0
    for diagnostic in found.shown:
        rendered = diagnostic.render().split("\n")
        if shown and len(out) + len(rendered) > lines:
            break
        out.extend(rendered)
        shown += 1
    rest = len(found.shown) - shown
    tail = found.summary()
    if rest:
        tail = f"… {rest} more not shown (`yimao check --json` lists them); " + tail
    return out + [tail]


def _wide(ch: str) -> bool:
    return ord(ch) >= 0x1100 and (
        0x2E80 <= ord(ch) <= 0xA4CF or 0xAC00 <= ord(ch) <= 0xD7A3 or 0xF900 <= ord(ch) <= 0xFAFF
        or 0xFE30 <= ord(ch) <= 0xFE4F or 0xFF00 <= ord(ch) <= 0xFF60 or 0xFFE0 <= ord(ch) <= 0xFFE6
        or 0x20000 <= ord(ch) <= 0x3FFFD
    )
