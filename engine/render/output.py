"""Writing results: deterministic JSON, and a rich console that degrades to plain text in a pipe."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console


def dump_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def print_json(data: Any) -> None:
    sys.stdout.write(dump_json(data) + "\n")


def console() -> Console:
    # soft_wrap keeps long classical paragraphs on one logical line when piped.
    return Console(highlight=False, soft_wrap=not sys.stdout.isatty())
