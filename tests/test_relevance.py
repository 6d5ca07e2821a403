"""Relevance pruning: a run calls only the rules that can fire on its inputs, and that must never
change what it derives.  Checked on the whole shipped rulebook against the unpruned plan, and on
small rulebooks for what is pruned and why."""

import random
from datetime import datetime, timedelta

import pytest

from yimao import rulebook
from yimao.api import evaluate_chart
from yimao.calendar import Moment
from yimao.cast import Cast
from yimao.facts import Fact
from yimao.judge import parse_question
from yimao.relevance import merged, resolved
from rulebooks import write


def _outcome(result):
    return (result.sorted_facts(), sorted(map(repr, result.conclusions)), sorted(map(repr, result.defeats)),
            {f: sorted(map(repr, result.derivations[f])) for f in result.sorted_facts()})


def _unpruned(engine):
    full = resolved(merged(engine.plans[False]), engine.compiled)
    return lambda base, *restrictions: full


@pytest.mark.parametrize("question", [None, "疾病", "求财", "功名", "行人", "胎产"])
def test_pruning_changes_nothing_on_the_shipped_rulebook(question, monkeypatch):
    engine = rulebook.load_engine()
    rng = random.Random(hash(question) & 0xFFFF)
    asked = parse_question(engine.program, question).facts() if question else []
    for _ in range(6):
        cast = Cast.random(rng.randrange(2**31))
        moment = Moment.from_datetime(datetime(1950, 1, 1) + timedelta(seconds=rng.randrange(100 * 365 * 86400)))
        pruned = evaluate_chart(engine, cast, moment, "t", asked).result
        with monkeypatch.context() as patch:
            patch.setattr(engine.relevance, "plan_for", _unpruned(engine))
            full = evaluate_chart(engine, cast, moment, "t", asked).result
        assert _outcome(pruned) == _outcome(full)


RULES = """\
chapter 25 月破
predicate 破(位)
predicate 问破(位)
predicate 余(位)
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 破(位: P)
rule 月破.问 when 破(位: P), 问(事: 疾病) then 问破(位: P)
rule 月破.余 when 问破(位: P) then 余(位: P)
"""
INPUTS = """
input 纳甲(位, 支)
input 月建(支)
input 问(事)
"""


def test_rules_of_another_question_and_what_only_they_feed_are_not_called(tmp_path):
    write(tmp_path, RULES, inputs=INPUTS)
    engine = rulebook.load_engine([tmp_path], use_cache=False)
    base = [Fact("纳甲", (1, "子")), Fact("月建", ("午",))]

    def called(facts):
        return [c.id for rules, _, _ in engine.relevance.plan_for(facts) for c, _, _ in rules]

    assert called(base + [Fact("问", ("求财",))]) == ["月破.定"]
    assert called(base + [Fact("问", ("疾病",))]) == ["月破.定", "月破.问", "月破.余"]
    assert called([Fact("问", ("疾病",))]) == []  # no 纳甲, no 月建: nothing can fire
    result = engine.evaluate(base + [Fact("问", ("疾病",))])
    assert result.holds(Fact("余", (1,)))


def _restricted(result, predicates):
    """A result's facts, derivations and defeats of the given predicates only."""
    facts = [f for f in result.sorted_facts() if f.predicate in predicates]
    return (facts, {f: sorted(map(repr, result.derivations[f])) for f in facts},
            sorted(repr(d) for d in result.defeats if getattr(d.head, "predicate", None) in predicates))


def _derived(result) -> int:
    """How many facts a run derived itself (not the tables and static rules every run shares)."""
    return sum(len(facts) for name, facts in result.relations.items() if facts is not result.shared_facts.get(name))


@pytest.mark.parametrize("school", [None, "俗传", "京房"])
def test_a_chart_made_for_showing_is_the_full_chart(school):
    """`yimao.chart` evaluates only the rules its cells depend on: the same chart, the same facts,
    derivations and defeats of every predicate it shows, and the whole fact base when asked."""
    import yimao
    from yimao.chart import SHOWN

    rng = random.Random(7 if school is None else len(school))
    engine = rulebook.load_engine(school=school)
    for _ in range(8):
        lines = "".join(rng.choice("6789") for _ in range(6))
        when = datetime(1950, 1, 1) + timedelta(seconds=rng.randrange(100 * 365 * 86400))
        shown = yimao.chart(lines=lines, date=when.strftime("%Y-%m-%dT%H:%M+08:00"), engine=engine)
        full = evaluate_chart(engine, shown.cast, shown.moment, "shipped")
        assert shown.to_dict() == full.to_dict()
        assert _restricted(shown.shown, SHOWN) == _restricted(full.result, SHOWN)
        assert _derived(shown.shown) < _derived(full.result) / 2  # a part was evaluated
        assert _outcome(shown.result) == _outcome(full.result)  # `result`: every rule, on first use


def test_a_shown_chart_refuses_a_cell_it_did_not_derive():
    """A new cell must name its predicate in chart.SHOWN, or its facts would silently be missing."""
    import yimao

    chart = yimao.chart(hexagram="豐之萃", month="申", day="丁酉")
    chart.to_dict()
    with pytest.raises(ValueError, match="旺相"):
        chart.reader.holds("旺相", 位=1)


CONE = """\
chapter 25 月破
predicate 破(位)
predicate 不破(位)
predicate 破空(位)
predicate 旁(位)
predicate 合(位)
predicate 余(位)
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 破(位: P)
rule 月破.逢合 exception to 月破.定 when 纳甲(位: P, 支: 子), 合(位: P) then 不破(位: P)
rule 月破.合 when 纳甲(位: P, 支: 丑) then 合(位: P)
rule 月破.空 when 破(位: P), not 旁(位: P) then 破空(位: P)
rule 月破.旁 when 纳甲(位: P, 支: 子) then 旁(位: P)
rule 月破.远 when 破空(位: P) then 余(位: P)
"""


def test_the_cone_of_a_predicate_holds_its_rules_what_they_read_and_their_exceptions(tmp_path):
    from yimao.relevance import cone

    write(tmp_path, CONE, inputs=INPUTS)
    engine = rulebook.load_engine([tmp_path], use_cache=False)
    needs, exceptions = engine.relevance.needs, engine.relevance.exceptions
    assert cone(needs, exceptions, frozenset({"破"})) == {"月破.定", "月破.逢合", "月破.合"}
    # what it reads under `not` too, and not the rules that read it (月破.远)
    assert cone(needs, exceptions, frozenset({"破空"})) == {"月破.定", "月破.逢合", "月破.合", "月破.空", "月破.旁"}
    assert cone(needs, exceptions, frozenset({"余"})) == {"月破.定", "月破.逢合", "月破.合", "月破.空", "月破.旁", "月破.远"}
    assert cone(needs, exceptions, frozenset({"旁"})) == {"月破.旁"}
    base = [Fact("纳甲", (1, "子")), Fact("月建", ("午",))]
    assert engine.evaluate(base, wanted=frozenset({"破"})).facts("破") == engine.evaluate(base).facts("破")


def test_a_judgement_evaluates_what_it_reads_and_says_what_a_whole_evaluation_says():
    """Every question of the shipped rulebook, and the first sub-question of each, on seeded random
    charts: the judgement with proofs (so every fact a proof reaches) is the one a whole
    evaluation gives, although only the rules `judge.judged` needs are evaluated."""
    from yimao.judge import Judgement, judged

    engine = rulebook.load_engine()
    rng = random.Random(17)
    asked = []
    for question in engine.program.questions:
        asked.append(question.name)
        asked.extend(f"{question.name}.{sub}" for sub in question.subquestions[:1])
    fewer = 0
    for name in dict.fromkeys(asked):
        question = parse_question(engine.program, name)
        cast = Cast.random(rng.randrange(2**31))
        moment = Moment.from_datetime(datetime(1950, 1, 1) + timedelta(seconds=rng.randrange(100 * 365 * 86400)))
        wanted = judged(engine.program, question)
        narrow = evaluate_chart(engine, cast, moment, "t", question.facts(), wanted)
        whole = evaluate_chart(engine, cast, moment, "t", question.facts())
        assert Judgement(question, narrow).to_dict(True) == Judgement(question, whole).to_dict(True), name
        fewer += _derived(narrow.shown) < _derived(whole.result)
    assert fewer > len(set(asked)) * 0.9  # most judgements evaluated less


def test_a_judgements_chart_holds_the_whole_fact_base():
    """The API's judgement reads what it was evaluated for; its chart's `result` is every fact
    (a folk sign 俗忌 no verdict reads, say)."""
    import yimao

    judgement = yimao.judge(question="疾病", about="父", hexagram="豐之萃", month="申", day="丁酉")
    whole = evaluate_chart(rulebook.load_engine(), judgement.chart.cast, judgement.chart.moment, "t",
                           judgement.question.facts())
    assert _derived(judgement.chart.shown) < _derived(whole.result)
    assert judgement.chart.result.sorted_facts() == whole.result.sorted_facts()


def _live_by_strata(relevance, given, met):
    """The rules that can fire, as the plan's strata find them one by one: each stratum's rules to a
    fixed point (a recursive stratum's rules can make each other's bodies live)."""
    live = {p for p, relation in relevance.shared.items() if relation.facts} | relevance.added | given
    chosen = set()
    for rules, _, _ in relevance.plan:
        changed = True
        while changed:
            changed = False
            for rule_id, _ in rules:
                body, patterns, heads, _ = relevance.needs[rule_id]
                if rule_id not in chosen and body <= live and patterns <= met:
                    chosen.add(rule_id)
                    live |= heads
                    changed = True
    return chosen


@pytest.mark.parametrize("question", [None, "疾病", "婚姻", "功名"])
def test_the_live_rules_are_the_strata_fixed_point(question):
    """`Relevance.live` counts down each rule's unmet body predicates instead of walking the strata;
    on the shipped rulebook it finds the same rules for charts with and without moving lines."""
    engine = rulebook.load_engine()
    relevance = engine.relevance
    asked = parse_question(engine.program, question).facts() if question else []
    rng = random.Random(len(question or ""))
    for lines in ("777888", "977886", "696969", *("".join(rng.choice("6789") for _ in range(6)) for _ in range(3))):
        moment = Moment.from_datetime(datetime(1950, 1, 1) + timedelta(seconds=rng.randrange(100 * 365 * 86400)))
        from yimao.chart import base_facts

        given, met = relevance.signature(base_facts(engine, Cast.from_lines(lines), moment) + list(asked))
        assert relevance.live(given, met) == _live_by_strata(relevance, given, met)
        # and without the moment: fewer inputs, fewer rules
        given, met = relevance.signature(base_facts(engine, Cast.from_lines(lines), None) + list(asked))
        assert relevance.live(given, met) == _live_by_strata(relevance, given, met)
