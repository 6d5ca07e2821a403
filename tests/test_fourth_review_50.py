"""Chapter 50 坟墓 read again (a fourth look): whose line gives the grade of the two sub-questions
that name it.  50.8 「占穴上下，当以世爻推之，占穴吉凶，亦以子孙为断」: where in the site to dig (定穴)
is 吉 or 凶 by the 子孙, its height still by the 世; 「占六亲寿地，各以用爻」: a plot for someone 56
takes by the 应 (a cousin of another surname, anyone else: 56.19 「称弟兄而非宗服者，是不同本，皆用应
也」) is read by the 应, not by the asker's 世.  Rows marked "fixed" failed before; "stays" kept their
answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings


CHARTS = [
    # 50.8 「占穴吉凶，亦以子孙为断」: 益 (世 辰 line 3, 子孙 巳 line 5).  In a 寅 month on 丁卯 the 世 is
    # 死气 but not spoiled, the 子孙 相 -- the spot is good (fixed: 凶 by the 世's 凶陷 before); in a
    # 辰 month on 壬申 the 世 is strong, the 子孙 out of season -- the spot is bad (fixed: 吉 by the 世's
    # 日主 grade before).
    ("坟墓.定穴", "788877", "寅", "丁卯", {}, "吉", "坟墓.子孙旺"),
    ("坟墓.定穴", "788877", "辰", "壬申", {}, "凶", "遇时.失令凶"),
    # 50.1 「世为主穴，而不可虚也」: the spot itself still must be whole -- the 辰 世 broken by the 戌
    # month, the 子孙 巳 帝旺 on 丙午, is 凶 (stays).
    ("坟墓.定穴", "788877", "戌", "丙午", {}, "凶", "坟墓.世病"),
    # 50.8 「若占地之臧否，仍以世爻子孙断之」: the site itself keeps the 世 for its 用神 -- the same 寅 /
    # 丁卯 chart asked as 卜地 stays 凶 by the 世's 凶陷.
    ("坟墓", "788877", "寅", "丁卯", {}, "凶", "用神断.凶陷"),
    # 50.8 「占六亲寿地，各以用爻」 with 56.19 「皆用应也」: a cousin's (表) plot and anyone else's (他) on
    # 益 in 辰 on 壬申 -- the 应 卯 死气 (fixed: 吉 by the asker's 世 before).
    ("坟墓.寿地", "788877", "辰", "壬申", {"about": "表"}, "凶", "用神断.凶陷"),
    ("坟墓.寿地", "788877", "辰", "壬申", {"about": "他"}, "凶", "用神断.凶陷"),
    # a father's plot on the same chart: the 子 父母 (line 1) 长生 on the 申 day (stays 吉).
    ("坟墓.寿地", "788877", "辰", "壬申", {"about": "父"}, "吉", "日主.生重吉"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_spot_is_graded_by_the_descendant_and_placed_by_the_self():
    """50.8: 定穴's 用神 is the 子孙 (益's 巳, line 5; fixed: the 世 before), while the spot stays on
    the 世 (line 3) and its height with it: 「世在三四人穴宜中」 (stays)."""
    assert facts("用神", "788877", "寅", "丁卯", question="坟墓.定穴") == {(5, "本")}
    assert facts("穴爻", "788877", "寅", "丁卯", question="坟墓.定穴") == {(3,)}
    assert readings("坟墓.定穴", "788877", "寅", "丁卯", "by 穴位(位)") == {"中"}


def test_a_plot_for_one_taken_by_the_other_line_reads_the_other_line():
    """50.8 「各以用爻」: a cousin's plot reads the 应 (益's 卯, line 6; fixed: the 世 before); one's own
    plot keeps the 世 (line 3, stays)."""
    assert facts("用神", "788877", "辰", "壬申", question="坟墓.寿地", about="表") == {(6, "本")}
    assert facts("用神", "788877", "辰", "壬申", question="坟墓.寿地") == {(3, "本")}
