"""Chapter 67 求财 after its fourth review: the words of 67.10 and 67.9 that say how the profit is had
(「六冲宜改图而得利」, 「化退神者日减」) are no denial of it; a 兄 or 父 that moves but is scattered or
otherwise spoiled neither snatches (67.8 夺报) nor toils (67.12); the 财's own rulings (67.9, 67.12)
do not read a 用神 that is not the 财 (67.4's animals, clothes, vehicles); 67.1's 「亦为有利」 speaks
where a ghost moves, and reads the trader's moving ghost in place of 67.12's 「官鬼耗我财」.  Rows
marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 67.10 「六冲宜改图而得利」: 乾之小畜 asked of goods (脱置), the 寅 财 on the month -- the 六冲 says to
    # change plans and profit, it no longer outweighs the 财's 全吉 by 42.21 (fixed: 不得 before); in a
    # 酉 month the 财 is broken and 「倘妻财空破，即应讼盗惊灾」 (stays).
    ("求财.脱置", "777977", "寅", "丁未", {}, "得", "脱置.六冲"),
    ("求财.脱置", "777977", "酉", "丁未", {}, "不得", "用神断.凶陷"),
    # 67.9 「化进神者日增，化退神者日减……利薄者妻化克也」: 兑之随's 卯 财 相 in 亥 retreats into 寅 --
    # the profit dwindles, it is still had (fixed: 不得 before); in a 巳 month, drained, 42.19's 泄气
    # denies it (stays).
    ("求财", "798778", "亥", "甲子", {}, "得", "财.化退神"),
    ("求财", "798778", "巳", "丙午", {}, "不得", "用神断.凶陷"),
    # 67.8 「夺报者，兄爻动为攘光」 and 27.1 「夫散，犹空也，则全无矣」: 坤之复's moving 未 兄 is scattered
    # by the 丑 day -- nothing snatches (fixed: 不得 before); on 丙寅 it moves whole and snatches (stays).
    ("求财.夺报", "688888", "子", "丁丑", {}, "得", "用神断.全吉"),
    ("求财.夺报", "688888", "子", "丙寅", {}, "不得", "夺报.兄动"),
    # 67.4 「飞走之灵，不用财而用子孙」 and 67.9 「此言财爻生克补救之法」: 革之夬 asked of an animal, the
    # 卯 子孙 broken by the 酉 month is no 财 that 「得补则复」 (fixed: 得 by 财.破得补 before); 比之坤's
    # 申 子孙 on the day is 全吉 (stays).
    ("求财.觅物", "767778", "酉", "乙亥", {"about": "禽兽"}, "不得", "用神断.凶陷"),
    ("求财.觅物", "888898", "寅", "庚申", {"about": "禽兽"}, "得", "用神断.全吉"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_scattered_father_is_held_down():
    """67.12 「父母为辛劳，喜抑而不喜扬」, 27.1 「夫散，犹空也」: 坤之师's moving 巳 父母 is scattered by
    the 亥 day -- no 「辛劳」 (fixed); on 丙寅 it moves whole (stays)."""
    assert (2, "本", "散") in facts("坏", "868888", "子", "乙亥", question="求财")
    assert "六亲.父扬" not in verdict_rules("求财", "868888", "子", "乙亥")
    assert "六亲.父扬" in verdict_rules("求财", "868888", "子", "丙寅")


def test_the_wealths_rulings_leave_an_animal_alone():
    """67.4 「飞走之灵，不用财而用子孙」: asked of an animal, 比之坤's 用神 is the 申 子孙 -- no 财爻, so
    neither 67.12's 「兄弟克我财」 on the moving 戌 (its 元神) nor 67.9's 「财爻衰，得旺则长」 (fixed);
    asked of money the 财 is read and the moving 兄 克我财 (stays)."""
    assert facts("财爻", "888898", "寅", "庚申", question="求财.觅物", about="禽兽") == set()
    animal = verdict_rules("求财.觅物", "888898", "寅", "庚申", about="禽兽")
    assert "六亲.兄动" not in animal and "财.衰得旺" not in animal
    assert "六亲.兄动" in verdict_rules("求财.觅物", "888898", "寅", "庚申")


def test_still_profitable_speaks_where_a_ghost_moves():
    """67.1 「行商若财爻旺相，或鬼动不值雀武蛇虎，亦为有利」 answers 「商旅忌鬼」: 泰 asked by a trader
    meeting guests (迎客) has no moving ghost -- no 「鬼动亦为有利」 (fixed); 987887 in 卯 on 庚子, with a
    moving 卯 ghost, keeps it (贲之艮: stays)."""
    assert "商旅.财旺有利" not in verdict_rules("求财.迎客", "777888", "子", "丙子")
    assert "商旅.财旺有利" in verdict_rules("求财.迎客", "987887", "卯", "庚子")


def test_the_traders_moving_ghost_is_read_by_67_1():
    """67.1 「或鬼动不值雀武蛇虎，亦为有利」 against 67.12 「官鬼耗我财，吉安而不喜摇」: asked by a trader
    (迎客), 震之无妄's moving 申 ghost carries none of the four spirits -- no 「耗我财」 (fixed); beside a
    strong 财 with a 白虎 ghost (贲之艮, 卯, 庚子) neither (fixed); asked as a plain 求财 the ghost
    wastes the wealth (stays)."""
    trader = verdict_rules("求财.迎客", "788766", "亥", "辛酉")
    assert "六亲.鬼摇" not in trader and "商旅.鬼动" not in trader
    assert "六亲.鬼摇" not in verdict_rules("求财.迎客", "987887", "卯", "庚子")
    assert "六亲.鬼摇" in verdict_rules("求财", "788766", "亥", "辛酉")
