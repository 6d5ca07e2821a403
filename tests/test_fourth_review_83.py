"""Chapter 83 词讼 read again against the text (a fourth look): a void or broken 官 neither favours
nor punishes the other side any more than it does oneself (83.3 「官鬼空散，讼不成也」, 36.1 「然官鬼
遇空破者弗能伤」), and its control of the 世 is no harm to a stay, a settling or a fear of a suit
(83.14 「大抵以官鬼安静破空为吉，发动克世为凶」); fearing a suit is asked as a guard (83.12 「忧讼来侵，
占同防戒」), where 35.4's 「见空破而祸消」 holds; 明夷 and 坎 stand 「无问生克」 for detention and prison
(83.6), and 83.18's 「大罪不死」 is the sentenced man's life, not 禁责's escape; 审期 and 终讼 read the
suit's 胜 / 负 as the suit does (「故以官爻生克为胜负」); the pleader's 「随助官克，乃以自戕」 is the
pleader's.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 83.3 「官鬼生应，彼得理也……官鬼空散，讼不成也」 with 83.1 「彼讼而好鬼破空」: 中孚's 卯 官 (lines 2
    # and 6) generate the 巳 应 but are void on 丙午 (甲辰 旬) -- sued, I win (fixed: 负 by 词讼.官生应
    # before); asked without a side, the 应 that generates the 世 is read after the void 官 (83.7 「亦先
    # 论官而后论应」, 83.10 「应生世」: fixed, 负 before).
    ("词讼", "778877", "午", "丙午", {"suit": "彼讼"}, "胜", "讼方.彼讼官空破"),
    ("词讼", "778877", "午", "丙午", {}, "胜", "词讼.应生世"),
    # 83.2 「如世爻值鬼……若克应爻，是官为我而责彼乃吉」: 遯's 午 官 on the 世 controls the 申 应, whole on
    # 甲子 (stays).
    ("词讼", "887777", "辰", "甲子", {}, "胜", "词讼.世鬼克应"),
    # 83.14 「大抵以官鬼安静破空为吉，发动克世为凶」, 83.20 「止喜静，避喜空」: 晋's 巳 官, at rest, control
    # the 酉 世 but are void on 戊戌 (甲午 旬) -- a stay holds, the suit settles, the feared suit does not
    # come (fixed: 有事 / 不息 / 有事 before); on 甲子 they are whole (stays).
    ("词讼.回关", "888787", "子", "戊戌", {}, "无事", "回关.官静破空"),
    ("词讼.息讼", "888787", "子", "戊戌", {}, "息", "息讼.息"),
    ("词讼.忧讼", "888787", "子", "戊戌", {}, "无事", "忧讼.无患"),
    ("词讼.回关", "888787", "子", "甲子", {}, "有事", "回关.鬼克"),
    ("词讼.息讼", "888787", "子", "甲子", {}, "不息", "息讼.官克世"),
    ("词讼.忧讼", "888787", "子", "甲子", {}, "有事", "忧讼.官作"),
    # 83.12 「忧讼来侵，占同防戒……弗遇随助，何患相加」 with 35.4 「若避患、忧害、防非，见空破而祸消，
    # 祸消而随墓何凶也」: 遯's 世 午 官, void on 丙戌 (甲申 旬), goes into its 戌 tomb -- feared, it is no
    # harm (fixed: 有事 before); on 甲戌 (甲戌 旬) the 午 is whole, 「事已及身」 (stays).
    ("词讼.忧讼", "887777", "辰", "丙戌", {}, "无事", "忧讼.无患"),
    ("词讼.忧讼", "887777", "辰", "甲戌", {}, "有事", "忧讼.官作"),
    # 83.6 「明夷为禁，坎为狱，无问生克，占讼之忌也」: asked after detention or leaving prison, 明夷 does not
    # let off nor out (fixed: 免 by 83.18's 大罪不死, 出 by 离狱.出 before); 83.18 「刑定不复论官，专看用
    # 神」 -- the sentenced man's life on the same chart is his line's (stays).
    ("词讼.禁责", "明夷", "辰", "庚午", {}, "不免", "禁责.囹圄"),
    ("词讼.离狱", "明夷", "辰", "庚午", {}, "不出", "离狱.囹圄"),
    ("词讼.刑定", "明夷", "辰", "庚午", {}, "免", "禁责.大罪不死"),
    # 83.1 「故以官爻生克为胜负」: the 胜 / 负 answered beside 审期's and 终讼's days is the suit's -- 晋's
    # 巳 官 control the 酉 世 (83.1 「鬼来克世，难伸我屈」; fixed: 胜 by the 用神's grade 有玷 before), as
    # the suit asked plainly (stays).
    ("词讼.审期", "888787", "午", "甲子", {}, "负", "词讼.鬼克世"),
    ("词讼.终讼", "888787", "午", "甲子", {}, "负", "词讼.鬼克世"),
    ("词讼", "888787", "午", "甲子", {}, "负", "词讼.鬼克世"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_tomb_is_no_harm_to_one_who_fears_a_suit():
    """35.4 「事未及身而先事忧防，则空破随墓非忌」: 遯's void 午 世 entombed on 丙戌 is 祸消 when the suit is
    feared (忧讼, fixed), not when it is fought (词讼: 「事已及身，空破随墓最忌」, stays)."""
    assert (2, "世墓") in facts("随墓祸消", "887777", "辰", "丙戌", question="词讼.忧讼")
    assert not facts("随墓祸消", "887777", "辰", "丙戌", question="词讼")
    assert "词讼.随墓" in verdict_rules("词讼", "887777", "辰", "丙戌")


def test_the_great_crime_is_the_sentenced_mans_life():
    """83.18 「大罪不死，在用神之旺相」 is said of 「既定重罪，占其生死」 (刑定), not of 83.16's 「忧禁忧
    责」: 泰 in 辰 on 庚午 -- no 大罪不死 in 禁责 (fixed), still in 刑定 (stays)."""
    assert "禁责.大罪不死" not in verdict_rules("词讼.禁责", "泰", "辰", "庚午")
    assert "禁责.大害不绝" not in verdict_rules("词讼.禁责", "泰", "辰", "庚午")
    assert "禁责.大罪不死" in verdict_rules("词讼.刑定", "泰", "辰", "庚午")


def test_the_pleaders_self_harm_is_the_pleaders():
    """83.13 「讼师美恶，询诸父母……随助官克，乃以自戕」 answers the pleader; the men used have their own
    「随助官伤，反为我害」 and 83.15's 夤缘 names no 随助: 晋's 巳 官 control the 世 (fixed: 讼师's 不善 shown
    under 用人 and 夤缘 before; stays in 讼师)."""
    assert "讼师.随助官克" not in verdict_rules("词讼.用人", "888787", "午", "甲子")
    assert "讼师.随助官克" not in verdict_rules("词讼.夤缘", "888787", "午", "甲子")
    assert "用人.随助官伤" in verdict_rules("词讼.用人", "888787", "午", "甲子")
    assert "讼师.随助官克" in verdict_rules("词讼.讼师", "888787", "午", "甲子")
