"""The two kinds of failure a user can cause, mapped to the CLI's exit codes; anything else is
an internal error (a bug), exit 3, with a request to report it."""

from __future__ import annotations

INTERNAL_ERROR = 3
ISSUES = "the yimao issue tracker"


class UsageError(Exception):
    """Bad usage or bad input: one line on stderr, exit 2."""

    exit_code = 2


class RulebookError(Exception):
    """The rulebook has errors: diagnostics with file:line:col and a caret, exit 1."""

    exit_code = 1

    def __init__(self, diagnostics) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__(f"{len(self.diagnostics)} rulebook error(s)")
