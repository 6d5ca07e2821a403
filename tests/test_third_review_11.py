"""Chapter 11 变互 (with 17 有无 and 63 功名) read against the text on charts worked by hand (a third
review): a cut link passes nothing on -- a mover extinct on its change generates nothing (11.4
「卯化申绝，不能生巳」), a broken mover checks nothing (11.5 「中有破散而生不相续者」), a moving line its
own change generates is not lost to the day and month (11.7 「犹绝处逢生也」), and 11.5's office case
(临之蛊, 「反得其用」) is read in 63.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


CHARTS = [
    # 11.4 「子化巳绝，不能生卯，卯化申绝，不能生巳」: 剥之渐, the moving 卯 化绝 passes no 生 to the 巳 官
    # (no grade 生 from it), and 63.11's 「子财皆动，官得三象贪生」 needs the chain unbroken (fixed: 升
    # 全吉 before).  The book's own chart (戌 month, 庚戌 day) stays 不升 (「巳官入墓……解组」).
    ("功名.升信", "剥之渐", "辰", "庚申", {}, "不升", "用神断.凶陷"),
    ("功名.升信", "剥之渐", "戌", "庚戌", {}, "不升", "仕途.衰墓死绝"),
    # 11.5 「中有丑被未散，而酉反被巳制，不续其克，反得其用是也」 (寅建未日用官, 临之蛊): neither the
    # scattered 丑 兄弟 (63.11 兄发) nor the 巳 泄气 that checks the moving 忌神 酉 (63.10 泄动元静)
    # speaks against the 官 (fixed: 不升 before).  In a 亥 month the 巳 is broken and checks nothing:
    # 「泄气动而元神静，升信杳然」 (stays).
    ("功名.升信", "临之蛊", "寅", "辛未", {}, "升", "用神断.全吉"),
    ("功名.升信", "临之蛊", "亥", "戊辰", {}, "不升", "仕途.泄动元静"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_mover_extinct_on_its_change_passes_no_generation():
    """11.4 「卯化申绝，不能生巳」: in 剥之渐 the moving 卯 (3) 化绝 -- the 巳 官 (2) gets no 续生 from it
    (fixed); the 用神's grade is not 生."""
    assert (2, "本") not in facts("续生", "剥之渐", "辰", "庚申", "功名.升信")
    grades = {(p, g) for p, _, g in facts("用神法", "剥之渐", "辰", "庚申", "功名.升信")}
    assert (2, "生") not in grades


def test_a_broken_mover_checks_no_other_mover():
    """11.5 「中有破散而生不相续者」: 临之蛊 in a 亥 month, the 巳 (1) broken -- the moving 酉 (6) is not
    checked by it, its control of the 卯 官 (2) is not cut (fixed).  In the book's 寅 month on a 辛未
    day the whole 巳 checks 酉: 「酉反被巳制，不续其克」 (stays)."""
    assert (6,) not in facts("动受制", "临之蛊", "亥", "戊辰")
    assert (2, "本") not in facts("克断", "临之蛊", "亥", "戊辰")
    assert (6,) in facts("动受制", "临之蛊", "寅", "辛未")
    assert (2, "本") in facts("克断", "临之蛊", "寅", "辛未")


def test_a_change_that_generates_rescues_from_jiaoshang():
    """11.7 「如亥日月用世爻，遇遁之乾，是日月克我，变寅生我，谓之绝处逢生」: the moving 世 午 (2) is not
    有而无 by 17.2's 交伤 (fixed).  On a 辛亥 day (甲辰 decade) the 寅 is void, 「不能生矣」: 交伤 stays."""
    assert not {v for v in facts("本有而无", "遁之乾", "亥", "乙亥", "身命") if v[2] == "交伤"}
    assert (2, "本", "交伤") in facts("本有而无", "遁之乾", "亥", "辛亥", "身命")
