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
    assert len(list((tmp_path / "cache").glob("*.runtime"))) == 1
    assert len(list((tmp_path / "cache").glob("*.program"))) == 1
    assert len(list((tmp_path / "cache").glob("*.code"))) == 1
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
    for entry in (tmp_path / "cache").iterdir():
        entry.write_bytes(b"not a pickle")
    rulebook._CACHE.clear()
    assert rulebook.load_engine([folder]).evaluate(BASE).holds(Fact("月破", (1,)))


def test_damaged_join_code_is_compiled_again_from_the_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "rb"
    folder.mkdir()
    write(folder, TEXT)
    rulebook.load_engine([folder])
    for entry in (tmp_path / "cache").glob("*.code"):
        entry.write_bytes(b"x" * entry.stat().st_size)
    rulebook._CACHE.clear()
    assert rulebook.load_engine([folder]).evaluate(BASE).holds(Fact("月破", (1,)))


def test_a_damaged_program_file_is_rebuilt_from_the_rule_files(tmp_path, monkeypatch):
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "rb"
    folder.mkdir()
    write(folder, TEXT)
    rulebook.load_engine([folder])
    for entry in (tmp_path / "cache").glob("*.program"):
        entry.write_bytes(b"not a pickle")
    rulebook._CACHE.clear()
    cached = rulebook.load_engine([folder])
    assert [r.id for r in cached.program.rules] == ["月破.定"]


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
