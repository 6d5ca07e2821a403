"""Chapters 21-30 (卷三: 岁君 月将 日主 时辰 月破 旬空 日冲 遇时 独发 两现) on concrete charts.

Each test checks a ruling the book states precisely -- what holds AND what the book denies:
岁破 破而不破; the month's line neither void nor scattered; the day/month fractions; 月破 and
值日实破 / 后时补过; the thirteen kinds of void and the eight of 42.13; 暗动 (half force), 暗破,
冲实 全/半, 冲散 and the four day clashes; the lone line's timing; 两现's choice.
"""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.chart import base_facts
from yimao.facts import Fact
from yimao.rulebook import load_engine

BR = "子丑寅卯辰巳午未申酉戌亥"
PHASE = dict(zip(BR, "水土木木土火火土金金土水"))
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
CONTROLS = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}


@cache
def _engine():
    return load_engine()


def evaluate(hexagram: str, month: str, day: str, *extra: Fact, year: str | None = None):
    e = _engine()
    moment = yimao.moment(month=month, day=day, year=year)
    return e.evaluate(base_facts(e, yimao.cast(hexagram=hexagram), moment) + list(extra))


def facts(result, predicate: str) -> set[tuple]:
    return {f.values for f in result.facts(predicate)}


def verdicts(result) -> dict[str, tuple]:
    return {c.rule: (c.polarity, c.strength, dict(c.subject)) for c in result.conclusions}


def use(position: int, layer: str = "本") -> Fact:
    return Fact("用神", (position, layer))


# 22 月将: the five states --------------------------------------------------------------------

def test_wang_shuai_is_the_month_phase_relation_for_all_sixty():
    table = facts(evaluate("乾", "子", "甲子"), "旺衰")
    assert len(table) == 60
    for month in BR:
        m = PHASE[month]
        for x in "木火土金水":
            if x == m:
                want = "旺"
            elif GENERATES[m] == x:
                want = "相"
            elif GENERATES[x] == m:
                want = "休"
            elif CONTROLS[x] == m:
                want = "囚"
            else:
                assert CONTROLS[m] == x
                want = "死"
            assert (x, month, want) in table
    # the book's own instances (23.3, 26.4)
    assert ("土", "巳", "相") in table and ("土", "申", "休") in table
    assert ("水", "辰", "死") in table and ("水", "辰", "旺") not in table


def test_month_line_is_not_void_and_not_scattered():
    # 乾之姤: line 1 (子) moves.  子 month, 午 day (甲午: decade void 辰巳): the line holds the month.
    r = evaluate("乾之姤", "子", "甲午")
    assert (1, "本") in facts(r, "临月")
    assert (1, "本") in facts(r, "日冲")
    assert (1, "本", "日冲") in facts(r, "不散")
    assert (1, "本") not in facts(r, "冲散")
    # the same line in a 寅 month is scattered, and of no use
    r = evaluate("乾之姤", "寅", "甲午")
    assert (1, "本") in facts(r, "冲散")
    assert (1, "本", "冲散") in facts(r, "无用")
    # 建空: 乾 line 6 戌 in a 戌 month on a 甲子-decade day (戌亥 void): void in name, not void
    r = evaluate("乾", "戌", "丙寅")
    assert (6, "本") in facts(r, "临空")
    assert (6, "本", "建空") in facts(r, "空十三")
    assert (6, "本", "建空") in facts(r, "不空")
    assert (6, "本") not in facts(r, "空")


def test_day_against_month_fractions():
    # 萃 line 2 is the 巳 官.  子 month controls fire without breaking 巳; a 寅 day generates it.
    r = evaluate("萃", "子", "丙寅", use(2))
    v = verdicts(r)
    assert v["日月.月克日生"] == ("吉", "十之八", {"位": 2, "层": "本"})
    assert "遇时.失令凶" not in v  # defeated: the day outweighs the month
    # 寅 month generates fire, a 子 day controls it (not its 绝): 日克月生, 7/10
    r = evaluate("萃", "寅", "甲子", use(2))
    v = verdicts(r)
    assert v["日月.日克月生"] == ("吉", "十之七", {"位": 2, "层": "本"})
    assert "日月.月克日生" not in v


def test_use_god_on_the_day_is_not_diminished_by_the_month():
    # 23.2: 「用临日主出现卦中……月将亦不能克」: 萃 line 2, the 巳 官, on a 己巳 day in a 子 month (water
    # controls fire) keeps its 尽善; the month takes 2/10 only where the day generates the use god
    # without standing on it (「惟日主为元神生用，若月将为忌克用」: the 寅 day above).
    v = verdicts(evaluate("萃", "子", "己巳", use(2)))
    assert v["日主.尽善"] == ("吉", None, {"位": 2, "层": "本"})
    assert "日月.月克日生" not in v and not [r for r in v if r.startswith("日主.月敌")]
    assert "日月.月克日生" in verdicts(evaluate("萃", "子", "丙寅", use(2)))


def test_broken_line_is_not_rescued_by_the_day():
    # EX031: 亥 month breaks the 巳 官, the 寅 day generates it: 「官临月破，本不为吉」
    r = evaluate("萃", "亥", "丙寅", use(2))
    v = verdicts(r)
    assert "日月.月克日生" not in v
    assert v["遇时.失令凶"][0] == "凶"
    assert (2, "本", "月破") in facts(r, "无用")


def test_later_month_repairs_the_break():
    # 「在次年孟夏方考，反为月建官爻」: the matter falls in the 巳 month
    r = evaluate("萃", "亥", "丙寅", use(2), Fact("事月", ("巳",)))
    assert (2, "本") in facts(r, "补破")
    assert (2, "本") not in facts(r, "月破")
    v = verdicts(r)
    assert v["后时.得令吉"][0] == "吉"
    assert "遇时.失令凶" not in v


# 21 岁君, 24 时辰: names without force -------------------------------------------------------

@pytest.mark.parametrize("question, year, rule, fires", [
    # 21.4 「身命福持而生平安乐」: 夬's 世 (line 5) holds the 酉 子孙; in a 酉 year the year stands on it.
    ("身命", "乙酉", "岁君.身命福持", True),
    ("身命", "乙亥", "岁君.身命福持", False),
    # 「家宅鬼会而岁月迍邅」: 夬's 寅 官鬼 (line 2) on a 寅 year.
    ("家宅", "丙寅", "岁君.家宅鬼会", True),
    ("家宅", "乙酉", "岁君.家宅鬼会", False),
])
def test_the_year_in_life_and_house_questions(question, year, rule, fires):
    r = evaluate("夬", "子", "甲子", Fact("问", (question,)), year=year)
    assert (rule in verdicts(r)) == fires


def test_year_clash_breaks_in_name_only():
    # 萃 in a 寅 month, 亥 year: the year clashes the 巳 line; the month does not
    r = evaluate("萃", "寅", "甲子", year="乙亥")
    assert (2, "本") in facts(r, "岁破")
    assert (2, "本") not in facts(r, "月破")
    assert not {f for f in facts(r, "无用") if f[:2] == (2, "本")}
    # the year itself is broken by the month: 「破则可破」
    r = evaluate("萃", "巳", "甲子", year="乙亥")
    assert ("月破",) in facts(r, "岁君失")


# 25 月破 ----------------------------------------------------------------------------------

def test_month_break_and_the_day_that_fills_it():
    r = evaluate("萃", "亥", "丙寅")
    assert (2, "本") in facts(r, "月破")
    assert (2, "本", "巳") in facts(r, "实破日")
    assert (2, "本") not in facts(r, "实破")
    # 值日: on a 巳 day the break is no break
    r = evaluate("萃", "亥", "乙巳")
    assert (2, "本") in facts(r, "实破")
    assert (2, "本") not in facts(r, "月破")
    assert not {f for f in facts(r, "无用") if f[:2] == (2, "本")}


def test_broken_moving_ghost_with_the_great_white_tiger():
    # 萃之比? line 2 (巳 官) moves in a 亥 month: 大白虎 stands on 巳
    r = evaluate("萃之困", "亥", "丙寅")
    assert 2 in {f[0] for f in facts(r, "动")}
    assert ("白虎", "巳") in facts(r, "月神位")
    assert verdicts(r)["月破.鬼动白虎"][0] == "凶"


# 26 旬空: the two lists ------------------------------------------------------------------------

def test_thirteen_and_eight_kinds_of_void():
    # EX038: 艮 午 父 in a 亥 month on 戊子: 真空 (month controls), 绝空 (fire 绝 in 亥), 伤空 (day
    # controls); 42.13: 全空; filled only by half
    r = evaluate("艮", "亥", "戊子")
    kinds13 = {k for p, l, k in facts(r, "空十三") if (p, l) == (2, "本")}
    kinds8 = {k for p, l, k in facts(r, "空八") if (p, l) == (2, "本")}
    assert {"真空", "绝空", "伤空", "填空"} <= kinds13
    assert not kinds13 & {"旺空", "相空", "安空", "援空", "破空"}
    assert {"全空", "填实空"} <= kinds8 and "旺相空" not in kinds8
    assert (2, "本") in facts(r, "空")
    # EX037: 乾 戌 世 in a 午 month on 戊辰: 相空, and 42.13's 旺相空 (day 辰 matches it)
    r = evaluate("乾", "午", "戊辰")
    kinds13 = {k for p, l, k in facts(r, "空十三") if (p, l) == (6, "本")}
    kinds8 = {k for p, l, k in facts(r, "空八") if (p, l) == (6, "本")}
    assert {"相空", "填空", "安空"} <= kinds13 and "真空" not in kinds13
    assert {"旺相空", "填实空"} <= kinds8
    assert (6, "本", "真旺相空") in facts(r, "空而有用")
    # the overlap is data
    overlap = facts(r, "空类对照")
    assert ("破空", "坏空", "异名同义") in overlap and ("安空", "安空", "同名异义") in overlap


def test_void_of_use_and_of_taboo():
    # 艮 line 2 午 父 void and 真空: as use god 凶; 空于忌 吉 when it is the taboo god
    r = evaluate("艮", "亥", "戊子", use(2))
    assert verdicts(r)["旬空.用空凶"] == ("凶", None, {"位": 2, "层": "本"})
    # 乾 戌 世 filled fully: no void verdict at all
    r = evaluate("乾", "午", "戊辰", use(6))
    assert "旬空.用空凶" not in verdicts(r)


def test_moving_void_is_not_void_and_not_scattered_unless_broken():
    # 乾之姤 line 1 子 moves; 戊午 day (甲寅 decade: 子丑 void) clashes it
    r = evaluate("乾之姤", "寅", "戊午")
    assert (1, "本", "动空") in facts(r, "不空")
    assert (1, "本", "日冲") in facts(r, "不散")
    assert (1, "本") not in facts(r, "冲散")
    # in a 午 month the moving void is also broken: 「动空而遭破，纵动无功」
    r = evaluate("乾之姤", "午", "戊午")
    assert (1, "本") in facts(r, "空")
    assert (1, "本", "动空遭破") in facts(r, "空八")
    assert (1, "本") in facts(r, "冲散")


# 27 日冲 ----------------------------------------------------------------------------------

def test_four_day_clashes():
    # 墓冲 moves even a weak line: 乾 戌 (line 6) 休 in a 申 month, 甲辰 day (寅卯 void)
    r = evaluate("乾", "申", "甲辰")
    assert (6, "本", "墓冲") in facts(r, "日冲类")
    assert (6, "本", "休") in facts(r, "月令")
    assert (6,) in facts(r, "暗动") and (6,) not in facts(r, "暗破")
    assert (6, "半") in facts(r, "动力")
    # 胎冲 on a strong line: 暗动 (EX035, 坤 酉 in 辰 on a 卯 day)
    r = evaluate("坤", "辰", "卯")
    assert (6,) in facts(r, "暗动")
    # 克冲: a 子 day on the 午 (艮 line 2) 旺 in the 午 month -- not moved, its good 7/10
    r = evaluate("艮", "午", "甲子")
    assert (2, "本", "克冲") in facts(r, "日冲类")
    assert (2,) not in facts(r, "暗动")
    assert (2, "克冲") in facts(r, "冲而不动")
    assert (2, "本", "十之七", "克冲") in facts(r, "吉得")
    assert (2, "本", "少轻") in facts(r, "日冲等")
    # 绝冲: a 寅 day on the 申 (乾 line 5) 旺 in a 申 month -- not moved
    r = evaluate("乾", "申", "甲寅")
    assert (5, "本", "绝冲") in facts(r, "日冲类")
    assert (5,) not in facts(r, "暗动")
    assert (5, "绝冲") in facts(r, "冲而不动")
    # 暗破: weak static line, 胎冲 (EX036)
    r = evaluate("离", "午", "酉")
    assert (1,) in facts(r, "暗破") and (1,) not in facts(r, "暗动")


def test_filling_full_and_half():
    r = evaluate("乾", "午", "戊辰")  # 墓冲 on a 相 void: full
    assert (6, "本", "全") in facts(r, "冲实") and (6, "本", "半") not in facts(r, "冲实")
    assert (6, "本") not in facts(r, "空")
    r = evaluate("艮", "亥", "戊子")  # 克冲 on a 死 void: half, the void stands
    assert (2, "本", "半") in facts(r, "冲实") and (2, "本", "全") not in facts(r, "冲实")
    assert (2, "本") in facts(r, "空")
    # 绝冲 never fills fully, even a strong void: 姤 亥 (line 2) in a 亥 month on 己巳 (戌亥 void)
    r = evaluate("姤", "亥", "己巳")
    assert (2, "本") in facts(r, "旺相")
    assert (2, "本", "半") in facts(r, "冲实") and (2, "本", "全") not in facts(r, "冲实")


# 29 独发, 30 两现 ----------------------------------------------------------------------------

def test_lone_moving_and_lone_static_line():
    r = evaluate("乾之姤", "寅", "甲子")
    assert facts(r, "独发") == {(1,)} and not facts(r, "独静")
    assert (1, "合", "丑") in facts(r, "独应") and (1, "值", "子") in facts(r, "独应")
    assert not {f for f in facts(r, "独应") if f[1] == "冲"}
    r = evaluate("否之临", "寅", "己亥")  # EX044: five move, line 3 (乙卯) rests
    assert facts(r, "独静") == {(3,)} and not facts(r, "独发")
    assert (3, "乙", "卯") in facts(r, "独应值")
    assert (3, "冲", "酉") in facts(r, "独应")
    assert not {f for f in facts(r, "独应") if f[1] == "合"}
    r = evaluate("乾之坤", "寅", "甲子")  # all move: neither
    assert not facts(r, "独发") and not facts(r, "独静")


def test_two_appearances():
    # EX047: 大过, the 财 on 丑 (void) and 未: take 未, and the 丑 month breaks it
    r = evaluate("大过", "亥", "戊午")
    assert ("妻财",) in facts(r, "两现")
    assert (6, "本", "无伤") in facts(r, "两现取") and (1, "本", "有伤") in facts(r, "两现舍")
    assert not {f for f in facts(r, "两现取") if f[:2] == (1, "本")}
    assert (6, "本", "丑") in facts(r, "后时破月")
    # fixed patterns: 升/观 (二分) and the two earths of a pure hexagram are not 两现
    r = evaluate("观", "亥", "戊午")
    assert not facts(r, "两现") and ("官鬼", "二分") in facts(r, "成格")
    r = evaluate("乾", "亥", "戊午")
    assert ("父母",) not in facts(r, "两现") and ("父母", "八纯二土") in facts(r, "成格")


@pytest.mark.parametrize("chapter", range(21, 31))
def test_chapters_fully_accounted(chapter):
    from yimao.book import load_book
    from yimao.coverage import coverage
    row = coverage(_engine().program, load_book(), [chapter])["chapters"][0]
    assert row["untouched"] == []
