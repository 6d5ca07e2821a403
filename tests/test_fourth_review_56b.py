"""Chapter 56 疾病 after a fourth review (second round, §56.1-56.31): a help must itself reach the
month-broken 用神 (11.5, 27.1, 56.11 「然变爻亦宜无病，乃真有救」); a 仇神 whose control is cut makes no
两病 (25.2 「为我忌而弗伤」); a 不愈 keeps its days of danger where the 用神's living grade stands
beside an unrescued danger (56.11 「有一死则死」); the husband's own earth ghost moving alone is no 土鬼独发 (56.17 「惟占夫占官不论」); a hidden 用神 with
忌 and 仇 moving recovers after its day, not on it (56.15); one's own 助伤 kills though the 世 be 旺
(56.18 「虽旺，而遇一则凶」); 56.10's 一亡一存 is of two 用神 lines; and the day's break and scatter
pass with the day (56.14 「日破月破，越是月日而解」).  Rows marked "fixed" failed before; "stays" kept
their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, verdict_rules


CHARTS = [
    # 27.1 「夫散，犹空也，则全无矣，纵有生扶，不可救药」, 56.16 「冲散元神，是夕遂卒」: 节之屯 for a wife, the
    # 巳 财 broken in 亥 and 死 on 酉; its one helper, the moving 卯, is scattered by the 酉 day (fixed:
    # 愈 before); on 辛未 the 卯 is whole and rescues it (stays).
    ("疾病", "798878", "亥", "乙酉", {"about": "妻"}, "不愈", "疾病.用死"),
    ("疾病", "798878", "亥", "辛未", {"about": "妻"}, "愈", "疾病.用生"),
    # 56.11 「然变爻亦宜无病，乃真有救」, 42.8 「变爻空破死绝，动爻不受其生克矣」: 兑之节 for a son, the 亥 broken
    # in 巳, its change 申 dead in the 巳 month (fixed: 愈 before).
    ("疾病", "778978", "巳", "辛卯", {"about": "子"}, "不愈", "疾病.用死"),
    # 56.8 「元神动矣，仇神摇焉，谓之两病也」 with 25.2 「为我忌而弗伤」: 同人之咸 for a wife, the moving 仇神
    # 卯 scattered by the 酉 day strikes no 元神 (fixed: 不愈 before); EX104's date, 卯 month 乙卯 day,
    # the 卯 whole: 两病 (stays).
    ("疾病", "同人之咸", "子", "乙酉", {"about": "妻"}, "愈", "疾病.用生"),
    ("疾病", "同人之咸", "卯", "乙卯", {"about": "妻"}, "不愈", "疾病.用死"),
    # 56.6 「常试土鬼独发……九死一生」 is the ghost as the illness; for a husband the 官鬼 is the patient
    # (56.17 「惟占夫占官不论」, 56.11 「用爻独发当生」): 坎之师, his 戌 moving alone (fixed: 不愈 before);
    # an earth ghost moving alone asked of a son still decides (another chart: stays).
    ("疾病", "878898", "子", "乙亥", {"about": "夫"}, "愈", "疾病.用生"),
    ("疾病", "898888", "丑", "丙申", {"about": "子"}, "不愈", "疾病.土鬼独发"),
    # 56.18 「夫筮己疾，世乃用神，随墓助伤……虽旺，而遇一则凶」: 离 on 申 for oneself, the 世 巳 旺 in the 午
    # month and the 亥 ghost born on the day (fixed: 愈 before, 36.1's 世旺 spared it); in a 巳 month the
    # 亥 ghost is broken -- 「官鬼遇空破者弗能伤」 (stays).
    ("疾病", "787787", "午", "庚申", {}, "不愈", "疾病.不治"),
    ("疾病", "787787", "巳", "庚申", {}, "愈", "疾病.用生"),
    # 56.10 「内卦之用神亡，外卦之用神存，非危也」: two 用神 lines.  乾 for oneself: the 世 戌 is the 用神, the
    # 辰 父母 on line 3 is none (fixed: 愈 by 一亡一存 before); asked of a father both 父母 are 用神 (stays).
    ("疾病", "777777", "子", "丁酉", {}, "不愈", None),
    ("疾病", "777777", "子", "丁酉", {"about": "父"}, "愈", "疾病.用生"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_change_does_not_rescue_a_broken_line():
    """56.11 「然变爻亦宜无病，乃真有救」: 渐 for a husband in a 酉 month, the broken 卯 ghost moving into
    子: on 丙辰 the 子 is void and rescues nothing (fixed: 破救 on line 6 before); on 庚辰 it is whole
    (stays)."""
    assert (6, "本") not in facts("破救", "887879", "酉", "丙辰", about="夫")
    assert (6, "本") in facts("破救", "887879", "酉", "庚辰", about="夫")


def test_a_lost_living_grade_does_not_strike_the_days_of_danger():
    """56.13 「如问危时，其法有三」: EX104 (同人之咸, 卯 month 乙卯 day, a wife) is 不愈 by 两病, an unrescued
    danger that outweighs the 用神's 旺 (56.11 「有一死则死」); its days of danger stand (fixed: no 应期 before); where the 用神 lives (子 month
    乙酉 day) no day of danger times it (stays)."""
    row = answers("疾病", "同人之咸", "卯", "乙卯", about="妻")[0]
    assert row["answer"] == "不愈" and row["timing"]["primary"]["by"].startswith("危时.")
    row = answers("疾病", "同人之咸", "子", "乙酉", about="妻")[0]
    assert row["answer"] == "愈"
    timed = [row["timing"]["primary"]] + row["timing"]["alternatives"] if row["timing"] else []
    assert not any(t["by"].startswith("危时.") for t in timed)


def test_a_hidden_use_god_rises_after_its_day_when_both_enemies_move():
    """56.15 「假或申月占此，过亥子日后，所伏用神得月长生，其病可痊」 (56.14 「遇用神值日月之时，出而受仇忌之
    伤」): 小过之大壮 in a 申 month, the hidden 亥 子孙 with 忌 and 仇 moving -- past the 亥 day (fixed:
    安日.用现 gave the 亥 day itself before)."""
    rules = verdict_rules("疾病", "小过之大壮", "申", "戊午", about="子")
    assert "安日.用现过" in rules and "安日.用现" not in rules


def test_the_days_break_and_scatter_pass_with_the_day():
    """56.14 「日破月破，越是月日而解」, 56.17 「用爻破散，病退于逾是破散之时」: 师之临's 午 财 half broken by
    the 子 day and rescued by the moving 寅, recovers past 壬子 (fixed: 月破 only before); 兑之困's 巳 scattered by 亥 and
    rescued by its 寅 change, past 乙亥 (fixed)."""
    whens = lambda row: {t["when"] for t in row["timing"]["alternatives"]} | {row["timing"]["primary"]["when"]}
    row = answers("疾病", "678888", "戌", "壬子", about="妻")[0]
    assert row["answer"] == "愈" and "过壬子日" in whens(row)
    row = answers("疾病", "978778", "丑", "乙亥", about="夫")[0]
    assert row["answer"] == "愈" and "过乙亥日" in whens(row)
