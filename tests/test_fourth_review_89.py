"""Chapter 89 防患 read again (a fourth look): the chapter's own tests of the harm -- whether the
attacker is real (89.1 「察其虚实而定之」), the ghost's state in fire and theft (89.4 「然亦必以官鬼为先
务也」), the 世 and the ghost in plague and poison (89.5) -- decide before 34's 六合 (「合主事之成，所防
之事成」), as 防讼 and 世空 already did; and a void 世 is 「无受祸之地」 against 89.4's moving ghost too,
89.4's 「官鬼为先务」 answering its own 「子动则吉」.  Rows marked "fixed" failed before; "stays" kept
their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead


CHARTS = [
    # 89.5 「夫忧灾疫之流，世旺鬼安，天灾不及」: 泰's 世 辰 on the 辰 month, the ghost 寅 quiet (fixed: 危 by
    # 合冲.凶忌合 before); the ghost moving, 「天灾」 comes (stays).
    ("防患.防疫", "777888", "辰", "庚申", {}, "安", "防疫.世旺鬼安"),
    ("防患.防疫", "797888", "辰", "甲子", {}, "危", "防疫.鬼动"),
    # 89.5 「忧药毒之虑，世实鬼静，则彼计难行」 and 89.1 「若得破空绝散，谓之无实害也」: the same chart for
    # poison (fixed: 危 before); the ghost moving and controlling the 世 -- 「则忌……官克世」 (stays).
    ("防患.防毒", "777888", "辰", "庚申", {}, "安", "防患.虚害"),
    ("防患.防毒", "797888", "辰", "甲子", {}, "危", "防患.鬼克世"),
    # 89.1 「若得破空绝散，谓之无实害也，故曰虚实而定」: harm at large, the ghost 寅 绝 on the 申 day
    # (fixed: 危 before); real and controlling the 世 on 甲子 (stays).
    ("防患", "777888", "辰", "庚申", {}, "安", "防患.虚害"),
    ("防患", "797888", "辰", "甲子", {}, "危", "防患.鬼克世"),
    # 89.4 「动而冲者安」: the ghost 寅 moves and the 申 day clashes it (fixed: 危 before); moving and
    # controlling the 世 on 甲子, 「鬼动而克世者，有焦烂网罗之厄也」 (stays).
    ("防患.防盗", "797888", "子", "庚申", {}, "安", "防患.虚害"),
    ("防患.防火", "797888", "子", "甲子", {}, "危", "火盗.鬼动克世"),
    # 89.1 「世空而无受祸之地」 against 89.4's 「鬼动而克世」: the 世 辰 void on 甲午 (fixed: 危 by
    # 火盗.鬼动克世 before), as harm at large already read it (stays).
    ("防患.防火", "797888", "子", "甲午", {}, "安", "防患.世空"),
    ("防患.防盗", "797888", "子", "甲午", {}, "安", "防患.世空"),
    ("防患", "797888", "子", "甲午", {}, "安", "防患.世空"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)
