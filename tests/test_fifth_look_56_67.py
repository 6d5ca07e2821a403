"""Chapters 56 疾病 and 67 求财, a fifth look at the fourth review's changes: a 仇神 or 忌神 on the day
or the month is not held down by another mover (23.2 「日主所临……如金如刚，孰之能伤」, 22.2 「伤而不
伤」), so it still makes 56.8's 两病; with 忌 and 仇 moving the hidden 用神's own day is the day it is
struck (56.14, 56.15 「及亥日出现，则受伤矣」) and no 刻期 of recovery; 「忌神仇神皆动……出而受仇忌之伤」
asks a 忌 and a 仇 that can strike (27.1 「夫散，犹空也」, 25.2 「为我忌而弗伤」); and 67.7's 「惟青龙
可以凶而吉也」 lifts its own ghost's danger, not a 白虎 ghost's beside it.  Rows marked "fixed" failed
before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, judged, verdict_rules


CHARTS = [
    # 56.8 「元神动矣，仇神摇焉，谓之两病也」 with 23.2 「日主所临……孰之能伤」 (「忌神仇神发动，皆不为害」):
    # 同人之鼎 for a wife, the 申 财 and the 丑 元神 moving, the 卯 仇神 moving on the 卯 month and the
    # 乙卯 day -- the moving 申 does not check it (fixed: 愈 before); on the day alone (子 month, 乙卯:
    # fixed) and, by 22.2 「伤而不伤」, on the month alone (卯 month, 庚辰: fixed).
    ("疾病", "967797", "卯", "乙卯", {"about": "妻"}, "不愈", "疾病.用死"),
    ("疾病", "967797", "子", "乙卯", {"about": "妻"}, "不愈", "疾病.用死"),
    ("疾病", "967797", "卯", "庚辰", {"about": "妻"}, "不愈", "疾病.用死"),
    # 11.5 「中有制伏而克不相继者」: in a 子 month on 庚辰 the 卯 stands on neither, the moving 申 checks it,
    # and no second illness comes (stays).
    ("疾病", "967797", "子", "庚辰", {"about": "妻"}, "愈", "疾病.用生"),
    # 67.7 「加……白虎为灾疾之危，惟青龙可以凶而吉也」: 否之涣 on a risky venture, the 巳 ghost with 白虎 and
    # the 午 ghost with 青龙 both moving -- the 青龙 lifts its own line only, and the tiger on the road
    # decides (fixed: 吉 before, the 青龙 defeated both); 否之观 with the 青龙 ghost alone (stays).
    ("求财.行险", "868977", "卯", "己卯", {}, "凶", "行险.鬼动"),
    ("求财.行险", "888977", "卯", "己卯", {}, "吉", "行险.青龙"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_rival_on_the_day_or_month_is_not_checked():
    """23.2 「如金如刚，孰之能伤」 and 22.2 「伤而不伤」 against 11.5's 制伏: the 卯 仇神 checked by the moving
    申 is held down only where it stands on neither the day nor the month (fixed: held down on 乙卯
    before; stays on 子 月 庚辰)."""
    assert facts("仇忌受制", "967797", "卯", "乙卯", about="妻") == set()
    assert ("两病",) in facts("病势", "967797", "卯", "乙卯", about="妻")
    assert (1,) in facts("仇忌受制", "967797", "子", "庚辰", about="妻")
    assert ("两病",) not in facts("病势", "967797", "子", "庚辰", about="妻")


def test_the_hidden_use_gods_own_day_times_no_recovery_when_both_enemies_move():
    """56.14 「遇用神值日月之时，出而受仇忌之伤」, 56.15 「及亥日出现，则受伤矣」 (42.20's own 「后用值填实，反
    宜慎之」): 小过之大壮 in a 申 month on 戊午, the hidden 亥 子孙 with the 辰 忌神 and the 午 仇神 moving --
    42.20's 值日 (the 亥 day) is no 刻期 of its recovery and does not lead the 应期 (fixed: 亥日 led
    before); 小过 with nothing moving keeps it (stays)."""
    assert not any(f[2] == "值日" for f in facts("刻期", "小过之大壮", "申", "戊午", about="子"))
    row = answers("疾病", "小过之大壮", "申", "戊午", about="子")[0]
    assert row["answer"] == "愈" and row["timing"]["primary"]["when"] != "亥日"
    assert "过亥日" in {t["when"] for t in row["timing"]["alternatives"]}
    assert (5, "伏", "值日", "亥", "日") in facts("刻期", "小过", "申", "戊午", about="子")
    assert answers("疾病", "小过", "申", "戊午", about="子")[0]["timing"]["primary"]["when"] == "亥日"


def test_a_scattered_enemy_strikes_no_one_when_the_use_god_comes_out():
    """56.14 「忌神仇神皆动……出而受仇忌之伤」 with 27.1 「夫散，犹空也，则全无矣」: 小过之大壮 in a 申 month on
    甲子, the 午 仇神 scattered by the day -- the hidden 亥 rises on its own day (安日.用现, fixed:
    安日.用现过 before); in a 巳 month on 甲戌 the 辰 忌神 is scattered and the 亥's day is no day of
    danger (危时.用现, fixed); on 戊戌 the void 辰 is filled, not scattered, and it is (stays: EX115's
    reading, 「及癸亥日而亡」)."""
    rules = verdict_rules("疾病", "小过之大壮", "申", "甲子", about="子")
    assert "安日.用现" in rules and "安日.用现过" not in rules
    assert "危时.用现" not in verdict_rules("疾病", "小过之大壮", "巳", "甲戌", about="子")
    assert "危时.用现" in verdict_rules("疾病", "小过之大壮", "巳", "戊戌", about="子")


def test_the_green_dragon_lifts_its_own_ghost_only():
    """67.7 「惟青龙可以凶而吉也」: on 否之涣 (戌 month, 己巳) the 白虎 ghost on line 2 keeps its danger and
    only the 青龙 ghost on line 4 is defeated (fixed: both defeated before)."""
    ghosts = {v["subject"].get("位"): v["defeated_by"] for v in judged("求财.行险", "868977", "戌", "己巳").to_dict()["verdicts"]
              if v["rule"] == "行险.鬼动"}
    assert ghosts == {2: None, 4: "行险.青龙"}
