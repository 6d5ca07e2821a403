"""Chapter 38 三刑 read again with 22.2 and 23.2 (a sixth look): 辰午酉亥 punish themselves (38.2
「辰午酉亥之自刑」), but not a line that stands on the day or the month of its own branch -- 23.2 says of
the line the day holds 「如金如刚，孰之能伤」 and of the 用神 there 「谓之尽善」, 22.2 of the month's 「伤而不
伤」, 「用神遇此而吉」: the branch that would punish it is the one that makes it strong.  So no ruling of a
punished line takes it.  A line of another branch punished by the day or the month, and the line's
punishment by its change, stand.  Rows and tests marked "fixed" failed before; "stays" kept their
result."""

from __future__ import annotations

import pytest

from handcharts import facts, readings, verdict_rules


RULINGS = [
    # 47.14 「犯三刑而骨肉仇敌」: 大壮's 午 世 (line 4) on a 午 day stands on it -- not punished (fixed); 坎's
    # 子 世 on a 卯 day, 卯刑子 (stays).
    ("身命", "777788", "寅", "甲午", {}, "平生.三刑", False),
    ("身命", "878878", "午", "乙卯", {}, "平生.三刑", True),
]


@pytest.mark.parametrize("question, cast, month, day, options, rule, fires", RULINGS)
def test_a_line_on_the_day_or_month_is_not_punished_by_it(question, cast, month, day, options, rule, fires):
    assert (rule in verdict_rules(question, cast, month, day, **options)) == fires


def test_the_punishment_of_a_line_on_the_day_is_no_punishment():
    """23.2 「日主所临……如金如刚，孰之能伤」: 大壮's 午 世 on 甲午 is 临日 and not 受刑 by the day (fixed);
    坎's 子 世 on 乙卯 is 受刑 by the 卯 day (stays)."""
    assert not {f for f in facts("受刑", "777788", "寅", "甲午") if f[:2] == (4, "本")}
    assert (6, "本", "日") in facts("受刑", "878878", "午", "乙卯")


def test_a_patient_on_the_month_fears_no_lasting_ailment():
    """38.3 「病防带疾」 with 22.2 「伤而不伤」: 坤之谦's 酉 世, the 用神, stands on the 酉 month -- no 带疾
    (fixed); 归妹之中孚's 丑 世 punished by the 未 month keeps it (stays)."""
    assert "带疾" not in readings("疾病", "886888", "酉", "庚午", "by 刑忧(象)")
    assert "带疾" in readings("疾病", "778966", "未", "壬戌", "by 刑忧(象)")


def test_a_line_on_either_pillar_is_punished_by_neither():
    """22.2 「伤而不伤」, commentary 「或动爻变（爻）日辰克之不为伤」, and 23.2 「孰之能伤」: 乾's 子 (line 1) on
    the 子 month is not punished by the 卯 day (fixed: 受刑 by the day, 卯刑子); in a 午 month it is
    (stays)."""
    assert not {f for f in facts("受刑", "777777", "子", "乙卯") if f[:2] == (1, "本")}
    assert (1, "本", "日") in facts("受刑", "777777", "午", "乙卯")
