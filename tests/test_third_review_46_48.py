"""Charts worked by hand from the general statements of chapters 47 身命 and 48 年运 (a third review,
read against the text paragraph by paragraph): each row is a chart where one statement of the book
decides the answer, the answer the book gives, and the ruling that must decide it (None: any).  The
rows marked "fixed" failed before the rulebook was changed to say what its paragraph says; the rows
marked "stays" keep the old answer, so that the change is no wider than the paragraph."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, readings


CHARTS = [
    # 48.9 「如世爻落空，年运少利，后值太岁，是年诸事可图也」: 乾's 世 戌 void on the 甲子 day; the 戌
    # year fills it (fixed) -- a 卯 year only combines it and the void stands (stays).
    ("年运", "777777", "午", "甲子", {"year": "甲子", "matter_year": "甲戌"}, "吉", "年运.岁值"),
    ("年运", "777777", "午", "甲子", {"year": "甲子", "matter_year": "己卯"}, "凶", "年运.世空"),
    # 48.9 「凶欲其自有而无，则必年运之制伏忌神也」, 「时下构讼，年运内逢官鬼墓绝，其词乃灭」: 乾之小畜's
    # 午 ghost moves; the 亥 year controls it and is its 绝 (fixed) -- a 寅 year feeds it (stays).
    ("年运", "777977", "午", "丁未", {"year": "甲子", "matter_year": "乙亥"}, "吉", "年运.岁制鬼"),
    ("年运", "777977", "午", "丁未", {"year": "甲子", "matter_year": "丙寅"}, "凶", "年运.鬼动"),
    # 48.9 「如时下乏嗣，年运内逢子生，当岁即孕」: 乾's 子孙 子 weak in 未 on a 戌 day; the 申 year
    # generates it (fixed) -- a 午 year does not (stays).
    ("年运.诞儿", "777777", "未", "戊戌", {"year": "甲子", "matter_year": "壬申"}, "吉", "诞儿.逢子生"),
    ("年运.诞儿", "777777", "未", "戊戌", {"year": "甲子", "matter_year": "甲午"}, "凶", "趋吉.未见"),
    # 48.9 「以吉忌推衰旺，以岁月合世爻……酉世逢辰年而得济」: 夬's 酉 世 dead in the 午 month; the 辰
    # year combines it (fixed) -- broken by a 卯 month, the 合 does not mend the break (stays).
    ("年运", "777778", "午", "壬子", {"year": "甲子", "matter_year": "丙辰"}, "吉", "年运.岁月吉"),
    ("年运", "777778", "卯", "壬子", {"year": "甲子", "matter_year": "丙辰"}, "凶", "年运.世病"),
    # 47.13 「用神遇绝生者，先困后亨」 (「世财逢绝……如或长生，则先败而后成」): 师之临's 世 午 (a 财)
    # extinct on the 亥 day, the moving 寅 generates it (fixed) -- void as well on a 丁亥 day, the void
    # stands (stays).
    ("身命", "678888", "亥", "乙亥", {}, "吉", "平生.绝生"),
    ("身命", "678888", "亥", "丁亥", {}, "凶", "平生.有病"),
    # 47.13's 「如或长生」 as 47.3's case reads its 师 chart: 「世爻绝亥生寅」 -- extinct on the 亥 day,
    # 长生 in the 寅 month (fixed); in a 辰 month no 长生 (stays).
    ("身命", "师", "寅", "辛亥", {}, "吉", "平生.绝逢长生"),
    ("身命", "师", "辰", "辛亥", {}, "凶", "平生.有病绝"),
    # 47.5 「以文章取进，则专用父母」, 47.4 「以学而得名者，必父爻之高明」: 姤's 父 丑 on the 世 on the
    # month, 父 戌 on the day; the only 官 午 void -- rank by writing (fixed); by service, 「专用官鬼」,
    # the void 官 fails it (stays).
    ("身命.贵", "877777", "丑", "丙戌", {}, "贵", "贵.生旺"),
    ("身命.擢拔", "877777", "丑", "丙戌", {}, "不贵", "贵.死墓"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_fire_and_water_ghosts_warn_of_fire_and_drowning_only_when_they_control_the_shi():
    """47.8 「火鬼克身而忧焚，水官伤世而患溺」 beside 「于金则病肺，于火则病血」: 否之观's 午 fire ghost
    moves but the 世 卯 is wood -- 病血, no 忧焚 (fixed); 离之噬嗑's 亥 water ghost moves and controls
    the 巳 世 -- 患溺 (stays)."""
    fire = readings("身命.趋避", "888977", "午", "丙寅", "by 趋避象(象)")
    assert "病血" in fire and "忧焚" not in fire
    assert "患溺" in readings("身命.趋避", "789787", "午", "丙寅", "by 趋避象(象)")
