"""durable-rules as a cross-check backend: on the chart layer (chapters 1-10) it must give exactly
our evaluator's facts and derivations, on a seeded sample of the 4096 original→changed pairs at
four seeded moments (two of them 干支 only, as the book's cases give it; every pair at two of them is
`tools/crosscheck_durable.py`, minutes long); what it cannot run correctly it refuses in one line
naming the rule; where it does not import, it says so.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

import yimao
from yimao.api import evaluate_chart
from yimao.backends import durable
from yimao.backends.crosscheck import BRANCHES, all_lines, check, dated_moment, difference, ganzhi_moment, layer_facts
from yimao.backends.durable import DurableEngine, Refused, unavailable
from yimao.backends.layer import load_chart_layer
from yimao.cast import Cast
from yimao.cli import main
from yimao.evaluate import fact_sort_key
from yimao.rulebook import load_engine
from rulebooks import CHONG, chart_facts, write

REASON = unavailable()
needs_durable = pytest.mark.skipif(REASON is not None, reason=REASON or "")


@pytest.fixture(scope="module")
def layer():
    return load_chart_layer()


@pytest.fixture(scope="module")
def backend(layer):
    return DurableEngine(layer.program, layer.label)


def assert_same(layer, backend, lines, moment) -> None:
    assert check(layer, backend, lines, moment) is None, (lines, moment)


@needs_durable
def test_the_pairs_are_every_original_and_changed_hexagram():
    pairs = all_lines()
    assert len(set(pairs)) == 4096 and {v for lines in pairs for v in lines} == {6, 7, 8, 9}
    assert (7, 7, 7, 7, 7, 7) in pairs and (9, 9, 9, 9, 9, 9) in pairs and (6, 8, 6, 8, 6, 8) in pairs


@needs_durable
@pytest.mark.parametrize("moment", [dated_moment(1), ganzhi_moment(2), dated_moment(3), ganzhi_moment(4)],
                         ids=["dated-1", "ganzhi-2", "dated-3", "ganzhi-4"])
def test_a_seeded_sample_of_pairs_at_four_moments(layer, backend, moment):
    for lines in random.Random(7).sample(all_lines(), 160):
        assert_same(layer, backend, lines, moment)


def test_a_difference_is_found_and_named(layer):
    """What the tests and the tool rely on: a missing fact or derivation is reported, not passed."""
    base = layer_facts(layer, (8, 7, 7, 9, 8, 7), ganzhi_moment(2))
    ours, again = layer.engine.evaluate(base), layer.engine.evaluate(base)
    assert difference(ours, again) is None
    fewer = layer.engine.evaluate(base[1:])  # without the first line
    assert difference(ours, fewer) is not None


@needs_durable
def test_no_moment_and_every_static_hexagram(layer, backend):
    for bits in itertools.product((7, 8), repeat=6):
        assert_same(layer, backend, bits, None)


@needs_durable
def test_the_layer_is_chapters_1_to_10_and_the_void_they_borrow(layer):
    assert [name.rsplit("/", 1)[-1][:2] for name in layer.files] == [f"{n:02d}" for n in range(11)]
    assert [rule for _, rule in layer.borrowed] == ["旬空.定"]
    assert not any(rule.exception_to or rule.verdicts for rule in layer.program.rules)


def run_cli(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@needs_durable
def test_chart_json_is_our_engines_on_the_chart_layer(capsys, layer):
    flags = ["--lines", "877987", "--month", "申", "--day", "丁酉"]
    code, out, err = run_cli(capsys, ["chart", *flags, "--json", "--backend", "durable"])
    assert code == 0, err
    data = json.loads(out)
    cast = Cast.from_lines("877987")
    expected = evaluate_chart(layer.engine, cast, yimao.moment(month="申", day="丁酉"), "ours").to_dict()
    assert data["conventions"].pop("rulebook").startswith("chart layer (chapters 1-10)")
    expected["conventions"].pop("rulebook")
    assert data.pop("schema_version") == 1
    assert data == expected
    assert data["void"] == ["辰", "巳"] and data["hexagram"]["name"] == "火风鼎"


@needs_durable
def test_facts_json_is_our_engines_on_the_chart_layer(capsys, layer):
    code, out, err = run_cli(capsys, ["facts", "--lines", "877987", "--date", "2024-02-04T16:30+08:00",
                                      "--json", "--backend", "durable"])
    assert code == 0, err
    result = layer.engine.evaluate(layer_facts(layer, (8, 7, 7, 9, 8, 7), yimao.moment(date="2024-02-04T16:30+08:00")))
    expected = [{"predicate": f.predicate, "args": result.args(f)} for f in sorted(result.facts(), key=fact_sort_key)]
    assert json.loads(out)["facts"] == expected


@needs_durable
def test_why_reads_durables_derivations(capsys):
    code, out, err = run_cli(capsys, ["why", "旬空(支: X)", "--lines", "877987", "--month", "申", "--day", "丁酉",
                                      "--backend", "durable", "--json"])
    assert code == 0, err
    proofs = json.loads(out)["proofs"]
    assert sorted(p["fact"] for p in proofs) == ["旬空(支: 巳)", "旬空(支: 辰)"]
    assert {p["rule"] for p in proofs} == {"旬空.定"}
    assert {tuple(p["checked_absent"]) for p in proofs} == {("旬(干: _, 支: 巳, 旬首: 甲午)",), ("旬(干: _, 支: 辰, 旬首: 甲午)",)}


# refusals ---------------------------------------------------------------------------------------

EXCEPTION = f"""\
chapter 25 月破
predicate 月破(位)
predicate 无用(位)
predicate 实破(位)
§25.1 「以用处反，名为月破」
{CHONG}
rule 月破.定 when 纳甲(位: P, 支: B), 月建(支: M), 六冲(M, B) then 月破(位: P)
§25.2 「生之不长，扶之不起」
rule 月破.无用 when 月破(位: P) then 无用(位: P)
§25.3 「唯值日则能实其破」
rule 月破.值日实破 exception to 月破.无用 when 月破(位: P), 纳甲(位: P, 支: B), 日辰(支: B) then 实破(位: P)
"""

VERDICT = """\
chapter 25 月破
§25.1 「以用处反，名为月破」
rule 测.动 when 爻(位: P, 值: 9) then 断(位: P) 吉 "第{P}爻动"
"""

# 70 rules each testing 爻's value against a different constant: one 爻 fact passes 69 of the
# tests at once, and durable-rules keeps at most 64 alpha nodes pending (error 303).
FAN_OUT = "chapter 25 月破\npredicate 派(位)\n§25.1 「以用处反，名为月破」\n" + "".join(
    f"rule 测.规{i} when 爻(位: P, 值: V), V != {i} then 派(位: P)\n" for i in range(70))

# A text compared with a number: our engine says false, durable-rules compares them as texts.
MIXED = """\
chapter 25 月破
predicate 怪(位)
§25.1 「以用处反，名为月破」
rule 测.混 when 纳甲(位: P, 支: B), B < P then 怪(位: P)
"""


@needs_durable
@pytest.mark.parametrize("text, rule, reason", [
    (EXCEPTION, "月破.无用", "exceptions"),
    (VERDICT, "测.动", "断"),
    (FAN_OUT, "测.规64", "error 303"),
])
def test_refusal_is_one_line_naming_the_rule(tmp_path, capsys, text, rule, reason):
    write(tmp_path, text)
    code, out, err = run_cli(capsys, ["facts", "--lines", "777777", "--rulebook", str(tmp_path), "--backend", "durable"])
    assert code == 2 and not out
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert f"refuses rule {rule} (" in err and reason in err, err


@needs_durable
def test_mixed_type_ordering_is_refused_when_durable_would_answer_differently(tmp_path):
    write(tmp_path, MIXED)
    program = load_engine([tmp_path]).program
    assert not load_engine([tmp_path]).evaluate(chart_facts()).facts("怪")  # ours: never
    with pytest.raises(Refused, match=r"refuses rule 测\.混 .*orders a number and a text as texts"):
        DurableEngine(program).evaluate(chart_facts())


@needs_durable
def test_the_64_limit_is_durables_own(tmp_path):
    """The refusal is not over-cautious: durable-rules itself fails at 65 pending tests."""
    class Quiet(durable._durable.Host):
        def _run(self) -> None:
            pass

    for count, fails in ((64, False), (65, True)):
        host = Quiet()
        rules = {f"r{i}": {"all": [{"f": {"$and": [{"t": "A"}, {"$neq": {"a0": i}}]}}], "run": lambda c: None}
                 for i in range(count)}
        host.set_rulesets({f"limit{count}": rules})
        if fails:
            with pytest.raises(Exception, match="303"):
                host.assert_fact(f"limit{count}", {"sid": "1", "t": "A", "a0": -1})
        else:
            host.assert_fact(f"limit{count}", {"sid": "1", "t": "A", "a0": -1})
            host.delete_state(f"limit{count}", "1")


NEGATION = f"""\
chapter 25 月破
predicate 月破(位)
predicate 冲爻(位)
predicate 静好(位)
§25.1 「以用处反，名为月破」
{CHONG}
rule 测.冲 when 纳甲(位: P, 支: B), 日辰(支: D), 六冲(D, B) then 冲爻(位: P)
rule 测.破 when 冲爻(位: P), 纳甲(位: P, 支: B), 月建(支: M), 六冲(M, B) then 月破(位: P)
rule 测.好 when 爻(位: P), not 月破(位: P), N = P * 2 + 1, N > 5 then 静好(位: N)
rule 测.无月 when not 月建(支: _), N = 2 + 3 then 静好(位: N)
rule 测.长 when 爻(位: 1), 爻(位: 2), 爻(位: 3), 爻(位: 4), 爻(位: 5), 爻(位: 6), 纳甲(位: 1, 支: A), 纳甲(位: 2, 支: A),
  纳甲(位: 3, 支: B), 纳甲(位: 4, 支: B), 纳甲(位: 5, 支: C), 纳甲(位: 6, 支: C), 六冲(A, D), 六冲(B, E), 六冲(C, F), 六冲(D, X)
  then 冲爻(位: 7)
"""


@needs_durable
def test_negation_over_facts_derived_late_and_host_arithmetic(tmp_path):
    """`not 月破` looks at a predicate two rules deep: durable must not fire 测.好 before it is
    known; 测.无月 has nothing but a `not`; 测.长 matches more facts than one durable frame holds."""
    write(tmp_path, NEGATION)
    built = load_engine([tmp_path])
    backend = DurableEngine(built.program)
    assert len([s for s in backend.changing.steps if s.rule.id == "测.长"]) == 2
    cases = [chart_facts(month=month, day=day) for month, day in itertools.product(BRANCHES, BRANCHES)]
    cases += [chart_facts(branches="子子午午寅寅"), chart_facts(branches="子子午午寅寅", month="午"), chart_facts(day="午")]
    for base in cases:
        assert difference(built.evaluate(base), backend.evaluate(base)) is None, base
    facts = backend.evaluate(cases[-3]).relations
    assert (7,) in facts["冲爻"] and (5,) in facts["静好"]  # the long rule and the not-only rule fired


# without durable-rules ----------------------------------------------------------------------------

@needs_durable
def test_a_host_that_refuses_given_facts_as_observed_is_replaced_and_the_chart_run_again(layer):
    # durable-rules, after many deleted sessions, can refuse a batch of distinct facts as "already
    # observed" (seen on the 72nd chart of the seeded sample); the chart is run again on a new host.
    backend = DurableEngine(layer.program, layer.label)
    stale = backend._host
    real = stale.assert_facts

    def refuse(name, facts):
        stale.assert_facts = real  # the old host is dropped after this
        raise durable._durable.MessageObservedException(facts)

    stale.assert_facts = refuse
    assert_same(layer, backend, (7, 8, 8, 8, 7, 6), dated_moment(1))
    assert backend._host is not stale


def test_without_durable_rules_the_option_says_so_in_one_line(monkeypatch, capsys):
    monkeypatch.setattr(durable, "_IMPORT_ERROR", "ModuleNotFoundError: No module named 'durable'")
    code, out, err = run_cli(capsys, ["facts", "--lines", "877987", "--backend", "durable"])
    assert code == 2 and not out
    assert err.count("\n") == 1 and "durable-rules 2.0.28 does not import here" in err and "yimao[durable]" in err
