"""Chapters 25 月破, 26 旬空, 27 日冲 and 28 遇时 read against the text on charts worked by hand (a
third review): a line scattered by a clash (27.1 「夫散，犹空也，则全无矣，纵有生扶，不可救药」) is
nothing -- not a harming ghost, not a 财 had when mended or filled, not a 用神 that a later month
sets right.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


CHARTS = [
    # 42.14 「破临鬼动而凶，破临动冲而无」: 坤之谦's 卯 ghost (line 3) broken by the 酉 month and moving;
    # on a 辛酉 day it is clashed and scattered -- 「无」, so 月破.鬼动白虎 does not speak, and the 世 on
    # the day decides (fixed: 不愈 before).  On a 庚午 day it is not scattered: 「破临鬼动而凶」 (stays).
    # (丙午 was the chart: in the 甲辰 decade the ghost is void as well, 42.13's 「动空而遭破，纵动无功」 --
    # tests/test_sixth_review_25.py.)
    ("疾病", "886888", "酉", "辛酉", {}, "愈", None),
    ("疾病", "886888", "酉", "庚午", {}, "不愈", "月破.鬼动白虎"),
    # 67.9 「财爻破，得补则复」「财爻空，得填则获」 against 27.1 and 42.19 「十八曰散……虽救之无从」: the 财
    # broken, void and moving, clashed and scattered by the 卯 day -- not had when mended or filled
    # (fixed: 得 before).  坤's 财 broken in 巳 and not scattered is still had when mended (stays).
    ("求财", "787987", "卯", "己卯", {}, "不得", "用神断.凶陷"),
    ("求财", "坤", "巳", "丙午", {}, "得", "财.破得补"),
    # 28.1's 「事在后期，则勿执时令」 sets the later month above the cast's, not above 27.1: the 财 scattered
    # on 辛酉 is not set right by a 寅 month (fixed: 得 before); on a 甲子 day it is not scattered and
    # the later month's 令 stands (stays).
    ("求财", "886777", "申", "辛酉", {"matter_month": "寅"}, "不得", None),
    ("求财", "886777", "申", "甲子", {"matter_month": "寅"}, "得", "后时.得令吉"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_broken_line_is_not_strong():
    """25.1 「以用处反，名为月破，犹违时而戾也」, 25.2 「扶之不起」: 大有's 世 辰 (line 3) is of the 戌
    month's phase but broken by it, and void on 甲午 -- not 旺, so not a 旺相 void of use (26.3) nor
    graded 旺相空, only 月破 (fixed).  The 戌 month's own 戌 (乾's line 6, not broken) stays 旺."""
    assert (3, "本") not in facts("旺相", "777787", "戌", "甲午")
    grades = {(p, g) for p, _, g in facts("用神法", "777787", "戌", "甲午")}
    assert (3, "月破") in grades and (3, "旺相空") not in grades
    assert not {v for v in facts("空而有用", "777787", "戌", "甲午") if v[0] == 3}
    assert (6, "本") in facts("旺相", "777777", "戌", "甲午")
    # and the weak one of 42.12's 「一旺一衰，则衰散而旺动」: 乾之坤 in a 辰 month, the broken 戌 (6)
    # scattered by the 辰 (3) on the month (the self-clash test of test_ch42_53_56 checks it)
