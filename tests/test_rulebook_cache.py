"""The on-disk cache of checked and compiled rulebooks: hit, and invalidated by any edit."""

from engine import rulebook
from engine.facts import Fact
from rulebooks import write

TEXT = """\
chapter 25 月破
predicate 月破(位)
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 月破(位: P)
"""
BASE = [Fact("纳甲", (1, "子")), Fact("纳甲", (2, "丑")), Fact("月建", ("午",))]


def test_cache_hit_gives_the_same_results(tmp_path, monkeypatch):
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "rb"
    folder.mkdir()
    write(folder, TEXT)
    first = rulebook.load_engine([folder]).evaluate(BASE)
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 1
    rulebook._CACHE.clear()
    cached = rulebook.load_engine([folder])
    assert cached.evaluate(BASE).sorted_facts() == first.sorted_facts()


def test_an_edit_invalidates_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "rb"
    folder.mkdir()
    write(folder, TEXT)
    assert rulebook.load_engine([folder]).evaluate(BASE).holds(Fact("月破", (1,)))
    write(folder, TEXT.replace("支: 子", "支: 丑"))
    rulebook._CACHE.clear()
    result = rulebook.load_engine([folder]).evaluate(BASE)
    assert result.holds(Fact("月破", (2,))) and not result.holds(Fact("月破", (1,)))


def test_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "rb"
    folder.mkdir()
    write(folder, TEXT)
    rulebook.load_engine([folder])
    for entry in (tmp_path / "cache").glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    rulebook._CACHE.clear()
    assert rulebook.load_engine([folder]).evaluate(BASE).holds(Fact("月破", (1,)))
