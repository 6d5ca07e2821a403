"""Chapters 49 卜居 and 50 坟墓: the key rulings on concrete charts, through the judge.

卜居: the trigram of the house (inner for the house lived in, outer for the one to move to), the
moving ghost and what it brings, the shape of the site, and each sub-question one way and the other.
"""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.api import evaluate_chart
from yimao.judge import Judgement, parse_question
from yimao.rulebook import load_engine


@cache
def _engine(school):
    return load_engine(school=None if school == "易冒" else school)


@cache
def judged(question, hexagram, month, day, about=None, term=None, school="易冒"):
    """The answers and the chart's facts, as `yimao judge` would give them (term: the solar term)."""
    e = _engine(school)
    q = parse_question(e.program, question, about=about)
    extra = q.facts()
    if term:
        from yimao.facts import Fact
        extra = extra + [Fact("节气", (term,))]
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(month=month, day=day), "test", extra)
    return {"answers": Judgement(q, chart).to_dict()["answers"], "result": chart.result}


def verdict(data):
    """The answer on the sub-question's words axis, and the rules that decided or supported it."""
    item = next(a for a in data["answers"] if not a["axis"].startswith("by "))
    return item["answer"], {r["rule"] for r in item["decided_by"] + item["supported_by"]}


def answers_by(data, predicate):
    return {item["answer"] for item in data["answers"]
            if item["axis"].startswith(f"by {predicate}(") and item["answer"] != "无断"}


# --- 49 卜居 ----------------------------------------------------------------------------------------

def test_house_lived_in_reads_the_inner_trigram_the_new_house_the_outer():
    """颐之损 戌建 甲子日: the inner 震 turns into 兑 (反吟), the outer 艮 stays in season."""
    old, old_rules = verdict(judged("卜居.旧居", "颐之损", "戌", "甲子"))
    new, new_rules = verdict(judged("卜居.新居", "颐之损", "戌", "甲子"))
    assert old == "凶" and "卜居.卦病" in old_rules and "旧居.游魂" in old_rules
    assert new == "吉" and "卜居.卦旺" in new_rules


def test_moving_ghost_is_the_bane_of_the_house():
    data = judged("卜居", "坎之比", "子", "甲子")  # the 辰 官鬼 of line 2 moves
    answer, rules = verdict(data)
    assert answer == "凶" and "卜居.鬼动" in rules
    assert {"瘟疫", "灶"} <= set(answers_by(data, "居祸象").pop().split("、"))  # 土鬼 瘟疫, line 2 灶


def test_shape_of_the_site():
    data = judged("卜居", "乾", "子", "甲子")
    assert answers_by(data, "居形")


CHARTS = {  # sub-question: (a chart the book reads 吉, one it reads 凶)
    "旧居": (("屯", "寅", "甲子"), ("乾", "子", "甲子")),
    "新居": (("屯", "戌", "甲子"), ("乾", "子", "甲子")),
    "还旧": (("屯", "寅", "甲子"), ("颐之损", "戌", "甲子")),
    "合新": (("屯", "戌", "甲子"), ("乾", "子", "甲子")),
    "共居": (("屯", "子", "壬午"), ("乾", "子", "甲子")),
    "创造": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "兴修": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "年月": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "匠工": (("屯", "子", "壬午"), ("乾", "子", "甲子")),
    "庙宇": (("屯", "子", "甲子"), ("坎之比", "子", "甲子")),
    "道场": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "公署": (("屯", "子", "庚午"), ("乾", "子", "甲子")),
    "馆地": (("屯", "子", "癸酉"), ("乾", "子", "甲子")),
    "蚕室": (("屯", "子", "甲子"), ("乾", "子", "甲子")),
    "仓栈": (("屯", "子", "庚午"), ("乾", "子", "甲子")),
    "贾肆": (("屯", "子", "庚午"), ("乾", "子", "甲子")),
}


@pytest.mark.parametrize("sub", sorted(CHARTS))
def test_dwelling_sub_questions_each_way(sub):
    good, bad = CHARTS[sub]
    good_answer, good_rules = verdict(judged(f"卜居.{sub}", *good))
    bad_answer, _ = verdict(judged(f"卜居.{sub}", *bad))
    assert (good_answer, bad_answer) == ("吉", "凶")
    assert any(rule.split(".")[0] in CHAPTER_49_RULES for rule in good_rules), good_rules


CHAPTER_49_RULES = {"卜居", "旧居", "共居", "创造", "兴修", "匠工", "庙宇", "道场", "公署", "蚕室"}


def test_kinsman_sharing_the_house_is_read_by_his_relative():
    """49.5 commentary: 亲人共居，属在用神，他人共居，属在应爻."""
    def relative(about):
        data = judged("卜居.共居", "屯", "子", "甲子", about=about)
        return {f.values for f in data["result"].facts("用象")}
    assert relative(None) == {("应",)}
    assert relative("兄") == {("兄弟",)}



def _rules(question, hexagram, month="子", day="甲子"):
    return {v["rule"] for v in yimao.judge(question=question, hexagram=hexagram, month=month, day=day).verdicts()}


def test_sharing_fears_the_clash_with_the_world_and_the_union_that_turns_into_a_clash():
    """49.5 「应冲克而非我从，贞悔合冲，朝入室而暮操戈之人也」: 乾's 应 (辰) clashes its 世 (戌), 泰's
    (酉) combines with its 辰; 否之乾 is a 六合 (贞) changing into a 六冲 (悔), 否 at rest is not."""
    assert "共居.冲世" in _rules("卜居.共居", "乾") and "共居.冲世" not in _rules("卜居.共居", "泰")
    assert "共居.合冲" in _rules("卜居.共居", "否之乾") and "共居.合冲" not in _rules("卜居.共居", "否")


def test_a_ghost_moving_on_the_response_costs_the_house_its_profit():
    """49.2 「在应则宅毋失利」: 大有之归妹 moves the 巳 官鬼 on the 应 (line 6); 大有 keeps it at rest.  In a
    寅 month on a 甲寅 day: on 子 / 甲子 the day and month control the 巳 ghost, which then 犹不动 (32.2)."""
    assert "卜居.鬼在应" in _rules("卜居", "大有之归妹", "寅", "甲寅")
    assert "卜居.鬼在应" not in _rules("卜居", "大有", "寅", "甲寅")


# --- 50 坟墓 ----------------------------------------------------------------------------------------

GRAVE_CHARTS = {  # sub-question (None: the site itself): (a chart the book reads 吉/得, one it reads 凶/不得)
    None: (("屯", "子", "甲子"), ("屯", "申", "甲子")),
    "地师": (("屯", "子", "壬午"), ("屯", "子", "甲子")),
    "觅地": (("屯", "子", "癸酉"), ("屯", "子", "丙子")),
    "定穴": (("屯", "子", "甲子"), ("屯", "申", "甲子")),
    "寿地": (("屯", "子", "甲子"), ("屯", "申", "甲子")),
    # 50.8 「则官鬼忌动空破」: 夬's one 官鬼, the 寅, void on 甲辰 and 死 in the 酉 month.  (屯 子 丁卯 was
    # the chart: its void 戌 官 beside the 辰, both controlled by the 卯 day, is now set aside by 30.1
    # 「舍其有伤，取其无伤」, and the 辰 taken is neither void nor broken.)
    "停厝": (("屯", "子", "庚午"), ("夬", "酉", "甲辰")),
    "安灵": (("屯", "子", "庚午"), ("夬", "酉", "甲辰")),
    "合附": (("屯", "子", "甲子"), ("屯", "申", "甲子")),
    "买地": (("屯", "子", "丙子"), ("屯", "子", "甲子")),
    "卖地": (("屯", "子", "戊午"), ("屯", "子", "甲子")),
    "托守": (("屯", "子", "壬午"), ("屯", "子", "甲子")),
    "修培": (("屯", "子", "甲子"), ("屯", "申", "甲子")),
    "选日": (("屯", "子", "甲子"), ("噬嗑之颐", "子", "甲子")),
}
CHAPTER_50_RULES = {"坟墓", "地师", "觅地", "寿地", "灵", "买地", "托卖", "修培", "选日"}


@pytest.mark.parametrize("sub", sorted(GRAVE_CHARTS, key=str))
def test_grave_sub_questions_each_way(sub):
    question = f"坟墓.{sub}" if sub else "坟墓"
    good, bad = GRAVE_CHARTS[sub]
    good_answer, good_rules = verdict(judged(question, *good))
    bad_answer, bad_rules = verdict(judged(question, *bad))
    assert (good_answer, bad_answer) == (("得", "不得") if sub == "觅地" else ("吉", "凶"))
    for rules in (good_rules, bad_rules):
        assert any(rule.split(".")[0] in CHAPTER_50_RULES for rule in rules), rules


def test_50_9_buying_selling_keeping_are_judged_by_their_chapters():
    """50.9 「买地同谋望，卖地同脱货，托守同用人」: 76's plan, 67's 脱产 and 64's 任人 judge them."""
    def rules(question, *chart):
        return {rule for item in judged(question, *chart)["answers"] for rule in
                [r["rule"] for r in item["decided_by"] + item["supported_by"]]}
    # buying: 76's 「兼问吉凶，并求用旺」 on the strong 世; a grave site on the same chart has no plan
    assert "谋.用旺" in rules("坟墓.买地", "屯", "子", "丙子")
    assert not any(rule.startswith("谋.") for rule in rules("坟墓", "屯", "子", "丙子"))
    # selling: 67.6 「脱产求交，应空谁与也」 -- the 应 void (戌 in 庚午's 旬) finds no buyer
    answer, decided = verdict(judged("坟墓.卖地", "屯", "子", "庚午"))
    assert answer == "凶" and "缘募.应空" in decided
    assert "缘募.应空" not in rules("坟墓.托守", "屯", "子", "庚午")
    # keeping: 64.1 「空则无能，或不为我力」 on the void 应, and the keeper's character (64.2)
    data = judged("坟墓.托守", "屯", "子", "甲子")
    assert verdict(data)[0] == "凶" and "任人.用病" in verdict(data)[1]
    assert answers_by(data, "任人性") == {"强梁"}  # the 应 holds the 官鬼: 「官鬼为强梁也」
    assert not any(rule.startswith("任人") for rule in rules("坟墓.地师", "屯", "子", "甲子"))


def test_50_4_the_lie_of_each_part_of_the_site():
    """50.4 commentary 「以六神、六爻、世应分形势，以旺崇、衰卑、空虚……坐鬼为尸」: 屯 子 甲子 -- the 应
    (line 5, 白虎, 戌 官鬼) void: the 案山 and the right 虚 and 尸; the 元武 on the top line, 子 on the day
    and the month, 崇; on 丙子 the 戌 is not void and the 案山 is not 虚."""
    def lie(*chart):
        return {f.values for f in judged("坟墓", *chart)["result"].facts("地势")}
    void = lie("屯", "子", "甲子")
    assert {("案山", "虚"), ("右", "虚"), ("案山", "尸"), ("后", "崇"), ("水口", "崇")} <= void
    assert "虚" in answers_by(judged("坟墓", "屯", "子", "甲子"), "地势").pop().split("、")
    assert ("案山", "虚") not in lie("屯", "子", "丙子")


def test_descendants_by_the_failing_zisun():
    """50.3: 子孙受伤于外卦 … 主暴死他乡 (谦: its one 子孙, 亥 on line 5, void); 带符狱武贼者主盗讼.
    (蒙 on the same day has a second 子孙, 辰 on line 2, unharmed: 30.1 「舍其有伤，取其无伤」 reads it
    and sets the void 戌 of line 4 aside.)"""
    assert "主暴死他乡" in answers_by(judged("坟墓", "谦", "子", "甲子"), "墓福").pop().split("、")
    # 「坏而带符狱武贼者主盗讼」: 屯 on a 申 day -- the 寅 子孙 (line 2) 绝, with the 天贼; on a 午 day
    # it carries the 天贼 but is whole: no 盗讼 (the star on a merely weak 子孙 is not the text's).
    assert "主盗讼" in answers_by(judged("坟墓", "屯", "辰", "壬申"), "墓福").pop().split("、")
    assert "主盗讼" not in answers_by(judged("坟墓", "屯", "辰", "庚午"), "墓福").pop().split("、")
    calm = {word for text in answers_by(judged("坟墓", "屯", "子", "甲子"), "墓福") for word in text.split("、")}
    assert not calm & {"主暴死他乡", "主盗讼"}


def test_the_grave_fears_the_world_line_in_the_tomb_not_the_body_tombs():
    """50.2 「随官入墓…皆不用也」, its commentary 「以世随鬼入墓」: 艮 on a 未 day (the 寅 官鬼 世 in its
    tomb) is unusable; 屯 on a 辰 day has only a 世身墓 (35.3 counts it in other matters)."""
    assert facts_of("坟墓", "艮", "子", "辛未", "坟卦忌") == {("随官入墓",)}
    assert facts_of("坟墓", "屯", "子", "戊辰", "随鬼入墓") == {(3, "世身墓")}
    assert not facts_of("坟墓", "屯", "子", "戊辰", "坟卦忌")


def test_buying_land_stops_at_the_cast_clash_and_the_broken_union_only():
    """50.9 「买地，遇正冲合冲…者不就」 leaves out 50.8's 变冲: 乾 (正卦冲) stops the purchase, 否之乾 (a
    changed hexagram's clash only) does not."""
    assert "买地.不就" in _rules("坟墓.买地", "乾")
    assert "买地.不就" not in _rules("坟墓.买地", "否之乾")


def test_choosing_the_day_shuns_the_officer_controlling_the_world():
    """50.9 「意在避凶，则官克鬼动」: 坎's 世 (子, a 兄弟) is controlled by its earth 官鬼; 乾's 世 (戌) is not."""
    assert "选日.官克" in _rules("坟墓.选日", "坎")
    assert "选日.官克" not in _rules("坟墓.选日", "乾")


def facts_of(question, hexagram, month, day, predicate):
    return {f.values for f in judged(question, hexagram, month, day)["result"].facts(predicate)}


def test_finding_land_where_and_when():
    """50.7: 丁亥 寅建 丁未日 否 -- the 世 卯 void: not met until 卯 fills it; the 未 父母 in 坤."""
    data = judged("坟墓.觅地", "否", "寅", "丁未")
    assert verdict(data)[0] == "不得"
    assert answers_by(data, "地方") == {"西南"} and answers_by(data, "地处") == {"野、山"}  # 山足平原: 坤 and the nuclear 艮
    hidden = judged("坟墓.觅地", "大畜", "戌", "癸丑")  # 午 父 hidden under the 寅 世, in 艮
    assert answers_by(hidden, "地方") == {"南"} and answers_by(hidden, "地处") == {"山"}


def test_height_of_the_spot_by_the_shi():
    assert answers_by(judged("坟墓.定穴", "屯", "子", "甲子"), "穴位") == {"下"}  # 屯 (坎宫二世): 世 on line 2
    assert answers_by(judged("坟墓.定穴", "坎", "子", "甲子"), "穴位") == {"上"}  # 坎: 世 on line 6


def test_v40_old_transmission_reads_the_spot_on_line_two():
    """V40 (50.5): 坎 申建 甲子日 -- the 世 (子) holds no ghost; line 2 holds the 辰 土鬼 (穴乱坟塚)."""
    assert not answers_by(judged("坟墓", "坎", "申", "甲子"), "穴象")
    assert "穴乱坟塚" in answers_by(judged("坟墓", "坎", "申", "甲子", school="俗传"), "穴象").pop()
    # 节 (世 on line 2, no ghost on it nor on the 腾蛇's line): both read the spot alike.
    assert answers_by(judged("坟墓", "节", "申", "甲子"), "穴象") == answers_by(
        judged("坟墓", "节", "申", "甲子", school="俗传"), "穴象") == set()


@cache
def judged_on(question, hexagram, date, school="易冒"):
    e = _engine(school)
    q = parse_question(e.program, question)
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(date=date), "test", q.facts())
    return {"answers": Judgement(q, chart).to_dict()["answers"], "result": chart.result}


def test_50_10_kun_after_autumn_is_not_bad_for_the_common_fengshui_rule_it_is():
    """50.10 (with 41.2, V29): 坤 drawn after 立秋 lifts the clash; the common rule keeps it."""
    autumn = "2024-08-10T12:00+08:00"
    answer, rules = verdict(judged_on("坟墓", "坤", autumn))
    assert answer == "吉" and "坟墓.秋后坤" in rules
    answer, rules = verdict(judged_on("坟墓", "坤", autumn, school="俗传"))
    assert answer == "凶" and "坟墓.三冲" in rules
    spring = "2024-05-10T12:00+08:00"  # out of season: both read the clash
    assert verdict(judged_on("坟墓", "坤", spring))[0] == verdict(judged_on("坟墓", "坤", spring, school="俗传"))[0] == "凶"


# --- charts worked by hand from the chapters' general statements (a second review) -----------------

@pytest.mark.parametrize("question, lines_or_hexagram, month, day, expected, deciding", [
    # 49.6 「专务于财，无他求也」: the 子 财 at its peak on month and day, the 寅 ghost moving.
    ("卜居.贾肆", "797888", "子", "丙子", "吉", None),
    ("卜居.仓栈", "797888", "子", "丙子", "吉", None),
    # 49.6 「占建道场，专喜福兴」: the 寅 子孙 on the month, the 戌 ghost moving.
    ("卜居.道场", "788898", "寅", "甲戌", "吉", None),
    # 49.6 「官旺而爵迁」: the 用神 is the moving 戌 官 itself, strong.
    ("卜居.公署", "788898", "未", "甲戌", "吉", None),
    # 49.1 「不遇…而逢旺相胎没之卦则吉」, 「先察卦临旺相」: a weak (not void, still) 世 does not
    # overturn the trigram in season.
    ("卜居.新居", "屯", "丑", "辛酉", "吉", "卜居.卦旺"),
    ("卜居.合新", "屯", "丑", "辛酉", "吉", "卜居.卦旺"),
    ("卜居.旧居", "788878", "辰", "辛酉", "吉", "卜居.卦旺"),
    # 49.6 「卜居庙宇，专忌鬼发」: the ghosts still, the 世 month-broken.
    ("卜居.庙宇", "屯", "申", "甲子", "吉", "庙宇.鬼静"),
    # 49.6 「卦反则不顺」 (「卦反者，如三冲反伏墓绝空破之类」), the inner trigram for building (49.5
    # 「内衰而鬼动」): 归妹之随, both trigrams 反吟, the ghosts still.
    ("卜居.创造", "798768", "午", "戊辰", "凶", "卜居.卦病"),
    ("卜居.兴修", "798768", "午", "戊辰", "凶", "卜居.卦病"),
    # 50.7 「觅地以世陷父空为戒」: the 世 寅 month-broken, the 父母 申 on the month.
    ("坟墓.觅地", "屯", "申", "甲子", "不得", "觅地.世破"),
    # 50.1 「子孙为祭祀，而不可衰也」 read on the hidden 子孙 when none flies (as 50.7 reads a hidden
    # 父): 损's hidden 申 子孙 is month-broken.
    ("坟墓", "损", "寅", "乙丑", "凶", "坟墓.子孙坏"),
])
def test_hand_charts_of_the_second_review(question, lines_or_hexagram, month, day, expected, deciding):
    cast = {"lines": lines_or_hexagram} if lines_or_hexagram.isdigit() else {"hexagram": lines_or_hexagram}
    judged_ = yimao.judge(question=question, month=month, day=day, **cast)
    lead = next(a for a in judged_.to_dict()["answers"] if not a["axis"].startswith("by "))
    assert lead["answer"] == expected, lead
    if deciding:
        assert deciding in {r["rule"] for r in lead["decided_by"]}, lead["decided_by"]


def test_grave_with_a_strong_hidden_descendant_is_not_a_sick_spot():
    """50.5 「鬼在世为穴病，若子孙日月旺相，则不拘焉」: 大畜's 世 寅 holds the ghost; the hidden 申
    子孙 is 旺 in 酉, so 穴病 does not stand."""
    rules = {v["rule"] for v in yimao.judge(question="坟墓", hexagram="大畜", month="酉", day="戊子").verdicts()}
    assert "坟墓.穴病" not in rules and "坟墓.子孙旺" in rules
