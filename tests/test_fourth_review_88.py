"""Chapter 88 怪异 read again (a fourth look): a ghost at rest that is 旺相 or controls the 世 is
trouble unless it is itself void, scattered, broken or extinct (88.1 「若旺相犹动，若克世犹动」, 36.4
「惟空破散则吉也」) -- a control by the day does not undo it, the day's 暗破 does (42.19's 日破); an undone
ghost does not overrule a whole one (30.1 「舍其有伤，取其无伤」); the good omens want a quiet ghost
(88.5 「若鬼爻静休，遇有此动，始征其祥」); the images are the harmful moving ghost's (88.4 「八宫诸星六亲
由鬼动而言」); 「鬼虚则无」 is not overruled by a void ghost's tomb (35.4) or a void mover; a chart with
no ghost is no trouble (32.5 「喜其无鬼」); 何怪 reads one ghost (88.5 「独点何怪，则用鬼爻」).  Rows
marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, readings


CHARTS = [
    # 88.1 「若旺相犹动，若克世犹动」: 泰's 寅 ghost, 相 in 子 and controlling the 世 辰, is not undone by
    # the 酉 day's control (fixed: 无断 before); on 丁未 it is void, 「空散则非真」 (stays).
    ("怪异", "777888", "子", "癸酉", {}, "祸", "怪.旺"),
    ("怪异", "777888", "子", "丁未", {}, "无害", "怪.空散"),
    # 「若克世犹动」 (36.4 「亦嫌其克世……惟空破散则吉也」): 泰之大畜's still 寅 ghost controls the 世 on
    # 丁巳 in 午; the moving 子孙 青龙 is no good omen then (fixed: 祥 by 怪.祥龙 before).
    ("怪异", "777886", "午", "丁巳", {}, "祸", "怪.克世"),
    # 「破绝则无害」 with 42.19 「十四曰日破……破其半矣」: 咸's 午 ghost, 死 in 酉 and clashed by the 子
    # day (暗破), controls the 世 in vain (fixed: 无断 before).
    ("怪异", "887778", "酉", "庚子", {}, "无害", "怪.暗破"),
    # 「鬼遇空散绝……不成凶」 is each ghost's own: 既济's void 丑 does not undo the 戌 ghost 旺 in 戌 and
    # controlling the 世 (fixed: 无害 by 怪.空散 before); where every ghost is undone -- 同人之无妄's
    # 亥 scattered and extinct on 乙巳 -- 无害 stands (stays).
    ("怪异", "既济", "戌", "丙辰", {}, "祸", "怪.旺"),
    ("怪异", "同人之无妄", "巳", "乙巳", {}, "无害", "怪.空散"),
    # 88.5 「若鬼爻静休，遇有此动，始征其祥」: 泰之大壮's moving 丑 兄弟 combined by the 子 day is no good
    # omen while the 寅 ghost controls the 世 (fixed: 未决 before), nor 随鬼入墓 on 同人之家人 (fixed:
    # 未决 before); 比之益's 兄弟 by a quiet ghost is (stays).
    ("怪异", "777688", "午", "戊子", {}, "祸", "怪.克世"),
    ("怪异", "787977", "未", "庚辰", {}, "祸", "怪.随墓"),
    ("怪异", "688876", "午", "丙子", {}, "无害", "怪.祥合"),
    # 88.7 「鬼虚则无」, 35.4 「见空破而祸消，祸消而随墓何凶也」: the void 亥 ghost on 同人's 世 enters its
    # tomb on 戊辰 -- no demon (fixed: 未决 before); 878898's moving 戌 ghost, extinct on 辛巳, is no
    # 暴厉 (fixed: 未决 before); 同人's 亥 ghost 旺 in 子 is 实 (stays).
    ("怪异.有妖", "787777", "午", "戊辰", {}, "无", "有妖.虚"),
    ("怪异.有妖", "878898", "酉", "辛巳", {}, "无", "有妖.虚"),
    ("怪异.是怪", "同人", "子", "甲寅", {}, "有", "有妖.实"),
    # 32.5 「盖凡防害及身，喜其无鬼」: 旅 has no ghost on its lines and none counted hidden (fixed: 无断
    # on every sub-question before).
    ("怪异", "887787", "午", "甲寅", {}, "无害", "怪.无鬼"),
    ("怪异.有妖", "887787", "午", "甲寅", {}, "无", "有妖.无鬼"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_no_ghost_may_be_let_be():
    """「鬼静无克，置之可也」 with 32.5 「喜其无鬼」: 旅 with no ghost may be let be (fixed: 无断 before);
    同人's weak 亥 ghost on 甲寅 in 午 as before (stays)."""
    row = next(a for a in answers("怪异.驱置", "887787", "午", "甲寅") if a["sub_question"] == "怪异.驱置.置")
    assert row["answer"] == "可置" and {r["rule"] for r in row["decided_by"]} == {"驱置.无鬼"}
    row = next(a for a in answers("怪异.驱置", "同人", "午", "甲寅") if a["sub_question"] == "怪异.驱置.置")
    assert row["answer"] == "可置"


def test_images_are_the_harmful_moving_ghosts():
    """88.4 「八宫诸星六亲由鬼动而言」: 878898's moving 戌 ghost is extinct on 辛巳 -- 「破绝则无害」, no
    trouble to describe (fixed: 土田之祸 … 外殃 before); 同人之无妄's 亥 ghost moving in 亥 brings its
    images (stays)."""
    assert not readings("怪异", "878898", "酉", "辛巳", "by 怪象(象)") - {"无断"}
    assert not readings("怪异", "同人之无妄", "巳", "乙巳", "by 怪象(象)") - {"无断"}
    assert {"波浪之沉", "祸由己召"} <= readings("怪异", "同人之无妄", "亥", "甲寅", "by 怪象(象)")


def test_what_thing_reads_one_ghost():
    """88.5 「独点何怪，则用鬼爻」 with 30.1 「舍其有伤，取其无伤」: 既济's 丑 ghost is void on 戊午, the
    戌 on line 5 (yang) is read -- 物怪, not 鬼怪 (fixed: both before); where both are harmed alike (戊寅:
    the day controls both, neither is void) both are read as before (stays).  (甲寅 was the second chart:
    there the 丑 is void as well as controlled, and the 戌, the less harmed, is read alone by 30.1.)"""
    got = readings("怪异.何怪", "既济", "子", "戊午", "by 怪形(象)")
    assert "物怪" in got and "鬼怪" not in got
    assert {"物怪", "鬼怪"} <= readings("怪异.何怪", "既济", "子", "戊寅", "by 怪形(象)")
