"""Chapters 59-76 (九流 … 谋望): for each sub-question, a chart where the book's answer goes one way and
one where it goes the other, through `yimao.judge`; the rulings are checked by the rule that stands."""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.api import evaluate_chart
from yimao.judge import Judgement, parse_question
from yimao.query import parse_fact
from yimao.rulebook import load_engine


@cache
def judged(question, hexagram, month, day, about=None, facts=(), year=None):
    """The answers on the question's axis (word and side), its further axes (with the rulings that
    decide each) and readings, the rules standing undefeated, and what stands for the matter (用象); extra
    facts (事月) as `yimao judge --fact` adds them."""
    e = load_engine()
    q = parse_question(e.program, question, about=about)
    extra = q.facts() + [parse_fact(text, e.program) for text in facts]
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(year=year, month=month, day=day), "test", extra)
    judgement = Judgement(q, chart)
    answers = judgement.answers()
    axis = next(a for a in answers if not a["axis"].startswith("by "))
    rules = {v["rule"] for v in judgement.verdicts() if not v["defeated_by"]}
    readings = tuple(a["answer"] for a in answers if a["axis"].startswith("by "))
    axes = {a["sub_question"]: a["answer"] for a in answers if not a["axis"].startswith("by ")}
    deciders = {a["sub_question"]: {d["rule"] for d in a["decided_by"]} for a in answers if not a["axis"].startswith("by ")}
    use = chart.result.facts("用象")[0].values[0]
    return {"word": axis["answer"], "axes": axes, "side": axis["side"], "timing": axis["timing"],
            "rules": rules, "readings": readings, "use": use, "deciders": deciders}


def ruled(rules, word, question, hexagram, month, day, **inputs):
    """Judge the chart and check that the rulings `rules` (one id or a set) stand and the answer on the
    question's axis is `word`; the judgement, for further checks."""
    data = judged(question, hexagram, month, day, **inputs)
    wanted = {rules} if isinstance(rules, str) else set(rules)
    assert wanted <= data["rules"] and data["word"] == word, (wanted, data["rules"], data["word"])
    return data


# --- 59 九流 ----------------------------------------------------------------------------------------

def test_ch59_scholar_reads_the_wen_and_the_shi():
    ruled("学儒.文实", "成", "九流", "革", "丑", "乙未")  # the 酉 父 on line 5 held up
    ruled("学儒.世空", "不成", "九流", "蛊", "丑", "庚辰")  # 蛊's 世 (3, 酉) void in 甲戌


def test_ch59_nine_schools_and_servants_read_cai_and_guan():
    ruled({"九流.官备", "九流.财旺"}, "成", "九流.九流", "豫之兑", "未", "乙巳")
    ruled("执役.财官旺", "成", "九流.执役", "豫之兑", "未", "乙巳")
    ruled("执役.官克世", "不成", "九流.执役", "革", "丑", "乙未")  # the 丑 官 controls the 亥 世


def test_ch59_broker_and_setting_up():
    ruled("业牙.应空", "不成", "九流.业牙", "坤", "午", "丁未")  # 坤's 应 (3, 卯) void in 甲辰
    ruled("成业.六冲", "不成", "九流.成业", "乾", "辰", "庚戌")
    made = judged("九流.成业", "豫之兑", "未", "乙巳")
    assert not {"成业.六冲", "成业.世空"} & made["rules"] and made["word"] == "成"


def test_ch59_which_trade_by_the_cai_or_its_source():
    cai = judged("九流.何业", "豫之兑", "未", "乙巳")  # the 未 财 moves in 坤, strong, 青龙
    assert {"农田泥土砂石", "农父", "翰"} <= set(cai["readings"][0].split("、"))
    no_cai = judged("九流.何业", "革", "酉", "壬戌")  # no 财 on the cast: the 卯 子孙
    assert no_cai["readings"] == ("花园樵采桑麻",)


# --- 60 经学 ----------------------------------------------------------------------------------------

def test_ch60_classic_needs_guan_and_wen_and_a_sound_shi():
    ruled("经学.官文两旺", "成", "经学.专经", "革", "丑", "乙未")  # the 酉 父 and the 丑 官 on the month
    ruled("经学.世空", "不成", "经学.专经", "蛊", "丑", "庚辰")
    ruled("著书.文空", "不成", "经学.著书", "丰", "戌", "丙子")  # the 申 父 on the 世, void in 甲戌
    assert judged("经学.性经", "革", "丑", "乙未")["readings"] == ("春秋",)  # a metal 文: 春秋


def test_ch60_selling_writing_wants_father_and_wealth():
    ruled("诗画.父财两得", "成", "经学.诗画", "大过", "亥", "乙丑")
    ruled("诗画.父财失", "不成", "经学.诗画", "豫之兑", "未", "乙巳")


def test_ch60_selling_writing_fails_when_the_cai_is_lost_however_strong_the_father():
    ruled("诗画.财陷", "不成", "经学.诗画", "离", "卯", "丙午")  # 「喜其两得」: the 卯 父 in season, the 酉 财 broken
    assert "诗画.财陷" not in judged("经学.诗画", "大过", "亥", "乙丑")["rules"]


def test_ch60_the_way_fears_clash_the_name_wants_strength():
    ruled("经学.六冲", "不成", "经学.参禅", "乾", "辰", "庚戌")
    assert judged("经学.参禅", "豫之兑", "未", "乙巳")["word"] == "成"
    ruled("明传.文陷", "不成", "经学.明传", "豫之兑", "未", "乙巳")
    assert "演法.官旺" in judged("经学.演法", "革", "丑", "乙未")["rules"]
    ruled("修谱.父旺", "成", "经学.修谱", "革", "丑", "乙未")


def test_ch60_the_classic_studied_fails_with_a_void_wen_as_the_book_does():
    ruled("著书.文空", "不成", "经学.专经", "夬", "未", "壬寅")  # 治经经成，著书书成: the 父 void, the 世 not
    assert "著书.文空" not in judged("经学.性经", "夬", "未", "壬寅")["rules"]


def test_ch60_promotion_wants_the_guan_strong_beside_the_wen_on_year_and_month():
    ruled("专经.临岁月", "成", "经学.专经", "革", "酉", "甲戌", year="丁酉")  # 酉 文 on year and month, 土 官 on 戌
    assert "专经.临岁月" not in judged("经学.专经", "革", "酉", "乙亥", year="丁酉")["rules"]  # the 官 weak


# --- 61 师友 ----------------------------------------------------------------------------------------

def test_ch61_the_teacher_by_the_wen():
    ruled("文书.休囚", "凶", "师友", "蛊", "丑", "庚辰")
    good = judged("师友", "革", "丑", "乙未")
    assert good["word"] == "吉" and "循循善诱" in good["readings"][0]


def test_ch61_a_father_engaging_a_teacher_reads_the_ying():
    alone = judged("师友", "蒙", "午", "辛卯")
    assert not any(r.startswith("延师.") for r in alone["rules"])
    ruled("延师.应克世", "凶", "师友", "蒙", "午", "辛卯", about="子")


def test_ch61_craft_master_and_friend_read_the_ying():
    ruled("学艺.应旺生世", "吉", "师友.学艺", "丰", "戌", "丙子")
    ruled({"学艺.应病", "学艺.应墓"}, "凶", "师友.学艺", "坤", "午", "丁未")  # the 卯 应 void, entombed on the 未 day
    ruled("相资.应病", "凶", "师友.相资", "坤", "午", "丁未")
    ruled("附学.应克世", "凶", "师友.附学", "蒙", "午", "辛卯")


def test_ch61_lodging_and_young_pupils():
    ruled("馆安.安宁", "吉", "师友.馆安", "蒙", "午", "辛卯")
    ruled("馆安.鬼动", "凶", "师友.馆安", "豫之兑", "未", "乙巳")
    ruled("蒙读.子旺", "吉", "师友.蒙读", "蒙", "午", "辛卯")
    ruled("蒙读.鬼动", "凶", "师友.蒙读", "豫之兑", "未", "乙巳")


def test_ch61_engaging_inviting_and_finding_a_teacher():
    assert judged("师友.成师", "豫之兑", "未", "乙巳")["word"] == "成"
    ruled("成师.无官", "不成", "师友.成师", "涣", "戌", "己亥")
    assert judged("师友.访遇", "蛊", "丑", "庚辰")["word"] == "成"
    ruled({"访遇.应空", "访遇.六冲"}, "不成", "师友.访遇", "坤", "午", "丁未")
    ruled("邀游.子占父坏", "不成", "师友.邀游", "豫之兑", "未", "乙巳")


# --- 62 馆席 ----------------------------------------------------------------------------------------

def test_ch62_getting_a_post_by_the_host():
    ruled("成馆.应生世", "成", "馆席", "丰", "戌", "丙子")
    ruled({"成馆.三冲", "成馆.应空"}, "不成", "馆席", "坤", "午", "丁未")
    assert judged("馆席.代馆", "坤", "午", "丁未")["word"] == "不成"  # 「同于成馆」


def test_ch62_where_and_when():
    where = judged("馆席.何地", "蛊", "丑", "庚辰")  # the 寅 应 on line 6, in 艮
    assert {"山野", "同侪", "男延", "远", "本土"} <= set(where["readings"][0].split("、"))
    when = judged("馆席.何时", "蛊", "丑", "庚辰")  # the 酉 世
    alternatives = {t["when"] for t in [when["timing"]["primary"], *when["timing"]["alternatives"]]}
    assert {"酉月/酉日", "辰月/辰日", "戌月/戌日"} <= alternatives


def test_ch62_taking_up_the_post_and_a_school_of_ones_own():
    haunted = ruled("就馆.鬼动", "凶", "馆席.就馆", "豫之兑", "未", "乙巳")
    assert {"小工技之谗", "丧", "失利于兵丧"} <= set(haunted["readings"][0].split("、"))
    assert judged("馆席.就馆", "革", "丑", "乙未")["word"] == "吉"
    ruled("设帐.应空", "不成", "馆席.开馆", "坤", "午", "丁未")
    assert judged("馆席.开馆", "蛊", "丑", "庚辰")["word"] == "成"


def test_ch62_leaving_recommending_and_taking_a_post():
    ruled("辞馆.可去", "成", "馆席.辞馆", "蛊", "丑", "庚辰")
    ruled("辞馆.应克世", "不成", "馆席.辞馆", "离", "丑", "辛酉")  # 六冲, but the 应 controls the 世
    assert judged("馆席.荐馆", "蒙", "午", "辛卯")["word"] == "不成"
    ruled("攘馆.应病", "吉", "馆席.攘馆", "坤", "午", "丁未")
    ruled("攘馆.克世", "凶", "馆席.攘馆", "蒙", "午", "辛卯")


def test_ch62_printing_pupils_and_rich_houses():
    printed = judged("馆席.选刻", "蛊", "丑", "庚辰")  # the name fails, the profit comes
    assert printed["word"] == "不成" and printed["axes"]["馆席.选刻.利"] == "利"
    ruled("卜徒.应克世", "凶", "馆席.卜徒", "蒙", "午", "辛卯")
    yamen = ruled("衙富.生合", "吉", "馆席.幕馆", "豫之兑", "未", "乙巳")
    assert "西南" in yamen["readings"][0]  # the moving 未 财 in 坤
    ruled("衙富.空", "凶", "馆席.商馆", "蛊", "丑", "庚辰")


# --- 64 任人 ----------------------------------------------------------------------------------------

def test_ch64_the_man_by_how_his_use_god_bears_on_the_shi():
    loyal = judged("任人", "丰", "戌", "丙子")
    assert "任人.生世" in loyal["rules"] and loyal["side"] == "吉"
    treacherous = judged("任人", "蒙", "午", "辛卯")
    assert "任人.克世" in treacherous["rules"] and treacherous["side"] == "凶"
    assert "勇而暴" in treacherous["readings"][0]  # 白虎 controlling the 世


def test_ch64_the_ills_and_the_ying_outweigh_generation():
    servant = judged("任人.任仆", "蛊", "丑", "庚辰")
    assert "任人.生世" in servant["rules"] and servant["side"] == "吉"
    clerk = judged("任人.任文", "涣", "戌", "己亥")  # the 应 ill, the 父 generating the 世
    assert {"任人.应病", "任人.生世"} <= clerk["rules"] and clerk["side"] == "凶"
    void = judged("任人.任仆", "乾", "辰", "庚戌")
    assert "任人.用病" in void["rules"] and void["side"] == "凶"


def test_ch64_a_lone_moving_use_god_by_its_trigram():
    assert "智巧" in judged("任人", "讼之履", "寅", "甲子")["readings"][0]  # in 坎, generating the 世
    assert "奸险" in judged("任人", "蒙之损", "寅", "甲子")["readings"][0]  # in 坎, controlling it


# --- 65 诚伪 ----------------------------------------------------------------------------------------

def test_ch65_sincerity_by_the_use_god_and_its_change():
    ruled("诚伪.用病", "伪", "诚伪", "坤", "午", "丁未")  # the 应 (卯) void
    kind = judged("诚伪", "否之屯", "卯", "己丑")  # the moving 应 changes into a 子孙
    assert "诚伪.化子孙" in kind["rules"] and "诚伪.用动" not in kind["rules"] and kind["word"] == "诚"


def test_ch65_a_relative_by_kinship_a_thing_by_its_kind():
    assert judged("诚伪", "蛊", "丑", "庚辰", about="父")["use"] == "父母"
    assert judged("诚伪", "蛊", "丑", "庚辰")["use"] == "应"  # nobody named: a stranger
    jewel = ruled("测物.旺", "有", "诚伪.测物", "蛊", "丑", "庚辰", about="珍宝")
    assert jewel["use"] == "妻财"


def test_ch65_pleasure_anger_harm_help():
    ruled("喜怒.生世", "喜", "诚伪.喜怒", "豫之兑", "未", "乙巳")
    ruled("喜怒.冲世", "怒", "诚伪.喜怒", "乾", "辰", "庚戌")  # the 辰 应 clashes the 戌 世
    assert judged("诚伪.喜怒", "坤", "午", "丁未")["readings"] == ("忧喜无实",)
    ruled("害助.生世", "助", "诚伪.害助", "豫之兑", "未", "乙巳")
    ruled("害助.克世", "害", "诚伪.害助", "蒙", "午", "辛卯")


# --- 66 收雇 ----------------------------------------------------------------------------------------

def test_ch66_taking_a_servant_by_the_cai():
    capable = judged("收雇", "小畜", "丑", "壬申")  # a strong 财 controlling the 世
    assert "收仆.财旺克世" in capable["rules"] and capable["word"] == "吉"  # 「虽克不嫌」
    ruled("收仆.财旺生合", "吉", "收雇", "同人", "申", "丙戌")
    ruled({"收仆.三冲", "收仆.财病"}, "凶", "收雇", "乾", "辰", "庚戌")


def test_ch66_a_strong_cai_combining_or_clashing_the_shi_reads_as_generating_or_controlling_it():
    assert "收仆.财旺合世" in judged("收雇", "旅", "申", "戊戌")["rules"]  # 「生合世身」: the 酉 财 combines the 辰 世
    assert "收仆.财旺合世" not in judged("收雇", "旅", "午", "丁卯")["rules"]  # the 酉 财 weak
    assert "收仆.财旺冲世" in judged("收雇", "坎", "午", "乙丑")["rules"]  # 「克冲世」: the 午 财 clashes the 子 世
    assert "收仆.财旺冲世" not in judged("收雇", "坎", "子", "乙丑")["rules"]  # the 午 财 broken


def test_ch66_keeping_or_dismissing_a_servant():
    ruled("仆去留.克世", "去", "收雇.去恶", "乾", "辰", "庚戌")
    ruled("仆去留.生世", "留", "收雇.去恶", "蛊", "丑", "庚辰")


def test_ch66_hired_hands_by_the_ying():
    ruled("雇工.克世", "不成", "收雇.雇工", "蒙", "午", "辛卯")
    assert judged("收雇.雇工", "蛊", "丑", "庚辰")["word"] == "成"
    ruled("雇工.应空散", "不成", "收雇.倩人", "坤", "午", "丁未")
    ruled("雇工.八纯", "不成", "收雇.雇工", "乾", "辰", "庚戌")  # 「八纯六冲，不可暂用也」
    ruled("防夺.应克世", "凶", "收雇.防夺", "蒙", "午", "辛卯")
    assert judged("收雇.防夺", "蛊", "丑", "庚辰")["word"] == "吉"
    ruled("防非.官克", "凶", "收雇.防非", "革", "丑", "乙未")
    assert judged("收雇.防非", "蛊", "丑", "庚辰")["word"] == "吉"
    ill = judged("收雇.防病", "豫之兑", "未", "乙巳")
    assert "防病.鬼动" in ill["rules"] and "雇工.三冲" not in ill["rules"] and ill["word"] == "凶"
    assert judged("收雇.防病", "蛊", "丑", "庚辰")["word"] == "吉"


def test_ch66_the_mansion_on_a_lone_moving_cai_reads_the_temper():
    # 「角有蛟志，尾有虎性」: 乾's 寅 财 on line 2 carries 尾 in 刘基's scheme (8.11's own case).
    def temper(hexagram):
        return set(judged("收雇", hexagram, "寅", "甲子")["readings"][0].split("、"))
    assert {"虎性", "志高"} <= temper("乾之同人")
    assert "虎性" not in temper("乾")  # 「用爻独发而论也」: it must move
    assert "虎性" not in temper("乾之履")  # another line moves alone


def test_ch8_liu_ji_lays_a_mansion_on_every_line_as_the_books_three_hexagrams_show():
    from test_ch21_30 import evaluate, facts
    book = {  # 8.11-8.12's commentary, line by line
        "乾": {6: "角", 3: "亢", 5: "氐", 1: "房", 4: "心", 2: "尾"},
        "姤": {1: "亢", 4: "氐", 2: "房", 6: "心", 3: "尾", 5: "箕"},
        "归妹": {3: "角", 6: "亢", 1: "氐", 5: "房", 2: "心", 4: "尾"},
    }
    for hexagram, mansions in book.items():
        assert dict(facts(evaluate(hexagram, "寅", "甲子"), "爻宿")) == mansions
    assert dict(facts(evaluate("大有", "寅", "甲子"), "爻宿"))[3] == "斗"  # 「大有世爻起斗星」
    assert dict(facts(evaluate("遁", "寅", "甲子"), "爻宿")) == {2: "氐", 5: "房"}  # 二世: 世 and 应 only


# --- 68 田蚕 ----------------------------------------------------------------------------------------

def test_ch68_the_harvest_by_the_cai_and_the_blight_by_the_ghost():
    ruled("田.财实", "丰", "田蚕", "蛊", "丑", "庚辰")
    blighted = ruled("田.鬼作", "歉", "田蚕", "豫之兑", "未", "乙巳")  # the 申 ghost moves on line 5
    assert set(blighted["readings"][0].split("、")) == {"蝗", "风雨阻其结"}
    assert judged("田蚕.种植", "蒙", "午", "辛卯")["readings"] == ("春树秋收",)


def test_ch68_tenants_and_oxen():
    ruled("召耕.上农", "吉", "田蚕.召耕", "恒之明夷", "丑", "壬子")
    ruled("召耕.应病", "凶", "田蚕.召耕", "坤", "午", "丁未")
    ruled("耕牛.五爻值鬼", "凶", "田蚕.耕牛", "豫之兑", "未", "乙巳")
    assert judged("田蚕.耕牛", "损之蒙", "戌", "戊戌")["word"] == "吉"


def test_ch68_silkworms_and_leaves():
    ruled("养蚕.倍常", "丰", "田蚕.养蚕", "蛊", "丑", "庚辰")  # 41.6: 蛊 「占蚕而有收」
    sick = ruled("养蚕.鬼发", "歉", "田蚕.养蚕", "豫之兑", "未", "乙巳")
    assert {"病在筐", "饥白"} <= set(sick["readings"][0].split("、"))
    dear = judged("田蚕.叶价", "豫之兑", "未", "乙巳")
    assert dear["word"] == "贵" and dear["axes"]["田蚕.叶价.叶余"] == "余"
    cheap = judged("田蚕.叶价", "革", "丑", "乙未")  # a fire 财 in winter
    assert cheap["word"] == "贱" and "午、巳" in cheap["readings"]


def test_ch68_leaves_sell_dear_near_when_the_cai_is_strong_inside():
    assert "近" in judged("田蚕.叶价", "豫之兑", "未", "乙巳")["readings"]  # 「财旺于内，贵卖于近」: the 未 财 on line 1
    assert "近" not in judged("田蚕.叶价", "豫之兑", "子", "乙巳")["readings"]  # the 财 out of season


def test_ch68_a_tenant_combining_with_the_shi_helps_as_one_generating_it():
    assert "召耕.上农合" in judged("田蚕.召耕", "否", "卯", "丙子")["rules"]  # 「应生合」: the 戌 应 combines the 卯 世, 财 in season
    assert "召耕.上农合" not in judged("田蚕.召耕", "否", "酉", "丙子")["rules"]  # the 卯 财 broken


# --- 69 六畜 ----------------------------------------------------------------------------------------

def test_ch69_beasts_by_the_zisun_and_their_line_branch_and_trigram():
    assert judged("六畜.马牛", "坤", "午", "丁未")["word"] == "吉"
    ox = judged("六畜.马牛", "豫之兑", "未", "乙巳")  # the 申 ghost on line 5
    assert "六畜.鬼犯爻属" in ox["rules"] and "六畜.虎动" not in ox["rules"] and ox["side"] == "凶"
    hen = judged("六畜.禽", "豫之兑", "未", "乙巳")  # 白虎 moves: the butcher
    assert "六畜.虎动" in hen["rules"] and hen["side"] == "凶"
    pig = judged("六畜.彘豕", "离", "丑", "辛酉")  # the 亥 ghost on line 3
    assert {"六畜.鬼犯爻属", "六畜.鬼犯生属"} <= pig["rules"] and pig["side"] == "凶"
    sheep = judged("六畜.羊鹿", "蹇之未济", "申", "己丑")
    assert "六畜.鬼动卦属" in sheep["rules"] and sheep["side"] == "凶"
    pot = judged("六畜", "颐之比", "未", "己未")  # 41.6: 颐 「主烹」
    assert "六畜.主烹" in pot["rules"] and pot["side"] == "凶"


def test_ch69_fish_and_fighting_birds_by_the_cai_and_its_season():
    fish = judged("六畜.鱼", "蛊", "丑", "庚辰")
    assert "畜财.旺" in fish["rules"] and fish["side"] == "吉"
    wasting = judged("六畜.鱼", "离", "丑", "辛酉")  # 「鬼守于亥者鱼必消」
    assert "六畜.鬼犯生属" in wasting["rules"] and wasting["side"] == "凶"
    autumn = judged("六畜.斗养", "蛊", "丑", "庚辰", facts=("事月(支: 酉)",))  # an earth 财 out of season
    # (not 辰: it clashes the 戌 财, out of season by 30.3 「是论丑破未，而不论建丑也」)
    spring = judged("六畜.斗养", "蛊", "丑", "庚辰", facts=("事月(支: 戌)",))
    assert "畜财.失时" in autumn["rules"] and "畜财.得时" in spring["rules"] and spring["timing"]


# --- 70 户籍 ----------------------------------------------------------------------------------------

def test_ch70_the_household_fears_the_ghost():
    ruled("立户.鬼静福兴", "吉", "户籍", "蒙", "午", "辛卯")
    ruled("立户.鬼克", "凶", "户籍", "革", "丑", "乙未")  # the 丑 官 controls the 亥 世
    ruled("立户.鬼动", "凶", "户籍.清漏", "豫之兑", "未", "乙巳")


def test_ch70_registers_payments_and_deadlines():
    assert judged("户籍.寄户", "革", "丑", "乙未")["word"] == "成"
    ruled("寄户.应空", "不成", "户籍.投图", "坤", "午", "丁未")
    ruled("交纳.官克世", "难", "户籍.交纳", "革", "丑", "乙未")
    assert judged("户籍.交纳", "蛊", "丑", "庚辰")["word"] == "易"
    ruled("散派.世克应", "易", "户籍.散派", "蛊", "丑", "庚辰")
    ruled("违限.鬼动", "危", "户籍.违限", "豫之兑", "未", "乙巳")
    assert judged("户籍.违限", "蛊", "丑", "庚辰")["word"] == "安"


# --- 71 差役 ----------------------------------------------------------------------------------------

def test_ch71_a_levy_laid_on_one_is_heavy_when_the_guan_is_strong():
    heavy = judged("差役", "豫之兑", "未", "乙巳")  # the 申 官 on the day's 长生, moving
    assert "役.官旺" in heavy["rules"] and heavy["word"] == "重"  # outweighs the 用神's 全吉 (役为害)
    light = judged("差役", "乾", "辰", "庚戌")
    assert "役.官衰" in light["rules"] and light["side"] == "吉"
    ruled("避役.鬼旺", "凶", "差役.避役", "豫之兑", "未", "乙巳")
    ruled("避役.失鬼", "吉", "差役.避役", "益", "午", "丁卯")
    assert "役患.官动" in judged("差役.防患", "豫之兑", "未", "乙巳")["rules"]


def test_ch71_service_sought_wants_guan_and_cai():
    ruled("求役.财旺官备", "成", "差役.谋差", "豫之兑", "未", "乙巳")
    ruled("谋差.官失", "不成", "差役.谋差", "涣", "戌", "己亥")
    ruled("顶役.应空", "不成", "差役.顶役", "坤", "午", "丁未")
    # 71.3 「官临旺相，忌制我方疆」: the 申 官 相 in 未 (and on the day's 长生) keeps the asker
    ruled("脱役.官极", "不成", "差役.脱役", "豫之兑", "未", "乙巳")
    ruled({"脱役.官克", "脱役.官极"}, "不成", "差役.脱役", "革", "丑", "乙未")


def test_ch71_private_help_by_the_ying_public_suits_by_the_guan():
    ruled("助役.应生世", "成", "差役.助役", "豫之兑", "未", "乙巳")
    ruled("卸役.应空", "不成", "差役.卸役", "坤", "午", "丁未")
    ruled("讼役.克世", "凶", "差役.讼役", "革", "丑", "乙未")


def test_ch71_a_helper_who_controls_the_shi_will_not_exert_himself():
    ruled("助役.应克世", "不成", "差役.助役", "损", "寅", "丁卯")  # 「应克孰为力」: the 寅 应 controls the 丑 世
    assert "助役.应克世" not in judged("差役.助役", "豫之兑", "未", "乙巳")["rules"]  # the 应 generates the 世
    ruled("助役.应克世", "不成", "差役.卸役", "损", "寅", "丁卯")  # relief sought privately, the same


# --- 72 分合 ----------------------------------------------------------------------------------------

def test_ch72_dividing_and_joining_by_whom_it_is_for():
    for about, relative in ((None, "世"), ("兄", "兄弟"), ("臣", "妻财")):
        assert judged("分合", "蛊", "丑", "庚辰", about=about)["use"] == relative
    ruled({"分合.用旺", "分合.启家"}, "成", "分合", "豫之兑", "未", "乙巳")  # the 世 (line 1, 未) moving, strong
    assert judged("分合.分", "豫之兑", "未", "乙巳")["word"] == "成"  # 「胜无忌动」
    ruled("合.戒变", "不成", "分合.合", "豫之兑", "未", "乙巳")  # 「和则戒变」
    ruled("分合.用坏", "不成", "分合", "蛊", "丑", "庚辰")


# --- 73 出纳 ----------------------------------------------------------------------------------------

def test_ch73_parting_likes_movement_taking_in_a_still_chart():
    ruled("出.交重", "出", "出纳", "豫之兑", "未", "乙巳")
    ruled("出屋.内坏", "出", "出纳.出屋", "蒙", "午", "辛卯")  # 蒙's inner 坎 void (ch. 18: its 午, 甲申 decade)
    ruled("纳.静生", "纳", "出纳.纳", "蛊", "丑", "庚辰")
    ruled("纳.卦冲", "不纳", "出纳.纳", "乾", "辰", "庚戌")
    # 「纳利用变」: the 财 (line 2) moving alone; 乾 is a 六冲 all the same, and that is sought first
    ruled({"纳.用变", "纳.卦冲"}, "不纳", "出纳.纳", "乾之同人", "寅", "甲子")


def test_ch73_a_spoiled_cai_lets_the_business_go_but_a_spoiled_fu_not_the_house():
    ruled("出.用坏", "出", "出纳.出业", "蒙", "申", "乙亥")  # 「卦冲财坏而毋留」: the 财 void
    house = judged("出纳.出屋", "夬", "未", "壬寅")  # the 父 void; no 卦冲, 鬼动 or 内坏 (「卦冲鬼动内坏而非我居」)
    assert "出.用坏" not in house["rules"] and house["word"] != "出"


def test_ch73_the_other_party_by_the_ying():
    ruled("彼屋.应实物完", "成", "出纳.彼屋", "蛊", "丑", "庚辰")
    ruled("彼屋.应坏", "不成", "出纳.彼业", "坤", "午", "丁未")
    ruled("彼纳.应动", "不纳", "出纳.彼纳", "离之坎", "未", "壬午")
    ruled("纳物.应克", "凶", "出纳.纳物", "蒙", "午", "辛卯")
    assert judged("出纳.纳物", "蛊", "丑", "庚辰")["word"] == "吉"
    ruled("送物.应克世静实", "纳", "出纳.送物", "蒙", "午", "辛卯")  # the 应 controls the 世, still and whole


def test_ch73_selling_property_and_goods():
    ruled("脱产.世空", "不成", "出纳.脱产", "蛊", "丑", "庚辰")
    ruled("脱货.财实", "吉", "出纳.脱货", "蛊", "丑", "庚辰")


# --- 74 劫质 ----------------------------------------------------------------------------------------

def test_ch74_a_combined_cast_clashed_fails_the_pledge_a_clashing_cast_is_not_that():
    # 「贞合冲、世应空而无成事」 (「本卦六合而合处逢冲」): 贲, a 六合, clashed by the 辰 day
    ruled("取质.贞合冲", "不成", "劫质", "贲", "戌", "戊辰")
    assert "取质.贞合冲" not in judged("劫质", "乾", "辰", "庚戌")["rules"]  # 乾: a 六冲, not a 六合 clashed


def test_ch74_a_pledge_between_equals():
    ruled("取质.应克世", "不成", "劫质", "蒙", "午", "辛卯")
    assert judged("劫质", "豫之兑", "未", "乙巳")["word"] == "成"


def test_ch74_a_hostage_taken_by_force():
    ruled("劫掳.官空", "吉", "劫质.劫质", "坤", "午", "丁未")  # the 卯 官 void: 「最喜官空」
    ruled("劫掳.鬼兴", "凶", "劫质.劫质", "豫之兑", "未", "乙巳")
    lost = judged("劫质.存亡", "坎", "未", "己亥")
    assert "存亡.用坏" in lost["rules"] and "劫掳.官空" not in lost["rules"] and lost["word"] == "亡"
    assert judged("劫质.存亡", "革", "丑", "乙未")["word"] == "存"
    back = judged("劫质.还期", "革", "丑", "乙未")
    assert "还期.生扶" in back["rules"] and back["word"] == "归" and back["timing"]["primary"]["when"] == "卯日"


# --- 75 器用 ----------------------------------------------------------------------------------------

def test_ch75_well_stove_and_bed_by_their_line():
    ruled("井灶床.值福", "吉", "器用.井", "革", "丑", "乙未")  # line 1 卯: a 子孙
    # line 2, 丑: the ghost itself, controlling the 世
    ruled({"井灶床.依鬼", "井灶床.克世"}, "凶", "器用.灶", "革", "丑", "乙未")
    ruled("井灶床.三冲", "凶", "器用.床", "豫之兑", "未", "乙巳")


def test_ch75_coffin_commissions():
    coffin = ruled("寿具.用旺鬼安", "吉", "器用.寿具", "革", "丑", "乙未")
    assert coffin["axes"]["器用.寿具.妨犯"] == "有妨"  # 「忌鬼克」
    assert "寿具.鬼动" in judged("器用.寿具", "豫之兑", "未", "乙巳")["rules"]
    ruled("奉公.鬼克世", "凶", "器用.奉公", "革", "丑", "乙未")
    assert judged("器用.奉公", "豫之兑", "未", "乙巳")["word"] == "吉"
    ruled("托人.应克世", "凶", "器用.托人", "蒙", "午", "辛卯")
    assert judged("器用.托人", "蛊", "丑", "庚辰")["word"] == "吉"
    ruled("舟车.卦冲", "凶", "器用.杂物", "乾", "辰", "庚戌", about="舟车")


# --- 76 谋望 ----------------------------------------------------------------------------------------

def test_ch76_a_plan_by_its_five_taboos_and_its_use_god():
    ruled("谋.用旺", "成", "谋望", "豫之萃", "未", "乙巳")
    # 豫之解 moves its line 2, between the 世 (1) and the 应 (4): 10.1 「谋望为结碍」 stands, but below the
    # use god's grade (42.17 「用神为独重」, as the book's EX129 answers 成 with a moving 间爻).
    data = ruled({"谋.用旺", "间爻.谋望结碍"}, "成", "谋望", "豫之解", "未", "乙巳")
    # 豫之兑 also turns the 六合 豫 into the 六冲 兑: 11.8 「六合之卦，谋事必成，若化六冲，则无终也」.
    ruled("谋.化冲", "不成", "谋望", "豫之兑", "未", "乙巳")
    ruled("谋.世空散", "不成", "谋望", "蛊", "丑", "庚辰")  # one's own plan: the 世 void
    for_other = judged("谋望", "蛊", "丑", "庚辰", about="友")  # another's plan ignores the 世
    assert "谋.世空散" not in for_other["rules"]
    ruled("谋.官失", "不成", "谋望.谋利", "涣", "戌", "己亥")
    ruled("谋.六冲", "不成", "谋望.释患", "乾", "辰", "庚戌")


def test_ch76_a_broken_shi_or_ying_counts_only_on_its_own_side():
    # 「唯世应破绝，犹得其半」 read with 「占己谋不论应，占彼谋不论世」
    # one's own plan, the 世 酉 绝 on the 寅 day (in a 午 month: a 未 month generating it is 31.5's 绝而未绝)
    assert "谋.世破绝" in judged("谋望", "夬", "午", "壬寅")["rules"]
    assert "谋.世破绝" not in judged("谋望", "夬", "午", "壬寅", about="友")["rules"]
    assert "谋.应破绝" in judged("谋望", "屯", "寅", "辛巳", about="友")["rules"]  # another's plan, the 应 broken
    assert "谋.应破绝" not in judged("谋望", "屯", "寅", "辛巳")["rules"]


def test_ch76_entrusting_fears_an_ill_person_however_strong():
    # a weak 寅 应: little strength (on 丙辰; on 庚辰 蛊's only 官鬼, 酉, is void -- 32.4 「请托而言不从」)
    trusted = judged("谋望.嘱托", "蛊", "丑", "丙辰")
    assert trusted["word"] == "成" and trusted["readings"] == ("力小",)
    assert judged("谋望.嘱托", "蛊", "丑", "庚辰")["word"] == "不成"
    betrayed = ruled("嘱托.克世", "不成", "谋望.嘱托", "蒙", "午", "辛卯")  # the 应 strong but controlling the 世
    assert "力大" in betrayed["readings"][0]


def test_ch71_a_void_officer_leaves_no_one_to_release_the_asker():
    """71.3 「脱役除名……官空破散，嫌释我无主」 (and 71.5 「谋役脱役，而不喜失其鬼」), chosen over 26.6's
    contrary example 「如占脱役，鬼空则可脱」: 屯's 戌 官鬼 (line 5) is void on 甲子 (甲子旬: 戌亥), not on
    丁酉 (甲午旬: 辰巳)."""
    void = judged("差役.脱役", "屯", "寅", "甲子")
    assert "脱役.官坏" in void["rules"] and void["word"] == "不成"
    assert "脱役.官坏" not in judged("差役.脱役", "屯", "申", "丁酉")["rules"]


def test_an_entrusted_matter_asked_with_what_it_seeks_is_lucky_when_both_are_whole():
    # 76.3 「问嘱托而兼求用神者，体用两全，事无不吉」 with 76.1 「谋利用财」: the person entrusted (the 应,
    # the 体) and the 妻财 (the 用) both whole.
    def entrusted(lines, month, day, **given):
        return yimao.judge(question="谋望.嘱托", lines=lines, month=month, day=day, given=given).to_dict()
    both = entrusted("999676", "子", "己亥", 嘱求="利")["answers"][0]
    assert both["answer"] == "成" and [r["rule"] for r in both["decided_by"]] == ["嘱托.两全"]
    assert both["decided_by"][0]["cite"] == "76.3"
    # asked of the person alone, the 体 alone is read (「专问嘱托则重体」), and the object is named missing
    alone = entrusted("999676", "子", "己亥")
    assert "嘱托.两全" not in [v["rule"] for v in alone["verdicts"]]
    assert any(m.startswith("嘱求 (--given 嘱求=文|利|患)") for m in alone["missing"])
    # 「然嘱托体病，虽用得位无成」: the person controlling the 世 outweighs the whole pair
    ill = entrusted("786699", "卯", "辛亥", 嘱求="利")["answers"][0]
    assert ill["answer"] == "不成" and [r["rule"] for r in ill["decided_by"]] == ["嘱托.克世"]
    assert ("嘱托.两全", "嘱托.克世") in [(o["rule"], o["by"]) for o in ill["overruled"]]


def test_the_grade_of_the_use_god_answers_no_sub_question_not_asked():
    # 出纳.出业's axis (出 / 留) and the question's own are 平: the 用神's 全吉 (蛊 寅 戊戌) is no answer to
    # 纳 「纳 吉 / 不纳 凶」, a sub-question not asked.
    kept = judged("出纳.出业", "蛊", "寅", "戊戌")
    assert kept["axes"] == {"出纳.出业": "留"}


def test_hand_charts_of_the_review():
    # 76.2 「筮嘱托者，随所用神，或用官，或用应，或用六亲」: the person entrusted, named, by his kinship --
    # not the asker's 世 (否: 官鬼 午 on 4).
    entrusted = judged("谋望.嘱托", "否", "子", "丙午", about="官")
    assert entrusted["use"] == "官鬼" and entrusted["word"] == "成"
    # 71.4 「避役防患，皆喜子忌官」: 屯 寅 丙子 -- the 子孙 on the month, the 官 weak: good for both.
    assert judged("差役.避役", "屯", "寅", "丙子")["word"] == "吉"
    assert judged("差役.防患", "屯", "寅", "丙子")["word"] == "吉"
    # 66.1 「止忌三冲财病，虽克不嫌」: 大有 卯 丙子 -- two 父母 (「事或两头之系」) below the strong 财
    assert judged("收雇", "大有", "卯", "丙子")["word"] == "吉"
    assert "收仆.二父" in judged("收雇", "大有", "卯", "丙子")["rules"]
    # 62.3 「唯六合财旺应生为吉」 and 70.1 「止畏征科之累也」 over a 用神 merely 泄气 or 死气 (豫 未 甲辰;
    # 大有 子 丙寅); 68.4 「虽子衰而倍常」 not over a void 子孙 (艮 午 丙子: 「子孙空破，而忧筐簇之虚」);
    # 64.2 「若来生世，虽凶亦吉」 over the asker's 世 in its tomb (鼎 申 甲辰).
    assert judged("馆席.就馆", "豫", "未", "甲辰")["word"] == "吉"
    assert judged("户籍", "大有", "子", "丙寅")["word"] == "吉"
    assert judged("田蚕.养蚕", "艮", "午", "丙子")["word"] == "歉"
    assert judged("任人.任仆", "鼎", "申", "甲辰")["word"] == "吉"


# --- every axis of these chapters, one way and the other ---------------------------------------------

# (axis, hexagram, month, day, the answer, a ruling that decides it).  The ruling is the chapter's own
# where one decides; the rest are 42.17's grades of the 用神 (用神断.*), 28.1's season (遇时.*) or
# 31's stages (长生.*), which judge a sub-question whose chapter names no sign of its own for that
# side.  A further axis (馆席.选刻.利) is asked through its sub-question.
BOTH_WAYS = [
    ("九流", "履之师", "巳", "辛丑", "成", "学儒.文实"),
    ("九流", "旅之豫", "丑", "己亥", "不成", "学儒.世空"),
    ("九流.九流", "益之大畜", "戌", "丁卯", "成", "九流.官备"),
    ("九流.九流", "履之师", "巳", "辛丑", "不成", "遇时.失令凶"),
    ("九流.百工", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("九流.百工", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("九流.何业", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("九流.何业", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("九流.成业", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("九流.成业", "旅之豫", "丑", "己亥", "不成", "成业.世空"),
    ("九流.执役", "比之谦", "子", "己巳", "成", "执役.财官旺"),
    ("九流.执役", "坎之蹇", "子", "庚子", "不成", "执役.官克世"),
    ("九流.业牙", "比之谦", "子", "己巳", "成", "执役.财官旺"),
    ("九流.业牙", "姤", "未", "庚寅", "不成", "业牙.应空"),
    ("九流.丹炉", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("九流.丹炉", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("九流.符咒", "益之大畜", "戌", "丁卯", "成", "用神断.全吉"),
    ("九流.符咒", "履之师", "巳", "辛丑", "不成", "遇时.失令凶"),
    ("九流.修养", "履之师", "巳", "辛丑", "成", "用神断.有玷"),
    ("九流.修养", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("经学", "比之谦", "子", "己巳", "成", "经学.官文两旺"),
    ("经学", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("经学.性经", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("经学.性经", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("经学.专经", "比之谦", "子", "己巳", "成", "经学.官文两旺"),
    ("经学.专经", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("经学.著书", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("经学.著书", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("经学.诗画", "比之谦", "子", "己巳", "成", "诗画.父财两得"),
    ("经学.诗画", "坎之蹇", "子", "庚子", "不成", "诗画.财陷"),
    ("经学.参禅", "履之师", "巳", "辛丑", "成", "用神断.有玷"),  # 「学而求道，在乎成身」: the 世 申, 月克日生
    ("经学.参禅", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("经学.明传", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("经学.明传", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("经学.演法", "比之谦", "子", "己巳", "成", "演法.官旺"),
    ("经学.演法", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("经学.修谱", "履之师", "巳", "辛丑", "成", "修谱.父旺"),
    ("经学.修谱", "旅之豫", "丑", "己亥", "不成", "经学.世空"),
    ("师友", "履之师", "巳", "辛丑", "吉", "师象.日月"),
    ("师友", "益之大畜", "戌", "丁卯", "凶", "文书.休囚"),
    ("师友.附学", "履之师", "巳", "辛丑", "吉", "用神断.全吉"),
    ("师友.附学", "益之大畜", "戌", "丁卯", "凶", "文书.休囚"),
    ("师友.相资", "比之谦", "子", "己巳", "吉", "学艺.应旺生世"),
    ("师友.相资", "益之大畜", "戌", "丁卯", "凶", "学艺.应克世"),
    ("师友.同坐", "履之师", "巳", "辛丑", "吉", "用神断.全吉"),
    ("师友.同坐", "益之大畜", "戌", "丁卯", "凶", "文书.休囚"),
    ("师友.馆安", "履之师", "巳", "辛丑", "吉", "馆安.安宁"),
    ("师友.馆安", "益之大畜", "戌", "丁卯", "凶", "馆安.世病"),
    ("师友.蒙读", "益之大畜", "戌", "丁卯", "吉", "蒙读.子旺"),
    ("师友.蒙读", "比之谦", "子", "己巳", "凶", "蒙读.鬼动"),
    ("师友.寄读", "履之师", "巳", "辛丑", "吉", "蒙读.子旺"),
    ("师友.寄读", "益之大畜", "戌", "丁卯", "凶", "文书.休囚"),
    ("师友.成师", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("师友.成师", "益之大畜", "戌", "丁卯", "不成", "成师.无官"),
    ("师友.邀游", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("师友.邀游", "颐之明夷", "午", "癸丑", "不成", "邀游.子占父坏"),
    ("师友.访遇", "益之大畜", "戌", "丁卯", "成", "长生.正旺吉"),
    ("师友.访遇", "坎之蹇", "子", "庚子", "不成", "访遇.六冲"),
    ("师友.学艺", "比之谦", "子", "己巳", "吉", "学艺.应旺生世"),
    ("师友.学艺", "益之大畜", "戌", "丁卯", "凶", "学艺.应克世"),
    ("馆席", "比之谦", "子", "己巳", "成", "成馆.应生世"),
    ("馆席", "坎之蹇", "子", "庚子", "不成", "成馆.三冲"),
    ("馆席.何地", "益之大畜", "戌", "丁卯", "成", "长生.正旺吉"),
    ("馆席.何地", "履之师", "巳", "辛丑", "不成", "遇时.失令凶"),
    ("馆席.何时", "履之师", "巳", "辛丑", "成", "何时.实世"),
    ("馆席.何时", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("馆席.就馆", "豫之损", "巳", "甲辰", "吉", "就馆.六合财旺应生"),
    ("馆席.就馆", "益之大畜", "戌", "丁卯", "凶", "就馆.应克世"),
    ("馆席.开馆", "益之大畜", "戌", "丁卯", "成", "长生.正旺吉"),
    ("馆席.开馆", "坎之蹇", "子", "庚子", "不成", "设帐.财虚"),
    ("馆席.附学", "益之大畜", "戌", "丁卯", "成", "长生.正旺吉"),
    ("馆席.附学", "坎之蹇", "子", "庚子", "不成", "设帐.财虚"),
    ("馆席.代馆", "比之谦", "子", "己巳", "成", "成馆.应生世"),
    ("馆席.代馆", "坎之蹇", "子", "庚子", "不成", "成馆.三冲"),
    ("馆席.辞馆", "比之谦", "子", "己巳", "成", "辞馆.可去"),
    ("馆席.辞馆", "益之大畜", "戌", "丁卯", "不成", "辞馆.应克世"),
    ("馆席.荐馆", "比之谦", "子", "己巳", "成", "用神断.全吉"),
    ("馆席.荐馆", "益之大畜", "戌", "丁卯", "不成", "荐馆.克世"),
    ("馆席.攘馆", "坎之蹇", "子", "庚子", "吉", "攘馆.应病"),
    ("馆席.攘馆", "益之大畜", "戌", "丁卯", "凶", "攘馆.克世"),
    ("馆席.选刻", "履之师", "巳", "辛丑", "成", "选刻.名"),
    ("馆席.选刻", "益之大畜", "戌", "丁卯", "不成", "用神断.凶陷"),
    ("馆席.选刻.利", "益之大畜", "戌", "丁卯", "利", "选刻.利"),
    ("馆席.选刻.利", "坎之蹇", "子", "庚子", "不利", "选刻.无利"),
    ("馆席.卜徒", "比之谦", "子", "己巳", "吉", "用神断.全吉"),
    ("馆席.卜徒", "益之大畜", "戌", "丁卯", "凶", "卜徒.应克世"),
    ("馆席.幕馆", "比之谦", "子", "己巳", "吉", "衙富.生合"),
    ("馆席.幕馆", "旅之豫", "丑", "己亥", "凶", "衙富.空"),
    ("馆席.商馆", "比之谦", "子", "己巳", "吉", "衙富.生合"),
    ("馆席.商馆", "旅之豫", "丑", "己亥", "凶", "衙富.空"),
    ("任人", "比之谦", "子", "己巳", "吉", "任人.生世"),
    ("任人", "益之大畜", "戌", "丁卯", "凶", "任人.克世"),
    ("任人.任仆", "比之谦", "子", "己巳", "吉", "任人.生世"),
    ("任人.任仆", "益之大畜", "戌", "丁卯", "凶", "任人.用病"),
    ("任人.任长", "蹇", "寅", "戊申", "吉", "任人.生世"),
    ("任人.任长", "履之师", "巳", "辛丑", "凶", "任人.克世"),
    ("任人.任幼", "解之萃", "未", "壬午", "吉", "任人.生世"),
    ("任人.任幼", "比之谦", "子", "己巳", "凶", "任人.克世"),
    ("任人.任士", "解之萃", "未", "壬午", "吉", "任人.生世"),
    ("任人.任士", "比之谦", "子", "己巳", "凶", "任人.克世"),
    ("任人.任臣", "比之谦", "子", "己巳", "吉", "任人.生世"),
    ("任人.任臣", "益之大畜", "戌", "丁卯", "凶", "任人.克世"),
    ("任人.任文", "蹇", "寅", "戊申", "吉", "任人.生世"),
    ("任人.任文", "履之师", "巳", "辛丑", "凶", "任人.克世"),
    ("任人.任贾", "比之谦", "子", "己巳", "吉", "任人.生世"),
    ("任人.任贾", "益之大畜", "戌", "丁卯", "凶", "任人.用病"),
    ("任人.任畜牧", "解之萃", "未", "壬午", "吉", "任人.生世"),
    ("任人.任畜牧", "比之谦", "子", "己巳", "凶", "任人.克世"),
    ("任人.任交游", "履之师", "巳", "辛丑", "吉", "任人.生世"),
    ("任人.任交游", "益之大畜", "戌", "丁卯", "凶", "任人.克世"),
    ("诚伪", "未济之困", "未", "壬午", "诚", "诚伪.化子孙"),
    ("诚伪", "坎之蹇", "子", "庚子", "伪", "诚伪.用病"),
    ("诚伪.喜怒", "比之谦", "子", "己巳", "喜", "喜怒.生世"),
    ("诚伪.喜怒", "益之大畜", "戌", "丁卯", "怒", "喜怒.克世"),
    ("诚伪.害助", "比之谦", "子", "己巳", "助", "害助.生世"),
    ("诚伪.害助", "益之大畜", "戌", "丁卯", "害", "害助.克世"),
    ("诚伪.测物", "益之大畜", "戌", "丁卯", "有", "测物.旺"),
    ("诚伪.测物", "坎之蹇", "子", "庚子", "无", "测物.破散"),
    ("收雇", "比", "辰", "壬申", "吉", "收仆.财旺生合"),
    ("收雇", "益之大畜", "戌", "丁卯", "凶", "收仆.财病"),
    ("收雇.雇工", "丰", "酉", "辛未", "成", "用神断.全吉"),
    ("收雇.雇工", "益之大畜", "戌", "丁卯", "不成", "收雇.间动"),
    ("收雇.倩人", "丰", "酉", "辛未", "成", "用神断.全吉"),
    ("收雇.倩人", "益之大畜", "戌", "丁卯", "不成", "收雇.间动"),
    ("收雇.去恶", "益之大畜", "戌", "丁卯", "去", "仆去留.财动"),
    ("收雇.去恶", "比之谦", "子", "己巳", "留", "仆去留.生世"),
    ("收雇.防夺", "比之谦", "子", "己巳", "吉", "用神断.全吉"),
    ("收雇.防夺", "益之大畜", "戌", "丁卯", "凶", "防夺.应克世"),
    ("收雇.防非", "益之大畜", "戌", "丁卯", "吉", "长生.正旺吉"),
    ("收雇.防非", "比之谦", "子", "己巳", "凶", "防非.官动"),
    ("收雇.防病", "益之大畜", "戌", "丁卯", "吉", "长生.正旺吉"),
    ("收雇.防病", "比之谦", "子", "己巳", "凶", "防病.鬼动"),
    ("田蚕", "旅之豫", "丑", "己亥", "丰", "田.财实"),
    ("田蚕", "益之大畜", "戌", "丁卯", "歉", "田.财虚"),
    ("田蚕.种植", "旅之豫", "丑", "己亥", "丰", "田.财实"),
    ("田蚕.种植", "益之大畜", "戌", "丁卯", "歉", "田.财虚"),
    ("田蚕.召耕", "比之谦", "子", "己巳", "吉", "召耕.上农"),
    ("田蚕.召耕", "益之大畜", "戌", "丁卯", "凶", "召耕.财病"),
    ("田蚕.佃田", "旅之豫", "丑", "己亥", "丰", "田.财实"),
    ("田蚕.佃田", "益之大畜", "戌", "丁卯", "歉", "田.财虚"),
    ("田蚕.耕牛", "益之大畜", "戌", "丁卯", "吉", "用神断.全吉"),
    ("田蚕.耕牛", "比之谦", "子", "己巳", "凶", "耕牛.鬼动"),
    ("田蚕.蚕利", "旅之豫", "丑", "己亥", "丰", "田.财实"),
    ("田蚕.蚕利", "益之大畜", "戌", "丁卯", "歉", "田.财虚"),
    ("田蚕.叶价", "益之大畜", "戌", "丁卯", "贵", "叶价.贵"),
    ("田蚕.叶价", "履之师", "巳", "辛丑", "贱", "叶价.贱"),
    ("田蚕.叶价.叶尽", "益之大畜", "戌", "丁卯", "尽", "叶尽.子旺"),
    ("田蚕.叶价.叶尽", "比之谦", "子", "己巳", "不尽", "叶尽.子衰"),
    ("田蚕.叶价.叶余", "比之谦", "子", "己巳", "余", "叶余.财丰"),
    ("田蚕.叶价.叶余", "履之师", "巳", "辛丑", "不余", "叶余.财衰"),
    ("田蚕.养蚕", "益之大畜", "戌", "丁卯", "丰", "养蚕.子实"),
    ("田蚕.养蚕", "比之谦", "子", "己巳", "歉", "养蚕.鬼发"),
    ("六畜", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜", "履之师", "巳", "辛丑", "凶", "六畜.虎动"),
    ("六畜.马牛", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜.马牛", "比之谦", "子", "己巳", "凶", "六畜.鬼动"),
    ("六畜.禽", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜.禽", "履之师", "巳", "辛丑", "凶", "六畜.虎动"),
    ("六畜.猫犬", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜.猫犬", "履之师", "巳", "辛丑", "凶", "六畜.虎动"),
    ("六畜.彘豕", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜.彘豕", "履之师", "巳", "辛丑", "凶", "六畜.虎动"),
    ("六畜.羊鹿", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜.羊鹿", "履之师", "巳", "辛丑", "凶", "六畜.虎动"),
    ("六畜.鱼", "旅之豫", "丑", "己亥", "吉", "畜财.旺"),
    ("六畜.鱼", "益之大畜", "戌", "丁卯", "凶", "畜财.坏"),
    ("六畜.猴", "益之大畜", "戌", "丁卯", "吉", "畜身.旺肥"),
    ("六畜.猴", "履之师", "巳", "辛丑", "凶", "六畜.虎动"),
    ("六畜.斗养", "旅之豫", "丑", "己亥", "吉", "畜财.旺"),
    ("六畜.斗养", "益之大畜", "戌", "丁卯", "凶", "畜财.坏"),
    ("六畜.畜利", "旅之豫", "丑", "己亥", "吉", "畜财.旺"),
    ("六畜.畜利", "益之大畜", "戌", "丁卯", "凶", "畜财.坏"),
    ("户籍", "履之师", "巳", "辛丑", "吉", "立户.鬼静福兴"),
    ("户籍", "比之谦", "子", "己巳", "凶", "立户.鬼动"),
    ("户籍.寄户", "比之谦", "子", "己巳", "成", "用神断.全吉"),
    ("户籍.寄户", "益之大畜", "戌", "丁卯", "不成", "寄户.克世"),
    ("户籍.投图", "比之谦", "子", "己巳", "成", "用神断.全吉"),
    ("户籍.投图", "益之大畜", "戌", "丁卯", "不成", "寄户.克世"),
    ("户籍.归甲", "履之师", "巳", "辛丑", "吉", "立户.鬼静福兴"),
    ("户籍.归甲", "比之谦", "子", "己巳", "凶", "立户.鬼动"),
    ("户籍.清漏", "履之师", "巳", "辛丑", "吉", "立户.鬼静福兴"),
    ("户籍.清漏", "比之谦", "子", "己巳", "凶", "立户.鬼动"),
    ("户籍.交纳", "履之师", "巳", "辛丑", "易", "用神断.有玷"),
    ("户籍.交纳", "坎之蹇", "子", "庚子", "难", "交纳.官克世"),
    ("户籍.散派", "履之师", "巳", "辛丑", "易", "散派.世克应"),
    ("户籍.散派", "益之大畜", "戌", "丁卯", "难", "用神断.凶陷"),
    ("户籍.违限", "履之师", "巳", "辛丑", "安", "用神断.有玷"),
    ("户籍.违限", "比之谦", "子", "己巳", "危", "违限.鬼动"),
    ("差役", "履之师", "巳", "辛丑", "轻", "役.官衰"),
    ("差役", "益之大畜", "戌", "丁卯", "重", "役.官旺"),
    ("差役.谋差", "比之谦", "子", "己巳", "成", "求役.财旺官备"),
    ("差役.谋差", "益之大畜", "戌", "丁卯", "不成", "谋差.官失"),
    ("差役.顶役", "比之谦", "子", "己巳", "成", "求役.财旺官备"),
    ("差役.顶役", "益之大畜", "戌", "丁卯", "不成", "谋差.官失"),
    ("差役.脱役", "夬", "辰", "己丑", "成", "脱役.子持世"),
    ("差役.脱役", "益之大畜", "戌", "丁卯", "不成", "脱役.官失"),
    ("差役.助役", "比之谦", "子", "己巳", "成", "助役.应生世"),
    ("差役.助役", "益之大畜", "戌", "丁卯", "不成", "助役.应克世"),
    ("差役.卸役", "蛊", "寅", "戊戌", "成", "卸役.世克应"),
    ("差役.卸役", "益之大畜", "戌", "丁卯", "不成", "助役.应克世"),
    ("差役.讼役", "益之大畜", "戌", "丁卯", "吉", "用神断.全吉"),
    ("差役.讼役", "坎之蹇", "子", "庚子", "凶", "讼役.克世"),
    ("差役.避役", "未济之困", "未", "壬午", "吉", "避役.失鬼"),
    ("差役.避役", "豫之兑", "未", "乙巳", "凶", "避役.鬼旺"),
    ("差役.防患", "未济之讼", "辰", "丁卯", "吉", "避役.卦静子动"),
    ("差役.防患", "比之谦", "子", "己巳", "凶", "役患.官动"),
    ("分合", "履之师", "巳", "辛丑", "成", "分合.用旺"),
    ("分合", "益之大畜", "戌", "丁卯", "不成", "分合.用坏"),
    ("分合.分", "履之师", "巳", "辛丑", "成", "分合.用旺"),
    ("分合.分", "益之大畜", "戌", "丁卯", "不成", "分合.用坏"),
    ("分合.合", "丰", "酉", "辛未", "成", "分合.用旺"),
    ("分合.合", "益之大畜", "戌", "丁卯", "不成", "分合.用坏"),
    ("出纳", "益之大畜", "戌", "丁卯", "出", "出.用坏"),
    ("出纳", "蛊", "寅", "戊戌", "留", "出.静生"),
    ("出纳.出业", "益之大畜", "戌", "丁卯", "出", "出.用坏"),
    ("出纳.出业", "蛊", "寅", "戊戌", "留", "出.静生"),
    ("出纳.出屋", "履之师", "巳", "辛丑", "出", "出.交重"),
    ("出纳.出屋", "丰", "酉", "辛未", "留", "出.静生"),
    ("出纳.出货", "益之大畜", "戌", "丁卯", "出", "出货.财旺"),
    ("出纳.出货", "益", "丑", "丁巳", "留", "出.静生"),
    ("出纳.纳", "蛊", "寅", "戊戌", "纳", "纳.静生"),
    ("出纳.纳", "益之大畜", "戌", "丁卯", "不纳", "纳.财坏"),
    ("出纳.彼屋", "益之大畜", "戌", "丁卯", "成", "彼屋.应实物完"),
    ("出纳.彼屋", "坎之蹇", "子", "庚子", "不成", "彼屋.应坏"),
    ("出纳.彼业", "益之大畜", "戌", "丁卯", "成", "彼屋.应实物完"),
    ("出纳.彼业", "坎之蹇", "子", "庚子", "不成", "彼屋.应坏"),
    ("出纳.彼纳", "益之大畜", "戌", "丁卯", "纳", "长生.正旺吉"),
    ("出纳.彼纳", "坎之蹇", "子", "庚子", "不纳", "彼纳.贞冲"),
    ("出纳.纳物", "旅之豫", "丑", "己亥", "吉", "用神断.全吉"),
    ("出纳.纳物", "益之大畜", "戌", "丁卯", "凶", "纳物.应克"),
    ("出纳.脱产", "履之师", "巳", "辛丑", "成", "用神断.全吉"),
    ("出纳.脱产", "旅之豫", "丑", "己亥", "不成", "脱产.世空"),
    ("出纳.脱货", "比之谦", "子", "己巳", "吉", "脱货.财实"),
    ("出纳.脱货", "益之大畜", "戌", "丁卯", "凶", "用神断.凶陷"),
    ("出纳.送物", "益之大畜", "戌", "丁卯", "纳", "送物.应克世静实"),
    ("出纳.送物", "坎之蹇", "子", "庚子", "不纳", "彼纳.贞冲"),
    ("劫质", "比之谦", "子", "己巳", "成", "用神断.全吉"),
    ("劫质", "益之大畜", "戌", "丁卯", "不成", "取质.应克世"),
    ("劫质.劫质", "丰", "酉", "辛未", "吉", "劫掳.官空"),
    ("劫质.劫质", "比之谦", "子", "己巳", "凶", "劫掳.鬼兴"),
    ("劫质.存亡", "益之大畜", "戌", "丁卯", "存", "存亡.用神"),
    ("劫质.存亡", "坎之蹇", "子", "庚子", "亡", "存亡.用坏"),
    ("劫质.还期", "益之大畜", "戌", "丁卯", "归", "还期.生扶"),
    ("劫质.还期", "履之师", "巳", "辛丑", "不归", "遇时.失令凶"),
    ("器用", "履之师", "巳", "辛丑", "吉", "用神断.全吉"),
    ("器用", "益之大畜", "戌", "丁卯", "凶", "用神断.凶陷"),
    ("器用.井", "旅之豫", "丑", "己亥", "吉", "井灶床.值福"),
    ("器用.井", "益之大畜", "戌", "丁卯", "凶", "井灶床.受伤"),
    ("器用.灶", "未济之困", "未", "壬午", "吉", "井灶床.值福"),
    ("器用.灶", "益之大畜", "戌", "丁卯", "凶", "井灶床.克世"),
    ("器用.床", "解之未济", "卯", "乙酉", "吉", "井灶床.值福"),
    ("器用.床", "益之大畜", "戌", "丁卯", "凶", "井灶床.受伤"),
    ("器用.寿具", "履之师", "巳", "辛丑", "吉", "寿具.用旺鬼安"),
    ("器用.寿具", "益之大畜", "戌", "丁卯", "凶", "用神断.凶陷"),
    ("器用.寿具.妨犯", "益之大畜", "戌", "丁卯", "无妨", "寿具.无妨"),
    ("器用.寿具.妨犯", "比之谦", "子", "己巳", "有妨", "寿具.鬼动"),
    ("器用.杂物", "履之师", "巳", "辛丑", "吉", "用神断.全吉"),
    ("器用.杂物", "益之大畜", "戌", "丁卯", "凶", "用神断.凶陷"),
    ("器用.奉公", "益之大畜", "戌", "丁卯", "吉", "用神断.全吉"),
    ("器用.奉公", "旅之豫", "丑", "己亥", "凶", "奉公.世空"),
    ("器用.托人", "比之谦", "子", "己巳", "吉", "用神断.全吉"),
    ("器用.托人", "益之大畜", "戌", "丁卯", "凶", "托人.应克世"),
    ("谋望", "履之师", "巳", "辛丑", "成", "谋.用旺"),
    ("谋望", "涣", "戌", "己亥", "不成", "谋.官失"),
    ("谋望.谋文", "履之师", "巳", "辛丑", "成", "谋.用旺"),
    ("谋望.谋文", "涣", "戌", "己亥", "不成", "谋.官失"),
    ("谋望.谋利", "比之谦", "子", "己巳", "成", "谋.用旺"),
    ("谋望.谋利", "涣", "戌", "己亥", "不成", "谋.官失"),
    ("谋望.释患", "履之师", "巳", "辛丑", "成", "谋.用旺"),
    ("谋望.释患", "涣", "戌", "己亥", "不成", "谋.官失"),
    ("谋望.嘱托", "比之谦", "子", "己巳", "成", "用神断.全吉"),
    ("谋望.嘱托", "益之大畜", "戌", "丁卯", "不成", "嘱托.克世"),
]


@pytest.mark.parametrize(("axis", "hexagram", "month", "day", "word", "rule"), BOTH_WAYS)
def test_every_axis_answers_both_ways(axis, hexagram, month, day, word, rule):
    data = judged(".".join(axis.split(".")[:2]), hexagram, month, day)
    assert data["axes"][axis] == word and rule in data["deciders"][axis], (data["axes"].get(axis), data["deciders"].get(axis))


def test_the_table_holds_each_axis_of_these_chapters_both_ways():
    from yimao.commands.questions import catalog
    chapters = {59, 60, 61, 62, 64, 65, 66, 68, 69, 70, 71, 72, 73, 74, 75, 76}
    axes = {axis: row["answers"][axis]["left"] for row in catalog(load_engine().program) if row["chapter"] in chapters
            for axis in row["answers"]}
    sides = {(axis, word in axes[axis]) for axis, *_, word, _rule in BOTH_WAYS}
    assert sides == {(axis, left) for axis in axes for left in (True, False)}
