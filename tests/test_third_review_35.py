"""Chapter 35 随墓 read against the text on charts worked by hand (a third review): the body tombs
(卦身墓, 世身墓) count in the matters 35.3 names -- 「此二者惟占讼词、狱禁、疾病、忧疑、户役、动作、潜逃、
投充、斋戒之事忌之，然遇鬼旺则凶」 -- and not in 疾病 alone: the book's words are mapped to the questions
that ask them (词讼 and its 禁责, 防患, 差役, 卜居's 兴修, 功名's 从军, 修道's 斋戒 …).  35.4's 祸消 excuses
a body tomb as it does the others.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead


CHARTS = [
    # 「狱禁……之事忌之，然遇鬼旺则凶」: 泰's 卦身 (line 2) on the 寅 ghost, entombed on the 未 day and 旺
    # in the 卯 month -- a prisoner asking after 禁责 (83.16 「忧禁忧责」) is not let off (fixed: 免
    # before).  In a 申 month the wood ghost is weak, 「官衰则减」, and no body tomb speaks (stays; the
    # 世's grade decides, 83.18's 大害不绝 being said of the sentenced: tests/test_fourth_review_83.py).
    ("词讼.禁责", "777888", "卯", "乙未", {}, "不免", "随墓.身墓凶"),
    ("词讼.禁责", "777888", "申", "乙未", {}, "免", "用神断.安空"),
    # 「忧疑……之事忌之」 (9.4 「凡忧疑损害，则反以身空为吉」): the same chart asked as 89's 防患 is 危
    # (fixed: 安 before).  On 丁未 the 寅 ghost is void, and 35.4 「若避患、忧害、防非，见空破而祸消」
    # excuses the body tomb (see the fact test below); the void ghost is 89.1's 「无实害」: 安.
    ("防患", "777888", "卯", "乙未", {}, "危", "随墓.身墓凶"),
    ("防患", "777888", "卯", "丁未", {}, "安", "防患.虚害"),
    # 「投充……之事忌之」 (63.8 「入伍从军，以身命为要」「助伤随墓，弗宜见之」): 否's 世身 (line 4) on the
    # 午 ghost, entombed on the 戌 day, 相 in 卯 -- enlisting fails (fixed: 成 before).  投麾 (「投麾效
    # 力」, sought for name or profit) is not 投充, and keeps its answer on the same chart (stays).
    ("功名.从军", "888777", "卯", "甲戌", {}, "不成", "随墓.身墓凶"),
    ("功名.投麾", "888777", "卯", "甲戌", {}, "成", "投麾.官旺"),
    # 「斋戒之事忌之」 (91.5 「筮持斋戒」): 泰's 卦身 tomb in 卯 on 丁未 -- the fast is broken (fixed: 守
    # before); in a 申 month the ghost is weak (「官衰则减」) and the fast is kept (stays).
    ("修道.斋戒", "777888", "卯", "丁未", {}, "改", "随墓.身墓凶"),
    ("修道.斋戒", "777888", "申", "丁未", {}, "守", "斋戒.守"),
    # 「动作之事忌之」 (58.8 「辰休动作，恐犯社坛」, 49.5 「卜兴修防有妨碍」): 履's 卦身 on the 酉 ghosts,
    # entombed on the 丑 day and 旺 in the 酉 month -- repairing the house is 凶 (fixed: 吉 before).
    # Choosing its date (年月) is not named, and stays 吉.
    ("卜居.兴修", "877888", "酉", "癸丑", {}, "凶", "随墓.身墓凶"),
    ("卜居.年月", "877888", "酉", "癸丑", {}, "吉", "创造.安久"),
    # 「视世墓化墓则轻尔」: in another's illness 56's 专重用神 sets the 用神's reading above the 世墓, so
    # above the lighter body tomb too -- 随's 世身 on the 酉 ghost entombed on 癸丑, the wife's 用神 旺:
    # 愈 (fixed: the body tomb won by 先索不善 before, 不愈); the heavier 世墓 of 大畜 on 乙未 in 亥
    # gives way to the 用神 as it did (stays).
    ("疾病", "788778", "丑", "癸丑", {"about": "妻"}, "愈", "疾病.用生"),
    ("疾病", "777887", "亥", "乙未", {"about": "妻"}, "愈", "疾病.用生"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _judged(question, lines, month, day):
    import yimao
    return yimao.judge(question=question, lines=lines, month=month, day=day)


def _facts(predicate, lines, month, day, question):
    return {f.values for f in _judged(question, lines, month, day).chart.result.facts(predicate)}


def _body_tomb_rulings(question, lines, month, day):
    """Whether 随墓.身墓凶 rules on the chart (among all its verdicts, won, overruled or defeated)."""
    verdicts = _judged(question, lines, month, day).to_dict()["verdicts"]
    return any(v["rule"] == "随墓.身墓凶" for v in verdicts)


def test_a_body_tomb_counts_in_a_lawsuit():
    """The reviewer's chart: 泰 in 卯 on 乙未, asked as 83's 词讼 -- 「讼词……之事忌之，然遇鬼旺则凶」.
    The facts were there before; the ruling was not (the question is 词讼, the book's word 讼词).  The
    answer 负 stays (词讼.鬼克世 gave it already).  As 求财, not a body-tomb matter, nothing."""
    assert (2, "卦身墓") in _facts("随鬼入墓", "777888", "卯", "乙未", "词讼")
    assert (2, "卦身墓", "凶") in _facts("身墓势", "777888", "卯", "乙未", "词讼")
    assert ("讼词",) in _facts("身墓忌占", "777888", "卯", "乙未", "词讼")
    assert _body_tomb_rulings("词讼", "777888", "卯", "乙未")
    assert not _facts("身墓忌占", "777888", "卯", "乙未", "求财")
    assert not _body_tomb_rulings("求财", "777888", "卯", "乙未")


def test_a_void_ghost_body_tomb_is_excused_in_a_guarding_question():
    """35.4 「若避患、忧害、防非，见空破而祸消，祸消而随墓何凶也」: on 丁未 泰's 寅 ghost is void, still
    旺 in 卯; asked as 防患 (忧疑) the body tomb is 祸消 and gives no ruling.  Asked as 疾病 (「官非灾病，
    见空破而垂毙」) it still does."""
    assert (2, "卦身墓", "凶") in _facts("身墓势", "777888", "卯", "丁未", "防患")
    assert (2, "卦身墓") in _facts("随墓祸消", "777888", "卯", "丁未", "防患")
    assert not _body_tomb_rulings("防患", "777888", "卯", "丁未")
    assert _body_tomb_rulings("疾病", "777888", "卯", "丁未")
