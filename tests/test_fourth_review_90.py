"""Chapter 90 避乱 read again (a fourth look): how the ghost is weighed.  90.3's 「散来复去」 makes the
scattered ghost come (and go), not 32.2's 「犹不有」; 旺 and 休 of the ghost are read by the day as
well as the month (23.3 「占者宁不以日主为先也」); a ghost moving in the dark (27.3) is not 「鬼静」;
famine is read by the 财 alone (90.4 「不以官鬼言也」); a void ghost of use (26.3 「此皆空而有用也」)
is there; and 「鬼破」 gives way to a 旺 ghost as 「鬼休」 does.  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings, verdict_rules


CHARTS = [
    # 90.3 「兵由是来乎，无鬼无兵……散来复去」: 乾之小畜's moving 午 ghost scattered by the 子 day -- the
    # soldiers come and leave again (fixed: 不来 by 兵来.无鬼 before).  乾's still 午 ghost void on 甲申
    # (甲申 旬) and 死 in the 亥 month is 32.2's 「有而空……犹不有也」: no ghost, no soldiers (stays).
    ("避乱.兵来", "777977", "亥", "丙子", {}, "来", "兵来.散"),
    ("避乱.兵来", "777777", "亥", "甲申", {}, "不来", "兵来.无鬼"),
    # 90.1 「鬼破鬼休，天心厌乱」 「故鬼旺而能静」 with 23.3 「占者宁不以日主为先也」: 晋's 巳 ghosts 死 in
    # the 子 month stand on the 乙巳 day -- 旺 and still, not 休 (fixed: 鬼旺能静 did not speak before);
    # on a 丙子 day they are 休 (stays).
    ("避乱.兵侵", "888787", "子", "乙巳", {}, "安", "避乱.鬼旺能静"),
    ("避乱.兵侵", "888787", "子", "丙子", {}, "安", "避乱.鬼休"),
    # 90.3 「鬼静无害」, 27.3 暗动 「然为吉凶之力则半」: 坎's 5th-line 戌 ghost, clashed by the 辰 day (墓冲),
    # moves in the dark and is no still ghost (fixed: 安 by 兵侵.鬼静 / 避地.鬼静 before); on a 丙子 day
    # nothing moves it (stays).
    ("避乱.兵侵", "878878", "卯", "甲辰", {}, "危", None),
    ("避乱.避地", "878878", "卯", "甲辰", {}, "危", None),
    ("避乱.兵侵", "878878", "卯", "丙子", {}, "安", "兵侵.鬼静"),
    # 90.4 「如因荒而避，则察财爻……以财旺则可安生，不以官鬼言也」: 明夷's hidden 午 财 on the 午 month
    # outweighs the 世's 随鬼入墓 (fixed: 危 by 随墓.世墓凶 before); 离's 酉 财 on the 酉 month outweighs
    # 助鬼伤身 (fixed: 危 by 助伤.用财凶 before); the 午 财 broken in a 子 month (stays).
    ("避乱.避荒", "787888", "午", "甲辰", {}, "安", "避荒.财旺"),
    ("避乱.避荒", "787787", "酉", "甲申", {}, "安", "避荒.财旺"),
    ("避乱.避荒", "787888", "子", "甲辰", {}, "危", "避荒.财坏"),
    # 26.3 「旺相之爻值空……若日辰亦生扶，乃谓真旺相空……此皆空而有用也」: 离's 亥 ghost void on 甲子,
    # 旺 in the 子 month and supported by the day -- a ghost that is there, so soldiers come (fixed:
    # 不来 by 兵来.无鬼 before) and it is 「鬼静无害」, not 「无鬼元侵」 (fixed: 兵侵.鬼静 did not speak);
    # 囚 in a 午 month the void ghost is none (stays).
    ("避乱.兵来", "787787", "子", "甲子", {}, "来", "兵来.有鬼"),
    ("避乱.兵侵", "787787", "子", "甲子", {}, "安", "兵侵.鬼静"),
    ("避乱.兵来", "787787", "午", "甲子", {}, "不来", "兵来.无鬼"),
    # 90.5 「鬼克以属」: the same 亥 ghost, void of use, controls the 巳 世 -- a real harm (fixed: 安 by
    # 兵害.鬼静 before); 囚 in the 午 month its void spares the 世 (stays).
    ("避乱.兵害", "787787", "子", "甲子", {}, "危", "兵害.鬼克"),
    ("避乱.兵害", "787787", "午", "甲子", {}, "安", "兵害.鬼静"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_ghost_on_the_day_brings_many():
    """90.3 「旺多衰少」, 23.3 「占者宁不以日主为先也」: 晋's 巳 ghosts on the 乙巳 day are many soldiers
    (fixed: 少 before), on a 丙子 day few (stays); 坎's 辰 ghost on the 甲辰 day (fixed: 少 before)."""
    assert readings("避乱.兵来", "888787", "子", "乙巳", "by 兵势(象)") == {"多"}
    assert readings("避乱.兵来", "888787", "子", "丙子", "by 兵势(象)") == {"少"}
    assert "多" in readings("避乱.兵来", "878878", "卯", "甲辰", "by 兵势(象)")
    assert "避乱.鬼休" not in verdict_rules("避乱.兵侵", "888787", "子", "乙巳")


def test_the_scattered_ghost_comes_and_goes():
    """90.3 「无鬼无兵，旺多衰少，破或分行，散来复去」: 乾之小畜's 午 ghost scattered on 丙子 is read by its
    own clause, not as few (fixed: 少、散来复去 before); 乾's void 午 on 甲申, 死 in 亥, is no ghost and
    tells no way of coming (fixed: 少 before); 节之解's broken 丑 ghost splits, the moving 戌 comes fast and
    many (stays)."""
    assert readings("避乱.兵来", "777977", "亥", "丙子", "by 兵势(象)") == {"散来复去"}
    assert readings("避乱.兵来", "777777", "亥", "甲申", "by 兵势(象)") == {"无断"}
    assert readings("避乱.兵来", "节之解", "未", "甲申", "by 兵势(象)") == {"多", "分行", "速"}


def test_a_ghost_moving_in_the_dark_is_not_still():
    """90.3 「鬼静无害」, 90.4 「空与静」, 90.5-90.6's still ghost: 坎's 戌 ghost moving in the dark on
    甲辰 is read as moving by every 「鬼静」 ruling (fixed); on 丙子 it is still (stays)."""
    assert facts("乱鬼暗动", "878878", "卯", "甲辰", question="避乱.兵侵") == {(5,)}
    still = {"兵侵.鬼静", "避地.鬼静", "讼避.空静", "兵害.鬼静", "谋害.鬼静"}
    for sub in ("兵侵", "避地", "讼避", "兵害", "谋害"):
        assert not still & verdict_rules(f"避乱.{sub}", "878878", "卯", "甲辰"), sub
    assert "讼避.空静" in verdict_rules("避乱.讼避", "878878", "卯", "丙子")


def test_a_void_ghost_of_use_is_no_void():
    """26.3 「此皆空而有用也」: 离's 亥 ghost void but 真旺相空 on 甲子 in a 子 month is not 「鬼空……王道
    荡平」 nor 「无鬼元侵」 (fixed); 囚 in a 午 month it is (stays)."""
    rules = verdict_rules("避乱.兵侵", "787787", "子", "甲子")
    assert not {"避乱.鬼空散", "兵侵.无鬼"} & rules
    assert {"避乱.鬼空散", "兵侵.无鬼"} <= verdict_rules("避乱.兵侵", "787787", "午", "甲子")


def test_the_broken_ghost_gives_way_to_a_strong_one():
    """90.1 「鬼破鬼休，天心厌乱。故鬼旺而能静」: 坎's 辰 ghost broken by the 戌 month while the 戌 ghost
    stands on the month -- the strong one is read, not the break (fixed); 乾's only 午 ghost broken in a
    子 month (stays)."""
    assert "避乱.鬼破休" not in verdict_rules("避乱.兵侵", "878878", "戌", "丁未")
    assert "避乱.鬼破休" in verdict_rules("避乱.兵侵", "777777", "子", "庚申")
