"""Charts worked by hand from the general statements of chapters 44 (征伐) and 65-70 (诚伪 收雇 田蚕
六畜 户籍), a third review read against the text paragraph by paragraph: each row is a chart where one
statement of the book decides the answer, the answer the book gives, and the ruling that must decide
it (None: any).  Each row marked `fixed` failed before the rulebook was changed to say what its
paragraph says; the rows marked `stays` hold a nearby chart whose answer must not move."""

from __future__ import annotations

import pytest

import yimao
from handcharts import assert_lead, lead


CHARTS = [
    # fixed: 44.6 「鬼动鬼克世亦凶，惟空破为吉」, 36.1 「然官鬼遇空破者弗能伤」: 损's ghosts 卯 (void) and
    # 寅 (void, broken by the 申 month) control the 丑 世 by phase only.
    ("征伐.防刺", "损", "申", "壬子", {}, "吉", "防刺.鬼空破"),
    # stays: 晋之否's 巳 ghosts are whole and control the 酉 世, which is 旺 in 酉 -- 「或鬼兴而世旺，敌虽
    # 剌我，我数未终也」.
    ("征伐.防刺", "晋之否", "酉", "戊辰", {}, "吉", "防刺.世旺克"),
    # fixed: 44.10 「筮城虑破，鬼动鬼克则危」 with 36.1: on 损 the void and broken ghosts control nothing.
    ("征伐.守城", "损", "申", "壬子", {}, "安", "守城.鬼静"),
    # fixed: 44.3 「如问立营下寨，安危凭鬼」: 否's 巳 and 午 ghosts still, nothing moves, neither trigram
    # void or broken, no 六冲 -- the 世's own grade (死 in 申) does not answer for the camp.
    ("征伐.立营", "否", "申", "己未", {}, "安", "立营.鬼静"),
    # fixed: 44.12 「坤鬼是戒纳降」 (「坤顺鬼动，其降非真」): 否之讼's 巳 ghost moves in the inner 坤;
    # the 应 戌 is strong and does not control the 世.
    ("征伐.问降", "否之讼", "午", "庚申", {}, "诈", "款降.鬼卦"),
    # fixed: 「兑毋信其说口」 (「兑为口、为悦，则说言必诈」): 兑之困's 巳 ghost moves in the inner 兑.
    ("征伐.问款", "978778", "午", "丙寅", {}, "诈", "款降.鬼卦"),
    # stays: 「坤鬼是戒纳降」 names the surrender, not the peace: the 坤 ghost leaves 问款 to the 应.
    ("征伐.问款", "否之讼", "午", "庚申", {}, "真", "款降.应全"),
    # fixed: 66.1 「财神旺而生合世身者，此手足以奉腹心」: 比's 子 财 旺 in 亥 generates the 卯 世; the 午
    # day only stirs it (27.1 「日冲安旺之爻为暗动」), it is no 日破 (「日冲静衰之爻谓暗破」).
    ("收雇", "比", "亥", "庚午", {}, "吉", "收仆.财旺生合"),
    # stays: the same 子 财 囚 in 辰, clashed by the 午 day -- 暗破, the 日破 of 「三破，谓岁月日之破」.
    ("收雇", "比", "辰", "庚午", {}, "凶", "收仆.日破"),
    # fixed: 70.1 「惟鬼静福兴，而安居乐业」 with 36.1: 泰's 寅 ghost is broken by the 申 month.
    ("户籍", "泰", "申", "庚申", {}, "吉", "立户.鬼静福兴"),
    # fixed: 70.2 「交纳易乎，官克世而难也」: the broken 寅 官 controls nothing.
    ("户籍.交纳", "泰", "申", "庚申", {}, "易", None),
    # fixed: 「违限安乎，鬼动官克而危也」: the 寅 官 void on 丙午 and weak in 酉.
    ("户籍.违限", "泰", "酉", "丙午", {}, "安", None),
    # stays: the same 官 whole (寅 month, 甲子 day) controls the 世 辰 -- 「官克世而难也」.
    ("户籍.交纳", "泰", "寅", "甲子", {}, "难", "交纳.官克世"),
    # fixed: 66.3 「人可用矣，不受非乎，官动官克而被讼」 with 36.1: 咸's 午 官 broken by the 子 month.
    ("收雇.防非", "咸", "子", "壬子", {}, "吉", None),
    # fixed: 26.3 「若日辰亦生扶，乃谓真旺相空……此皆空而有用也」: 临's 应 and 财 亥 (line 5) 旺 in 子,
    # helped by the 子 day, void in 甲子 -- not the void of the chapters' ills.
    ("诚伪", "临", "子", "甲子", {}, "诚", None),
    ("田蚕", "临", "子", "甲子", {}, "丰", None),
    ("田蚕.召耕", "临", "子", "甲子", {}, "吉", None),
    ("收雇.雇工", "临", "子", "甲子", {}, "成", None),
    ("户籍.寄户", "临", "子", "甲子", {}, "成", None),
    ("收雇.防病", "临", "子", "甲子", {}, "吉", None),
    ("收雇", "临", "子", "甲子", {}, "吉", None),
    # stays: the same 亥 void and weak (午 month, 甲子 day still helps: 安空, no use) -- 「用空则不实」.
    ("诚伪", "临", "午", "甲子", {}, "伪", "诚伪.用病"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_ghost_in_the_void_is_no_confederate():
    """44.11 「不可上下克世，恐其内应外通」 with 36.1 「然官鬼遇空破者弗能伤」: 损's two ghosts (卯 void,
    寅 void and broken) control the 世 from both trigrams by phase alone -- no 上下鬼克世."""
    judged = yimao.judge(question="征伐", hexagram="损", month="申", day="壬子")
    assert not [v for v in judged.verdicts() if v["rule"] == "征伐.鬼势"]


def test_the_world_strong_needs_the_ghost_it_survives():
    """44.6 「或鬼兴而世旺，敌虽剌我，我数未终也」: on 晋之否 no ghost moves -- the 鬼兴 reading is not given."""
    judged = yimao.judge(question="征伐.防刺", hexagram="晋之否", month="酉", day="戊辰")
    assert not [v for v in judged.verdicts() if v["rule"] == "防刺.世旺"]


def test_a_broken_thing_is_judged_by_its_break_not_by_the_grade():
    """65.2 「有无完缺，以用神衰旺、虚实、破散断之」: 坎's 午 财 broken by the 子 month is 缺 (on the side
    「无 缺」), decided by 测物.破散, the general grade (凶陷) only beside it."""
    for day in ("甲寅", "壬子"):
        word, rules = lead("诚伪.测物", "坎", "子", day, about="珍宝")
        assert word == "无"
        assert rules == {"测物.破散"}, rules
