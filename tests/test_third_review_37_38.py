"""Chapters 37 局会 and 38 三刑 read against the text on charts worked by hand (a third review): a
frame missing its start or its end is still a frame, weaker (37.1 「午不失伤，即寅戌失一而亦局会也」,
「始失长生故力小，终失墓藏故力犹存」) -- an absent member is lost as a void or broken one is; and a
tomb is not opened by a day or month of its own branch (38.3 「夫墓得刑冲，犹锁得钥」: 辰刑辰 on a
辰 tomb is the line's tomb again, not a key).  Both are facts, no rule reading them decides an
answer here, so the facts are read.  Rows marked "fixed" failed before; "stays" kept their facts."""

from __future__ import annotations

import pytest

from handcharts import facts


FRAMES = [
    # 37.1 「午不失伤，即寅戌失一而亦局会也」「始失长生故力小」: 乾 with 午 (4) and 戌 (6) moving, 午 on
    # the month and the day, 寅 nowhere -- the start lost, a frame of small force (fixed: no shape at
    # all before).
    ("777979", "午", "甲午", "小", "生"),
    # 「终失墓藏故力犹存」: 寅 (2) and 午 (4) moving, the 寅 month hangs the start, 戌 nowhere (the
    # static line 6 takes no part) -- the end lost, the force remains (fixed).
    ("797977", "寅", "丁丑", "存", "墓"),
    # 寅 (2) on a moving line but broken by the 申 month: lost, 力小 -- the same as absent (stays).
    ("797979", "申", "甲午", "小", "生"),
]


@pytest.mark.parametrize("lines, month, day, force, lost", FRAMES)
def test_a_frame_missing_its_start_or_end_is_a_weaker_frame(lines, month, day, force, lost):
    assert ("火", "动会") in facts("局会", lines, month, day)
    assert ("火", force) in facts("局力", lines, month, day)
    assert ("火", lost) in facts("局失", lines, month, day)


def test_no_frame_without_its_middle():
    # 37.1 「中神主也，失其主则不能会」, 42.15 「有寅戌而无午，是名假局」: 寅 (2) and 戌 (6) moving, 午 only
    # on the static line 4 and neither on the 寅 month nor the 戌 day -- no shape, no frame (stays).
    assert not {v for v in facts("会候", "797779", "寅", "甲戌") if v[0] == "火"}
    assert not {v for v in facts("局会", "797779", "寅", "甲戌") if v[0] == "火"}


def test_a_tomb_is_not_opened_by_its_own_branch():
    # 38.3 「刑则墓开」「夫墓得刑冲，犹锁得钥」, 31.5 「墓而无冲，为匿为藏」: 坎's 世, 子 water (line 6), in
    # its tomb 辰 on the 辰 month and the 甲辰 day.  辰刑辰: the day is the line's tomb too, no key to
    # the month's; the tombs stay shut (fixed: 墓开 by 刑 on both before).
    opened = {v for v in facts("墓开", "878878", "辰", "甲辰") if v[:2] == (6, "本")}
    assert not opened
    assert {(6, "本", "日"), (6, "本", "月")} <= facts("墓藏", "878878", "辰", "甲辰")


def test_a_tomb_is_opened_by_another_branch():
    # 坎's 寅 wood (line 1) in its tomb 未 on the 乙未 day, the 戌 month punishing 未 (戌刑未): opened
    # by punishment (stays); the 辰 month tomb of line 6 clashed by a 戌 day: opened (stays).
    assert (1, "本", "日", "刑") in facts("墓开", "878878", "戌", "乙未")
    assert (6, "本", "月", "冲") in facts("墓开", "878878", "辰", "甲戌")
