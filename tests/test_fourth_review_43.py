"""Chapter 43 国朝 read again against the text on charts worked by hand (a fourth look).  The 福 is
lost (43.1 「故福爻不可失也」) when every 子孙 is spoiled by any of 空 破 散 绝 (17.2's 本有而无 counts
the break, 死绝 and the void), not the void and the break alone, and the heir with it; moving the
capital 「犹迁居也」 reads the outer trigram as 49.1 reads a new house, so its true 墓绝 and its void or
break weigh against the move (49.1 「不遇…墓绝空破」, 18.2 「迁不利外」 「外卦空破，岂宜新宅」); the
temple's 六坏 is the commentary's 「故不可破散」, not the void; and a temple with no ghost that counts
has no spirit to house (「鬼为太灵」, 32.4 「祷祀而神不降」).  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 43.1 「故福爻不可失也」: 泰's only 子孙, the 酉 on line 6, is 绝 on the 寅 day in a 午 month -- the 福
    # is lost, and the great image decides before the 君象 (国占大象; fixed: 安 by 岁君.君象静旺
    # before); in an 丑 month the month generates it, 31.5 「绝而未绝」, and it is 福临 (stays).
    ("国朝", "777888", "午", "丙寅", {"year": "甲辰"}, "危", "国朝.福坏"),
    ("国朝", "777888", "丑", "丙寅", {"year": "甲辰"}, "安", "国朝.福临"),
    # 43.6 「如问迁都，犹迁居也」 with 49.4 「外卦病伤，如反伏吟、卦墓绝也」 and 18.2 「迁不利外也」:
    # 恒之升, the outer 震 into 坤 (木 墓 未, 绝 申), a true 墓绝 in a 辰 month (fixed: 宜 by 迁都.外旺
    # before); in an 丑 month the 丑 clashes the tomb, a false 墓绝, and the 震 胎 stands (stays).
    ("国朝.迁都", "877988", "辰", "丙寅", {}, "不宜", "迁都.外墓绝"),
    ("国朝.迁都", "877988", "丑", "丙寅", {}, "宜", "迁都.外旺"),
    # 18.2 「外卦空破，岂宜新宅」 (49.1 「墓绝空破」): 姤's outer 乾 胎 in a 申 month but void (戌亥) on
    # 甲子 -- 19.5 clears the void of a trigram 旺 or 相 only (fixed: 宜 by 迁都.外旺 before); on 甲戌
    # it is not void (stays).
    ("国朝.迁都", "877777", "申", "甲子", {}, "不宜", "迁都.外空破"),
    ("国朝.迁都", "877777", "申", "甲戌", {}, "宜", "迁都.外旺"),
    # 43.6 「六爻太庙所属，故不可破散」: 否's sixth line 戌 is void on 丙寅, neither broken nor scattered
    # (fixed: 不宜 by 庙忌.六坏 (空) before); in a 辰 month it is broken (stays).
    ("国朝.建庙", "888777", "午", "丙寅", {}, "宜", "建庙.宜"),
    ("国朝.建庙", "888777", "辰", "丙子", {}, "不宜", "建庙.忌"),
    # 「鬼为太灵，故不可鬼动、鬼空、鬼散」, 32.4 「祷祀而神不降」: 旅 has no 官鬼 on its lines, the 亥
    # hidden under line 3 (not the 世, not moving) and void -- no ghost (fixed: 宜 before); 益's 酉
    # hidden under its 世 and not void on 丙寅 counts as one (32.2 「无犹不无」; stays).
    ("国朝.建庙", "887787", "午", "丙寅", {}, "不宜", "建庙.忌"),
    ("国朝.建庙", "788877", "午", "丙寅", {}, "宜", "建庙.宜"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_heir_is_lost_with_every_son_spoiled():
    """43.7 「立储喜子孙跨于日月」 with 43.1's lost 福: 泰's lone 子孙 绝 on 丙寅 in a 午 month is 立储.子坏
    (fixed: the 绝 was not read); 离's 丑 子孙 is void on 丙辰 but its 未 is whole (亲全), so the heir is
    not lost (stays)."""
    assert "立储.子坏" in verdict_rules("国朝.立储", "777888", "午", "丙寅")
    assert ("子孙",) in facts("亲全", "787787", "午", "丙辰", question="国朝.立储")
    assert "立储.子坏" not in verdict_rules("国朝.立储", "787787", "午", "丙辰")


def test_the_temple_taboos_named():
    """43.6: 否's void sixth line is no 六坏 (fixed), its broken one is (stays); 旅 is 鬼疾 by 无鬼 (fixed)."""
    assert not {f for f in facts("庙忌", "888777", "午", "丙寅", question="国朝.建庙") if f[0] == "六坏"}
    assert ("六坏", "破") in facts("庙忌", "888777", "辰", "丙子", question="国朝.建庙")
    assert ("鬼疾", "无鬼") in facts("庙忌", "887787", "午", "丙寅", question="国朝.建庙")
    assert not facts("庙忌", "788877", "午", "丙寅", question="国朝.建庙")
