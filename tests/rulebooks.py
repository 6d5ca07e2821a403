"""Helpers for tests that write small rulebooks to a temporary folder and run them."""

from __future__ import annotations

import textwrap
from pathlib import Path

from yimao.facts import Fact
from yimao.rulebook import check_files, load_engine

INPUTS = """
input 爻(位, 值)
input 纳甲(位, 支)
input 月建(支)
input 日辰(支)
"""

CHONG = "table 六冲(支, 冲) symmetric { 子 午; 丑 未; 寅 申; 卯 酉; 辰 戌; 巳 亥 }"

# Chapter 25's month break: a join through a table, a rule on a derived fact, an exception.
MONTH_BREAK = f"""\
chapter 25 月破
predicate 月破(位)
predicate 无用(位, 因)
predicate 实破(位)
§25.1 「以用处反，名为月破」
{CHONG}
rule 月破.定
  when 纳甲(位: P, 支: B), 月建(支: M), 六冲(M, B)
  then 月破(位: P)
§25.2 「生之不长，扶之不起」
rule 月破.无用
  when 月破(位: P)
  then 无用(位: P, 因: 月破)
§25.3 「唯值日则能实其破」
rule 月破.值日实破 exception to 月破.无用
  when 月破(位: P), 纳甲(位: P, 支: B), 日辰(支: B)
  then 实破(位: P)
"""


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


def cached_rulebook(tmp_path: Path, monkeypatch, text: str) -> Path:
    """A rulebook folder holding `text`, its on-disk cache in tmp_path/cache (writable)."""
    from yimao import cachestore

    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setitem(cachestore._state, "writable", True)
    made = tmp_path / "rb"
    made.mkdir()
    write(made, text)
    return made
