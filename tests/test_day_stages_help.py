"""The day holds a line up by its twelve stages too (63's 日月助, read by every question chapter through
强): 23.3 「日主则专务长生沐浴之法……若日辰之生绝则独重，金遇巳而生者十之九」 and 31.3 「临官帝旺，用神乃昌」
-- a line at its 长生, 临官 or 帝旺 on the day is held up though the day's phase controls or drains it
(metal on 巳; earth, born with water in 申 (31.1), on 申 亥 子).  Its 由 is 日生扶, so the rules that
read 「登日月」 (the line on the day's or the month's branch: 47's 贵.意外之官 and 贵.太阿, 日月临) are
untouched.  Knock-ons fixed with it: 46's 「财有气」 stands over 28.1's 失令 as its 「财无病」 does; 61's
「休囚」 is read as weak (a 文书 born on the day is not 休囚).  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, readings, verdict_rules


CHARTS = [
    # 59.1 「学儒者，文爻实而声名振」: 乾 in a 寅 month on 丙子 -- the 辰 and 戌 父 死 in the month but 帝旺
    # on the 子 day (31.3 「帝旺曰正旺」; earth reckoned with water, 31.1 「水土生申」): 文实 (fixed: decided
    # by 长生.正旺吉 alone before); on 丙午 the day's fire generates them (stays).
    ("九流", "777777", "寅", "丙子", {}, "成", "学儒.文实"),
    ("九流", "777777", "寅", "丙午", {}, "成", "学儒.文实"),
    # 46.1 「是以财有气而五谷登」: 井之谦 in a 寅 month on 癸亥 -- the 戌 财 死 in the month, 临官 on the 亥
    # day, is 有气 and stands over 28.1's 失令 as 「财无病」 does (fixed: decided by 财无病 before, and
    # 歉 by 遇时.失令凶 with the fold alone); on 丙午 the day generates it (stays).
    ("年时", "897898", "寅", "癸亥", {}, "丰", "年时.财有气"),
    ("年时", "897898", "寅", "丙午", {}, "丰", "年时.财有气"),
    # 61.1 「不宜休囚，休囚有伴食之讥」 against 23.3 「金遇巳而生者十之九」: 丰之临 in a 子 month on 己巳 --
    # the 申 父 休 in 子 but born on the 巳 day is not 休囚 (fixed: 凶 by 文书.休囚 before); on 乙卯
    # nothing holds it (stays).
    ("师友.附学", "769988", "子", "己巳", {}, "吉", "日主.生重吉"),
    ("师友.附学", "769988", "子", "乙卯", {}, "凶", "文书.休囚"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_scholars_wen_at_its_peak_on_the_day():
    """59.1 「学儒者，文爻实而声名振，世体空而德业迂」: 乾 in 寅 on 甲子 -- the 辰 父 帝旺 on the 子 day is 实
    (fixed: no 学儒.文实 before); the void 世 still rules first (42.21 先索不善: stays 不成)."""
    assert "学儒.文实" in verdict_rules("九流", "777777", "寅", "甲子")
    assert_lead("九流", "777777", "寅", "甲子", {}, "不成", "学儒.世空")


def test_the_classic_to_follow_when_the_wen_is_born_on_the_day():
    """60.1 「概筮，以文书属何爻，旺则宜趋，衰则宜避」 (「土为易，以其信也」): 姤 in a 卯 month on 壬申 -- the
    丑 父 死 in 卯 but born (长生) on the 申 day: 宜趋 易 (fixed: no classic before); on 甲午 the day's
    fire generates it (stays); on 丁卯 nothing holds it (stays: none to follow)."""
    assert readings("经学.性经", "877777", "卯", "壬申", "by 宜经(经)") == {"易"}
    assert readings("经学.性经", "877777", "卯", "甲午", "by 宜经(经)") == {"易"}
    assert "易" not in readings("经学.性经", "877777", "卯", "丁卯", "by 宜经(经)")


def test_the_days_stage_is_its_help_not_its_branch():
    """23.3 「金遇巳而生者十之九」: 坎's 申 父 on 乙巳 is held up by the day (日月助 由 日生扶; fixed: no
    日月助 before), on 乙卯 it is not (stays).  47.13 「变官而登日月之上」 reads the branch: 震之兑 in a 子
    month on 癸巳, line 3's 辰 changes into the 酉 官, born on the 巳 day -- held up, not on the day or
    the month, so no 意外之官 (stays)."""
    assert (4, "本", "日生扶") in facts("日月助", "878878", "子", "乙巳", question="功名")
    assert (4, "本", "日生扶") not in facts("日月助", "878878", "子", "乙卯", question="功名")
    held = facts("日月助", "966768", "子", "癸巳", question="身命.贵")
    assert (3, "变", "日生扶") in held and (3, "变", "临日") not in held
    assert "贵.意外之官" not in verdict_rules("身命.贵", "966768", "子", "癸巳")
