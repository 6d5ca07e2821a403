"""Chapter 81 逃亡 read again against the text (a fourth look): whose line a runaway is, where he went
when many lines move, and the days of capture.  81.6 reads everyone bound by duty rather than kinship
-- a maid, a pupil, a soldier, a eunuch -- by the 应 (「友朋师徒奴仆邻交以义合，已背义而务应」), not by
56's relative for them; 81.5 reads the quarter from the 用's lines on the cast, the moving one by the
trigram it changes into, never the flying line over a hidden one when the relative is on the cast
(「苟或乱动而卦爻无用神」, 「一用动则以其所化之宫」, 「以其出现为亲伏藏为疏」); 81.8's 「世生应克之期」
gives the days that generate the 世 and those that control the 应 (so the main case, 世克应, is dated,
81.12 「以世克应为主，以世生应克之期而得」), and kin come back also on the 世's 旺 and 合 (「世爻旺合而
见」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings


CHARTS = [
    # 81.6 「友朋师徒奴仆邻交以义合，已背义而务应」: a maid (婢) is 奴仆, read by the 应 -- 屯 in 卯 on 辛酉,
    # the 世 寅 controls the 应 戌 and none of the four is there (fixed: 不获 by the hidden 妻财 before);
    # a wife (「夫妇……以亲合，虽悖亲而务用」) keeps her 妻财 on the same chart (stays).
    ("逃亡", "屯", "卯", "辛酉", {"about": "婢"}, "获", "捕逃.世克应"),
    ("逃亡", "屯", "卯", "辛酉", {"about": "妻"}, "不获", "用神断.伏无功"),
    # The same of a pupil (师徒): 屯 on 甲子, the 应 戌 void -- 「应空则深涧之逃」 (fixed: 获 by the
    # 子孙 before); a son on the same chart is kin, read by his 子孙 (stays).
    ("逃亡", "屯", "子", "甲子", {"about": "徒"}, "不获", "捕逃.应空"),
    ("逃亡", "屯", "子", "甲子", {"about": "子"}, "获", "用神断.全吉"),
    # A soldier is not among 81.6's 「以义合」 and 56.20 gives him the 子孙 (「将占其卒用子孙，以制鬼也」):
    # read like a grandson, by the 子孙 (the fifth look reverted reading him by the 应).
    ("逃亡", "需", "子", "甲子", {"about": "卒"}, "不获", "用神断.凶陷"),
    ("逃亡", "需", "子", "甲子", {"about": "孙"}, "不获", "用神断.凶陷"),
    # 81.3's own case, 「子建辛丑日，有占婢逃得节」, asked of a maid: the 世 巳 void, 「世空则裹足不前」
    # (stays).
    ("逃亡", "节", "子", "辛丑", {"about": "婢"}, "不获", "捕逃.世空"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_quarter_is_read_from_the_use_god_on_the_cast():
    """81.5 「苟或乱动而卦爻无用神，当求所伏用爻之上飞神之方是也」 「其有用爻两现，一用动则以其所化之宫，
    两用皆动皆静，则以其出现为亲伏藏为疏也」: 晋之大有 in 午 on 丙辰, asked of a father -- 父母 未 on line 1
    (moving into 子 of 乾) and line 5 (at rest); 42 takes the hidden 辰 under line 3, but the quarter is
    the moving line's changed trigram, 乾 西北, not the flying line's 坤 (fixed).  小过之观 on 甲子: 42
    takes the resting 辰 on line 1, the 戌 on line 6 moves into 卯 of 巽 -- 东南, not 艮 (fixed).  Hidden
    once and nowhere on the cast (否之剥 asked of a son), the flying line's trigram stands (stays)."""
    assert facts("逃卦", "666787", "午", "丙辰", question="逃亡", about="父") == {("乾", "用化")}
    assert readings("逃亡", "666787", "午", "丙辰", "by 逃方(方)", about="父") == {"西北"}
    assert facts("逃卦", "889966", "子", "甲子", question="逃亡", about="父") == {("巽", "用化")}
    assert facts("逃卦", "否之剥", "子", "甲子", question="逃亡", about="子") == {("坤", "飞神")}


def test_a_capture_is_dated_when_the_world_controls_the_response():
    """81.8 「占成捕何时，世生应克之期」 with 81.12 「故捕逃者，以世克应为主，以世生应克之期而得」: 否 in 午
    on 丙子 asked of a servant -- the 世 卯 controls the 应 戌, and no phase both generates wood and
    controls earth: the days that generate the 世 (子 亥) and those that control the 应 (卯 寅) (fixed:
    no date before).  Where the 世 generates the 应 (需: 世 申, 应 子) one phase does both, as before
    (stays)."""
    assert readings("逃亡.成捕", "否", "午", "丙子", "by 捕期(期)", about="仆") == {"子", "亥", "卯", "寅"}
    assert readings("逃亡.成捕", "需", "子", "甲子", "by 捕期(期)") == {"辰", "戌", "丑", "未"}


def test_kin_come_back_when_the_world_flourishes_or_is_combined():
    """81.8 「若六亲之逃而归，则反以用神生旺而现，世爻旺合而见，卦身合而遇也」: 否 in 戌 on 丙子 asked of a
    son -- the hidden 子 子孙's 长生 申 and 帝旺 子, the 卦身 巳's combination, and now the 世 卯's 帝旺
    卯 and its combination 戌 (fixed).  「反以」: kin are not dated by 世生应克 (the stranger's 子 亥 卯
    寅 by those), and a stranger not by the 世's 旺 and 合 (stays)."""
    kin = facts("捕期", "否", "戌", "丙子", question="逃亡.成捕", about="子")
    assert {("卯", "世旺"), ("戌", "世合")} <= kin
    assert {by for _, by in kin} == {"用神生旺", "世旺", "世合", "卦身合"}
    stranger = facts("捕期", "否", "戌", "丙子", question="逃亡.成捕", about="仆")
    assert {by for _, by in stranger} == {"世生", "应克"}
