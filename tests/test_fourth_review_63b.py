"""Chapter 63 功名 read again, paragraphs 63.15-63.29 (a fourth look): the questions of office each
read what their paragraph names.  The void 世 counts only for oneself (63.12 「他占则否」, 63.13 「代占
不忌世空」); the news of promotion (「升信杳然」, 「迁音乃至」) answers only questions that ask for a rise
or a post, not 久任; 裁缺 and 公议 read the 官 alone (63.29 「止察官爻」); in 防后 the 官 is the harm to
come, so a 官 that does not rise is no harm (63.27 「好子动而恶官兴」); 大计 asks the 世 too (「索世爻之
有气」); 久任's 三冲 is 34.1's three; 升方 reads two 官 and a hidden one for near and far (63.18); 筮官
reads a changed 官 and a 官 on the day or month (63.24); 交代 is dated by the 子孙 too (63.28); 揭参
reads the 应's generation (「次考应爻生克」).  Rows marked "fixed" failed before; "stays" kept their
answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, readings, verdict_rules


CHARTS = [
    # 63.12 「自占世爻，盖不可空……他占则否」, 63.13 「代占不忌世空」: 姤's 丑 世 void on 甲寅, asked for a
    # father the 官 on the month answers (fixed: 凶 by 久任.世空 before); asked for oneself the void 世
    # still ends the tenure, 「世空而解组」 (stays).
    ("功名.久任", "877777", "午", "甲寅", {"about": "父"}, "吉", "仕途.官喜"),
    ("功名.久任", "877777", "午", "甲寅", {}, "凶", "久任.世空"),
    # 63.10 「泄气动而元神静，升信杳然」 is news of promotion, not of tenure (63.25 「三冲游魂则不久，官坏而
    # 罢职，世空而解组，官克世而参谪」): 否之萃, the 午 官 on the day and the month (fixed: 凶 by
    # 仕途.泄动元静 before); asked whether promotion comes, the same chart 升信杳然 (stays).
    ("功名.久任", "888779", "午", "戊午", {}, "吉", "仕途.官喜"),
    ("功名.升信", "888779", "午", "戊午", {}, "不升", "仕途.泄动元静"),
    # 63.29 「衙门裁革，止察官爻，公议短长，惟求鬼象」, 「官旺则不裁」: 姤's 午 官 on the month, the 世
    # void -- not read in 裁缺 nor 公议 (fixed: 凶 / 不成 by 仕途.世空 before); the broad question of office
    # reads the void 世 (stays), and 公议 with the 午 官 broken by the 子 month stops, 「鬼破则中止」 (stays;
    # 否 子 丙寅 was the chart, where the broken 午 beside the 巳, both controlled by the month, is now set
    # aside by 30.1 「舍其有伤，取其无伤」).
    ("功名.裁缺", "877777", "午", "甲寅", {}, "吉", "裁缺.官旺"),
    ("功名.公议", "877777", "午", "甲寅", {}, "成", "仕途.官喜"),
    ("功名.仕途大象", "877777", "午", "甲寅", {}, "不成", "仕途.世空"),
    ("功名.公议", "877777", "子", "甲寅", {}, "不成", "公议.鬼破"),
    # 63.27 「离任而虑后患，好子动而恶官兴」: 否之萃 in a 亥 month, the 巳 官 broken and the 午 官 死气 -- no
    # 官 rises, no harm to come (fixed: 凶 by 用神断.凶陷 and 仕途.官忌 before); in a 午 month the 官 rise
    # (stays: 凶).
    ("功名.防后", "888779", "亥", "丙辰", {}, "吉", "防后.官衰"),
    ("功名.防后", "888779", "午", "丙辰", {}, "凶", "防后.官兴"),
    # 63.27 「大计之问，求官鬼之无瑕，索世爻之有气」: 否's 午 官 on the day and the month, the 卯 世 休 in a
    # 午 month (fixed: 吉 by 大计.卓异 before); in a 卯 month the 世 stands on the month (stays: 卓异).
    ("功名.大计", "888777", "午", "戊午", {}, "凶", "大计.世无气"),
    ("功名.大计", "888777", "卯", "戊午", {}, "吉", "大计.卓异"),
    # 63.25 「三冲游魂则不久」 with 34.1 「卦冲有三：正卦冲，之卦冲，合处逢冲也」: 否之乾, a 六合 changing
    # into a 六冲 (fixed: 吉 before); 否 at rest, a 六合 that holds (stays: 吉).
    ("功名.久任", "666777", "午", "戊午", {}, "凶", "久任.三冲"),
    ("功名.久任", "888777", "午", "戊午", {}, "吉", "仕途.官喜"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_two_officials_and_a_hidden_one_are_read_near_or_far():
    """63.18 「若遇内外两官，则考其卦，游魂六冲伏藏应远，归魂六合出现应近」, 「六冲伏藏则远」: 晋 (游魂, 官
    on 2 and 6) far beside 新途, 师 (归魂, two 官) near beside 旧任, 小畜 (the 官 hidden) far (fixed:
    none of them before); 同人's single 官 on the third line is not far (stays: 「在内为近」)."""
    assert {"新途", "远"} <= readings("功名.升方", "888787", "午", "丙寅", "by 任远近(远近)")
    assert {"旧任", "近"} <= readings("功名.升方", "师", "戌", "丙辰", "by 任远近(远近)")
    assert readings("功名.升方", "777877", "申", "丙寅", "by 任远近(远近)") == {"远"}
    assert "远" not in readings("功名.升方", "787777", "亥", "庚子", "by 任远近(远近)")


def test_a_changed_official_is_read_by_its_trigram():
    """63.24 「俱无而考诸伏与变……变占八宫」 (「卦有动象，则求所变官爻，以八宫别之」): 旅之鼎, no 官 on the
    cast, the moving 午 changing into the 亥 官 in 巽 -- 巽's ministry (fixed); 同人's 亥 官 on the cast
    is read by its place, with no changed 官 (stays)."""
    xun = "天使：上林，奉命申四方之上差僚佐"
    assert xun in readings("功名.筮官", "867787", "亥", "乙卯", "by 所任(义)")
    assert "筮官.变官" not in verdict_rules("功名.筮官", "787777", "亥", "庚子")


def test_an_official_on_the_month_is_a_minister_or_a_censor():
    """63.24 「凡官临日月建，若非社稷之臣，定是直节科道之官」: 同人's 亥 官 on the 亥 month (fixed);
    in a 午 month it is on neither (stays: not read)."""
    assert "社稷之臣，或直节科道之官" in readings("功名.筮官", "787777", "亥", "庚子", "by 所任(义)")
    assert "社稷之臣，或直节科道之官" not in readings("功名.筮官", "787777", "午", "庚子", "by 所任(义)")


def test_the_handover_is_dated_by_the_son_too():
    """63.28 「何时交代，官鬼墓绝、子孙生值以为期」: 同人's 亥 官 (墓 辰, 绝 巳) and the 丑 and 戌 子孙,
    their 长生 on 申 and their own days (fixed: only 辰 and 巳 before)."""
    row = next(a for a in answers("功名.交代", "787777", "亥", "庚子") if not a["axis"].startswith("by "))
    days = {row["timing"]["primary"]["when"]} | {t["when"] for t in row["timing"]["alternatives"]}
    assert {"辰日", "巳日"} <= days                      # stays
    assert {"申日", "丑日", "戌日"} <= days               # fixed


def test_the_accuser_generating_the_asker_is_read():
    """63.28 「先占上意从违，次考应爻生克」: 大畜's 子 应 generates the 寅 世 (fixed: only 应克世 was read);
    坎's 午 应 does not generate the 子 世 (stays: not read)."""
    assert "揭参.应生世" in verdict_rules("功名.揭参", "777887", "卯", "丙子")
    assert "揭参.应生世" not in verdict_rules("功名.揭参", "878878", "卯", "庚辰")
