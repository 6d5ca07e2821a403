"""`yimao compare`: differences between two schools on one chart, the change responsible, and the
sweep over many charts (parallel, resumable)."""

import json

import pytest

from yimao.cli import main
from yimao.sweep_store import JsonlStore
from rulebooks import write

BASE = """\
chapter 25 月破
predicate 动(位)
predicate 无用(位, 因)
§25.1 「以用处反，名为月破」
rule 月破.动 when 爻(位: P, 值: 9) then 动(位: P)
rule 月破.老阴 when 爻(位: P, 值: 6) then 动(位: P)
§25.2 「生之不长，扶之不起」
rule 月破.无用 when 动(位: P), 月建(支: 午) then 无用(位: P, 因: 月破)
"""

SCHOOL = """\
school 甲派 extends 易冒 "moving old yin does not count"
§25.3 「唯值日则能实其破」
disable 月破.老阴
rule 甲派.静 exception to 月破.无用 when 日辰(支: 子) then 无用(位: 1, 因: 值日)
"""


@pytest.fixture
def rulebook(tmp_path):
    write(tmp_path, BASE)
    (tmp_path / "schools").mkdir()
    (tmp_path / "schools" / "甲派.ym").write_text(SCHOOL, encoding="utf-8")
    return str(tmp_path)


def compare(capsys, rulebook, *argv):
    assert main(["compare", "--rulebook", rulebook, "--school", "易冒", "--school", "甲派", "--json", *argv]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_differences_with_proof_and_change(rulebook, capsys):
    data = compare(capsys, rulebook, "--lines", "967777", "--month", "午")
    facts = {(row["fact"], row["holds_in"]): row for row in data["facts"]}
    row = facts[("动(位: 2)", "易冒")]
    assert row["absent_in"] == "甲派" and row["proof"]["rule"] == "月破.老阴"
    assert row["changes"] == [{"school": "甲派", "kind": "disable", "rule": "月破.老阴", "cite": "25.3"}]
    downstream = facts[("无用(位: 2, 因: 月破)", "易冒")]  # a consequence of the disabled rule
    assert downstream["changes"][0]["rule"] == "月破.老阴"
    assert ("动(位: 1)", "易冒") not in facts  # 9 moves in both


def test_exception_added_by_a_school(rulebook, capsys):
    data = compare(capsys, rulebook, "--lines", "977777", "--month", "午", "--day", "子")
    facts = {(row["fact"], row["holds_in"]): row for row in data["facts"]}
    row = facts[("无用(位: 1, 因: 月破)", "易冒")]
    assert {"school": "甲派", "kind": "exception", "rule": "甲派.静", "cite": "25.3"} in row["changes"]


def test_same_school_twice_is_usage_error(rulebook, capsys):
    assert main(["compare", "--rulebook", rulebook, "--school", "甲派", "--school", "甲派", "--lines", "977777"]) == 2


def test_sweep_random_and_resume(rulebook, tmp_path, capsys):
    out = tmp_path / "sweep.jsonl"
    argv = ["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "random", "--count", "40",
            "--out", str(out), "--jobs", "2", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["charts"] == 40
    rows = {r["change"]: r for r in data["changes"]}
    assert rows["甲派:disable:月破.老阴"]["charts"] > 0
    assert "6" in rows["甲派:disable:月破.老阴"]["example"]["lines"]
    lines = out.read_text(encoding="utf-8").splitlines()
    # Resume: drop half of the results (as if interrupted) and run again; nothing is lost or doubled.
    out.write_text("\n".join(lines[:20]) + "\n" + lines[20][:10], encoding="utf-8")
    assert len(list(JsonlStore(out).rows())) == 20
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["changes"] == data["changes"] and again["charts"] == 40


def test_sweep_pairs_covers_4096_charts(rulebook, tmp_path, capsys):
    out = tmp_path / "pairs.jsonl"
    assert main(["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "pairs", "--month", "午",
                 "--out", str(out), "--jobs", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["charts"] == 4096
    # Disabling 老阴 removes 动 wherever a 6 stands: a line is 6 in one of its four (original,
    # changed) combinations, so 3^6 = 729 of the 4096 pairs have no 6 and are unchanged.
    counts = {r["change"]: r["charts"] for r in data["changes"]}
    assert counts["甲派:disable:月破.老阴"] == 4096 - 3**6


def test_bad_sweep(rulebook, capsys):
    assert main(["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "random"]) == 2
    assert main(["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "everything"]) == 2


def test_a_predicate_only_one_school_declares(rulebook, capsys):
    school = ('school 乙派 extends 易冒 "declares a predicate of its own"\n'
              '§25.3 「唯值日则能实其破」\npredicate 乙见(位)\nrule 乙派.见 when 爻(位: P, 值: 9) then 乙见(位: P)\n')
    from pathlib import Path

    (Path(rulebook) / "schools" / "乙派.ym").write_text(school, encoding="utf-8")
    assert main(["compare", "--rulebook", rulebook, "--school", "易冒", "--school", "乙派", "--json", "--lines", "977777"]) == 0
    rows = json.loads(capsys.readouterr().out)["facts"]
    (row,) = [r for r in rows if r["predicate"] == "乙见"]
    assert row["why_absent"]["status"] == "not-declared" and row["changes"][0]["rule"] == "乙派.见"
