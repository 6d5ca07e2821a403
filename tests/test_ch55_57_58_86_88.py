"""Chapters 55 痘疹, 57 医药, 58 鬼神, 86 侍神, 87 巫祝, 88 怪异: for each sub-question a chart the book
answers one way and one it answers the other, through `yimao.judge`, and the answers in their own
kind (a place on the body, a person, a remedy, a physician, a kind of spirit)."""

from __future__ import annotations

from functools import lru_cache

import yimao


@lru_cache(maxsize=None)
def judged(question: str, hexagram: str, month: str, day: str, about: str | None = None,
           year: str | None = None, course: str | None = None):
    return yimao.judge(question=question, hexagram=hexagram, month=month, day=day, about=about, year=year,
                        course=course)


def answer(question: str, hexagram: str, month: str, day: str, **kwargs) -> dict:
    """The answer of the asked (sub-)question on its word axis (the first of `answers()` for it)."""
    rows = judged(question, hexagram, month, day, **kwargs).answers()
    return next(r for r in rows if r["sub_question"] == question and not r["axis"].startswith("by "))


def reading(question: str, hexagram: str, month: str, day: str, **kwargs) -> set[str]:
    """The values of the asked sub-question's answer in its own kind."""
    rows = judged(question, hexagram, month, day, **kwargs).answers()
    found = next((r for r in rows if r["sub_question"] == question and r["axis"].startswith("by ")), None)
    return set(found["answer"].split("、")) if found and found["answer"] != "无断" else set()


def deciders(row: dict) -> set[str]:
    return {r["rule"] for r in row["decided_by"]}


# --- 55 痘疹 -----------------------------------------------------------------------------------
# 同人 (离宫 火, 归魂): the 亥 官鬼 on line 3 (inner 离); 同人之无妄: it moves, into the 辰 子孙 of 震.

def test_pox_comes_when_the_ghost_moves_on_the_day_and_not_when_it_is_void():
    moving = answer("痘疹.见痘", "履之同人", "丑", "乙卯")                     # 55.2: 当日见标
    assert moving["answer"] == "有痘" and moving["timing"]["primary"]["when"] == "卯日"
    static = answer("痘疹.见痘", "履之睽", "丑", "乙卯")                       # EX091: 应迟
    assert static["answer"] == "有痘" and static["timing"]["primary"]["when"] == "卯月"
    assert "见痘.静" in {o["rule"] for o in static["overruled"]}
    void = answer("痘疹.见痘", "同人", "辰", "辛未", year="己亥")              # 55.3: 终岁康宁
    assert void["answer"] == "无痘" and "见痘.空" in deciders(void)


def test_pox_asked_alone_is_whether_it_comes():
    assert answer("痘疹", "同人", "辰", "辛未", year="己亥")["answer"] == "无痘"


def test_going_home_in_a_returning_soul_hexagram():
    assert answer("痘疹.趋避", "同人", "子", "甲寅")["answer"] == "免"        # 归魂鬼静
    moved = answer("痘疹.趋避", "同人之无妄", "子", "甲寅")                    # 鬼动归魂，回家有痘
    assert moved["answer"] == "不免" and "趋避.归魂动" in deciders(moved)
    assert "本乡之行灾" in reading("痘疹.趋避", "同人之无妄", "子", "甲寅")


def test_density_by_the_ghosts_strength_and_where_it_shows():
    assert answer("痘疹.疏密", "同人", "子", "甲寅")["answer"] == "密"        # 亥 water in the 子 month
    assert answer("痘疹.疏密", "同人", "午", "甲寅")["answer"] == "疏"        # 囚 in the 午 month
    assert reading("痘疹.疏密", "同人之无妄", "子", "甲寅") == {"上身", "黑陷"}  # 离 上身, water 黑陷
    # 「凡鬼动何宫」 is the trigram the ghost moves in: 泰 is of the 坤 palace, its 寅 ghost in the
    # inner 乾 -- the head (乾首), not the belly (坤腹).
    assert reading("痘疹.疏密", "泰之明夷", "寅", "甲子") == {"首", "杂细"}


def test_when_the_pox_comes_filling_first():
    void = answer("痘疹.出期", "同人", "辰", "辛未")
    assert void["answer"] == "出" and void["timing"]["primary"]["when"].startswith("亥年")
    assert void["timing"]["primary"]["by"] == "出期.填实"
    held = answer("痘疹.出期", "同人", "午", "甲寅")
    assert held["timing"]["primary"]["by"] == "出期.值"


def test_who_gets_it_only_from_a_strong_moving_ghost():
    assert reading("痘疹.何人", "同人之无妄", "子", "甲寅") == {"中女", "长男", "孩提"}
    assert reading("痘疹.何人", "同人之无妄", "午", "甲寅") == set()
    # 「鬼动艮宫，则曰少男」 by the trigram: the 寅 ghost moving in 泰's inner 乾 (坤 palace) is the
    # father, not the mother; it turns into 明夷's inner 离 (「鬼化离象，则曰中女」).
    assert reading("痘疹.何人", "泰之明夷", "寅", "甲子") == {"父", "中女"}


def test_after_onset_the_child_is_read_as_an_illness():
    dead = answer("痘疹.大象", "屯之革", "未", "甲辰", about="子")            # 55.6: 变脾病而不治
    assert dead["answer"] == "不愈" and {"大象.变症", "疾病.用死"} <= deciders(dead)
    alive = answer("痘疹.大象", "屯", "寅", "甲子", about="子")               # the 寅 子孙 on the month
    assert alive["answer"] == "愈"


def test_a_clash_in_the_first_seven_days_kills_the_pox_not_a_new_illness():
    # 乾 is a 六冲: for a new illness 56.2 cures, for the pox 55.9 warns.
    pox = answer("痘疹.大象", "乾", "子", "甲午", about="子", course="新")
    assert pox["answer"] == "不愈" and "大象.三冲" in deciders(pox)
    illness = answer("疾病", "乾", "子", "甲午", about="子", course="新")
    assert illness["answer"] == "愈"


# --- 57 医药 -----------------------------------------------------------------------------------
# 乾 (金): 1 子 子孙, 4 午 官鬼, 3 辰 父母 (应), 6 戌 (世) -- a 六冲, its 世 and 应 clash.
# 姤 (乾宫): 1 丑 世, 2 亥 子孙 (巽), 4 午 官鬼 (应).  否 (乾宫): 3 卯 妻财 (世), 2 巳 4 午 官鬼, 6 戌 应.

def test_medicine_graded_by_the_zisun_and_weighed_against_the_ghost():
    good = answer("医药.占药", "乾", "子", "甲子")
    assert good["answer"] == "良" and {"医品.上", "药.子强官弱"} <= deciders(good)
    assert reading("医药.占药", "乾", "子", "甲子") == {"汤", "凉药"}     # water 子孙, fire ghost
    void = answer("医药.占药", "乾", "卯", "甲寅")                          # EX125's chart
    assert void["answer"] == "不良" and "医品.庸" in deciders(void)
    # the void 子 drained by the 卯 month and the 寅 day, nothing generating it: 泄气, not 安空 (26.6
    # 「空于用则凶」, 42.19 「重于安空」), so the grade stands with the answer
    assert any(r["rule"] == "用神断.凶陷" for r in void["supported_by"])


def test_the_physician_by_the_ying_and_where_to_find_one():
    assert answer("医药.占医", "姤", "亥", "丙申")["answer"] == "良"
    assert reading("医药.占医", "姤", "亥", "丙申") == {"北"}
    clash = answer("医药.占医", "乾", "子", "甲子")                         # 世应冲，绝续不终
    assert clash["answer"] == "不良" and "医人.冲" in deciders(clash)
    assert "僧" in reading("医药.占医", "乾", "卯", "甲寅")                  # 乾僧


def test_a_physician_asks_whether_the_patient_can_be_treated():
    assert answer("医药.治病", "乾", "子", "甲子")["answer"] == "可疗"
    void = answer("医药.治病", "乾", "子", "丙申")                           # the 应 辰 void
    assert void["answer"] == "不治" and "治病.应坏" in deciders(void)
    father = judged("医药.治病", "乾", "子", "丙申", about="父")
    assert {f.values for f in father.chart.result.facts("用象")} == {("父母",)}


def test_a_physician_asks_whether_the_drug_works():
    assert answer("医药.用药", "乾", "子", "甲子")["answer"] == "奏功"
    missed = answer("医药.用药", "乾", "申", "甲申")                          # the 午 ghost void
    assert missed["answer"] == "无功" and "药.空鬼" in deciders(missed)


def test_going_to_a_patient_and_the_practice():
    assert answer("医药.往医", "否", "寅", "壬午")["answer"] == "利"
    assert "往医.冲" in deciders(answer("医药.往医", "乾", "子", "甲子"))
    assert answer("医药.行道", "否", "寅", "壬午")["answer"] == "遂"
    assert answer("医药.行道", "否", "申", "壬午")["answer"] == "不遂"


# --- 58 鬼神 -----------------------------------------------------------------------------------

def spirits(hexagram: str, month: str, day: str, question: str = "鬼神", **kwargs) -> set[str]:
    return reading(question, hexagram, month, day, **kwargs)


def test_a_void_hidden_ghost_is_no_haunting():
    # 讼 (离宫 火) has no 官鬼 on its lines; the 亥 hides under line 3 -- void in the 甲子 decade.
    assert answer("鬼神", "讼", "子", "甲子")["answer"] == "无祟"
    assert answer("鬼神", "讼", "子", "甲寅")["answer"] == "无断"  # no ruling on a ghost that is there: 58 reads its images
    assert "河海江神" in spirits("讼", "子", "甲寅")                          # the hidden water ghost read


def test_static_chart_read_by_the_outer_trigram_moving_ghost_by_its_trigram():
    still = spirits("同人", "子", "甲寅")                                    # outer 乾, the 亥 ghost on the 世
    assert {"干天神", "河海江神", "园神", "本家鬼", "天将斗神可祷"} <= still
    moving = spirits("同人之无妄", "子", "甲寅")                             # the 亥 in the inner 离
    assert {"荧惑", "中女之鬼"} <= moving and "干天神" not in moving


def test_58_10_a_moving_ghost_is_read_by_the_trigram_it_moves_in_not_the_palace():
    """58.10 「鬼爻发动，考之宫也」, 58.11 「动官鬼而专八卦……如鬼动乾，则曰天神」: 泰 is of the 坤
    palace and its one ghost, the 寅 on line 2, stands in the inner 乾 -- moving (泰之明夷) it is read as
    乾's 天神, not 坤's 地祗; at rest (泰) neither, the outer 坤 is read instead."""
    def read(hexagram: str) -> set[tuple]:
        return {f.values for f in judged("鬼神", hexagram, "子", "甲寅").chart.result.facts("神祇象")}
    moving = {x for key, x in read("泰之明夷") if key == "宫"}
    assert {"干天神", "王侯都厦之灵"} <= moving and not {"渎地祗", "后妃之神"} & moving
    still = read("泰")
    assert not {x for key, x in still if key == "宫"} and ("外", "渎地祗") in still


def test_two_ghosts_by_their_spirits_and_a_chaotic_chart_by_the_stars():
    # 姤 has one ghost (午); 遁 two (午 on lines 2 and 4): the spirits, not the phase.
    one = judged("鬼神", "姤", "子", "甲寅").chart.result
    two = judged("鬼神", "遁", "子", "甲寅").chart.result
    assert {f.values[0] for f in one.facts("神祇象")} >= {"行"} and "神" not in {f.values[0] for f in one.facts("神祇象")}
    assert "神" in {f.values[0] for f in two.facts("神祇象")} and "行" not in {f.values[0] for f in two.facts("神祇象")}
    calm = judged("鬼神", "同人之无妄", "子", "甲寅").chart.result
    assert "星" not in {f.values[0] for f in calm.facts("神祇象")}


def test_nature_office_origin_and_whence_how_many():
    assert spirits("同人", "子", "甲寅", "鬼神.性") == {"生前谋利于水"}
    assert spirits("同人", "子", "甲寅", "鬼神.司") == {"河泊舟楫"}
    assert spirits("同人", "子", "甲寅", "鬼神.成") == {"亡于江海风波汤卤", "病丧于腰肾茶酒"}
    assert spirits("同人之无妄", "子", "甲寅", "鬼神.方数") == {"男", "西北", "一"}


def test_58_9_the_sex_of_the_ghosts_is_the_moving_lines():
    """58.9 「法有以动为鬼，阳男阴女之分」 (「鬼静爻动考动爻」): 同人之乾 moves the yin 丑 (line 2) while the
    yang 亥 ghost rests -- one female ghost from the north-east; 同人之无妄 moves the ghost itself (男);
    同人, all at rest, gives no sex."""
    assert spirits("同人之乾", "子", "甲寅", "鬼神.方数") == {"女", "东北", "一"}
    assert "男" in spirits("同人之无妄", "子", "甲寅", "鬼神.方数")
    assert not {"男", "女"} & spirits("同人", "子", "甲寅", "鬼神.方数")


def test_58_9_how_many_ghosts_is_written_in_the_books_numerals_either_way():
    """58.9 「一动一鬼，三动三鬼」 (the count of moving lines, the ghost at rest) and 「如鬼动值土，断五鬼
    也」 (the ghost's phase, when it moves) give one form: 同人之巽 moves lines 1, 2 and 4 around the
    static 亥 ghost -- 三; 泰之明夷 moves the wood 寅 ghost -- 三 by its phase."""
    def counts(hexagram: str) -> set:
        facts = judged("鬼神.方数", hexagram, "子", "甲寅").chart.result.facts("鬼方数")
        return {f.values[1] for f in facts if f.values[0] == "数"}
    assert counts("同人之巽") == {"三"}
    assert counts("泰之明夷") == {"三"}
    assert counts("同人之乾") == {"一"}
    assert counts("同人") == set()                                            # nothing moves


def test_the_star_formulas_of_the_commentary_place_tianhe_and_daozhen():
    stars = {f.values[:2] for f in judged("鬼神", "乾", "寅", "甲寅").chart.result.facts("星")}
    assert ("天河", "辰") in stars and ("刀针", "亥") in stars


# --- 86 侍神 -----------------------------------------------------------------------------------
# 同人 (离宫): 1 卯 父母, 3 亥 官鬼 (世), 4 午 兄弟; 同人之家人: the 午 兄弟 moves.  否 is a 六合.

def test_the_household_gods_at_peace_or_not():
    quiet = answer("侍神", "同人", "子", "甲寅")
    assert quiet["answer"] == "安" and "侍神.鬼安" in deciders(quiet)
    clash = answer("侍神", "乾", "子", "甲寅")                               # 六冲: 主神不安
    assert clash["answer"] == "不安" and "侍神.三冲" in deciders(clash)
    assert "自彼迁此" in reading("侍神", "同人", "子", "甲寅")               # 归魂


def test_lodging_a_coffin():
    assert "停厝.尽善" in deciders(answer("侍神.停厝", "否", "午", "甲寅"))  # 卦合官静
    assert answer("侍神.停厝", "乾", "子", "甲寅")["answer"] == "不安"


def test_a_funeral_does_not_fear_the_clash_and_setting_up_an_image_goes_as_it():
    funeral = judged("侍神.举殡", "乾", "子", "甲寅").verdicts()
    assert not any(v["rule"] == "侍神.三冲" for v in funeral)                # 不戒冲
    for sub in ("侍神.举殡", "侍神.奉神", "侍神.撤像"):
        calm = answer(sub, "同人之家人", "子", "甲寅")                        # 鬼安，父兄动不凶
        assert calm["answer"] == "宜" and "举殡.鬼安" in deciders(calm)
        assert answer(sub, "同人之无妄", "子", "甲寅")["answer"] == "不宜"    # the ghost moves


def test_graves_and_bones_by_the_relatives_use_god_not_the_ghost():
    spring = judged("侍神.辨骸", "同人", "寅", "甲寅", about="父")
    assert {f.values for f in spring.chart.result.facts("用象")} == {("父母",)}
    assert answer("侍神.辨骸", "同人", "寅", "甲寅", about="父")["answer"] == "真"
    assert answer("侍神.辨塚", "同人", "酉", "庚申", about="父")["answer"] == "伪"


# --- 87 巫祝 -----------------------------------------------------------------------------------
# 姤 (乾宫): the 应 is the 午 官鬼 on line 4 (outer 乾, 腾蛇 on a 甲 day).

def test_a_particular_practitioner_by_the_ying_any_by_the_zisun():
    named = judged("巫祝", "姤", "巳", "甲寅", about="他")
    assert {f.values for f in named.chart.result.facts("用象")} == {("应",)}
    assert answer("巫祝", "姤", "巳", "甲寅", about="他")["answer"] == "可仗"     # 生扶安旺，庇身
    assert {"格鬼神", "高"} <= reading("巫祝", "姤", "巳", "甲寅", about="他")
    broken = answer("巫祝", "姤", "子", "丙申", about="他")                       # the 午 应 broken by the month
    assert broken["answer"] == "难亲" and "巫祝.伪" in deciders(broken)
    anyone = judged("巫祝", "姤", "巳", "甲寅")
    assert {f.values for f in anyone.chart.result.facts("用象")} == {("子孙",)}


def test_whether_the_god_comes_down():
    assert answer("巫祝.神降", "同人", "子", "甲寅")["answer"] == "善"            # 惟鬼静为善
    # a ghost that truly moves (同人之无妄's 亥 changes into the 辰 that controls it: 32.2 「动而有制……犹
    # 不动也」, so that chart is 不善 by its tomb, 神降.随墓, not by 动)
    moving = answer("巫祝.神降", "乾之小畜", "午", "丙寅")
    assert moving["answer"] == "不善" and "神降.动" in deciders(moving)
    held = answer("巫祝.神降", "同人之无妄", "子", "甲寅")
    assert held["answer"] == "不善" and "神降.动" not in deciders(held)


def test_haunting_and_that_ghost():
    assert answer("巫祝.卜祟", "同人之无妄", "子", "甲寅")["answer"] == "是"
    assert answer("巫祝.卜鬼", "同人", "辰", "辛未")["answer"] == "非"            # the 亥 ghost void
    assert answer("巫祝.卜鬼", "同人", "子", "甲寅")["answer"] == "是"


def test_prayers_by_the_use_god_of_their_matter():
    assert answer("巫祝.求福", "乾", "子", "甲寅")["answer"] == "福来"             # 子 子孙 on the month
    assert answer("巫祝.求福", "乾", "午", "甲寅")["answer"] == "无福"
    sick = judged("巫祝.祐病", "同人", "寅", "甲寅", about="父")
    assert {f.values for f in sick.chart.result.facts("用象")} == {("父母",)}
    assert answer("巫祝.祐病", "同人", "寅", "甲寅", about="父")["answer"] == "病去"
    assert answer("巫祝.祈财", "同人", "申", "甲寅")["answer"] == "得"             # the 申 妻财 in season
    assert answer("巫祝.祈财", "同人", "午", "甲寅")["answer"] == "不得"


# --- 88 怪异 -----------------------------------------------------------------------------------

def test_an_omen_is_trouble_when_the_ghost_moves_and_none_when_it_is_void():
    # on 子 甲寅 the 亥 ghost changes into the 辰 that controls it (32.2 「动而有制……犹不动也」); in a 亥
    # month it stands on the month, 22.2 「伤而不伤」
    moving = answer("怪异", "同人之无妄", "亥", "甲寅")
    assert moving["answer"] == "祸" and "怪.鬼动" in deciders(moving)
    assert {"波浪之沉", "水火之厄", "丁幼疮痍", "祸由己召"} <= reading("怪异", "同人之无妄", "亥", "甲寅")
    void = answer("怪异", "同人", "辰", "辛未")                               # 空散则非真
    assert void["answer"] == "无害" and "怪.空散" in deciders(void)


def test_a_strong_quiet_ghost_is_trouble_second_to_a_moving_one():
    strong = answer("怪异", "同人", "子", "甲寅")                             # 亥 in the 子 month
    assert strong["answer"] == "祸" and strong["strength"] == "次"


def test_what_the_strange_thing_is():
    assert reading("怪异.何怪", "同人", "子", "甲寅") >= {"物怪", "西南", "搬弄其金"}
    assert "鬼怪" in reading("怪异.何怪", "否", "午", "甲寅")                  # the 巳 ghost on a yin line


def test_drive_it_out_or_let_it_be():
    strong = judged("怪异.驱置", "同人", "子", "甲寅").answers()
    assert next(r for r in strong if r["sub_question"] == "怪异.驱置")["answer"] == "不可驱"
    weak = judged("怪异.驱置", "同人", "午", "甲寅").answers()
    assert next(r for r in weak if r["sub_question"] == "怪异.驱置")["answer"] == "可驱"
    assert next(r for r in weak if r["sub_question"] == "怪异.驱置.置")["answer"] == "可置"
    # on 子 甲寅 the 亥 ghost changes into the 辰 that controls it (32.2 「动而有制……犹不动也」); 临月, 22.2
    moving = judged("怪异.驱置", "同人之无妄", "亥", "甲寅").answers()
    assert next(r for r in moving if r["sub_question"] == "怪异.驱置.置")["answer"] == "不可置"


def test_when_it_stops_and_whether_there_is_a_demon():
    stops = answer("怪异.怪息", "同人", "午", "甲寅")                          # water: tomb 辰, extinction 巳
    assert stops["timing"]["primary"]["when"] == "辰日、辰月"
    assert answer("怪异.有妖", "同人", "辰", "辛未")["answer"] == "无"         # 鬼虚
    assert answer("怪异.是怪", "同人", "子", "甲寅")["answer"] == "有"         # 鬼实
