"""Chapters 51 家宅, 52 婚姻 and 54 抚养: for each sub-question a chart where the book's answer goes
one way and one where it goes the other, through `yimao.judge`."""

from __future__ import annotations

from functools import lru_cache

import yimao


@lru_cache(maxsize=None)
def judged(question: str, hexagram: str, month: str, day: str, about: str | None = None, asker: str | None = None,
           birth_year: str | None = None):
    return yimao.judge(question=question, hexagram=hexagram, month=month, day=day, about=about, asker=asker,
                        birth_year=birth_year)


def answer(j, axis_word: str) -> str:
    """The answer on the axis that contains `axis_word` (安 / 不安, 兴 / 败 …), or in its own kind
    (`by PRED(ARG)`)."""
    return next(a["answer"] for a in j.answers() if axis_word in a["axis"])


def rules(j) -> set[str]:
    return {v["rule"] for v in j.verdicts() if not v["defeated_by"]}


# --- 51 家宅 -------------------------------------------------------------------------------------
# 革之咸 (坎宫 水) on 甲子 in a 午 month: the 世 (line 4 亥) is void; line 1 子孙 卯 changes into the ghost
# 丙辰 in 艮 (51.4's own example).

def test_household_trouble_when_the_master_is_void_and_a_line_turns_ghost():
    j = judged("家宅.灾祥", "革之咸", "午", "甲子")
    assert answer(j, "安 / 不安") == "不安"
    assert {"灾祥.世灾", "灾祥.化鬼"} <= rules(j)
    assert "少男" in answer(j, "宅灾人") and "卑幼" in answer(j, "宅灾人")


def test_household_at_peace_when_no_ghost_moves_and_the_master_is_firm():
    # 泰 static; the 世 辰 (line 3) stands on the 辰 month, the 应 酉 is sound: 「卦宁世实」.
    j = judged("家宅.灾祥", "泰", "辰", "甲子")
    assert answer(j, "安 / 不安") == "安"
    assert "灾祥.卦宁世实" in rules(j)


def test_moving_ghost_names_its_trouble_its_quarter_and_its_people():
    # 小过之恒 (兑宫 游魂) moves line 2 (午 官鬼, in the inner 艮): a fire ghost in 艮 -- 回禄 (51.1),
    # 坟墓有疑 (51.2), the north-east (51.6), the 少男 (51.4) and, on line 2, the wife (51.6).
    j = judged("家宅.灾祥", "小过之恒", "子", "甲子")
    assert answer(j, "安 / 不安") == "不安"
    assert {"防回禄", "坟墓有疑"} <= set(answer(j, "宅灾(象)").split("、"))
    assert answer(j, "宅凶方") == "东北"
    # 「鬼动是宫」 is the ghost's trigram (艮), not the palace (兑: 天神弗喜, the west).
    assert "天神弗喜" not in answer(j, "宅灾(象)").split("、")
    assert {"少男", "妻妾"} <= set(answer(j, "宅灾人").split("、"))
    # 子 is the middle month of winter: the prodigy lines are 2 and 5, and line 2 moves (51.11's 怪爻).
    assert "怪" in answer(j, "宅灾(象)").split("、")
    assert "怪" not in answer(judged("家宅.灾祥", "小过之恒", "寅", "甲子"), "宅灾(象)").split("、")


def test_household_fortune_people_over_house_and_house_over_people():
    # 大壮: inner 乾 (金) controls outer 震 (木): 人克宅吉.  无妄: outer 乾 controls inner 震: 宅克人凶.
    assert answer(judged("家宅.兴败", "大壮", "寅", "甲午"), "兴 / 败") == "兴"
    assert answer(judged("家宅.兴败", "无妄", "寅", "甲午"), "兴 / 败") == "败"


# --- the judge input 婚方 (--side), for 52 -----------------------------------------------------

def test_side_is_a_question_input_and_bad_values_are_one_line_errors(capsys):
    from yimao.cli import main

    j = yimao.judge(question="家宅", hexagram="泰", month="辰", day="甲子", side="女")
    assert j.question.side == "女" and j.to_dict()["question"]["side"] == "女"
    assert ("婚方", ("女",)) in {(f.predicate, f.values) for f in j.question.facts()}
    assert main(["judge", "--question", "家宅", "--hexagram", "泰", "--month", "辰", "--day", "甲子", "--side", "男女"]) == 2
    err = capsys.readouterr().err
    assert "--side" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_51_18_the_top_line_attacking_the_master():
    """51.18 「六爻伐世，则臣尊而主卑」: 益 (世 line 3 辰 土) with its top line 卯 木 moving against it."""
    assert "臣尊而主卑" in answer(judged("家宅.兴败", "益之屯", "子", "甲子"), "宅象")
    assert "臣尊而主卑" not in answer(judged("家宅.兴败", "益", "子", "甲子"), "宅象")


def test_51_20_metal_line_controlled_breaks_the_pots():
    """51.20 「金爻克而釜甑破」: 屯's 申 金 (line 4) controlled by a 午 month, not in a 子 month."""
    assert "釜甑破" in answer(judged("家宅.兴败", "屯", "午", "甲子"), "宅象")
    assert "釜甑破" not in answer(judged("家宅.兴败", "屯", "子", "甲子"), "宅象")


def test_51_11_a_stars_matter_shows_in_its_month_and_the_clashing_month():
    """51.11 「事见当月」 (「如酉动天贼，是卯酉之期」): 屯 子 甲子 -- 丧门 on the 辰 ghost (辰 and 戌), 驿马 on
    the 寅 用神 (寅 and 申); the house's fortune (兴败) reads no star."""
    months = answer(judged("家宅.灾祥", "屯", "子", "甲子"), "宅星月")
    assert set(months.split("、")) == {"辰", "戌", "寅", "申"}
    assert not any("宅星月" in a["axis"] for a in judged("家宅.兴败", "屯", "子", "甲子").answers())


def test_51_10_a_spirit_without_a_ghost_shows_at_its_lines_birth_and_height():
    """51.10 「虽不鬼临，若发动持世，遇生旺之时，亦兆吉凶」: 屯's 世 寅 木 (no ghost) -- its 长生 亥 and
    帝旺 卯; 恒's 世 酉 holds the ghost and nothing moves: no such time."""
    assert set(answer(judged("家宅.兴败", "屯", "子", "甲子"), "宅神时").split("、")) == {"亥", "卯"}
    assert answer(judged("家宅.兴败", "恒", "子", "甲子"), "宅神时") == "无断"  # nothing to read


def test_51_13_household_asked_for_a_purpose_is_judged_by_that_purposes_chapter():
    """51.13 「随其所事而参之」: each purpose's chapter decides, and the household's own troubles do not."""
    moving = ("坎之比", "子", "甲子")  # the 辰 ghost of line 2 moves; ghosts on lines 2 and 5 check the 子 世
    j = judged("家宅.兴作", *moving)
    assert answer(j, "吉 / 凶") == "凶" and "兴修.官克世" in rules(j)  # 49.5 「官克世而犯阴阳」
    assert "灾祥.鬼动" not in rules(j)
    j = judged("家宅.妖怪", *moving)
    assert answer(j, "是 / 非") == "是" and "卜祟.动" in rules(j)  # 87.2 「鬼动则是」
    plain = judged("家宅", *moving)
    assert "灾祥.鬼动" in rules(plain) and not {"兴修.官克世", "卜祟.动"} & rules(plain)
    calm = ("屯", "子", "甲子")  # the 应 (戌) void; the 子孙 寅 on the 世 in season; the 午 财 broken by the month
    j = judged("家宅.盗逃", *calm)
    assert answer(j, "获 / 不获") == "不获" and "捕逃.应空" in rules(j)  # 81.1 「应空则深涧之逃」
    j = judged("家宅.兵寇", *calm)
    assert answer(j, "安 / 危") == "安" and "避乱.福得位" in rules(j)  # 90.1 「福神得位，则随地桃源」
    assert not {"捕逃.应空", "避乱.福得位"} & rules(judged("家宅", *calm))
    j = judged("家宅.迁徙", "乾", "子", "甲子")  # the outer 乾 void: 49.1's 卦病 of the house to move to
    assert answer(j, "吉 / 凶") == "凶" and "卜居.卦病" in rules(j)
    # an heir by the 子孙 (sound), poverty by the 妻财 (broken) on one chart
    assert answer(judged("家宅.子嗣", *calm), "吉 / 凶") == "吉"
    assert answer(judged("家宅.贫", *calm), "吉 / 凶") == "凶"
    # 育植 「以财福言」 as 68's pair: planting by the (broken) 财 -- 「财虚则荒也」; raising by the 子孙 -- 「实则多获」
    planting, raising = judged("家宅.种植", *calm), judged("家宅.育养", *calm)
    assert answer(planting, "丰 吉 / 歉 凶") == "歉" and "田.财虚" in rules(planting)
    assert answer(raising, "丰 吉 / 歉 凶") == "丰" and "养蚕.子实" in rules(raising)
    assert not {"田.财虚", "养蚕.子实"} & rules(judged("家宅", *calm))


def test_51_17_flying_suit_needs_the_tiger_or_the_bird_on_the_metal_ghost():
    """51.17 「逢金克世，而有飞讼」 (「若鬼虎雀并金而动克世者」): 巽之涣's 酉 ghost (line 3) moves against the
    卯 世 -- with the 白虎 on a 戊 day and the 朱雀 on a 壬 day a suit; with the 青龙 on a 庚 day none."""
    assert "飞讼" in answer(judged("家宅.灾祥", "巽之涣", "子", "戊辰"), "宅灾(象)").split("、")
    assert "飞讼" in answer(judged("家宅.灾祥", "巽之涣", "子", "壬申"), "宅灾(象)").split("、")
    assert "飞讼" not in answer(judged("家宅.灾祥", "巽之涣", "子", "庚午"), "宅灾(象)").split("、")


def test_51_1_a_moving_ghost_under_the_green_dragon_favours_rank_and_letters():
    """51.1 「惟青龙利爵级文章，不利胎产，及进丁口也」: 巽之涣's moving 酉 ghost (line 3) carries the 青龙 on a
    庚 day, the 勾陈 on a 甲 day."""
    def fortunes(day):
        return {f.values for f in judged("家宅.灾祥", "巽之涣", "子", day).chart.result.facts("宅庆")}
    assert ("家", "利爵级文章") in fortunes("庚午")
    assert "不利胎产及进丁口" in answer(judged("家宅.灾祥", "巽之涣", "子", "庚午"), "宅灾(象)").split("、")
    assert ("家", "利爵级文章") not in fortunes("甲子")


def test_51_18_the_tiger_attacking_is_a_neighbours_line():
    """51.18 「一四前后来侵，里邻不眭；同白虎来攻，常加暴事」: 谦之明夷 on 庚午 -- line 1 (a neighbour)
    moves with the 白虎 against the 亥 世; 乾之同人 on 己巳 -- the 白虎 on line 2, no neighbour."""
    assert "常加暴事" in answer(judged("家宅.兴败", "谦之明夷", "子", "庚午"), "宅象")
    assert "常加暴事" not in answer(judged("家宅.兴败", "乾之同人", "子", "己巳"), "宅象")


def test_51_18_parents_clashing_and_brothers_combining_the_master():
    """51.18 「父母克冲，孝而不豫；弟兄生合，友而且恭」: 乾之履's 辰 父母 clashes the 戌 世 (no control);
    乾之夬 moves the 世 itself.  复之震's 丑 兄弟 combines the 子 世 (it does not generate it); 复之颐
    moves the 子孙 酉 (line 6) instead."""
    assert "孝而不豫" in answer(judged("家宅.兴败", "乾之履", "子", "甲子"), "宅象")
    assert "孝而不豫" not in answer(judged("家宅.兴败", "乾之夬", "子", "甲子"), "宅象")
    assert "友而且恭" in answer(judged("家宅.兴败", "复之震", "子", "甲子"), "宅象")
    assert "友而且恭" not in answer(judged("家宅.兴败", "复之颐", "子", "甲子"), "宅象")


# --- 52 婚姻 -------------------------------------------------------------------------------------
# 乾 (乾宫 金), bottom to top: 子 子孙, 寅 妻财, 辰 父母 (应), 午 官鬼, 申 兄弟, 戌 父母 (世); a 六冲.
# 泰 (坤宫 土): 子 妻财, 寅 官鬼, 辰 兄弟 (世), 丑 兄弟, 亥 妻财, 酉 子孙 (应); one of 41.4's good hexagrams.

def use_god(j) -> set[tuple[int, str]]:
    return {(u["position"], u["relative"]) for u in j.use_god()}


def test_marriage_reads_the_wife_for_the_mans_side_and_the_husband_for_the_womans():
    assert use_god(judged("婚姻", "乾", "寅", "甲子", about="子")) == {(2, "妻财")}      # a son's marriage
    assert use_god(judged("婚姻", "乾", "寅", "甲子", about="女")) == {(4, "官鬼")}      # a daughter's
    assert use_god(judged("婚姻", "乾", "寅", "甲子", asker="女")) == {(4, "官鬼")}      # a woman for herself
    assert use_god(judged("婚姻", "乾", "寅", "甲子", asker="男")) == {(2, "妻财")}
    j = yimao.judge(question="婚姻", hexagram="乾", month="寅", day="甲子", about="友", side="女")
    assert use_god(j) == {(4, "官鬼")}                                                   # a friend asks for her
    unknown = judged("婚姻", "乾", "寅", "甲子")
    assert any(m.startswith("婚方 (--side)") for m in unknown.missing())


def test_marriage_clash_outweighs_a_strong_wife_and_a_good_hexagram_decides_before_the_lines():
    clash = judged("婚姻", "乾", "寅", "甲子", asker="男")
    assert answer(clash, "吉 成 / 凶 不成") == "凶"
    decided = {v["rule"] for a in clash.answers()[:1] for v in a["decided_by"] + a["supported_by"]}
    assert "婚姻.贞冲" in decided
    overruled = {o["rule"]: o["precedence"]["id"] for o in clash.answers()[0]["overruled"]}
    assert "婚姻.财旺" in overruled
    good = judged("婚姻", "泰", "寅", "甲子", asker="男")
    assert answer(good, "吉 成 / 凶 不成") == "吉"
    assert "婚姻.卦验吉" in {r["rule"] for r in good.answers()[0]["decided_by"]}


def test_marriage_yes_or_no_and_the_place_chosen_follow_the_marriage_itself():
    for sub, good, bad in [("成否", "成", "不成"), ("择地", "吉", "凶")]:
        axis = f"{good} / {bad}"
        assert answer(judged(f"婚姻.{sub}", "乾", "寅", "甲子", asker="男"), axis) == bad
        assert answer(judged(f"婚姻.{sub}", "泰", "寅", "甲子", asker="男"), axis) == good


def test_marriage_hexagram_does_not_judge_a_servant():
    j = judged("婚姻.配仆", "泰", "寅", "甲子", asker="男")
    assert "婚姻.卦验吉" not in rules(j) and "配仆.生扶" in rules(j)


# question.sub-question, axis, (chart one way, its answer), (chart the other way, its answer); the
# marriage asked by a man for himself (--asker 男).
SUB_QUESTIONS = [
    ("婚姻.赘婿", "吉 / 凶", ("乾", "寅", "甲子"), "吉", ("坤", "寅", "丙寅"), "凶"),
    ("婚姻.配仆", "吉 / 凶", ("泰", "寅", "甲子"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("婚姻.倩媒", "吉 / 凶", ("泰", "寅", "戊辰"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("婚姻.纳妾", "吉 / 凶", ("乾", "寅", "甲子"), "吉", ("乾", "巳", "壬申"), "凶"),
    ("婚姻.去留", "留 / 去", ("恒", "寅", "甲戌"), "留", ("乾", "寅", "甲子"), "去"),
    ("婚姻.就姻", "吉 / 凶", ("泰", "寅", "甲子"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("婚姻.聘仪", "丰 / 菲", ("乾", "寅", "戊辰"), "丰", ("坤", "寅", "壬申"), "菲"),
    ("婚姻.杂婚", "吉 / 凶", ("乾", "寅", "甲子"), "吉", ("泰", "寅", "甲子"), "凶"),
    ("抚养.继养", "吉 / 凶", ("泰", "寅", "戊辰"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("抚养.抚养", "吉 / 凶", ("节", "寅", "甲子"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("抚养.收养", "吉 / 凶", ("泰", "寅", "戊辰"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("抚养.投养", "吉 / 凶", ("咸", "寅", "戊辰"), "吉", ("乾", "寅", "甲子"), "凶"),
    ("抚养.入继", "吉 成 / 凶 不成", ("泰", "寅", "戊辰"), "吉", ("乾", "寅", "甲子"), "凶"),
]


def test_sub_questions_both_ways():
    for question, axis, one, first, other, second in SUB_QUESTIONS:
        assert answer(judged(question, *one, asker="男"), axis) == first, question
        assert answer(judged(question, *other, asker="男"), axis) == second, question


def test_concubine_for_an_heir_reads_the_zisun_for_her_worth_the_wife():
    """52.9 「若纳妾，视其所重，重贤用财，重嗣用子」: 屯 子 甲子 -- the 午 妻财 (hidden) broken by the month,
    the 寅 子孙 on the 世 in season: taken for her worth 凶, taken for an heir 吉."""
    worth = judged("婚姻.纳妾", "屯", "子", "甲子", asker="男")
    heir = judged("婚姻.纳妾重嗣", "屯", "子", "甲子", asker="男")
    assert {r for _, r in use_god(worth)} == {"妻财"} and {r for _, r in use_god(heir)} == {"子孙"}
    assert answer(worth, "吉 / 凶") == "凶" and answer(heir, "吉 / 凶") == "吉"


def test_marriage_in_celebration_and_fear_of_harm_read_the_person_by_kinship():
    # 冲喜 for a father, or for an elder (长): the 父母; for a junior (幼): the 子孙 -- then ch. 42's grades.
    # 妨害 for a father: the 父母 (52.11); the bride's 妻财 void or broken.
    # (on a 寅 day: on a 子 day the earth 父母 would be at its 帝旺, 31.3 「二者孰能胜之」)
    j = judged("婚姻.冲喜", "乾", "寅", "甲寅", about="父")
    assert {r for _, r in use_god(j)} == {"父母"}
    assert answer(j, "吉 / 凶") == "凶" and "用神断.凶陷" in rules(j)
    assert answer(judged("婚姻.冲喜", "乾", "寅", "戊辰", about="父"), "吉 / 凶") == "吉"
    assert {r for _, r in use_god(judged("婚姻.冲喜", "乾", "寅", "甲子", about="长"))} == {"父母"}
    assert {r for _, r in use_god(judged("婚姻.冲喜", "乾", "寅", "甲子", about="幼"))} == {"子孙"}
    assert answer(judged("婚姻.妨害", "乾", "巳", "戊辰", about="父"), "无妨 / 妨") == "无妨"
    assert answer(judged("婚姻.妨害", "乾", "申", "甲子", about="父"), "无妨 / 妨") == "妨"


def test_marriage_year_and_place():
    # 乾, the man's side: the 妻财 寅 (wood, line 2, inner 乾): born at 亥, 帝旺 at 卯; near, north-west,
    # in the palace's own trigram.
    j = judged("婚姻.年地", "乾", "寅", "甲子", asker="男")
    timed = next(a for a in j.answers() if "成 / 不成" in a["axis"])["timing"]
    assert {timed["primary"]["when"], *(t["when"] for t in timed["alternatives"])} == {"亥年、亥月", "卯年、卯月"}
    assert set(answer(j, "婚地").split("、")) == {"近", "西北", "本处"}


def test_52_2_the_marriage_reads_only_the_other_partys_tomb():
    """52.2 「女命随墓 … 男命随墓是也，其他不论」: 临 on 辛未 puts the 世 in the ghost's tomb (ch. 35's
    随墓.世墓凶); the marriage sets that verdict aside, 52.13's 杂婚 (「以及随、助」) keeps it."""
    def tomb_verdicts(question):
        j = yimao.judge(question=question, hexagram="临", month="子", day="辛未", side="男")
        return {v["rule"]: v["defeated_by"] for v in j.verdicts() if v["rule"] == "随墓.世墓凶"}
    assert tomb_verdicts("婚姻") == {"随墓.世墓凶": "婚姻.世墓不论"}
    assert tomb_verdicts("婚姻.杂婚") == {"随墓.世墓凶": None}


def test_52_3_a_go_between_moving_alone_changes_things():
    """52.3 「独发动有变更难易之作尔」: 乾之大有 moves line 5 (next to the 世) alone; 乾之鼎 moves it with line 1."""
    def images(hexagram):
        j = yimao.judge(question="婚姻", hexagram=hexagram, month="子", day="甲子", side="男")
        return answer(j, "婚象")
    assert "有变更难易之作" in images("乾之大有")
    assert "有变更难易之作" not in images("乾之鼎")


# --- 54 抚养 -------------------------------------------------------------------------------------

# 抚养's sub-questions are in SUB_QUESTIONS above (the asker's sex does not bear on them).


def test_adoption_three_clashes_forbid_whatever_the_child():
    # 乾 in a 寅 month on 甲子: a 六冲; 「此三者，不可继也」 sets it over the child's strength.
    j = judged("抚养.继养", "乾", "寅", "甲子")
    assert "养子.三冲" in {r["rule"] for r in j.answers()[0]["decided_by"]}


def test_54_1_adopting_a_child_is_forbidden_by_a_void_or_scattered_zisun_giving_one_by_any_ill():
    """54.1: 继养 「子孙爻坏，去必丧焉」 (any of the four ills), 抚养 「空散则无成立」 (two of them).  乾 in a
    午 month breaks the 子 子孙: it forbids giving the child, not adopting one; 谦 on 甲子 in a 申 month
    has its 亥 子孙 void: adopting is forbidden."""
    broken = ("乾", "午", "丙寅")
    assert "养子.子坏" in rules(judged("抚养.继养", *broken))
    assert not {"养子.子坏", "抚养.空散"} & rules(judged("抚养.抚养", *broken))
    void = judged("抚养.抚养", "谦", "申", "甲子")
    assert "抚养.空散" in rules(void) and answer(void, "吉 / 凶") == "凶"


def test_taking_in_reads_a_woman_by_the_wealth_and_an_elder_by_the_parents():
    assert {r for _, r in use_god(judged("抚养.收养", "乾", "寅", "甲子", about="妇"))} == {"妻财"}
    assert {r for _, r in use_god(judged("抚养.收养", "乾", "寅", "甲子", about="长"))} == {"父母"}
    assert {r for _, r in use_god(judged("抚养.收养", "乾", "寅", "甲子", about="宗"))} == {"父母"}   # the 应 辰 is a 父母


def test_marriage_images_of_the_two_parties():
    # 乾: 世 戌 and 应 辰 are both yang lines; a woman asking wants the 世 yin: 阴阳相背 (52.7).  The 应
    # 辰 is broken by the 戌 month: the other family 少殷勤而多冷落 (52.3), and it 主变 (52.7).
    j = judged("婚姻", "乾", "戌", "甲子", asker="女")
    images = set(answer(j, "婚象").split("、"))
    assert {"阴阳相背", "少殷勤而多冷落", "主变"} <= images
    # 否 (乾宫): 世 卯 (line 3) a yin line, 应 戌 (line 6) a yang one, neither against the rise and fall in a 辰 month.
    assert "阴阳相背" not in set(answer(judged("婚姻", "否", "辰", "甲子", asker="女"), "婚象").split("、"))


def test_static_ghost_on_the_master_strikes_at_its_birth_and_height():
    # 蛊 (巽宫 归魂): the 世 is the static 酉 官鬼 (line 3): 「虽不鬼动，若鬼临之，遇生旺时，则其祸亦见」 --
    # metal is born at 巳 and at its height at 酉.
    j = judged("家宅.灾祥", "蛊", "寅", "甲子")
    row = next(a for a in j.answers() if a["axis"] == "安 / 不安")
    assert row["answer"] == "不安"
    assert {row["timing"]["primary"]["when"], *(t["when"] for t in row["timing"]["alternatives"])} == {"巳日", "酉日"}


def test_51_13_the_household_asked_for_office_fears_the_void_shi_and_seeks_the_officer():
    """「有或为功名而筮家宅，当戒世空以索官爻，盖家宅恶鬼，功名喜官」: a topic of its own (家宅.功名),
    the 世 void and no 官 in the cast each against it; the household's troubles are not read for it."""
    void = judged("家宅.功名", "乾", "寅", "甲子")  # 甲子旬: 戌亥 void, the 世 (line 6 戌)
    assert "宅功名.世空" in rules(void) and answer(void, "成 / 不成") == "不成"
    no_officer = judged("家宅.功名", "讼", "寅", "甲子")  # 离宫 火: no 水 line, so no 官鬼 in the cast
    assert "宅功名.无官" in rules(no_officer) and answer(no_officer, "成 / 不成") == "不成"
    sound = judged("家宅.功名", "师", "申", "丁酉")
    assert not {r for r in rules(sound) if r.startswith("宅功名")} and answer(sound, "成 / 不成") == "成"
    assert not {r for r in rules(judged("家宅.灾祥", "乾", "寅", "甲子")) if r.startswith("宅功名")}
    assert not {r for r in rules(void) if r.startswith(("宅灾", "灾祥"))}


def test_wealth_and_ghost_combined_and_clashed_part_a_marriage_lightly():
    # 34.3 「财鬼冲害忌婚姻……然而视世应冲害者则稍轻矣」: the 妻财 (亥, line 5) and the 官鬼 (寅, line 2)
    # combine; the 巳 day clashes the one and harms the other
    j = yimao.judge(question="婚姻", lines="986868", month="午", day="辛巳")
    rulings = [v for v in j.verdicts() if v["rule"] == "婚姻.财鬼合冲"]
    assert {v["text"] for v in rulings} == {"妻财5爻与官鬼2爻合处逢冲：后终分拆，轻于世应之合冲",
                                          "官鬼2爻与妻财5爻合处逢害：后终分拆，轻于世应之合冲"}
    assert all(v["strength"] == "稍轻" and v["cite"] == "52.2" for v in rulings)
    assert not [v for v in yimao.judge(question="婚姻", lines="986868", month="午", day="辛未").verdicts()
                if v["rule"] == "婚姻.财鬼合冲"]


def test_the_great_spirit_shows_its_sign_in_its_own_month_or_the_month_that_combines_it():
    # 51.10's commentary 「事端应于值月合月之时……如大元武在戌动，当应卯丑之盗」: 乾 with its 戌 (line 6, the
    # 世) moving; in a 丑 month the month spirit 元武 stands on 戌 -- its 值月 is 丑, its 合月 卯, its
    # sign theft (失).  In a 寅 month no month spirit stands on 戌.
    def months(month):
        j = yimao.judge(question="家宅", lines="777779", month=month, day="甲子")
        return {f.values for f in j.chart.result.facts("宅大神月")}, next(
            a["answer"] for a in j.answers() if a["axis"] == "by 宅大神月(月)")
    assert months("丑") == ({("丑", "元武", "失", "值月"), ("卯", "元武", "失", "合月")}, "丑、卯")
    assert months("寅") == (set(), "无断")
