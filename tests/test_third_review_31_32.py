"""Chapters 31 长生 and 32 官鬼 (with the rules of 11 that read them) against the text on
charts worked by hand (a third review): a birth rescues a dead or extinct line (31.5 「或日月变爻内有
一生之」, a 长生 being a 生: 31.2 「金遇巳而得生」); 31.2's 「土遇巳而不生」 holds at the change (31.7) for
11's 变生 / 变克 too; a void, broken, dead or extinct change does not control its moving line (26.7,
42.8); the use god 帝旺 on the day is not raised when void and controlled (42.19 克空); a void
hidden ghost is no ghost (58.10 「鬼伏复空，乃无鬼祟」).  Rows marked "fixed" failed before; "stays"
kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


CHARTS = [
    # 31.2 「土遇巳而不生」 at the change (31.7 「动爻生绝于变，其法犹类日也」): 解之豫's earth 财 辰 (line 2)
    # changes into 巳, its 绝 -- no 变生, so not the grade 生 (全吉) nor 「利厚」; controlled by the 卯
    # month, drained by the 酉 day, it is 死气 (fixed: 得 全吉 before).  小畜之乾's earth 财 未 (line 4)
    # changes into 午, where earth is only 胎: the change still generates it (stays).
    ("求财", "898788", "卯", "癸酉", {}, "不得", "用神断.凶陷"),
    ("求财", "777677", "卯", "癸酉", {}, "得", "财.化生"),
    # 42.19 「十六曰克空，日月动爻克之且空，是无救也」 against 31.3 「帝旺曰正旺，二者孰能胜之」: the
    # use god of 婚姻 on 颐, the earth 财 戌 on the 世 (line 4), is 帝旺 on the 子 day but void and
    # controlled by the 寅 month: 克空 (fixed: 吉 十之九 by 长生.正旺吉 before).  震's 辰 (line 3),
    # 帝旺 on the same day and not void, is still 正旺 (stays).
    ("婚姻", "788887", "寅", "甲子", {}, "凶", "用神断.凶陷"),
    ("求财", "788788", "寅", "甲子", {}, "得", "长生.正旺吉"),
    # 58.10 「鬼伏复空，乃无鬼祟」, 26.7 「空在伏爻则不现」: 益 has no 官鬼; the 酉 hidden under its 世
    # (line 3) is void on a 丙子 day -- no ghost: 32.3 「故身命无鬼，谋望失主，处世无恒」 (fixed: 吉
    # 十之九 before).  On 甲子 it is not void: 「卦中虽无而伏于世爻……则无犹不无也」 (stays).
    ("身命", "788877", "寅", "丙子", {}, "凶", "官鬼.身命无鬼"),
    ("身命", "788877", "寅", "甲子", {}, "吉", "长生.正旺吉"),
    # 32.2 「卦中虽无而伏于世爻动爻之下……则无犹不无也」 in 76's 谋.官失 (「官鬼失而谋无主」): 益 has no
    # 官鬼 on its lines, but the 酉 hidden under the 世 (not void on 甲子) is the plan's master -- 76.1's
    # 「官鬼失」 does not speak (fixed: 不成 by 谋.官失 before); 涣 on 己亥 has none at all (stays).
    ("谋望", "788877", "寅", "甲子", {}, "成", "谋.问成"),  # 76.1 「止问成否」 decides, the grade supports
    ("谋望", "涣", "戌", "己亥", {}, "不成", "谋.官失"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_birth_rescues_the_dead_and_extinct():
    """31.5 「或日月变爻内有一生之，则死而未死，绝而未绝也」, a birth being a 生 (31.2 「金遇巳而得生」,
    23.3 「如遇申月其土则休，以生较休，得生犹十之七」, 31.7 「动爻生绝于变，其法犹类日也」): 升之鼎's 酉
    (line 6) is 绝 on the 寅 day and changes into 巳, its 长生 -- 有救, so not 功名's 坏 … 绝 (fixed:
    无救 before).  The static 酉 (line 3), with no birth anywhere, stays 无救."""
    dead = facts("临死绝", "877686", "子", "丙寅")
    assert (6, "本", "日", "绝", "有救") in dead and (6, "本", "日", "绝", "无救") not in dead
    assert (3, "本", "日", "绝", "无救") in dead
    assert (6, "本", "绝") not in facts("坏", "877686", "子", "丙寅", question="功名")
    # 震 in a 申 month on an 乙巳 day: the earth 财 extinct on the day is born on the month -- not
    # 17.1's 「死绝无救」 (fixed: 本有而无 … 死绝 before).
    dead = facts("临死绝", "788788", "申", "乙巳")
    assert (3, "本", "日", "绝", "有救") in dead and (6, "本", "日", "绝", "有救") in dead
    assert not facts("本有而无", "788788", "申", "乙巳", question="求财")


def test_the_change_born_or_extinct_neither_controls_nor_generates():
    """31.2 「故金遇巳而不克，土遇巳而不生」 at the change (31.7): 解之豫's 辰 changing into 巳 has no
    变生, 升之鼎's 酉 changing into 巳 no 变克 (fixed: both held before).  A 未 changing into 午
    (小畜之乾, earth 胎 in 午) keeps its 变生 (stays)."""
    assert (2,) not in facts("变生", "898788", "卯", "癸酉")
    assert (6,) not in facts("变克", "877686", "子", "丙寅")
    assert (4,) in facts("变生", "777677", "卯", "癸酉")


def test_a_powerless_change_does_not_control():
    """26.7 「空居变爻则无司」 (「变爻若空，不能生克动爻」), 42.8 「变爻空破死绝，动爻不受其生克矣」:
    升之鼎 on a 壬寅 day, the change 巳 void (and 死 in the 子 month) -- it does not control the
    moving 酉 ghost, so no 32.2 「动而有制，犹不动也」 and no 31.5 「临死又克」 (fixed: 受克于 … 变,
    犹不动 … 有制 and 又克 before).  The 寅 day's 绝 with no rescue stays 无救."""
    assert (6, "本", "变") not in facts("受克于", "877686", "子", "壬寅")
    assert (6, "有制") not in facts("犹不动", "877686", "子", "壬寅", question="功名")
    assert (6, "本", "日", "绝", "无救") in facts("临死绝", "877686", "子", "壬寅")
