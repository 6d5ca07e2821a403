"""Chapters 42 (用神), 53 (胎产) and 56 (疾病): the generic choice of the 用神, the eighteen grades,
the illness and birth verdicts with their timing, on concrete charts through `yimao.judge`."""

from __future__ import annotations

from functools import lru_cache

import pytest

import yimao


@lru_cache(maxsize=None)
def judge(question: str, about: str, hexagram: str, month: str, day: str | None = None, birth_year: str | None = None):
    return yimao.judge(question=question, about=about, hexagram=hexagram, month=month, day=day, birth_year=birth_year)


def use_gods(j) -> set[tuple[int, str]]:
    return {f.values for f in j.chart.result.facts("用神")}


def facts(j, predicate: str) -> set[tuple]:
    return {f.values for f in j.chart.result.facts(predicate)}


def standing(j, polarity: str | None = None) -> list[dict]:
    rows = [v for v in j.verdicts() if not v["defeated_by"]]
    return [v for v in rows if polarity is None or v["polarity"] == polarity]


def defeated(j, rule: str) -> list[dict]:
    return [v for v in j.verdicts() if v["rule"] == rule and v["defeated_by"]]


# --- the generic choice (ch. 42, kinship table of 56.18-56.20) -----------------------------------
# 姤 (乾宫 金), bottom to top: 1 丑 父母 (世), 2 亥 子孙, 3 酉 兄弟, 4 午 官鬼 (应), 5 申 兄弟, 6 戌 父母;
# no 妻财 (the hidden 寅 under line 2).  On 壬戌 the 丑 is void: of the two 父母 ch. 30 keeps the 戌.

@pytest.mark.parametrize("about, expected", [
    ("自", {(1, "本")}),            # 自占: the 世
    ("父", {(6, "本")}),            # 父母 (两现: the void 丑 set aside)
    ("主", {(6, "本")}),            # a master, however young: 父母 (status, not age)
    ("师", {(6, "本")}),            # a teacher: 父母
    ("岳父", {(6, "本")}),          # 岳父母 by 父母, the exception among in-laws
    ("仆", {(2, "伏")}),            # a servant, however old: 妻财 -- absent, hidden under line 2
    ("妻", {(2, "伏")}),
    ("友", {(4, "本")}),            # a friend (no clan brother): the 应
    ("表", {(4, "本")}),            # a cousin: the 应
    ("官", {(4, "本")}),            # a serving official: 官鬼 (line 4 午, also the 应)
    ("君", {(5, "本")}),            # the sovereign: line 5
    ("子", {(2, "本")}),
])
def test_kinship_by_status(about, expected):
    assert use_gods(judge("疾病", about, "姤", "午", "壬戌")) == expected


def test_kinship_sister_and_aunt():
    j = judge("疾病", "姊", "困之坎", "午", "壬戌")          # 困: 兄弟 酉 line 5
    assert use_gods(j) == {(5, "本")}
    j = judge("疾病", "姑", "困之坎", "午", "壬戌")          # an aunt: 父母 (辰 2, 未 6)
    assert {p for p, _ in use_gods(j)} <= {2, 6} and use_gods(j)
    assert (5, "本") not in use_gods(j)


def test_question_rows_override_kinship():
    # 胎产: the 子孙 for whoever asks (凡), the 兄弟 for one's mother's pregnancy.
    assert use_gods(judge("胎产", "妻", "困之坎", "午", "壬戌")) == {(4, "本")}   # 亥 子孙
    assert use_gods(judge("胎产", "母", "困之坎", "午", "壬戌")) == {(5, "本")}   # 酉 兄弟, not 父母
    # 母安: the mother herself by the 世, one's mother by 父母, others by 妻财 (子取用 over 取用).
    assert use_gods(judge("胎产.母安", "自", "困之坎", "午", "壬戌")) == {(1, "本")}
    assert use_gods(judge("胎产.母安", "妻", "困之坎", "午", "壬戌")) == {(1, "本")}  # 寅 妻财, line 1
    assert (5, "本") not in use_gods(judge("胎产.母安", "母", "困之坎", "午", "壬戌"))


def test_hidden_use_god_under_the_shi_first():
    # 小过之大壮 (兑宫 游魂): no 子孙 flies; the hidden 亥 lies under line 5 (the outer trigram hides 谦's 坤).
    j = judge("疾病", "子", "小过之大壮", "巳", "戊午")
    assert use_gods(j) == {(5, "伏")}
    assert ("用神.取伏") in {u["rule"] for u in j.use_god()}


def test_two_present_set_aside_by_ch30():
    # 未济, 辰 month, 辛卯 day: 子孙 辰 (2) and 未 (5); 未 is void, ch. 30 sets it aside.
    j = judge("疾病", "子", "未济", "辰", "辛卯")
    assert use_gods(j) == {(2, "本")}
    assert (5, "本", "有伤") in facts(j, "两现不用")


# --- the eighteen grades (42.17-42.19) ---------------------------------------------------------

@pytest.mark.parametrize("question, about, hexagram, month, day, line, grade", [
    ("疾病", "自", "萃之讼", "戌", "戊辰", 2, "泄气"),
    ("疾病", "妻", "离", "卯", "壬子", 4, "月破"),
    ("疾病", "父", "未济", "酉", "丁未", 1, "克空"),
    ("疾病", "夫", "渐", "戌", "辛酉", 6, "日破"),
    ("疾病", "子", "咸之蹇", "未", "甲辰", 4, "生"),
    ("疾病", "自", "乾之小畜", "未", "癸卯", 6, "有玷"),
    ("疾病", "子", "未济", "辰", "辛卯", 2, "月将"),
])
def test_eighteen_grades(question, about, hexagram, month, day, line, grade):
    j = judge(question, about, hexagram, month, day)
    grades = {(p, g) for p, layer, g in facts(j, "用神法") if layer == "本"}
    assert (line, grade) in grades
    assert len({g for p, g in grades if p == line}) == 1   # one grade for the line in these charts


def test_grade_verdicts_are_graded():
    j = judge("疾病", "自", "乾之小畜", "未", "癸卯")
    half = [v for v in standing(j, "吉") if v["rule"] == "用神断.有玷"]
    assert half and half[0]["strength"] == "半"
    assert not [v for v in standing(j, "凶") if v["rule"] == "用神断.凶陷"]


def test_self_clash_of_equal_strength_scatters_both_unless_on_day_or_month():
    # 乾之坤 in a 辰 month on 甲子: every line moves; 辰 (3) and 戌 (6), both 旺, clash each other.
    j = judge("疾病", "自", "乾之坤", "辰", "甲子")
    scattered = {p for p, _ in facts(j, "冲散")}
    assert 6 in scattered and 3 not in scattered           # 辰 is on the month: 「临日月不散」
    assert (3, "本", "自冲") in facts(j, "不散")
    assert 2 in scattered and 5 not in scattered           # 寅 weak, 申 strong: the weak one goes (27)


def test_combination_kinds():
    j = judge("疾病", "自", "乾", "辰", "甲子")
    kinds = facts(j, "合类")
    assert ("巳", "申", "刑合") in kinds and ("巳", "申", "克合") in kinds
    assert ("寅", "亥", "生合") in kinds and ("寅", "亥", "克合") not in kinds


# --- 疾病 verdicts (ch. 56) --------------------------------------------------------------------

def test_birth_year_in_the_ghosts_tomb_overrides_a_strong_use_god():
    j = judge("疾病", "子", "同人", "戌", "甲辰", birth_year="亥")
    assert ("命随鬼墓",) in facts(j, "病不治")
    assert standing(j, "不愈") and not standing(j, "愈")
    assert {v["defeated_by"] for v in defeated(j, "疾病.用生")} == {"疾病.不治"}
    # without the birth year the 命墓 cannot be known: reported, not guessed
    j = judge("疾病", "子", "同人", "戌", "甲辰")
    assert not facts(j, "病不治") and standing(j, "愈")
    assert any("本命" in m for m in j.missing())


def test_danger_rescued_by_a_mover():
    # 归妹之解: the 父母 drained by day and month (泄气), fed by the lone moving 巳 ghost, their 元神.
    j = judge("疾病", "父", "归妹之解", "酉", "己酉")
    assert {v["defeated_by"] for v in defeated(j, "疾病.用死")} == {"疾病.危而复安"}
    assert standing(j, "愈") and not standing(j, "不愈")
    assert any(v["timing"] == "亥日" for v in standing(j, "愈"))


def test_openly_ruined_use_god_is_not_rescued():
    # 坤之损: the 酉 子孙 broken by the month, extinct on the day: the moving 未 cannot save it.
    j = judge("疾病", "子", "坤之损", "卯", "丙寅")
    assert (6, "本") in facts(j, "明坏")
    assert not [f for f in facts(j, "病救") if f[0] == 6]
    assert standing(j, "不愈") and not standing(j, "愈")


def test_hidden_line_alive_under_a_mover_rescues_the_broken_flying_one():
    j = judge("疾病", "兄", "乾之需", "寅", "丙寅")
    assert (5, "本", "伏生") in facts(j, "病救")
    assert standing(j, "愈") and not [v for v in standing(j, "不愈") if v["rule"] == "疾病.用死"]


@pytest.mark.parametrize("about, hexagram, month, day, timing", [
    ("子", "夬之革", "寅", "庚子", "甲寅日"),     # the lone moving ghost's own 干支
    ("子", "小过之大壮", "巳", "戊午", "癸亥日"),  # 忌仇 move, the hidden 用神 appears on 亥
    ("自", "未济之睽", "子", "己未", "庚申日"),    # the 元神 寅 scattered on the next 申 day
    ("父", "乾之同人", "子", "甲寅", "寅月"),      # the 用神 loses its force in the 寅 month
    ("妻", "离", "卯", "壬子", "卯月"),            # 月破: dangerous in this month
])
def test_danger_timing(about, hexagram, month, day, timing):
    j = judge("疾病", about, hexagram, month, day)
    assert any(timing in (v["timing"] or "") for v in standing(j, "不愈"))
    assert not standing(j, "愈")


def test_folk_signs_are_facts_not_verdicts():
    # 观 in the sixth month: a 灭没 hexagram and one of the ten; the 父母 on the month lives.
    j = judge("疾病", "父", "观", "未")
    assert ("灭没", "不死") in facts(j, "俗忌") and ("十卦", "不死") in facts(j, "俗忌")
    assert standing(j, "愈") and not standing(j, "不愈")


def test_sub_questions_gate_the_life_verdict():
    j = judge("疾病.真假", "自", "同人", "戌", "甲辰")
    assert not [v for v in standing(j) if v["rule"] in ("疾病.用生", "疾病.用死")]
    assert {v["polarity"] for v in standing(j) if v["rule"].startswith("真假.")} <= {"真", "不真"}


def test_ghost_changing_into_a_trigram_endangers_its_family_member():
    j = judge("疾病", "女", "巽之涣", "寅", "辛酉")
    assert ("中男", "鬼化") in facts(j, "流灾")
    assert ("少男", "鬼化") not in facts(j, "流灾")


# 56.25-56.26: a moving ghost's 宫 is the trigram it moves in, not the palace of the hexagram (the
# book's 56.28 and 56.31 cases; see the rulebook at 56.25 and 58.10).  泰 is of the 坤 palace, its only
# ghost the 寅 on line 2, in the inner 乾; 泰之明夷 moves it alone.

def test_a_lone_moving_ghost_points_to_the_quarter_of_its_trigram_not_its_palace():
    j = judge("疾病.症候", "自", "泰之明夷", "酉", "己酉")
    assert ("西北", "鬼独发") in facts(j, "病方")                              # 乾, 「索其动于何宫」
    assert ("西南", "鬼独发") not in facts(j, "病方")                          # not 坤, the palace
    # The book's own example, 「离亥独发，病自南始」: 离 (palace and inner trigram alike) moving its 亥.
    assert ("南", "鬼独发") in facts(judge("疾病.症候", "自", "离之噬嗑", "酉", "己酉"), "病方")
    # Another line moving with it: the ghost's branch (寅, north-east), not a trigram.
    both = judge("疾病.症候", "自", "泰之复", "酉", "己酉")                     # lines 2 and 3 move
    assert facts(both, "病方") == {("东北", "鬼动")}


def test_the_cause_is_read_by_the_trigram_the_ghost_moves_in():
    # 56.28's own chart: 归妹之师 (兑 palace), the 巳 ghost moving in the inner 兑 and the 午 in the
    # outer 震 -- the literal reading the book rejects there is 「震巽园林」, so it reads the trigram.
    case = {x for item, x in facts(judge("疾病.症候", "子", "归妹之师", "酉", "己酉"), "病因") if item == "宫"}
    assert case == {"寺庙", "园林"}
    moving = {x for item, x in facts(judge("疾病.症候", "自", "泰之明夷", "酉", "己酉"), "病因") if item == "宫"}
    assert moving == {"寺庙"}                                                   # 乾, not 坤's 丘陵
    still = {x for item, x in facts(judge("疾病.症候", "自", "泰", "酉", "己酉"), "病因") if item == "宫"}
    assert still == set()


# --- 胎产 (ch. 53) -----------------------------------------------------------------------------

def test_sex_by_enclosure_then_moving_then_offspring():
    assert {v["polarity"] for v in standing(judge("胎产.男女", "妻", "坎", "午", "壬戌"))} >= {"男"}
    assert "男" not in {v["polarity"] for v in standing(judge("胎产.男女", "妻", "离", "午", "壬戌"))}
    # 归妹 static: the hidden 子孙 亥 on a yang line -> a boy (53.8's case)
    j = judge("胎产.男女", "妻", "归妹", "戌", "戊辰")
    assert {v["polarity"] for v in standing(j) if v["rule"].startswith("男女.")} == {"男"}


def test_miscarriage_signs_overridden_by_a_firm_offspring():
    j = judge("胎产.防堕", "妻", "兑之困", "申", "辛亥")
    assert {v["defeated_by"] for v in defeated(j, "防堕.厄")} == {"防堕.子坚"}
    assert [v for v in standing(j, "不堕")] and not standing(j, "堕")


def test_birth_timing_by_the_shi_for_others_and_by_the_offspring_for_the_mother():
    j = judge("胎产.产期", "妻", "艮", "申", "丁未")
    assert any(v["timing"] == "酉日、酉时" for v in standing(j, "产"))
    assert not [v for v in standing(j, "产") if v["rule"].startswith("产期.子")]
    j = judge("胎产.产期", "自", "大过", "午", "甲寅")
    assert any(v["timing"] == "午日" for v in standing(j, "产"))
    assert not [v for v in standing(j, "产") if v["rule"] == "产期.世胎养"]


def test_heir():
    assert standing(judge("胎产.求嗣", "自", "萃", "卯", "甲申"), "得")
    j = judge("胎产.求嗣", "自", "否", "卯", "辛未")
    assert standing(j, "不得") and not standing(j, "得")


# --- 42.19: 「唯竟无若当时相，及一象来生，犹胜于死气」 -------------------------------------------------

def test_an_absent_use_god_in_season_is_better_than_dead():
    # 中孚 (艮宫 游魂) has no 妻财 (water) on its lines nor its hidden ones: 竟无 for wealth.  In a 酉
    # month on a 辛酉 day metal generates water (and water is 相 in autumn): 犹胜于死气; in a 午 month on
    # a 丙午 day nothing does: plain 竟无.
    alive = judge("求财", "自", "中孚", "酉", "辛酉")
    assert {("妻财", "时相"), ("妻财", "日生")} <= facts(alive, "竟无气")
    assert [v for v in standing(alive) if v["rule"] == "用神断.竟无有气"] and defeated(alive, "用神断.竟无")
    dead = judge("求财", "自", "中孚", "午", "丙午")
    assert not facts(dead, "竟无气")
    assert [v for v in standing(dead) if v["rule"] == "用神断.竟无"]


# --- 42.8: 「动爻空破死绝，变爻生则救而克愈凶矣」 on a 凶陷 用神 -------------------------------------

def _use_god_rulings(lines: str, month: str, day: str) -> dict[str, bool]:
    j = yimao.judge(question="求财", about="自", lines=lines, month=month, day=day)
    return {v["rule"]: bool(v["defeated_by"]) for v in j.verdicts() if v["rule"].startswith("用神断.")}


def test_a_sunk_moving_use_god_is_rescued_or_sunk_deeper_by_its_change():
    rescued = _use_god_rulings("878797", "酉", "甲寅")
    assert rescued.get("用神断.变救") is False and rescued.get("用神断.凶陷") is True
    assert "用神断.变救" not in _use_god_rulings("878787", "酉", "甲寅")  # at rest: no change to rescue it
    assert _use_god_rulings("977778", "午", "甲辰").get("用神断.变克愈凶") is False
    assert "用神断.变克愈凶" not in _use_god_rulings("777778", "午", "甲辰")


# --- 53.5: 「及胎值旬空者」 ----------------------------------------------------------------------

def test_birth_timed_by_the_decade_that_voids_the_foetus_line():
    # 乾: the 子孙 is water, whose 胎 is 午 -- line 4; 午 is void in the 甲申 decade (午未).  艮 has no
    # line on its 子孙's 胎 branch: no such timing.
    timed = [v for v in standing(judge("胎产.产期", "妻", "乾", "申", "丁未")) if v["rule"] == "产期.胎值旬空"]
    assert [v["timing"] for v in timed] == ["甲申旬"]
    assert not [v for v in standing(judge("胎产.产期", "妻", "艮", "申", "丁未")) if v["rule"] == "产期.胎值旬空"]
