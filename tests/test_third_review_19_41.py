"""Chapters 19 卦候, 21 岁君 and 41 卦验 read against the text on charts worked by hand (a third
review): a trigram's season is set by the month (19.1 「然以月令言毋以日时言也」), so a month that holds
a node in its middle (子 卯 午 酉) still fixes the season of the six trigrams that stand in or out of
it in both halves; the 申 month lies wholly inside 41.2's 「秋后三气」; and in a state question the
year's 君象 and the relative the year holds speak (21.3 「国占而现，喜静旺，忌破绝……岁时降鬼而为海内殃，
降福而为天下康」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead


CHARTS = [
    # 19.1 「然以月令言毋以日时言也」, 43.6 「当以外旺为凭」: moving the capital, the outer trigram 艮 in a bare
    # 子 month is 胎 (大雪, 乾 rules) or 相 (冬至, 坎 rules) -- in season either way (fixed: 不宜 by
    # the 用神 before, no 卦候 at all).  The outer 乾 is 旺 in 大雪 and 废 after 冬至: it waits for
    # the solar term, and the 用神 still decides (stays).
    ("国朝.迁都", "878887", "子", "丙寅", {}, "宜", "迁都.外旺"),
    ("国朝.迁都", "878777", "子", "丙子", {}, "不宜", "用神断.凶陷"),  # 丙子: on 丙寅 the outer 乾 is void (迁都.外空破)
    # 41.2 「独秋后占地得坤……反为吉兆」, commentary 「秋后三气得坤卦」: the 申 month is 立秋 and 处暑, both
    # of the three terms (fixed: 凶 before).  The 酉 month is 白露 then 秋分, half in: it waits for the
    # solar term, and 坤's 六冲 stands (stays).
    ("坟墓", "888888", "申", "丙寅", {}, "吉", "坟墓.秋后坤"),
    ("坟墓", "888888", "酉", "丙寅", {}, "凶", "坟墓.三冲"),
    # 21.3 「岁时降鬼而为海内殃」 (「太岁值鬼，九州灾厄」): 未济之夬 is of the 离 palace (fire); the 戊子 year
    # is water, the palace's 官鬼 -- calamity across the realm, though the 子孙 and the 用神 are sound
    # (fixed: 安 before).  On a 戊午 day the 子 year is void (甲寅 decade): 「空则可空」, it sends
    # nothing down (stays).
    ("国朝", "676769", "亥", "戊辰", {"year": "戊子"}, "危", "岁君.降鬼"),
    ("国朝", "676769", "亥", "戊午", {"year": "戊子"}, "安", "国朝.福临"),
    # 21.3 「国占而现，喜静旺，忌破绝」 (「太岁现为君象」): 未济's 午 (line 3) stands on the 甲午 year -- the
    # 君象, broken by the 子 month (fixed: no ruling read the year before).  鼎 in a 丙辰 year has no
    # 辰 on the cast, so the fifth line is the 君象 (「不现，则但以五爻为朝廷」): static, 相 in the 午
    # month and on the 未 day -- 安, beside the 福 (stays).
    ("国朝", "878787", "子", "丙寅", {"about": "君", "year": "甲午"}, "危", "岁君.君象破绝"),
    ("国朝", "679987", "午", "己未", {"about": "君", "year": "丙辰"}, "安", "国朝.福临"),
    # 44.9 「君象冲克世爻，则不允济」, commentary 「盖五爻为君，克冲世爻，恐逆耳不允」: in 上书求济 the 君象 is
    # the fifth line, not 21.3's year (乾为天 in a 甲辰 year: the 辰 on line 3 clashes the 世 戌, and
    # 求济.君冲世 stays silent); the 六冲 refuses (stays).
    ("征伐.求济", "777777", "巳", "丙寅", {"year": "甲辰"}, "不允", "求济.六冲"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _facts(predicate, lines, month=None, day=None, question="国朝", **options):
    import yimao
    judged = yimao.judge(question=question, lines=lines, month=month, day=day, **options)
    return {f.values for f in judged.chart.result.facts(predicate)}


def test_a_month_holding_a_node_fixes_six_seasons():
    """19.1 「然以月令言毋以日时言也」, 19.5 「故冬至始起于坎，而旺相胎没死囚休废，终止乎乾」: in a bare 子 month
    (大雪 then 冬至) 坎 is 相 then 旺, 艮 胎 then 相, 震 没 then 胎 -- in season -- and 离 坤 兑 out
    of it in both halves; 乾 (旺, then 废) and 巽 (死, then 没) wait for the solar term (fixed: no
    卦候 at all before).  Given the solar term, the grade itself (stays)."""
    assert dict(_facts("卦候", "878787", "子", "丙寅")) == {
        "坎": "旺相", "艮": "相胎", "震": "胎没", "离": "死囚", "坤": "囚休", "兑": "休废"}
    assert dict(_facts("卦候", "878787", "午", "丙寅")) == {
        "离": "旺相", "坤": "相胎", "兑": "胎没", "坎": "死囚", "艮": "囚休", "震": "休废"}
    assert dict(_facts("卦候", "878787", date="2024-12-10T12:00+08:00"))["坎"] == "相"   # 大雪: 乾 rules
    assert dict(_facts("卦候", "878787", "丑", "丙寅"))["坎"] == "旺"


def test_the_states_a_straddling_month_fixes_are_read_as_the_grades_are():
    """19.5 「则坎艮旺相三气，谓旬空而弗空也，震巽胎没三气，谓囚而不囚也」: 坎为水 in a bare 子 month is 旺 or
    相 either way, so its void on 甲寅 does not count (fixed).  艮为山 there is 胎 in 大雪 but 相 after
    冬至: not 胎没 throughout, so not 囚而不囚 though earth is 囚 in 子 (stays: nothing before)."""
    assert _facts("空而弗空", "878878", "子", "甲寅") == {("内",), ("外",)}
    assert not _facts("囚而不囚", "887887", "子", "甲寅")


def test_the_shen_month_is_after_autumn():
    """41.2 commentary 「秋后三气得坤卦，卜山地，春前一气得艮卦」: the 申 month (立秋 处暑) is 秋后三气 (fixed);
    the 酉 month (白露 秋分) and the 丑 month (小寒 大寒) are not wholly inside either span (stays);
    大寒 itself is 春前一气."""
    assert _facts("时段", "888888", "申", "丙寅", question="坟墓") == {("秋后三气",)}
    assert not _facts("时段", "888888", "酉", "丙寅", question="坟墓")
    assert not _facts("时段", "887887", "丑", "丙寅", question="坟墓")
    assert _facts("时段", "887887", date="2024-01-22T22:13+08:00", question="坟墓") == {("春前一气",)}
