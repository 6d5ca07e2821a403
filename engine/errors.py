"""The two kinds of failure a user can cause, mapped to the CLI's exit codes."""

from __future__ import annotations


class UsageError(Exception):
    """Bad usage or bad input: one line on stderr, exit 2."""

    exit_code = 2


class RulebookError(Exception):
    """The rulebook has errors: diagnostics with file:line:col and a caret, exit 1."""

    exit_code = 1

    def __init__(self, diagnostics) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__(f"{len(self.diagnostics)} rulebook error(s)")
