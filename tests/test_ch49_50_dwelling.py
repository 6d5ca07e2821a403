"""Chapters 49 卜居 and 50 坟墓: the key rulings on concrete charts, through the judge.

卜居: the trigram of the house (inner for the house lived in, outer for the one to move to), the
moving ghost and what it brings, the shape of the site, and each sub-question one way and the other.
"""

from __future__ import annotations

from functools import cache

import pytest

import engine
from engine.api import evaluate_chart
from engine.judge import Judgement, parse_question
from engine.rulebook import load_engine


@cache
def _engine(school):
    return load_engine(school=None if school == "易冒" else school)


@cache
def judged(question, hexagram, month, day, about=None, term=None, school="易冒"):
    """The answers and the chart's facts, as `yimao judge` would give them (term: the solar term)."""
    e = _engine(school)
    q = parse_question(e.program, question, about, None, None)
    extra = q.facts()
    if term:
        from engine.facts import Fact
        extra = extra + [Fact("节气", (term,))]
    chart = evaluate_chart(e, engine.cast(hexagram=hexagram), engine.moment(month=month, day=day), "test", extra)
    return {"answers": Judgement(q, chart).to_dict()["answers"], "result": chart.result}


def verdict(data):
    """The answer on the sub-question's words axis, and the rules that decided or supported it."""
    item = next(a for a in data["answers"] if not a["axis"].startswith("by "))
    return item["answer"], {r["rule"] for r in item["decided_by"] + item["supported_by"]}


def answers_by(data, predicate):
    return {item["answer"] for item in data["answers"]
            if item["axis"].startswith(f"by {predicate}(") and item["answer"] != "未决"}


# --- 49 卜居 ----------------------------------------------------------------------------------------

def test_house_lived_in_reads_the_inner_trigram_the_new_house_the_outer():
    """颐之损 戌建 甲子日: the inner 震 turns into 兑 (反吟), the outer 艮 stays in season."""
    old, old_rules = verdict(judged("卜居.旧居", "颐之损", "戌", "甲子"))
    new, new_rules = verdict(judged("卜居.新居", "颐之损", "戌", "甲子"))
    assert old == "凶" and "卜居.卦病" in old_rules and "旧居.游魂" in old_rules
    assert new == "吉" and "卜居.卦旺" in new_rules


def test_moving_ghost_is_the_bane_of_the_house():
    data = judged("卜居", "坎之比", "子", "甲子")  # the 辰 官鬼 of line 2 moves
    answer, rules = verdict(data)
    assert answer == "凶" and "卜居.鬼动" in rules
    assert {"瘟疫", "灶"} <= set(answers_by(data, "居祸象").pop().split("、"))  # 土鬼 瘟疫, line 2 灶


def test_shape_of_the_site():
    data = judged("卜居", "乾", "子", "甲子")
    assert answers_by(data, "居形")


CHARTS = {  # sub-question: (a chart the book reads 吉, one it reads 凶)
    "旧居": (("屯", "寅", "甲子"), ("乾", "子", "甲子")),
    "新居": (("屯", "戌", "甲子"), ("乾", "子", "甲子")),
    "还旧": (("屯", "寅", "甲子"), ("颐之损", "戌", "甲子")),
    "合新": (("屯", "戌", "甲子"), ("乾", "子", "甲子")),
    "共居": (("屯", "子", "壬午"), ("乾", "子", "甲子")),
    "创造": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "兴修": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "年月": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "匠工": (("屯", "子", "壬午"), ("乾", "子", "甲子")),
    "庙宇": (("屯", "子", "甲子"), ("坎之比", "子", "甲子")),
    "道场": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "公署": (("屯", "子", "庚午"), ("乾", "子", "甲子")),
    "馆地": (("屯", "子", "癸酉"), ("乾", "子", "甲子")),
    "蚕室": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "仓栈": (("屯", "子", "庚午"), ("乾", "子", "甲子")),
    "贾肆": (("屯", "子", "庚午"), ("乾", "子", "甲子")),
}


@pytest.mark.parametrize("sub", sorted(CHARTS))
def test_dwelling_sub_questions_each_way(sub):
    good, bad = CHARTS[sub]
    good_answer, good_rules = verdict(judged(f"卜居.{sub}", *good))
    bad_answer, _ = verdict(judged(f"卜居.{sub}", *bad))
    assert (good_answer, bad_answer) == ("吉", "凶")
    assert any(rule.split(".")[0] in CHAPTER_49_RULES for rule in good_rules), good_rules


CHAPTER_49_RULES = {"卜居", "旧居", "共居", "创造", "兴修", "匠工", "庙宇", "道场", "公署", "蚕室"}


def test_kinsman_sharing_the_house_is_read_by_his_relative():
    """49.5 commentary: 亲人共居，属在用神，他人共居，属在应爻."""
    def relative(about):
        data = judged("卜居.共居", "屯", "子", "甲子", about=about)
        return {f.values for f in data["result"].facts("用象")}
    assert relative(None) == {("应",)}
    assert relative("兄") == {("兄弟",)}
