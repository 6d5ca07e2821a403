"""36.1 「然官鬼遇空破者弗能伤」 swept through the question chapters that fear the ghost's control of the
世 (49 卜居, 50 坟墓, 52 婚姻, 63 功名, 67 求财, 71 差役, 81 逃亡): a 官鬼 void or broken by the month
controls the 世 to no harm (35.4 「若避患、忧害、防非，见空破而祸消」; 26.6 「空于忌则吉」), and where the
官 is the 用神 itself, 36.4 「即以官为用者，亦嫌其克世……惟空破散则吉也」.  The rules read 36's
鬼能伤世, not the bare 六亲 + 克世.  A moving ghost broken by the month is still feared (32.2 「动而破者，
谓之全凶」; 71.3 「破分动静，动有而静无也」): by the chapter's rule of the moving ghost, or in 71 by the
control itself.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, verdict_rules


CHARTS = [
    # 49.5 「卜兴修防有妨碍，官克世而犯阴阳」: 蹇's 午 官 (line 2) broken by the 子 month controls the 申 世
    # to no harm -- the inner 艮 in season decides (fixed: 凶 by 兴修.官克世 before); in the 亥 month the
    # 午 is whole and controls the 世 (stays).
    ("卜居.兴修", "887878", "子", "乙丑", {}, "吉", "卜居.卦旺"),
    ("卜居.兴修", "887878", "亥", "乙丑", {}, "凶", "兴修.官克世"),
    # 50.9 「意在避凶，则官克鬼动」: 蹇's 午 官 void on 甲申 -- nothing to avoid, the 申 世 on the day and the
    # 子 子孙 旺 in 亥 (「意在得吉，则世旺子兴」; fixed: 凶 by 选日.官克 before); on 乙丑 the 午 is whole
    # (stays).
    ("坟墓.选日", "887878", "亥", "甲申", {}, "吉", "选日.得吉"),
    ("坟墓.选日", "887878", "亥", "乙丑", {}, "凶", "选日.官克"),
    # 52.13 「俱忌鬼应克世」 「此同避患，以官鬼为忌」: 泰's 寅 官 broken by the 申 month does the 辰 世 no
    # harm (fixed: 凶 by 杂婚.鬼克世 before); in the 亥 month the 寅 is whole (stays).
    ("婚姻.杂婚", "777888", "申", "甲子", {}, "吉", "长生.正旺吉"),
    ("婚姻.杂婚", "777888", "亥", "甲子", {}, "凶", "杂婚.鬼克世"),
    # 63.8 「请荫请封，戒五爻之伤世，及官鬼之克身」: 蹇's 午 官 broken by the 子 month (fixed: 不成 by
    # 封荫.官克身 before); whole in 亥 (stays).
    ("功名.封荫", "887878", "子", "乙丑", {}, "成", "用神断.全吉"),
    ("功名.封荫", "887878", "亥", "乙丑", {}, "不成", "封荫.官克身"),
    # 67.7 「官克世而路遭罗网」: 泰's 寅 官 broken by the 申 month sets no snare (fixed: 凶 by 行险.官克世
    # before); whole in 亥 (stays).
    ("求财.行险", "777888", "申", "甲子", {}, "吉", "长生.正旺吉"),
    ("求财.行险", "777888", "亥", "甲子", {}, "凶", "行险.官克世"),
    # 71.4 「卜当役防患乎，官动官克则多累矣」: 咸's 午 官 (line 2) broken and still in the 子 month lays no
    # burden on the 申 世 (fixed: 凶 by 役患.官克 before); whole in 亥 (stays).
    ("差役.防患", "887778", "子", "乙丑", {}, "吉", "遇时.得令吉"),
    ("差役.防患", "887778", "亥", "乙丑", {}, "凶", "役患.官克"),
    # 81.11 「不群匪党而反噬与，随墓助伤、官克鬼动，后必罗其害也」: 泰's 寅 官 broken by the 申 month, no
    # ghost moving -- no sign (fixed: 凶 by 反噬.官克 before); whole in 亥 (stays).
    ("逃亡.反噬", "777888", "申", "甲子", {}, "吉", "反噬.无兆"),
    ("逃亡.反噬", "777888", "亥", "甲子", {}, "凶", "反噬.官克"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_moving_broken_ghost_is_still_feared():
    """32.2 「动而破者，谓之全凶」: 蹇's 午 官 broken by the 子 month but moving (蹇之井) -- in 兴修, 杂婚 and
    反噬 the chapter's rule of the moving ghost still reads it (stays: 凶); in 71, 「破分动静，动有而静无
    也」, its control of the 世 is still read (卸役.官克, 役患.官克: stays)."""
    for question, rule in (("卜居.兴修", "卜居.鬼动"), ("婚姻.杂婚", "杂婚.动官"), ("逃亡.反噬", "反噬.鬼动")):
        assert_lead(question, "867878", "子", "乙丑", {}, "凶", rule)
    assert "卸役.官克" in verdict_rules("差役.卸役", "867878", "子", "乙丑")
    assert_lead("差役.防患", "867878", "子", "乙丑", {}, "凶", "役患.官克")


def test_a_broken_ghost_is_no_control_where_the_ghost_is_otherwise_spoiled():
    """Where the void or broken 官 is already the question's fault (67.4 「官鬼空破，乃官不重也」, 81.10
    「破绝不终事而停息」, 71.3 「官空破散，嫌释我无主」), the answer stands and the control of the 世 is no
    longer read beside it (蹇 in the 子 month: fixed -- each 克世 rule stood before)."""
    for question, gone in (("求财.公门", "公门.官克世"), ("逃亡.讼逃", "讼逃.官克世"), ("差役.脱役", "脱役.官克")):
        assert gone not in verdict_rules(question, "887878", "子", "乙丑")
    assert_lead("求财.公门", "887878", "子", "乙丑", {}, "不得", "公门.官空破")
    assert_lead("逃亡.讼逃", "887878", "子", "乙丑", {}, "无益", "讼逃.官破绝")
    assert_lead("差役.脱役", "887878", "子", "乙丑", {}, "不成", "脱役.官坏")
