"""Chapters 47 身命 and 48 年运: the key rulings on concrete charts, through the judge.

身命: each sub-question one way and the other (the 世 of 47.1, 寿夭 with its year of the end, rank,
wealth, the way, wife, children, what to shun, the 限 of a year asked about), the judge inputs 事年
(--matter-year) and 年岁 (--age), and the rival views V37 (旧: the span from the 父母) and V38
(胎元体骨: the 大限 from birth).
"""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.api import evaluate_chart
from yimao.errors import UsageError
from yimao.judge import Judgement, parse_question
from yimao.rulebook import load_engine


@cache
def _engine(school):
    return load_engine(school=None if school == "易冒" else school)


@cache
def judged(question, hexagram, month, day, year=None, birth_year=None, matter_year=None, age=None, school="易冒",
           member=None):
    """The answers (sub-question, answer) and the chart's facts, as `yimao judge` would give them."""
    e = _engine(school)
    q = parse_question(e.program, question, birth_year=birth_year, matter_year=matter_year, age=age, member=member)
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(year=year, month=month, day=day), "test",
                           q.facts())
    judgement = Judgement(q, chart)
    return {"answers": judgement.to_dict()["answers"], "missing": judgement.to_dict().get("missing"),
            "result": chart.result}


def answer(data, axis=None):
    """The answer on the sub-question's own words axis (the first axis, or the one named)."""
    for item in data["answers"]:
        if axis is None and not item["axis"].startswith("by ") or axis and item["axis"] == axis:
            return item["answer"]
    raise AssertionError(f"no answer on {axis}: {data['answers']}")


def answers_by(data, predicate):
    """The answers in their own kind from a predicate (none when it is undecided)."""
    return {item["answer"] for item in data["answers"]
            if item["axis"].startswith(f"by {predicate}(") and item["answer"] != "无断"}


def timings(data, rule):
    """The timings a rule gave to the answers it decided."""
    return [r["timing"] for a in data["answers"] for r in a["decided_by"] if r["rule"] == rule]


def facts(data, predicate):
    return {f.values for f in data["result"].facts(predicate)}


# --- the judge inputs ------------------------------------------------------------------------------

def test_matter_year_and_age_are_question_inputs():
    program = _engine("易冒").program
    q = parse_question(program, "身命.大限", matter_year="甲午", age="45")
    assert {(f.predicate, f.values) for f in q.facts()} >= {("事年", ("甲", "午")), ("年岁", (45,))}
    assert q.to_dict()["matter_year"] == "甲午" and q.to_dict()["age"] == 45
    with pytest.raises(UsageError, match="--matter-year"):
        parse_question(program, "身命", matter_year="甲丑")
    with pytest.raises(UsageError, match="--age"):
        parse_question(program, "身命", age="五十")


def test_family_member_is_a_question_input():
    program = _engine("易冒").program
    q = parse_question(program, "年运", member="长男")
    assert ("身属", ("长男",)) in {(f.predicate, f.values) for f in q.facts()} and q.to_dict()["member"] == "长男"
    with pytest.raises(UsageError, match="--member"):
        parse_question(program, "年运", member="次男")


def test_missing_matter_year_is_reported():
    data = judged("身命.大限", "损之剥", "寅", "庚午", year="己丑")
    assert "事年" in str(data["missing"])
    assert not facts(data, "限支")


# --- 47.1 the broad question: the 世 ------------------------------------------------------------------

def test_broad_question_by_the_shi():
    assert answer(judged("身命", "屯", "子", "甲子")) == "吉"
    assert answer(judged("身命", "乾", "子", "甲子")) == "凶"


# --- 47.2-47.3, 47.15 the span of life ----------------------------------------------------------------

def test_span_extinct_on_the_day_but_born_of_the_month_is_long():
    """47.3: 世爻绝亥生寅，其寿未已."""
    assert answer(judged("身命.寿夭", "师", "寅", "辛亥", year="丁丑", birth_year="子")) == "寿"


def test_span_broken_and_entombed_is_short_with_the_stars_as_its_image():
    """47.15: 世命投墓，本主寿夭; 天贼 羊刃 on the failing 用神."""
    data = judged("身命.寿夭", "小过之艮", "子", "戊申", year="丙戌", birth_year="午")
    assert answer(data) == "夭"
    assert answers_by(data, "身命凶象") == {"天贼、羊刃、大白虎"}  # 47.15's case names 大白虎 too


def test_year_of_the_end_is_the_year_that_voids_and_clashes_the_use_god():
    """47.3: 戊子 voids 午 in its decade (甲申) and clashes it; 己丑 does neither."""
    end = judged("身命.寿夭", "师", "寅", "辛亥", year="丁丑", birth_year="子", matter_year="戊子")
    assert answer(end) == "夭"
    assert [a["timing"]["primary"]["when"] for a in end["answers"] if a["answer"] == "夭"] == ["戊子年"]
    assert answer(judged("身命.寿夭", "师", "寅", "辛亥", year="丁丑", birth_year="子", matter_year="己丑")) == "寿"


# --- 47.4-47.6 rank and wealth -------------------------------------------------------------------------

def test_rank_by_the_parent_and_the_officer():
    assert answer(judged("身命.贵", "损之剥", "寅", "庚午")) == "贵"
    assert answer(judged("身命.贵", "乾", "子", "甲子")) == "不贵"


def rules_of(data):
    return {r["rule"] for a in data["answers"] for r in a["decided_by"] + a["supported_by"]}


def test_the_year_and_month_of_rank_are_those_of_the_frame():
    # 47.4 「以会而卜其成之岁月」: 比 辰 庚午 -- the 巳 父母 (line 2) held up by the day's fire, of the metal
    # frame 巳酉丑: rank comes in the 酉 and 丑 years and months.
    rising = judged("身命.贵", "比", "辰", "庚午")
    assert answer(rising) == "贵"
    whens = {t["when"] for a in rising["answers"] if a["timing"]
             for t in [a["timing"]["primary"], *a["timing"]["alternatives"]]}
    assert {"酉年酉月", "丑年丑月"} <= whens
    assert "贵.会期" not in rules_of(judged("身命.贵", "乾", "子", "甲子"))  # 官 and 父 out of season


def test_rank_by_service_or_arms_reads_the_officer_alone():
    """47.5 「以文章取进，则专用父母……以事例擢拔，专用官鬼」: 益 寅 甲子 -- the 子 父母 on the day, the
    官鬼 (酉) only hidden under the 世 and out of season: by writing 贵, by service 不贵."""
    writing = judged("身命.贵", "益", "寅", "甲子")
    service = judged("身命.擢拔", "益", "寅", "甲子")
    assert answer(writing) == "贵" and "贵.文临" in rules_of(writing)
    assert answer(service) == "不贵" and not {"贵.文临", "贵.生旺"} & rules_of(service)
    assert facts(service, "用象") == {("官鬼",)}
    # 损之剥 寅 庚午: the 官鬼 of lines 2 and 6 in season -- 47.5's 官拜 judges the second way too
    strong = judged("身命.擢拔", "损之剥", "寅", "庚午")
    assert answer(strong) == "贵" and "贵.官拜" in rules_of(strong) and "贵.文临" not in rules_of(strong)


def test_wealth_by_the_wealth_and_the_shi():
    rich = judged("身命.富", "乾", "子", "丙子")
    assert answer(rich) == "富"
    assert answer(judged("身命.富", "乾", "子", "甲子")) == "不富"
    assert answers_by(rich, "生业")  # 47.9: where the living is made


def test_wealth_without_happiness_and_happiness_without_wealth():
    """47.6: 有财而无福者富而忧，有福而无财者贫而乐."""
    worried = judged("身命.富", "需", "子", "甲子")
    assert answer(worried) == "富" and "有财而无福：富而忧" in str(worried["answers"])
    content = judged("身命.富", "屯", "子", "甲子")
    assert answer(content) == "不富" and "有福而无财：贫而乐" in str(content["answers"])


def test_office_pointed_to_by_the_officer():
    """47.4: 以八卦为方隅，以五行为司属，以六神为班列."""
    office = answers_by(judged("身命.贵", "损之剥", "寅", "庚午"), "身命官职").pop().split("、")
    assert {"考工", "东北"} <= set(office)  # the 官 are wood (寅 卯), the 寅 官 in 艮


# --- 47.7 the way, the wife, the children ---------------------------------------------------------------

def test_the_way_fears_the_clashing_hexagram():
    assert answer(judged("身命.道业", "屯", "子", "甲子")) == "成"
    assert answer(judged("身命.道业", "乾", "子", "甲子")) == "不成"


def test_wife_and_children():
    assert answer(judged("身命.妻", "乾", "子", "丙子")) == "吉"
    assert answer(judged("身命.妻", "乾", "子", "甲子")) == "凶"
    assert answer(judged("身命.子", "乾", "子", "丙子")) == "吉"
    assert answer(judged("身命.子", "屯", "申", "甲子")) == "凶"  # the 子孙 broken: 问子而忌子虚



def test_the_childrens_nature_is_its_own_answer_beside_how_many():
    # 47.7 「旺相则多……带吉神而贤良，加凶神而顽劣」: 大有's 子 子孙 on the month, with the 白虎 (庚 day) or
    # the 勾陈 (戊 day): many and prospering either way; unruly, or good.
    tiger = judged("身命.子", "大有", "子", "庚寅")
    assert answer(tiger) == "吉" and answer(tiger, "贤良 / 顽劣 暴 忤逆") == "顽劣"
    assert answer(judged("身命.子", "大有", "子", "戊寅"), "贤良 / 顽劣 暴 忤逆") == "贤良"


# --- 47.8 what to shun -------------------------------------------------------------------------------

def test_what_to_shun_and_where_to_go():
    assert answer(judged("身命.趋避", "乾", "子", "甲子")) == "吉"
    assert answer(judged("身命.趋避", "乾", "子", "丁卯")) == "凶"
    moving_fire_ghost = judged("身命.趋避", "乾之小畜", "子", "甲子")  # 午 官鬼 moves on line 4, in 乾
    shun = answers_by(moving_fire_ghost, "趋避象")
    assert shun and all(word in next(iter(shun)) for word in ("病血", "老僧", "狂驴"))
    # 「火鬼克身而忧焚」: the fire ghost generates the 戌 世 here, it does not control it -- no 忧焚.
    assert "忧焚" not in next(iter(shun))
    assert answers_by(moving_fire_ghost, "宜往方") == {"南、东"}  # fire generates the 戌 世; 卯 combines with it
    assert answers_by(moving_fire_ghost, "宜回方") == {"东、东南、西北"}  # wood controls it, 辰 clashes it; the ghost moves in 乾


def test_persons_to_befriend_and_to_keep_away_by_their_branch():
    """47.8 「生合之人可交，克冲之人宜远也」: 乾's 世 is 戌 土 -- 巳 午 (fire) generate it, 卯 combines
    with it; 寅 卯 (wood) control it, 辰 clashes with it."""
    data = judged("身命.趋避", "乾", "子", "甲子")
    assert set(answers_by(data, "可交人").pop().split("、")) == {"巳", "午", "卯"}
    assert set(answers_by(data, "宜远人").pop().split("、")) == {"寅", "卯", "辰"}
    water = judged("身命.趋避", "坎", "子", "甲子")  # 坎's 世 子 水: 申 酉 generate it, 丑 combines; 午 clashes
    assert set(answers_by(water, "可交人").pop().split("、")) == {"申", "酉", "丑"}
    assert "午" in answers_by(water, "宜远人").pop().split("、")
    assert not answers_by(judged("身命.富", "乾", "子", "甲子"), "可交人")


# --- 47.16-47.19 the 限 ----------------------------------------------------------------------------

def test_limits_of_the_book_case_years():
    """47.19: 己丑 寅建 庚午 损之剥, rank by the 文书: 辛卯 失利, 甲午 中式."""
    failed = judged("身命.贵", "损之剥", "寅", "庚午", year="己丑", matter_year="辛卯")
    passed = judged("身命.贵", "损之剥", "寅", "庚午", year="己丑", matter_year="甲午")
    assert ("大限", 1, "巳") in facts(failed, "限支") and ("小限", 5, "子") in facts(failed, "限支")
    assert ("大限", 2, "卯") in facts(passed, "限支") and ("小限", 2, "卯") in facts(passed, "限支")
    assert answer(failed) == "不贵"
    assert answer(passed) == "贵"


def test_the_great_limit_walks_the_changed_and_the_hidden_hexagram():
    later = judged("身命.贵", "损之剥", "寅", "庚午", year="己丑", matter_year="己未")  # year 31: 悔, line 1
    assert ("大限", 1, "未") in facts(later, "限支")  # 剥's first line
    static = judged("身命.贵", "损", "寅", "庚午", year="己丑", matter_year="己未")  # no change: the nuclear 复
    assert ("大限", 1, "子") in facts(static, "限支")


def test_great_and_small_limit_sub_questions():
    for sub in ("身命.大限", "身命.小限"):
        assert answer(judged(sub, "损之剥", "寅", "庚午", year="己丑", matter_year="己丑")) == "吉"
        assert answer(judged(sub, "损之剥", "寅", "庚午", year="己丑", matter_year="甲午")) == "凶"


def test_the_year_that_fills_a_void_use_god():
    """47.17/47.19: 虚而喜实 -- 否 寅建 丁未日, the 世 卯 void; the 卯 year fills it."""
    data = judged("身命.大限", "否", "寅", "丁未", year="丁亥", matter_year="辛卯")
    assert ("流年", "实", "卯") in facts(data, "限势")
    assert ("流年", "实", "卯") not in facts(judged("身命.大限", "否", "寅", "丁未", year="丁亥", matter_year="壬辰"), "限势")


# --- rival views -----------------------------------------------------------------------------------

def test_v37_old_practice_reads_the_span_from_the_parent():
    """V37 (47.2): 旧专执父母为寿者非也 -- on 节 寅建 甲子日 the 世 is whole (有玷); the old practice
    takes the sole 父母, broken by the month.  (否 was the chart: its void 戌 父 beside the 未, 帝旺 on
    the day, is now set aside by 30.1's comparison, so there both read 寿.  乾's two 父母 are a 成格
    chosen by 30.6's 「亦以两现之法为用」: its whole 戌 is the 世.)"""
    assert answer(judged("身命.寿夭", "节", "寅", "甲子")) == "寿"
    assert answer(judged("身命.寿夭", "节", "寅", "甲子", school="俗传")) == "夭"
    # Agree where the 世 and the 父母 stand alike: 坤 寅建 癸酉日.
    assert answer(judged("身命.寿夭", "坤", "寅", "癸酉")) == answer(judged("身命.寿夭", "坤", "寅", "癸酉", school="俗传")) == "寿"


def test_v38_great_limit_from_birth():
    """V38 (47.16-47.18): the count from birth; for a child divined for at birth it is the book's."""
    case = dict(question="身命.贵", hexagram="损之剥", month="寅", day="庚午", year="己丑", matter_year="甲午")
    assert answer(judged(**case, age=0)) == answer(judged(**case, age=0, school="或曰")) == "贵"
    grown = judged(**case, age=45, school="或曰")  # 大限 year 51: the changed hexagram's fifth line, 子
    assert ("大限", 5, "子") in facts(grown, "限支")
    assert answer(judged(**case, age=45)) == "贵"
    assert answer(grown) == "不贵"


# --- 48 年运 ---------------------------------------------------------------------------------------

def test_year_by_the_shi_and_the_ghost():
    assert answer(judged("年运", "坎", "子", "甲子")) == "吉"  # the 世 子 on the day and month, no ghost moves
    moving_ghost = judged("年运", "坎之比", "子", "甲子")  # the 辰 官鬼 of line 2 moves
    assert answer(moving_ghost) == "凶"
    assert {"江河", "盗贼"} <= set(answers_by(moving_ghost, "年运象").pop().split("、"))  # 48.4: in 坎
    assert answers_by(moving_ghost, "年祸人") == {"妻、牝鸡鸣晨"}  # 48.5 line 2; 48.6 鬼化财


def test_reversal_weighs_only_on_the_askers_own_family_member():
    """48.1: 身属中女，反吟则凶 -- 家人之涣: the inner 离 (中女) turns into 坎 (中男), clashing."""
    ruled = lambda data: {r["rule"] for a in data["answers"] for r in a["decided_by"] + a["supported_by"]}
    assert "年运.反吟主属" in ruled(judged("年运", "家人之涣", "子", "甲子", member="中女"))
    assert "年运.反吟主属" not in ruled(judged("年运", "家人之涣", "子", "甲子", member="长男"))
    assert "身属" in str(judged("年运", "家人之涣", "子", "甲子")["missing"])


def test_size_of_the_trouble_by_the_ghost():
    """48.7: 旺大衰小 -- the 酉 官鬼 moving in 噬嗑之颐, weak on a 子 day, strong on a 酉 day."""
    assert "小祸" in answers_by(judged("年运", "噬嗑之颐", "子", "甲子"), "年运象").pop().split("、")
    assert "大祸" in answers_by(judged("年运", "噬嗑之颐", "子", "癸酉"), "年运象").pop().split("、")


def test_year_and_month_against_the_shi():
    """48.9: 酉世逢辰年而得济 -- the year combining the 世 helps, the one clashing it harms."""
    good = judged("年运", "坎", "子", "甲子", matter_year="乙丑")
    bad = judged("年运", "坎", "子", "甲子", matter_year="甲午")
    assert answer(good) == "吉" and ["丑年"] in timings(good, "年运.岁月吉")
    assert answer(bad) == "凶" and [a["timing"]["primary"]["when"] for a in bad["answers"] if a["timing"]] == ["午年"]


def test_the_ghost_in_its_tomb_year_and_in_its_own_year():
    """48.9's commentary: 「年运内逢官鬼墓绝，其词乃灭」 -- 坎's earth ghosts (辰 戌) are in their tomb in
    a 辰 year; 「元官之发，年运内值岁而方见」 -- 坎之师 moves the 戌 ghost of line 5: its trouble shows in
    a 戌 year, and not when the ghost is at rest (坎)."""
    ruled = lambda data: {r["rule"] for a in data["answers"] for r in a["decided_by"] + a["supported_by"]}
    tomb = judged("年运", "坎", "子", "甲子", matter_year="丙辰")
    assert ("年", "辰", "鬼墓绝") in facts(tomb, "岁月合世") and "年运.岁制鬼" in ruled(tomb)
    assert not {f for f in facts(judged("年运", "坎", "子", "甲子", matter_year="甲午"), "岁月合世") if f[2] == "鬼墓绝"}
    shown = judged("年运", "坎之师", "子", "甲子", matter_year="甲戌")
    assert ("年", "戌", "鬼值岁") in facts(shown, "岁月合世") and ["戌年"] in timings(shown, "年运.岁月凶")
    assert not {f for f in facts(judged("年运", "坎", "子", "甲子", matter_year="甲戌"), "岁月合世") if f[2] == "鬼值岁"}


def test_the_year_that_generates_the_child_line_brings_the_pregnancy():
    """48.9's commentary: 「时下乏嗣，年运内逢子生，当岁即孕」 -- 坎's 子孙 is the 寅 of line 1 (wood):
    a 子 year (water) generates it, a 午 year does not."""
    assert ["子年"] in timings(judged("年运.诞儿", "坎", "子", "甲子", matter_year="丙子"), "诞儿.逢子生")
    assert not timings(judged("年运.诞儿", "坎", "子", "甲子", matter_year="甲午"), "诞儿.逢子生")


def test_fame_wants_the_parents_line_at_rest():
    """48.8 「官文静旺，宜以求名」: 乾之兑 moves both 父母 (辰 戌): no 求名 from them; 乾 keeps them still."""
    ruled = lambda data: {r["rule"] for a in data["answers"] for r in a["decided_by"] + a["supported_by"]}
    assert "趋吉.求名" in ruled(judged("年运.求名", "乾", "子", "壬午"))
    assert "趋吉.求名" not in ruled(judged("年运.求名", "乾之兑", "戌", "辛巳"))


@pytest.mark.parametrize("sub", ["年运.求名", "年运.问利", "年运.诞儿", "年运.得妇"])
def test_goods_sought_only_with_a_strong_shi_and_a_still_ghost(sub):
    hexagram = "比" if sub == "年运.得妇" else "乾"  # 比's 应 is a 妻财 generating the 世 (「应财生世」)
    assert answer(judged(sub, hexagram, "子", "壬午")) == "吉"
    assert answer(judged(sub, "乾", "子", "甲子")) == "凶"


def test_a_good_sought_needs_its_own_sign_not_only_a_strong_shi():
    # 48.8 「世既旺矣，鬼既静矣，然后索卦爻上下……以为吉可趋也」: 乾 子 壬午 -- the 世 strong, the ghost
    # still, but the 应 is a 父母: no wife to be had (「应财生世，得妇齐眉」).
    wife = judged("年运.得妇", "乾", "子", "壬午")
    assert answer(wife) == "凶"
    assert "趋吉.未见" in {r["rule"] for a in wife["answers"] for r in a["decided_by"]}


def test_v39_hexagram_warnings_only_with_a_moving_ghost():
    """V39 (48.3): 若鬼静则莫将卦名推祸福也 -- the old practice reads 坎 as 忌出行 with the ghost still."""
    assert not answers_by(judged("年运", "坎", "子", "甲子"), "年戒")
    assert answers_by(judged("年运", "坎", "子", "甲子", school="俗传"), "年戒") == {"忌出行"}
    assert answers_by(judged("年运", "坎之比", "子", "甲子"), "年戒") == {"忌出行"}
    assert answers_by(judged("年运", "坎之比", "子", "甲子", school="俗传"), "年戒") == {"忌出行"}


def test_the_year_of_its_own_branch_fills_a_void_shi():
    # 48.9 「如世爻落空，年运少利，后值太岁，是年诸事可图也」: 878878 (坎, the 子 世 on 6) asked of a 子 year --
    # void on 甲寅 (甲寅 旬 空 子丑), so the year fills it; on 壬申 it is not void and the clause is silent.
    def year_fills(day):
        judgement = yimao.judge(question="年运.诞儿", lines="878878", month="寅", day=day, matter_year="甲子")
        return any(v["text"] == "子年：值太岁诸事可图" for v in judgement.verdicts())

    assert year_fills("甲寅") and not year_fills("壬申")


def test_the_trigram_a_moving_ghost_stands_in_is_a_quarter_to_turn_back_from():
    # 47.8 「鬼发之宫不可适」: 离之噬嗑 (the 亥 官鬼 on 3 moves, in the inner 离): 南, beside the 北 whose
    # water controls the 世 (「克冲世之方宜回」); with no ghost moving (离) only the 北.
    def back(hexagram):
        return set(answer(judged("身命.趋避", hexagram, "申", "甲子"), "by 宜回方(方)").split("、"))

    assert back("离之噬嗑") == {"北", "南", "西北"}  # 亥 clashes the 巳 世 (「克冲世之方宜回」)
    assert "南" not in back("离")

