"""Print rulebook diagnostics to stderr: syntax errors first and alone, at most a screenful; the
derivation limit as one of them."""

from __future__ import annotations

import sys
from typing import Iterable

from ..diagnostics import Diagnostic, screenful


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    for line in screenful(list(diagnostics)):
        print(line, file=sys.stderr)


def limit_diagnostic(error) -> Diagnostic:
    """The limit as a rulebook diagnostic at the rule's id, with its source line; a rule the
    program does not know (a cross-check backend's own) gets the bare message."""
    from ..ir import Span

    span = error.span or Span("<rulebook>", 0, 0)
    found = Diagnostic(span, str(error))
    try:
        with open(span.file, encoding="utf-8") as handle:
            return found.with_source({span.file: handle.read().split("\n")})
    except (OSError, UnicodeDecodeError):
        return found
