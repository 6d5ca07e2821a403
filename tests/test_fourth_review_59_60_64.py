"""Chapters 59 九流, 60 经学 and 64 任人 read again (a fourth look): 59.4's 执役.  「执役者，财官旺则利归
其室，官克世而有朴作之忧」 names two things of one service -- what it brings home, and the flogging a
controlling ghost threatens -- so the worry is read beside the answer (执役忧), not set against 成; and a
void or broken ghost threatens nothing (36.1 「然官鬼遇空破者弗能伤」, 26.6 「空于忌则吉」).  Rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, readings, verdict_rules


WORRY = "by 执役忧(象)"

CHARTS = [
    # 59.4 「执役者，财官旺则利归其室，官克世而有朴作之忧」: 晋's 卯 财 (line 3) on the 卯 day, the 巳 官
    # (lines 2 and 6) on the 巳 month, both controlling the 酉 世 -- the profit comes home, the flogging
    # is a worry beside it (fixed: 不成 before, the worry read as the answer).  坎之蹇 in 子 on 庚子: the
    # 财 broken by the month, 不成 by the 用神's own fall, the worry still read (stays).
    ("九流.执役", "888787", "巳", "丁卯", {}, "成", "执役.财官旺"),
    ("九流.执役", "坎之蹇", "子", "庚子", {}, "不成", "用神断.凶陷"),
    # 36.1 「然官鬼遇空破者弗能伤」: the same 晋 in 卯 on 丙申, both 巳 官 void (甲午 旬) -- the 卯 财 on
    # the month stands whole (fixed: 不成 before, by the void ghosts); 比之谦 in 子 on 己巳, 财 and 官
    # both strong (stays).
    ("九流.执役", "888787", "卯", "丙申", {}, "成", "用神断.全吉"),
    ("九流.执役", "比之谦", "子", "己巳", {}, "成", "执役.财官旺"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_flogging_is_a_worry_beside_the_answer():
    """59.4 「官克世而有朴作之忧」: 晋 in 巳 on 丁卯 reads 朴作之忧 beside 成 (fixed: it was a 断 凶 on the
    成 axis); the rule gives no 断 at all."""
    assert readings("九流.执役", "888787", "巳", "丁卯", WORRY) == {"朴作之忧"}
    assert "执役.官克世" not in verdict_rules("九流.执役", "888787", "巳", "丁卯")


def test_a_void_ghost_threatens_no_flogging():
    """36.1 「然官鬼遇空破者弗能伤」 (26.6 「如占脱役，鬼空则可脱」): 晋's 巳 官 void on 丙申 in 卯 -- no
    worry (fixed); on 丁卯 in the same month they are not void and the worry stands (stays)."""
    assert readings("九流.执役", "888787", "卯", "丙申", WORRY) == {"无断"}
    assert readings("九流.执役", "888787", "卯", "丁卯", WORRY) == {"朴作之忧"}
