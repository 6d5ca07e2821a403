"""Chapter 91 修道 read again after the 出家 and 斋戒 changes (a fifth look): the ghost that hinders is
the seeker's 业缘, not the person asked after.  Where a wife asks of her husband's path, his leaving
the household or his vow, the 官鬼 is the 用神 itself (36.3 「若女占夫而官星为用者，遇之反吉也」): its
moving is not 91.2's 「官鬼交重而障重」 nor the ghost that 91.5's 「用旺鬼静」 sets beside the 用.  The
seeker's own ghost stays the hindrance, on the 世 as well (91.2 「何名业缘，系爻是也」).  Rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


HUSBAND = {"about": "夫", "asker": "女"}

CHARTS = [
    # 91.5 「筮持斋戒，专务用神……用旺鬼静则始终不渝」: 泰之明夷's 寅 官鬼 on the second line, the month's
    # own branch, moves; asked of a husband's vow it is the 用神, strong -- the vow holds (fixed: 改 by
    # 斋戒.鬼动 before); asked of one's own vow (自占以世为本) it is the ghost beside the 世, moving (stays).
    ("修道.斋戒", "797888", "寅", "甲子", HUSBAND, "守", "斋戒.守"),
    ("修道.斋戒", "797888", "寅", "甲子", {}, "改", "斋戒.鬼动"),
    # 91.2 「官鬼交重而障重」: the same chart asked of the husband's leaving the household and of his
    # path -- the moving 官 is he, not his hindrance (fixed: 不成 by 修道.鬼交重 before) ...
    ("修道.出家", "797888", "寅", "甲子", HUSBAND, "成", "用神断.全吉"),
    ("修道", "797888", "寅", "甲子", HUSBAND, "成", "用神断.全吉"),
    # ... asked of one's own, the moving ghost is the hindrance (stays) ...
    ("修道.出家", "797888", "寅", "甲子", {}, "不成", "修道.鬼交重"),
    # ... and so is a ghost on the seeker's own 世 (「何名业缘，系爻是也」): 临之复's 卯 官鬼 世 moves (stays).
    ("修道.出家", "798888", "寅", "甲子", {}, "不成", "修道.鬼交重"),
    ("修道", "798888", "寅", "甲子", {}, "不成", "修道.鬼交重"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_husband_asked_after_is_no_hindrance():
    """障鬼动 (91.2 「官鬼交重而障重」, 36.3): 泰之明夷's moving 寅 官鬼 is the hindrance when one asks of
    one's own vow, not when a wife asks of her husband's (fixed: 鬼实动 alone read it so before)."""
    assert facts("障鬼动", "797888", "寅", "甲子", question="修道.斋戒") == {(2,)}
    assert facts("障鬼动", "797888", "寅", "甲子", question="修道.斋戒", **HUSBAND) == set()
    assert facts("鬼实动", "797888", "寅", "甲子", question="修道.斋戒", **HUSBAND) == {(2,)}
