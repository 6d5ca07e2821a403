"""Chapter 63 功名 read again, paragraphs 63.1-63.14 (a fourth look): the day is weighed by its twelve
stages (23.3 「日主则专务长生沐浴之法……金遇巳而生者十之九」, 31.3 「临官帝旺，用神乃昌」), so a line at its
长生 临官 帝旺 on the day is not 「飞而无助」 nor 「休囚之官」; 「今值月建，后逢月破不坏」 speaks of the
文 the examination month breaks, not of a 官 it breaks (63.2); 「父不陷」 and 「文不宜陷」 read the 文 that
is kept, the whole one of two (30.1 「舍其有伤，取其无伤」); asked when promotion comes, 「值月为法」
leads and 「三月之淹」 is a delay beside it (63.14).  Rows marked "fixed" failed before; "stays" kept
their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, verdict_rules


CHARTS = [
    # 63.1 「飞而无助，虚抱经纶」 with 23.3 / 31.3: 观之益's 未 父 on the first line, 死 in the 卯 month but
    # 帝旺 on the 壬子 day -- held up by the day (fixed: 不成 by 功名.文凶 before); on 癸酉 (沐浴, drained)
    # nothing holds it up (stays).
    ("功名", "688877", "卯", "壬子", {}, "成", "长生.正旺吉"),
    ("功名", "688877", "卯", "癸酉", {}, "不成", "功名.文凶"),
    # 63.13 「得休囚之官，则未转也」 beside 63.10 「长生官而知宦境之远达」: the 申 官 休 in a 子 month but born
    # on the 乙巳 day (fixed: 不升 by 升迁.休囚之官 before); on 乙卯 the day does not hold it up (stays).
    ("功名.升信", "877877", "子", "乙巳", {"about": "友"}, "升", "仕途.长生"),
    ("功名.升信", "877877", "子", "乙卯", {"about": "友"}, "不升", "升迁.休囚之官"),
    # 63.1 「象得而失者违其令也。唯文书临建临破，不同此例」, 63.2 「今值月建，后逢月破不坏」: 坤 in a 巳 month,
    # the 巳 文 on the month; an 酉 examination month breaks the 卯 官, not the 文 (fixed: 成 by
    # 功名.临建不坏 before); a 亥 examination month breaks the 文 on the month now -- not spoiled (stays).
    ("功名", "888888", "巳", "戊辰", {"matter_month": "酉"}, "不成", "功名.违其令"),
    ("功名", "888888", "巳", "戊辰", {"matter_month": "亥"}, "成", "功名.临建不坏"),
    # 63.8 「世不空而父不陷，便利虎闺」 with 30.1 「舍其有伤，取其无伤」: 乾 in a 巳 month on 丙申, the 辰 父
    # void, the 戌 父 whole (fixed: 不成 by 武试.父陷 before); 坎 on 甲戌, its only 父 (申) void (stays).
    ("功名.武试", "777777", "巳", "丙申", {}, "成", "武试.官强"),
    ("功名.武试", "878878", "子", "甲戌", {}, "不成", "武试.父陷"),
    # 63.7 「专以官鬼旺相为要」, 「文不宜陷」: the same two charts in the palace examination (fixed: 不成 by
    # 廷试.文陷 before; stays).
    ("功名.廷试", "777777", "巳", "丙申", {}, "成", "廷试.官旺"),
    ("功名.廷试", "878878", "子", "甲戌", {}, "不成", "廷试.文陷"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_day_holds_up_a_line_at_its_birth_or_its_peak():
    """23.3 「金遇巳而生者十之九」, 31.3 「临官帝旺，用神乃昌」: 坎's 申 父 born on 乙巳 is held up by the
    day (fixed: 「文书4爻飞而无助」 before); earth is 帝旺 on a 子 day (遁); on 乙卯 the 申 is not held
    up (stays)."""
    assert (4, "本") in facts("日阶助", "878878", "子", "乙巳", question="功名")
    assert "功名.文凶" not in verdict_rules("功名", "878878", "子", "乙巳")
    assert (1, "本") in facts("日阶助", "遁", "子", "壬子", question="功名")
    assert (4, "本") not in facts("日阶助", "878878", "子", "乙卯", question="功名")


def test_the_month_of_the_official_comes_first():
    """63.14 「其升何时，值月为法」, 「而不若值月为最」: 坤 in a 子 month on 庚午, the 卯 官 旺相 in a 六冲 --
    the 卯 month leads and 63.12's 「三月之淹」 follows (fixed: 三月 first before); the 卯 month stays
    among the answers."""
    row = next(a for a in answers("功名.升时", "888888", "子", "庚午") if not a["axis"].startswith("by "))
    assert row["timing"]["primary"]["when"] == "卯月"
    assert "三月" in {t["when"] for t in row["timing"]["alternatives"]}
