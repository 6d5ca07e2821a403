"""Chapter 48 年运 read again after the method chapters' third review (a fourth look): the year's 忌神
stirred by the day's clash (暗动) is not a still ghost, and a scattered one is as nothing (27.1, 27.3);
the year of the 世's own phase is 48.9's 「生旺用神」 as much as the year that generates it; of two lines
of the relative sought the whole one is read (30.1); the day's clash on the still 世 is 48.2's image
「行未举而先疑」, a harm only where it breaks a weak 世 (暗破).  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings, verdict_rules


CHARTS = [
    # 48.1 「鬼爻静者灾息」 with 27.3 「或临于忌神……忌而恶之」 (「然为吉凶之力则半」): 坎's 戌 官鬼 (line 5) is
    # clashed by the 辰 day -- 27.2's 墓冲, 「静遇为暗动」 -- the year's 忌神 stirs (fixed: 吉 by 年运.鬼静
    # before); on 丙子 nothing clashes a ghost (stays).
    ("年运", "878878", "子", "丙辰", {}, "凶", "年运.鬼暗动"),
    ("年运", "878878", "子", "丙子", {}, "吉", "年运.鬼静"),
    # 48.9 「凶欲其自有而无，则必年运之制伏忌神也」: asked of a 寅 year, whose wood controls that 戌, the
    # stirring ghost is held down (the year's remedy reaches the hidden mover too; 吉 before, but by
    # 年运.鬼静, the ghost called still).
    ("年运", "878878", "子", "丙辰", {"matter_year": "甲寅"}, "吉", "年运.岁制鬼"),
    # 48.9 「吉欲其自无而有，则必年运之生旺用神也」: 涣's 巳 世, drained in the 辰 month, asked of a 午 year
    # (its own phase) and of a 巳 year (its own branch) (fixed: 凶 before); of a 子 year, which controls
    # it, it stays 休囚 (stays).
    ("年运", "878877", "辰", "乙丑", {"matter_year": "戊午"}, "吉", "年运.岁月吉"),
    ("年运", "878877", "辰", "乙丑", {"matter_year": "丁巳"}, "吉", "年运.岁月吉"),
    ("年运", "878877", "辰", "乙丑", {"matter_year": "甲子"}, "凶", "年运.休囚"),
    # 48.8 「应财生世，得妇齐眉」 with 30.1 「舍其有伤，取其无伤」: 恒's 应 戌 妻财 generates the 世 and is
    # whole; the void 丑 财 of line 1 is set aside (fixed: 凶 by 趋吉.不得地 before).  In a 辰 month the 戌
    # is broken too and no 财 is whole (stays).
    ("年运.得妇", "877788", "酉", "戊午", {}, "吉", "趋吉.得妇"),
    ("年运.得妇", "877788", "辰", "戊午", {}, "凶", "趋吉.不得地"),
    # 48.8 「官文静旺，宜以求名」: 坎's 辰 官 (line 2) and 申 父 (line 4) still and strong; the void 戌 官 of
    # line 5 is set aside (fixed: 凶 by 趋吉.不得地 before).
    ("年运.求名", "878878", "申", "乙丑", {}, "吉", "趋吉.求名"),
    # 48.2 「冲为行未举而先疑」, put by the commentary in neither list (「旺相安静则吉，空破散绝，休囚发动则
    # 少安」): 坎's void 子 世 filled by the 午 day's clash (27.1 「空爻遇冲谓之实」), and 乾's 戌 世 on the
    # month moved in the dark by the 辰 day (27.3 「用而喜之」) (fixed: 凶 by 年运.世冲 before); the 子 世
    # 死 in a 未 month clashed by 午 is broken (暗破, 「即半碎矣」) (stays).
    ("年运", "878878", "申", "戊午", {}, "吉", "年运.世旺"),
    ("年运", "777777", "戌", "丙辰", {}, "吉", "年运.世旺"),
    ("年运", "878878", "未", "庚午", {}, "凶", "年运.世冲"),
    # 27.1 「夫散，犹空也，则全无矣」: 坎之比's moving 辰 官鬼 scattered by the 戌 day brings no trouble
    # (fixed: 凶 by 年运.鬼动 before); on 甲子 it moves unscattered (stays).
    ("年运", "坎之比", "子", "甲戌", {}, "吉", "年运.世旺"),
    ("年运", "坎之比", "子", "甲子", {}, "凶", "年运.鬼动"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_ghost_in_hidden_movement_is_not_still():
    """27.1 「日冲安旺之爻为暗动」 on the ghost: 坎's 戌 on a 辰 day is 年鬼暗动, and 48.8's 「鬼既静矣」 no
    longer holds (年吉 gone); 48.3's images stay with the ghost that truly moves (「必兼鬼爻发动」)."""
    assert (5,) in facts("年鬼暗动", "878878", "子", "丙辰", question="年运")
    assert not facts("年吉", "878878", "子", "丙辰", question="年运")
    assert facts("年吉", "878878", "子", "丙子", question="年运")
    assert readings("年运", "878878", "子", "丙辰", "by 年戒(戒)") == {"无断"}
    assert "趋吉.求名" not in verdict_rules("年运.求名", "878878", "子", "丙辰")


def test_the_year_of_the_worlds_own_phase_supports_it():
    """48.9 「以吉忌推衰旺，以岁月合世爻」: a 午 year meets 涣's 巳 世 as 扶 (fixed: no meeting before); a
    子 year has no such meeting (stays)."""
    assert ("年", "午", "扶") in facts("岁月合世", "878877", "辰", "乙丑", question="年运", matter_year="戊午")
    assert not {f for f in facts("岁月合世", "878877", "辰", "乙丑", question="年运", matter_year="甲子")
                if f[2] == "扶"}


def test_the_clash_on_the_world_is_an_image():
    """48.2 「冲为行未举而先疑」: the clashed still 世 reads 先疑 on the year's images whether or not it is
    broken."""
    assert "先疑" in readings("年运", "878878", "申", "戊午", "by 年运象(象)")
    assert "先疑" in readings("年运", "878878", "未", "庚午", "by 年运象(象)")
    assert "先疑" not in readings("年运", "878878", "子", "丙子", "by 年运象(象)")
