"""Print rulebook diagnostics to stderr."""

from __future__ import annotations

import sys
from typing import Iterable

from ..diagnostics import Diagnostic


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    diagnostics = list(diagnostics)
    for diagnostic in diagnostics:
        print(diagnostic.render(), file=sys.stderr)
    print(f"{len(diagnostics)} error(s)", file=sys.stderr)
