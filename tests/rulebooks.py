"""Helpers for tests that write small rulebooks to a temporary folder and run them."""

from __future__ import annotations

import textwrap
from pathlib import Path

from engine.facts import Fact
from engine.rulebook import check_files, load_engine

INPUTS = """
input 爻(位, 值)
input 纳甲(位, 支)
input 月建(支)
input 日辰(支)
"""

CHONG = "table 六冲(支, 冲) symmetric { 子 午; 丑 未; 寅 申; 卯 酉; 辰 戌; 巳 亥 }"


def write(tmp_path: Path, text: str, name: str = "25-月破.ym", inputs: str = INPUTS) -> Path:
    (tmp_path / "00-输入.ym").write_text(inputs, encoding="utf-8")
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def diagnostics(tmp_path: Path, text: str, **kwargs) -> list:
    write(tmp_path, text, **kwargs)
    _, found = check_files(sorted(tmp_path.glob("*.ym")))
    return found


def evaluate(tmp_path: Path, text: str, base: list[Fact], **kwargs):
    write(tmp_path, text, **kwargs)
    return load_engine([tmp_path]).evaluate(base)


def chart_facts(branches: str = "子寅辰午申戌", values: str = "777777", month: str | None = None, day: str | None = None):
    facts = [Fact("爻", (i + 1, int(v))) for i, v in enumerate(values)]
    facts += [Fact("纳甲", (i + 1, b)) for i, b in enumerate(branches)]
    if month:
        facts.append(Fact("月建", (month,)))
    if day:
        facts.append(Fact("日辰", (day,)))
    return facts
