"""School overlays: disable, replace, add, add an exception; and their static errors."""

import json

import pytest

from yimao.cli import main
from yimao.facts import Fact
from yimao.rulebook import check_files, load_engine, rulebook_files, school_files
from rulebooks import CHONG, write

BASE = f"""\
chapter 25 月破
predicate 月破(位)
predicate 无用(位, 因)
§25.1 「以用处反，名为月破」
{CHONG}
rule 月破.定 when 纳甲(位: P, 支: B), 月建(支: M), 六冲(M, B) then 月破(位: P)
§25.2 「生之不长，扶之不起」
rule 月破.无用 when 月破(位: P) then 无用(位: P, 因: 月破)
"""

SCHOOL = """\
school 甲派 extends 易冒 "a school for the tests"
§25.3 「唯值日则能实其破」
disable 月破.无用
"""

BASE_FACTS = [Fact("纳甲", (1, "子")), Fact("月建", ("午",)), Fact("日辰", ("子",))]


def make(tmp_path, *schools):
    write(tmp_path, BASE)
    (tmp_path / "schools").mkdir(exist_ok=True)
    for i, text in enumerate(schools):
        (tmp_path / "schools" / f"{i}.ym").write_text(text, encoding="utf-8")
    return tmp_path


def errors(tmp_path, school):
    _, found = check_files(rulebook_files([tmp_path]), school, school_files([tmp_path]))
    return [d.message for d in found]


def test_disable(tmp_path):
    make(tmp_path, SCHOOL)
    assert load_engine([tmp_path]).evaluate(BASE_FACTS).holds(Fact("无用", (1, "月破")))
    result = load_engine([tmp_path], school="甲派").evaluate(BASE_FACTS)
    assert result.holds(Fact("月破", (1,))) and not result.holds(Fact("无用", (1, "月破")))


def test_replace_and_add_and_exception(tmp_path):
    text = """\
school 乙派 extends 易冒
§25.3 「唯值日则能实其破」
replace 月破.无用 when 月破(位: P), not 日辰(支: 丑) then 无用(位: P, 因: 值日)
rule 乙派.值日 exception to 月破.定 when 日辰(支: 子) then 无用(位: 1, 因: 值日)
"""
    make(tmp_path, text)
    engine = load_engine([tmp_path], school="乙派")
    result = engine.evaluate(BASE_FACTS)
    assert not result.holds(Fact("月破", (1,)))  # the exception defeats 月破.定 for line 1
    result = engine.evaluate([Fact("纳甲", (1, "子")), Fact("月建", ("午",))])
    assert result.holds(Fact("无用", (1, "值日")))  # the replacement's conclusion
    assert engine.program.school == "乙派"
    assert [c.kind for _, c in engine.program.overlaid.changes] == ["replace"]


def test_a_school_extends_another(tmp_path):
    child = 'school 丙派 extends 甲派\n§25.1\nrule 丙派.加 when 月破(位: P) then 无用(位: P, 因: 丙)\n'
    make(tmp_path, SCHOOL, child)
    result = load_engine([tmp_path], school="丙派").evaluate(BASE_FACTS)
    assert result.holds(Fact("无用", (1, "丙"))) and not result.holds(Fact("无用", (1, "月破")))


@pytest.mark.parametrize("text, message", [
    ("school 丁派 extends 易冒\n§25.1\ndisable 月破.无此\n", "disable 月破.无此: no rule has that id"),
    ("school 丁派 extends 易冒\n§25.1\nreplace 月破.无此 when 月破(位: P) then 月破(位: P)\n", "replace 月破.无此: no rule has that id"),
    ("school 丁派 extends 无派\n", "extends unknown school 无派"),
    ("school 丁派 extends 易冒\ndisable 月破.无用\n", "has no citation"),
    ("school 丁派 extends 易冒\n§25.9\ndisable 月破.无用\n", "does not resolve"),
])
def test_bad_overlays_are_static_errors(tmp_path, text, message):
    make(tmp_path, text)
    found = errors(tmp_path, "丁派") if "无派" not in text else errors(tmp_path, None)
    assert any(message in m for m in found), found


def test_cycle_of_extends(tmp_path):
    make(tmp_path, "school 戊派 extends 己派\n", "school 己派 extends 戊派\n")
    assert any("cycle" in m for m in errors(tmp_path, None))


def test_cli_schools_and_check(tmp_path, capsys):
    make(tmp_path, SCHOOL)
    assert main(["schools", "--rulebook", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schools"][0]["school"] == "甲派"
    assert data["schools"][0]["changes"] == [{"kind": "disable", "rule": "月破.无用", "cite": "25.3", "quotes": ["唯值日则能实其破"]}]
    assert main(["check", str(tmp_path)]) == 0
    make(tmp_path, "school 丁派 extends 易冒\n§25.1\ndisable 月破.无此\n")
    assert main(["check", str(tmp_path)]) == 1
    assert "0.ym:3:9: error: disable 月破.无此" in capsys.readouterr().err


def test_unknown_school_is_usage_error(tmp_path, capsys):
    make(tmp_path, SCHOOL)
    assert main(["facts", "--rulebook", str(tmp_path), "--school", "无派"]) == 2
    assert "unknown school 无派" in capsys.readouterr().err
