"""Chapter 42 and the question chapters after the third review of the method chapters: what the
reviews of 12, 13, 16, 19 and 21 found that lives in 42, 43, 44 and 47 -- the 世's and 应's advance and
retreat are the ones that hold (16's 化进 / 化退); a hidden 用神 that does not come out is of no use
however strong (12.6 「此四伏不能出也」), and one that controls its broken flying line comes out (12.5
「伏克飞爻，不拘飞破死墓」); 13.7's outer 反吟 is the army's gain; 21.3's year in 国朝 stands where
43.1 puts the 福 and the 鬼; 47's 宫旺相 reads 19's season on a bare month.  Rows marked "fixed"
failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

import yimao
from handcharts import assert_lead, answers, verdict_rules


CHARTS = [
    # 12.6 「此四伏不能出也」, 12.8 「用既出矣，则所应灾祥悔吝与飞神类焉」: 睽's 财 子 hidden under the static
    # 未 that controls it (飞克伏, 灭), on neither day nor month, stays in -- its grade 相 achieves
    # nothing (fixed: 得 全吉 before).  革's 财 午 under the static 亥 likewise (fixed).  困之兑's 巳 官
    # under the 世 comes out (飞生伏), and its 长生 on the 寅 day stands (stays).
    ("失物", "778787", "酉", "丙寅", {}, "不得", "用神断.伏无功"),
    ("修道.募缘", "革", "寅", "辛酉", {}, "不得", "用神断.伏无功"),
    ("功名.升信", "困之兑", "子", "戊寅", {}, "升", "日主.生重吉"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _facts(predicate, **chart):
    return {f.values for f in yimao.judge(**chart).chart.result.facts(predicate)}


def test_the_hidden_line_that_controls_its_broken_flying_line_comes_out():
    """42.9 「伏克飞者出」, 12.5 「伏克飞爻，不拘飞破死墓」: 鼎's 父 hidden under the 丑 broken in the 未
    month controls it, so the break does not make it useless (fixed); under a broken flying line it
    does not control, it is 「虽生旺而无功」 (stays)."""
    assert not _facts("伏无功", question="疾病", about="父", lines="877787", month="未", day="庚午")
    assert (2, "飞神破散") in _facts("伏无功", question="疾病", about="父", lines="777778", month="辰", day="壬申")


def test_the_shi_retreats_only_where_the_retreat_holds():
    """8.14 「化退神，厚而反薄」 read by 42's 世应忌 through 16's 化退: 乾之夬's 世 未 on the 丙戌 day is
    不退 (16.3 「戌乃日辰……虽化未空，亦不退也」), no 世应忌 退 (fixed); on 丙子 it retreats (stays)."""
    assert (6, "退") not in _facts("世应忌", question="求财", hexagram="乾之夬", month="寅", day="丙戌")
    assert (6, "退") in _facts("世应忌", question="求财", hexagram="乾之夬", month="寅", day="丙子")


def _rulings(question, lines, month, day, **options):
    row = answers(question, lines, month, day, **options)[0]
    return {r["rule"] for key in ("decided_by", "supported_by") for r in row[key]}


def test_the_outer_fanyin_is_the_armys_gain():
    """13.7 「出师征伐，内忌而外喜也」: a true outer 反吟 is a ruling for 胜 in 征伐 (fixed: none
    before), beside 44.2's 世 and 应 (先观世应 sets them over it)."""
    assert "征伐.外反吟" in _rulings("征伐", "697696", "巳", "壬寅")
    assert "征伐.外反吟" not in _rulings("征伐", "697777", "巳", "壬寅")  # the outer trigram at rest


def test_the_palace_in_season_on_a_bare_month():
    """47's 「宫旺相而产豪富」 with 19.1 「以月令言」: 坎's palace in a bare 子 month is 旺 or 相 in
    either half of it, so 产豪富 (fixed: it waited for the solar term)."""
    assert ("产豪富", "宫旺相") in _facts("身命家象", question="身命", lines="878878", month="子", day="丙寅")


def test_the_earth_line_at_its_linguan_on_the_day_is_not_dead():
    """31.3 「临官帝旺，用神乃昌」 with 23.3 「日主则专务长生沐浴之法」: 震's earth 财 controlled by the 卯
    month on an 乙亥 day is at its 临官 there -- the day's help, so not 死气 「而无明暗之生」 (fixed);
    on an 乙酉 day, which drains it, it is 死气 (stays)."""
    assert not {v for v in _facts("用神法", question="求财", lines="788788", month="卯", day="乙亥") if v[2] == "死气"}
    assert (3, "本", "死气") in _facts("用神法", question="求财", lines="788788", month="卯", day="乙酉")


def test_the_wealth_changing_into_its_extinction_is_not_generated():
    """67.9 「利厚者财化生」 read through 11's 变生, which 31.2 limits at the change: 解之豫's earth 财 辰
    changes into 巳, its 绝 -- 「土遇巳而不生」, no 财.化生 at all (fixed: it ruled 「利厚」 before);
    小畜之乾's 财 未 changing into 午 is generated and profits (stays)."""
    assert "财.化生" not in verdict_rules("求财", "898788", "卯", "癸酉")
    assert "财.化生" in verdict_rules("求财", "777677", "卯", "癸酉")


def test_the_rescued_extinction_and_the_matter_days_hold():
    """31.5 「或日月变爻内有一生之，则死而未死，绝而未绝也」 reaches 23's 日重绝: 震's earth 财, 绝 on the 乙巳
    day and born in the 申 month, gets no 日主.绝重凶 (fixed: it decided 不得 before); in a 卯 month
    nothing rescues it and the ruling stands (stays).  23.2 「若得事他日，即以他日为主」 takes the cast
    day's 帝旺 as it takes its 长生: 坎's 午 财 帝旺 on 丙午, the matter on 壬子 (fixed), the matter
    on the cast day itself (stays)."""
    assert "日主.绝重凶" not in verdict_rules("求财", "788788", "申", "乙巳")
    assert "日主.绝重凶" in verdict_rules("求财", "788788", "卯", "乙巳")
    row = answers("求财", "坎", "亥", "丙午", matter_day="壬子")[0]
    assert "长生.正旺吉" not in {r["rule"] for r in row["decided_by"]}
    row = answers("求财", "坎", "亥", "丙午")[0]
    assert "长生.正旺吉" in {r["rule"] for r in row["decided_by"]}
