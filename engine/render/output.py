"""Writing results: deterministic JSON, and a rich console that degrades to plain text in a pipe."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console


def dump_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


# The version of every `--json` output's shape (engine/schemas/*.schema.json), in each output.
SCHEMA_VERSION = 1


def print_json(data: Any) -> None:
    """A command's JSON output, led by its `schema_version` (every output is an object)."""
    if isinstance(data, dict):
        data = {"schema_version": SCHEMA_VERSION, **data}
    sys.stdout.write(dump_json(data) + "\n")


def console() -> Console:
    # In a pipe: plain text, no colour, and wide enough that no classical line is cut.
    if sys.stdout.isatty():
        return Console(highlight=False)
    return Console(highlight=False, soft_wrap=True, width=1000, color_system=None, force_terminal=False)
