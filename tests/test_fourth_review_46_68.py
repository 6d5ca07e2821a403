"""Chapters 46 年时 and 68 田蚕 read again (a fourth look): the 财 that is weak but not ill still sets
the fruit (46.1 「财无病而百果结」, 68.1 「百果成，为妻象之无伤」) over 28.1's 失令, while 42's 凶陷 grade
still sinks it; a void of use (26.3 「此皆空而有用也」) is neither 财陷 nor 子空; 46.3's 「官化子」 speaks of
the ghost that changes, not of another that moves; 68.7's 「财旺于变」 is a 财 in the change, not any
strong changed line; and the regions (分野) and the price of leaves (叶价), whose 用神 is not the
harvest's, answer no 丰 / 歉 of the harvest (`as 平 alone`).  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, verdict_rules


CHARTS = [
    # 46.1 「财无病而百果结」: 乾's 寅 财 休 in a 午 month on 丙辰, neither void, broken, scattered nor
    # extinct -- the fruit sets (fixed: 歉 by 遇时.失令凶 before); in a 酉 month on 辛酉 the day and the
    # month control it with no generation, 42.19's 死气, 「此用神凶陷之象也」 (stays: 歉).
    ("年时", "777777", "午", "丙辰", {}, "丰", "年时.财无病"),
    ("年时", "777777", "酉", "辛酉", {}, "歉", "用神断.凶陷"),
    # the same weak 财 with 勾陈 on a moving ghost: 「动兼勾陈，非螟蝗害稼」 still spoils the crop (stays).
    ("年时", "886888", "卯", "甲午", {}, "歉", "年时.鬼损稼"),
    # 68.1 「百果成，为妻象之无伤」: the same 寅 财 asked of the fields (fixed: 歉 before); controlled
    # by day and month it is hurt (stays: 歉).
    ("田蚕", "777777", "午", "丙辰", {}, "丰", "田.财无伤"),
    ("田蚕", "777777", "酉", "辛酉", {}, "歉", "用神断.凶陷"),
    # 26.3 「若日辰泄其气，即为半空……此皆空而有用也」: the 寅 财 相 in 亥 and void on 丙午 is no
    # 「财陷」 (fixed: 歉 by 年时.财陷 before); 休 in 午 on 丙午 the void is not of use (stays: 歉).
    ("年时", "777777", "亥", "丙午", {}, "丰", "用神断.安空"),
    ("年时", "777777", "午", "丙午", {}, "歉", "年时.财陷"),
    # 46.3 「盖鬼动是分，则是地多难」: asked of the regions, the moving ghost answers (fixed: the 财's
    # grade answered 「年时: 丰」 before); with no ghost moving, 「但静则不甚尔」 (new axis).
    ("年时.分野", "879768", "申", "戊辰", {}, "多难", "分野.多难"),
    ("年时.分野", "复", "卯", "辛亥", {}, "不甚", "分野.不甚"),
    # 68.7 「财旺于变，贵于后也」: 坤's 亥 财 囚 in 戌 changes into 戌 兄弟 -- no 财 in the change, the
    # price is 「财爻休囚，其贱如土」 (fixed: 贵 by 叶价.变旺 before); 798778's 卯 财 changing into the 寅 财,
    # 相 in 子, is a 财 strong in the change (stays).  (787987's 酉 财, 囚 in 午, changing into a 相 戌
    # that generates it, is the 财 made strong by its change: 贵 later, tests/test_fifth_review_68.py.)
    ("田蚕.叶价", "888868", "戌", "丁丑", {}, "贱", "叶价.贱"),
    ("田蚕.叶价", "787987", "午", "丁丑", {}, "贵", "叶价.变旺"),
    ("田蚕.叶价", "798778", "子", "甲子", {}, "贵", "叶价.变旺"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _axes(question, cast, month, day, **options):
    return {a["sub_question"]: (a["answer"], {r["rule"] for r in a["decided_by"]})
            for a in answers(question, cast, month, day, **options) if not a["axis"].startswith("by ")}


def test_a_void_son_of_use_wastes_no_toil():
    """46.1 「子空则蚕妇徒劳」 and 26.3 「此皆空而有用也」: 乾's 子 子孙 旺 in 亥 and void on 丙辰, the day
    controlling it (克空), is no 子空 (fixed: 蚕败 before); 囚 in 巳 the void is not of use (stays)."""
    assert "田蚕.子空" not in verdict_rules("年时.田蚕", "777777", "亥", "丙辰")
    assert _axes("年时.田蚕", "777777", "巳", "丙辰")["年时.田蚕.蚕"] == ("蚕败", {"田蚕.子空"})


def test_the_ghost_changing_into_a_son_does_not_quiet_another():
    """46.3 「官化子者，则有致治之政」 is said of the ghost that changes; 46.2 「动则四方多难」 of any other
    that moves: 恒之困's 酉 官 changes into 午 子孙 while the 申 官 on line 5 moves -- 乱 (fixed: 治
    before); 886888's only moving ghost changes into a 子孙 -- 治 (stays)."""
    assert _axes("年时", "879768", "申", "戊辰")["年时.治乱"] == ("乱", {"年时.鬼动"})
    assert _axes("年时", "886888", "卯", "甲午")["年时.治乱"] == ("治", {"年时.官化子"})


def test_the_regions_and_the_price_answer_no_harvest():
    """`as 平 alone`: asked of the regions (46.3, read by the moving ghost) or of the price of leaves
    (68.7 「夫桑叶货物也」, the 财 as goods), the 财's grade does not answer the harvest's 丰 / 歉
    (fixed: 「年时: 丰」 and 「田蚕: 歉」 were printed before); asked of the harvest it still does (stays)."""
    assert set(_axes("年时.分野", "879768", "申", "戊辰")) == {"年时.分野"}
    assert "田蚕" not in _axes("田蚕.叶价", "888868", "戌", "丁丑")
    assert _axes("田蚕", "888868", "戌", "丁丑")["田蚕"][0] == "歉"
    regions = {a["answer"] for a in answers("年时.分野", "879768", "申", "戊辰") if a["axis"] == "by 分野难(地)"}
    assert regions == {"兖州、晋"}
