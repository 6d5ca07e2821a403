"""Chapter 45 天时 read again on hand charts (a fourth look): 45.2's 「化克将止」 is a change that
controls -- not a void or broken changed line (11.7 「而变爻不能避于旬空月破」), nor one that controls a
父母 on the month or the day (42.10 「化克破而无伤」); 45.4's 先冲后合 and 先合后冲 are 「从合冲断」 as
六合 and 六冲 are, over the 用神, and answer by where the sky ends (「昼晴而夜雨」 rain, 「朝晦而午霁」
clear); a 父母 at rest and spoiled brings no rain, the mirror of 天时.子坏 (「冲散将雨复晴」, 「月破作而
无雨」); the day it clears is the 子孙's only where the question reads the 子孙 (京房, V04, reads the 父母
alone).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, lead, readings, verdict_rules


CHARTS = [
    # 45.2 「化克将止」 with 11.7 「而变爻不能避于旬空月破」: 家人之益's 亥 父 moves strongly in the 子
    # month into 辰, void on 庚子 -- the void change stops nothing (fixed: 晴 by 天时.父化克 before); in a
    # 酉 month on 甲子 the 辰 is whole and the rain stops (stays).
    ("天时.占雨", "789877", "子", "庚子", {}, "雨", "天时.父旺动"),
    ("天时.占雨", "789877", "酉", "甲子", {}, "晴", "天时.父化克"),
    # 45.3 「夏火父动而雨霖」, 42.10 「化克破而无伤」: 渐之巽's 午 父 moves in the 午 month into 亥 (void on
    # 丙寅 besides) -- rain (fixed: 晴 before).
    ("天时.占雨", "867877", "午", "丙寅", {}, "雨", "天时.父旺动"),
    # 45.4 「先合后冲，朝晦而午霁……故从合冲断，则用神为轻」: 泰之大壮 ends clear (fixed: 雨 by the hidden
    # 巳 父's day, 天时.雨期值, before); asked at large it answers 晴 too (fixed: 无断 before).
    ("天时.占雨", "777688", "午", "丙午", {}, "晴", "天时.先合后冲"),
    ("天时", "777688", "午", "丙午", {}, "晴", "天时.先合后冲"),
    # 「先冲后合，昼晴而夜雨」: 震之豫 ends in rain, over its 子 父 changing into 未 (fixed: 晴 by
    # 天时.父化克 before).
    ("天时.占雨", "震之豫", "酉", "甲子", {}, "雨", "天时.先冲后合"),
    # 「从卦象断，则合冲又轻」: 乾之否 is 先冲后合, and 乾 is clear (stays).
    ("天时.占雨", "乾之否", "酉", "甲子", {}, "晴", "天时.卦晴"),
    # 「冲散将雨复晴」「月破作而无雨」 (and 27.1 「夫散，犹空也」) for a 父母 at rest: 家人's 亥 父 void on
    # 乙丑, 临's 巳 父 绝 on 辛亥 and broken in a 亥 month (fixed: 无断 before); on 甲午 家人's 亥 父 is
    # whole and rains on its days (stays).
    ("天时.占雨", "787877", "午", "乙丑", {}, "晴", "天时.父坏"),
    ("天时.占雨", "778888", "午", "辛亥", {}, "晴", "天时.父坏"),
    ("天时.占雨", "778888", "亥", "甲子", {}, "晴", "天时.父坏"),
    ("天时.占雨", "787877", "午", "甲午", {}, "雨", "天时.雨期生"),
    # 45.4's own case (旅, 申建甲寅日): the hidden 卯 父 is broken by the month and still rains on 乙卯
    # -- no 父坏 for a hidden 父母 (stays).
    ("天时.占雨", "旅", "申", "甲寅", {}, "雨", "天时.六合"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_change_that_cannot_control_stops_no_rain():
    """11.7 「而变爻不能避于旬空月破」: 家人之益 on 庚子 -- 天时.父化克 does not speak (fixed), as
    变互.变爻无力克 already defeated 变互.用神变克 on the same chart."""
    rules = verdict_rules("天时.占雨", "789877", "子", "庚子")
    assert "天时.父化克" not in rules and "变互.用神变克" in rules
    assert "天时.父化克" in verdict_rules("天时.占雨", "789877", "酉", "甲子")


def test_no_spoiled_hidden_father_and_no_image_answer_left_behind():
    """45.4's 旅: the broken hidden 父 is not read as 「无雨」 (stays); 泰之大壮 asked at large answers
    晴 with the whole course in the reason, no longer only as a 天象 (fixed)."""
    assert "天时.父坏" not in verdict_rules("天时.占雨", "旅", "申", "甲寅")
    word, rules = lead("天时", "777688", "午", "丙午")
    assert word == "晴" and rules == {"天时.先合后冲"}
    assert "朝晦而午霁" not in readings("天时", "777688", "午", "丙午", "by 天象(象)")


def test_jing_fang_reads_no_child_line_for_the_clear_day():
    """V04 (preface 0.22 「京房以父母为天地」): under 京房 the 45.8 case 渐之涣 (午建甲申日占晴) is read by
    the moving 父母 alone -- rain, not 未决 against the 子孙's 丙申 day (fixed); the book's own reading
    stays 晴 on 丙申 (「及丙申日子孙当见，而后大晴」)."""
    word, rules = lead("天时.占晴", "渐之涣", "午", "甲申", school="京房")
    assert word == "雨" and "天时.父旺动" in rules
    assert "天时.晴期" not in verdict_rules("天时.占晴", "渐之涣", "午", "甲申", school="京房")
    row = answers("天时.占晴", "渐之涣", "午", "甲申")[0]
    assert row["answer"] == "晴" and row["timing"]["primary"]["when"] == "丙申日"


def test_the_guest_came_that_day():
    """45.6 「子建丙申日，客来忧雪，得无妄之否，是日不雪，客至」: the guest's day is among the 应期
    (78's 行人.足发, 「足发，当日乃还」), asked as 行人 and as the weather question's 客来."""
    for question, options in (("行人", {"about": "友"}), ("天时.客来", {})):
        row = answers(question, "无妄之否", "子", "丙申", **options)[0]
        assert row["answer"] == "来"
        whens = [row["timing"]["primary"]["when"]] + [t["when"] for t in row["timing"]["alternatives"]]
        assert "当日（申日）" in whens
