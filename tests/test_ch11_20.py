"""Chapters 11-20 (卷二: 变互 飞伏 反伏 归游 升降 进退 有无 墓绝 卦候 干化) on concrete charts.

Each test checks a ruling the book states precisely -- what holds AND what the book denies: only 6
and 9 change and the top line too, never a 暗动 line; a changed line reaches only its own moving
line; the 互卦 the book's way; every line's hidden line by the 京房 rule the book adopts; the four
ways a hidden line comes out and the four it does not; 反吟 true, false, heavy and half; 伏吟 only
乾↔震; the 3+3 kinds of 进退; trigram 墓绝 true and false; the trigrams' seasons; 逢龙则化.
"""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.chart import base_facts
from yimao.facts import Fact
from yimao.rulebook import load_engine

BR = "子丑寅卯辰巳午未申酉戌亥"
PHASE = dict(zip(BR, "水土木木土火火土金金土水"))
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
CONTROLS = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
TRIGRAM_PHASE = {"乾": "金", "兑": "金", "震": "木", "巽": "木", "坎": "水", "离": "火", "艮": "土", "坤": "土"}
# line polarity bottom to top (1 yang), and the 纳支 of each trigram inside (lines 1-3) and outside (4-6)
LINES = {"乾": "111", "坤": "000", "震": "100", "巽": "011", "坎": "010", "离": "101", "艮": "001", "兑": "110"}
NAZHI = {"乾": ("子寅辰", "午申戌"), "坤": ("未巳卯", "丑亥酉"), "震": ("子寅辰", "午申戌"), "巽": ("丑亥酉", "未巳卯"),
         "坎": ("寅辰午", "申戌子"), "离": ("卯丑亥", "酉未巳"), "艮": ("辰午申", "戌子寅"), "兑": ("巳卯丑", "亥酉未")}
BY_LINES = {v: k for k, v in LINES.items()}


@cache
def _engine():
    return load_engine()


def evaluate(hexagram: str, month: str | None = None, day: str | None = None, *extra: Fact, solar_term: str | None = None):
    e = _engine()
    moment = yimao.moment(month=month, day=day) if (month or day) else None
    base = base_facts(e, yimao.cast(hexagram=hexagram), moment) if moment else base_facts(e, yimao.cast(hexagram=hexagram), None)
    if solar_term:
        base = [f for f in base if f.predicate != "节气"] + [Fact("节气", (solar_term,))]
    return e.evaluate(base + list(extra))


def facts(result, predicate: str) -> set[tuple]:
    return {f.values for f in result.facts(predicate)}


def verdicts(result) -> dict[str, tuple]:
    return {c.rule: (c.polarity, dict(c.subject)) for c in result.conclusions}


def defeated(result) -> set[tuple[str, str]]:
    return {(d.rule, d.by_rule) for d in result.defeats}


def use(position: int, layer: str = "本") -> Fact:
    return Fact("用神", (position, layer))


def line_of(result, branch: str) -> int:
    [(position,)] = [(p,) for p, b in facts(result, "纳支") if b == branch]
    return position


# 11 变互 -------------------------------------------------------------------------------------

def test_only_old_lines_have_a_changed_layer_and_the_top_line_changes():
    r = evaluate("乾之夬", "寅", "丙戌")   # only line 6 moves
    layers = facts(r, "爻象")
    assert {(p, l) for p, l, *_ in layers if l == "本"} == {(p, "本") for p in range(1, 7)}
    assert {p for p, l, *_ in layers if l == "变"} == {6}
    assert (6, "变", "丁", "未", "土", "父母") in layers


def test_a_line_moved_by_the_day_gets_no_changed_line():
    r = evaluate("乾之家人", "戌", "辰")   # 戌 on line 6 is clashed by the 辰 day: 暗动
    assert (6,) in facts(r, "暗动")
    assert 6 not in {p for p, l, *_ in facts(r, "爻象") if l == "变"}
    assert {p for p, l, *_ in facts(r, "爻象") if l == "变"} == {2, 4}


def test_bian_and_hua_name_the_change_of_old_yin_and_old_yang():
    r = evaluate("困之坎")   # line 4 (亥, yang) moves: 9
    assert facts(r, "变化") == {(4, "化")}
    r = evaluate("坤之复")   # line 1 (yin) moves: 6
    assert facts(r, "变化") == {(1, "变")}


def test_stem_left_open_by_the_solstices_is_marked_not_dropped():
    r = evaluate("乾为天", None, "甲子")   # no month: 二老时迁 cannot place 乾's stems
    rows = {(p, g, b) for p, l, g, b, *_ in facts(r, "爻象") if l == "本"}
    assert rows == {(1, "未定", "子"), (2, "未定", "寅"), (3, "未定", "辰"),
                    (4, "未定", "午"), (5, "未定", "申"), (6, "未定", "戌")}
    r = evaluate("乾为天", "寅", "甲子")
    assert (1, "本", "甲", "子", "水", "子孙") in facts(r, "爻象")


def test_yuan_ji_chou_are_found_among_the_cast_lines_and_the_use_gods_own_change():
    r = evaluate("同人之旅", "未", "壬申", use(4))   # 兄弟 午 火; 卯 元神 moves, 申 仇神 moves
    assert facts(r, "元神") == {(1, "本")}
    assert facts(r, "忌神") == {(3, "本")}          # 亥 水
    assert (5, "本") in facts(r, "仇神")           # 申 金 generates 水
    assert (5, "忌") in facts(r, "他动喜忌")
    # the changed line of line 1 (辰) or 5 (未) reaches the use god? never: only its own mover
    assert not {(p, l) for p, l in facts(r, "元神") | facts(r, "忌神") if l == "变"}
    r = evaluate("遁之乾", "亥", "亥", use(2))      # a moving use god: its own change is reached
    assert (2, "变") in facts(r, "元神")           # 午 changes into 寅: wood generates fire


def test_a_hidden_use_god_is_reached_by_its_own_flying_line():
    r = evaluate("困之兑", "子", "戊寅", use(1, "伏"))  # 伏 巳 火 under the 世 寅 木
    assert (1, "本") in facts(r, "元神")
    assert (1, "本") not in facts(r, "忌神")


def test_hua_chang_sheng_makes_the_yuan_shen_strong():
    r = evaluate("困之坎", "午", "壬戌", use(1))
    assert facts(r, "化长生") == {(4,)}
    assert verdicts(r)["变互.元神化长生"] == ("吉", {"位": 4})
    assert not facts(r, "化绝")


def test_hua_jue_cuts_the_yuan_shen():
    r = evaluate("剥之渐", "戌", "庚戌", use(2))
    assert facts(r, "化绝") == {(3,), (5,)}
    assert verdicts(r)["变互.元神化绝"] == ("凶", {"位": 3})
    assert "变互.元神化长生" not in verdicts(r)


def test_chains_of_generation_and_control_are_cut_by_break_scatter_and_control():
    r = evaluate("丰之萃", "申", "酉", use(4))
    assert facts(r, "生不相续") == {(line_of(r, "卯"),)}
    r = evaluate("丰之萃", "申", "午", use(4))      # no 酉: the chain holds
    assert not facts(r, "生不相续")
    r = evaluate("临之蛊", "寅", "未", use(2))
    assert facts(r, "克不相继") == {(3,), (6,)}     # 丑 scattered by 未, 酉 controlled by 巳
    r = evaluate("乾之家人", "戌", "辰", use(5))
    assert facts(r, "绵生") == {(6,)}
    r = evaluate("乾之家人", "戌", "子", use(5))    # no clash on 戌: no 暗动, no 绵生
    assert not facts(r, "绵生")


def test_use_god_rescued_by_its_change_unless_the_change_is_void_or_broken():
    r = evaluate("遁之乾", "亥", "亥", use(2))
    assert facts(r, "变爻绝处逢生") == {(2,)}
    assert verdicts(r)["变互.用神变生"] == ("吉", {"位": 2})
    r = evaluate("遁之乾", "申", "亥", use(2))      # 寅 broken by the 申 month
    assert not facts(r, "变爻绝处逢生")
    assert ("变互.绝处逢生日", "变互.变爻无力") in defeated(r)
    assert "变互.用神变生" not in verdicts(r)
    r = evaluate("遁之乾", "亥", "辛亥", use(2))    # 甲辰 decade: 寅 void
    assert not facts(r, "变爻绝处逢生")


def test_powers_rank_day_month_over_change_over_mover():
    r = evaluate("乾")
    assert facts(r, "力序") == {("日月", 1), ("变爻", 2), ("动爻", 3)}


def test_nuclear_hexagram_the_books_way():
    # with moving lines: the CHANGED hexagram's 2-4 inside, the cast's 3-5 outside (晋之剥 -> 比,
    # not the common 蹇 of 晋 alone)
    r = evaluate("晋之剥", None, "戊申")
    assert facts(r, "互卦") == {("水地比",)}
    r = evaluate("晋", None, "戊申")
    assert facts(r, "互卦") == {("水山蹇",)}
    r = evaluate("既济")
    assert facts(r, "互卦") == {("火水未济",)}


def test_nuclear_hexagram_only_for_a_relative_found_nowhere_else():
    r = evaluate("晋之剥", None, "戊申")
    assert facts(r, "互用") == {("外", "子孙")}
    assert ("内", "父母") not in facts(r, "互用")   # 父母 flies on 晋
    assert facts(r, "本无而有") == {("子孙", "互")}
    r = evaluate("晋之剥", "午", "戊申")            # the 午 month breaks 坎's 子
    assert ("外", "月破") in facts(r, "互无用")
    assert not facts(r, "本无而有")
    r = evaluate("晋之剥", None, "戊午")            # the 甲寅 decade voids 子
    assert ("外", "旬空") in facts(r, "互无用")


# 12 飞伏 -------------------------------------------------------------------------------------

def _hidden_trigrams(outer: str, inner: str, palace: str, generation: str) -> tuple[str, str]:
    flip = lambda bits, where: "".join(("1" if b == "0" else "0") if i in where else b for i, b in enumerate(bits))
    complement = lambda t: BY_LINES[flip(LINES[t], {0, 1, 2})]
    if generation == "八纯":
        return complement(outer), complement(inner)
    if generation in ("一世", "二世", "三世", "四世", "五世"):
        return palace, palace
    if generation == "游魂":   # outside: the fifth generation's outer (palace with lines 4 and 5 changed)
        return BY_LINES[flip(LINES[palace], {0, 1})], complement(inner)
    return palace, complement(inner)   # 归魂


def test_every_line_of_every_hexagram_has_its_hidden_line_by_the_jingfang_rule():
    e = _engine()
    rows = e.evaluate([]).facts("重卦")
    assert len(rows) == 64
    for fact in rows:
        name, outer, inner = fact.values
        r = evaluate(name, "寅", "甲子")
        [(palace,)] = [(p,) for g, p in facts(r, "宫") if g == name]
        [(generation,)] = [(d,) for g, d in facts(r, "世代") if g == name]
        hidden_outer, hidden_inner = _hidden_trigrams(outer, inner, palace, generation)
        want = {p: NAZHI[hidden_inner][0][p - 1] for p in (1, 2, 3)} | {p: NAZHI[hidden_outer][1][p - 4] for p in (4, 5, 6)}
        got = {p: (b, e5, k) for p, g, b, e5, k in facts(r, "伏神")}
        assert {p: b for p, (b, _, _) in got.items()} == want, name
        me = TRIGRAM_PHASE[palace]
        for p, (b, phase, relative) in got.items():
            assert phase == PHASE[b]
            other = PHASE[b]
            expected = ("兄弟" if other == me else "子孙" if GENERATES[me] == other else "妻财" if CONTROLS[me] == other
                        else "父母" if GENERATES[other] == me else "官鬼")
            assert relative == expected, (name, p)
        assert {p for p, l, *_ in facts(r, "爻象") if l == "伏"} == set(range(1, 7))


def test_the_prefaces_jingfang_examples():
    r = evaluate("晋", "寅", "甲子")
    assert facts(r, "伏外卦") == {("艮",)} and facts(r, "伏内卦") == {("乾",)}   # 晋 hides 大畜
    assert (4, "丙", "戌", "土", "父母") in facts(r, "伏神")                  # 己酉世伏丙戌
    r = evaluate("需", "寅", "甲子")
    assert (4, "丁", "亥", "水", "妻财") in facts(r, "伏神")                  # 戊申世伏丁亥
    r = evaluate("大有", "寅", "甲子")
    assert facts(r, "伏外卦") == {("乾",)} and facts(r, "伏内卦") == {("坤",)}   # 大有 hides 否
    r = evaluate("姤", "寅", "甲子")
    assert facts(r, "伏外卦") == facts(r, "伏内卦") == {("乾",)}             # 姤遁否观剥伏乾
    r = evaluate("坤", "寅", "甲子")
    assert facts(r, "伏外卦") == {("乾",)}                                   # 坤伏乾


def test_hidden_line_ranks_under_shi_under_mover_under_static():
    r = evaluate("困之兑", "子", "戊寅")   # 世 line 1 moves
    ranks = dict(facts(r, "伏等"))
    assert ranks[1] == "世下" and set(ranks.values()) == {"世下", "静下"}
    r = evaluate("剥之渐", "戌", "庚戌")   # 世 line 5 moves; line 3 moves
    ranks = dict(facts(r, "伏等"))
    assert ranks[5] == "世下" and ranks[3] == "动下" and ranks[1] == "静下"


def test_hidden_line_comes_out_or_not():
    r = evaluate("困之兑", "子", "戊寅", use(3))
    out = dict(facts(r, "伏出"))
    assert out[1] == "出"                   # 飞寅生伏巳 under the 世
    assert out[3] == "不出"                 # static 午 broken by the 子 month: 飞破之伏
    assert (3, "飞破伏") in facts(r, "伏不能出")
    assert out[5] == "不出"                 # the hidden 酉 is itself void (甲戌 decade)
    assert not facts(r, "伏中用")            # 伏中用 reads the question's 用象: a 用神 given as a fact names none
    r = evaluate("姤", "寅", "丙寅")        # line 2 flies 亥 (water) over the hidden 寅 (wood): 飞生伏
    assert (2, "飞生伏") in facts(r, "飞伏") and dict(facts(r, "伏出"))[2] == "出"
    r = evaluate("遁", "寅", "丙寅")        # line 1 flies 辰 (earth) over the hidden 子 (water): 飞克伏
    assert (1, "飞克伏") in facts(r, "飞伏") and dict(facts(r, "伏出"))[1] == "不出"
    r = evaluate("遁", "子", "丙寅")        # the hidden 子 stands on the month: as good as out
    assert dict(facts(r, "伏出"))[1] == "出"


def test_half_out_when_the_hidden_line_feeds_the_flying_line_under_shi_or_mover():
    # 观 (乾宫 四世): the 世, line 4, flies 未 (earth) over the hidden 午 (fire): 伏生飞, half out
    r = evaluate("观", "寅", "丙子")
    assert (4, "伏生飞") in facts(r, "飞伏")
    assert dict(facts(r, "伏出"))[4] == "半"


# 13 反伏 -------------------------------------------------------------------------------------

def test_no_reversal_or_groaning_without_a_change():
    for name in ("乾为天", "坤为地", "既济", "未济"):
        r = evaluate(name, "寅", "甲子")
        assert not facts(r, "卦反吟") and not facts(r, "伏吟") and not facts(r, "化冲")


def test_trigram_reversal_pairs_from_the_dilu_formula():
    assert {(t, u) for t, u in facts(evaluate("乾"), "地禄冲")} == {
        ("乾", "巽"), ("巽", "乾"), ("坤", "艮"), ("艮", "坤"), ("震", "兑"), ("兑", "震"), ("坎", "离"), ("离", "坎")}
    assert facts(evaluate("大有之鼎", "寅", "甲子"), "卦反吟") == {("内",)}
    assert facts(evaluate("大过之恒", "寅", "甲子"), "卦反吟") == {("外",)}
    for pair in ("谦之剥", "归妹之随", "同人之涣", "师之贲"):
        assert facts(evaluate(pair, "寅", "甲子"), "卦反吟") == {("内",), ("外",)}, pair


@pytest.mark.parametrize("hexagram, month, day, grade", [
    ("离之坎", "午", None, "非"),      # 日月从往 and 空破从来
    ("离之坎", None, "甲寅", "非"),    # 子 void: 空破从来
    ("兑之震", "卯", "卯", "重"),      # 日月从来, 空破从往
    ("兑之震", None, "甲戌", "重"),    # 酉 void: 空破从往
    ("坤之艮", "未", None, "轻"),      # one pair 非, the other untouched
    ("艮之坤", None, "甲戌", "轻"),
    ("离之坎", "寅", "丙寅", "真"),    # nothing touches 午 or 子 (甲子 decade: 戌亥 void)
])
def test_trigram_reversal_grades(hexagram, month, day, grade):
    r = evaluate(hexagram, month, day)
    assert {g for n, g in facts(r, "卦反吟等") if n == "内"} == {grade}


def test_line_reversal_grades_and_mutual_scatter():
    r = evaluate("坤之巽", "寅", "甲子", use(2))
    assert (2, "空破在变") in {(p, c) for p, s, c in facts(r, "爻反势")}
    assert dict(facts(r, "爻反吟等"))[2] == "重"           # 巳 and 亥 scatter each other
    assert (2, "非") not in facts(r, "爻反吟等")
    assert ("反伏.爻反轻", "反伏.冲散不轻") in defeated(r)
    assert verdicts(r)["反伏.用神爻反吟"] == ("凶", {"位": 2})


def test_line_reversal_true_false_heavy():
    # 坤之升: only the inner 坤 changes, lines 2 (巳 -> 亥) and 3 (卯 -> 酉), which do not clash
    # each other.  A single moving line never changes into its clash.
    r = evaluate("坤之升", "寅", "甲子", use(2))
    assert facts(r, "化冲") == {(2,), (3,)} and not facts(r, "自相冲散")
    assert dict(facts(r, "爻反吟等")) == {2: "非", 3: "真"}     # 甲子 decade: the changed 亥 is void
    assert "反伏.用神爻反吟" not in verdicts(r)
    assert ("反伏.用神爻反吟", "反伏.用神爻反非") in defeated(r)
    r = evaluate("坤之升", "寅", "己巳", use(2))                 # 巳 on the day: 日月在动
    assert (2, "非", "日月在动") in facts(r, "爻反势")
    r = evaluate("坤之升", "寅", "甲辰", use(3))                 # 甲辰 decade: 卯 void, 空破在动
    assert dict(facts(r, "爻反吟等")) == {2: "真", 3: "重"}
    assert verdicts(r)["反伏.用神爻反吟"] == ("凶", {"位": 3})
    r = evaluate("坤之升", "寅", "丁酉", use(3))                 # 酉 on the day: 日月在变, heavy
    assert (3, "重", "日月在变") in facts(r, "爻反势")


def test_groaning_only_between_qian_and_zhen():
    assert facts(evaluate("豫之否"), "伏吟") == {("外",)}
    assert facts(evaluate("乾之震"), "伏吟") == {("内",), ("外",)}
    assert not facts(evaluate("坤之艮"), "伏吟")
    assert not facts(evaluate("乾之震"), "伏吟伪")
    assert facts(evaluate("乾之震", "戌"), "伏吟伪") == {("内",), ("外",)}     # 日月戌亥，乾往不罗凶
    assert facts(evaluate("震之乾", None, "卯"), "伏吟伪") == {("内",), ("外",)}  # 日月在卯，震往不成咎
    assert not facts(evaluate("震之乾", "戌"), "伏吟伪")


def test_reversal_touches_the_family_members_of_both_trigrams():
    r = evaluate("坤之艮")
    assert facts(r, "反吟主属") == {("母",), ("少男",)}
    assert facts(evaluate("震之兑", "寅", "癸酉"), "反吟主属") == {("长男",), ("少女",)}


# 14 归游, 15 升降 ------------------------------------------------------------------------------

def test_soul_omen_only_when_the_shi_is_the_use_god():
    assert facts(evaluate("晋", "寅", "甲子", use(4)), "魂用") == {("游魂",)}
    assert not facts(evaluate("晋", "寅", "甲子", use(1)), "魂用")
    assert facts(evaluate("大有", "寅", "甲子", use(3)), "魂用") == {("归魂",)}
    assert not facts(evaluate("乾", "寅", "甲子", use(6)), "魂用")


def test_rising_and_falling_lines_by_the_month():
    r = evaluate("复", "子", "甲子")
    assert facts(r, "升爻") == {(1,)} and facts(r, "降爻") == {(6,)}
    assert facts(r, "真升") == {(1,)} and facts(r, "真降") == {(6,)}
    r = evaluate("复", "卯", "甲子")          # 二月: 四爻阳为升，三爻阴是降
    assert facts(r, "升爻") == {(4,)} and facts(r, "降爻") == {(3,)}
    assert not facts(r, "真升")               # 复's line 4 is yin
    assert facts(r, "真降") == {(3,)}
    r = evaluate("大壮", "卯", "甲子")
    assert facts(r, "真升") == {(4,)} and not facts(r, "真降")   # 大壮's line 3 is yang
    r = evaluate("姤", "午", "甲子")          # the yin half: yin rises on line 1
    assert facts(r, "真升") == {(1,)} and facts(r, "真降") == {(6,)}


def test_rising_use_god_needs_strength_for_a_verdict():
    r = evaluate("大壮", "卯", "甲子", use(4))   # 午 火 in the 卯 month: 相, on a true rise
    assert verdicts(r)["升降.升而更吉"] == ("吉", {"位": 4})
    r = evaluate("大壮", "卯", "甲子", use(1))   # 子 on line 1: not the rising line
    assert "升降.升而更吉" not in verdicts(r)


# 16 进退 -------------------------------------------------------------------------------------

def test_advance_and_retreat_only_within_a_phase():
    assert facts(evaluate("革之同人", "午", "甲戌"), "进神") == {(6,)}      # 未 -> 戌
    assert facts(evaluate("兑之随", "午", "辛巳"), "退神") == {(2,)}        # 卯 -> 寅
    r = evaluate("困之坎", "午", "壬戌")                                   # 亥 -> 申: 生, not 进退
    assert not facts(r, "进神") and not facts(r, "退神")
    assert facts(r, "变生") == {(4,)}


@pytest.mark.parametrize("hexagram, month, day, position, predicate, kind", [
    ("革之同人", "午", "甲戌", 6, "进神类", "大进"),
    ("丰之革", "卯", "庚申", 5, "进神类", "不进"),
    ("屯之节", "申", "癸卯", 2, "进神类", "不能进"),
    ("兑之随", "午", "辛巳", 2, "退神类", "实退"),
    ("乾之夬", "寅", "丙戌", 6, "退神类", "不退"),
    ("兑之丰", "申", "癸卯", 5, "退神类", "不及退"),
])
def test_the_three_kinds_of_advance_and_retreat(hexagram, month, day, position, predicate, kind):
    r = evaluate(hexagram, month, day)
    assert {k for p, k in facts(r, predicate) if p == position} == {kind}


def test_advance_and_retreat_verdicts_follow_who_wants_what():
    r = evaluate("革之同人", "卯", "甲子", use(6))          # neither day nor month supports the 未
    assert verdicts(r)["进退.欲进而进"] == ("吉", {"位": 6})
    r = evaluate("丰之革", "卯", "庚申", use(5))           # 不进: no advance, no verdict
    assert "进退.欲进而进" not in verdicts(r)
    r = evaluate("兑之随", "午", "辛巳", use(2))
    assert verdicts(r)["进退.欲进而退"] == ("凶", {"位": 2})
    r = evaluate("乾之夬", "寅", "丙戌", use(6))           # 不退
    assert "进退.欲进而退" not in verdicts(r)
    assert ("进退.实退", "进退.不退") in defeated(r)
    # the 忌神 retreating is good: 兑之随 with the use god 木's 忌神 being 金?  Take the use god 巳
    # (火, line 1 of 兑): its 忌神 is water; 卯 -> 寅 is wood, its 元神: retreat is bad.
    r = evaluate("兑之随", "午", "辛巳", use(1))
    assert verdicts(r)["进退.欲进而退"] == ("凶", {"位": 2})
    # use god 未 (土, line 6 of 兑): 卯 is its 忌神, retreating: good
    r = evaluate("兑之随", "午", "辛巳", use(6))
    assert verdicts(r)["进退.欲退而退"] == ("吉", {"位": 2})


def test_advance_and_retreat_graded_by_day_and_month():
    # 16.4 「故进而得日月生扶，其力愈盛，退而得日月制服，其气愈衰」: 革之同人's 未 -> 戌 in a 午 month (fire
    # generates earth) is 愈盛, for the use god itself and, as its 忌神, against a 亥 use god; 兑之随's
    # 卯 -> 寅 under a 申 month and a 酉 day (metal controls wood) is 愈衰.  Each takes the plain
    # verdict's place; without the day's and month's help (卯 month, 子 day; 午 month, 巳 day) the
    # plain verdict stands.
    strengths = lambda r: {c.rule: c.strength for c in r.conclusions if c.rule.startswith("进退.")}
    assert strengths(evaluate("革之同人", "午", "甲戌", use(6))) == {"进退.欲进而进盛": "愈盛"}
    assert strengths(evaluate("革之同人", "午", "甲戌", use(4))) == {"进退.欲退而进盛": "愈盛"}
    assert strengths(evaluate("革之同人", "卯", "甲子", use(4))) == {"进退.欲退而进": None}
    assert strengths(evaluate("兑之随", "申", "辛酉", use(2))) == {"进退.欲进而退衰": "愈衰"}
    assert strengths(evaluate("兑之随", "申", "辛酉", use(6))) == {"进退.欲退而退衰": "愈衰"}
    assert strengths(evaluate("兑之随", "午", "辛巳", use(6))) == {"进退.欲退而退": None}


# 17 有无 -------------------------------------------------------------------------------------

def test_present_though_absent_and_absent_though_present():
    r = evaluate("困之兑", "子", "戊寅", use(3))
    assert ((3, "本", "月破")) in facts(r, "本有而无")
    r = evaluate("遁之乾", "亥", "辛亥", use(2))   # 午 controlled by day and month, and moving; its change
    assert (2, "本", "交伤") in facts(r, "本有而无")  # 寅 void in the 甲辰 decade, no rescue
    r = evaluate("遁之乾", "亥", "乙亥", use(2))   # 11.7 「日月克我，变爻来生，犹绝处逢生也」: not 交伤
    assert not {f for f in facts(r, "本有而无") if f[2] == "交伤"}
    r = evaluate("遁", "亥", "亥", use(2))       # static: no 交伤
    assert not {f for f in facts(r, "本有而无") if f[2] == "交伤"}
    assert facts(evaluate("乾"), "不上卦") == {("妻财",), ("官鬼",), ("子孙",), ("父母",)} - {
        (k,) for _, k in facts(evaluate("乾"), "六亲")}


def test_hidden_use_god_counts_only_under_the_shi_or_a_mover():
    # 观 (乾宫 四世) shows no 子孙 (water); its hidden 子 lies under line 1, a static line: not 伏.
    r = evaluate("观", "子", "丙子")
    assert ("子孙",) in facts(r, "不上卦")
    assert ("子孙", "伏") not in facts(r, "本无而有")
    # 遁 (乾宫 二世) shows no 妻财 (wood); the 世, line 2, hides 寅 (乾's line 2): present when the day
    # or month supports it, not otherwise
    assert ("妻财", "伏") in facts(evaluate("遁", "寅", "甲子"), "本无而有")
    assert ("妻财", "伏") not in facts(evaluate("遁", "申", "庚申"), "本无而有")
    # 剥 (乾宫 五世) shows no 兄弟 (metal); the 世, line 5, hides 申
    assert ("兄弟", "伏") not in facts(evaluate("剥", "寅", "甲子"), "本无而有")
    assert ("兄弟", "伏") in facts(evaluate("剥", "申", "甲子"), "本无而有")


# 18 墓绝 -------------------------------------------------------------------------------------

def test_trigram_tomb_and_extinction_true_and_false():
    r = evaluate("离之乾", "寅", "甲申")    # 甲申 decade: 午未 void; nothing touches 戌 亥 or 午
    assert facts(r, "卦墓绝") == {("内",), ("外",)}
    assert facts(r, "卦墓绝真") == {("内",), ("外",)}
    r = evaluate("离之乾", "午", "甲申")    # 离 on the month
    assert ("内", "本卦临日月") in facts(r, "卦墓绝伪") and not facts(r, "卦墓绝真")
    r = evaluate("离之乾", "寅", "丙寅")    # 甲子 decade: 戌 亥 void
    assert ("内", "空亡") in facts(r, "卦墓绝伪")
    r = evaluate("离之乾", "戌", "丙寅")    # the month fills the void
    assert facts(r, "卦墓绝真") == {("内",), ("外",)}
    r = evaluate("离之乾", "辰", "甲申")    # 辰 clashes the tomb 戌
    assert ("内", "墓冲") in facts(r, "卦墓绝伪")
    assert not facts(evaluate("离之震", "寅", "甲申"), "卦墓绝")   # 震 (卯) is no tomb of fire


def test_trigram_change_read_by_five_phases_and_twelve_stages():
    r = evaluate("坎之坤", "寅", "甲午")
    assert ("内", "克我") in facts(r, "卦化生克")
    assert {(b, s) for n, b, s in facts(r, "卦化长生") if n == "内"} == {("未", "养"), ("申", "长生")}
    r = evaluate("震之坎", "寅", "甲午")
    assert ("内", "生我") in facts(r, "卦化生克")
    assert ("内", "子", "沐浴") in facts(r, "卦化长生")


# 19 卦候 -------------------------------------------------------------------------------------

def test_trigram_seasons_by_the_month_or_the_solar_term():
    states = dict(facts(evaluate("乾", "丑", "甲子"), "卦候"))
    assert states == {"坎": "旺", "艮": "相", "震": "胎", "巽": "没", "离": "死", "坤": "囚", "兑": "休", "乾": "废"}
    assert not facts(evaluate("乾", "子", "甲子"), "当令卦")          # 子 straddles 冬至
    assert facts(evaluate("乾", "子", "甲子", solar_term="冬至"), "当令卦") == {("坎",)}
    assert facts(evaluate("乾", "子", "甲子", solar_term="大雪"), "当令卦") == {("乾",)}
    assert dict(facts(evaluate("乾", "卯", "甲子", solar_term="春分"), "卦候"))["巽"] == "相"


def test_season_overrides_void_clash_and_the_days_own_branch():
    r = evaluate("坎为水", "丑", "甲寅")      # 坎 旺, 子 void
    assert facts(r, "空而弗空") == {("内",), ("外",)}
    r = evaluate("离为火", "丑", "甲寅")      # 离 死: no such protection
    assert not facts(r, "空而弗空")
    assert facts(evaluate("震为雷", "丑", "甲子"), "囚而不囚") == {("内",), ("外",)}
    r = evaluate("震为雷", "辰", "丁酉")      # 震 旺 (辰 month), 酉 day clashes 卯
    assert facts(r, "冲而不冲") == {("内",), ("外",)}
    r = evaluate("坎为水", "未", "丙子")      # 坎 死 (未 month), 子 day
    assert facts(r, "建而不建") == {("内",), ("外",)}


def at(hexagram: str, instant: str):
    e = _engine()
    return e.evaluate(base_facts(e, yimao.cast(hexagram=hexagram), yimao.moment(date=instant)))


def test_a_trigram_keeps_its_rule_one_pentad_into_the_next_node():
    # 「如立春艮旺，至春分后艮尚旺五日，未即废也」: 春分 2026 is 03-20 22:46; its first 候 ends 03-25
    first = dict(facts(at("乾", "2026-03-21T12:00"), "卦候"))
    assert first["震"] == "旺" and first["艮"] == "旺" and first["巽"] == "相"
    second = dict(facts(at("乾", "2026-03-28T12:00"), "卦候"))
    assert second["震"] == "旺" and second["艮"] == "废"
    # 立夏 (巽's node): 震 keeps 旺 for five days, then is 废
    assert dict(facts(at("乾", "2026-05-06T12:00"), "卦候"))["震"] == "旺"
    assert dict(facts(at("乾", "2026-05-14T12:00"), "卦候"))["震"] == "废"
    # given as 干支 (no 候): no 余旺
    assert dict(facts(evaluate("乾", "卯", "丁未", solar_term="春分"), "卦候"))["艮"] == "废"


def test_the_coming_months_branch_takes_hold_one_pentad_early():
    # 「如巳司六候，而未及巳五日，其巳已得气」: in the last 候 of 春分 (卯 month) 辰 holds, so earth is 旺
    early = at("坤", "2026-04-03T12:00")        # 坤为地: 未巳卯 丑亥酉, earth on 未 and 丑
    assert facts(early, "先司") == {("辰",)}
    states = {(p, s) for p, layer, s in facts(early, "月令") if layer == "本"}
    earth = {p for p, b in facts(early, "纳支") if PHASE[b] == "土"}
    assert earth and all((p, "旺") in states for p in earth)
    assert all(s == "旺" for p, s in states if p in earth)            # the 卯 month's 死 is gone
    assert not any(PHASE[b] == "土" and (p, "本") in facts(early, "休囚") for p, b in facts(early, "纳支"))
    # a line of another phase keeps the 卯 month's state (fire 相 in a wood month)
    fire = {p for p, b in facts(early, "纳支") if PHASE[b] == "火"}
    assert all((p, "相") in states for p in fire)
    # the 候 before: no 先司, earth 死 in 卯
    before = at("坤", "2026-03-28T12:00")
    assert not facts(before, "先司")
    assert all((p, "本", "死") in facts(before, "月令") for p in earth)


# 20 干化 -------------------------------------------------------------------------------------

def test_the_dragon_derives_the_five_transformations():
    r = evaluate("乾")
    combos = facts(r, "干合")
    assert {(g, e) for g, e in facts(r, "龙化")} == {(g, e) for g, _, e in combos}
    assert facts(r, "逢龙") >= {("甲", "戊"), ("乙", "庚"), ("丙", "壬"), ("丁", "甲"), ("戊", "丙")}


def test_stem_transformation_supplies_a_missing_relative():
    e = _engine()
    moment = yimao.moment(year="辛卯", month="丙申", day="丙子")
    r = e.evaluate(base_facts(e, yimao.cast(hexagram="观之萃"), moment))
    assert {(p, w) for p, w, _, _ in facts(r, "干化")} == {(4, "日"), (4, "月"), (6, "日"), (6, "月")}
    assert facts(r, "干化用") == {(4, "子孙"), (6, "子孙")}
    assert facts(r, "干化有") == {(4,), (6,)} and not facts(r, "干化无")
    assert facts(r, "干化次") == {(4,), (6,)}        # two movers: second-rate
    # a relative that flies needs no transformation: 妻财 (木) flies on 观
    assert not {k for _, k in facts(r, "干化用") if k == "妻财"}
