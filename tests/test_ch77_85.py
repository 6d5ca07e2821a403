"""Chapters 77 出行, 79 舟车, 80 河防, 81 逃亡 …: each sub-question on a chart where the book's answer
goes one way and one where it goes the other, through the judge; the rival views V50 (77.4) and V51
(81.6) are tested with the other overlays in test_schools_book.py."""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.api import evaluate_chart
from yimao.judge import Judgement, parse_question
from yimao.rulebook import load_engine


@cache
def answers(question, hexagram, month, day, about=None):
    """The judge's answers (weighed axes and answers in their own kind), keyed by the axis or `by`."""
    e = load_engine()
    q = parse_question(e.program, question, about=about)
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(month=month, day=day), "test", q.facts())
    judgement = Judgement(q, chart)
    return judgement.answers(), judgement.verdicts()


def answer(question, hexagram, month, day, axis, about=None):
    """The answer word on one axis ('吉 / 凶', or 'by 行祸(祸)' for an answer in its own kind)."""
    rows, _ = answers(question, hexagram, month, day, about)
    found = [row["answer"] for row in rows if row["axis"] == axis]
    assert found, [row["axis"] for row in rows]
    return found[0]


def rulings(question, hexagram, month, day, about=None):
    """The undefeated rulings of the chart: {(rule, word)}."""
    _, verdicts = answers(question, hexagram, month, day, about)
    return {(v["rule"], v["polarity"]) for v in verdicts if not v["defeated_by"]}


# --- 77 出行 ---------------------------------------------------------------------------------------

def test_journey_taboo_hexagram_over_a_quiet_ghost():
    # 明夷 (41.3's taboo of travel): no ghost moves, yet 「虽用疆鬼静亦忌焉」 -- 凶.
    # (the answer itself, 凶, and 泰之升's 吉 are rows of ANSWERS below)
    assert ("出行.鬼静", "吉") in rulings("出行", "明夷", "子", "甲子")


def test_journey_moving_ghost_names_its_calamity():
    # 井之大过: the 申 官 on line 4 moves in the 坎 trigram (腾蛇 on a 甲 day) into 亥, helped by the 酉 month.
    rows, _ = answers("出行", "井之大过", "酉", "甲子")
    calamities = next(row for row in rows if row["axis"] == "by 行祸(祸)")["answer"]
    assert {"风波之患", "惊风波", "西"} <= set(calamities.split("、"))
    assert ("出行.鬼动", "凶") in rulings("出行", "井之大过", "酉", "甲子")
    # 蛊之蒙's 酉 官 moves into 午, which controls it: 32.2 「动而有制……犹不动也」, no calamity of the road
    # (32.5 「出入行藏，贵乎静而勿动」)
    rows, _ = answers("出行", "蛊之蒙", "午", "甲子")
    assert next(row for row in rows if row["axis"] == "by 行祸(祸)")["answer"] == "无断"
    assert ("出行.鬼动", "凶") not in rulings("出行", "蛊之蒙", "午", "甲子")


def test_journey_tomb_of_the_world_line():
    # 同人 on a 壬辰 day: the 亥 世 with the ghost in the 辰 tomb -- 随墓, a taboo (V50: the book's).
    found = rulings("出行", "同人", "子", "壬辰")
    assert {("出行.随墓", "凶"), ("出行.世随官墓", "凶")} <= found


def test_setting_out_world_spoiled_or_sound():
    # 乾之姤 on 甲子 in a 子 month: the 戌 世 void (甲子 decade) -- 坏世不出.
    assert ("成行.坏世", "不出") in rulings("出行.成行", "乾之姤", "子", "甲子")
    # 讼之否 on 丙午: the 世 static, no ill; the day the clash comes is the day one sets out.
    assert not any(word == "不出" for _, word in rulings("出行.成行", "讼之否", "午", "丙午"))
    assert answer("出行.成行", "讼之否", "午", "丙午", "by 行期(期)")


def test_wind_by_the_brothers():
    # 坤: the 兄 generates the 世 -- 顺 (ANSWERS); the ghost at rest -- no capsizing.
    assert ("风险.鬼静", "无咎") in rulings("出行.筮风", "坤", "子", "甲子")


def test_wind_fair_when_the_day_generates_the_shi_not_the_brother():
    # 「日生则天顺」 stands beside 「兄克则风逆」: heaven (the day) generating the 世.  萃: the 巳 世 on line 2,
    # the 酉 兄 neither generates nor controls it; a 寅 day generates the 世, a 辰 day only the 兄.
    assert ("筮风.日生", "顺") in rulings("出行.筮风", "萃", "亥", "庚寅")
    # the 兄 cut off on the day is a small wind, not a foul one (「顺逆务于弟兄而日参之」)
    assert answer("出行.筮风", "萃", "亥", "庚寅", "顺 / 逆") == "顺"
    assert not any(rule == "筮风.日生" for rule, _ in rulings("出行.筮风", "萃", "亥", "戊辰"))


def test_wind_crosswise_when_the_brother_and_the_day_disagree():
    # 「兄克日生，其风横逆」: 震's 寅 兄 controls the 戌 世, the 午 day generates it
    assert ("筮风.横逆", "逆") in rulings("出行.筮风", "震", "辰", "壬午")
    # 「兄生日克，其风横顺」
    assert ("筮风.横顺", "顺") in rulings("出行.筮风", "屯之节", "申", "乙酉")
    assert not any(rule.startswith("筮风.横") for rule, _ in rulings("出行.筮风", "坤", "子", "甲子"))


def test_companion_not_setting_out_when_the_combined_cast_is_clashed():
    # 「贞合冲则不偕」: 贲, a 六合, its 世/应 clashed by the 辰 day (合冲) ...
    assert ("偕行.贞合冲", "不偕") in rulings("出行.同行", "贲", "戌", "戊辰")
    # ... and 乾, a 六冲 (贞冲): 「贞合冲」 is 71.2's 「贞冲、合冲」 (tests/test_fourth_review_77.py)
    assert ("偕行.贞合冲", "不偕") in rulings("出行.同行", "乾", "子", "甲子")


def test_errand_by_its_own_use_god():
    # 升迁: the 官, and the 世 must not be void (乾 on 甲子: the 戌 世 void).
    assert ("求事.升迁世空", "不成") in rulings("出行.求事", "乾", "子", "甲子", "升迁")


def test_favourable_quarter_by_the_children():
    # 屯: the 子孙 is 卯 (wood): born at 亥 (西北), flourishing at 卯 (东).
    quarters = answer("出行.利方", "屯", "子", "甲子", "by 利方(方)")
    assert "西北" in quarters and "东" in quarters


# --- 79 舟车 ---------------------------------------------------------------------------------------

def test_conveyance_ghost_first_then_the_use_god():
    # 泰之升 in a 午 month: the ghost quiet, the 父 in season.
    assert ("舟车.安", "吉") in rulings("舟车", "泰之升", "午", "丙午")


def test_finding_and_soundness_of_the_conveyance():
    # 乾之姤 in a 午 month: the 父 strong, the 世 whole -- nothing says it is hard to find.
    assert not any(word == "不得" for _, word in rulings("舟车.雇觅", "乾之姤", "午", "丙午"))
    # mules by the 子孙 (--about 骡马)
    rows, _ = answers("舟车.雇觅", "乾之姤", "午", "丙午", "骡马")
    assert rows


def test_boat_parts_under_the_ghost_and_rivers():
    # 蛊之蒙: the moving ghost is the 世 (line 3): the boat's master; the 魇 lies mid-hold.
    assert answer("舟车.舟楫", "蛊之蒙", "子", "甲子", "by 船忌(段)") == "船之主"
    assert answer("舟车.舟楫", "蛊之蒙", "子", "甲子", "by 魇处(处)") == "中仓"


# --- 80 河防 ---------------------------------------------------------------------------------------

def test_which_spirit_haunts_the_boat_is_asked_as_seeking_the_haunting():
    # 79.7 「问何鬼神，犹求祟也」: 87's 卜祟 (is it a haunting) and 58's likenesses of the ghost (which).
    # 乾之小畜 丙寅: the 午 官鬼 on 4 moves -- 「卜其为祟乎，鬼动则是」; 讼 甲子: no ghost on the cast, the
    # hidden 午 void -- 「乃无鬼祟」.
    assert answer("舟车.问神", "乾之小畜", "寅", "丙寅", "是 有祟 / 非 无祟") == "是"
    assert ("卜祟.动", "是") in rulings("舟车.问神", "乾之小畜", "寅", "丙寅")
    assert answer("舟车.问神", "讼", "寅", "甲子", "是 有祟 / 非 无祟") == "非"
    spirit = answer("舟车.问神", "乾之姤", "寅", "甲子", "by 神祇象(象)")
    assert spirit == answer("鬼神", "乾之姤", "寅", "甲子", "by 神祇象(象)") and "门户之祟" in spirit.split("、")
    rows, _ = answers("舟车", "乾之姤", "寅", "甲子")
    assert not any(row["axis"] == "by 神祇象(象)" for row in rows)  # the journey itself asks no spirit


def test_dike_firm_or_falling():
    # the days the work is done: the 世's and the 父's branches
    assert answer("河防.堤防", "需", "午", "丙午", "by 河防成期(期)")


def test_officials_labourers_repairs_and_men_sent():
    assert ("民夫.旺克世", "凶") in rulings("河防.民夫", "坎", "午", "丙午")
    assert ("民夫.鬼静", "吉") in rulings("河防.民夫", "需", "午", "丙午")


# --- 81 逃亡 ---------------------------------------------------------------------------------------

def test_capture_is_world_against_response():
    # 屯 on 甲子: the 世 controls the 应, but the 应 is void -- 「如世克应而应空，其何从而得获也」.
    assert {("捕逃.世克应", "获"), ("捕逃.应空", "不获")} <= rulings("逃亡", "屯", "子", "甲子")


def test_where_he_went_with_the_books_warning():
    # No line moves: the outer trigram (泰: 坤, 西南); the place carries the warning of 81.3.
    rows, _ = answers("逃亡", "泰", "巳", "甲辰", "子")
    places = next(row for row in rows if row["axis"] == "by 逃所(所)")
    assert "寡妇之室" in places["answer"]
    assert all("不可实指" in item["texts"][0] for item in places["decided_by"])
    assert answer("逃亡", "泰", "巳", "甲辰", "by 逃方(方)", "子") == "西南"
    # One line moves: the trigram it stands in and whom he joined (坤之复: line 1 of the inner 坤).
    assert answer("逃亡", "坤之复", "子", "甲子", "by 逃方(方)") == "西南"
    assert answer("逃亡", "坤之复", "子", "甲子", "by 逃投(投)")


def test_both_hidden_use_gods_read_the_outer_one():
    # 81.5 「偶皆伏藏，则以外卦之用占方」: 晋之大有 asked about a son -- 子孙 is hidden under lines 1 and
    # 5; ch. 42 takes line 1's (under a mover), but the quarter is the outer one's: 离, 南.
    assert answer("逃亡", "晋之大有", "子", "甲子", "by 逃方(方)", "子") == "南"
    # 明夷之临 asked about a wife: 妻财 hidden under lines 3 and 4, and 42 already takes line 4's
    # (under the 世): the flying line's trigram as before, 坤.
    assert answer("逃亡", "明夷之临", "子", "甲子", "by 逃方(方)", "妻") == "西南"
    # Hidden once only (否之剥 about a son: 子孙 under line 1): the flying line's own trigram, 坤.
    assert answer("逃亡", "否之剥", "子", "甲子", "by 逃方(方)", "子") == "西南"


def test_heaven_and_earth_images_are_whole():
    # 81.2 「乾为寺庙都下城垣之近，驴马驱驰，坤为社稷坟墓郊野田园之迩，耕牧追随也」.
    assert "驴马驱驰" in answer("逃亡", "否", "子", "甲子", "by 逃所(所)")
    assert "耕牧追随" in answer("逃亡", "泰", "子", "甲子", "by 逃所(所)")
    assert "驴马驱驰" not in answer("逃亡", "泰", "子", "甲子", "by 逃所(所)")


def test_the_runaways_own_questions():
    assert ("反噬.官克", "凶") in rulings("逃亡.反噬", "泰", "子", "甲子")
    assert not rulings("逃亡.反噬", "乾", "子", "甲子") & {("反噬.官克", "凶"), ("反噬.鬼动", "凶")}


# --- 82 斗殴 ---------------------------------------------------------------------------------------

def test_where_and_how_they_fight():
    # 蒙之损: the 应 (line 1, in 坎, 青龙) moves: 乡党, 泽畔; 笑刀之谋; the moving 父母 -- 老随.
    places = answer("斗殴", "蒙之损", "子", "甲子", "by 斗地(地)")
    assert "乡党" in places and "泽畔" in places
    assert answer("斗殴", "蒙之损", "子", "甲子", "by 斗象(象)") == "笑刀之谋"
    assert answer("斗殴", "蒙之损", "子", "甲子", "by 斗伴(伴)") == "老随"


# --- 83 词讼 ---------------------------------------------------------------------------------------

def test_three_parties_answered_each():
    rows, _ = answers("词讼", "泰", "子", "甲子")
    axes = {row["axis"] for row in rows}
    assert {"by 官情(象)", "by 我情(象)", "by 彼情(象)"} <= axes
    assert answer("词讼", "乾", "子", "甲子", "by 我情(象)")
    assert answer("词讼", "泰", "子", "甲子", "by 彼情(象)")


def test_suit_questions():
    assert answer("词讼.审期", "泰", "子", "甲子", "by 讼期(期)")


def test_brothers_moving_beside_the_shi_ying_and_between_bring_public_accusation():
    # 83.8 「傍摇有公举之论」: 坤 (世 6, 应 3, 间 4 5): the 未 兄弟 on 1 moves (also alone: 多费); on 4, a
    # 间爻, it is 「间发而多人」 instead.
    assert set(answer("词讼", "坤之复", "寅", "甲子", "by 兄象(象)").split("、")) == {"多费", "公举之论"}
    assert "公举之论" not in answer("词讼", "坤之豫", "寅", "甲子", "by 兄象(象)").split("、")


def officer_signs(hexagram, month, day):
    return answer("词讼", hexagram, month, day, "by 官情(象)")


def test_hidden_ghost_root_needs_a_mover_lifting_it():
    # 83.5 「鬼伏世应动爻生扶之下，则讼根未断」: 解之随 -- the 申 官 hidden under the 应 (line 5), the
    # moving 辰 on line 2 generates it.  解 at rest: no mover lifts it, no root.
    assert "讼根未断" in officer_signs("解之随", "午", "壬寅")
    assert "讼根未断" not in officer_signs("解", "午", "壬寅")


def test_combination_clashed_or_changed_to_clash_reads_as_the_clash():
    # 83.6 「即合冲变冲同义」: 节 (六合) with the day clashing, its 官 void; 遁之无妄 (changing into a
    # clash), its 官 void -- 冰释 as under a clashing hexagram.
    assert "冰释易散息" in officer_signs("节之大过", "未", "丙寅")
    assert "冰释易散息" in officer_signs("遁之无妄", "酉", "壬辰")
    # 遁 at rest on the same day: no clash of any kind.
    assert "冰释易散息" not in officer_signs("遁", "酉", "壬辰")


def test_parties_yielding_weighed_after_the_officer():
    # 83.10 「世生应为我柔，惟世克应、应生世是反之」.
    assert ("词讼.世生应", "负") in rulings("词讼", "解之随", "午", "壬寅")
    assert ("词讼.应生世", "胜") in rulings("词讼", "家人之渐", "申", "辛丑")
    assert not {("词讼.世生应", "负"), ("词讼.应生世", "胜")} & rulings("词讼", "乾", "子", "甲子")


def test_stay_when_the_officer_is_still_and_broken():
    # 83.14 「大抵以官鬼安静破空为吉」: 艮 in a 申 month -- its only 官, 寅, broken and at rest.
    assert ("回关.官静破空", "无事") in rulings("词讼.回关", "艮", "申", "丙戌")
    assert ("回关.官静破空", "无事") not in rulings("词讼.回关", "艮", "子", "甲子")


def test_officer_on_the_year_and_its_stages_in_the_month():
    # 83.5 「若官在年月日之上」: 乾's 午 官 on a 甲午 year; 「官爻倘遇日月长生…临官帝旺」: the 寅 month
    # (fire born) and the 午 month (fire at its height), on a 甲子 day that gives neither.
    def signs(**when) -> str:
        judgement = yimao.judge(question="词讼", hexagram="乾", day="甲子", **when)
        return next(row["answer"] for row in judgement.answers() if row["axis"] == "by 官情(象)")

    assert "事干台宪" in signs(year="甲午", month="子") and "事干台宪" not in signs(year="甲子", month="子")
    assert "经年之讼" in signs(month="寅") and "经年之讼" not in signs(month="子")
    assert "折狱之期" in signs(month="午") and "折狱之期" not in signs(month="子")


def test_release_also_on_the_day_that_controls_the_officer():
    # 83.11 「子孙填值之日、官鬼制伏之辰」: 解's 官 is 申 metal -- fire days 巳 午; 乾's is fire -- 亥 子.
    assert "巳" in answer("词讼.禁责", "解", "午", "壬寅", "by 讼期(期)")
    assert "巳" not in answer("词讼.禁责", "乾", "午", "壬寅", "by 讼期(期)")


# --- 84 失物 ---------------------------------------------------------------------------------------

def test_lost_thing_by_its_kind():
    assert answer("失物.见获", "屯", "午", "丙午", "by 失期(期)")


def test_the_thief_and_the_place():
    # 蛊之蒙: the 酉 官 (line 3, inner 巽, 勾陈) moves -- a visible thief of the house, from the 东南.
    thief = answer("失物", "蛊之蒙", "子", "甲子", "by 盗象(象)")
    assert "明贼" in thief and "家内之人" in thief
    assert answer("失物", "蛊之蒙", "子", "甲子", "by 盗方(方)") == "东南"
    assert answer("失物", "蛊之蒙", "子", "甲子", "by 盗貌(貌)") == "似端笃而不良"
    assert answer("失物", "蛊之蒙", "子", "甲子", "by 盗情(情)") == "穿凿挢而入"
    assert "地与井" in answer("失物", "蛊之蒙", "子", "甲子", "by 藏所(所)")


def test_two_wealth_lines_read_the_main_one():
    # 84.3 「两财论世爻、卦身、世身、内卦为主爻」: 需 -- the 子 财 on lines 1 and 6, the 世 (line 4, 坎)
    # holds neither; the inner one is the 主爻: 乾, 西北 (not the 世's 坎, 北).
    assert answer("失物", "需", "子", "甲子", "by 藏方(方)") == "西北"
    # 剥: 财 on lines 3 (卯) and 6 (寅), the 世 on line 5 (艮): the inner one, 坤, 西南.
    assert answer("失物", "剥", "子", "甲子", "by 藏方(方)") == "西南"
    # One 财 only (乾: 寅 on line 2): its own trigram, no 主爻 reading.
    assert answer("失物", "乾", "子", "甲子", "by 藏方(方)") == "西北"


def test_my_own_loss_when_the_world_is_spoiled():
    # 84.5 「世受衰败而自遗也」: 鼎之晋 in a 巳 month on 辛卯 -- the 世 spoiled: my own loss.
    assert ("是我.世败", "是") in rulings("失物.是我", "鼎之晋", "巳", "辛卯")
    assert ("是我.世败", "是") not in rulings("失物.是我", "乾", "戌", "甲午")


def test_a_line_changing_into_the_ghost_puts_its_place_under_the_taboo_too():
    # 79.5 「从于鬼化，是何象位，即为有灾」: 归妹之睽, the 戌 父母 on the 应 (line 6) changes into the 巳 官鬼 --
    # the boat's body (象) and its steersman (位).
    parts = answer("舟车.舟楫", "归妹之睽", "子", "甲子", "by 船忌(段)").split("、")
    assert {"船体", "船之宰"} <= set(parts)
    # 蛊之蒙: the ghost on the 世 moves and changes into a 子孙 -- the master's part only (并于鬼而动).  In a
    # 午 month the month controls the 酉 ghost (32.2 「动而有制……犹不动也」); in a 酉 month it stands on the
    # month (22.2 「伤而不伤」) and moves.
    assert answer("舟车.舟楫", "蛊之蒙", "酉", "甲子", "by 船忌(段)") == "船之主"


# --- 85 诅誓 ---------------------------------------------------------------------------------------

def test_repayment_cursed_oath_poison():
    assert "迟" in answer("诅誓.彼报", "乾", "子", "甲子", "by 报象(象)")        # 七八: the 官 at rest


# --- each sub-question one way and the other -------------------------------------------------

# (question, hexagram, month, day, axis, --about, the answer the book gives on that chart)
ANSWERS = [
    ("出行", "明夷", "子", "甲子", "吉 / 凶", None, "凶"),
    ("出行", "泰之升", "午", "丙午", "吉 / 凶", None, "吉"),
    ("出行", "同人", "子", "壬辰", "吉 / 凶", None, "凶"),
    ("出行.成行", "乾之姤", "子", "甲子", "出 / 不出", None, "不出"),
    ("出行.同行", "蒙之损", "子", "甲子", "可同 / 不可同", None, "不可同"),
    ("出行.同行", "需", "子", "甲子", "可同 / 不可同", None, "可同"),
    ("出行.筮风", "坤", "子", "甲子", "顺 / 逆", None, "顺"),
    ("出行.筮风", "蛊之蒙", "午", "甲子", "无咎 / 覆舟", None, "无咎"),  # the 酉 ghost 有制: 犹不动 (32.2)
    ("出行.关隘", "泰之升", "子", "甲子", "如意 / 阻隔", None, "阻隔"),  # 官克世
    ("出行.关隘", "屯", "子", "甲子", "如意 / 阻隔", None, "如意"),  # 子旺官空
    ("出行.旅寓", "乾之姤", "子", "甲子", "安 / 不安", None, "不安"),  # 世坏疾生
    ("出行.旅寓", "讼之否", "午", "丙午", "安 / 不安", None, "安"),  # 世身生旺
    ("出行.求事", "乾", "子", "甲子", "成 / 不成", "货利", "成"),
    ("出行.求事", "乾", "午", "丙午", "成 / 不成", "货利", "不成"),
    ("舟车", "蛊之蒙", "子", "甲子", "吉 / 凶", None, "凶"),
    ("舟车", "泰之升", "午", "丙午", "吉 / 凶", None, "吉"),
    ("舟车.雇觅", "乾之姤", "子", "甲子", "得 / 不得", None, "不得"),
    ("舟车.雇觅", "乾之姤", "午", "丙午", "良 / 敝", None, "良"),
    ("舟车.雇觅", "乾之姤", "子", "乙卯", "良 / 敝", None, "敝"),  # 甲子: the day holds the line up by its stages (23.3)
    ("舟车.夫占", "讼之否", "子", "甲子", "宜 / 不宜", None, "宜"),  # 应生世
    ("舟车.夫占", "蒙之损", "子", "甲子", "宜 / 不宜", None, "不宜"),  # 应克世
    ("舟车.附舟", "需", "子", "甲子", "宜 / 不宜", None, "宜"),
    ("舟车.附舟", "坤", "子", "甲子", "宜 / 不宜", None, "不宜"),  # 六冲
    ("舟车.舟楫", "坎", "子", "甲子", "吉 / 凶", None, "凶"),  # 江海大凶
    # the journey's safety is the traveller's 用神 (79.4 「所历之安危，察用神与官鬼」): 需's 世 申 is 旺 in a
    # 酉 month, the 寅 官 quiet (in a 午 month on 丙午 the 世 is 死气: 凶, tests/test_third_review_79_81.py)
    ("舟车.舟楫", "需", "酉", "庚戌", "吉 / 凶", None, "吉"),
    ("河防", "乾之姤", "午", "丙午", "吉 / 凶", None, "凶"),
    ("河防", "讼之否", "子", "甲子", "吉 / 凶", None, "吉"),
    ("河防.堤防", "需", "午", "丙午", "固 / 倾", None, "固"),  # 父 in season
    ("河防.堤防", "讼之否", "午", "丙午", "固 / 倾", None, "倾"),  # 父 void/broken
    ("河防.奉差", "屯", "午", "丙午", "吉 / 凶", None, "吉"),
    ("河防.奉差", "坎", "午", "丙午", "吉 / 凶", None, "凶"),  # 官克世
    ("河防.官吏", "需", "子", "甲子", "升 / 降", None, "升"),
    ("河防.官吏", "需", "午", "丙午", "升 / 降", None, "降"),
    ("河防.杂修", "需", "午", "丙午", "成 / 不成", None, "成"),
    ("河防.杂修", "讼之否", "午", "丙午", "成 / 不成", None, "不成"),
    ("河防.差委", "讼之否", "子", "甲子", "成 / 不成", None, "成"),
    ("河防.差委", "乾之姤", "子", "甲子", "成 / 不成", None, "不成"),  # 六冲
    ("逃亡", "需之既济", "子", "甲子", "获 / 不获", None, "获"),
    ("逃亡", "屯", "子", "甲子", "获 / 不获", None, "不获"),
    ("逃亡.遁地", "乾", "子", "甲子", "在 / 不在", None, "在"),
    ("逃亡.遁地", "屯", "子", "甲子", "在 / 不在", None, "不在"),  # 用 空
    ("逃亡.成捕", "乾", "子", "甲子", "获 / 不获", "子", "获"),  # kin: 用 strong
    ("逃亡.成捕", "乾", "午", "丁巳", "获 / 不获", "子", "不获"),  # the 子 broken; the hidden 亥 绝 on 巳 (on 丙午 it lives: 12.1's 用神)
    ("逃亡.人诱", "蒙", "子", "甲子", "诱 / 不诱", None, "诱"),
    ("逃亡.人诱", "乾", "子", "甲子", "诱 / 不诱", None, "不诱"),
    ("逃亡.同游", "乾", "子", "甲子", "同 / 不同", None, "同"),
    ("逃亡.同游", "坤", "午", "丙午", "同 / 不同", None, "不同"),
    # 81.9's case (否, 卯 month, 丙辰: 「卯财持世，戌应暗兴，后果同行都下」): the servant by his 妻财, the
    # friend by the 应; in a 酉 month the servant's 卯 is broken -- 「应用一病亦非」
    ("逃亡.同游", "否", "卯", "丙辰", "同 / 不同", "仆", "同"),
    ("逃亡.同游", "否", "酉", "丙辰", "同 / 不同", "仆", "不同"),
    ("逃亡.不遗", "乾", "子", "甲子", "不失 / 失", None, "不失"),
    ("逃亡.不遗", "乾", "午", "丙午", "不失 / 失", None, "失"),
    ("逃亡.讼逃", "屯", "子", "甲子", "有益 / 无益", None, "有益"),
    ("逃亡.讼逃", "乾", "子", "甲子", "有益 / 无益", None, "无益"),
    ("逃亡.许觅", "乾", "子", "甲子", "成 / 不成", None, "成"),
    ("逃亡.许觅", "屯", "子", "甲子", "成 / 不成", None, "不成"),
    ("逃亡.丧节", "乾", "子", "甲子", "未苟 / 丧节", None, "未苟"),
    ("逃亡.丧节", "乾", "午", "丙午", "未苟 / 丧节", None, "丧节"),
    ("逃亡.将逃", "蒙", "子", "甲子", "不逃 / 逃", None, "逃"),
    ("逃亡.将逃", "屯", "子", "甲子", "不逃 / 逃", None, "不逃"),
    ("逃亡.存亡", "坤", "子", "甲子", "存 / 不存", None, "存"),
    ("逃亡.存亡", "坤", "午", "丙午", "存 / 不存", None, "不存"),
    ("逃亡.为僧", "坤", "子", "甲子", "成 / 不成", None, "成"),
    ("逃亡.为僧", "坤", "午", "丙午", "成 / 不成", None, "不成"),
    ("逃亡.求名", "乾", "子", "甲子", "得 / 不得", None, "得"),
    ("逃亡.求名", "屯", "子", "甲子", "得 / 不得", None, "不得"),
    ("逃亡.自归", "讼", "子", "甲子", "归 / 不归", None, "归"),
    ("逃亡.自归", "蒙", "子", "甲子", "归 / 不归", None, "不归"),
    ("逃亡.恩抚", "讼", "子", "甲子", "成 贤 / 不成 不肖", None, "成"),
    ("逃亡.恩抚", "乾", "子", "甲子", "成 贤 / 不成 不肖", None, "不成"),
    # 64.1 「克世则中怀不利」 read for 恩抚 (「回心恩抚，同于用人」): 复's strong 丑 应 controls the 世
    ("逃亡.恩抚", "复", "辰", "丙寅", "成 贤 / 不成 不肖", "仆", "不成"),
    ("逃亡.逃安", "乾", "子", "甲子", "吉 / 凶", None, "吉"),
    ("斗殴", "屯", "子", "甲子", "胜 / 负", None, "胜"),  # 世克应
    ("斗殴", "蒙", "子", "甲子", "胜 / 负", None, "负"),  # 应克世
    ("斗殴", "蒙", "子", "甲子", "胜 / 负", "子", "负"),
    ("斗殴.斗讼", "蛊之蒙", "子", "甲子", "不讼 / 讼", None, "讼"),  # the ghost moves
    ("斗殴.斗讼", "乾之姤", "子", "甲子", "不讼 / 讼", None, "不讼"),
    ("斗殴.斗获", "乾", "子", "甲子", "获 / 不获", None, "获"),
    ("斗殴.斗获", "乾", "午", "丙午", "获 / 不获", None, "不获"),
    ("斗殴.夺人", "蒙", "子", "甲子", "得 / 不得", None, "不得"),
    ("斗殴.夺人", "乾", "子", "甲子", "得 / 不得", None, "得"),
    ("斗殴.擒人", "乾", "子", "甲子", "得 / 不得", None, "得"),
    ("斗殴.擒人", "屯", "子", "甲子", "得 / 不得", None, "不得"),
    ("斗殴.来斗", "乾", "子", "甲子", "不来 / 来", None, "来"),
    ("斗殴.来斗", "屯", "子", "甲子", "不来 / 来", None, "不来"),
    ("词讼", "乾", "午", "丙午", "胜 / 负", None, "胜"),  # 官生世
    ("词讼", "泰", "子", "甲子", "胜 / 负", None, "负"),  # 鬼克世
    ("词讼", "蒙", "子", "甲子", "胜 / 负", None, "负"),
    ("词讼", "坎", "子", "甲子", "胜 / 负", None, "负"),
    ("词讼", "大壮", "子", "甲子", "胜 / 负", None, "胜"),
    ("词讼.兴词", "泰", "子", "甲子", "准 / 不准", None, "不准"),  # 官克世
    ("词讼.忧讼", "乾", "子", "甲子", "无事 / 有事", None, "无事"),
    ("词讼.忧讼", "泰", "子", "甲子", "无事 / 有事", None, "有事"),
    ("词讼.讼师", "乾", "午", "丙午", "善 / 不善", None, "善"),
    ("词讼.讼师", "否", "子", "丙寅", "善 / 不善", None, "不善"),  # (乾's 父母 pair: 30.6 两现)
    ("词讼.用人", "屯", "午", "丙午", "宜 / 不宜", None, "宜"),
    ("词讼.用人", "乾", "子", "甲子", "宜 / 不宜", None, "不宜"),
    ("词讼.允驳", "屯", "子", "甲子", "允 / 不允", None, "允"),
    ("词讼.允驳", "乾", "午", "丙午", "允 / 不允", None, "不允"),
    ("词讼.允驳", "蛊之蒙", "子", "甲子", "驳 / 不驳", None, "驳"),  # 官动实
    ("词讼.允驳", "泰", "子", "甲子", "驳 / 不驳", None, "不驳"),  # 官克世
    ("词讼.夤缘", "需", "子", "甲子", "宜 / 不宜", "他", "宜"),  # the 应 strong
    ("词讼.夤缘", "屯", "子", "甲子", "宜 / 不宜", "他", "不宜"),  # the 应 void
    ("词讼.回关", "讼", "子", "甲子", "无事 / 有事", None, "无事"),
    ("词讼.回关", "泰", "子", "甲子", "无事 / 有事", None, "有事"),
    ("词讼.离狱", "屯", "子", "甲子", "出 / 不出", None, "出"),
    ("词讼.离狱", "乾", "子", "甲子", "出 / 不出", None, "不出"),
    ("词讼.息讼", "乾", "子", "甲子", "息 / 不息", None, "息"),
    ("词讼.息讼", "泰", "子", "甲子", "息 / 不息", None, "不息"),
    ("词讼.官问", "泰", "子", "甲子", "吉 / 凶", None, "吉"),
    ("失物", "乾", "子", "甲子", "得 / 不得", None, "得"),  # 财 held up
    ("失物", "乾", "午", "丙午", "得 / 不得", None, "不得"),  # 财 broken
    ("失物.见获", "屯", "午", "丙午", "获 / 不获", None, "获"),
    ("失物.见获", "屯", "子", "甲子", "获 / 不获", None, "不获"),
    ("失物.是彼", "蒙", "子", "甲子", "是 / 非", None, "是"),  # 应克世
    ("失物.是彼", "乾", "子", "甲子", "是 / 非", None, "非"),
    ("失物.是我", "乾", "子", "甲子", "是 / 非", None, "是"),  # 世衰
    ("失物.是我", "乾", "午", "丙午", "是 / 非", None, "非"),
    ("失物.起赃", "乾", "子", "甲子", "吉 / 凶", None, "吉"),  # 子旺制鬼
    ("失物.起赃", "泰", "子", "甲子", "吉 / 凶", None, "凶"),  # 官克世
    ("失物.讼盗", "乾", "子", "甲子", "胜 / 负", None, "负"),  # 官病
    ("诅誓", "噬嗑", "卯", "辛酉", "吉 / 凶", None, "吉"),  # 官克应
    ("诅誓", "泰", "子", "甲子", "吉 / 凶", None, "凶"),  # 官克世
    ("诅誓", "乾", "子", "甲子", "吉 / 凶", None, "凶"),  # 官破：神明不我明
    ("诅誓.彼报", "坤", "午", "丙午", "报 / 不报", None, "报"),  # 应空
    ("诅誓.彼报", "乾", "子", "甲子", "报 / 不报", None, "不报"),
    ("诅誓.彼诅", "乾", "子", "甲子", "吉 / 凶", None, "吉"),  # 子旺官衰
    ("诅誓.彼诅", "泰", "子", "甲子", "吉 / 凶", None, "凶"),  # 官克
    ("诅誓.誓神", "乾", "子", "甲子", "吉 / 凶", None, "吉"),
    ("诅誓.誓神", "蛊之蒙", "子", "甲子", "吉 / 凶", None, "凶"),
    ("诅誓.防蛊", "坤", "子", "甲子", "吉 / 凶", None, "吉"),  # 子世
    ("诅誓.防蛊", "乾", "子", "甲子", "吉 / 凶", None, "凶"),  # 世病
]


@pytest.mark.parametrize("question, hexagram, month, day, axis, about, expected", ANSWERS)
def test_each_sub_question_answers_as_the_book(question, hexagram, month, day, axis, about, expected):
    assert answer(question, hexagram, month, day, axis, about) == expected


# --- 83: who brought the suit (judge input 讼方, --suit) ----------------------------------------------

@cache
def suit_answer(hexagram, month, day, suit):
    e = load_engine()
    q = parse_question(e.program, "词讼", suit=suit)
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(month=month, day=day), "test", q.facts())
    return next(row["answer"] for row in Judgement(q, chart).answers() if row["axis"] == "胜 / 负")


def test_who_brought_the_suit_turns_the_officers_strength():
    # 乾 on 甲子 in a 子 month: the 午 官 broken and void -- 「我讼…忌值破空，彼讼而好鬼破空」.
    assert suit_answer("乾", "子", "甲子", "我讼") == "负"
    assert suit_answer("乾", "子", "甲子", "彼讼") == "胜"


def test_suit_input_is_checked(capsys):
    from yimao.cli import main
    assert main(["judge", "--hexagram", "乾", "--month", "子", "--day", "甲子", "--question", "词讼", "--suit", "甲"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--suit takes 我讼" in err[0]



# --- 81.12 复留 恩抚: 「逃归复留，同于收雇，回心恩抚，同于用人」 -------------------------------------

def test_runaway_kept_again_is_judged_as_taking_a_servant():
    # 乾之姤 午建丙午: the 财 is spoiled, so 66's 收仆.财病 rules against keeping him (复留 不成);
    # the plain question of capture and 恩抚 do not read 66's rules.
    assert ("收仆.财病", "凶") in rulings("逃亡.复留", "乾之姤", "午", "丙午")
    assert answer("逃亡.复留", "乾之姤", "午", "丙午", "成 / 不成 阻") == "不成"
    for question in ("逃亡", "逃亡.恩抚"):
        assert not any(rule.startswith("收仆.") for rule, _ in rulings(question, "乾之姤", "午", "丙午"))


def test_runaway_treated_kindly_is_judged_as_employing_a_man():
    # 否 子建甲子: the 用神 is void, 64's 任人.用病 (「空则无能」) speaks for 恩抚 and for it alone.
    assert ("任人.用病", "凶") in rulings("逃亡.恩抚", "否", "子", "甲子")
    for question in ("逃亡", "逃亡.复留"):
        assert not any(rule.startswith("任人.") for rule, _ in rulings(question, "否", "子", "甲子"))


# --- 79.7: the boat matters judged by their own chapters (「各推其类」) --------------------------------

@pytest.mark.parametrize("sub, hexagram, month, day, ruling, chapter_prefix", [
    # 「买舟而居，犹占宅也」: 51's 家宅 -- the 世 changing into the ghost (观之否)
    ("买舟", "观之否", "子", "甲子", ("灾祥.世化鬼", "不安"), ("灾祥.", "兴败.")),
    # 「船主用人，犹雇倩也」: 66's 雇工 -- the 应 void (否 on a 甲子 day)
    ("雇倩", "否", "子", "甲子", ("雇工.应空散", "不成"), ("雇工.",)),
    # 「投麾荫庇，犹公役也」: 71's service sought (谋差) -- a six-clash hexagram
    ("投麾", "乾之姤", "子", "甲子", ("谋差.冲", "不成"), ("谋差.", "求役.")),
    # 「防犯差役，犹避讼也」: 90's 讼避 -- a moving 子孙
    ("防役", "乾之姤", "子", "甲子", ("讼避.子发", "安"), ("讼避.", "避乱.")),
])
def test_boat_matters_judged_by_their_own_chapter(sub, hexagram, month, day, ruling, chapter_prefix):
    assert ruling in rulings(f"舟车.{sub}", hexagram, month, day)
    # the same chart asked as the journey itself or a passage (附舟) reads none of that chapter's rules
    for question in ("舟车", "舟车.附舟"):
        assert not any(rule.startswith(chapter_prefix) for rule, _ in rulings(question, hexagram, month, day))


def test_suit_for_money_also_reads_the_debt():
    # 83.17 「以讼取财……而兼用索逋也」: 巽's 酉 应 controls its 卯 世 -- 67's 索逋.应克世 (负心) is read
    # for 取财 (its 不得 on the 取财 axis), not for the other mixed suits.
    assert ("索逋.应克世", "不得") in rulings("词讼.取财", "巽", "子", "甲子")
    assert answer("词讼.取财", "巽", "子", "甲子", "胜 得 / 负 不得") == "负"
    for question in ("词讼.夺婚", "词讼.扳役", "词讼"):
        assert not any(rule.startswith("索逋.") for rule, _ in rulings(question, "巽", "子", "甲子"))


def test_office_safe_and_dragged_in_are_two_questions():
    # 83.19 「一曰无累官乎，则官旺世实为吉；一曰不累我乎，则官克鬼动为凶」 「斯二者常或相背」: 巽之涣 申建庚申,
    # the 酉 官 strong in its month moves and controls the 卯 世 -- 无累 (官问) 吉, 累我 (为累) 凶.
    assert ("官问.官旺世实", "吉") in rulings("词讼.官问", "巽之涣", "申", "庚申")
    assert ("官问.官克鬼动", "凶") not in rulings("词讼.官问", "巽之涣", "申", "庚申")
    assert answer("词讼.官问", "巽之涣", "申", "庚申", "吉 / 凶") == "吉"
    assert ("官问.官克鬼动", "凶") in rulings("词讼.为累", "巽之涣", "申", "庚申")
    assert answer("词讼.为累", "巽之涣", "申", "庚申", "吉 / 凶") == "凶"
    # the ghost at rest (泰) drags no one in
    assert not any(rule.startswith("官问.") for rule, _ in rulings("词讼.为累", "泰", "子", "甲子"))


def test_hearing_by_the_headmen_reads_the_other_party():
    # 83.19 「伸诉里甲，私评用应」: 巽 (a 六冲) with its 酉 应 controlling the 卯 世 -- 有曲, 不终;
    # 泰 on a 甲子 day (应 sound) has neither, nor does the suit itself read them.
    assert {("里甲.应克世", "负"), ("里甲.六冲", "负")} <= rulings("词讼.里甲", "巽", "子", "甲子")
    assert not any(rule.startswith("里甲.") for rule, _ in rulings("词讼.里甲", "泰", "子", "甲子"))
    assert not any(rule.startswith("里甲.") for rule, _ in rulings("词讼", "巽", "子", "甲子"))


def test_appeal_sent_down_and_heard_in_person():
    # 83.12 「若上告批下衙门，父母如遇空破……纵准而不批是衙门也」: 坎 on a 甲戌 day, its one 父母 (申) void;
    # 巽 that day has a sound 父母.
    assert ("上告.父空破", "不批") in rulings("词讼.上告", "坎", "子", "甲戌")
    assert answer("词讼.上告", "坎", "子", "甲戌", "批 / 不批") == "不批"
    assert not any(rule.startswith("上告.") for rule, _ in rulings("词讼.上告", "巽", "子", "甲戌"))
    # 「如告亲提，官克世为不从，或有两官，常有批下僚者」: 巽's 酉 官 controls its 卯 世; 否 has two 官;
    # 乾 has one 官 (午) that does not control its 戌 世.
    assert ("亲提.官克世", "不从") in rulings("词讼.亲提", "巽", "子", "甲戌")
    assert ("亲提.两官", "不从") in rulings("词讼.亲提", "否", "子", "甲戌")
    assert not any(rule.startswith("亲提.") for rule, _ in rulings("词讼.亲提", "乾", "子", "甲戌"))
    assert not any(rule.startswith(("亲提.", "上告.")) for rule, _ in rulings("词讼.兴词", "否", "子", "甲戌"))


def test_memorial_review_reads_line_five_as_the_officer():
    # 83.14 「复疏允驳，易官用五也」: 乾之大有 子建甲子 -- line 5 (申) moves, the 午 官 on line 4 is still:
    # asked as a memorial (复疏) the moving line 5 「不纳」 and 「动实则驳」; asked as 允驳 the 官 does not move.
    found = rulings("词讼.复疏", "乾之大有", "子", "甲子")
    assert {("允驳.官动", "不允"), ("能驳.官动实", "驳")} <= found
    assert answer("词讼.复疏", "乾之大有", "子", "甲子", "驳 / 不驳") == "驳"
    plain = rulings("词讼.允驳", "乾之大有", "子", "甲子")
    assert ("允驳.官动", "不允") not in plain and ("能驳.官动实", "驳") not in plain


def test_fixed_sentence_reads_the_convicted_mans_line_only():
    # 83.18 「刑定不复论官，专看用神，有救无事」: 巽之涣 申建庚申 -- asked as 禁责 the 酉 官, strong, moves
    # and controls the 世 (禁责.难免); the sentence fixed (刑定), the 官 is not read.
    assert ("禁责.难免", "不免") in rulings("词讼.禁责", "巽之涣", "申", "庚申")
    assert not any(rule == "禁责.难免" for rule, _ in rulings("词讼.刑定", "巽之涣", "申", "庚申"))
    # 子建甲子: the 卯 世 strong in winter -- 大罪不死, for 刑定 as for 禁责
    assert ("禁责.大罪不死", "免") in rulings("词讼.刑定", "巽之涣", "子", "甲子")
    assert answer("词讼.刑定", "巽之涣", "子", "甲子", "免 / 不免") == "免"
    # 「大害不绝，在主象之生扶」: the 卯 世 lifted by the 子 month and day -- not cut off; in 申建庚申 nothing
    # lifts it, and the suit itself does not read the convicted man's line.
    assert ("禁责.大害不绝", "免") in rulings("词讼.刑定", "巽之涣", "子", "甲子")
    assert not any(rule == "禁责.大害不绝" for rule, _ in rulings("词讼.刑定", "巽之涣", "申", "庚申"))
    assert not any(rule == "禁责.大害不绝" for rule, _ in rulings("词讼", "巽之涣", "子", "甲子"))


def test_entrapment_is_declared_baleful_even_with_the_ghost_at_rest():
    # 83.18 「若行险陷人，鬼神所怒，虽鬼静爻安，当直告其凶」: 泰 子建甲子, the ghost still and the 用神 全吉.
    assert ("陷人.直告其凶", "凶") in rulings("词讼.陷人", "泰", "子", "甲子")
    assert answer("词讼.陷人", "泰", "子", "甲子", "吉 / 凶") == "凶"
    assert not any(rule.startswith("陷人.鬼动克世") for rule, _ in rulings("词讼.陷人", "泰", "子", "甲子"))
    # 「以官鬼发动克世为戒」: 巽之涣, the 酉 官 moves and controls the 卯 世
    assert ("陷人.鬼动克世", "凶") in rulings("词讼.陷人", "巽之涣", "子", "甲子")
    assert not any(rule.startswith("陷人.") for rule, _ in rulings("词讼", "巽之涣", "子", "甲子"))
