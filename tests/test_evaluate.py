"""Evaluator semantics on small rulebooks: joins, negation, tests, bindings, recursion, exceptions,
conflicts, the derivation limit, provenance, and determinism."""

import json

import pytest

from yimao.cli import main
from yimao.evaluate import EvaluationLimit
from yimao.facts import Fact
from yimao.rulebook import load_engine
from rulebooks import CHONG, MONTH_BREAK, chart_facts, evaluate, write



def test_join_through_a_table(tmp_path):
    result = evaluate(tmp_path, MONTH_BREAK, chart_facts(month="午", day="寅"))
    assert [f.values for f in result.facts("月破")] == [(1,)]
    assert result.holds(Fact("无用", (1, "月破")))
    derivation = result.derivations[Fact("月破", (1,))][0]
    assert derivation.rule == "月破.定"
    assert Fact("六冲", ("午", "子")) in derivation.matched


def test_exception_defeats_for_the_same_subject_only(tmp_path):
    # 午 month breaks 子 (line 1); a 子 day fills it: 无用 is defeated for line 1 only.
    text = MONTH_BREAK.replace("{CHONG}", CHONG)
    result = evaluate(tmp_path, text, chart_facts("子寅辰子申戌", month="午", day="子"))
    assert {f.values for f in result.facts("月破")} == {(1,), (4,)}
    assert not result.holds(Fact("无用", (1, "月破")))
    assert not result.holds(Fact("无用", (4, "月破")))
    defeat = result.defeats[0]
    assert defeat.rule == "月破.无用" and defeat.by_rule == "月破.值日实破"
    result = evaluate(tmp_path, text, chart_facts("子寅辰午申戌", month="午", day="丑"))
    assert result.holds(Fact("无用", (1, "月破"))) and not result.defeats


def test_exception_to_an_exception_restores_the_base(tmp_path):
    text = MONTH_BREAK + """\
rule 月破.例外之例外 exception to 月破.值日实破
  when 月破(位: P), 纳甲(位: P, 支: 子)
  then 实破(位: P)
"""
    result = evaluate(tmp_path, text, chart_facts(month="午", day="子"))
    assert result.holds(Fact("无用", (1, "月破")))


def test_exception_with_no_shared_argument_defeats_every_derivation(tmp_path):
    text = MONTH_BREAK + """\
rule 月破.全 exception to 月破.无用
  when 日辰(支: 卯)
  then 实破(位: 6)
"""
    # `on` is not given and 实破(位) shares 位 with 无用: the subject is 位, so only line 6 would be defeated.
    result = evaluate(tmp_path, text, chart_facts(month="午", day="卯"))
    assert result.holds(Fact("无用", (1, "月破")))
    predicates = text.replace("predicate 实破(位)", "predicate 实破(位)\npredicate 全日(日)")
    predicates = predicates.replace("  when 日辰(支: 卯)\n  then 实破(位: 6)", "  when 日辰(支: D), D = 卯\n  then 全日(日: D)")
    result = evaluate(tmp_path, predicates, chart_facts(month="午", day="卯"))
    assert not result.holds(Fact("无用", (1, "月破")))


def test_negation_comparison_and_binding(tmp_path):
    text = """\
    chapter 25 月破
    predicate 对(位, 对位)
    predicate 静(位)
    §25.1
    rule 测.对 when 爻(位: P), Q = (P + 2) % 6 + 1, P < 4 then 对(位: P, 对位: Q)
    rule 测.静 when 爻(位: P, 值: V), not 动(位: P), V != 6 then 静(位: P)
    predicate 动(位)
    rule 测.动 when 爻(位: P, 值: 9) then 动(位: P)
    """
    result = evaluate(tmp_path, text, chart_facts(values="977778"))
    assert sorted(f.values for f in result.facts("对")) == [(1, 4), (2, 5), (3, 6)]
    assert sorted(f.values for f in result.facts("静")) == [(2,), (3,), (4,), (5,), (6,)]
    derivation = result.derivations[Fact("静", (2,))][0]
    assert [a.predicate for a in derivation.absent] == ["动"]


def test_recursion_reaches_the_fixpoint(tmp_path):
    text = """\
    chapter 25 月破
    predicate 生(甲, 乙)
    predicate 连(甲, 乙)
    §25.1
    table 生(甲, 乙) { 木 火; 火 土; 土 金; 金 水; 水 木 }
    rule 测.连一 when 生(A, B) then 连(A, B)
    rule 测.连二 when 连(A, B), 生(B, C) then 连(A, C)
    """
    result = evaluate(tmp_path, text, [])
    assert len(result.facts("连")) == 25  # a 5-cycle: everything reaches everything


def test_a_rule_of_a_recursive_stratum_that_reads_none_of_it_fires_once(tmp_path):
    """In a recursive stratum a rule whose body reads none of the stratum's predicates takes the
    recording path in the first round; the recursive rules still meet each of its facts as delta,
    and every fact keeps exactly its derivations."""
    text = """\
    chapter 25 月破
    predicate 连(甲, 乙)
    §25.1
    rule 测.连一 when 爻(位: A), 爻(位: B), B = A + 1 then 连(甲: A, 乙: B)
    rule 测.连二 when 连(甲: A, 乙: B), 爻(位: C), C = B + 1 then 连(甲: A, 乙: C)
    """
    result = evaluate(tmp_path, text, chart_facts(values="777777"))
    assert sorted(f.values for f in result.facts("连")) == [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
    for fact in result.facts("连"):
        (derivation,) = result.derivations[fact]
        assert derivation.rule == ("测.连一" if fact.values[1] == fact.values[0] + 1 else "测.连二")


def test_derivation_limit_names_the_rule(tmp_path):
    text = """\
    chapter 25 月破
    predicate 数(n)
    """.replace("(n)", "(值)") + """
    §25.1
    rule 测.起 when 爻(位: P) then 数(值: P)
    rule 测.增 when 数(值: N), M = N + 1 then 数(值: M)
    """
    write(tmp_path, text)
    engine = load_engine([tmp_path])
    with pytest.raises(EvaluationLimit) as caught:
        engine.evaluate(chart_facts(), limit=1000)
    assert caught.value.rule == "测.增"


def test_derivation_limit_on_the_cli_is_a_rulebook_error(tmp_path, capsys):
    text = "chapter 25 月破\npredicate 数(值)\n§25.1\nrule 测.起 when 爻(位: P) then 数(值: P)\nrule 测.增 when 数(值: N), M = N + 1 then 数(值: M)\n"
    write(tmp_path, text)
    assert main(["facts", "--rulebook", str(tmp_path), "--fact", "爻(位: 1, 值: 7)", "--limit", "500"]) == 1
    err = capsys.readouterr().err
    assert "测.增" in err and "limit" in err and "Traceback" not in err


INDEPENDENT = """\
chapter 25 月破
predicate 多(值)
§25.1
rule 测.多 when 爻(位: A), 爻(位: B), 爻(位: C), 爻(位: D), 爻(位: E), 爻(位: F) then 多(值: 1)
"""


def test_every_derivation_of_one_fact_is_kept_once(tmp_path):
    # Six independent atoms over six lines: 6**6 derivations of the one fact 多(1), each kept once
    # (each match names different facts), in the order the join found them.
    result = evaluate(tmp_path, INDEPENDENT, chart_facts())
    found = result.derivations.raw[("多", (1,))]
    assert len(found) == 6 ** 6 and len(set(found)) == 6 ** 6
    assert found[0][2] == ((1, 7),) * 6 and found[-1][2] == ((6, 7),) * 6


def test_the_limit_bounds_derivations_not_only_facts(tmp_path):
    # One fact, 46,656 derivations: a limit counting facts never stopped this (ten such atoms grew
    # to 24 GB); counting derivations stops it inside the join, naming the rule.
    write(tmp_path, INDEPENDENT)
    engine = load_engine([tmp_path])
    with pytest.raises(EvaluationLimit) as caught:
        engine.evaluate(chart_facts(), limit=1000)
    assert caught.value.rule == "测.多" and caught.value.limit == 1000


def test_the_limit_bounds_the_matches_of_a_rule_with_two_conclusions(tmp_path):
    text = INDEPENDENT.replace("predicate 多(值)", "predicate 多(值)\npredicate 少(值)").replace(
        "then 多(值: 1)", "then 多(值: 1), 少(值: 2)")
    write(tmp_path, text)
    with pytest.raises(EvaluationLimit) as caught:
        load_engine([tmp_path]).evaluate(chart_facts(), limit=1000)
    assert caught.value.rule == "测.多"


def test_conflicts_are_reported_not_settled(tmp_path):
    text = """\
    chapter 25 月破
    §25.1
    rule 测.吉 when 爻(位: 1, 值: 9) then 断 吉 "一爻动"
    §25.2
    rule 测.凶 when 爻(位: 1, 值: V), V > 8 then 断 凶 "一爻重"
    §25.3
    rule 测.不凶 exception to 测.凶 when 日辰(支: 子) then 断 吉 "值日"
    """
    result = evaluate(tmp_path, text, chart_facts(values="977777"))
    assert {c.polarity for c in result.conclusions} == {"吉", "凶"}
    assert len(result.conflicts) == 1
    conflict = result.conflicts[0]
    assert {conflict.first.rule, conflict.second.rule} == {"测.吉", "测.凶"}
    result = evaluate(tmp_path, text, chart_facts(values="977777", day="子"))
    # 测.凶 is defeated by its exception; the remaining 吉 conclusions agree: no conflict.
    assert {c.rule for c in result.conclusions} == {"测.吉", "测.不凶"} and not result.conflicts


def test_gloss_is_rendered_with_bindings(tmp_path):
    text = """\
    chapter 25 月破
    §25.1
    rule 测.动 when 爻(位: P, 值: 9) then 断(位: P) 吉 "第{P}爻动" strength 十之七
    """
    result = evaluate(tmp_path, text, chart_facts(values="797777"))
    (conclusion,) = result.conclusions
    assert conclusion.text == "第2爻动" and conclusion.strength == "十之七" and conclusion.subject == (("位", 2),)


def _facts_json(tmp_path, capsys, argv):
    assert main(argv) == 0
    return capsys.readouterr().out


def test_determinism_byte_identical_json(tmp_path, capsys):
    write(tmp_path, MONTH_BREAK)
    argv = ["why", "无用(位: P)", "--json", "--rulebook", str(tmp_path), "--fact", "纳甲(位: 1, 支: 子)",
            "--fact", "纳甲(位: 4, 支: 子)", "--fact", "月建(支: 午)", "--fact", "日辰(支: 丑)"]
    first = _facts_json(tmp_path, capsys, argv)
    second = _facts_json(tmp_path, capsys, list(reversed(argv[4:])) and argv)
    assert first == second
    data = json.loads(first)
    assert [p["args"]["位"] for p in data["proofs"]] == [1, 4]
    facts_argv = ["facts", "--json", "--rulebook", str(tmp_path), "--fact", "月建(支: 午)", "--fact", "纳甲(位: 1, 支: 子)"]
    shuffled = ["facts", "--json", "--rulebook", str(tmp_path), "--fact", "纳甲(位: 1, 支: 子)", "--fact", "月建(支: 午)"]
    assert _facts_json(tmp_path, capsys, facts_argv) == _facts_json(tmp_path, capsys, shuffled)


def test_why_and_whynot_on_the_cli(tmp_path, capsys):
    write(tmp_path, MONTH_BREAK)
    base = ["--rulebook", str(tmp_path), "--fact", "纳甲(位: 1, 支: 子)", "--fact", "月建(支: 午)", "--fact", "日辰(支: 子)"]
    assert main(["why", "无用(位: 1)", "--json", *base]) == 0
    data = json.loads(capsys.readouterr().out)
    assert not data["holds"]
    defeated = data["defeated"][0]
    assert defeated["rule"] == "月破.无用" and defeated["cite"] == "25.2"
    assert defeated["defeated_by"][0]["rule"] == "月破.值日实破"
    assert defeated["because"][0]["rule"] == "月破.定"
    assert main(["why", "月破(位: 1)", "--depth", "1", "--json", *base]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["proofs"][0].get("truncated") and "because" not in data["proofs"][0]
    assert main(["whynot", "月破(位: 2)", "--json", *base]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "not-derived"
    assert data["rules"][0]["rule"] == "月破.定" and data["rules"][0]["fails_at"].startswith("纳甲(位: 2")
    assert data["rules"][0]["because"]["status"] == "input-missing"
    assert main(["why", "月破(位: 1)", *base]) == 0
    out = capsys.readouterr().out
    assert "月破.定 §25.1 「以用处反，名为月破」" in out


@pytest.mark.parametrize("query", ["月破(位 1)", "不存在(位: 1)", "月破(宫: 1)"])
def test_bad_queries_are_usage_errors(tmp_path, capsys, query):
    write(tmp_path, MONTH_BREAK)
    assert main(["why", query, "--rulebook", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_input_independent_rules_run_once_and_keep_provenance(tmp_path):
    text = """\
    chapter 25 月破
    predicate 冲对(支, 冲)
    predicate 破(位)
    §25.1
    table 六冲表(支, 冲) { 子 午; 丑 未 }
    rule 测.对 when 六冲表(A, B) then 冲对(支: B, 冲: A)
    rule 测.对反 exception to 测.对 when 六冲表(支: 丑) then 冲对(支: 未, 冲: 丑)
    rule 测.破 when 纳甲(位: P, 支: B), 月建(支: M), 冲对(M, B) then 破(位: P)
    """
    write(tmp_path, text)
    engine = load_engine([tmp_path])
    assert engine.static_rules == {"测.对", "测.对反"}
    for month, broken in (("午", [(1,), (4,)]), ("未", [])):
        result = engine.evaluate(chart_facts("子未辰子申戌", month=month))
        assert [f.values for f in result.facts("破")] == broken
        assert result.derivations[Fact("冲对", ("午", "子"))][0].rule == "测.对"
        # the static exception's defeat is part of every evaluation's provenance
        assert [(d.rule, d.by_rule) for d in result.defeats] == [("测.对", "测.对反")]


def test_a_predicate_nothing_derives_counts_as_supplied_per_chart(tmp_path):
    # 事月 has no rule and no table: its facts come from outside, so rules reading it run per chart.
    text = """\
    chapter 25 月破
    predicate 事月(支)
    predicate 事破(支)
    §25.1
    table 六冲表(支, 冲) symmetric { 子 午 }
    rule 测.事破 when 事月(支: M), 六冲表(M, B) then 事破(支: B)
    """
    write(tmp_path, text)
    engine = load_engine([tmp_path])
    assert "测.事破" not in engine.static_rules
    assert engine.evaluate([Fact("事月", ("子",))]).holds(Fact("事破", ("午",)))
