"""Chapter 18 墓绝 read against the text on charts worked by hand (a third review): a void or broken
trigram is unfavourable to the state and the army (18.2 「空谓之多虚，破谓之少气，国事出师，皆非宜也」);
weighed beside the 用神 and the question's own signs (「墓绝之外，空破当参」「空破稍轻于墓绝」);
a break of the tomb or the extinction is filled by the day on it, which makes the 墓绝 true (18.1's
commentary 「如墓绝遇空破非真，日月填实则真」, 25.3 「唯值日则能实其破」); and a trigram's branch the month
stands on is not void (26.2 「月建值空，谓建空，犹不空」).  Rows marked "fixed" failed before; "stays"
kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


CHARTS = [
    # 18.2 「空谓之多虚，破谓之少气，国事出师，皆非宜也」 with 「墓绝之外，空破当参」 「空破稍轻于墓绝」: the
    # void or broken trigram is weighed beside the 用神 and the question's own signs, not above them
    # (test_a_void_or_broken_trigram_is_weighed_for_the_state_and_the_army below).  泰's inner 乾, void
    # in the 甲子 decade, does not undo 43.1's 「爻象合和而宗社久」 nor the 世's 帝旺 (stays); 咸's 艮,
    # void on 寅 in the 甲辰 decade, does not undo 44.2's 「应生世者彼让」 (44.1 「专以世应为凭」; stays).
    ("国朝", "777888", "子", "甲子", {}, "安", "国朝.合和"),
    ("征伐", "咸", "酉", "甲辰", {}, "胜", "征伐.应生世"),
    # 18.1 「如墓绝遇空破非真，日月填实则真」 with 25.3 「唯值日则能实其破」: 离之乾 (火 墓戌 绝亥 on 乾);
    # the 巳 month breaks 亥, the 亥 day fills it -- a true 墓绝, and the 中女's illness is 不治 (56.2;
    # fixed: 愈 before).  The 辰 month clashes the tomb 戌, the 戌 day fills it: true too (fixed).  On
    # 丙子 (neither filled) the break stands, the 墓绝 is false and 愈 stays; on 甲戌 the day fills
    # the tomb but not the broken 亥 (「唯值日则能实其破」: only the day on it) and 愈 stays.
    ("疾病", "离之乾", "巳", "乙亥", {"about": "中女"}, "不愈", "疾病.不治"),
    ("疾病", "离之乾", "辰", "甲戌", {"about": "中女"}, "不愈", "疾病.不治"),
    ("疾病", "离之乾", "巳", "丙子", {"about": "中女"}, "愈", None),
    ("疾病", "离之乾", "巳", "甲戌", {"about": "中女"}, "愈", None),
    # 26.2 「月建值空，谓建空，犹不空」: 困's inner 坎 stands on 子, void in the 甲寅 decade but the 子
    # month's own -- not void, so not 18.2's 「内卦空破，不利旧居」 (fixed: 凶 卜居.卦病 before); in a 寅
    # month the void stands (stays).
    ("卜居.旧居", "878778", "子", "甲寅", {}, "吉", None),
    ("卜居.旧居", "878778", "寅", "甲寅", {}, "凶", "卜居.卦病"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _role(rule, question, cast, month, day):
    """Where a rule's ruling stands in the answer on the asked question's axis."""
    import yimao
    rows = yimao.judge(question=question, lines=cast, month=month, day=day).to_dict()["answers"]
    row = next(a for a in rows if not a["axis"].startswith("by "))
    return next((k for k in ("decided_by", "supported_by", "overruled")
                 if any(r["rule"] == rule for r in row[k])), None)


def test_a_void_or_broken_trigram_is_weighed_for_the_state_and_the_army():
    """18.2 「国事出师，皆非宜也」: a void or broken trigram is a 凶 ruling for 国朝 and 征伐 (fixed: no rule
    read 卦空破忌 before) -- supporting 危 where 无妄's outer 乾 is void (丙寅: 戌亥), 负 where 大畜's
    outer 艮 is void on 寅 (戊申) and broken on 丑 (未 month), 不久 for the sub-question 享国 where 损's
    outer 艮 is broken (未 month); overruled on 泰 by the 世's 帝旺 (23.3's 生绝独重).  On 甲辰 泰 is
    not void: no such ruling (stays)."""
    assert _role("墓绝.空破国事出师", "国朝", "788777", "子", "丙寅") == "supported_by"
    assert _role("墓绝.空破国事出师", "征伐", "777887", "未", "戊申") == "supported_by"
    assert _role("墓绝.空破国事出师", "国朝", "777888", "子", "甲子") == "overruled"
    assert _role("墓绝.空破国事出师子问", "国朝.享国", "778887", "未", "庚寅") == "supported_by"
    assert _role("墓绝.空破国事出师", "国朝", "777888", "子", "甲辰") is None


def test_a_break_filled_by_the_day():
    """18.1 「日月填实则真」, 25.3 「唯值日则能实其破」: 离之乾's extinction 亥, broken by the 巳 month, is
    filled by the 亥 day: no 绝破, a true 墓绝 (fixed); the tomb 戌 clashed by the 辰 month and filled
    by the 戌 day likewise (fixed).  With the 子 day the break stands (stays)."""
    assert not {v for v in facts("卦墓绝伪", "离之乾", "巳", "乙亥") if v[1] == "绝破"}
    assert ("内",) in facts("卦墓绝真", "离之乾", "巳", "乙亥")
    assert ("内",) in facts("卦墓绝真", "离之乾", "辰", "甲戌")
    assert ("内", "绝破") in facts("卦墓绝伪", "离之乾", "巳", "丙子")
    assert ("内",) not in facts("卦墓绝真", "离之乾", "巳", "丙子")
    # a clash by the day is not a break: the tomb it opens is not filled by the month (27.2
    # 「辰戌丑未为墓冲，不论旺相休囚，静遇为暗动」) -- 戌 month, 庚辰 day
    assert ("内", "墓冲") in facts("卦墓绝伪", "离之乾", "戌", "庚辰")


def test_a_branch_on_the_month_is_not_void():
    """26.2 建空: 困's inner 坎 (子) in a 子 month of the 甲寅 decade is not void (fixed), in a 寅 month it
    is (stays); 离's 午, void in the 甲申 decade, the same in a 午 month (fixed) and an 辰 month (stays)."""
    assert not {v for v in facts("卦空破", "878778", "子", "甲寅") if v[:2] == ("内", "空")}
    assert ("内", "空", "子") in facts("卦空破", "878778", "寅", "甲寅")
    assert ("内", "空", "午") not in facts("卦空破", "787888", "午", "甲申")
    assert ("内", "空", "午") in facts("卦空破", "787888", "辰", "甲申")
