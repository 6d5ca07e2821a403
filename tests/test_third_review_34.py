"""Chapter 34 合冲 read against the text on charts worked by hand (a third review): a void moving line
the day clashes is filled, not scattered (26.2 「若日辰来冲，又不为散，反为全动，以其空逢冲实而复动焉」);
for a harm feared every one of the three clashes is welcome and a combination one of them breaks is
no combination (34.1 「凶则宜冲」「卦冲有三」「倘前六合而后六冲，又其甚已」); and in a question of profit
the 世/应's 合处逢冲 is the wealth had and lost (34.3 「财之既得而失」), heavier than the 子妻 pair's, save
for a shop whose 财 is strong (67.3).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, readings, facts


CHARTS = [
    # 34.1 「倘前六合而后六冲，又其甚已」, 34.2 「前合后冲，始繁华而终憔悴」: 泰之大壮 for a harm feared --
    # the combination the change breaks makes nothing, the change into a 六冲 ends the matter feared
    # (fixed: 危 by 合冲.凶忌合 before).  In a 申 month the 寅 ghost is broken (防患.虚害).
    ("防患", "777688", "申", "甲子", {}, "安", "合冲.凶宜冲"),
    # 34.3 「其名合冲，犹功之几成而败……不可居也」: 泰 on a 甲戌 day, the 戌 clashing the 辰 世 --
    # the 合处逢冲 is a clash, not a combination (fixed: 危 by 合冲.凶忌合 before) ...
    ("防患", "777888", "申", "甲戌", {}, "安", "合冲.凶宜冲"),
    # ... where nothing breaks a 六合's combination and the ghost is real: 「合主事之成」, the harm feared
    # is made (stays).  (否 in a 子 month: 泰 in 申 was the chart here, but its 寅 ghost is broken by
    # the month, and 89.1's 「无实害」 now decides: tests/test_fourth_review_89.py.)
    ("防患", "888777", "子", "甲子", {}, "危", "合冲.凶忌合"),
    # 34.1 「筮化六冲，其名变冲，占事主无后也」 with 「卦冲有三：正卦冲，之卦冲，合处逢冲也」: 姤之乾 changes
    # into a 六冲, welcome for a harm feared (fixed: 合冲.凶宜冲 did not speak, 安 by 用神断.有玷 alone).
    ("防患", "677777", "午", "丙寅", {}, "安", "合冲.凶宜冲"),
    # 34.3 「财之既得而失」: 豫, a 六合, on a 己丑 day, the 丑 clashing the 未 世 and harming the 午 应 --
    # the wealth had and lost (fixed: 得 by 用神断.有玷 and 财.衰得旺 before) ...
    ("求财", "888788", "寅", "己丑", {}, "不得", "合冲.财得而失"),
    # ... on a 壬辰 day the 世 and the 应 are whole and the strong 财 is had (stays).
    ("求财", "888788", "午", "壬辰", {}, "得", "财.旺墓收"),
    # 34.3 「子妻冲害忌谋生，然而视世应冲害者则稍轻矣」: 未济 (no 六合) on 丙戌, the 子孙 辰 and the 妻财
    # 酉 combining, the 辰 clashed -- the lighter obstacle, ruled by 67 (stays).
    ("求财", "878787", "寅", "丙戌", {}, "不得", "求财.子妻合冲"),
    # 67.3 「凡占业得财神旺相，如无伙伴，虽遇三冲，但不久而亦有利可为」: a shop with a strong 财 keeps its
    # profit through the 合处逢冲 (stays: 合冲.财得而失 is excepted, 67's 贾肆.三冲 speaks) ...
    ("求财.贾肆", "888788", "午", "己丑", {}, "得", "贾肆.三冲"),
    # ... 「惟托寄遇冲，断无终始，财虽旺相，不可行也」: capital entrusted does not (stays).
    ("求财.托本", "888788", "午", "己丑", {}, "不得", "托寄.三冲"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_mover_clashed_by_the_day_is_filled_not_scattered():
    """26.2 「动爻值空……若日辰来冲，又不为散，反为全动，以其空逢冲实而复动焉」 against 34.2 「空冲则实，
    动冲则散」: 乾 with the 戌 世 (line 6) moving, in a 午 month on 戊辰 (戌 void) -- the day's clash
    fills it: 空冲, not 动冲 (fixed), so 44.10's 「全盛而衰，谓动冲」 does not speak of our commander.
    On 庚辰 the 戌 is not void and the clash scatters: 动冲 (stays).  Broken by a 辰 month the moving
    void stays void and is scattered (42.13 「动空而遭破，纵动无功」, 42.14 「破临动冲而无」): 动冲 still."""
    kinds = lambda month, day: {k for p, _, k in facts("爻冲", "777779", month, day) if p == 6}
    assert kinds("午", "戊辰") == {"空冲"}
    assert kinds("午", "庚辰") == {"动冲"}
    assert "动冲" in kinds("辰", "戊辰")
    assert "全盛而衰" not in readings("征伐", "777779", "午", "戊辰", "by 盛衰(象)")
    assert "全盛而衰" in readings("征伐", "777779", "午", "庚辰", "by 盛衰(象)")
