"""Print rulebook diagnostics to stderr: syntax errors first and alone, at most a screenful; the
derivation limit as one of them."""

from __future__ import annotations

import sys
from typing import Iterable

from ..diagnostics import Diagnostic, screenful


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    for line in screenful(list(diagnostics)):
        print(line, file=sys.stderr)


def limit_lines(error) -> list[str]:
    """The derivation limit as a rulebook diagnostic at the rule's id, with its source line and
    caret; a limit not placed at a rule (a cross-check backend's) is its bare message."""
    span = error.span
    if span is None:
        return [str(error)]
    found = Diagnostic(span, str(error))
    try:
        with open(span.file, encoding="utf-8") as handle:
            found = found.with_source({span.file: handle.read().split("\n")})
    except (OSError, UnicodeDecodeError):
        pass
    return [found.render()]
