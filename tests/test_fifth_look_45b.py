"""Chapter 45 天时 looked at a fifth time (b): two lines of the 用神 kept by 42 (both harmed, both
moving), one sound and one spoiled, the sound one is read -- 42.1 「大抵舍静求动，舍衰求旺，舍病而求不
病」, 30.1 「若两求之，则吉凶不定矣」 -- not the two against each other.  In 占雷 a moving 官鬼 beside a
broken one tied (未决: 占雷.鬼动 against 占雷.鬼坏); in 占水/占冰 the broken 父 beside a strong moving
one still said 「冰连结而不进」 (占雷.鬼坏 now asks 63's 亲全, 舟行.父破空 its 亲强, as 占风.兄衰 does).
Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, verdict_rules


CHARTS = [
    # 「天地之鬼神曰雷霆，以官鬼像之」 with 42.1 「舍病而求不病」: 既济 with the 丑 and the 戌 官鬼 both
    # moving, in a 未 month (the 丑 broken; the 戌 held up by the month, controlled by the 卯 day):
    # thunder, by the sound moving 戌 (fixed: 未决 before, 占雷.鬼动 against 占雷.鬼坏).
    ("天时.占雷", "767898", "未", "乙卯", {}, "雷", "占雷.鬼动"),
    ("天时.占雷", "767898", "未", "丁卯", {}, "雷", "占雷.鬼动"),
    # The only 官鬼 void (蹇之姤, 卯 month, 庚子): no thunder (stays).
    ("天时.占雷", "867676", "卯", "庚子", {}, "无雷", "占雷.鬼坏"),
    # 既济 with the 戌 moving alone: 42 takes it over the void static 丑 (舍静求动): thunder (stays).
    ("天时.占雷", "787898", "巳", "戊午", {}, "雷", "占雷.鬼动"),
    # 「如父破空，冰连结而不进」: 坎为水, its only 父 (申) broken by the 寅 month: ice (stays).
    ("天时.占冰", "878878", "寅", "丙午", {}, "阻", "舟行.父破空"),
    # 履 in a 丑 month on 庚子: the 巳 父 void, the 午 父 neither void nor broken but weak (休, the day
    # controls it and clashes it, 暗破), each with a harm the other lacks, so 30.1 keeps both; no strong 父
    # to read instead: ice (stays).  (否 酉 丙寅 was the chart: its void 戌 beside the 未, both controlled
    # by the day, is now set aside by 30.1 「舍其有伤，取其无伤」, and the 未 alone is read: 阻 by its grade.)
    ("天时.占冰", "履", "丑", "庚子", {}, "阻", "舟行.父破空"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_broken_line_beside_a_sound_one_says_nothing():
    """「舍病而求不病」: beside the sound moving 戌 官鬼 the broken 丑 gives no 「无雷」 (fixed); 否 in a 丑
    month on 乙卯, the 戌 父 moving and strong, the 未 父 moving and broken: no 「冰连结而不进」 from the
    broken one (fixed); the lone broken 父 of 坎为水 still gives it (stays)."""
    assert "占雷.鬼坏" not in verdict_rules("天时.占雷", "767898", "未", "乙卯")
    assert "舟行.父破空" not in verdict_rules("天时.占水", "688779", "丑", "乙卯")
    assert "舟行.父旺动" in verdict_rules("天时.占水", "688779", "丑", "乙卯")
    assert "舟行.父破空" in verdict_rules("天时.占冰", "878878", "寅", "丙午")
