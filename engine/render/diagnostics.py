"""Print rulebook diagnostics to stderr: syntax errors first and alone, at most a screenful."""

from __future__ import annotations

import sys
from typing import Iterable

from ..diagnostics import Diagnostic, screenful


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    for line in screenful(list(diagnostics)):
        print(line, file=sys.stderr)
