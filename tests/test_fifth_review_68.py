"""Chapter 68 田蚕 after the fifth review: 68.7 「财旺于变，贵于后也」 (叶价.变旺).  Every 财 of a chart
shares one phase, so a 财 changing into a 财 shares the month's 旺相 / 休囚 (16.3 「卯爻休囚，化寅又休
囚」): read as a 财 in the change alone, the ruling could never stand against 叶价.贱 and only repeated
叶价.贵.  It now reads the moving 财 held up by a change in season -- one that generates it (11.6
「用神变生而吉」, 67.9 「利厚者财化生」) or is of its phase -- neither void, broken, dead nor extinct, as
61.2 / 63.4 read 「动衰变旺」 of the changed line: the price, low now, rises later.  Rows marked "fixed"
failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, verdict_rules


CHARTS = [
    # 「财旺于变，贵于后也」: 节's moving 巳 财, 休囚 in the 子 month, changes into a 寅 子孙 that is 相
    # there and generates it (fixed: 贱 before, by 叶价.贱 「财爻休囚，其贱如土」).
    ("田蚕.叶价", "978878", "子", "甲子", {}, "贵", "叶价.变旺"),
    # 离's moving 酉 财, 休囚 in the 午 month, changes into a 戌 子孙, 相 there (fixed: 贱 before).
    ("田蚕.叶价", "787987", "午", "丁丑", {}, "贵", "叶价.变旺"),
    # 节 in a 申 month: the 寅 change is broken and dead, it generates nothing (stays).
    ("田蚕.叶价", "978878", "申", "甲子", {}, "贱", "叶价.贱"),
    # on 甲辰 the 寅 change is void (空 寅卯): 「变爻空破死绝，动爻不受其生克矣」 (stays).
    ("田蚕.叶价", "978878", "子", "甲辰", {}, "贱", "叶价.贱"),
    # 归妹's 卯 财 changing into a 寅 财 in a 午 month: a change of the 财's own phase is as 休囚 as the
    # 财 (stays).
    ("田蚕.叶价", "798788", "午", "甲子", {}, "贱", "叶价.贱"),
    # 夬's 子 财 changing into a 丑 兄弟, 相 in the 午 month: a strong change that controls the 财 is no
    # 「财旺于变」 (67.9 「利薄者妻化克也」; stays).
    ("田蚕.叶价", "977778", "午", "甲子", {}, "贱", "叶价.贱"),
    # 归妹 in the 寅 month: 「财爻旺相，其贵如金」 (stays).
    ("田蚕.叶价", "798788", "寅", "甲子", {}, "贵", "叶价.贵"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_wealth_changing_into_wealth_in_season():
    """归妹's 卯 财 changing into a 寅 财 in the 寅 month: a 财 in the change, in season -- dear now and
    later, 叶价.变旺 beside 叶价.贵 (stays); in the 酉 month the 寅 change is as 休囚 as the 财 and says
    nothing (stays)."""
    assert {"叶价.贵", "叶价.变旺"} <= verdict_rules("田蚕.叶价", "798788", "寅", "甲子")
    assert "叶价.变旺" not in verdict_rules("田蚕.叶价", "798788", "酉", "甲子")
