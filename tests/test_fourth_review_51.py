"""Chapter 51 家宅 read again (a fourth look): 51.9's 「鬼入之宫」 -- the trigram a moving ghost enters
strikes its member even when the changed line is no ghost (「乾鬼入巽，而长女生殃」 cannot be a 变爻鬼现);
51.18's 「或生世爻发」 is a helper, and a ghost that moves but 「犹不动」 (32.2) is neither a helper nor
a line 发 (「夫克我为鬼为难」 51.1); 51.13's 「为不孝而筮，则以孝悌言」 is answered by its own signs alone, so
the 世's grade no longer stands as the household's answer (安 / 不安) when conduct is asked.  Rows
marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, readings, verdict_rules


CHARTS = [
    # 51.18 「或生世爻发，而有人援天祐也」: 节之屯's moving 卯 子孙 (no ghost) generates the 巳 世 of a quiet
    # cast in a 子 month on 甲辰 (stays).
    ("家宅.灾祥", "798878", "子", "甲辰", {}, "安", "灾祥.生世发"),
    # 51.13 「为不孝而筮，则以孝悌言」 and 51.18 「子孙跨世子孝」: 夬之大过's 酉 子孙 on the 世 (stays).
    ("家宅.不孝", "977778", "子", "甲辰", {}, "孝", "宅孝.子跨世"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_trigram_a_moving_ghost_enters():
    """51.9 「岂惟鬼化，而鬼入之宫亦戒焉。所以艮鬼由离，而少男抱恙，乾鬼入巽，而长女生殃」: 乾之小畜 (29.3's
    case, 未 month, 戊午): the 午 ghost moves out of 乾 into 巽 (its changed line 未 is no ghost) -- the
    长女 (fixed); 贲之艮 (午 month, 丙申): the 卯 ghost of 离 moves into 艮, changing into 辰 -- the 少男
    (fixed).  The trigram it leaves keeps its member (乾's 父, 离's 中女: stays), and 51.4's 革之咸, a line
    changing into the 丙辰 ghost in 艮, is still 变爻鬼现 (stays)."""
    assert ("长女", "鬼入") in facts("宅灾人", "乾之小畜", "未", "戊午", question="家宅.灾祥")
    assert {"长女", "父"} <= readings("家宅.灾祥", "乾之小畜", "未", "戊午", "by 宅灾人(人)")
    assert ("少男", "鬼入") in facts("宅灾人", "贲之艮", "午", "丙申", question="家宅.灾祥")
    assert {"少男", "中女"} <= readings("家宅.灾祥", "贲之艮", "午", "丙申", "by 宅灾人(人)")
    assert ("少男", "变爻鬼现") in facts("宅灾人", "革之咸", "午", "丙申", question="家宅.灾祥")


def test_a_ghost_that_does_not_truly_move_is_no_helper():
    """51.18 「或生世爻发」 with 51.1 「夫克我为鬼为难」 and 32.2 「动而逢冲……犹不动也」: 丰's 戌 ghost on line 6
    moves and generates the 申 世, but the 辰 day clashes it -- the cast is quiet and the 世 strong (安
    stands, by 「卦宁世实」), but the ghost is no 「生世爻发」 (fixed); a moving 卯 that is no ghost still
    is (节之屯, stays: the row above)."""
    assert "灾祥.生世发" not in verdict_rules("家宅.灾祥", "787786", "子", "甲辰")
    assert "灾祥.卦宁世实" in verdict_rules("家宅.灾祥", "787786", "子", "甲辰")
    assert "灾祥.生世发" in verdict_rules("家宅.灾祥", "798878", "子", "甲辰")


def test_conduct_asked_gives_no_household_answer():
    """51.13 「为不孝而筮，则以孝悌言」: asked of conduct, the 世's grade answers no axis -- not 家宅's own
    安 / 不安, which the chapter reads by its troubles (乾之小畜 on 戊午 is 29.3's fire, yet the grade
    answered 「家宅: 安」: fixed); the signs of conduct still answer (stays)."""
    asked = {a["sub_question"]: a["answer"] for a in answers("家宅.不孝", "乾之小畜", "未", "戊午")}
    assert asked == {"家宅.不孝": "无断"}
    asked = {a["sub_question"]: a["answer"] for a in answers("家宅.不孝", "977778", "子", "甲辰")}
    assert asked == {"家宅.不孝": "孝"}
    assert answers("家宅", "乾之小畜", "未", "戊午")[0]["answer"] == "不安"
