"""Chapter 30 两现 read against the text a fifth time: the choice between two lines of the 用神's
relative is a comparison.  30.1 「必以其有伤无伤而定取舍也，舍其有伤，取其无伤，则可得一其主也……若两
求之，则吉凶不定矣」, 42.1 「舍衰求旺，舍病而求不病」, 56.10 「内卦之用神亡，外卦之用神存，非危也」.  Two
lines of one relative share an element, so the day's or the month's control (日克, 月克) lands on both
and chooses neither: the line whose harms are a strict part of the other's is taken (两现取 因 无伤),
the other set aside (两现舍 因 有伤); where each bears a harm the other lacks, neither is lighter and
30.2 (舍静取动) decides or both stand.  A static line less harmed than a moving one is not set aside
for it (30.1's 「必」 first).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, judged


def use_god_lines(question, cast, month, day, **options):
    return {(u["position"], u["layer"]) for u in judged(question, cast, month, day, **options).to_dict()["use_god"]}


CHARTS = [
    # 「舍其有伤，取其无伤」: 未济 in a 戌 month on 戊寅 -- the 子孙 辰 (line 2) is controlled by the day
    # and broken by the month, the 子孙 未 (line 5) only controlled by the day, which controls both.
    # The 未 is the 用神: 有玷, 吉之半 (fixed: 凶, 用神断.凶陷 on the broken 辰, before).
    ("六畜", "878787", "戌", "戊寅", {}, "吉", "用神断.有玷"),
    # On 丙午 the 辰 is broken and the 未 whole: the plain case (stays).
    ("六畜", "878787", "戌", "丙午", {}, "吉", "用神断.全吉"),
    # On 庚寅 the 辰 is broken and the 未 void, both controlled by the day: each bears a harm the other
    # lacks, neither is taken over the other -- both are graded, the broken 辰 sinks it (stays).
    ("六畜", "878787", "戌", "庚寅", {}, "凶", "用神断.凶陷"),
    # 「舍静取动」 only between lines not otherwise unequal: 777996 in a 丑 month on 戊午 -- the static 子
    # 财 (line 1) is controlled by the month; the moving 亥 财 (line 4) by the month and by its own change
    # (戌, 回头克).  The static 子 is the less harmed and taken (fixed: 不得, 用神断.全吉变克愈凶 on the
    # moving 亥, before).
    ("失物", "777996", "丑", "戊午", {}, "得", "用神断.全吉"),
    # In a 午 month the static 子 is broken, the moving 亥 controlled by its change: neither is lighter,
    # and the moving one is taken, 「以动为事之兆也」 (stays).
    ("失物", "777996", "午", "戊午", {}, "得", "用神断.全吉"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


# (question, cast, month, day, options, the 用神 lines taken)
USE_GODS = [
    # 30.1 「则可得一其主也」: the 未 alone (fixed: both lines before).
    ("六畜", "878787", "戌", "戊寅", {}, {(5, "本")}),
    # neither lighter, both static: both stand (stays).
    ("六畜", "878787", "戌", "庚寅", {}, {(2, "本"), (5, "本")}),
    # Both 父母 moving (姤之夬 in a 辰 month on 戊寅): the 丑 (line 1) controlled by the day, the 戌 (line 6)
    # by the day and broken by the month -- the 丑 alone (fixed: both before).
    ("天时.占雨", "677779", "辰", "戊寅", {}, {(1, "本")}),
    # the static 子 财 over the moving 亥 that its change controls (fixed: line 4 before).
    ("失物", "777996", "丑", "戊午", {}, {(1, "本")}),
]


@pytest.mark.parametrize("question, cast, month, day, options, taken", USE_GODS)
def test_use_god(question, cast, month, day, options, taken):
    assert use_god_lines(question, cast, month, day, **options) == taken


def test_the_lighter_line_is_taken_as_unharmed():
    """The comparison names its lines as 30.1 does -- 两现取 因 无伤, 两现舍 因 有伤 -- so the chapters that
    read them follow: 56's 「内卦之用神亡，外卦之用神存，非危也」 (病安 一亡一存) on 未济's 子孙 asked of a son
    (fixed: no 一亡一存 before, as the day's control left neither line unharmed)."""
    chosen = facts("两现取", "878787", "戌", "戊寅", question="疾病", about="子")
    assert (5, "本", "无伤") in chosen
    assert (2, "本", "有伤") in facts("两现舍", "878787", "戌", "戊寅", question="疾病", about="子")
    assert (5, "本", "一亡一存") in facts("病安", "878787", "戌", "戊寅", question="疾病", about="子")
    # the 子孙 each with a harm of its own on 庚寅: neither lighter, no choice (stays)
    lighter = facts("伤轻于", "878787", "戌", "庚寅", question="疾病", about="子")
    assert not {f for f in lighter if {f[0], f[2]} == {2, 5}}
