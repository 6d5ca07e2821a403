"""Charts worked by hand from the general statements of chapters 60 经学, 61 师友, 62 馆席 and 64 任人
(a third review, read against the text paragraph by paragraph): each row is a chart where one
statement of the book decides the answer, the answer the book gives, and the ruling that must decide
it (None: any).  The rows marked "fixed" failed before the rulebook was changed to say what its
paragraph says; the rows marked "stays" keep the old answer, so that the change is no wider than the
paragraph."""

from __future__ import annotations

import pytest

import yimao
from handcharts import assert_lead


CHARTS = [
    # 62.5 「若筮辞馆，以应为主人……惟应实及不克世者，可以去也」: 归妹's 应 戌 is none of 空散破绝 and
    # does not control the 丑 世; merely drained in the 申 month, it is still 实 (fixed).  Void on a 乙丑
    # day (甲子 旬), 「应空散破绝而不遂」 (stays); 离's 应 controlling the 世 (stays).
    ("馆席.辞馆", "778788", "申", "丁酉", {}, "成", "辞馆.可去"),
    ("馆席.辞馆", "778788", "申", "乙丑", {}, "不成", "辞馆.应病"),
    ("馆席.辞馆", "离", "丑", "辛酉", {}, "不成", "辞馆.应克世"),
    # 61.5 「馆地之安，世爻毋空破散绝，而鬼象莫之交重，则安宁可居」: 涣之观's 世 巳 drained in 丑, none
    # of the four ills, no 官鬼 moving (fixed); void on an 乙未 day (甲午 旬) (stays).
    ("师友.馆安", "898877", "丑", "癸丑", {}, "吉", "馆安.安宁"),
    ("师友.馆安", "898877", "丑", "乙未", {}, "凶", "馆安.世病"),
    # 60.2 「欲参宗禅之奥，戒六冲而世空」, 「盖学而求道，在乎成身，则六冲世空为戒」: 否之晋 is no 六冲,
    # its 世 卯 stands on the day; the void 戌 文书 is not what 参禅 reads (fixed).  The 世 void on an
    # 乙巳 day (甲辰 旬) (stays); 明传 「忌世空而文陷」 still reads a void 文: 节's one 父母, the 申, void on
    # 己卯 in a 午 month, where 参禅 is 成 (stays).  (否之晋 午 丁卯 was the 明传 chart: its void 戌 beside the
    # 未, both controlled by the day, is now set aside by 30.1 「舍其有伤，取其无伤」.)
    ("经学.参禅", "888797", "午", "丁卯", {}, "成", None),
    ("经学.参禅", "888797", "午", "乙巳", {}, "不成", "经学.世空"),
    ("经学.明传", "节", "午", "己卯", {}, "不成", "明传.文陷"),
    # 64.1 「任文以父……而应象皆不可病」, after 「空则无能……散则无心……破不一向，绝不先劳也」: 未济's
    # 父 寅 generates the 午 世, the 应 巳 is 绝 on the 亥 day (fixed); on a 甲寅 day the 应 is whole and
    # the 父 generating the 世 decides (stays).
    ("任人.任文", "878787", "子", "癸亥", {}, "凶", "任人.应病"),
    ("任人.任文", "878787", "子", "甲寅", {}, "吉", "任人.生世"),
    # 64.1 「三冲则鲜克有终，克世则中怀不利」: 坎 is a 六冲; its 父 申 on the month generates the 子 世 --
    # 64.2's 「若来生世，虽凶亦吉」 stands under the spirits and does not answer the 三冲 (fixed: 42.21
    # weighs them).  Still 64.2 over a 用神 merely 死气 (未济, 寅 in 酉) and over the asker's 世 in its
    # tomb (鼎) (stays).
    ("任人.任文", "坎", "申", "乙巳", {}, "凶", "任人.三冲"),
    ("任人.任文", "878898", "未", "己亥", {}, "凶", "任人.三冲"),
    ("任人.任文", "878787", "酉", "庚午", {}, "吉", "任人.生世"),
    ("任人.任仆", "鼎", "申", "甲辰", {}, "吉", "任人.生世"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_way_sought_reads_the_world():
    """60.2 「学而求道，在乎成身」: 参禅's 用神 is the 世 (第3爻 of 否), not the 文书."""
    judged = yimao.judge(question="经学.参禅", lines="888797", month="午", day="丁卯")
    assert {f.values[:2] for f in judged.chart.result.facts("用神")} == {(3, "本")}
