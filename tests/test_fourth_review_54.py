"""Chapter 54 抚养 read again after the method chapters' third review (a fourth look).  入继's 「鬼失财失」
counts absence as 17.1 does (a 财 hidden and lifted, or carried by the day or month, is 本无而有, not
lost); 收养's spoiled 用神 is the three ills 54.2 names (「空破散」), not 54.4's four; the 孝慈 of a
combining cast (54.1) is answered for 继养 and 抚养; 54.2-54.3's images of the one taken in are 收养's
(and the question's at large), not 入继's or 投养's; and 抚养's 命墓 speaks its own words (「命墓则有夭折」).
Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings, verdict_rules, verdict_texts


CHARTS = [
    # 54.4 「鬼失财失，不能成也」 read with 17.1 「俗学但以用爻上卦为有，不上卦为无，岂能通微刻验」: 姤's
    # 妻财 寅 is hidden under the static 亥, and the 寅 month carries it (本无而有 by 日月) -- not lost, so
    # the 世 丑, 月克日生, answers (「继义世旺我往而昌」; fixed: 凶 by 入继.鬼财失 before); in a 午 month
    # nothing carries it and the 财 is lost (stays).
    ("抚养.入继", "877777", "寅", "庚午", {}, "吉", "入继.世旺"),
    ("抚养.入继", "877777", "午", "庚午", {}, "凶", "入继.鬼财失"),
    # 54.2 「及用遭空破散，是其自濡于溺，而我济无功也」: a cousin taken in, 姤's 应 午, 旺 in the 巳 month and
    # 绝 on 亥 -- 绝 is not among the three, so ch. 42's grade answers (fixed: 凶 by 收养.用坏 before); on
    # 甲申 the 午 is void (stays).
    ("抚养.收养", "877777", "巳", "乙亥", {"about": "宗"}, "吉", "用神断.有玷"),
    ("抚养.收养", "877777", "巳", "甲申", {"about": "宗"}, "凶", "收养.用坏"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_wealth_present_by_17_1_is_not_lost():
    """明夷's 妻财 午 is hidden under the 世 and carried by the 午 month: 17.1's 本无而有, so 「财失」 does
    not hold (fixed); 姤 in a 午 month has its 寅 财 neither flying nor carried (stays)."""
    assert ("妻财", "伏") in facts("本无而有", "787888", "午", "戊辰", question="抚养.入继")
    assert "入继.鬼财失" not in verdict_rules("抚养.入继", "787888", "午", "戊辰")
    assert ("妻财",) in facts("入继失", "877777", "午", "庚午", question="抚养.入继")


def test_a_combining_cast_answers_filial_love_for_the_child_given_or_adopted():
    """54.1 「继是家者，子孙旺为康宁，卦爻合为孝慈」: 节, a 六合, answers 孝慈 on 继养's and 抚养's
    image axis (fixed: derived but answered on neither)."""
    assert "孝慈" in readings("抚养.继养", "778878", "卯", "丙子", "by 养象(象)")
    assert "孝慈" in readings("抚养.抚养", "778878", "卯", "丙子", "by 养象(象)")


def test_the_images_of_one_taken_in_are_not_an_heirs():
    """54.2 「游魂每念新乡」 and 54.3 「克世反视」 are said of 收养: 明夷 (游魂, its 应 卯 controlling the
    世 丑) shows only 54.4's 「游魂不一」 for 入继 (fixed) and both for 收养 (stays); 姤's 应 午 generating
    the 世 (「益我以荣」) is no image of 入继 either (fixed)."""
    heir = readings("抚养.入继", "787888", "午", "戊辰", "by 养象(象)")
    assert heir == {"不一"}
    assert {"每念新乡", "反视"} <= readings("抚养.收养", "787888", "午", "戊辰", "by 养象(象)")
    assert "荣" not in readings("抚养.入继", "877777", "午", "庚午", "by 养象(象)")
    assert "荣" in readings("抚养.收养", "877777", "午", "庚午", "by 养象(象)")


def test_the_birth_year_in_the_ghosts_tomb_speaks_each_questions_words():
    """54.1: 继养 「命随鬼墓，往必病焉」, 抚养 「命墓则有夭折」 -- 明夷's 丑 官鬼 (the 世) enters its tomb on
    the 辰 day, the child born in a 丑 year (fixed: 抚养 said 「往必病焉」)."""

    assert verdict_texts("养子.命墓", "抚养.抚养", "787888", "午", "戊辰", birth_year="丑") == {"命随鬼墓，有夭折"}
    assert verdict_texts("养子.命墓", "抚养.继养", "787888", "午", "戊辰", birth_year="丑") == {"命随鬼墓，往必病焉"}


def test_a_clashing_cast_speaks_each_questions_words():
    """54.1: 继养 「最忌三冲，为有初鲜终之象」, 抚养 「三冲则无始终」 -- 乾, a 六冲 (fixed: 抚养 said 「有初鲜终」)."""

    assert verdict_texts("养子.三冲", "抚养.抚养", "乾", "子", "甲子") == {"正卦冲，无始终"}
    assert verdict_texts("养子.三冲", "抚养.继养", "乾", "子", "甲子") == {"正卦冲，有初鲜终"}
