"""Chapter 45 天时 looked at a fifth time: two lines of the 用神 standing in 占风, 占雾 and 占雪, one
strong and one weak, the strong one is read -- 42.1 「大抵舍静求动，舍衰求旺，舍病而求不病」, 30.1 「舍其有
伤，取其无伤」 and 「若两求之，则吉凶不定矣」 -- not the two against each other.  Where both are harmed
(the month controls both), 30's 两现.舍伤取不伤 does not choose, and the weak line's 「无雪」 stood against
the strong line's 「有雪」 (未决).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, verdict_rules


CHARTS = [
    # 「雪以父母，喜而求诸有」 with 42.1 「舍衰求旺」: 蹇之姤 in a 卯 month -- the 戌 父 strong on 庚子
    # (帝旺) and on 甲午 (the day generates it), the 辰 父 void and weak; both controlled by the month.
    # Snow (fixed: 未决 before, 占雪.父旺 against 占雪.父衰).
    ("天时.占雪", "867676", "卯", "庚子", {}, "雪", "占雪.父旺"),
    ("天时.占雪", "867676", "卯", "甲午", {}, "雪", "占雪.父旺"),
    # On 甲寅 both 父 lines are weak: no snow (stays).
    ("天时.占雪", "867676", "卯", "甲寅", {}, "无雪", "占雪.父衰"),
    # 「筮风有无，惟以兄弟之衰旺」, 「雾以比肩」: 夬 in a 卯 month on 庚子 -- the 未 兄 strong, the 辰 兄 void
    # and weak: wind, fog (fixed: 未决 before).
    ("天时.占风", "777778", "卯", "庚子", {}, "风", "占风.兄旺"),
    ("天时.占雾", "777778", "卯", "庚子", {}, "雾", "占雾.兄旺"),
    # 蹇之姤's two 申 兄, neither strong: 42 takes the whole 3rd; no wind, no fog (stays).
    ("天时.占风", "867676", "卯", "庚子", {}, "无风", "占风.兄衰"),
    ("天时.占雾", "867676", "卯", "庚子", {}, "无雾", "占雾.兄衰"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_weak_line_beside_a_strong_one_says_nothing():
    """「舍衰求旺」: beside the strong 戌 父 the weak, void 辰 父 gives no 「无雪」 (fixed); with no strong
    父 on the cast it does (stays)."""
    assert "占雪.父衰" not in verdict_rules("天时.占雪", "867676", "卯", "庚子")
    assert "占雪.父衰" in verdict_rules("天时.占雪", "867676", "卯", "甲寅")
