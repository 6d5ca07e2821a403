"""Rulings corrected after a reading of the written chapters against the text (issue 16): for each,
a chart where the book's ruling shows and one where it must not."""

from __future__ import annotations

from functools import lru_cache

import engine
from engine.rulebook import load_engine


@lru_cache(maxsize=None)
def judge(question: str, lines: str, month: str, day: str, about: str = "自"):
    return engine.judge(question=question, about=about, lines=lines, month=month, day=day)


def facts(j, predicate: str) -> set[tuple]:
    return {f.values for f in j.chart.result.facts(predicate)}


def standing(j) -> set[str]:
    return {v["rule"] for v in j.verdicts() if not v["defeated_by"]}


# --- quotes that say what the rule does --------------------------------------------------------

def test_hidden_generates_flying_quotes_the_paragraph_that_names_it():
    # 12.5's 「飞来生伏」 is 飞生伏, the opposite relation; 伏生飞 is named in 12.7 only.
    rule = load_engine().program.rule("飞伏.伏生飞")
    assert rule.citation.ref == "12.7" and "独伏生飞" in rule.citation.quotes[0]
    assert not any("飞来生伏" in q for c in rule.citations for q in c.quotes)


def test_the_eight_voids_of_42_13_do_not_hang_on_day_and_month_first():
    program = load_engine().program
    eight = [r for r in program.rules if r.id.startswith("旬空.八")]
    assert len(eight) == 13
    for rule in eight:
        assert "日月为最" not in rule.citation.quotes[0], rule.id
        assert any(c.ref == "42.13" for c in rule.citations), rule.id


# --- 56.5 and 56.3: 用旺 is not a broken 用神; the seven dangers can all be rescued --------------
# 788887: the 世 (the 用神 of one asking for himself) is line 4, a 戌; there is no 官鬼 in the
# cast.  In a 辰 month the 戌 is 旺 by season and broken by the month; in a 戌 month it is 旺 and whole.

def test_a_month_broken_use_god_is_not_strong_without_ghost():
    broken = judge("疾病", "788887", "辰", "甲子")
    assert (4, "本") in facts(broken, "月破") and (4, "本") in facts(broken, "旺相")
    assert not any(v[2] == "用旺无鬼" for v in facts(broken, "病安"))
    assert "疾病.用死" in standing(broken)
    whole = judge("疾病", "788887", "戌", "甲子")
    assert (4, "本", "用旺无鬼") in facts(whole, "病安")


def test_a_month_broken_use_god_is_rescued_by_the_day_not_by_the_month():
    # 56.3 「以上七法系大凶，得日月动变有一能救者，则反观之」: 月破 among them.  A 午 day generates the
    # broken 戌 earth: rescued.  On a 子 day only the 辰 month, which breaks it, 扶s it: not rescued.
    day = judge("疾病", "788887", "辰", "丙午")
    assert (4, "本", "得生") in facts(day, "病救")
    assert "疾病.用死" not in standing(day) and "疾病.用生" in standing(day)
    month_only = judge("疾病", "788887", "辰", "甲子")
    assert not facts(month_only, "病救")
