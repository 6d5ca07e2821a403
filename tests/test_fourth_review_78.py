"""Chapter 78 行人 read again (a fourth look).  A 用神 void and broken by the month (26.4's 破空), or
a 绝空 / 真空 nothing generates (narrowed in the fifth look, tests/test_fifth_look_78_81.py), has none
of 78.3's days of arrival: 78.1's own case reads 「午官空破，应夫未还」.  Whether he
comes is the 用's 虚实 (78.7 「行者之来否，则以虚实言」), so 78.2's 攀辕之阻 and 班马不进 hold him up
without keeping him away (剥之旅: 「后及甲寅日乃至」).  The meeting on the road reads its own 世 and 应
(「世应病，则实世应之日相遇」), not the traveller's illness, and its days are the meeting's only.  The
ghost with the 青龙 is a good companion (「青龙良伴也」), each ghost judged by itself.  A moving 父母
unspoiled is a letter (「信之有无，以空以动」), and a 用象 neither 囚 nor ill goes on (「行者他适乎，忌用
象之囚也」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, judged, verdict_rules


CHARTS = [
    # 78.1 「若用逢空破散绝，不特归期杳然」 with its case 「午官空破，应夫未还」 (26.5 「所以破绝真空，皆系于
    # 月建之上」): 困's 午 官 void and broken in a 子 month, 绝 on 丁亥, the hidden 巳 clashed -- no 别用,
    # he does not come (fixed: 来 on 午日 before); in a 寅 month the void is not the month's, 78.3
    # 「用虚以实至」 (stays).
    ("行人", "878778", "子", "丁亥", {"about": "夫", "asker": "女"}, "不来", "行人.用病阻"),
    ("行人", "878778", "寅", "丁亥", {"about": "夫", "asker": "女"}, "来", "行人.空以实至"),
    # 78.7 「行者之来否，则以虚实言」: 78.3's 巳建己酉日 剥之旅, the moving 卯 财 combined by the moving 戌
    # (78.2 「动逢合有攀辕之阻」), 「后及甲寅日乃至」 (fixed: 未决 before); 乾之履's moving 辰 化退 丑
    # (「动化退神，班马而不进」), whole (fixed: 未决 before); 乾之震, 六冲 into 六冲 and the 用神 scattered,
    # keeps him away (stays).
    ("行人", "剥之旅", "巳", "己酉", {"about": "仆"}, "来", "行人.无病来"),
    ("行人", "779777", "午", "丙子", {"about": "友"}, "来", "行人.无病来"),
    ("行人", "乾之震", "午", "丙子", {"about": "友"}, "不来", "行人.用散阻"),
    # 78.6 「世应病，则实世应之日相遇」: 姤's 午 应 broken in a 子 month -- met on the 午 day, not 78.1's
    # 「亦主行人灾病」 (fixed: 不来 by 行人.用病灾 before); 「中途之会，六冲而不见也」 (乾: stays); the 应
    # whole, 「世应不病，则卦身合日相遇」 (stays).
    ("行人.途会", "877777", "子", "庚辰", {}, "来", "途会.实应"),
    ("行人.途会", "777777", "子", "庚辰", {}, "不来", "途会.六冲"),
    ("行人.途会", "877777", "午", "庚辰", {}, "来", "途会.卦身合"),
    # 78.7 「青龙良伴也」: 小畜's moving 午 ghost with the 青龙 on 己卯 (fixed: 凶 by the fire ghost's
    # 「飞延之事」 before); on 甲辰 the same ghost has the 腾蛇, 「匪朋」 (stays).
    ("行人.安危", "777977", "寅", "己卯", {"about": "友"}, "吉", "安危.青龙"),
    ("行人.安危", "777977", "寅", "甲辰", {"about": "友"}, "凶", "安危.鬼动"),
    # 78.10 「信之有无，以空以动」 (「父病无书」: 空破散绝): 坤之师's moving 巳 父, 死 in a 子 month but not
    # spoiled (fixed: 不来 by 42.19's 凶陷 before); strong in a 午 month, 「旺动将至」 (stays); the 巳 父
    # at rest in a 子 month is graded as before (stays).
    ("行人.音信", "868888", "子", "庚申", {}, "来", "音信.动"),
    ("行人.音信", "868888", "午", "庚申", {}, "来", "音信.旺动"),
    ("行人.音信", "888888", "子", "庚申", {}, "不来", "用神断.凶陷"),
    # 78.9 「行者他适乎，忌用象之囚也」: 乾's 辰 应, 相 in a 午 month and not ill
    # (fixed: 无断 before); 囚 in a 子 month, 「受阻不他如」 (stays).
    ("行人.他适", "777777", "午", "丙子", {"about": "友"}, "往", "他适.用旺"),
    ("行人.他适", "777777", "子", "丙子", {"about": "友"}, "不往", "他适.用囚"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_tied_to_the_month_is_no_void_to_fill():
    """26.4 「月破值空，谓破空」 and 78.1 「午官空破，应夫未还」: 困's 午 官 in a 子 month is 戒空 and has no
    day of arrival (fixed); in a 寅 month it is a void to fill (stays)."""
    assert (3, "本") in facts("戒空", "878778", "子", "丁亥", question="行人", about="夫")
    assert (3, "本") not in facts("戒空", "878778", "寅", "丁亥", question="行人", about="夫")
    rules = verdict_rules("行人", "878778", "子", "丁亥", about="夫", asker="女")
    assert not rules & {"行人.空以实至", "行人.空以冲实", "行人.破以补至", "行人.绝以生至", "行人.衰以旺至"}


def test_the_meetings_days_are_not_the_appointments():
    """78.6: 「如卜日时来，以实应为法」 is read with the meeting's warnings (「以六冲世应空为戒」); the
    appointment's pace is the traveller's (「问迟速，则如行人之断焉」).  姤 asked as 旅约 gets no 实应 day
    (fixed); asked as 途会 it does (stays)."""
    assert "途会.实应" not in verdict_rules("行人.旅约", "877777", "子", "庚辰")
    assert "途会.实应" in verdict_rules("行人.途会", "877777", "子", "庚辰")


def test_a_good_companion_excuses_only_itself():
    """「青龙良伴也」: 否之涣 on 己卯 moves the 午 ghost with the 青龙 and the 巳 ghost with the 白虎 (「白虎为
    灾」).  The 青龙 excuses its own ghost only: the 白虎's 为灾 stands (fixed: defeated by the 青龙 before),
    and the 青龙 ghost's phase (火为飞延之事) is not read (fixed)."""
    verdicts = judged("行人.安危", "868977", "寅", "己卯", about="友").to_dict()["verdicts"]
    spirit = {v["text"]: v["defeated_by"] for v in verdicts if v["rule"] == "安危.鬼神"}
    assert spirit["官鬼2爻动带白虎：为灾"] is None
    assert spirit["官鬼4爻动带青龙：良伴"] == "安危.青龙"
    phase = {v["text"] for v in verdicts if v["rule"] == "安危.鬼动"}
    assert phase == {"火鬼2爻动：飞延之事"}
