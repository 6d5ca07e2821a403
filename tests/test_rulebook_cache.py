"""The on-disk cache of checked and compiled rulebooks: hit, and invalidated by any edit."""

import pytest

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


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A one-rule rulebook, its cache in tmp_path/cache."""
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    made = tmp_path / "rb"
    made.mkdir()
    write(made, TEXT)
    return made


def _reload(folder):
    """The engine as a new process would get it: from the disk cache, not this process's."""
    rulebook._CACHE.clear()
    return rulebook.load_engine([folder])


def _damage(cache, pattern: str, damaged) -> None:
    for entry in cache.glob(pattern):
        entry.write_bytes(damaged(entry))


def test_cache_hit_gives_the_same_results(folder, tmp_path):
    first = rulebook.load_engine([folder]).evaluate(BASE)
    assert len(list((tmp_path / "cache").glob("*.runtime"))) == 1
    assert len(list((tmp_path / "cache").glob("*.program"))) == 1
    assert len(list((tmp_path / "cache").glob("*.code"))) == 1
    assert _reload(folder).evaluate(BASE).sorted_facts() == first.sorted_facts()


def test_an_edit_invalidates_the_cache(folder):
    assert rulebook.load_engine([folder]).evaluate(BASE).holds(Fact("月破", (1,)))
    write(folder, TEXT.replace("支: 子", "支: 丑"))
    result = _reload(folder).evaluate(BASE)
    assert result.holds(Fact("月破", (2,))) and not result.holds(Fact("月破", (1,)))


def test_a_damaged_cache_is_rebuilt(folder, tmp_path):
    rulebook.load_engine([folder])
    _damage(tmp_path / "cache", "*", lambda entry: b"not a pickle")
    assert _reload(folder).evaluate(BASE).holds(Fact("月破", (1,)))


def test_damaged_join_code_is_compiled_again_from_the_rules(folder, tmp_path):
    rulebook.load_engine([folder])
    _damage(tmp_path / "cache", "*.code", lambda entry: b"x" * entry.stat().st_size)
    assert _reload(folder).evaluate(BASE).holds(Fact("月破", (1,)))


def test_a_damaged_program_file_is_rebuilt_from_the_rule_files(folder, tmp_path):
    rulebook.load_engine([folder])
    _damage(tmp_path / "cache", "*.program", lambda entry: b"not a pickle")
    assert [r.id for r in _reload(folder).program.rules] == ["月破.定"]


def test_a_cached_engine_judges_without_loading_the_rule_bodies(tmp_path, monkeypatch):
    """The point of the runtime file: evaluating, the chart and a judgement read no rule IR; the
    checked program loads only when something asks for it, and then it is the same program."""
    from engine.api import evaluate_chart, moment
    from engine.cache import LazyProgram
    from engine.cast import Cast
    from engine.judge import Judgement, parse_question

    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    fresh = rulebook.load_engine()
    rulebook._CACHE.clear()
    cached = rulebook.load_engine()
    assert isinstance(cached.program, LazyProgram)
    question = parse_question(cached.program, "求财", None, None, None)
    cast, when = Cast.from_lines("987878"), moment(month="申", day="丁酉")
    got = Judgement(question, evaluate_chart(cached, cast, when, "shipped", question.facts())).to_dict()
    assert cached.program._program is None
    want = Judgement(question, evaluate_chart(fresh, cast, when, "shipped", question.facts())).to_dict()
    assert got == want and got["verdicts"]
    assert [r.id for r in cached.program.rules] == [r.id for r in fresh.program.rules]
