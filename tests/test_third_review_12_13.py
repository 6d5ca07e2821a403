"""Chapters 12 飞伏 and 13 反伏 and the question chapters that read them (43 国朝, 63 功名, 78 行人,
81 逃亡, 82 斗殴) against the text on charts worked by hand (a third review): a void flying line the
day clashes is filled, not scattered (12.5 「倘飞爻旬空而遇日冲，全实者不露，不全实者少露也」, 34.2
「空冲则实」); a 反吟 graded 非 is no 反吟 (13.3 「日月从往，空破从来则非」); a 六合 that changes into a 六冲
does not hold (34.2 「前合后冲」: 12.1's 困之兑, 「孟春反应迁级也」); and 13.7's rulings on a fight, a
capture and the state reach their questions.  Rows marked "fixed" failed before; "stays" kept their
answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


CHARTS = [
    # 13.3 「午建……遇离之坎，此空破从来之类是也」「亦非真反吟也」: 未济之蒙's outer 离之坎 in a 午 month
    # (午 on the month, 子 broken) is no 反吟, so 78.7 「随鬼反伏墓绝，旅人之凶兆也」 does not speak and
    # the 子孙 (line 5) decides (fixed: 凶 by 安危.反吟 before).  On a 丙子 day 子 is on the day (日月
    # 从来, 13.4): half true, and the 反吟 is still the traveller's ill omen (stays).
    ("行人.安危", "878969", "午", "丙寅", {"about": "子"}, "吉", "用神断.有玷"),
    ("行人.安危", "878969", "午", "丙子", {"about": "子"}, "凶", "安危.反吟"),
    # 12.1 「如子建戊寅日占官得困之兑……谁知世下巳官，伏神长生，孟春反应迁级也」: 困, a 六合, changes
    # into 兑, a 六冲 (34.2 「前合后冲，始繁华而终憔悴」), so 63.12's 「合而休囚，五年之滞」 does not hold
    # (fixed: 不升 by 仕途.合而休囚 before).  困 at rest is a 六合 that holds: five years (stays).
    ("功名.升信", "困之兑", "子", "戊寅", {}, "升", "升迁.官伏得助"),
    ("功名.升信", "878778", "子", "戊寅", {}, "不升", "仕途.合而休囚"),
    # 13.7 「与人斗者，内反而我受伤，外反而彼遭辱」 with 82.1 「出师一理」: 乾之姤 (inner 乾之巽) and 乾之
    # 小畜 (outer 乾之巽), the 世 戌 and 应 辰 比和 (「比和两释」) -- the 反吟 decides (fixed: 无断 before).
    ("斗殴", "977777", "子", "丙寅", {}, "负", "斗殴.内反吟"),
    ("斗殴", "777977", "子", "丙寅", {}, "胜", "斗殴.外反吟"),
    # 82.1 「彼我之势，止凭世应」: 大有之鼎's inner 反吟 yields to 应生世 (stays: 胜).  乾之姤 in a 戌
    # month on 乙亥 (戌 and 亥 on the month and the day, 辰 broken): 日月从往, no 反吟 (stays: 无断).
    ("斗殴", "977787", "子", "丙寅", {}, "胜", "斗殴.应生世"),
    ("斗殴", "977777", "戌", "乙亥", {}, "无断", None),
    # 13.7 「缉捕……以外为逃，逢则彼触网罗」 with 81.6 「内亡外逃」: 震之颐's outer 坤之艮 -- caught (fixed:
    # 捕逃.外反吟 did not rule before).  In a 未 month on 甲申 (未 and 申 on the month and the day, 丑
    # broken) it is no 反吟, and 81.4's 元武 keeps him (stays).
    ("逃亡", "877886", "子", "丙寅", {}, "获", "捕逃.外反吟"),
    ("逃亡", "877886", "未", "甲申", {}, "不获", "捕逃.元武"),
    # 13.7 「邦畿国祚……外反吟而人民乱」: 旅之蹇's outer 离之坎 in a 子 month -- 危 (fixed: 安 by 国朝.合和
    # before).  In a 午 month it is 离之坎 under 13.3's 「午建」: no 反吟 (stays: 安).
    ("国朝", "887969", "子", "丙寅", {}, "危", "国朝.外反吟"),
    ("国朝", "887969", "午", "丙寅", {}, "安", None),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_flying_line_clashed_by_the_day_is_not_scattered():
    """12.5 「飞来生伏，谓飞生之伏……倘飞爻旬空而遇日冲，全实者不露，不全实者少露也」, 34.2 「空冲则实」:
    乾's line 2 寅, void in the 甲辰 decade and weak in 午, clashed by the 申 day, is filled by half,
    not scattered (飞散); the 巳 it generates comes out (fixed: 飞散伏, 不出 before).  On 庚申 (甲寅
    decade) the 寅 is not void: weak and clashed, 「飞爻休冲为静散」 keeps the 巳 in (stays)."""
    assert (2, "飞散伏") not in facts("伏不能出", "777777", "午", "戊申")
    assert (2, "出") in facts("伏出", "777777", "午", "戊申")
    assert (2, "飞散伏") in facts("伏不能出", "777777", "午", "庚申")
    assert (2, "不出") in facts("伏出", "777777", "午", "庚申")
