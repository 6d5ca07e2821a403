"""A rule's text as the scholar wrote it, cut from its `.ym` file by its span.

A span marks where an item starts; the item runs to the line before the next item of the same
file (rule, table, declaration, § heading, question, school change), less the comments and blank
lines that lead into that next item.  Only the rulebook's own files are read, once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from ..ir import Module, Span

MAX_LINES = 80


def _starts(module: Module) -> list[int]:
    spans: list[Span | None] = [module.chapter_span, module.school.span if module.school else None]
    spans += [d.span for d in module.declarations]
    spans += [s.citation.span for s in module.sections]
    spans += [r.span for r in module.rules]
    spans += [t.span for t in module.tables]
    spans += [q.span for q in module.questions]
    spans += [c.span for c in module.changes]
    return sorted({s.line for s in spans if s is not None and s.line > 0})


class RuleSources:
    def __init__(self, files: Iterable[Path], modules: Sequence[Module]) -> None:
        self._files: list[tuple[tuple[str, ...], list[str]]] = []
        for path in files:
            try:
                lines = path.read_text(encoding="utf-8").split("\n")
            except (OSError, UnicodeDecodeError):
                continue
            self._files.append((path.resolve().parts, lines))
        self._starts = {module.file: _starts(module) for module in modules}

    def _lines(self, file: str) -> list[str] | None:
        """The file a span names: matched by trailing path parts against the rulebook's own files
        (a cached program may name its files relative to another working folder)."""
        wanted = Path(file).parts
        for parts, lines in self._files:
            if wanted and parts[-len(wanted):] == wanted:
                return lines
        return None

    def text(self, span: Span) -> str | None:
        lines = self._lines(span.file)
        if lines is None or not 1 <= span.line <= len(lines):
            return None
        later = [line for line in self._starts.get(span.file, []) if line > span.line]
        end = (later[0] - 1) if later else len(lines)
        chunk = lines[span.line - 1:end]
        while chunk and (not chunk[-1].strip() or chunk[-1].lstrip().startswith("#")):
            chunk.pop()
        if len(chunk) > MAX_LINES:
            chunk = chunk[:MAX_LINES] + [f"# … {len(chunk) - MAX_LINES} more lines in {span.file}"]
        return "\n".join(chunk)
