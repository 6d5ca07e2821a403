"""A method review of chapters 13-35 on hand charts (the fifth reading): what the clauses say of
presence and absence (17), of a 用神 on the month or the day (11, 22, 56) and of a partner in a
shop (67.3, read by 34 and 67).  Each "fixed" row failed on the rulebook before; each "stays" row
is a chart nearby where the rule still speaks."""

from __future__ import annotations

from handcharts import facts, lead, verdict_rules


def test_the_day_or_month_carrying_a_relative_no_line_holds_makes_it_present():
    """17.1's commentary 「一飞无而日月有」, ranked 「伏重于日月」 before the change and the nuclear
    trigram: 姤's 财 (wood) is hidden under a still line, and the 甲寅 day carries it (fixed: 「卦无
    妻财，不成」 before); on 甲子 nothing carries it (stays)."""
    assert facts("本无而有", "877777", "午", "甲寅", question="婚姻", asker="男") == {("妻财", "日月")}
    assert lead("婚姻.成否", "877777", "午", "甲寅", asker="男")[0] == "成"
    assert facts("本无而有", "877777", "午", "甲子", question="婚姻", asker="男") == set()
    assert lead("婚姻.成否", "877777", "午", "甲子", asker="男") == ("不成", {"成否.无用"})


def test_a_use_god_on_the_month_is_not_dead_on_the_day():
    """17.2 「死绝无救」 against 22.2 「伤而不伤……爻内绝而不绝」: 乾's 寅 财 is the 寅 month itself,
    so the 午 day's 死 does not make it absent (fixed); in a 卯 month it is (stays)."""
    assert facts("本有而无", "777777", "寅", "戊午", question="求财") == set()
    assert facts("本有而无", "777777", "卯", "戊午", question="求财") == {(2, "本", "死绝")}


def test_a_use_god_on_the_month_is_not_harmed_by_its_change():
    """22.2 「伤而不伤」 (「或动爻变（爻）日辰克之不为伤」), 11.7 「惟日月能制变爻，变爻未能制日月也」:
    the 寅 财 on the 寅 month changing into 酉 is no 「变克而凶」 (fixed), nor, asked of a wife's
    illness, 56.11's 「用神化克则危矣」 (fixed); a 用神 off the month still is (stays)."""
    assert "变互.用神变克" not in verdict_rules("求财", "888889", "寅", "庚午")
    assert not {v for v in facts("病危", "888889", "寅", "庚午", about="妻") if v[2] == "化克"}
    assert "变互.用神变克" in verdict_rules("求财", "888966", "酉", "丁未")


def test_metal_on_a_si_day_is_born_not_controlled():
    """31.2 「故金遇巳而不克」 (23.3 「金遇巳而生者十之九」): 22's 「日克月生，吉得十之七」 reads the
    day's control as 日克 withholds it, so a metal 财 on a 巳 day is not 日克月生 (fixed); a 财 the
    day really controls and the month generates still is (stays)."""
    assert "日月.日克月生" not in verdict_rules("求财", "787787", "丑", "辛巳")
    assert "日月.日克月生" in verdict_rules("求财", "886986", "午", "癸卯")


def test_a_shop_with_a_partner_is_not_spared_the_clashes():
    """67.3 「凡占业得财神旺相，如无伙伴，虽遇三冲，但不久而亦有利可为」: with capital shared with
    others (32.4's 财本 同本) the three clashes are not lifted (fixed); unstated, they are (stays)."""
    for chart in (("788777", "亥", "丙子"), ("986897", "寅", "庚辰")):
        assert "贾肆.三冲" in verdict_rules("求财.贾肆", *chart)
        assert "贾肆.三冲" not in verdict_rules("求财.贾肆", *chart, given=("财本=同本",))


def test_a_change_on_the_day_is_not_dead_for_the_month():
    """42.8 「变爻空破死绝，动爻不受其生克矣」 with 42.10 「日月之象……爻神孰能忤之」: 886778's 卯 moving
    into 申 in a 午 month -- on a 庚申 day the 申 change stands on the day and controls its mover (fixed:
    31's 长生.变克 read it dead), on 丙子 it is dead in the month and does nothing (stays)."""
    assert (3, "本", "变") in facts("受克于", "886778", "午", "庚申", question="失物")
    assert (3, "本", "变") not in facts("受克于", "886778", "午", "丙子", question="失物")
    assert (3, "死") in facts("变无司", "886778", "午", "丙子", question="失物")


def test_a_void_earth_line_on_a_si_day_is_not_generated_for_the_traveller():
    """78.1's 戒空 (a void tied to the month that no day fills) reads 26's 援空, which counts no 生 of a
    巳 day on an earth line (31.2 「土遇巳而不生」): 986788's 戌 兄 on line 6, void on 己巳 in a 巳 month,
    is 戒空 (fixed: the bare 生 of the 巳 day spared it); on 庚午 the 午 day generates it (stays)."""
    assert (6, "本") in facts("戒空", "986788", "巳", "己巳", question="行人", about="兄")
    assert (6, "本") not in facts("戒空", "986788", "巳", "庚午", question="行人", about="兄")
