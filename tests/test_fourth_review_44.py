"""Chapter 44 征伐 read again (a fourth look): the enemy's ghost is a ghost off the 世 (44.1 「世为我，
应为敌，喜世强而制应」), so a 世 that is itself the 官鬼 lends its season to our side, not to 44.2's
「旺相强梁」 or 44.11's 「恐其害成」; 44.11's 长生 and 胎养 are feared of a ghost that is there, not of a
void one (36.1 「然官鬼遇空破者弗能伤」), as 得时 and 44.2's 强梁 already were; a spoiled 应 that
controls the 世 neither encroaches (防守) nor hastens the enemy (敌来) (44.10 「贼首空而敌人逃」); and
41.3's war 卦验 (「出师征伐，遇明夷有覆军之败」) speaks for the army's fate, not for a spy, an offer, the
provisions or an ally's help.  44.2's 「世生应者我怯，应生世者彼让」 keeps its rank (82.1 「应生世而人伏，
世生应而己降，比和两释，出师一理」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 44.1 「世为我，应为敌，喜世强而制应」 with 44.2 「鬼为彼贼，旺相强梁」: 蛊's 世 is the 酉 官鬼, on the 酉
    # month -- our 世 in season, 全吉, not the enemy's 强梁 (fixed: 负 by 征伐.鬼旺 and 鬼得时势 before);
    # 升's 酉 ghosts lie off the 世 (lines 3 and 6) and are the enemy's strength (stays).
    ("征伐", "877887", "酉", "癸亥", {}, "胜", "用神断.全吉"),
    ("征伐", "877888", "酉", "甲子", {}, "负", "征伐.鬼旺"),
    # 44.11 「不可遇长生，恐其难灭」 with 36.1 「然官鬼遇空破者弗能伤」: 兑's 巳 ghost, 休 in the 辰 month,
    # is void on 壬寅 -- no 「鬼遇长生」 (fixed: 负 by 征伐.鬼势 before); on 戊寅 it is there, at its 长生
    # (stays).  随's 酉 ghost, void and 囚 on 辛巳: 「休囚披靡」, no longer 「难灭」 at once (fixed).
    ("征伐", "778778", "辰", "壬寅", {}, "胜", "用神断.有玷"),
    ("征伐", "778778", "辰", "戊寅", {}, "负", "征伐.鬼势"),
    ("征伐", "788778", "午", "辛巳", {}, "胜", "征伐.鬼衰"),
    # 44.10 「筮敌来期，应克应动则速」 and 「贼首空而敌人逃」: 明夷's 卯 应, void on 甲辰, controls the 丑 世 to
    # no effect -- 迟 (fixed: 速 by 敌来.应克世 before); on 丙寅 the 应 is whole and hastens (stays).
    ("征伐.敌来", "787888", "子", "甲辰", {}, "迟", "敌来.迟"),
    ("征伐.敌来", "787888", "子", "丙寅", {}, "速", "敌来.应克世"),
    # 44.5 「应克世为蚕食也」 with 44.2 「若应坏，虽克世动官鬼，亦夺旗而返」: 大壮's 子 应, void and 绝 on 丁巳,
    # does not nibble at the 午 世 (fixed: 危 by 防守.蚕食 before); on 甲子 it does (stays).
    ("征伐.防守", "777788", "卯", "丁巳", {}, "安", "防守.无虞"),
    ("征伐.防守", "777788", "卯", "甲子", {}, "危", "防守.蚕食"),
    # 41.3 「出师征伐，遇明夷有覆军之败……若此者，不复论子官也」: the army's defeat is no answer to whether
    # provisions are taken -- 明夷's 亥 财 帝旺 on 庚午 (fixed: 不得 by 卦验断.专忌 before); the battle on the
    # same chart is still lost to the 卦验 (stays).
    ("征伐.因粮", "787888", "子", "庚午", {}, "得", "因粮.财旺"),
    ("征伐.攻守", "787888", "子", "庚午", {}, "负", "卦验断.专忌"),
    # 44.2 「世生应者我怯」, read with 82.1 「应生世而人伏，世生应而己降，比和两释，出师一理」: 涣's 世 generates
    # the 应 -- we give in, above the moving 子孙 (「兵占先观世应」; kept, as before).
    ("征伐", "878677", "午", "丙寅", {}, "负", "征伐.世生应"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_enemys_ghost_is_off_the_world():
    """44.1 「世为我」, 44.2 「鬼为彼贼」: 蛊's only 官鬼 is its 世 -- no enemy ghost, and a 世 out of season
    is not the enemy 「休囚披靡」 (fixed: 征伐.鬼衰 on 午 before); 升's two ghosts are the enemy's (stays)."""
    assert facts("敌鬼", "877887", "酉", "癸亥", question="征伐") == set()
    assert facts("敌鬼", "877888", "酉", "甲子", question="征伐") == {(3,), (6,)}
    assert "征伐.鬼衰" not in verdict_rules("征伐", "877887", "午", "癸亥")
    assert "征伐.鬼衰" in verdict_rules("征伐", "877888", "午", "甲子")


def test_a_void_ghost_is_neither_reborn_nor_rising():
    """44.11 「不可遇长生，恐其难灭，不可临胎养，恐其方兴」 with 36.1: 乾's 午 ghost, void on 庚寅, gives no
    「鬼遇长生」 (fixed); 兑's 巳 ghost on 戊寅 does (stays)."""
    assert ("鬼遇长生",) not in facts("鬼势凶", "777777", "辰", "庚寅", question="征伐")
    assert ("鬼遇长生",) in facts("鬼势凶", "778778", "辰", "戊寅", question="征伐")


def test_the_war_omen_speaks_for_the_army_only():
    """41.3 「出师征伐，遇明夷有覆军之败」: 明夷 answers the battle, the camp and the besieged army, not an
    ally's help, an offer of surrender or a spy (fixed: 卦验断.专忌 ruled on them before)."""
    for sub in ("求援", "问降", "用间"):
        assert "卦验断.专忌" not in verdict_rules(f"征伐.{sub}", "787888", "子", "丙寅"), sub
    for sub in ("攻守", "立营", "被困"):
        assert "卦验断.专忌" in verdict_rules(f"征伐.{sub}", "787888", "子", "丙寅"), sub
    assert "卦验断.专忌" in verdict_rules("征伐", "787888", "子", "丙寅")
