"""Chapter 67 求财's remedies read again against 42.12 and 42.19 (a sixth look): 「财爻绝，得生则脱」 (67.9,
「此言财爻生克补救之法」) reaches no grade that no remedy reaches -- 克空 (42.19 「是无救也」) and 散 (「虽救
之无从」, 27.1 「夫散……纵有生扶，不可救药」), as the chapter's other remedies already read -- nor a 财 the
day clashes at its extinction (27.2's 绝冲 on 寅 申 巳 亥: 「申亥之日克冲，绝而又克，故重也」): moving it is
scattered, and static and weak (42.19's 日破) 42.12 calls it scattered as well, 「相绝而冲者谓之散」, 「胎
绝之冲，旺相为动，休囚为散」.  That 日破 is not mended by a later month either (「财爻破，得补则复」).  A
财 extinct on a day that does not clash it, and one broken and not scattered, keep their remedy.
Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead


CHARTS = [
    # 乾's 寅 财 (line 2), static and 休 in the 午 month, clashed by the 申 day at its 绝: 日破, scattered
    # in the dark (fixed: 得 by 财.绝得生 before).
    ("求财", "777777", "午", "甲申", {}, "不得", "用神断.凶陷"),
    # the same 财 moving: scattered by the day (散, 「虽救之无从」) (fixed: 得 by 财.绝得生 before).
    ("求财", "797777", "午", "甲申", {}, "不得", "用神断.凶陷"),
    # on 戊申 (甲辰 decade) it is void too, and the day controls it: 克空, 「是无救也」 (fixed: 得 by
    # 财.绝得生 before).
    ("求财", "777777", "午", "戊申", {}, "不得", "用神断.凶陷"),
    # in a 申 month broken as well as clashed by the 申 day at its 绝: no mending (fixed: 得 by 财.破得补
    # before).
    ("求财", "777777", "申", "甲申", {}, "不得", "用神断.凶陷"),
    # 兑's 卯 财 (line 2) is extinct on the 申 day, which does not clash it: 「绝，得生则脱」 (stays).
    ("求财", "778778", "午", "甲申", {}, "得", "财.绝得生"),
    # 坤's 财 broken in 巳 and not scattered is still had when mended (stays).
    ("求财", "坤", "巳", "丙午", {}, "得", "财.破得补"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)
