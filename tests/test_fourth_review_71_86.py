"""Chapters 71 差役 and 86 侍神 read again (a fourth look).  71: the ghost and the 财 the levy needs
are there when 17.1 finds them there (本无而有), not only when they stand on the cast -- 「俗学但以用爻
上卦为有，不上卦为无，岂能通微刻验」; help and relief sought privately require what 71.4 says they
require (「须应生世」, 「须世克应」); and a 官 free of 71.3's three wrongs (「不可克、不可极、不可没」) lets
the asker out of service, its mere weakness in the season no wrong.  86: of two ghosts the one set
aside by 30.1-30.2 (舍其有伤, 舍飞从伏) is not the god whose void, break, scattering or extinction
troubles the shrine, and a void of use (26.3 「此皆空而有用也」) is not 「空则无降格之诚」.  Rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 71.2 「筮谋差之成……官失，为不就也」 read with 17.1 「俗学但以用爻上卦为有，不上卦为无」: 旅 has no 官 on
    # the cast, but the 子 month is the ghost itself (本无而有 by 日月) -- not 官失 (fixed: 不成 by 谋差.官失
    # before); 涣 on 戌 己亥 hides its 亥 ghost under a static line off the 世, no way of 17.1 (stays).
    ("差役.谋差", "887787", "子", "庚申", {}, "成", "求役.财旺官备"),
    ("差役.谋差", "涣", "戌", "己亥", {}, "不成", None),
    # 71.4 「鬼旺则役来」: the same 旅 in 避役 -- the ghost is the month, not lost (fixed: 吉 by 避役.失鬼
    # before); 益 in a 午 month hides its 酉 ghost under the 世 but the month controls it (stays).
    ("差役.避役", "887787", "子", "庚申", {}, "凶", "避役.伏鬼旺"),
    ("差役.避役", "益", "午", "丁卯", {}, "吉", "避役.失鬼"),
    # 71.2 「官能利之，故财不可无也」: 履 has no 财 on the cast, but the 子 month carries it (fixed: 不成 by
    # 求役.财无 before); in a 午 month nothing does (stays).
    ("差役.谋差", "778777", "子", "甲子", {}, "成", None),
    ("差役.谋差", "778777", "午", "丙寅", {}, "不成", "求役.财无"),
    # 71.4 「若求人助役，须应生世」: 乾's 辰 应 does not generate the 戌 世 (fixed: 成 by 用神断.全吉 before);
    # 比之谦's 应 does (stays).
    ("差役.助役", "777777", "午", "丁丑", {}, "不成", "助役.应不生世"),
    ("差役.助役", "比之谦", "子", "己巳", {}, "成", "助役.应生世"),
    # 71.4 「若觅人卸役，须世克应」: 乾's 世 and 应 are both earth (fixed: 成 before); 夬's 世 controls its 应
    # (stays).
    ("差役.卸役", "777777", "午", "丁丑", {}, "不成", "卸役.世不克应"),
    ("差役.卸役", "777778", "子", "甲子", {}, "成", "卸役.世克应"),
    # 71.3 「故凡官不可克、不可极、不可没也」: 否's 巳 and 午 官 in a 丑 month are 休, neither void, broken,
    # controlling the 世 nor at their strongest (fixed: 不成 by 遇时.失令凶 before); 豫之兑's 申 官 on the
    # day's 长生 is (stays).
    ("差役.脱役", "888777", "丑", "壬申", {}, "成", "脱役.官中"),
    ("差役.脱役", "豫之兑", "未", "乙巳", {}, "不成", "脱役.官极"),
    # 30.1 「舍其有伤，取其无伤」 and 86.3 「惟卦合官静，始为尽善」: 否 (六合, both ghosts still) on 庚寅 takes
    # the 巳 ghost; the void 午 set aside is not the god's void (fixed: 不安 by 侍神.空 before) -- in a 寅
    # month as in a 辰 one; in a 亥 month the 巳 is broken too, no ghost is whole (stays).
    ("侍神.停厝", "888777", "辰", "庚寅", {}, "安", "停厝.尽善"),
    ("侍神.停厝", "888777", "寅", "庚寅", {}, "安", "停厝.尽善"),
    ("侍神.停厝", "888777", "亥", "庚寅", {}, "不安", "侍神.破"),
    # 30.2 「舍飞从伏」 with 86.4 「惟以亡灵之悦」: 困's flying 午 ghost is void, the hidden 巳 the month lifts
    # is followed -- the void is not the spirit's unrest (fixed: 不宜 by 举殡.鬼病 before); in a 子 month
    # the hidden 巳 is controlled, nothing is followed, and the void 午 stays the ghost (stays).
    ("侍神.举殡", "678778", "酉", "壬辰", {}, "宜", "举殡.亡灵悦"),
    ("侍神.举殡", "678778", "子", "壬辰", {}, "不宜", "举殡.鬼病"),
    # 26.3 「旺相之爻值空……此皆空而有用也」: 夬's 寅 ghost, void on 乙巳, is 相 in a 子 month (半空) -- no
    # 「空则无降格之诚」 (fixed: 不安 by 侍神.空 before); 休 in a 午 month it is (stays).
    ("侍神", "777778", "子", "乙巳", {}, "安", "侍神.鬼安"),
    ("侍神", "777778", "午", "乙巳", {}, "不安", "侍神.空"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_ghost_off_the_cast_is_not_lost():
    """17.1 「本无而有」 with 71.5 「谋役脱役，无鬼难为主焉」: 旅's ghost on the 子 month is the levy's master
    -- 有差鬼, and 脱役 is refused for its strength alone, not also as 「官没」 (fixed); 涣's hidden ghost
    under a static line is none of 17.1's three ways on a 己卯 day (stays) -- on a 亥 day the day carries
    it (17.1's note 「一飞无而日月有」: tests/test_fifth_review_method2.py)."""
    assert facts("有差鬼", "887787", "子", "庚申", question="差役.脱役") == {("是",)}
    assert "脱役.官失" not in verdict_rules("差役.脱役", "887787", "子", "庚申")
    assert "脱役.官极" in verdict_rules("差役.脱役", "887787", "子", "庚申")
    assert "脱役.官失" in verdict_rules("差役.脱役", "涣", "戌", "己卯")
    assert "脱役.官失" not in verdict_rules("差役.脱役", "涣", "戌", "己亥")


def test_the_ghost_set_aside_is_not_the_gods_unrest():
    """30.1 「则可得一其主也」: 否's void 午 ghost beside the whole 巳 is no unrest (fixed: 侍鬼不安 on 4
    before), and the ghost named at peace is the 巳 (侍主); with the 巳 broken by a 亥 month both are
    unquiet (stays).  困's ghost taken is the hidden 巳 followed (30.2 舍飞从伏)."""
    assert facts("侍鬼不安", "888777", "辰", "庚寅", question="侍神.停厝") == set()
    assert facts("侍主", "888777", "辰", "庚寅", question="侍神.停厝") == {(2,)}
    assert facts("侍鬼不安", "888777", "亥", "庚寅", question="侍神.停厝") == {(2,), (4,)}
    assert facts("侍主", "678778", "酉", "壬辰", question="侍神.举殡") == {(1,)}
