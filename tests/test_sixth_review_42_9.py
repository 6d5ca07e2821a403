"""42.9 read again (the sixth look): 「飞神空者易推，伏神空破死绝者不举，而出不出分焉」.  A void flying
line lets its hidden line out (12.5 「飞值旬空，伏爻易出」: ch. 12's 飞伏.能出飞空 / 出飞空, ch. 42's
用神.伏中克出); a hidden line itself void or broken stays in (12.7's 伏空破); and one dead in the month
(five states, as 42.8's 「空破死绝」 is read) or extinct on the day that nothing rescues (31.5 「或日月
变爻内有一生之，则死而未死，绝而未绝也」, 33.1 「伏用受日月之克，遇飞爻动爻之生」) stays in too -- before,
伏克飞 and 飞空伏 let it out whatever its own state.  A hidden 用神 that stays in under a static line
is 「虽生旺而无功」 (用神.伏无功不出).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import facts, verdict_rules


# (question, cast, month, day, options, hidden line, 伏出 of it, 伏死绝 of it, 伏无功 verdict?)
ROWS = [
    # 归妹 (兑宫 归魂) asked for a son: no 子孙 flies; the 亥 子孙 hides under the static 午 of line 4,
    # controlling it (伏克飞: 「伏克飞者出」).
    # (c) 死: in a 戌 month water is 死, the 寅 day drains it, the 午 does not generate it -- not
    # raised, and 「虽生旺而无功」 (fixed: 伏出 出, no 伏无功 before).
    ("疾病", "778788", "戌", "戊寅", {"about": "子"}, 4, "不出", {(4, "死")}, True),
    # the 申 day generates water and bears it (长生): 「死而未死」, it comes out (stays).
    ("疾病", "778788", "戌", "庚申", {"about": "子"}, 4, "出", set(), False),
    # (c) 绝: on the 辛巳 day water is 绝, the 卯 month only drains it -- not raised (fixed).
    ("疾病", "778788", "卯", "辛巳", {"about": "子"}, 4, "不出", {(4, "绝")}, True),
    # in a 申 month (相, the month generates it) it is 「绝而未绝」 and comes out (stays).
    ("疾病", "778788", "申", "辛巳", {"about": "子"}, 4, "出", set(), False),
    # (a) void: 丙寅 (甲子旬) voids the 亥, weak in 卯 -- 12.7's 伏空破 already kept it in (stays).
    ("疾病", "778788", "卯", "丙寅", {"about": "子"}, 4, "不出", set(), True),
    # (b) broken: the 巳 month breaks the 亥 -- 伏空破 already (stays).
    ("疾病", "778788", "巳", "戊寅", {"about": "子"}, 4, "不出", set(), True),
    # 睽 (艮宫 四世) asked for wealth: the 子 财 hides under the static 未 of line 5, which controls it
    # (飞克伏: 「飞克伏者灭」).
    # (d) the 未 void on 庚寅 (甲申旬): 「飞神空者易推」 -- out, and no 无功 (stays).
    ("求财", "778787", "申", "庚寅", {}, 5, "出", set(), False),
    # the 未 not void on 庚辰: 飞克伏 keeps it in (stays).
    ("求财", "778787", "申", "庚辰", {}, 5, "不出", set(), True),
    # (d) with (c): the 未 void, but the 子 is 死 in the 戌 month with nothing to rescue it -- the void
    # flying line does not raise a dead hidden line (fixed: 伏出 出 before).
    ("求财", "778787", "戌", "庚寅", {}, 5, "不出", {(5, "死")}, True),
]


@pytest.mark.parametrize("question, cast, month, day, options, place, out, dead, useless", ROWS)
def test_hidden_line_raised_or_not(question, cast, month, day, options, place, out, dead, useless):
    assert (place, "伏") in facts("用神", cast, month, day, question=question, **options)
    assert dict(facts("伏出", cast, month, day, question=question, **options))[place] == out
    assert {f for f in facts("伏死绝", cast, month, day, question=question, **options) if f[0] == place} == dead
    assert ("用神断.伏无功" in verdict_rules(question, cast, month, day, **options)) == useless


def test_the_hidden_si_of_12_1_is_raised():
    """12.1 「谁知世下巳官，伏神长生，孟春反应迁级也」: 困之兑 in a 子 month on 戊寅 -- the hidden 巳 官 is 死
    in the 子 month but born on the 寅 day (31.5 「死而未死」), so it is no 伏死绝 and is taken (stays)."""
    assert not {f for f in facts("伏死绝", "困之兑", "子", "戊寅", question="功名.升信") if f[0] == 1}
    assert facts("用神", "困之兑", "子", "戊寅", question="功名.升信") == {(1, "伏")}
    assert dict(facts("伏出", "困之兑", "子", "戊寅", question="功名.升信"))[1] == "出"


# 12.1 「然或飞象有用神而衰绝，亦察之伏中」 beside 42.9: 乾 asked for wealth in a 申 month -- the flying 寅
# 财 is broken (衰绝), the 卯 财 hides under the static 辰 of line 3 and controls it (伏克飞).
SEEK_ROWS = [
    # on 癸酉 the 卯 is 死 in 申, the 酉 day clashes it and nothing generates it: 「死绝者不举」 -- it
    # does not replace the broken 寅 (fixed: 用神 (3, 伏), 伏出 出 before; the book reads the broken
    # flying line when its hidden one stays in, 56's 坤之损 「酉金明受日绝月破，所以不能救也」).
    ("777777", "申", "癸酉", {(2, "本")}, "不出"),
    # on 乙亥 the day generates and bears the 卯 (长生): 「死而未死」, taken in the 寅's place (stays).
    ("777777", "申", "乙亥", {(3, "伏")}, "出"),
]


@pytest.mark.parametrize("cast, month, day, yong, out", SEEK_ROWS)
def test_a_dead_hidden_line_does_not_replace_a_broken_flying_one(cast, month, day, yong, out):
    assert facts("用神", cast, month, day, question="求财") == yong
    assert dict(facts("伏出", cast, month, day, question="求财"))[3] == out


def test_a_hidden_earth_line_at_its_diwang_on_the_day_is_rescued():
    """31.3 「临官帝旺，用神乃昌」, 42.10 「日将以长生十二法参之」: 大畜's hidden 辰 under line 1, controlling
    its 子 (伏克飞), is 死 in a 寅 month; on 甲子 it stands at its 帝旺, the day's 扶 as the grades read it
    -- 「死而未死」, out (fixed: 伏死绝 死 and 不出, found by the review of this change); on 辛酉 nothing
    helps it and it stays in (stays)."""
    assert not {f for f in facts("伏死绝", "777887", "寅", "甲子") if f[0] == 1}
    assert dict(facts("伏出", "777887", "寅", "甲子"))[1] == "出"
    assert {f for f in facts("伏死绝", "777887", "寅", "辛酉") if f[0] == 1} == {(1, "死")}
    assert dict(facts("伏出", "777887", "寅", "辛酉"))[1] == "不出"
