"""Chapter 62 馆席 read again (a fourth look): 何时 dates the getting of the post by the day that mends
the 世 even where the 世 is void or fallen (「实世生世合世，则其期也」); the rival of 攘馆 takes the post
only by controlling the 世 (「克世而为其所夺也」, 63.6 「应不克世，无相夺也」), his grade is not the
asker's; 「财空」 is no 财 whole (30.1 「舍其有伤，取其无伤」), for 卜徒 and for the four lines of a
yamen or rich-house post; 62.7's 「忌彼空冲」 is the four set against one another (相冲), not the day's
clash, and 「喜其生合」 is their combining with the 世 as well as generating it; once a pupil of the
three teachings has given his gift (--about 徒) the 应 no longer tells what he is.  Rows marked "fixed"
failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, verdict_rules


CHARTS = [
    # 62.1 「问得馆何时，实世生世合世，则其期也」: 豫's 未 世 void on 丙戌 (and controlled by the 卯 month,
    # 凶陷) is dated by its filling, not denied (fixed: 不成 by 用神断.凶陷 before); 履之师's 世 on 辛丑
    # in a 巳 month keeps its date (stays).
    ("馆席.何时", "888788", "卯", "丙戌", {}, "成", "何时.实世"),
    ("馆席.何时", "履之师", "巳", "辛丑", {}, "成", "何时.实世"),
    # 62.5 「筮攘馆……克世而为其所夺也」 (63.6 「应不克世，无相夺也」): 乾's 辰 应 (the rival) 死气 in the 卯
    # month but not controlling the 戌 世 takes nothing (fixed: 凶 by 用神断.凶陷 before); 蒙's 应 that
    # controls the 世 still takes it (stays).
    ("馆席.攘馆", "777777", "卯", "乙卯", {}, "吉", "攘馆.不夺"),
    ("馆席.攘馆", "蒙", "午", "辛卯", {}, "凶", "攘馆.克世"),
    # 62.6 「财空而无礼币」 with 30.1 「舍其有伤，取其无伤」: 豫's 戌 财 void on 丙寅 beside the whole 未 财
    # of the 世 (fixed: 凶 by 卜徒.财空 before); in a 丑 month the 未 is broken too, no 财 is whole (stays).
    ("馆席.卜徒", "888788", "午", "丙寅", {}, "吉", "日主.生重吉"),
    ("馆席.卜徒", "888788", "丑", "丙寅", {}, "凶", "卜徒.财空"),
    # 62.6 「然执贽之后，有子孙应象之分」: asked of a pupil of the three teachings once received (--about 徒)
    # the 子孙 tells what he is, not 蒙's 应 that controls the 世 (fixed: 凶 by 卜徒.应克世 before);
    # asked before the gift (no --about) the 应 does (stays).
    ("馆席.卜徒", "蒙", "午", "辛卯", {"about": "徒"}, "吉", "用神断.有玷"),
    ("馆席.卜徒", "蒙", "午", "辛卯", {}, "凶", "卜徒.应克世"),
    # 62.7 「财官世应，喜其生合，忌彼空冲」: of 豫's two 财 the void 戌 is set aside for the whole 未, and
    # the 应 午 generates and combines the 世 未 (fixed: 凶 by 衙富.空 and the day's clash on the 申 官
    # before); on 丙子 the 申 官, the only one, is void (stays).
    ("馆席.幕馆", "888788", "午", "丙寅", {}, "吉", "衙富.生合"),
    ("馆席.幕馆", "888788", "午", "丙子", {}, "凶", "衙富.空"),
    # 「忌彼空冲」 is the four clashing one another (「忌它们落空相冲」): the 辰 day's clash on 豫's 戌 财 is
    # 27's 暗动, no hurt (fixed: 凶 by 衙富.日冲 before); 乾 (六冲) sets the 辰 应 against the 戌 世 (fixed:
    # 吉 by 日主.生重吉 before); on 戊辰 乾 stays 凶, now by the clash of 世 and 应 (stays).
    ("馆席.幕馆", "888788", "戌", "丙辰", {}, "吉", "衙富.合"),
    ("馆席.幕馆", "777777", "巳", "乙亥", {}, "凶", "衙富.冲"),
    ("馆席.幕馆", "777777", "戌", "戊辰", {}, "凶", "衙富.冲"),
    # 「喜其生合」 is combining as well as generating: 否's 戌 应 combines the 卯 世 (fixed: no 衙富 ruling
    # before); in a 申 month the 卯 财 is 死气 and 42's grade stands over it (stays, 先索不善).
    ("馆席.幕馆", "888777", "戌", "丙寅", {}, "吉", "衙富.合"),
    ("馆席.幕馆", "888777", "申", "戊午", {}, "凶", "用神断.凶陷"),
    ("馆席.商馆", "888777", "戌", "丙寅", {}, "吉", "衙富.合"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_void_seat_is_dated_by_its_filling():
    """62.1 「实世」: 豫's void 未 世 on 丙戌 -- the day and month that fill it lead (fixed: no date
    before); 生世 and 合世 give the alternatives."""
    row = answers("馆席.何时", "888788", "卯", "丙戌")[0]
    assert row["timing"]["primary"]["when"] == "未月/未日"
    assert {"午月/午日", "巳月/巳日"} <= {t["when"] for t in row["timing"]["alternatives"]}


def test_the_whole_line_of_a_relative_is_the_one_read():
    """30.1 「舍其有伤，取其无伤」: 豫 on 丙寅 in a 午 month reads the 世 未 (a whole 财), the 应 午 and the
    申 官, not the void 戌 财 (fixed); in a 丑 month the 未 is broken, no 财 is whole, and both are read
    (stays)."""
    assert {p for (p,) in facts("衙富爻", "888788", "午", "丙寅", question="馆席.幕馆")} == {1, 4, 5}
    assert {p for (p,) in facts("衙富爻", "888788", "丑", "丙寅", question="馆席.幕馆")} == {1, 4, 5, 6}


def test_a_day_clash_is_not_the_four_set_against_one_another():
    """62.7 「忌彼空冲」: the day's clash no longer counts (fixed: 衙富.日冲 is gone); 否's 应 戌 combining
    the 世 卯 is ruled even where 42's grade of the 财 overrules it (fixed: no ruling before)."""
    assert not {"衙富.冲", "衙富.空"} & verdict_rules("馆席.幕馆", "888788", "戌", "丙辰")
    assert "衙富.合" in verdict_rules("馆席.幕馆", "888777", "申", "戊午")
