"""Chapters 72 分合, 73 出纳, 74 劫质 and 75 器用 read again (a fourth review).  73.2's 「应实父完则脱」
needs the thing whole as well as the 应 real; taking a thing in without trouble is 「类防讼」, read as
89.3 reads 防讼 (the asker by the 世, the ghost alone answering, a void or broken ghost no harm);
「当纳而反是」 turns the house's own signs (鬼动, 内坏) when a house is taken in, by its 父母.  A void or
broken captor neither harms nor helps the hostage (74.2 「最喜官空」, 36.1 「然官鬼遇空破者弗能伤」), nor
does such a ghost bring a coffin's 妨犯 (75.2 「忌鬼克」); a boat or a cart is read by the 父母 (74.1
「凡舟车房屋服御之物多用父」, 67.4), its 财 beside it for 75.2's 「财坏」.  Rows marked "fixed" failed
before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, facts, verdict_rules


CHARTS = [
    # 73.2 「筮彼屋脱否，应实父完则脱」: 坤 on 乙未 in a 子 month -- the 应 卯 real, the only 父 (巳) void:
    # not 「完」, not let go (fixed: 成 before, by the 应's 全吉); on 甲子 the 巳 is whole (stays).
    ("出纳.彼屋", "888888", "子", "乙未", {}, "不成", "彼屋.物坏"),
    ("出纳.彼屋", "888888", "子", "甲子", {}, "成", "彼屋.应实物完"),
    # 「彼业与货脱否，应实财完则脱」: 坤's only 财 亥 broken by the 巳 month (fixed: 成 before).
    ("出纳.彼业", "888888", "巳", "丙寅", {}, "不成", "彼屋.物坏"),
    # 73.2 「欲纳其物而无祸者，类防讼也」, 89.1 「若得破空绝散，谓之无实害也」, 89.3 「若官不克世，鬼爻
    # 安静，亦无讼也」: 晋 on 丁酉, both 巳 ghosts void, none moving, the 应 未 generating the 世 酉 -- no
    # trouble (fixed: 凶 before, by the void ghosts' 克世 and the 应's 失令); on 丁卯 the 巳 ghosts are
    # real and control the 世 酉: 「官克谓有祸」 (stays).
    ("出纳.纳物", "888787", "子", "丁酉", {}, "吉", "纳物.无祸"),
    ("出纳.纳物", "888787", "子", "丁卯", {}, "凶", "纳物.官克"),
    # 73.1 「我屋当出，卦冲鬼动内坏而非我居……当纳而反是」: a house taken in (--about 房屋) is read by its
    # 父母 and its own signs -- 小过之明夷's 午 ghost moving (fixed: 纳 before, on the 财); the same
    # chart asked of goods still reads the 财 (stays).
    ("出纳.纳", "687988", "午", "丁卯", {"about": "房屋"}, "不纳", "纳屋.鬼动"),
    ("出纳.纳", "687988", "午", "丁卯", {}, "纳", None),
    # the inner trigram void (ch. 18's 卦空破) on 戊午 (fixed: 纳 before); asked of goods (stays).
    ("出纳.纳", "988869", "酉", "戊午", {"about": "房屋"}, "不纳", "纳屋.内坏"),
    ("出纳.纳", "988869", "酉", "戊午", {}, "纳", "用神断.全吉"),
    # 74.2 「劫质势比蒙难，最喜官空」, 36.1 「然官鬼遇空破者弗能伤」: 晋 on 丁酉, the captive a brother (酉,
    # 帝旺 on the day), both 巳 ghosts void -- they do not control him (fixed: 凶 before, by
    # 劫掳.官应克用); on 丁卯 the ghosts are there and control him (stays).
    ("劫质.劫质", "888787", "子", "丁酉", {"about": "兄"}, "吉", "劫掳.官空"),
    ("劫质.劫质", "888787", "子", "丁卯", {"about": "兄"}, "凶", "劫掳.官应克用"),
    # 74.1 「凡舟车房屋服御之物多用父」, 67.4 「衣服舟车之具，不用财而用父母」: 师 on 甲寅 in a 卯 month,
    # the only 父 酉 broken and 绝 (fixed: 吉 before, on the 财 午 born on the day); 锄犁 are read by the
    # 财 (75.2 「置锄犁网罟者，惟以利也，专之以财」: stays).
    ("器用.杂物", "878888", "卯", "甲寅", {"about": "舟车"}, "凶", "用神断.凶陷"),
    ("器用.杂物", "878888", "卯", "甲寅", {"about": "锄犁"}, "吉", "日主.生重吉"),
    # 75.2 「如筮舟车……而忌卦冲财坏也」 read on the 财 lines: 困's only 财 寅 broken by the 申 month, the 父
    # 辰 旺 (fixed: 吉 before, the hidden 财 taken as 用神); in a 寅 month the 财 is whole (stays).
    ("器用.杂物", "898998", "申", "辛丑", {"about": "舟车"}, "凶", "舟车.财坏"),
    ("器用.杂物", "898998", "寅", "辛丑", {"about": "舟车"}, "吉", "用神断.全吉"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _harm(cast, month, day):
    """The 寿具's 妨犯 axis: (word, the rules that decided it)."""
    row = next(a for a in answers("器用.寿具", cast, month, day) if a["axis"] == "无妨 / 有妨")
    return row["answer"], {r["rule"] for r in row["decided_by"]}


def test_a_void_ghost_brings_no_harm_to_a_coffin():
    """75.2 「占妨犯魇倒，忌鬼克鬼动、随墓助伤」 with 36.1 「然官鬼遇空破者弗能伤」: 晋 on 丁酉, both 巳
    ghosts void -- 无妨 (fixed: 有妨 by 寿具.鬼克 before); on 丁卯 they are real and control the 世 酉:
    有妨 (stays)."""
    word, rules = _harm("888787", "子", "丁酉")
    assert word == "无妨" and "寿具.无妨" in rules
    assert "寿具.鬼克" not in verdict_rules("器用.寿具", "888787", "子", "丁酉")
    word, rules = _harm("888787", "子", "丁卯")
    assert word == "有妨" and "寿具.鬼克" in rules


def test_use_gods_of_the_boat_the_house_taken_in_and_the_thing_taken_in():
    """The 用神: a boat by the 父母 (74.1, 67.4: 师's 酉 on line 6; fixed: the 财 午 before); a house taken
    in by the 父母 (小过's 辰 on line 1; fixed: the hidden 财 before), goods by the 财 (stays); a thing
    taken in without trouble by the 世, 「类防讼」 as 89 reads the asker (晋's 酉 on line 4; fixed: the 应
    before)."""
    assert facts("用神", "878888", "卯", "甲寅", question="器用.杂物", about="舟车") == {(6, "本")}
    assert facts("用神", "687988", "午", "丁卯", question="出纳.纳", about="房屋") == {(1, "本")}
    assert facts("用神", "687988", "午", "丁卯", question="出纳.纳") == {(2, "伏")}
    assert facts("用神", "888787", "子", "丁酉", question="出纳.纳物") == {(4, "本")}
