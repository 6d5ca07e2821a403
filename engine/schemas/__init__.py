"""The JSON Schemas of every `--json` output (one file per command, shared shapes in common), shipped
with the package so a consumer can validate what it reads."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent


@cache
def schemas() -> dict[str, dict]:
    """name (the command, `common`, or `error`) -> its schema; each `$id` is `urn:yimao:schema:NAME`."""
    return {path.name.removesuffix(".schema.json"): json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(HERE.glob("*.schema.json"))}
