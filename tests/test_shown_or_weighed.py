"""Derived predicates that nothing read (issue 16, honest coverage 2), in chapters 12 13 17 25-27 29 33
34 36 53 56 67: each now either counts where its paragraph says -- read by the rule it feeds, a
verdict, or an answer in its own kind -- or says on its declaration why it is only shown.  For each
one that counts, a chart where it shows and one where it must not."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yimao
from yimao.chart import base_facts
from yimao.unused import unused
from yimao.facts import Fact
from yimao.rulebook import load_engine


@cache
def _engine():
    return load_engine()


def evaluate(hexagram: str, month: str, day: str, *extra: Fact):
    engine = _engine()
    base = base_facts(engine, yimao.cast(hexagram=hexagram), yimao.moment(month=month, day=day))
    return engine.evaluate(base + list(extra))


def facts(result, predicate: str) -> set[tuple]:
    return {f.values for f in result.facts(predicate)}


@cache
def judge(question: str, lines: str, month: str, day: str):
    return yimao.judge(question=question, about="自", lines=lines, month=month, day=day)


def answered(j, axis: str) -> str:
    (answer,) = [a["answer"] for a in j.answers() if a["axis"] == axis]
    return answer


# --- 12.7 「若旺相空亡，过旬复出」 (伏过旬出), and 25.2 / 26.7's 伏不现 read by 12.7 ---------------

def test_a_void_hidden_line_strong_in_the_month_comes_out_after_the_decade():
    # 困之兑 on a 戊寅 day (甲戌 decade: 申酉 void): the hidden 酉 under line 5 is void.  In a 申 month
    # metal is 旺: it comes out once the decade is past; in a 子 month it is weak and stays in.
    strong = evaluate("困之兑", "申", "戊寅", Fact("用神", (3, "本")))
    assert (5, "空") in facts(strong, "伏不现") and (5,) in facts(strong, "伏过旬出")
    assert dict(facts(strong, "伏出"))[5] == "过旬" and (5,) not in facts(strong, "伏空破")
    weak = evaluate("困之兑", "子", "戊寅", Fact("用神", (3, "本")))
    assert (5, "空") in facts(weak, "伏不现") and not facts(weak, "伏过旬出")
    assert dict(facts(weak, "伏出"))[5] == "不出" and (5,) in facts(weak, "伏空破")


def test_a_broken_hidden_line_stays_in_through_25_2s_fact():
    # 困之兑 on a 戊寅 day: the hidden 亥 under line 4 would come out (飞助伏, the flying 亥 above it).
    # A 巳 month breaks it (25.2 「在伏则不露」): it stays in; a 亥 month breaks the hidden 巳 under the 世
    # instead, and the 亥 comes out.
    broken = evaluate("困之兑", "巳", "戊寅", Fact("用神", (3, "本")))
    assert (4, "飞助伏") in facts(broken, "伏能出") and (4, "月破") in facts(broken, "伏不现")
    assert (4,) in facts(broken, "伏空破") and dict(facts(broken, "伏出"))[4] == "不出"
    whole = evaluate("困之兑", "亥", "戊寅", Fact("用神", (3, "本")))
    assert (4, "月破") not in facts(whole, "伏不现") and dict(facts(whole, "伏出"))[4] == "出"
    assert (1, "月破") in facts(whole, "伏不现") and dict(facts(whole, "伏出"))[1] == "不出"


# --- 17.3 「自无而有者，功名荣禄，意外遭逢，财利子嗣，晚年忽遇……」 (本无而有 → 有无兆) ---------------

def test_a_relative_absent_yet_present_is_told_with_the_answer_of_its_matter():
    # 777877 (乾宫): no 官鬼 on the cast; in a 申 month on a 戊午 day the 午 day carries it (日月).
    fame = judge("功名", "777877", "申", "戊午")
    assert ("官鬼", "日月") in {f.values for f in fame.chart.result.facts("本无而有")}
    assert answered(fame, "by 有无兆(象)") == "功名荣禄，意外遭逢"
    assert answered(judge("功名", "777877", "寅", "甲子"), "by 有无兆(象)") == "无断"
    # 778777: the 妻财 hides under the 世, lifted by the day; the image is the wealth's, not the office's.
    wealth = judge("求财", "778777", "寅", "甲子")
    assert answered(wealth, "by 有无兆(象)") == "财利晚年忽遇"
    assert answered(judge("求财", "778777", "午", "丙寅"), "by 有无兆(象)") == "无断"


def test_a_use_god_present_yet_as_good_as_absent_is_told_by_the_reverse_image():
    # 「自有而无者，反此推之」: 火风鼎 (877987, 离宫): the 妻财 用神 on 酉 (lines 3 and 4) is broken by a
    # 卯 month (本有而无, 月破): the wealth image turned about; in a 酉 month it stands, and no image.
    broken = judge("求财", "877987", "卯", "丁未")
    assert (3, "本", "月破") in {f.values for f in broken.chart.result.facts("本有而无")}
    assert answered(broken, "by 有无兆(象)") == "反此推之：财利晚年忽失"
    assert answered(judge("求财", "877987", "酉", "丁未"), "by 有无兆(象)") == "无断"
    # the image is the matter's own relative's: asked as 功名 (the 官鬼 用神 on 亥, line 2) no wealth image
    assert "财利" not in answered(judge("功名", "877987", "卯", "丁未"), "by 有无兆(象)")


# --- 27.2 「如子酉之日，来冲午卯，虽旺相亦为克冲，其吉但得十之七矣」 (吉得 → a verdict) -------------

def test_a_strong_use_god_clashed_and_controlled_by_the_day_is_good_at_seven_tenths():
    # 乾, line 4 午 as 用神, on a 甲子 day: in a 寅 month fire is 相 -- 吉, 十之七; in a 亥 month it is
    # weak, and there is no such ruling.
    strong = evaluate("乾", "寅", "甲子", Fact("用神", (4, "本")))
    [ruling] = [c for c in strong.conclusions if c.rule == "日冲.克冲吉得断"]
    assert ruling.polarity == "吉" and ruling.strength == "十之七"
    weak = evaluate("乾", "亥", "甲子", Fact("用神", (4, "本")))
    assert not [c for c in weak.conclusions if c.rule == "日冲.克冲吉得断"]


# --- 53.8's twins, told with 男女 ---------------------------------------------------------------

def test_twins_are_told_with_the_sex_of_the_child():
    assert answered(judge("胎产.男女", "777777", "寅", "甲子"), "by 胎象(象)") == "双胎"   # 乾
    assert answered(judge("胎产.男女", "778787", "寅", "甲子"), "by 胎象(象)") == "无断"


# --- 56.21-56.25 answer 症候; 56.30's counsel and 56.31's family members answer 疾病 --------------

def test_what_the_ghost_shows_answers_the_question_of_symptoms():
    # 977787 (离宫 火): the 官鬼 (water) is 亥 on line 6, 旺 in a 子 month.
    j = judge("疾病.症候", "977787", "寅", "甲子")
    assert answered(j, "by 病部(部)") == "头"
    assert "重" in answered(j, "by 病鬼象(象)").split("、")
    assert "病由人" in answered(j, "by 病由(象)").split("、")
    assert answered(j, "by 病方(方)") == "北"
    assert "心" in answered(j, "by 病症(象)").split("、")


def test_the_ghost_moving_warns_the_family_member_of_its_trigram_and_what_to_avoid():
    # 乾: the 官鬼 午 on line 4 moves in the outer 乾: the father is at risk too, and 乾 counsels
    # 「不可以好僧室」.  At rest, nothing is said.  (On a 甲寅 day: a 子 day clashes the 午 ghost, which then
    # 犹不动, 32.2.)
    moving = judge("疾病", "777977", "寅", "甲寅")
    assert "父" in answered(moving, "by 流灾(主属)").split("、")
    assert "好僧室" in answered(moving, "by 避趋(象)").split("、")
    still = judge("疾病", "777777", "寅", "甲子")
    assert answered(still, "by 流灾(主属)") == "无断" and answered(still, "by 避趋(象)") == "无断"


# --- 67.10 「财衰于内，买宜近乡，财休于外，置宜远所」 answers 脱置 -------------------------------

def test_where_to_buy_answers_buying_and_selling():
    # 67.10's near market, beside 67.11's quarter of the 世's 长生 (乾's 世 戌 土, born in 申: 西南): the
    # inner 寅 财 绝 on the 申 day and 休 in a 午 month (in a 亥 month it would be 31.5's 「绝而未绝」, 相)
    assert answered(judge("求财.脱置", "777777", "午", "庚申"), "by 置地(地)") == "近乡、西南"
    near = judge("求财.脱置", "778787", "亥", "庚申")
    assert "近乡" not in answered(near, "by 置地(地)") and "远所" not in answered(near, "by 置地(地)")


# --- the check itself -----------------------------------------------------------------------------

def test_no_derived_predicate_of_these_chapters_goes_unread_without_a_reason():
    program = _engine().program
    mine = ("12-", "13-", "17-", "25-", "26-", "27-", "29-", "33-", "34-", "36-", "53-", "56-", "67-")
    left = [d.message for d in unused(program) if Path(d.span.file).name.startswith(mine)]
    assert left == []
