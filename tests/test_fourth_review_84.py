"""Chapter 84 失物 read again (a fourth look): seizing the thief fears only a ghost that truly moves
(32.2 「动而有制……犹不动也」) and a 子孙 without strength (「擒盗喜子旺克鬼……反是而凶」); suing for the
goods fears a weak 财 as much as a sick 官 (「讼盗喜官实财旺，反是而凶」); with no ghost on the cast the
suspect is not accused (32.4 「失物则勿以诬人」) whatever the 应 does to the 世; the quarter and the place
of the thing are read off the same line -- one 用神 where chapter 30 set the other 财 aside, the 主爻
of two where it did not, a fixed doubling (观, 升, the two earths of a pure hexagram) included (30.6
「亦以两现之法为用云尔」); and the thing is found on the 用神's days of 长生 and 帝旺 (84.3 「何日见获，
财爻生旺之辰也」) before 42.20's days.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, readings, verdict_rules


CHARTS = [
    # 84.5 「子旺有制，鬼动为凶」 with 32.2 「动而有制……犹不动也」: 乾之小畜's moving 午 ghost is held by the
    # 亥 month while the 子 子孙 (line 1) is strong in it -- 子旺克鬼 (fixed: 凶 by 起赃.鬼动 before); in a
    # 寅 month nothing holds the ghost and it moves (stays).
    ("失物.起赃", "777977", "亥", "丙寅", {}, "吉", "起赃.子旺克鬼"),
    ("失物.起赃", "777977", "寅", "丙寅", {}, "凶", "起赃.鬼动"),
    # 84.5 「擒盗喜子旺克鬼……反是而凶」: 乾's 子 子孙 void and weak on 丁巳 in a 卯 month (fixed: 吉 by
    # 用神断.全吉 before); in a 子 month on 丁卯 it is the month itself (stays).
    ("失物.起赃", "777777", "卯", "丁巳", {}, "凶", "起赃.子弱"),
    ("失物.起赃", "777777", "子", "丁卯", {}, "吉", None),
    # 84.5 「讼盗喜官实财旺，反是而凶」: 乾's 寅 财 死 in a 巳 month (fixed: 胜 by 讼盗.官生世 before); in a
    # 寅 month the 财 is strong and the 午 官 generates the 世 (stays).
    ("失物.讼盗", "777777", "巳", "辛酉", {}, "负", "讼盗.财衰"),
    ("失物.讼盗", "777777", "寅", "辛酉", {}, "胜", "讼盗.官生世"),
    # 32.4 「失物则勿以诬人」 against 84.5 「应克世而是盗」: 离's only ghost, the 亥 on the 应, is void on
    # 丙寅 and 囚 in a 午 month (32.2 「有而空……犹不有也」, 17.2 「衰遇旬空」) -- no thief (fixed: 未决
    # before); 旺 in a 子 month its void is of use (26.3 「此皆空而有用也」), and on 丙子 it is not void:
    # the 应 controlling the 世 is the thief (stays).
    ("失物.是彼", "787787", "午", "丙寅", {}, "非", "官鬼.失物无鬼"),
    ("失物.是彼", "787787", "子", "丙寅", {}, "是", "是彼.应克世"),
    ("失物.是彼", "787787", "子", "丙子", {}, "是", "是彼.应克世"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_held_ghost_is_no_moving_ghost():
    """32.2 「动而有制……犹不动也」: the 午 ghost held by the 亥 month gives no 「鬼动为凶」 (fixed)."""
    assert "起赃.鬼动" not in verdict_rules("失物.起赃", "777977", "亥", "丙寅")
    assert "起赃.鬼动" in verdict_rules("失物.起赃", "777977", "寅", "丙寅")


def test_a_fixed_doubling_is_read_by_its_main_line():
    """84.3 「用二而察主爻也」 and 30.6 「其升观二分之卦，八纯二土之象，皆有成格……亦以两现之法为用云尔」:
    观's two 卯 财 (lines 3 and 6) give one quarter, that of the inner one, and its place (fixed: two
    quarters and no place before); 震's two earth 财 (lines 3 and 6), the 戌 on the 世 the 主爻: its
    place (fixed: none before)."""
    assert facts("主用取", "888877", "子", "甲午", question="失物") == {(3,)}
    assert readings("失物", "888877", "子", "甲午", "by 藏方(方)") == {"西南"}
    assert readings("失物", "888877", "子", "甲午", "by 藏所(所)") == {"房", "内"}
    assert readings("失物", "788788", "卯", "甲午", "by 藏所(所)") == {"坟与野", "近身之器", "外"}


def test_the_quarter_and_the_place_read_one_line():
    """84.3 「用飞而察亲宫」 and 84.4 「财爻出现安静，然后以世应内外及六爻考之」: where chapter 30 set one 财
    aside (30.1 「舍其有伤，取其无伤，则可得一其主也」) the quarter is the 用神's own, as the place is --
    豫's 用神 on line 6 (震, 东; the void 世 line 1 set aside) and 旅's on line 4 (离, 南) (fixed: 西南 and
    东北 from the lines set aside before); 需's two 子 财, neither set aside, still read the inner one
    (乾, 西北; stays)."""
    assert readings("失物", "888788", "巳", "乙酉", "by 藏方(方)") == {"东"}
    assert readings("失物", "888788", "巳", "乙酉", "by 藏所(所)") == {"坟与野", "外"}
    assert readings("失物", "887787", "子", "丙寅", "by 藏方(方)") == {"南"}
    assert "门" in readings("失物", "887787", "子", "丙寅", "by 藏所(所)")
    assert facts("用二", "888788", "巳", "乙酉", question="失物") == set()
    assert readings("失物", "需", "子", "甲子", "by 藏方(方)") == {"西北"}
    assert readings("失物", "需", "子", "甲子", "by 藏所(所)") == {"地与井", "闺阁之中", "内"}


def test_found_on_the_days_of_birth_and_flourishing():
    """84.3 「何日见获，财爻生旺之辰也」: 乾's 寅 财, strong in a 寅 month, is found on a 亥 or 卯 day --
    before 42.20's 入墓 未日 (fixed: 未日 before), asked at large or as 见获; a weak 财 (屯 in a 子 month on
    甲子) is not found and gets no such day (stays)."""
    for question in ("失物.见获", "失物"):
        row = answers(question, "777777", "寅", "甲子")[0]
        assert row["answer"] in ("获", "得")
        assert row["timing"]["primary"]["when"] == "亥日/卯日"
        assert row["timing"]["primary"]["by"] in ("见获.用全", "失物.用全")
    row = answers("失物.见获", "屯", "子", "甲子")[0]
    assert row["answer"] == "不获"
    assert not row["timing"] or row["timing"]["primary"]["by"] != "见获.用全"
    assert readings("失物.见获", "777777", "寅", "甲子", "by 失期(期)") == {"亥", "卯"}
