"""Chapter 77 出行 read again (a fourth look): whose line decides whether a journey comes off, which
clashes and combinations of the 世 count, and which ghost moves.  The wind's 兄弟 is no grade of the
journey (`as 平 alone`, 77.7).  「坏世不出」 is my own setting out; for another his 用神 stands in my 世's
place (77.3 「卜人用不可伤」, 77.5 「则用为出行之身」).  「贞合冲则不偕」 is 贞冲 and 合冲, as 71.2's 顶役
「贞冲、合冲…而不偕也」.  「动而合者，被绊而留」 is 34.2's 动合 (the day or the month), not 「自合为好」;
「静而冲者，被邀而游」 is not the day's clash on a weak 世 (暗破, 「即半碎矣」) nor on a void one (「空爻
遇冲谓之实」: still void, 「坏世不出」).  The ghost of 风险 and 旅寓 is the one that truly moves (32.2
「动而逢冲…犹不动也」); 「子旺官空」 wants no whole 官 beside the void one; a static 用神 broken by the
month sets out on the day that mends it (「坏则逢补」), not on its clash.  Rows marked "fixed" failed
before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, on_axis, readings, verdict_rules


CHARTS = [
    # 77.7 「克世则逆」: 师's 亥 兄 controls the 午 世 -- a foul wind, whatever its strength (stays).
    ("出行.筮风", "878888", "卯", "甲寅", {}, "逆", "筮风.克世"),
    # 77.5 「坏世不出」 with 77.3 「卜人用不可伤」: asked for a father, 否's two 父 lines -- the 未 broken in
    # the 丑 month, the 戌 void on 甲子 -- keep him at home though the asker's 世 is sound (fixed: 无断
    # before); asked for oneself on 丙午 the void 卯 世 does (stays).
    ("出行.成行", "888777", "丑", "甲子", {"about": "父"}, "不出", "成行.坏用"),
    ("出行.成行", "888777", "午", "丙午", {}, "不出", "成行.坏世"),
    # 77.3 「动而合者，被绊而留」, 34.2 「动合为绊」: 否之咸's moving 卯 世 combined by the 戌 day (stays).
    ("出行.成行", "886779", "子", "甲戌", {}, "不出", "出行.世动合"),
    # 77.3 「静而冲者，被邀而游」: 夬's 酉 世, 旺 in 申, clashed by the 卯 day -- 暗动, invited (stays).
    ("出行.成行", "777778", "申", "乙卯", {}, "出", "出行.世静冲"),
    # 27.1 「空爻遇冲谓之实」 and 77.5 「坏世不出」: 否's 卯 世 void on 己酉 (甲辰 旬), the 酉 day's 克冲
    # only half fills it -- not an invitation (fixed: 未决 before, 世静冲 出 against 坏世 不出).
    ("出行.成行", "888777", "亥", "己酉", {}, "不出", "成行.坏世"),
    # 77.8 「鬼动寇至」 with 32.2 「动而逢冲…犹不动也」: 乾之小畜's 午 ghost moves but the 子 day clashes it
    # -- no robbers at the inn (fixed: 不安 by 旅寓.鬼动 before); in a 寅 month on 丙寅 it truly moves (stays).
    ("出行.旅寓", "777977", "亥", "戊子", {}, "安", None),
    ("出行.旅寓", "777977", "寅", "丙寅", {}, "不安", "旅寓.鬼动"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_winds_strength_is_no_answer_to_the_journey():
    """77.7 「实而大，强而狂，弱而小，虚而息也」: the 兄弟 of 筮风 is the wind, its grade the wind's force
    (`as 平 alone`), not the journey's luck: 师 (卯 month, 甲寅) no longer answers 「出行: 凶 凶陷」 and
    屯 (子 month, 癸酉) no longer 「出行: 吉 全吉」 (fixed); the force stays on 风象 (小, 狂)."""
    for cast, month, day, force in (("878888", "卯", "甲寅", "小"), ("788878", "子", "癸酉", "狂")):
        assert "出行" not in {a["sub_question"] for a in answers("出行.筮风", cast, month, day)}
        assert readings("出行.筮风", cast, month, day, "by 风象(象)") == {force}


def test_anothers_journey_is_not_stopped_by_my_world_line():
    """77.5 「于是而筮我出成否，坏世不出」 is my own journey; 77.3 「卜人用不可伤」: asked for a father on
    否 (午 month, 丙午) the asker's void 卯 世 does not keep the father home while his 父 lines are sound
    (fixed: 不出 by 成行.坏世 before)."""
    rules = verdict_rules("出行.成行", "888777", "午", "丙午", about="父")
    assert "成行.坏世" not in rules and "成行.坏用" not in rules


def test_companion_does_not_set_out_on_a_clashing_cast():
    """77.5 「贞合冲则不偕」 read with 71.2 「顶役之成，世空、应空、贞冲、合冲、官失，而不偕也」: 乾, a 六冲
    (巳 month, 丁丑: no void on 世 or 应) -- 不偕 (fixed: no 偕行 answer before); 贲, a 六合 whose 世/应
    the 辰 day clashes, keeps its 不偕 (stays)."""
    word, rules = on_axis("出行.同行", "777777", "巳", "丁丑", "出行.同行.偕行")
    assert (word, set(rules)) == ("不偕", {"偕行.贞合冲"})
    word, rules = on_axis("出行.同行", "贲", "戌", "戊辰", "出行.同行.偕行")
    assert (word, set(rules)) == ("不偕", {"偕行.贞合冲"})


def test_two_moving_lines_combining_is_no_tether():
    """34.2 「动合为绊…自合为好也」: 否之咸's moving 卯 世 combined by the moving 戌 on 甲午 is 自合, not
    77.3's 「动而合者，被绊而留」 (fixed: 不出 by 出行.世动合 before); the 戌 day's combination is 动合
    (stays: the CHARTS row)."""
    assert "出行.世动合" not in verdict_rules("出行.成行", "886779", "子", "甲午")


def test_a_weak_world_line_clashed_by_the_day_is_half_broken_not_invited():
    """27.1 「日冲静衰之爻谓暗破…即半碎矣」: 夬's 酉 世, 死 in the 午 month, clashed by the 卯 day, is not
    「静而冲者，被邀而游」 (fixed: 出 by 出行.世静冲 before); 旺 in 申 it is (stays: the CHARTS row)."""
    assert "出行.世静冲" not in verdict_rules("出行.成行", "777778", "午", "乙卯")


def test_the_wind_fears_only_the_ghost_that_truly_moves():
    """77.7 「动有覆舟之祸，静无折帆之殃」 with 32.2 「动而逢冲…犹不动也」: 乾之小畜's 午 ghost, clashed by
    the 子 day, does not capsize the boat (fixed: 覆舟 before); on 丙寅 in a 寅 month it does (stays)."""
    word, rules = on_axis("出行.筮风", "777977", "亥", "戊子", "出行.筮风.风险")
    assert (word, set(rules)) == ("无咎", {"风险.世旺", "风险.鬼静"})
    word, rules = on_axis("出行.筮风", "777977", "寅", "丙寅", "出行.筮风.风险")
    assert word == "覆舟" and "风险.鬼动" in rules


def test_a_void_officer_beside_a_whole_one_still_guards_the_pass():
    """77.8 「子旺官空，游行如意」: 节's 丑 官 void (甲寅 旬) while its 戌 官 is whole on 戊午 -- not 官空
    (fixed: 关隘.子旺官空 before); on 丁巳 the 戌 is 绝 (又克 by the 寅 month) and no 官 is whole (stays)."""
    assert ("官鬼",) not in facts("亲全", "778878", "寅", "丁巳", question="出行.关隘")
    assert ("官鬼",) in facts("亲全", "778878", "寅", "戊午", question="出行.关隘")
    assert "关隘.子旺官空" not in verdict_rules("出行.关隘", "778878", "寅", "戊午")
    assert "关隘.子旺官空" in verdict_rules("出行.关隘", "778878", "寅", "丁巳")


def test_a_broken_use_god_sets_out_on_its_mending_day_not_its_clash():
    """77.5 「静则逢冲…坏则逢补」 with 25.3 「唯值日则能实其破」: asked for a father on 否 in a 丑 month,
    the 未 父 broken by the month sets out on 未 (逢补), not on 丑, the month's own branch (fixed: 丑
    逢冲 before); the void 戌 keeps 辰 (逢冲, 42.20 「主象空而冲可获」) beside 戌 (逢补) (stays)."""
    found = readings("出行.成行", "888777", "丑", "甲子", "by 行期(期)", about="父")
    assert "丑" not in found
    assert {"未", "辰", "戌"} <= found
