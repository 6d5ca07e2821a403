"""Chapter 63 功名, a fifth look at the day's changes: 大计 seeks the breath of the asker's own 世 only
when he asks for himself (63.27 「索世爻之有气」 with 63.12 「自占世爻……他占则否」, 63.13 「代占不忌世
空」); the day's 长生 holds the 世 up there (23.3, folded into 日月助 by the day-stages change); in 防后
the moving 兄 that cuts the 官's 元神 is no harm to come (63.27 「好子动而恶官兴」); and a 官 strong by
itself needs no 元神, so the moving 兄's 「罚傣降级之忧」 does not decide against it (63.11 「爻得官鬼
独旺，不用元神，亦当顺利升擢」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, verdict_rules


CHARTS = [
    # 63.27 「索世爻之有气」, 63.12 「他占则否」: 否's 午 官 on the day and the month, asked for a friend --
    # the weak 卯 世 is the asker's, not the one evaluated (fixed: 凶 by 大计.世无气 before); asked for
    # oneself the weak 世 still withholds 卓异 (stays).
    ("功名.大计", "888777", "午", "戊午", {"about": "友"}, "吉", "仕途.官喜"),
    ("功名.大计", "888777", "午", "戊午", {}, "凶", "大计.世无气"),
    # 23.3 「金遇巳而生者十之九」: 咸's 申 世 at its 长生 on the 巳 day has breath (fixed by the day's
    # stages in 日月助: 凶 by 大计.世无气 before 1eb9f8e); on a 丁卯 day, 绝 there, it has none (stays).
    ("功名.大计", "咸", "亥", "丁巳", {}, "吉", "大计.卓异"),
    ("功名.大计", "咸", "亥", "丁卯", {}, "凶", "大计.世无气"),
    # 63.27 「离任而虑后患，好子动而恶官兴」: 否之晋's weak 官 in a 亥 month, the 申 兄 moving against the
    # 官's 元神 -- no harm to come (fixed: 凶 by 仕途.兄发 before); in a 午 month the 官 rises (stays).
    ("功名.防后", "888797", "亥", "丙辰", {}, "吉", "防后.官衰"),
    ("功名.防后", "888797", "午", "戊午", {}, "凶", "防后.官兴"),
    # 63.11 「兄弟……但嫌克官之元神……爻得官鬼独旺，不用元神，亦当顺利升擢」: the same cast asking 久任,
    # the 午 官 on the day and the month (fixed: 凶 by 仕途.兄发 before); in a 申 month the 官 is
    # 休囚 and the 兄's 罚俸 stands (stays).
    ("功名.久任", "888797", "午", "戊午", {}, "吉", "仕途.官喜"),
    ("功名.久任", "888797", "申", "甲寅", {}, "凶", "仕途.兄发"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_friends_evaluation_is_chosen():
    """63.27 「官临日月生扶，定膺卓意廉能之选」: asked for a friend, the 卓异 stands without the asker's 世
    (fixed: absent before); asked for oneself on the same chart it does not (stays)."""
    assert "大计.卓异" in verdict_rules("功名.大计", "888777", "午", "戊午", about="友")
    assert "大计.世无气" not in verdict_rules("功名.大计", "888777", "午", "戊午", about="友")
    assert "大计.卓异" not in verdict_rules("功名.大计", "888777", "午", "戊午")
