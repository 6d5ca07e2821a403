"""Chapters 8 世应 and 9 身法 (with 78.4's 卦身 met) read against the text on charts worked by hand (a
third review): 8.15's dealing of the 世 with the 应 is the asker's own plan (76.1 「占彼谋不论世」);
9.2's 「谋望遇合可就」 is a ruling of 76's plans; 9.3's void of a body is chapter 26's 空 (建空 and 动空
are not void); 9.4's 贵人 is chapter 40's 天乙贵人; 78.4's 「卦身合月合日，是欢迎之会」 is of a 卦身 on
the lines and not combined in vain.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

import yimao
from handcharts import assert_lead, readings, facts


CHARTS = [
    # 76.1 「占己谋不论应，占彼谋不论世」 against 8.15 「彼我之交，不宜世生应」: 解 (世 辰 2 generates 应 申
    # 5), asked of a friend's plan -- the 世 is not read, and the 应 broken by the 寅 month gives 「唯世应
    # 破绝，犹得其半」 (fixed: 不成 by 世应.交世生应 before).  Asked of one's own plan the 世's dealing
    # stands (stays).
    ("谋望", "解", "寅", "丙午", {"about": "友"}, "成", "谋.应破绝"),
    ("谋望", "解", "寅", "丙午", {}, "不成", "世应.交世生应"),
    # 9.2 「谋望遇合可就」「卦身为卦根事主，合有得见得成之象」: 贲's 卦身 子 (line 5) is met by the 丑 day
    # and whole -- the 卦身's combination is among the rulings that decide 成 (fixed: no such ruling
    # before).  复 in a 午 month: the 卦身 子 is broken, its combination with the 丑 day 徒合, and the 世
    # broken decides 「犹得其半」 (stays).
    # (a plan dealing with no one, 谋交=无: 贲's void 应 戌 is 76.1's 「应空散」 in a plan with another)
    ("谋望", "787887", "未", "乙丑", {"given": {"谋交": "无"}}, "成", "身法.谋望遇合"),
    ("谋望", "复", "午", "乙丑", {}, "成", "谋.世破绝"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _rules(question, cast, month, day, **options):
    """Every rule that ruled on the asked question's own axis, deciding or not."""
    kind = "lines" if cast.isdigit() else "hexagram"
    answers = yimao.judge(question=question, month=month, day=day, **{kind: cast}, **options).to_dict()["answers"]
    row = next(a for a in answers if not a["axis"].startswith("by "))
    return {r["rule"] for k in ("decided_by", "supported_by", "overruled") for r in row[k]}


def test_a_body_void_by_chapter_26():
    """9.3 「空破主犹豫进退之端」「空主疑」 read with 26.2 「动爻值空，谓动空，不惟不空，反为动也」 and
    「月建值空，谓建空，犹不空」: 复之坤's 子 (line 1, 世身 and 卦身) moves in the 子丑 void of 甲寅 -- moved,
    not void (fixed: 疑 and 犹豫 before); still 复 on the same day is void (stays).  In a 子 month the
    void 子 is 建空: no ill, and 9.4 reads the 青龙 on the bodies for 功名 (fixed: 无断 before).  乾's
    卦身 巳 stands on no line: void by its branch on 甲午 (stays), not when the 巳 month holds it."""
    moved = facts("身病", "988888", "辰", "甲寅")
    assert ("世身", "疑") not in moved and ("卦身", "犹豫") not in moved
    assert ("世身", "乱") in moved and ("卦身", "变更") in moved
    still = facts("身病", "复", "辰", "甲寅")
    assert ("世身", "疑") in still and ("卦身", "犹豫") in still
    assert not facts("身病", "复", "子", "甲寅")
    assert "青龙" in readings("功名", "复", "子", "甲寅", "by 身喜(临)")
    assert ("卦身", "犹豫") in facts("身病", "乾", "辰", "甲午")
    assert ("卦身", "犹豫") not in facts("身病", "乾", "巳", "甲午")


def test_the_noble_on_a_body():
    """9.4 「功名仕宦，喜文书官鬼青龙朱雀贵人临之」: the 贵人 is 40.6's 天乙贵人.  坤 on 甲午: the 世身
    (line 4, 丑) carries the 天乙贵人 and has no ill (fixed: 无断 before); 复 in a 子 month reads the 青龙
    on its bodies as before (stays)."""
    assert "天乙贵人" in readings("功名", "坤", "寅", "甲午", "by 身喜(临)")
    assert "青龙" in readings("功名", "复", "子", "甲寅", "by 身喜(临)")


def test_the_body_met_for_the_traveller():
    """78.4 「卦身合月合日，是欢迎之会」 with 9.2 「故见于卦，若体有所依，失其位，如心无所主」 and 42.15
    「故我遇破空绝散，是云徒合」: 复's 卦身 子 broken by the 午 month is combined by the 丑 day in vain
    (fixed: 行人.卦身合日 before); 乾's 卦身 巳 stands on no line, and the 申 day or month meets no body
    (fixed).  In a 寅 month the 子 is whole: the welcome stands (stays)."""
    assert "行人.卦身合日" not in _rules("行人", "复", "午", "乙丑", about="友")
    assert "行人.卦身合日" not in _rules("行人", "乾", "寅", "甲申", about="友")
    assert "行人.卦身合月" not in _rules("行人", "乾", "申", "甲子", about="友")
    assert {"行人.卦身合日", "身法.行人遇合"} <= _rules("行人", "复", "寅", "乙丑", about="友")
