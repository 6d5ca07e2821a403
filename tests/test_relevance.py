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
    return lambda base: full


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
