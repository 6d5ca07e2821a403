"""Chapter 79 舟车 read again (a fourth review): how far the day of the 子孙 reaches, whether the boat
has its days to avoid, and which 六冲 troubles a passage on another's boat.  79.8 「子孙当日，险以夷戒」
makes the journey's dangers smooth -- the 险 is the journey's danger as 79.4 reads it (「所历之安危，察
用神与官鬼二者而已」), so 79.1's 「助伤世病」「命墓用坏」 and the general rulings of the same signs (36's
助鬼伤身, 35's 随鬼入墓) give way as the moving ghost and the 用神's grade already did; 79.8's
「求趋避以官鬼当月之期」 stands in the boat's paragraph, so the 舟楫 question answers it too; 79.7's
「六冲有半道之变」 stays the cast hexagram's clash (34.1 「筮得六冲，其名卦冲」).  Rows marked "fixed"
failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, readings, verdict_rules


CHARTS = [
    # 79.8 「子孙当日，险以夷戒」 over 79.1 「助伤世病，不宜自身之适」 and 36.4 「以鬼为忌者，助伤固凶」: 离 on
    # 庚申, the 亥 官 (line 3) born on the day controls the 世 巳; the journey on 己丑, the 子孙 丑's day
    # (fixed: 36's 助伤.鬼忌凶 won by 先索不善); with no day of the journey the helped ghost stands (stays).
    ("舟车", "787787", "辰", "庚申", {"matter_day": "己丑"}, "吉", "舟车.子孙当日"),
    ("舟车", "787787", "辰", "庚申", {}, "凶", "助伤.鬼忌凶"),
    # 「助伤世病」 -- the 世's own break, the 用神's grade the precedence already overruled: 坎之师 in a 午
    # month, the 世 子 broken, the 戌 官 moving; the journey on 甲寅, the 子孙 寅's day (fixed: 舟车.世病
    # won); on 丙辰, the 辰 官's day, 「官鬼当日，安以危戒」 (stays).
    ("舟车", "878898", "午", "丙戌", {"matter_day": "甲寅"}, "吉", "舟车.子孙当日"),
    ("舟车", "878898", "午", "丙戌", {"matter_day": "丙辰"}, "凶", "舟车.世病"),
    # 「命墓用坏，岂利他人之行」: the same chart in a 子 month asked for the wife, her 午 财 void on 丙戌 and
    # broken by the month; on 甲寅 (fixed: 舟车.用坏 won), on 丙辰 (stays).
    ("舟车", "878898", "子", "丙戌", {"matter_day": "甲寅", "about": "妻"}, "吉", "舟车.子孙当日"),
    ("舟车", "878898", "子", "丙戌", {"matter_day": "丙辰", "about": "妻"}, "凶", "舟车.用坏"),
    # 35.2 「世之随鬼入墓，自占者凶」, the general ruling of 79.1's ghost-tomb: 877787's 世 亥 官 in its tomb
    # 辰 on 庚辰; the journey on 丁丑, the 子孙 丑's day (fixed); with no day of the journey (stays).
    ("舟车", "877787", "戌", "庚辰", {"matter_day": "丁丑"}, "吉", "舟车.子孙当日"),
    ("舟车", "877787", "戌", "庚辰", {}, "凶", "随墓.世墓凶"),
    # 79.7 「六冲有半道之变」 is the cast hexagram a 六冲 (34.1 「筮得六冲，其名卦冲」; 「筮化六冲」 is 变冲,
    # and where the book means all three it names them, 91.5 「三冲用坏，则半途改辙」; 59.4 「卦六冲而有半途
    # 之废」): 姤之乾, the 应 午 旺 in 巳 and not controlling the 世, may be ridden with (stays); 乾 itself
    # clashes (stays).
    ("舟车.附舟", "677777", "巳", "丙寅", {}, "宜", "附舟.良"),
    ("舟车.附舟", "777777", "巳", "丙寅", {}, "不宜", "附舟.六冲"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_rivers_stay_above_the_sons_day():
    """79.8 「唯艮坎二义，江海大凶」 stays above 「子孙当日」: 坎 asked of the boat on the 子孙 寅's day is
    凶 by 舟楫.坎艮 (stays), the 子孙's ruling overruled, not the river's."""
    assert_lead("舟车.舟楫", "坎", "子", "甲子", {"matter_day": "甲寅"}, "凶", "舟楫.坎艮")
    assert "舟车.子孙当日" in verdict_rules("舟车.舟楫", "坎", "子", "甲子", matter_day="甲寅")


def test_the_boat_has_its_days_to_avoid():
    """79.8 「考魇倒以官鬼当临之处，求趋避以官鬼当月之期，越江海慎坎艮之戒」 is the boat's paragraph: the
    舟楫 question answers the ghost's branches to avoid -- 离's 亥, 坎之师's 辰 and 戌 (fixed: no answer
    before); the journey keeps them (stays); finding a boat has none (stays)."""
    assert readings("舟车.舟楫", "787787", "辰", "庚申", "by 避期(期)") == {"亥"}
    assert readings("舟车.舟楫", "878898", "午", "丙戌", "by 避期(期)") == {"辰", "戌"}
    assert readings("舟车", "787787", "辰", "庚申", "by 避期(期)") == {"亥"}
    assert readings("舟车.雇觅", "787787", "辰", "庚申", "by 避期(期)") == set()
