"""Chapter 45 天时 after the fifth review (b): the sky is read from the line of the 父母 or the 子孙
that ch. 30 takes, not from every line of the relative.  「必以其有伤无伤而定取舍也，舍其有伤，取其无伤，
则可得一其主也……若两求之，则吉凶不定矣」 (30.1): a flying line ch. 30 sets aside for another flying
line of the relative (两现舍 beside 两现取: harmed beside a less harmed one, at rest beside a moving
one) no longer speaks in 45.1-45.2's clauses (发动 旺相 日月 暗动; 旺动 衰动 冲散 暗动 月破 化克 化…)
nor names 45.8's clear day (30.3 「后来日期，取配无伤用神，不可并索」).  Where every flying line is
harmed and ch. 30 follows the hidden one, the flying lines are read as before.  Rows marked "fixed"
failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 30.1 「舍其有伤，取其无伤，则可得一其主也」: 姤之夬 in a 辰 month on 丙午 -- the moving 戌 父 broken
    # by the month is set aside, the moving 丑 父, 旺 and unharmed, is the one read: 「父母旺动而雨速」
    # (fixed: 未决 before, 天时.父月破 of the 戌 against 天时.父旺动 of the 丑); so asked at large (fixed).
    ("天时.占雨", "677779", "辰", "丙午", {}, "雨", "天时.父旺动"),
    ("天时", "677779", "辰", "丙午", {}, "雨", "天时.父旺动"),
    # The same with the 丑 at rest (姤之大过): the 丑 is taken, and it rains on its days, 「父母逢生遇冲所
    # 值之期也」 (fixed: 未决 before, 「月破作而无雨」 of the set-aside 戌 against them).
    ("天时.占雨", "877779", "辰", "丙午", {}, "雨", "天时.雨期冲"),
    # In a 午 month neither 父 is harmed and both move: both are read, 「化父则霪霖更作也」 of the 戌
    # among them (stays).
    ("天时.占雨", "677779", "午", "丙午", {}, "雨", "天时.化父"),
    # 「冲散将雨复晴」: 姤之大过 in a 子 month on 丙辰 -- the 丑 void, the moving 戌 scattered by the day:
    # no flying 父 is taken against the other (ch. 30 follows the hidden one), and the scattered 戌 is
    # read as before (stays).
    ("天时.占雨", "877779", "子", "丙辰", {}, "晴", "天时.父冲散"),
    # 「祈晴察子象，亦同此推之」: 讼 on a 戌 day in a 巳 month -- the 辰 子孙 in the dark and the 戌 on the
    # day, neither harmed: both are read, 「暗动」 among them (stays).
    ("天时", "讼", "巳", "甲戌", {}, "晴", "天时.子暗动"),
    # 「或当于发动」: 需之无妄 in a 酉 month -- the only flying 子孙, the moving 申, is read (stays).
    ("天时", "需之无妄", "酉", "乙丑", {}, "晴", "天时.子动"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_broken_father_set_aside_says_nothing():
    """30.1 「若两求之，则吉凶不定矣」: on 姤之夬 (辰, 丙午) the broken 戌 is set aside for the 丑 and
    「月破作而无雨」 is not said of it (fixed); in a 午 month nothing is set aside (stays)."""
    assert facts("天时舍", "677779", "辰", "丙午", question="天时.占雨") == {(6,)}
    assert "天时.父月破" not in verdict_rules("天时.占雨", "677779", "辰", "丙午")
    assert "天时.父旺动" in verdict_rules("天时.占雨", "677779", "辰", "丙午")
    assert not facts("天时舍", "677779", "午", "丙午", question="天时.占雨")


def test_a_son_set_aside_does_not_clear_the_sky():
    """讼 on 甲戌 in a 寅 month: the month controls the 辰 子孙 but not the 戌 on the day (23.2), so the 辰
    is set aside and its 暗动 is not read (fixed); the 戌 on the day still clears the sky."""
    assert facts("天时舍", "讼", "寅", "甲戌", question="天时") == {(2,)}
    rules = verdict_rules("天时", "讼", "寅", "甲戌")
    assert "天时.子暗动" not in rules
    assert "天时.子值日月" in rules


def test_followed_hidden_lines_leave_the_flying_ones_read():
    """Where ch. 30 follows the hidden line (every flying one harmed), no flying line is set aside for
    another: 需之无妄 (酉, 乙丑) and 姤之大过 (子, 丙辰) have no 天时舍 (stays)."""
    assert not facts("天时舍", "需之无妄", "酉", "乙丑", question="天时")
    assert not facts("天时舍", "877779", "子", "丙辰", question="天时.占雨")
