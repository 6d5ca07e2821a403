"""Chapter 40 诸星 read against the text on charts worked by hand (a third review): the stars the
book itself calls lucky or baleful (47.14 「贵人文昌天喜天禄及诸星有吉……羊刃天贼官符天狱及诸星有凶」)
ride on the use god (40.44 「必以用神为主而星辅之，吉以益其吉，凶以甚其凶」); a star adds to the use
god's own outcome, not to a grade that 42 overturns (「而克愈凶矣」, 「变爻生则救」, 「有生仅全」); and
the 天干天德 of the four 正 months is the stem in the mnemonic's corner (40.4 「卯内人元癸，天与阳贵坤中
壬水助之」, 「午内乙，天与阳贵乾中甲木助之」, 「余六位仿此」).  A star never turns an answer, so the
rows of CHARTS keep their answers ("stays"); the fixes are read from the star rulings and the facts,
and the tests marked "fixed" failed on the rulebook before."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, judged


CHARTS = [
    # 40.44 「必以用神为主而星辅之」: the moving 亥 财 of 坤之比 carries the 天乙贵人 of a 丁 day (47.14
    # 「贵人……有吉」); the answer is the use god's (全吉), the star only supports it (stays).
    ("求财", "888868", "午", "丁酉", {}, "得", "用神断.全吉"),
    # 47.15's case: 「其午上有天贼元武羊刃大白虎之临」 -- the fallen 世 decides 夭 (stays).
    ("身命.寿夭", "小过之艮", "子", "戊申", {"year": "丙戌", "birth_year": "午"}, "夭", "用神断.凶陷"),
    # 「动爻空破死绝，变爻生则救」: the broken 上爻 of 出行 rescued by its change; 77's 用破 still
    # answers 凶 (stays).
    ("出行", "877879", "酉", "壬辰", {}, "凶", None),
    # 「有生仅全」: the drained 4th line that a mover generates is kept whole, 仅全 (42.19; it was graded
    # 生, 全吉, before: tests/test_fifth_review_42.py).
    ("出行", "777698", "亥", "己亥", {}, "吉", "用神断.泄气有生"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _judge(question, cast, month, day, **options):
    return judged(question, cast, month, day, **options)


def _stars(question, cast, month, day, **options):
    """The star rulings (40.44's 星辅) that stand: (rule, text)."""
    j = _judge(question, cast, month, day, **options)
    return {(v["rule"], v["text"]) for v in j.verdicts() if v["rule"].startswith("星辅.") and not v["defeated_by"]}


def _facts(predicate, question, cast, month, day, **options):
    return {f.values for f in _judge(question, cast, month, day, **options).chart.result.facts(predicate)}


def test_the_books_lucky_and_baleful_stars_ride_on_the_use_god():
    # 47.14 「贵人文昌天喜天禄及诸星有吉」: the 天乙贵人 (丁 day: 亥) on the moving 财 adds to its good
    # (fixed: only 月德 before).
    texts = {t for _, t in _stars("求财", "888868", "午", "丁酉")}
    assert "用神5爻全吉，动临吉星天乙贵人（日星，尊）：吉以益其吉" in texts
    assert "用神5爻全吉，动临吉星月德（月星，尊）：吉以益其吉" in texts   # stays
    # 47.14 「羊刃天贼官符天狱及诸星有凶」: 47.15's 世 carries 天贼 beside 羊刃 (fixed: 羊刃 only).
    texts = {t for _, t in _stars("身命.寿夭", "小过之艮", "子", "戊申", year="丙戌", birth_year="午")}
    assert "用神4爻凶陷，动临凶星天贼（月星，尊）：凶以甚其凶" in texts
    assert "用神4爻凶陷，动临凶星羊刃（日星，尊）：凶以甚其凶" in texts   # stays


def test_the_named_stars_lean_in_every_question():
    # 47.14's eight, by 40's names, lean their way in any question (fixed: none but 羊刃 before);
    # 天狱 too, though 40.28 names its kind (「忧禁怕天狱」): 51.11 「官符天狱主讼狱」.  The stars of
    # 40.21 stay in their kind (「牧养忌之」): 天猪 leans nowhere in 求财.
    leans = _facts("星宜", "求财", "888868", "午", "丁酉")
    for star in ("天乙贵人", "文昌", "天喜", "天元禄"):
        assert (star, "求财", "吉") in leans
    for star in ("羊刃", "天贼", "官符", "天狱"):
        assert (star, "求财", "凶") in leans
    assert not {v for v in leans if v[0] == "天猪"}


def test_a_star_adds_to_the_use_gods_outcome_not_to_an_overturned_grade():
    # 「而克愈凶矣」: 坤之比's 财 in 戌 on 丙申, 有玷 but void and controlled by its change -- 愈凶, so
    # 天耳 adds no luck (fixed: 星辅.益吉 before).
    assert not {r for r, _ in _stars("求财", "888868", "戌", "丙申")}
    # 「变爻生则救」: the broken 上爻 rescued by its change -- 绝路空 deepens nothing (fixed).
    assert not {r for r, _ in _stars("出行", "877879", "酉", "壬辰")}
    # 「有生仅全」: the drained line a mover generates is kept whole (fixed: 绝路空 甚凶 before): no
    # baleful star sinks it, and, only kept whole (仅全, not 全吉), no lucky one adds to it.
    assert not {r for r, _ in _stars("出行", "777698", "亥", "己亥")}
    # the plain 凶陷 keeps its baleful star (stays): 师's broken 午 财 with 羊刃.
    assert ("星辅.甚凶", "用神3爻凶陷，动临凶星羊刃（日星，尊）：凶以甚其凶") in _stars(
        "婚姻", "896888", "子", "戊申", asker="男")


def test_the_stem_heaven_virtue_of_the_four_central_months():
    # 40.4 「卯内人元癸，天与阳贵坤中壬水助之」, 「午内乙，天与阳贵乾中甲木助之」, 「余六位仿此」: the
    # mnemonic's 申 亥 寅 巳 (坤乾艮巽) give the yang stem born there -- 卯 壬, 午 甲, 酉 丙, 子 庚
    # (fixed: none before); the eight other months keep the mnemonic's stem (stays).
    expected = {"卯": "壬", "午": "甲", "酉": "丙", "子": "庚", "寅": "丁", "辰": "壬", "未": "甲", "丑": "庚"}
    for month, stem in expected.items():
        assert {v for v in _facts("干星", "疾病", "777777", month, "甲子") if v[0] == "天干天德"} == {
            ("天干天德", stem, "月")}
