"""Chapter 58 鬼神 read again (a fourth review): the ghost a moving line changes into.  58.10's
「伏鬼若空，务之修德也」 (「鬼伏复空，乃无鬼祟」) speaks of a chart that shows no ghost at all; a relative
that moves and changes into a ghost not void is one (58.15 「六亲有动，则以六亲像断如此。惟化鬼及独发者
尤甚」; 56.31 「则爻变之鬼亦然也」; 17.1 counts the changed line among 本无而有).  With no ghost on the
cast and the hidden one void, that changed ghost is the one read (鬼神爻.变); a hidden ghost not void
keeps its place before it (58.10 「无鬼索伏」; 17.1 「飞重于伏」 … 「一飞伏日月无而互变有」), and a void
changed ghost is no ghost either.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings


CHARTS = [
    # 58.10 「伏鬼若空，务之修德也」 against 58.15 「惟化鬼……尤甚」: 旅之蹇 on 甲子 has no ghost on the
    # lines and the hidden 亥 (line 3) void, but the moving 巳 兄弟 (line 6) changes into 戊子 官鬼, not
    # void -- the chart shows a ghost, so not 「乃无鬼祟」 (fixed: 无祟 by 鬼神.修德 before; no ruling on
    # the haunting now, 58.17).
    ("鬼神", "887969", "寅", "甲子", {}, "无断", None),
    # 讼之同人 on 甲子: the hidden 亥 void, and the moving 午 兄弟 (line 3) changes into 己亥 官鬼, void
    # too -- 「鬼伏复空，乃无鬼祟，惟修德而已」 (stays).
    ("鬼神", "696777", "寅", "甲子", {}, "无祟", "鬼神.修德"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


# (question, cast, month, day, axis, words that must be read, words that must not)
READINGS = [
    # 58.15 「兄弟为手足之缠」 「六亲有动，则以六亲像断如此。惟化鬼及独发者尤甚」 and 「十二支神值鬼」
    # 「犯亥子，则天将斗神可祷也」: 旅之蹇's 兄弟 changing into the 子 ghost (fixed: nothing shown before).
    ("鬼神", "887969", "寅", "甲子", "by 神祇象(象)", {"手足之缠", "天将斗神可祷"}, set()),
    # 58.7 「生前谋利于水……则水象而考也」: the changed ghost's phase gives its nature (fixed).
    ("鬼神.性", "887969", "寅", "甲子", "by 鬼神情(象)", {"生前谋利于水"}, set()),
    # 讼之同人: the changed 亥 ghost void as the hidden one -- no spirit shown (stays).
    ("鬼神", "696777", "寅", "甲子", "by 神祇象(象)", set(), {"手足之缠", "祖先", "儿女之孽", "天将斗神可祷"}),
    # 旅之蹇 on 甲辰: the hidden 亥 not void is read, 「无鬼索伏，考之飞爻」 (the 申 over it: 佛氏丧车),
    # and the 兄弟 changing into a ghost shows beside it (stays).
    ("鬼神", "887969", "寅", "甲辰", "by 神祇象(象)", {"佛氏丧车", "手足之缠"}, set()),
]


@pytest.mark.parametrize("question, cast, month, day, axis, present, absent", READINGS)
def test_the_changed_ghost_is_read(question, cast, month, day, axis, present, absent):
    words = readings(question, cast, month, day, axis)
    assert present <= words, words
    assert not absent & words, words


def test_the_changed_ghost_comes_after_the_hidden_one():
    """58.10 「无鬼索伏……伏鬼若空」 and 17.1 「飞重于伏」 … 「一飞伏日月无而互变有」: 旅之蹇's changed 子
    ghost (line 6) is the ghost read on 甲子, where the hidden 亥 is void (fixed: none before); on 甲辰 the
    hidden 亥 is not void and stays the one read (stays)."""
    assert facts("鬼神爻", "887969", "寅", "甲子", question="鬼神") == {(6, "变")}
    assert facts("鬼神爻", "887969", "寅", "甲辰", question="鬼神") == {(3, "伏")}
