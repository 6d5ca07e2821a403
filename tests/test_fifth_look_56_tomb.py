"""Chapter 56 疾病, a fifth look: 42.20's 「用爻旺而墓乃收」 (刻期.入墓, the day a strong 用神 enters its
tomb) times no recovery when the illness is asked for life or death.  The chapter's six 安日 name the
tomb only as it opens (56.17 「墓开而疾退」, 「用爻墓，病退于开墓」), and for the sick the tomb is bad
whatever the 用神's strength (56.18 「墓绝反伏，虽旺，而遇一则凶」; 56.1 「命随鬼墓，不治之疾也」).  The
answers do not change, only their 应期: the CHARTS rows keep their answers ("stays"); the timing tests
below hold the rows marked "fixed", which failed before (the tomb day led)."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts


CHARTS = [
    # 56.15 「假或申月占此，过亥子日后，所伏用神得月长生，其病可痊」: 小过之大壮 for a son in a 申 month
    # on 戊午 recovers (stays: 愈; its 应期 is tested below).
    ("疾病", "小过之大壮", "申", "戊午", {"about": "子"}, "愈", "疾病.用生"),
    # 56.17 「墓开而疾退」: 乾 for a son in a 子 month on 丙辰, the 子 子孙 on the month and in its tomb on
    # the day, recovers (stays: 愈; its 应期 is tested below).
    ("疾病", "乾", "子", "丙辰", {"about": "子"}, "愈", "疾病.用生"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _primary(question, cast, month, day, **options):
    row = answers(question, cast, month, day, **options)[0]
    return row, (row["timing"] or {}).get("primary")


def test_the_tomb_day_times_no_recovery():
    """56.17 「墓开而疾退」 (「用爻墓，病退于开墓」) with 56.18 「虽旺，而遇一则凶」: 乾 (子 month, 丙辰) for a
    son -- the day the tomb opens (戌, 安日.墓开) leads, not the 辰 day the 子 enters it (fixed: 辰日 by
    刻期.入墓 led before); 小过之大壮 (申 month, 戊午) -- the 辰 day is no longer offered at all (fixed:
    it led before), and 56.15's 「过亥日」 stays among the days."""
    row, primary = _primary("疾病", "乾", "子", "丙辰", about="子")
    assert row["answer"] == "愈" and primary == {"when": "戌日", "by": "安日.墓开", "method": None}
    row, primary = _primary("疾病", "小过之大壮", "申", "戊午", about="子")
    days = {primary["when"], *(t["when"] for t in row["timing"]["alternatives"])}
    assert row["answer"] == "愈" and "辰日" not in days and "过亥日" in days


def test_the_tomb_day_is_set_aside_only_where_life_or_death_is_asked():
    """The exception reads 论生死: in 疾病 the 入墓 刻期 is gone (fixed), and the same chart asked as
    防疫 (whether one catches it, not whether one lives) keeps it (stays); 42.20's other 刻期 stay in
    疾病 (小过 with nothing moving: the hidden 亥's own day, stays)."""
    assert not any(f[2] == "入墓" for f in facts("刻期", "乾", "子", "丙辰", about="子"))
    assert (1, "本", "入墓", "辰", "日") in facts("刻期", "乾", "子", "丙辰", question="疾病.防疫", about="子")
    assert (1, "本") in facts("墓非安日", "乾", "子", "丙辰", about="子")
    assert _primary("疾病", "小过", "申", "戊午", about="子")[1]["when"] == "亥日"
