"""Rulings corrected after a reading of the written chapters against the text (issue 16): for each,
a chart where the book's ruling shows and one where it must not."""

from __future__ import annotations

from functools import lru_cache

import yimao
from yimao.rulebook import load_engine


@lru_cache(maxsize=None)
def judge(question: str, lines: str, month: str, day: str, about: str = "自"):
    return yimao.judge(question=question, about=about, lines=lines, month=month, day=day)


def facts(j, predicate: str) -> set[tuple]:
    return {f.values for f in j.chart.result.facts(predicate)}


def standing(j) -> set[str]:
    return {v["rule"] for v in j.verdicts() if not v["defeated_by"]}


# --- quotes that say what the rule does --------------------------------------------------------

def test_hidden_generates_flying_quotes_the_paragraph_that_names_it():
    # 12.5's 「飞来生伏」 is 飞生伏, the opposite relation; 伏生飞 is named in 12.7 only.
    rule = load_engine().program.rule("飞伏.伏生飞")
    assert rule.citation.ref == "12.7" and "独伏生飞" in rule.citation.quotes[0]
    assert not any("飞来生伏" in q for c in rule.citations for q in c.quotes)


def test_the_eight_voids_of_42_13_do_not_hang_on_day_and_month_first():
    program = load_engine().program
    eight = [r for r in program.rules if r.id.startswith("旬空.八")]
    assert len(eight) == 13
    for rule in eight:
        assert "日月为最" not in rule.citation.quotes[0], rule.id
        assert any(c.ref == "42.13" for c in rule.citations), rule.id


# --- 56.5 and 56.3: 用旺 is not a broken 用神; the seven dangers can all be rescued --------------
# 788887 (颐): the 世 (the 用神 of one asking for himself) is line 4, a 戌; there is no 官鬼 on the
# cast's lines.  In a 辰 month the 戌 is 旺 by season and broken by the month; in a 戌 month it is 旺
# and whole.  (A 酉 官鬼 hides under its 世, so by 32.2 颐 is not 无鬼: 887787 below.)

def test_a_month_broken_use_god_is_not_strong_without_ghost():
    broken = judge("疾病", "788887", "辰", "甲子")
    # the 戌 of line 4 is of the 辰 month's phase but broken: not 旺 (25.1 「犹违时而戾也」)
    assert (4, "本") in facts(broken, "月破") and (4, "本") not in facts(broken, "旺相")
    assert not any(v[2] == "用旺无鬼" for v in facts(broken, "病安"))
    assert "疾病.用死" in standing(broken)
    # 旅 (887787): no 官鬼 on its lines nor under its 世 (line 1, 辰): 无鬼 by 32.2.  In a 戌 month
    # the 辰 is 旺 and broken; in a 辰 month 旺 and whole.
    broken = judge("疾病", "887787", "戌", "甲子")
    assert (1, "本") in facts(broken, "月破") and facts(broken, "无鬼")
    assert not any(v[2] == "用旺无鬼" for v in facts(broken, "病安"))
    whole = judge("疾病", "887787", "辰", "甲子")
    assert (1, "本", "用旺无鬼") in facts(whole, "病安")


def test_a_month_broken_use_god_is_rescued_by_the_day_not_by_the_month():
    # 56.3 「以上七法系大凶，得日月动变有一能救者，则反观之」: 月破 among them.  A 午 day generates the
    # broken 戌 earth: rescued.  On a 子 day only the 辰 month, which breaks it, 扶s it: not rescued.
    day = judge("疾病", "788887", "辰", "丙午")
    assert (4, "本", "得生") in facts(day, "病救")
    assert "疾病.用死" not in standing(day) and "疾病.用生" in standing(day)
    month_only = judge("疾病", "788887", "辰", "甲子")
    assert not facts(month_only, "病救")


# --- the inputs the written rules read, as judge flags (issue 16, honest coverage 3) ------------

def judged(capsys, *argv: str) -> dict:
    import json

    from yimao.cli import main

    assert main(["judge", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_course_of_the_illness_decides_the_six_clash_reading(capsys):
    # 56.2 「病已久者，三冲而亡」 and the new illness's 三冲 that heals: 乾 is a 六冲 hexagram.
    chart = ["--question", "疾病", "--lines", "777777", "--month", "申", "--day", "丁酉"]
    unknown = judged(capsys, *chart)
    (course,) = [m for m in unknown["missing"] if m.startswith("病程 (--course) needed by ")]
    assert "疾病.久病三冲" in course and "疾病.新病三冲" in course
    assert not [v for v in unknown["verdicts"] if v["rule"] == "疾病.新病三冲"]
    old = judged(capsys, *chart, "--course", "久")
    assert old["question"]["course"] == "久" and not [m for m in old["missing"] if m.startswith("病程")]
    assert [v for v in old["verdicts"] if v["rule"] == "疾病.不治" and v["polarity"] == "不愈"]
    new = judged(capsys, *chart, "--course", "新")
    assert [v for v in new["verdicts"] if v["rule"] == "疾病.新病三冲" and v["polarity"] == "愈"]


def test_missing_names_only_rules_of_the_question_asked(capsys):
    # 病程 is read by 疾病 rules only; a 功名 judgement does not ask for it, but does ask for the
    # examination month its own 63.1 rules read.
    office = judged(capsys, "--question", "功名", "--lines", "777777", "--month", "申", "--day", "丁酉")
    assert not [m for m in office["missing"] if m.startswith("病程") or m.startswith("间月")]
    assert [m for m in office["missing"] if m.startswith("事月 (--matter-month) needed by 功名.")]
    given = judged(capsys, "--question", "功名", "--lines", "777777", "--month", "申", "--day", "丁酉",
                   "--matter-month", "寅", "--matter-day", "甲寅")
    assert not [m for m in given["missing"] if m.startswith("事月") or m.startswith("事日")]
    assert given["question"]["matter_month"] == "寅" and given["question"]["matter_day"] == "甲寅"


def test_period_and_born_reach_the_pregnancy_rules(capsys):
    chart = ["--question", "胎产.男女", "--lines", "777777", "--month", "申", "--day", "丁酉"]
    at_home = judged(capsys, *chart)
    assert not [v for v in at_home["verdicts"] if v["rule"].startswith("男女.已生")]
    born = judged(capsys, *chart, "--born")
    assert born["question"]["born"] is True
    assert [v for v in born["verdicts"] if v["rule"].startswith("男女.已生")]
    pregnant = judged(capsys, "--question", "胎产.虚实", "--lines", "777777", "--month", "申", "--day", "丁酉")
    assert [m for m in pregnant["missing"] if m.startswith("间月 (--period) needed by 虚实.")]
    told = judged(capsys, "--question", "胎产.虚实", "--lines", "777777", "--month", "申", "--day", "丁酉", "--period", "已")
    assert not [m for m in told["missing"] if m.startswith("间月")]


def test_bad_question_inputs_are_one_line_errors(capsys):
    from yimao.cli import main

    chart = ["judge", "--question", "疾病", "--lines", "777777", "--month", "申", "--day", "丁酉"]
    for flag, value in [("--course", "中"), ("--period", "是"), ("--matter-month", "甲"), ("--matter-day", "甲丑"),
                        ("--matter-day", "寅")]:
        assert main([*chart, flag, value]) == 2
        err = capsys.readouterr().err
        assert flag in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


# --- 13.8: a trigram reversal the book disowns (13.3's 非) touches no family member ------------

def test_false_trigram_reversal_does_not_kill_the_family_member():
    # 离之坎 (969969), asking about the middle daughter: in a 午 month the 午 of 离 is on the month
    # (日月从往), 13.3's own false case 「午建……遇离之坎，此空破从来之类」 -- 非, so no 「卦属反吟」.
    false = judge("疾病", "969969", "午", "丙寅", about="中女")
    assert facts(false, "卦反吟等") == {("内", "非"), ("外", "非")}
    assert not facts(false, "反吟主属") and ("卦属反吟",) not in facts(false, "病不治")
    true = judge("疾病", "969969", "寅", "丙寅", about="中女")
    assert ("中女",) in facts(true, "反吟主属") and ("卦属反吟",) in facts(true, "病不治")


# --- 34.2 「空冲则实」: the void the clash finds, before it fills it ----------------------------

def chart_facts(lines: str, month: str, day: str, predicate: str) -> set[tuple]:
    return {f.values for f in yimao.chart(lines=lines, month=month, day=day).result.facts(predicate)}


def test_a_fully_filled_void_is_still_a_void_clash():
    # 27.1's case: 乾, 午 month, 戊辰 day (void 戌亥): the 戌 of line 6 is clashed by 辰 and filled in full.
    clashes = chart_facts("777777", "午", "戊辰", "爻冲")
    assert (6, "本", "空冲") in clashes and (6, "本", "日冲") not in clashes
    assert (6, "本", "全") in chart_facts("777777", "午", "戊辰", "冲实")
    # a static line that is not void, clashed by the day, is 日冲 (甲子 clashes the 午 of line 4)
    assert (4, "本", "日冲") in chart_facts("777777", "午", "甲子", "爻冲")


# --- 12.5 「倘飞爻旬空而遇日冲，全实者不露，不全实者少露也」 ----------------------------------

def test_a_half_filled_void_flying_line_lets_its_hidden_line_out_by_half():
    # 艮, 亥 month, 戊子 day (void 午未): the 午 of line 2 is clashed by 子 (克冲: half filled); the 卯
    # hidden under it generates it (伏生飞) under a static line, which alone would keep it in.
    assert (2, "本", "半") in chart_facts("887887", "亥", "戊子", "冲实")
    assert (2, "半") in chart_facts("887887", "亥", "戊子", "伏出")
    # not void (庚子: void 辰巳): 伏生飞 under a static line does not come out
    assert (2, "不出") in chart_facts("887887", "亥", "庚子", "伏出")


def test_a_fully_filled_void_flying_line_hides_its_hidden_line():
    # 787777, 午 month, 戊辰 day: the void 戌 of line 6 is clashed by 辰 (墓冲: filled in full).
    r = yimao.chart(lines="787777", month="午", day="戊辰").result
    assert (6, "本", "全") in {f.values for f in r.facts("冲实")}
    assert (6, "不出") in {f.values for f in r.facts("伏出")}
    assert ("飞伏.能出飞空", "飞伏.飞冲实") in {(d.rule, d.by_rule) for d in r.defeats}


# --- 17.2 「死绝无救」 rescued the way 31.5 rescues ---------------------------------------------

def use_god_facts(lines: str, month: str, day: str, position: int, predicate: str) -> set[tuple]:
    return {f.values for f in chart_with_layer(lines, month, day, position, "本").facts(predicate)}


def test_dead_on_the_day_but_generated_by_the_month_is_not_absent():
    # 乾, the 寅 of line 2 at 死 on a 午 day.  In a 子 month the water generates it: 31.5 「或日月变爻内有
    # 一生之，则死而未死」, so 17.2's 「死绝无救」 does not hold.  In a 申 month it is controlled too.
    assert (2, "本", "死绝") not in use_god_facts("777777", "子", "戊午", 2, "本有而无")
    assert (2, "本", "死绝") in use_god_facts("777777", "申", "戊午", 2, "本有而无")


# --- 27.1 「及动化冲亦散」 only for a true 反吟 of the line (13.5) --------------------------------

def chart_with(lines: str, month: str, day: str):
    from yimao.chart import base_facts

    e = load_engine()
    return e.evaluate(base_facts(e, yimao.cast(lines=lines), yimao.moment(month=month, day=day)))


def test_a_change_into_a_void_clash_does_not_scatter():
    # 坤之升 (866888): line 2 巳 changes into 亥, line 3 卯 into 酉.  On 甲子 (void 戌亥) the 亥 is void:
    # 13.5 「空破在变则非」, so line 2 is not scattered; line 3's clash is true and scatters it.
    r = chart_with("866888", "寅", "甲子")
    assert {f.values for f in r.facts("冲散")} == {(3, "本")}
    assert ("冲散.化冲", "冲散.化冲非真") in {(d.rule, d.by_rule) for d in r.defeats}
    # On 甲戌 (void 申酉) it is the other way round.
    assert {f.values for f in chart_with("866888", "寅", "甲戌").facts("冲散")} == {(2, "本")}


# --- 33.2 「用神自受破散」: a static line's 暗破 as well as a mover's 冲散 ---------------------------

def test_a_half_broken_static_line_is_not_rescued_from_extinction():
    # 678787, 未 month, 甲子 day: line 3 is controlled and generated the way 33.1 names (绝生式) but is
    # a weak static line clashed by the day (暗破, 27.1 「即半碎矣」): no 绝处逢生.  Line 6 meets
    # 33.1's first form and is whole: 绝处逢生.
    r = chart_with("678787", "未", "甲子")
    assert 3 in {f.values[0] for f in r.facts("暗破")}
    rescued = {f.values for f in r.facts("绝处逢生")}
    assert not [v for v in rescued if v[:2] == (3, "本")] and (6, "本", 1) in rescued
    assert ("绝生.成", "绝生.自暗破") in {(d.rule, d.by_rule) for d in r.defeats}


# --- 41.3 「若此者，不复论子官也」: 征伐's hexagrams are taboos above the use god -----------------

def test_war_hexagrams_are_taboos_that_set_the_use_god_aside():
    taboo = lambda hexagram: {f.values for f in yimao.chart(hexagram=hexagram, month="寅", day="甲子").result.facts("卦验专忌")}
    assert ("征伐", "覆军之败") in taboo("明夷")
    assert ("征伐", "汔地之囿") in taboo("蹇")
    assert not [v for v in taboo("需") if v[0] == "征伐"]


# --- 78.8: 有本 includes a mover's generation; 「反伏墓绝」 is the trigram's ------------------------

def test_a_use_god_generated_by_a_mover_has_roots():
    # 899897, 巳 month, 甲戌 day, asking after a father: the 父母 of line 2 has no day or month help
    # but a moving line generates it -- not 「无根」.
    j = judge("行人.存亡", "899897", "巳", "甲戌", about="父")
    assert (2, "本") in {v[:2] for v in facts(j, "动生")} and (2, "本") not in {v[:2] for v in facts(j, "日月助")}
    assert "存亡.亡" not in {v["rule"] for v in j.verdicts()}


def test_the_three_taboos_read_tomb_and_extinction_of_the_trigram():
    # 889666, 巳 month, 戊辰 day: the 用神 (line 4) is in its tomb on the day -- 78.4 「用之墓者，得开而晤」,
    # the tomb opens and he comes; no taboo.
    entombed = judge("行人.存亡", "889666", "巳", "戊辰", about="父")
    assert not facts(entombed, "三忌") and "行人.墓开" in {v["rule"] for v in entombed.verdicts()}
    # 677876, 未 month, 戊寅 day: the outer trigram, which holds the 用神 (line 6, the moving one of the
    # two harmed 父母: 30.2 「舍静取动」), changes into its tomb and extinction (ch. 18): 「反伏墓绝」.
    # (On a 戌 day the clash of the tomb 辰 makes it false: 18.1 「或墓冲绝破」.)
    trigram = judge("行人.存亡", "677876", "未", "戊寅", about="父")
    assert ("外",) in facts(trigram, "卦墓绝") and ("反伏墓绝",) in facts(trigram, "三忌")


# --- 18.1 「或本卦临日月，亦非墓绝」: a false 墓绝 touches no family member (56.2) -------------------

def test_a_false_trigram_tomb_does_not_kill_the_family_member():
    # 离之乾 (767767), asking about the middle daughter (离).  In a 寅 month on 甲申 (void 午未) nothing
    # touches 戌 亥 or 午: 墓绝 is true, 「卦属反伏墓绝，亦不治也」.  In a 午 month 离 stands on the
    # month: 18.1's own false case 「如离变乾为墓绝，若午日月……是伪非真」 -- no 「卦属墓绝」.
    true = judge("疾病", "767767", "寅", "甲申", about="中女")
    assert ("中女",) in facts(true, "墓绝主属") and ("卦属墓绝",) in facts(true, "病不治")
    false = judge("疾病", "767767", "午", "甲申", about="中女")
    assert ("内", "本卦临日月") in facts(false, "卦墓绝伪")
    assert not facts(false, "墓绝主属") and ("卦属墓绝",) not in facts(false, "病不治")
    # 42.3 shows 墓绝 among the hexagram's uses only when it is one
    assert ("墓绝", "墓绝") in facts(true, "卦用示") and ("墓绝", "墓绝") not in facts(false, "卦用示")


# --- 19.5 「坎艮旺相三气，谓旬空而弗空也」: 18.2's void trigram is not void in its season ------------

def test_a_trigram_in_season_is_not_a_void_trigram():
    # 19.5's own case: 「丑建甲寅旬筮坎，则过旬弗空」 -- 坎为水 in a 丑 month on 甲寅 (void 子丑): 坎 rules
    # (旺), so its void 子 is no 空破 of 18.2.  In a 未 month 坎 is 死 and its void counts.
    in_season = chart_facts("878878", "丑", "甲寅", "卦空破")
    assert in_season == set()
    assert chart_facts("878878", "丑", "甲寅", "空而弗空") == {("内",), ("外",)}
    assert chart_facts("878878", "未", "甲寅", "卦空破") == {("内", "空", "子"), ("外", "空", "子")}


# --- rulings the re-reading found missing are marked in the language, not in comments ---------

def test_paragraphs_found_partly_encoded_say_so_in_coverage(capsys):
    import json

    from yimao.cli import main

    assert main(["coverage", "--chapters", "18-42", "--json"]) == 0
    partial = {ref: why for row in json.loads(capsys.readouterr().out)["chapters"] for ref, why in row["partial"].items()}
    assert "19.3" not in partial  # encoded since: 余旺 and 先司 by the moment's 候 (tests/test_ch11_20.py)
    assert "亦合化而为用" in partial["20.2"]
    assert "职崇台阁" in partial["21.4"]
    assert "申时可育" in partial["24.2"]
    assert "动而无助" in partial["32.2"] and "32.3" not in partial and "自逃" in partial["32.4"] and "求财" not in partial["32.4"]
    assert "生克之理若一" in partial["37.3"]
    assert "40.44" not in partial  # encoded since: 星辅 (tests/test_ch40_stars.py)
    assert "42.8" not in partial and "生合吉而克合凶" in partial["42.11"]


# --- 8.14 is the 世's omens, derived by 42.6; 42.6's 世空则不成 has no generic verdict ------------

def test_the_omens_of_the_shi_are_cited_and_their_gaps_marked(capsys):
    import json

    from yimao.cli import main

    program = load_engine().program
    for rule in ("世应忌.随墓", "世应忌.助伤", "世应忌.合冲", "世应忌.空", "世应忌.应空", "世应忌.散", "世应忌.进"):
        assert any(c.ref == "8.14" for c in program.rule(rule).citations), rule
    assert main(["coverage", "--chapters", "8-42", "--json"]) == 0
    partial = {ref: why for row in json.loads(capsys.readouterr().out)["chapters"] for ref, why in row["partial"].items()}
    assert "三刑强而自敝" in partial["8.14"] and "必以独发" in partial["8.7"]
    assert "而世空则不成" in partial["42.6"] and "而应空则不得" in partial["42.6"]


# --- 21.4 「事干朝廷，喜生合世爻，忌冲克身象」 ------------------------------------------------------

def court_rulings(question: str, year: str, day: str) -> set[str]:
    j = yimao.judge(question=question, lines="777777", year=year, month="寅", day=day)
    return {v["rule"] for v in j.verdicts() if v["rule"].startswith("岁君.")}


def test_the_year_generating_the_world_line_pleases_the_court():
    # 乾: the 世 is line 6, 戌 (earth).  A 午 year generates it: 「则上合君心」 for a memorial (上书,
    # 上疏) or a petition for rank (封荫, 请封); a 辰 year clashes it: 「太岁冲身象，则忧严谴」.
    assert court_rulings("功名.上书", "甲午", "甲寅") == {"岁君.上合君心"}
    assert court_rulings("功名.封荫", "甲午", "甲寅") == {"岁君.上合君心"}
    assert court_rulings("功名.上书", "丙辰", "甲寅") == {"岁君.忧严谴"}
    # not a matter of the court (条陈 goes to 将相, 求名 to the examiners)
    assert court_rulings("功名.条陈", "甲午", "甲寅") == set() and court_rulings("功名", "甲午", "甲寅") == set()
    # 21.2 「空则可空」: on 甲申 (void 午未) the 午 year is void and pleases no one
    assert court_rulings("功名.上书", "甲午", "甲申") == set()


# --- 22.2 「卦中无而若有」 (「倘卦中飞伏如无用神，而月建值用则有」) ----------------------------------

def test_the_month_supplies_a_relative_absent_from_the_lines_that_count():
    # 姤 (877777, 乾宫): no wood on its lines; the 寅 妻财 of 乾 hides under static line 2, not under
    # the 世 (line 1) or a mover (12.4), so 飞伏无.  In a 寅 month the month holds 妻财: present.
    # Every palace head holds all five phases, so the old reading (no hidden line at all) never held.
    assert chart_facts("877777", "寅", "甲子", "无而若有") == {("妻财", "月建")}
    assert ("妻财", "日月") in chart_facts("877777", "寅", "甲子", "本无而有")
    # a 申 month holds no 妻财; a moving line 2 brings the hidden 寅 into count (伏, not the month)
    assert chart_facts("877777", "申", "甲子", "无而若有") == set()
    assert chart_facts("897777", "寅", "甲子", "无而若有") == set()
    assert ("妻财", "伏") in chart_facts("897777", "寅", "甲子", "本无而有")


# --- 28.1 「兄动夺之……而甲寅旬子兄值空，是日果应得会」 ---------------------------------------------

def test_a_robbing_brother_void_on_the_day_of_the_matter_robs_nothing():
    # 28.1's case: 节之中孚, 寅 month, 辛亥 day, a meeting held on 丁巳 (事日).  The moving 子 兄 of
    # line 6 is void in the 甲寅 decade of that day: no 「兄弟克我财」.  Without the day of the matter
    # (or on a day whose decade leaves 子 whole) it robs.
    rules = lambda **kw: {v["rule"] for v in yimao.judge(question="求财", hexagram="节之中孚", month="寅", day="辛亥",
                                                          **kw).verdicts()}
    assert "六亲.兄动" not in rules(matter_day="丁巳")
    assert "六亲.兄动" in rules()
    assert "六亲.兄动" in rules(matter_day="己巳")      # 甲子 decade: 戌亥 void, 子 whole


# --- 30.3 「而败于丑月者，谓未实而丑破之也」「是论丑破未，而不论建丑也」 --------------------------------

def test_the_later_month_that_clashes_the_use_god_breaks_it():
    # 30.3's case: 大过, 亥 month, 戊午 day, selling goods: of the two 财 (丑 void, 未 whole) the 未 of
    # line 6 is taken.  In the 丑 month earth is 旺, yet 丑 breaks 未: the goods are cheap.  In a 午
    # month (fire generates earth) it is in season.
    def later(month: str):
        j = yimao.judge(question="求财", hexagram="大过", month="亥", day="戊午", matter_month=month)
        return facts(j, "后时得令"), facts(j, "后时失令"), {v["rule"] for v in j.verdicts() if not v["defeated_by"]}
    assert (6, "本") in facts(yimao.judge(question="求财", hexagram="大过", month="亥", day="戊午"), "用神")
    got, lost, standing = later("丑")
    assert (6, "本") in lost and (6, "本") not in got and "后时.得令吉" not in standing
    got, lost, standing = later("午")
    assert (6, "本") in got and "后时.得令吉" in standing


# --- 32.2 「有而空……犹不有也」 read by 56.5 (= 32.4 「疾病无鬼，须看用爻」) ----------------------------

def test_a_void_ghost_is_no_ghost_for_the_illness():
    # 震为雷 (788788), asking for oneself: the 世 is line 6, 戌, 相 in a 巳 month.  The only 官鬼 is
    # the 申 of line 5; on 甲戌 (void 申酉) it is void: 「有而空……犹不有也」, so 无鬼 and 「用旺无鬼，不祈
    # 亦康」.  On 甲午 the ghost is whole: not 无鬼.
    void = judge("疾病", "788788", "巳", "甲戌")
    assert (5, "空") in facts(void, "犹不有") and facts(void, "无鬼")
    assert (6, "本", "用旺无鬼") in facts(void, "病安")
    whole = judge("疾病", "788788", "巳", "甲午")
    assert not facts(whole, "无鬼") and not [v for v in facts(whole, "病安") if v[2] == "用旺无鬼"]
    # 「卦中虽无而伏于世爻动爻之下……则无犹不无也」: 颐 (788887) has no 官鬼 on its lines, but a 酉
    # 官鬼 hides under its 世: a ghost, so no 「用旺无鬼」 although the 戌 世 is 旺 in a 戌 month.
    hidden = judge("疾病", "788887", "戌", "甲子")
    assert (4, "伏", "伏世") in {v[1:] for v in facts(hidden, "无犹不无")}
    assert not [v for v in facts(hidden, "病安") if v[2] == "用旺无鬼"]


# --- 38.3 「五克世而问疏，若世刑而大凶也」 ---------------------------------------------------------

def test_a_memorial_with_the_world_controlled_by_the_fifth_and_punished():
    # 坎 (878878): the 世 is line 6, 子; line 5, 戌 earth, controls it.  A 卯 day punishes the 子 (卯刑子):
    # asking about a memorial (上书, 上疏), 「若世刑而大凶也」.  On a 甲子 day the 世 is not punished; and a
    # plain examination question (求名) is no 疏.  (既济's 亥 世 in a 亥 month was the chart: the month of
    # the line's own branch does not punish it, 22.2 「伤而不伤」.)
    rules = lambda q, day: {v["rule"] for v in yimao.judge(question=q, lines="878878", month="午", day=day).verdicts()}
    assert "三刑.疏世刑" in rules("功名.上书", "乙卯")
    assert "三刑.疏世刑" not in rules("功名.上书", "甲子")
    assert "三刑.疏世刑" not in rules("功名", "乙卯")


# --- 42.10 「化空退而不碍」: a use god on the day is not hindered by its retreat (16.4) ------------

def test_a_use_god_on_the_day_changing_into_its_retreat_is_not_hindered():
    # 乾之夬 (777779): line 6, 戌, changes into 未, its retreat.  On 甲戌 (void 申酉) the 戌 is the day
    # and the 未 whole: 「化空退而不碍」 (16.3's 「戌乃日辰，物无可伤」), so no 「化退……未易得志」.  On 丙寅
    # the 戌 stands on neither day nor month: the retreat tells.
    # (On 丙寅 the 寅 day and month control the earth: the retreat is 16.4's graded 欲进而退衰.)
    retreat = {"进退.欲进而退", "进退.欲进而退衰"}
    on_day = {c.rule for c in chart_with_layer("777779", "寅", "甲戌", 6, "本").conclusions}
    assert not retreat & on_day
    off_day = {c.rule for c in chart_with_layer("777779", "寅", "丙寅", 6, "本").conclusions}
    assert retreat & off_day


# --- 42.9 「飞神破散，伏神虽生旺而无功也」 -----------------------------------------------------------

def test_a_hidden_use_god_under_a_broken_flying_line_achieves_nothing():
    # 乾 (static), the 用神 hidden under line 6 (戌).  In a 辰 month the 戌 is broken: the hidden line is
    # 相, a full good grade, yet 「无功」.  In a 午 month the 戌 is whole: its grade stands.
    broken = chart_with_layer("777777", "辰", "甲子", 6, "伏")
    rules = {c.rule for c in broken.conclusions}
    assert "用神断.伏无功" in rules and "用神断.全吉" not in rules
    whole = {c.rule for c in chart_with_layer("777777", "午", "甲子", 6, "伏").conclusions}
    assert "用神断.伏无功" not in whole
    # a half good grade gives way too (778788, 子 month: the hidden line of line 4 is 旺相空)
    half = {c.rule for c in chart_with_layer("778788", "子", "甲子", 4, "伏").conclusions}
    assert "用神断.伏无功" in half and "用神断.旺相空" not in half


def chart_with_layer(lines: str, month: str, day: str, position: int, layer: str):
    from yimao.chart import base_facts
    from yimao.facts import Fact

    e = load_engine()
    base = base_facts(e, yimao.cast(lines=lines), yimao.moment(month=month, day=day)) + [Fact("用神", (position, layer))]
    return e.evaluate(base)


# --- 42.10 「动变克之，日月生之，如被溺而得援」 in the eighteen grades ---------------------------------

def test_a_use_god_controlled_by_a_mover_but_supported_by_the_month_is_rescued():
    # 779997, 卯 month, 甲戌 day: line 2 (寅 wood) is controlled by a moving line and supported by the
    # 卯 month (扶): 「如被溺而得援」 -- the grade 旺 (it had no grade at all: 旺 and 相 asked for no
    # control by anyone).
    r = chart_with_layer("779997", "卯", "甲戌", 2, "本")
    assert (2, "本", "被溺得援") in {f.values for f in r.facts("日月动变")}
    assert {f.values for f in r.facts("用神法")} == {(2, "本", "旺")}
    # the month's own control is still a blemish, not 旺: the same line in a 申 month
    r = chart_with_layer("779997", "申", "甲戌", 2, "本")
    assert (2, "本", "旺") not in {f.values for f in r.facts("用神法")}


# --- 15.4 「升降不及进退之力」 --------------------------------------------------------------------

def test_advance_and_retreat_outweigh_rise_and_fall():
    # 768777 in a 辰 month, the 用神 on line 2: a true fall while 休囚 (「降而更凶」) and a change into
    # its advance (「化进有日昌之势」): the two rule opposite ways, and the advance decides.
    # (The 甲子 day's water supports the wood: the advance is 16.4's graded 欲进而进盛.)
    r = chart_with_layer("768777", "辰", "甲子", 2, "本")
    assert {"升降.降而更凶", "进退.欲进而进盛"} <= {c.rule for c in r.conclusions}
    below = load_engine().program.method.below
    assert below["进退.欲进而进盛"]["升降.降而更凶"] == "进退胜升降"
    assert "进退.欲进而进盛" not in below.get("升降.降而更凶", {})


# --- 11.5 「中有制伏而克不相继者」: a control cut off in its chain harms nothing ----------------------

def test_a_controlling_mover_itself_controlled_does_not_harm():
    # 11.5's case 临之蛊 (976886): 巳 丑 酉 move; the 酉 (line 6) would control the 卯 of line 2, but the
    # moving 巳 controls the 酉: 「而酉反被巳制，不续其克，反得其用是也」.  With the 酉 moving alone
    # (778886) its control harms the 卯.
    cut = chart_facts("976886", "寅", "甲子", "伤")
    assert (2, "本", "动克") not in cut and (2, "本") in chart_facts("976886", "寅", "甲子", "克断")
    assert (2, "本", "动克") in chart_facts("778886", "寅", "甲子", "伤")


# --- 9.2 「故行人遇合当归」 (「卦身为卦根事主，合有得见得成之象」) ------------------------------------

def test_the_hexagram_body_combined_brings_the_traveller_home():
    # 临 (778888): a yang 世 on line 2 puts the 卦身 on 丑, carried by lines 3 and 4.  A 子 day combines
    # 丑: 「行人遇合当归」.  On a 寅 day nothing combines it; and a letter (音信) is not the traveller.
    rules = lambda day, q="行人": {v["rule"] for v in yimao.judge(question=q, lines="778888", month="寅", day=day, about="父").verdicts()}
    assert "身法.行人遇合" in rules("甲子")
    assert "身法.行人遇合" not in rules("丙寅")
    assert "身法.行人遇合" not in rules("甲子", "行人.音信")


def test_the_bodies_ills_include_break_clash_and_scattering():
    # 9.3 「若夫世身之用，空主疑，动主乱，破主败，冲主变，散主失也」: 临's 世 is 卯 (line 2), so its 世身 is
    # line 4 (丑).  In a 未 month the 丑 is broken: 败; in a 寅 month on a 未 day it is clashed: 变.
    assert ("世身", "败") in chart_facts("778888", "未", "甲子", "身病")
    assert ("世身", "变") in chart_facts("778888", "寅", "乙未", "身病")
    assert not {v for v in chart_facts("778888", "寅", "甲子", "身病") if v[1] in ("败", "变")}


# --- 10.1 「通问为断绝」 (「世应当中两间爻，发动所求多阻隔是也」) -------------------------------------

def test_a_moving_between_line_cuts_off_the_letter():
    # 乾: 世 6, 应 3, the between-lines 4 and 5 (「如乾四五为间」).  Line 4 moving: asking after a letter,
    # 「通问为断绝」; all static, or asking after the traveller himself, no such ruling.
    rules = lambda lines, q: {v["rule"] for v in yimao.judge(question=q, lines=lines, month="寅", day="甲子").verdicts()}
    assert "间爻.通问断绝" in rules("777977", "行人.音信")
    assert "间爻.通问断绝" not in rules("777777", "行人.音信")
    assert "间爻.通问断绝" not in rules("777977", "行人")


# --- 7.5 「青龙为仁，金克木则吉而不吉」 (the 白虎's half: see 07-六神.ym and case B53-01) ---------

def test_a_checked_green_dragon_is_no_good_companion():
    # On a 丁 day the 青龙 sits on line 6.  升 (877886): line 6 is the 酉 官鬼, metal, which checks the
    # dragon (「龙避金爻也」, 「金克木则吉而不吉」): the moving ghost is no 「青龙良伴」 but a moving ghost.
    # 大有 (777789): line 6 is the 巳 官鬼, fire: 「青龙良伴也」 holds.  Not on 丁卯: the 卯 day clashes 升's
    # moving 酉 ghost (32.2 「动而逢冲……犹不动也」); the 未 day generates it.
    def rulings(lines):
        j = yimao.judge(question="行人.安危", lines=lines, month="寅", day="丁未", about="父")
        return {v["rule"]: bool(v["defeated_by"]) for v in j.verdicts() if v["rule"].startswith("安危.")}
    checked = rulings("877886")
    assert checked["安危.青龙"] is True and checked["安危.鬼神"] is False
    free = rulings("777789")
    assert free["安危.青龙"] is False and free["安危.鬼神"] is True


# --- 20.2 「但化用而逢日月动变生扶则有，克破则无」 ------------------------------------------------------

def test_a_stem_transformation_with_no_support_supplies_nothing():
    # 777678, 丙子 month, 癸未 day: the moving line 4 transforms with a stem of the day or month into
    # the phase of 父母, a relative neither flying nor hidden where it counts; but nothing (day, month,
    # mover, change) generates or matches that phase: not 有, so no 化用.  观之萃 (the book's case) is.
    assert {v[0] for v in chart_facts("777678", "丙子", "癸未", "干化")} == {4}
    assert chart_facts("777678", "丙子", "癸未", "干化有") == set()
    assert chart_facts("777678", "丙子", "癸未", "干化用") == set()
    case = yimao.chart(hexagram="观之萃", year="辛卯", month="丙申", day="丙子").result
    assert {f.values for f in case.facts("干化用")} == {(4, "子孙"), (6, "子孙")}


# --- 9.4: what stands on the two bodies, shown with the answers of 功名 求财 词讼 防患 ------------

def test_what_stands_on_the_bodies_is_read_in_the_matters_of_9_4():
    # 旅 (887787) in a 亥 month on a 乙卯 day: the 卦身 on line 2 under 朱雀 (功名 likes it), the 世身 on
    # line 5, a 子孙 (功名 must avoid it).  A question of illness reads neither.
    fame = judge("功名", "887787", "亥", "乙卯")
    assert ("朱雀", "卦身", 2) in facts(fame, "身喜") and ("子孙", "世身", 5) in facts(fame, "身忌")
    assert not facts(judge("疾病", "887787", "亥", "乙卯"), "身喜")
    # In wealth the 子孙 on the 世身 is liked, not avoided.
    wealth = judge("求财", "887787", "亥", "乙卯")
    assert ("子孙", "世身", 5) in facts(wealth, "身喜") and ("子孙", "世身", 5) not in facts(wealth, "身忌")


def test_a_body_with_an_ill_is_not_read_but_in_fear_its_void_is_safe():
    # 「先宜无病」: 旅's 卦身 (午, line 2) clashed by a 子 day has an ill (9.3), so it is not read.
    clashed = judge("功名", "887787", "亥", "丙子")
    assert not {f for f in facts(clashed, "身喜") if f[1] == "卦身"}
    # 忧患 (防患): the 卦身 void is 身空反安 -- 旅's 午 on a 甲申 day (甲申旬 voids 午未).
    fear = judge("防患", "887787", "亥", "甲申")
    assert ("空", "卦身", 2) in facts(fear, "身喜")
    assert ("空", "卦身", 2) not in facts(judge("防患", "887787", "亥", "乙卯"), "身喜")


# --- 10.1: a moving between-line obstructs the matters it names ---------------------------------

def test_a_moving_between_line_obstructs_plan_war_and_advancement():
    # 乾: 世 on 6, 应 on 3, the between-lines 4 and 5.  Line 4 moving obstructs; line 1 moving does not.
    for question, rule in (("谋望", "间爻.谋望结碍"), ("征伐", "间爻.征战忽突"), ("功名", "间爻.进取摈隔")):
        assert rule in standing(judge(question, "777977", "子", "甲子")), question
        assert rule not in standing(judge(question, "977777", "子", "甲子")), question


# --- 6.3: a 用神 at rest served by its moving 元神 -----------------------------------------------

def test_a_resting_use_god_with_a_moving_source_is_lucky():
    # 乾 asked of wealth: the 用神 妻财 寅 (line 2) rests; the 元神 子孙 子 (line 1) moves in 977777
    # (「用神不动，而元神动者，亦为吉占」); in 777777 nothing moves.
    assert "六亲.元动吉" in standing(judge("求财", "977777", "卯", "丙寅"))
    assert "六亲.元动吉" not in standing(judge("求财", "777777", "卯", "丙寅"))


# --- 6.4: 「忌神被克而吉」 -------------------------------------------------------------------------

def test_a_taboo_god_controlled_by_a_mover_is_lucky():
    # 乾 asked of wealth: the 用神 妻财 寅 (line 2), its 忌神 the 申 兄弟 (line 5).  In 777977 the 午
    # 官鬼 (line 4) moves and its fire controls the metal 忌神; in 977777 the moving 子 does not.
    assert "六亲.忌被克吉" in standing(judge("求财", "777977", "卯", "丙寅"))
    assert "六亲.忌被克吉" not in standing(judge("求财", "977777", "卯", "丙寅"))
    # A mover broken by the month passes nothing on (11.5): the 子 month breaks the moving 午.
    broken = judge("求财", "777977", "子", "丙寅")
    assert (4, "本") in facts(broken, "月破")
    assert not any(v["rule"] == "六亲.忌被克吉" for v in broken.verdicts())


# --- 8.15: 「彼我之交，不宜世生应，而宜应生世」 in a plan (76: 「皆物交物而成也」) ---------------------

def test_in_a_plan_the_other_should_generate_the_self():
    assert "世应.交应生世" in standing(judge("谋望", "777787", "子", "甲子"))
    assert "世应.交世生应" in standing(judge("谋望", "777878", "子", "甲子"))
    both = {"世应.交应生世", "世应.交世生应"}
    assert not both & standing(judge("谋望", "777777", "子", "甲子"))  # 比和
    assert not both & standing(judge("疾病", "777787", "子", "甲子"))  # not a question of 交


# --- a ruling never takes an unknown day or month for a whole line ----------------------------------

# Negated, these are read of the cast alone (a relative on its lines, a line that controls or
# generates the 世), though chapter 4's stems make the lines' facts depend on the solar term.
READ_OF_THE_CAST = {"本有亲", "克世", "生世"}


def test_no_ruling_takes_an_unknown_day_or_month_for_a_whole_line():
    """A verdict rule that tests what the day or the month decides (void, break, scattering, a false
    伏吟 …) only by its absence must also read the day or the month, or it fires on a chart without a
    moment as if nothing spoiled the line (42.17's 安 and 24 rules of chapters 43-91 did)."""
    from yimao.ir import Atom, Negation

    engine = load_engine()
    rules = list(engine.program.rules)
    # what the day and the month decide, transitively (the engine's own downstream closure)
    decided = engine.relevance.downstream(frozenset({"日辰", "月建", "日干", "月干"}), frozenset())
    guessing = []
    for rule in rules:
        if not rule.verdicts:
            continue
        negated = {l.atom.predicate for l in rule.body if isinstance(l, Negation)} & decided - READ_OF_THE_CAST
        if negated and not {l.predicate for l in rule.body if isinstance(l, Atom)} & decided:
            guessing.append((rule.id, sorted(negated)))
    assert guessing == []
