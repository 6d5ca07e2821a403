"""Rulebook diagnostics: `file:line:col: error: message`, the source line, and a caret."""

from __future__ import annotations

import attrs

from .ir import Span


@attrs.frozen
class Diagnostic:
    span: Span
    message: str
    source_line: str = ""
    severity: str = "error"  # or "warning": reported, never a failure

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


def _wide(ch: str) -> bool:
    return ord(ch) >= 0x1100 and (
        0x2E80 <= ord(ch) <= 0xA4CF or 0xAC00 <= ord(ch) <= 0xD7A3 or 0xF900 <= ord(ch) <= 0xFAFF
        or 0xFE30 <= ord(ch) <= 0xFE4F or 0xFF00 <= ord(ch) <= 0xFF60 or 0xFFE0 <= ord(ch) <= 0xFFE6
        or 0x20000 <= ord(ch) <= 0x3FFFD
    )
