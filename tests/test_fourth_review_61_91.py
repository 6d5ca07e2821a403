"""Chapters 61 师友 and 91 修道 read again (a fourth look).  寄读 reads the 文书 beside its 子孙 as ch. 30
reads two 用神 (「舍其有伤，取其无伤」), and never the 子孙 as a 文书; a craft master is good only in a
六合 or when the 应 is strong and generates the 世 (61.4 「唯六合及应旺生世为吉」).  The man who leaves
the household (出家) is read by 91.2's broad image and three taboos like the seeker, 91.3 turning only
his clash and his void 世; choosing a teacher is 61's question (「故择师，同师占也」), taking a disciple
54's adopting (「受徒传法，同继嗣也」); a vow of abstinence holds only with the ghost still (「用旺鬼静则
始终不渝」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 61.6 「兼看文书之旺衰也」 with 30.1 「舍其有伤，取其无伤」: 姤 in a 申 month on 戊午 -- the 丑 文书 of
    # line 1 void, the 戌 文书 of line 6 whole and strong: the whole one is read (fixed: 凶 by 文书.病
    # 「无师资之益」 before); in a 辰 month the 戌 is broken too, none is whole (stays).
    ("师友.寄读", "姤", "申", "戊午", {}, "吉", "蒙读.子旺"),
    ("师友.寄读", "姤", "辰", "戊午", {}, "凶", "文书.病"),
    # 61.4 「若百工学艺，技而非道，专凭应象，唯六合及应旺生世为吉」: 遁's 申 应 strong on 辛酉 but
    # controlled by the 午 世, not generating it, and 遁 no 六合 (fixed: 吉 by 长生.正旺吉 before); 相资,
    # whose words like the 应's strength alone (61.5 「喜生扶旺相」), keeps its 吉 on the same chart (stays).
    ("师友.学艺", "天山遁", "申", "辛酉", {}, "凶", "学艺.唯应生世"),
    ("师友.相资", "天山遁", "申", "辛酉", {}, "吉", None),
    # 91.2 「官鬼交重而障重」 「此其大象也」 (「专忌鬼动」) of the man who leaves: 姤之井, the 午 ghost of line
    # 4 moving (fixed: 成 by 用神断.全吉 and 6.3's 元动吉 before); 姤 at rest keeps its strong 世 (stays).
    ("修道.出家", "877979", "午", "丙午", {}, "不成", "修道.鬼交重"),
    ("修道.出家", "877777", "午", "丙午", {}, "成", "用神断.全吉"),
    # 91.2 「病于破，多疾多灾，修落傍门」, one of 三戒, not lifted by the clash 91.3 calls 解网: 乾之小畜's
    # 戌 世 broken by the 辰 month (fixed: 成 by 出家.三冲 over 用神断.凶陷 before).
    ("修道.出家", "777977", "辰", "乙亥", {}, "不成", "修道.世破"),
    # 91.3 「卜出世，三冲谓解网」 turns the clash, not the 世's grade: 乾's 戌 世 死气 in a 寅 month on 丁酉
    # (fixed: 成 by 出家.三冲 before); 艮's void 世 in its 六冲 (「世空谓无挂碍」) stays 成.
    ("修道.出家", "乾", "寅", "丁酉", {}, "不成", "用神断.凶陷"),
    ("修道.出家", "887887", "酉", "己酉", {}, "成", "出家.世空"),
    # 91.4 「故择师，同师占也」: 乾, a 六冲, is 61.1's 「三冲来往，难收一岁之功」 (fixed: 吉 by 择师.名师
    # before); 益之升, no clash, keeps its 名师 (stays).
    ("修道.择师", "乾", "戌", "丙午", {}, "凶", "师友.三冲"),
    ("修道.择师", "益之升", "子", "庚戌", {}, "吉", "择师.名师"),
    # 91.4 「受徒传法，同继嗣也」 (54.1 「僧道受徒……亦同此义」, 「三冲则无始终」): 乾 in a 子 month on 丁酉
    # (fixed: 吉 by 传法.法器 before); 革之丰's strong 子孙 keeps its 法器 (stays).
    ("修道.传法", "乾", "子", "丁酉", {}, "凶", "养子.三冲"),
    ("修道.传法", "革之丰", "子", "己巳", {}, "吉", "传法.法器"),
    # 91.5 「用旺鬼静则始终不渝」: 姤之井's 午 ghost moving beside a strong 世 (fixed: 守 by 用神断.全吉
    # before); 姤 at rest, the ghost still (stays).
    ("修道.斋戒", "877979", "午", "丙午", {}, "改", "斋戒.鬼动"),
    ("修道.斋戒", "877777", "午", "丙午", {}, "守", "斋戒.守"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_boarding_school_reads_the_whole_wenshu():
    """61.6 「兼看文书之旺衰也」, 30.1 「舍其有伤，取其无伤」: 姤's 文书 in 寄读 is the strong 戌 of line 6
    alone in a 申 month (fixed: the void 丑 of line 1 too), both where neither is whole (辰 month: stays);
    the 子孙 of line 2, 寄读's 用神, is never read as a 文书 (fixed: 「文书2爻休囚」 in the 辰 month)."""
    assert facts("师文", "姤", "申", "戊午", question="师友.寄读") == {(6, "本")}
    assert facts("师文", "姤", "辰", "戊午", question="师友.寄读") == {(1, "本"), (6, "本")}
    assert "文书.休囚" not in verdict_rules("师友.寄读", "姤", "辰", "戊午")


def test_leaving_the_household_keeps_its_void_and_its_clash():
    """91.3 「出家而三冲世空，为超然物外」: the seeker's own taboos of 91.3-91.4 (「止问求道」) do not reach
    the man who leaves -- 艮's clash and void 世 give no 修道.三冲 or 修道.世空 (stays)."""
    rules = verdict_rules("修道.出家", "887887", "酉", "己酉")
    assert not {"修道.三冲", "修道.世空", "修道.世病"} & rules
    assert {"出家.三冲", "出家.世空"} <= rules
