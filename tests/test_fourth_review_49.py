"""Chapter 49 卜居 read again after the method chapters' third review (a fourth look).  The moving
ghost that brings the house its trouble is the one that moves in earnest: 32.2's 「动而逢冲，动而有
制……犹不动也」 and 「冲而散，化而冲，犹不有也」 make a clashed, controlled, scattered or clash-changed
ghost no mover (卜居 reads 鬼实动, as 43-46, 51, 77, 84 and 89-91 do); a void ghost, reckoned absent
(「有而空……犹不有也」), controls no 世 for 兴修 and 年月 (「官克世而犯阴阳」, 「克世以为凶」); and 共居's
「应空破而不我顾」 names the void and the month-broken 用神, not one merely 绝 on the day.  Rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings, verdict_rules


CHARTS = [
    # 49.1 「动则有其事也」 with 32.2 「动而逢冲……犹不动也」: 解之困's moving 申 官鬼 (line 5, the 应) is
    # clashed by the 甲寅 day -- the outer 震, 旺 in the 卯 month, is read alone, 「气象旺而家业昌」
    # (fixed: 凶 by 卜居.鬼动 and 卜居.鬼在应 before); on 甲子 the ghost moves in earnest (stays).
    ("卜居.新居", "878768", "卯", "甲寅", {}, "吉", "卜居.卦旺"),
    ("卜居.新居", "878768", "卯", "甲子", {}, "凶", "卜居.鬼动"),
    # 49.6 「卜居庙宇，专忌鬼发」: the same ghost, clashed, does not rise (fixed: 凶 before); moving in
    # earnest it does (stays).
    ("卜居.庙宇", "878768", "卯", "甲寅", {}, "吉", "庙宇.鬼静"),
    ("卜居.庙宇", "878768", "卯", "甲子", {}, "凶", "卜居.鬼动"),
    # 49.5 「官克世而犯阴阳」 with 32.2 「有而空……犹不有也」: 晋's two 巳 官鬼, void on 丙申, control no
    # 世 -- the 世 酉 旺 and the ghost still, 「利在安久」 (fixed: 凶 by 兴修.官克世 before); on 丙寅 they
    # are not void and control it (stays).
    ("卜居.兴修", "888787", "子", "丙申", {}, "吉", "创造.安久"),
    ("卜居.兴修", "888787", "子", "丙寅", {}, "凶", "兴修.官克世"),
    # 49.5 「选择年月，鬼动以为忌，克世以为凶」: the same for choosing the season (fixed / stays).
    ("卜居.年月", "888787", "子", "丙申", {}, "吉", "创造.安久"),
    ("卜居.年月", "888787", "子", "丙寅", {}, "凶", "兴修.官克世"),
    # 49.5 「应空破而不我顾」: 旅's 应 酉, 旺 in the 申 month and 绝 on 甲寅, is neither void nor broken
    # (fixed: 凶 「4爻绝：不我顾」 before); broken by a 卯 month (stays), void on 乙亥 (stays).
    ("卜居.共居", "887787", "申", "甲寅", {}, "吉", None),
    ("卜居.共居", "887787", "卯", "甲寅", {}, "凶", "共居.空破"),
    ("卜居.共居", "887787", "申", "乙亥", {}, "凶", "共居.空破"),
    # 「亲人共居，属在用神」: a brother by his 兄弟, 晋's 酉 (the 世), 绝 on 丙寅 but 旺 in 申 (fixed: 凶
    # before).
    ("卜居.共居", "888787", "申", "丙寅", {"about": "兄"}, "吉", None),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_clashed_ghost_brings_no_trouble():
    """49.2 「鬼若动此，祸则从之」 and 32.2 「动而逢冲……犹不动也」: 解之困's 申 ghost clashed by the 甲寅
    day is no 居鬼动 and brings no 兵丧 丧 路人 (fixed); on 甲子 it does (stays)."""
    assert facts("居鬼动", "878768", "卯", "甲寅", question="卜居.新居") == set()
    assert readings("卜居", "878768", "卯", "甲寅", "by 居祸象(象)") <= {"无断"}
    assert facts("居鬼动", "878768", "卯", "甲子", question="卜居.新居") == {(5,)}
    assert readings("卜居", "878768", "卯", "甲子", "by 居祸象(象)") == {"兵丧", "丧", "路人"}


def test_a_controlled_ghost_on_the_response_costs_nothing():
    """49.2 「在应则宅毋失利」 with 32.2 「动而有制……犹不动也」: 大有之归妹's moving 巳 官鬼 on the 应 (line
    6) is controlled by the 子 month and the 甲子 day -- no 卜居.鬼在应 (fixed); in a 寅 month on 甲寅 it
    moves in earnest (stays)."""
    assert "卜居.鬼在应" not in verdict_rules("卜居", "大有之归妹", "子", "甲子")
    assert "卜居.鬼在应" in verdict_rules("卜居", "大有之归妹", "寅", "甲寅")
