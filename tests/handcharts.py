"""Helpers for the tests of charts worked by hand from the book's general statements: the judge's
answers on a chart, the answer on the asked question's own axis and the rules that decided it."""

from __future__ import annotations

import yimao


def judged(question, cast, month, day, **options):
    """The judgement of a chart given as line digits (877987) or a hexagram name (豐之萃)."""
    kind = "lines" if cast.isdigit() else "hexagram"
    return yimao.judge(question=question, month=month, day=day, **{kind: cast}, **options)


def facts(predicate, cast, month, day, question="疾病", **options):
    """The values of a predicate's facts on the chart (judged for `question`), as tuples."""
    return {f.values for f in judged(question, cast, month, day, **options).chart.result.facts(predicate)}


def verdict_rules(question, cast, month, day, **options):
    """The ids of the rules with a 断 on the chart (standing, overruled or defeated)."""
    return {v["rule"] for v in judged(question, cast, month, day, **options).to_dict()["verdicts"]}


def verdict_texts(rule, question, cast, month, day, **options):
    """The texts of one rule's 断 on the chart (what it says, with the chart's values filled in)."""
    return {v["text"] for v in judged(question, cast, month, day, **options).to_dict()["verdicts"] if v["rule"] == rule}


def answers(question, cast, month, day, **options):
    """The judge's answers on a chart."""
    return judged(question, cast, month, day, **options).to_dict()["answers"]


def lead(question, cast, month, day, **options):
    """The answer on the asked (sub-)question's own axis: (word, the rules that decided it)."""
    row = next(a for a in answers(question, cast, month, day, **options) if not a["axis"].startswith("by "))
    return row["answer"], {r["rule"] for r in row["decided_by"]}


def on_axis(question, cast, month, day, sub_question, **options):
    """The answer on one (sub-)question's axis or further topic: (word, {rule: its 断 word} of the rulings
    that decided it)."""
    row = next(a for a in answers(question, cast, month, day, **options) if a["sub_question"] == sub_question)
    return row["answer"], {d["rule"]: d["word"] for d in row["decided_by"]}


def readings(question, cast, month, day, axis, **options):
    """The words answered on a reading axis (`by …`) of the chart."""
    return {w for a in answers(question, cast, month, day, **options) if a["axis"] == axis for w in a["answer"].split("、")}


def assert_lead(question, cast, month, day, options, expected, deciding):
    """A CHARTS row: the book's answer leads, decided by `deciding` (None: by any rule)."""
    word, rules = lead(question, cast, month, day, **options)
    assert word == expected, (word, rules)
    if deciding:
        assert deciding in rules, rules
