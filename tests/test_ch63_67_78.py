"""Chapters 63 功名, 67 求财, 78 行人: the key rulings on concrete charts, through `yimao.judge`.

功名: the 用神 by kind of question (科目 文 before 官, 廷试 官 before 文: V56); 伏而有填, 安乡遇克,
遇其时 / 违其令; the 世 void only when asking for oneself; 六冲 and 随墓 are obstacles, not failure, in
an examination (V48); in office a clash with a strong 官 is three months' delay, a combination with a
weak one five years (V49); promotion month and quarter.  求财: the 妻财, 萃 as loss (V30, via ch. 41),
the club cases.  行人: the other unharmed 用神 (别用), the timing of the book's cases.
"""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.api import evaluate_chart
from yimao.judge import Judgement, parse_question
from yimao.query import parse_fact
from yimao.rulebook import load_engine


@cache
def judged(question, hexagram, month=None, day=None, about=None, facts=()):
    """What `yimao.judge(...).to_dict()` gives (verdicts, use god), without the proofs and the chart
    rendering; extra facts (事月, 事日) as `yimao judge --fact` would add them."""
    e = load_engine()
    q = parse_question(e.program, question, about=about)
    extra = q.facts() + [parse_fact(text, e.program) for text in facts]
    chart = evaluate_chart(e, yimao.cast(hexagram=hexagram), yimao.moment(month=month, day=day), "test", extra)
    result = chart.result
    relative = {(f.values[0], f.values[1]): f.values[5] for f in result.facts("爻象")}
    gods = [{"position": f.values[0], "layer": f.values[1], "relative": relative.get(f.values[:2])}
            for f in result.facts("用神")]
    judgement = Judgement(q, chart)
    return {"question": q.to_dict(), "use_god": gods, "verdicts": judgement.verdicts(), "answers": judgement.answers(),
            "result": result}


def standing(data, rule_prefix=""):
    return [v for v in data["verdicts"] if not v["defeated_by"] and v["rule"].startswith(rule_prefix)]


def polarities(data, rule_prefix=""):
    return {v["polarity"] for v in standing(data, rule_prefix)}


def use_god(data):
    return {(u["position"], u["layer"], u["relative"]) for u in data["use_god"]}


# --- the catalog and the 用神 --------------------------------------------------------------------

def test_question_catalog():
    program = load_engine().program
    questions = {q.name: q for q in program.questions}
    assert len(questions["功名"].subquestions) == 40
    assert list(questions["功名"].subquestions[:3]) == ["发年", "考时", "发案"]
    assert "草野求名" in questions["功名"].subquestions and "国务" in questions["功名"].subquestions
    assert len(questions["求财"].subquestions) == 22
    assert list(questions["行人"].subquestions) == ["旅约", "途会", "安危", "存亡", "利钝", "音信", "仕", "娶", "他适", "曾遇", "寄书", "寄财"]


def test_use_god_by_kind_of_question():
    # 革: 父 酉 on line 5, 官 丑 未 on lines 2 and 6.
    exam = judged("功名", "革", month="酉", day="壬戌")
    assert use_god(exam) == {(5, "本", "父母")}                      # 科目: the 文 first (V56)
    palace = judged("功名.廷试", "革", month="酉", day="壬戌")
    assert {u[2] for u in use_god(palace)} == {"官鬼"}               # 廷试: the 官 first
    army = judged("功名.从军", "革", month="酉", day="壬戌")
    assert use_god(army) == {(4, "本", "兄弟")}                      # 从军: the 世 (line 4, 亥)
    state = judged("功名.国务", "革", month="酉", day="壬戌")
    assert use_god(state) == {(5, "本", "父母")} and state["result"].facts("用象")[0].values == ("五爻",)


# --- 63.1-63.2: the regular examination ---------------------------------------------------------

def test_hidden_filled_passes_and_controlled_at_rest_fails():
    filled = judged("功名", "大畜", month="午", day="戊午")           # EX127
    assert use_god(filled) == {(2, "伏", "父母")}
    assert "成" in polarities(filled, "功名.") and "不成" not in polarities(filled, "功名.")
    struck = judged("功名", "乾", month="亥", day="甲寅")             # EX128
    assert any("安乡遇克" in v["text"] for v in standing(struck, "功名.文凶"))
    assert "不成" in polarities(struck, "功名.") and "成" not in polarities(struck, "功名.")


def test_examination_month_overturns_the_cast():
    # EX130: 大过之井, the autumn examination (酉): the 酉 官 on the month -- 象凶而吉.
    autumn = judged("功名", "大过之井", month="卯", day="丁亥", facts=("事月(支: 酉)",))
    assert any(v["rule"] == "功名.遇其时" and v["timing"] == "酉月" for v in standing(autumn))
    assert "不成" not in polarities(autumn, "功名.")
    without = judged("功名", "大过之井", month="卯", day="丁亥")
    assert not any(v["rule"] == "功名.遇其时" for v in without["verdicts"])
    # EX131: 师之坤, the spring examination (卯) breaks the 酉 父 -- 象得而失.
    spring = judged("功名", "师之坤", month="寅", day="辛亥", facts=("事月(支: 卯)",))
    assert any(v["rule"] == "功名.违其令" for v in standing(spring))
    assert "成" not in polarities(spring, "功名.")


def test_void_shi_matters_only_for_oneself():
    # 乾 in a 未 month on a 丙寅 day: the 戌 世 is void (甲子 decade).
    own = judged("功名", "乾", month="未", day="丙寅")
    other = judged("功名", "乾", month="未", day="丙寅", about="子")
    assert any(v["rule"] == "功名.世空" for v in own["verdicts"])
    assert not any(v["rule"] == "功名.世空" for v in other["verdicts"])
    # it undoes the good sign of the 文 (an exception, shown as the defeat)
    assert all(v["defeated_by"] == "功名.世空" for v in own["verdicts"] if v["rule"] == "功名.文吉")
    assert any(v["rule"] == "功名.文吉" and not v["defeated_by"] for v in other["verdicts"])


# --- 63.3: obstacles, not failure (V48) -----------------------------------------------------------

def test_six_clash_is_an_obstacle_in_an_examination():
    # 乾 (a 六冲) in a 未 month on a 丙午 day: the 辰 戌 父 in season, the 午 官 on the day.
    data = judged("功名", "乾", month="未", day="丙午")
    clash = [v for v in standing(data) if v["rule"] == "功名.六冲阻"]
    assert clash and clash[0]["polarity"] == "阻"
    assert "成" in polarities(data, "功名.") and "不成" not in polarities(data, "功名.")


def test_tomb_of_the_shi_is_not_ill_in_an_examination():
    # 同人 on a 壬辰 day: the 亥 官 on the 世 (line 3) is in its tomb (辰): 世墓.
    exam = judged("功名", "同人", month="子", day="壬辰")
    tomb = [v for v in exam["verdicts"] if v["rule"] == "随墓.世墓凶"]
    assert tomb and all(v["defeated_by"] == "功名.世墓非凶" for v in tomb)
    ill = judged("行人", "同人", month="子", day="壬辰", about="弟")
    assert any(v["rule"] == "随墓.世墓凶" and not v["defeated_by"] for v in ill["verdicts"])


# --- 63.10-63.14: in office (V49), promotion -----------------------------------------------------

def test_clash_with_strong_officer_is_three_months():
    # 乾, a 午 month: the 午 官 (line 4) 旺.
    data = judged("功名.仕途大象", "乾", month="午", day="丙寅", about="子")
    # 「六合六冲，非仕宦之所忌，冲而旺相，三月之淹」: the strong 官 rises, three months late
    delay = [v for v in standing(data) if v["rule"] == "仕途.冲而旺相"]
    assert delay and delay[0]["polarity"] == "升" and delay[0]["timing"] == "三月"
    (answer,) = [a for a in data["answers"] if a["sub_question"] == "功名.仕途大象" and not a["axis"].startswith("by ")]
    assert answer["side"] == "吉"
    assert not any(v["rule"] == "仕途.合而休囚" for v in data["verdicts"])


def test_combination_with_weak_officer_is_five_years():
    # 泰 (a 六合) in a 申 month: the 寅 官 (line 2) 死.
    data = judged("功名.仕途大象", "泰", month="申", day="丁卯", about="子")
    stall = [v for v in standing(data) if v["rule"] == "仕途.合而休囚"]
    assert stall and stall[0]["timing"] == "五年" and stall[0]["polarity"] == "阻"
    assert not any(v["rule"] == "仕途.冲而旺相" for v in data["verdicts"])


def test_promotion_month_of_the_weak_officer():
    data = judged("功名.升时", "丰", month="亥", day="壬戌")          # EX134: 季冬
    timings = {v["timing"] for v in standing(data, "升时.")}
    assert "丑月" in timings and "戌月" not in timings


def test_promotion_quarter_by_phase_not_branch():
    data = judged("功名.升方", "革", month="戌", day="戊申")           # EX135
    places = {f.values for f in data["result"].facts("任方")}
    assert ("中央", "五行") in places
    assert not any(p[0] in ("东北", "西南") for p in places)
    assert data["question"]["sub_question"] == "升方"


# --- 67 求财 -------------------------------------------------------------------------------------

def test_wealth_uses_the_wife_line_and_cui_is_loss():
    data = judged("求财", "萃", month="子", day="甲子")
    assert {u[2] for u in use_god(data)} == {"妻财"}
    loss = [v for v in standing(data) if v["rule"] == "求财.萃"]
    assert loss and loss[0]["polarity"] == "不得"
    other = judged("求财", "否", month="子", day="甲子")
    assert not any(v["rule"] == "求财.萃" for v in other["verdicts"])


def test_money_club_comes_in_the_month_of_the_wealth():
    data = judged("求财.订会", "丰之离", month="寅", day="乙卯")       # EX139
    got = [v for v in standing(data, "订会.财当日月")]
    assert got and got[0]["polarity"] == "得" and "午月" in got[0]["timing"]
    assert "不得" not in polarities(data, "订会.")


# --- 78 行人 -------------------------------------------------------------------------------------

def test_other_unharmed_use_god_is_read():
    # EX141: 「午官空破……然巳官伏寅下长生于日」.  Since ch. 42 takes 12.1's hidden line beside a spent
    # flying one, the 巳 is the 用神 itself and the broken 午 is set aside (78.1's 别用 is not needed).
    data = judged("行人", "困之兑", month="子", day="庚寅", about="夫")
    assert [(u["position"], u["layer"]) for u in data["use_god"]] == [(1, "伏")]
    assert not [v for v in data["verdicts"] if v["rule"] == "行人.用病阻" and not v["defeated_by"]]
    assert any(v["rule"] == "行人.足发" and v["timing"].startswith("当日") for v in standing(data))
    assert "不来" not in polarities(data, "行人.")


def test_public_api_judgement():
    # EX140 through yimao.judge, the API the CLI mirrors.
    data = yimao.judge(question="行人", about="弟", hexagram="夬", month="戌", day="癸酉").to_dict()
    assert [(u["position"], u["layer"], u["relative"]) for u in data["use_god"]] == [(6, "本", "兄弟")]
    ours = [v for v in data["verdicts"] if v["rule"].startswith("行人.") and not v["defeated_by"]]
    assert {v["polarity"] for v in ours} == {"来"}
    assert any(v["timing"] == "丑日" and v["cite"] == "78.4" for v in ours)
    assert not any("行人." in r for c in data["conflicts"] for r in c["rules"])


def test_static_use_god_comes_on_the_clash_day():
    data = judged("行人", "夬", month="戌", day="癸酉", about="弟")   # EX140: the 未 兄 on 丁丑
    assert use_god(data) == {(6, "本", "兄弟")}
    assert {v["timing"] for v in standing(data, "行人.静遇冲")} == {"丑日"}
    assert not any(v["rule"] == "行人.用病阻" for v in data["verdicts"])


def test_void_use_god_comes_when_filled():
    data = judged("行人", "困", month="辰", day="戊寅", about="弟")     # EX144: 酉 void, came 乙卯
    timings = {v["timing"] for v in standing(data, "行人.空")}
    assert timings == {"酉日", "卯日"}
    assert any(v["rule"] == "行人.用克世速" for v in standing(data))


def test_letters_take_the_parents_line():
    data = judged("行人.音信", "大有", month="辰", day="甲辰")
    assert {u[2] for u in use_god(data)} == {"父母"}


# --- 78.9 and 78.10: the questions the paragraphs treat in turn (仕 娶 他适 曾遇; 寄书 寄财: the writer
# is the traveller, 先用而后父 / 先用而后财), the traveller a brother ----------------------------------

@pytest.mark.parametrize("sub, shows, hexagram, month, day, word, absent_on", [
    # 「官旺则仕，官空未仕也」: 巽 on a 甲戌 day (申酉 void) -- the 酉 官 void; 坤 子建: the 卯 官 strong
    ("仕", "仕.官空", "巽", "子", "甲戌", "未仕", ("坤", "子", "甲戌")),
    # 「财现则娶，用病未婚也」: 节 卯建乙卯 -- its one brother, the 子, void, no 娶 though the 巳 财 shows;
    # 巽 卯建乙卯 marries.  (坤 was the chart: its void 丑 兄 beside the 未, both controlled by the month and
    # the day, is now set aside by 30.1 「舍其有伤，取其无伤」, and the 未 is not void.)
    ("娶", "娶.用病", "节", "卯", "乙卯", "未婚", ("巽", "卯", "乙卯")),
    # 「忌用象之囚也，受阻不他如」: 坤 子建 -- the 丑 未 brothers 囚 in the winter month; not 巽 on that day
    ("他适", "他适.用囚", "坤", "子", "甲戌", "不往", ("巽", "子", "甲戌")),
    # 「用空不称其志也」: 节 卯建乙卯 -- the brother void; 否 子建甲子 (a 六合, the brother sound) has no 不遂
    ("曾遇", "曾遇.用空", "节", "卯", "乙卯", "不遂", ("否", "子", "甲子")),
    # 「父虚无信」: 坎 on a 甲戌 day -- its one 父母, 申, void; 巽 that day has a sound 父母
    ("寄书", "寄书.父虚", "坎", "子", "甲戌", "不来", ("巽", "子", "甲戌")),
    # 「用殆不书」: 节 卯建乙卯 -- the brother (the writer) void
    ("寄书", "寄书.用殆", "节", "卯", "乙卯", "不来", ("巽", "卯", "乙卯")),
    # 「财空无物也」: 离 on a 甲戌 day -- its one 妻财, 酉, void
    ("寄财", "寄财.财空", "离", "子", "甲戌", "无", ("巽", "子", "甲戌")),
    # 「用空无寄」: 节 卯建乙卯 -- the writer void
    ("寄财", "寄财.用空", "节", "卯", "乙卯", "无", ("巽", "卯", "乙卯")),
])
def test_traveller_questions_treated_in_turn(sub, shows, hexagram, month, day, word, absent_on):
    data = judged(f"行人.{sub}", hexagram, month=month, day=day, about="弟")
    assert any(v["rule"] == shows and v["polarity"] == word for v in standing(data))
    other = judged(f"行人.{sub}", absent_on[0], month=absent_on[1], day=absent_on[2], about="弟")
    assert not standing(other, shows)
    # the plain question reads none of them
    assert not standing(judged("行人", hexagram, month=month, day=day, about="弟"), f"{sub}.")


def test_traveller_in_office_when_the_officer_is_strong():
    data = judged("行人.仕", "坤", month="子", day="甲戌", about="弟")
    assert polarities(data, "仕.") == {"仕"}


def test_wanderer_reads_the_wandering_soul():
    # 78.4 「游人则准游魂」 for 78.9's 他适: 需 (游魂 of 坤) 午建丙午 -- he goes on; 讼 (游魂 of 离) on a 乙亥
    # day has the brother ill (「先要用爻无病则验」: both 午 broken by the 子 month, and the hidden 巳 dead in
    # the month and 绝 on the day, so 12.1 takes no hidden one -- on 甲子 it would), 巽 is no 游魂: neither reads it.
    assert any(v["rule"] == "他适.游魂" and v["polarity"] == "往"
               for v in standing(judged("行人.他适", "需", month="午", day="丙午", about="弟")))
    assert not standing(judged("行人.他适", "讼", month="子", day="乙亥", about="弟"), "他适.游魂")
    assert not standing(judged("行人.他适", "巽", month="子", day="甲戌", about="弟"), "他适.游魂")
    assert not standing(judged("行人", "需", month="午", day="丙午", about="弟"), "他适.")


def test_pair_combined_and_clashed_is_a_lighter_obstacle_to_office():
    # 34.3 「父官冲害忌功名……然而视世应冲害者则稍轻矣」: 师 (坎宫 水) has the 官 辰 (line 2) and the 父 酉
    # (line 6), which combine; a 戌 day clashes the 辰 and harms the 酉.  An obstacle (阻) where the
    # 世/应's 合处逢冲 is one (科目) or decides (委署: then the lighter pair only delays); nothing in
    # office (63.12) nor on a day that touches neither.
    exam = judged("功名", "师", month="午", day="甲戌")
    pair = [v for v in standing(exam) if v["rule"] == "功名.爻合冲阻"]
    assert pair and {v["polarity"] for v in pair} == {"阻"}
    assert {"官鬼2爻与父母6爻合处逢冲", "父母6爻与官鬼2爻合处逢害"} <= {v["text"].split("：")[0] for v in pair}
    assert {v["polarity"] for v in standing(judged("功名.委署", "师", month="午", day="甲戌"), "委署.爻合冲")} == {"阻"}
    assert not standing(judged("功名.升信", "师", month="午", day="甲戌"), "功名.爻合冲")
    assert not standing(judged("功名", "师", month="午", day="甲子"), "功名.爻合冲")
    assert not [v for v in standing(judged("功名", "师", month="午", day="甲子")) if "合处逢" in v["text"]]


def test_where_goods_sell_and_are_bought_by_the_quarters_of_67_11():
    # 「脱货何为吉方，财生之处也，独发求宫，重见求属。置货何为吉方，世生之所而已」, 生 as 62.7 works it
    # (「财静论生，如财属金爻，利涉东南」: the quarter of the 长生 branch).
    def where(lines, month, day):
        rows = {a["axis"]: a for a in yimao.judge(question="求财.脱置", lines=lines, month=month, day=day).answers()}
        sell = {(d["word"], d["rule"]) for d in rows["by 脱地(地)"]["decided_by"]}
        buy = {(d["word"], d["rule"]) for d in rows["by 置地(地)"]["decided_by"]}
        return sell, buy
    # 咸之临: the 财 (卯 木, hidden under line 2) is born in 亥 (north-west); the 世 (丙申 金) in 巳
    sell, buy = where("669998", "午", "壬寅")
    assert sell == {("西北", "脱地.财生")} and buy == {("东南", "置地.世生")}
    # 归妹之震: the 财 (丁卯, line 2) is the lone mover, in the inner 兑 (west): its trigram's quarter
    sell, _ = where("798788", "酉", "庚子")
    assert sell == {("西", "脱地.独发求宫")}
    # the 财 (土) on two lines: its phase's quarter, 中央 (5.4 「位中央而寄四维」)
    sell, _ = where("697786", "未", "戊申")
    assert ("中央", "脱地.重见求属") in sell and not any(rule == "脱地.财生" for _, rule in sell)


def test_the_essay_and_the_candidate_in_63_4():
    """Images of the essay and the man beside the answer (文况), never a ruling: the book's own 秋试
    case (大过之井, 卯建丁亥日) has its 文 fading (动旺变衰) and still passes (EX130)."""
    def exam(lines, month, day, question="功名", **inputs):
        j = yimao.judge(question=question, lines=lines, month=month, day=day, **inputs)
        kinds = {a["answer"] for a in j.answers() if a["axis"] == "by 文况(象)"}
        return j, set("、".join(kinds).split("、")) - {""}
    # 「动衰变旺，喜后劲之文」: 大过之需 in a 丑 month on 壬辰 -- the moving 亥 文 on line 4, weak, changes into
    # the 申 the month makes 相; the still 亥 of line 2, harmed alike (the month, the day, the moving 丑), is
    # set aside (30.2 「舍静取动」, both being harmed, neither the less), so its 青龙 says nothing.  (877976
    # in 未 was the chart: there the moving 亥 also bears its change's control, the 未 回头克, and the still
    # one, the less harmed, is taken by 30.1 「舍其有伤，取其无伤」.)
    assert "后劲之文" in exam("677978", "丑", "壬辰")[1]
    assert "长诗字而短文章" not in exam("677978", "丑", "壬辰")[1]
    # 「衰居龙雀，长诗字而短文章」: 大过 at rest, the weak 文 of line 2 under 青龙
    assert "长诗字而短文章" in exam("877778", "未", "壬辰")[1]
    # 「动旺变衰，惜强弩之末」 and 「应坐父兴，当赖风簮（？）之助」
    assert exam("689876", "未", "庚申")[1] >= {"强弩之末", "风簮之助"}
    # 「世居父旺，曾经揣摹之成」; 「有气有伤，小有瑕庛之戾」
    assert "揣摹之成" in exam("998968", "巳", "戊戌")[1]
    assert "小有瑕庛" in exam("897986", "辰", "戊申")[1]
    # 「身犯旬空，忌心慵尘务」 and 「废坐勾元，隳诵读而耽酒色」, asked of the year of success too: the 巳
    # 文 under 元武 绝 on the 亥 day and not rescued in a 辰 month (in a 寅 month the month generates
    # it -- 31.5 「绝而未绝」 -- and it is not 废: 有气有伤 instead)
    assert exam("778666", "辰", "癸亥", question="功名.发年")[1] >= {"心慵尘务", "隳诵读而耽酒色"}
    assert "隳诵读而耽酒色" not in exam("778666", "寅", "癸亥", question="功名.发年")[1]
    # a question of office reads none of them
    assert exam("778666", "寅", "癸亥", question="功名.升信")[1] == set()
    # the book's case: the fading essay is shown, the answer is still 成
    j = yimao.judge(question="功名", hexagram="大过之井", month="卯", day="丁亥", matter_month="酉")
    assert j.answers()[0]["answer"] == "成"
    assert "强弩之末" in next(a["answer"] for a in j.answers() if a["axis"] == "by 文况(象)").split("、")


def test_sons_and_wealth_combined_and_clashed_hinder_a_livelihood():
    # 34.3 「子妻冲害忌谋生」, a livelihood being a question of profit (67.1 「凡趋利之占」)
    j = yimao.judge(question="求财", lines="696967", month="辰", day="甲戌")
    texts = {v["text"] for v in j.verdicts() if v["rule"] == "求财.子妻合冲"}
    assert "子孙2爻与妻财4爻合处逢冲：忌谋生，轻于世应之合冲" in texts
    assert not [v for v in yimao.judge(question="求财", lines="696967", month="辰", day="甲子").verdicts()
                if v["rule"] == "求财.子妻合冲"]
