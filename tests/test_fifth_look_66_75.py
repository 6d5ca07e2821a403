"""Chapters 66 收雇, 71 差役, 73 出纳 and 75 器用 read again after the review of their fourth reading (a
fifth look).  35.4 spares 防非 only the tomb of a void or broken ghost (「见空破而祸消，祸消而随墓何凶
也」): a real 世墓 is 35.2's 凶 in 防非 and in 防夺 alike, and 纳物, read as 防讼 (「类防讼也」), gets
35.4's 祸消 as 防讼 does.  A void of use (26.3 「此皆空而有用也」) does not break 73.2's 「父完」「财完」
nor 75.2's 「财坏」.  71.4's 「须应生世」 and 「须世克应」, once met, are undone only by what the sentence
names (「如应空破散者无助」, 「如应空官克者无门」), not by the 应's weakness in the season.  Rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, lead, verdict_rules


CHARTS = [
    # 35.4 「若避患、忧害、防非，见空破而祸消，祸消而随墓何凶也」: only a void or broken ghost's tomb is no
    # harm in 防非.  明夷 子 壬辰: the 世 is the 丑 ghost, entombed on the 辰 day, neither void nor broken
    # (fixed: 吉 by 防非.无讼 before).  大畜 子 辛未: the 世 is the 寅 ghost entombed on 未 (fixed); on 丁未
    # the 寅 is void -- 祸消, no suit (stays).
    ("收雇.防非", "787888", "子", "壬辰", {}, "凶", "随墓.世墓凶"),
    ("收雇.防非", "777887", "子", "辛未", {}, "凶", "随墓.世墓凶"),
    ("收雇.防非", "777887", "子", "丁未", {}, "吉", "防非.无讼"),
    # 35.2 「世之随鬼入墓，自占者凶，代占者忌」 is said of every question: 防夺's 「应克世而被争」 does not
    # silence it (fixed: 吉 by 防夺.不争 before); the void ghost's tomb, 「事未及身而先事忧防，则空破随墓
    # 非忌」 (35.4's commentary), leaves 「不为夺」 standing (stays).
    ("收雇.防夺", "777887", "子", "辛未", {}, "凶", "随墓.世墓凶"),
    ("收雇.防夺", "777887", "子", "丁未", {}, "吉", "防夺.不争"),
    # 73.2 「筮彼屋脱否，应实父完则脱」 with 26.3 「此皆空而有用也」: 坤 午 癸卯, the only 父 巳 void but 真旺相空
    # -- whole, and the 应 卯 on the day is 实 (fixed: 不成 「父母2爻空：不完」 before); in a 子 month the 巳
    # is a plain void (stays).
    ("出纳.彼屋", "888888", "午", "癸卯", {}, "成", "彼屋.应实物完"),
    ("出纳.彼屋", "888888", "子", "癸卯", {}, "不成", "彼屋.物坏"),
    # 75.2 「如筮舟车，喜久喜利喜安，而忌卦冲财坏也」: 大有 子 丙午, the only 财 寅 void but 半空 (相 in 子,
    # drained by the 午 day) -- no 财坏 (fixed: 凶 「妻财2爻空：无利」 before); in a 午 month the 寅 is a
    # plain void (stays).
    ("器用.杂物", "777787", "子", "丙午", {"about": "舟车"}, "吉", None),
    ("器用.杂物", "777787", "午", "丙午", {"about": "舟车"}, "凶", "舟车.财坏"),
    # 73.2 「欲纳其物而无祸者，类防讼也」: 大畜 子 丁未, the 世's 寅 ghost void in its tomb -- 祸消 as in 防讼
    # (89.3; same chart: 无讼), no quarrel (the 应 子 generates the 世) (fixed: 凶 by 纳物.随助 before); on
    # 辛未 the ghost is real, 「随墓助伤……谓有祸」 (stays).
    ("出纳.纳物", "777887", "子", "丁未", {}, "吉", "纳物.无祸"),
    ("防患.防讼", "777887", "子", "丁未", {}, "无讼", "防讼.无讼"),
    ("出纳.纳物", "777887", "子", "辛未", {}, "凶", "纳物.随助"),
    # 71.4 「若求人助役，须应生世，如应空破散者无助」: 比 未 戊辰, the 应 子 generates the 世 卯 and is whole,
    # though 死 in the 未 month (fixed: 不成 by 用神断.凶陷 before); on 戊午 the 子 is void (stays).
    ("差役.助役", "比", "未", "戊辰", {}, "成", "助役.应生世"),
    ("差役.助役", "比", "未", "戊午", {}, "不成", "助役.应病"),
    # 71.4 「若觅人卸役，须世克应，如应空官克者无门」: 夬 午 乙酉, the 世 酉 controls the 应 寅, which is weak
    # in 午 but neither void nor under a ghost's hand (fixed: 不成 by 用神断.凶陷 before); on 乙巳 the 寅 is
    # void (stays).
    ("差役.卸役", "777778", "午", "乙酉", {}, "成", "卸役.世克应"),
    ("差役.卸役", "777778", "午", "乙巳", {}, "不成", "卸役.应空"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_ghosts_tomb_is_no_harm_to_one_who_guards():
    """35.4 「若避患、忧害、防非，见空破而祸消」 and its commentary 「事未及身而先事忧防，则空破随墓非忌」: in
    防非, 防夺 and 纳物 the void 寅 ghost's tomb on 大畜 子 丁未 is 祸消 and 35.2 gives no 凶 (fixed for
    纳物: 随墓.世墓凶 stood before); the real one on 辛未 is not (stays)."""
    for question in ("收雇.防非", "收雇.防夺", "出纳.纳物"):
        assert (2, "世墓") in facts("随墓祸消", "777887", "子", "丁未", question=question)
        assert "随墓.世墓凶" not in verdict_rules(question, "777887", "子", "丁未")
        assert not facts("随墓祸消", "777887", "子", "辛未", question=question)
    # 防病 is left to 35: 「官非灾病，见空破而垂毙」, and 66.3 names its 命墓 without exception.
    assert not facts("随墓祸消", "777887", "子", "丁未", question="收雇.防病")


def test_a_void_of_use_does_not_spoil_the_thing():
    """26.3 「此皆空而有用也」: 坤 午 癸卯's 巳 父, its only 父 (真旺相空), is not spoiled (63's 真坏) and the
    父 is whole (亲真全, fixed); in a 子 month it is spoiled (stays).  坤 子 壬申's 亥 财 (真旺相空) gives no 「无利」 in 舟车, where it gave one
    beside the general 「忌神5爻旬空」 defeated by 旬空.忌空有用 (fixed; the chart is 凶 by 卦冲 either way)."""
    assert not {v for v in facts("真坏", "888888", "午", "癸卯", question="出纳.彼屋") if v[0] == 2}
    assert ("父母",) in facts("亲真全", "888888", "午", "癸卯", question="出纳.彼屋")
    assert (2, "本", "空") in facts("真坏", "888888", "子", "癸卯", question="出纳.彼屋")
    assert "舟车.财坏" not in verdict_rules("器用.杂物", "888888", "子", "壬申", about="舟车")
    assert lead("器用.杂物", "888888", "子", "壬申", about="舟车") == ("凶", {"舟车.卦冲", "用神断.凶陷"})
