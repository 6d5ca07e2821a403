"""Chart invariants over all 64 hexagrams and all 4096 original→changed pairs.

The expectations are computed here independently of the rulebook, from the standard 京房 八宫
construction and 纳甲 tables (as printed in the 八宫卦 tables of the 纳甲筮法 literature):
the palace's pure hexagram, then lines 1..5 changed in turn (一世..五世), 游魂 changes line 4
back, 归魂 restores the inner trigram; 世 on 6 for 八纯, on 1..5 for 一世..五世, 4 for 游魂, 3 for
归魂; 应 three away.
"""

from __future__ import annotations

import itertools

import pytest

from yimao.chart import base_facts
from yimao.evaluate import Result
from yimao.facts import Fact
from yimao.hexagrams import HexagramNames
from yimao.rulebook import load_engine
import yimao

TRIGRAMS = {  # bottom, middle, top (1 = yang)
    "乾": (1, 1, 1), "兑": (1, 1, 0), "离": (1, 0, 1), "震": (1, 0, 0),
    "巽": (0, 1, 1), "坎": (0, 1, 0), "艮": (0, 0, 1), "坤": (0, 0, 0),
}
BRANCHES = {  # inner three, outer three
    "乾": "子寅辰午申戌", "坎": "寅辰午申戌子", "艮": "辰午申戌子寅", "震": "子寅辰午申戌",
    "巽": "丑亥酉未巳卯", "离": "卯丑亥酉未巳", "坤": "未巳卯丑亥酉", "兑": "巳卯丑亥酉未",
}
STEMS = {"震": "庚", "巽": "辛", "坎": "戊", "离": "己", "艮": "丙", "兑": "丁"}
ELEMENT = {"乾": "金", "兑": "金", "离": "火", "震": "木", "巽": "木", "坎": "水", "艮": "土", "坤": "土"}
BRANCH_ELEMENT = dict(zip("子丑寅卯辰巳午未申酉戌亥", "水土木木土火火土金金土水"))
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
CONTROLS = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
GENERATIONS = ["八纯", "一世", "二世", "三世", "四世", "五世", "游魂", "归魂"]
SHI = {"八纯": 6, "一世": 1, "二世": 2, "三世": 3, "四世": 4, "五世": 5, "游魂": 4, "归魂": 3}
TRIGRAM_OF = {bits: name for name, bits in TRIGRAMS.items()}


def palaces() -> dict[tuple[int, ...], tuple[str, str]]:
    """bits (bottom first) -> (palace, generation), by the sixteen changes."""
    found = {}
    for palace, trigram in TRIGRAMS.items():
        lines = list(trigram + trigram)
        found[tuple(lines)] = (palace, "八纯")
        for n in range(1, 6):
            lines[n - 1] ^= 1
            found[tuple(lines)] = (palace, GENERATIONS[n])
        lines[3] ^= 1
        found[tuple(lines)] = (palace, "游魂")
        lines[0:3] = trigram
        found[tuple(lines)] = (palace, "归魂")
    return found


PALACES = palaces()


def relative(palace_element: str, element: str) -> str:
    if element == palace_element:
        return "兄弟"
    if GENERATES[element] == palace_element:
        return "父母"
    if GENERATES[palace_element] == element:
        return "子孙"
    if CONTROLS[palace_element] == element:
        return "妻财"
    return "官鬼"


def expected_branch(bits: tuple[int, ...], position: int) -> str:
    inner, outer = TRIGRAM_OF[bits[:3]], TRIGRAM_OF[bits[3:]]
    return BRANCHES[inner][position - 1] if position <= 3 else BRANCHES[outer][position - 1]


def _setup(paths, rulebook=None):
    rulebook = rulebook or load_engine(paths)
    # A moment after the winter solstice with a day stem, so stems and spirits are all derivable.
    return rulebook, HexagramNames(rulebook.program), yimao.moment(date="2024-03-01T12:00+08:00")


@pytest.fixture(scope="module")
def setup():
    """The whole shipped rulebook: nothing in a later chapter may disturb the chart."""
    return _setup(None)


@pytest.fixture(scope="module")
def chart_layer():
    """The chart layer alone (the inputs and chapters 1-10 as the cross-check backend runs them,
    with 26's 旬空: moving and changed lines, 纳甲, 六亲), for the 4096-pair sweep; the full rulebook
    is held to the same chart by the tests above."""
    from yimao.backends.layer import load_chart_layer

    return _setup(None, load_chart_layer().engine)


def evaluate(setup, lines: tuple[int, ...]) -> Result:
    rulebook, _, moment = setup
    return rulebook.evaluate(base_facts(rulebook, yimao.cast(lines="".join(map(str, lines))), moment))


def values(result: Result, predicate: str) -> dict:
    """position -> the remaining arguments, for position-keyed predicates."""
    return {v[0]: v[1:] for v in result.relations.get(predicate, ())}


def test_sixteen_changes_give_64_hexagrams_eight_per_palace():
    assert len(PALACES) == 64
    for palace in TRIGRAMS:
        members = [g for p, g in PALACES.values() if p == palace]
        assert sorted(members) == sorted(GENERATIONS)


def test_every_static_hexagram(setup):
    _, names, _ = setup
    assert len(names.bits) == 64
    for bits, (palace, generation) in PALACES.items():
        result = evaluate(setup, tuple(7 if b else 8 for b in bits))
        name = names.name(bits)
        assert result.holds(Fact("本卦", (name,)))
        assert result.holds(Fact("宫", (name, palace))) and result.holds(Fact("世代", (name, generation)))
        assert not result.relations.get("之卦") and not result.relations.get("动")
        shi = SHI[generation]
        assert [p for (p,) in result.relations["世"]] == [shi]
        assert [p for (p,) in result.relations["应"]] == [(shi + 2) % 6 + 1]  # three apart
        najia = values(result, "纳甲")
        for position in range(1, 7):
            branch = expected_branch(bits, position)
            trigram = TRIGRAM_OF[bits[:3] if position <= 3 else bits[3:]]
            stem = STEMS.get(trigram) or {"乾": "甲壬", "坤": "乙癸"}[trigram][position > 3]
            assert najia[position] == (stem, branch), (name, position)
            assert values(result, "六亲")[position] == (relative(ELEMENT[palace], BRANCH_ELEMENT[branch]),)


def test_all_4096_original_changed_pairs(chart_layer):
    setup = chart_layer
    _, names, _ = setup
    hexagrams = list(PALACES)
    for original, changed in itertools.product(hexagrams, hexagrams):
        lines = tuple(
            (9 if o else 6) if o != c else (7 if o else 8) for o, c in zip(original, changed)
        )
        result = evaluate(setup, lines)
        moving = {p for (p,) in result.relations.get("动", ())}
        assert moving == {i + 1 for i in range(6) if original[i] != changed[i]}
        if original == changed:
            assert not result.relations.get("之卦")
            continue
        assert result.holds(Fact("之卦", (names.name(changed),)))
        palace_element = ELEMENT[PALACES[original][0]]
        changed_branch = values(result, "变纳支")
        changed_relative = values(result, "变六亲")
        assert set(changed_branch) == moving
        for position in moving:
            branch = expected_branch(changed, position)
            assert changed_branch[position] == (branch,)
            # the changed line's relative is reckoned from the ORIGINAL hexagram's palace
            assert changed_relative[position] == (relative(palace_element, BRANCH_ELEMENT[branch]),)


@pytest.mark.parametrize("day_stem, first", [("甲", "青龙"), ("丙", "朱雀"), ("戊", "勾陈"), ("己", "腾蛇"), ("庚", "白虎"), ("壬", "元武")])
def test_day_spirits_start_by_day_stem(day_stem, first):
    order = ["青龙", "朱雀", "勾陈", "腾蛇", "白虎", "元武"]
    day = day_stem + {"甲": "子", "丙": "寅", "戊": "辰", "己": "巳", "庚": "午", "壬": "申"}[day_stem]
    spirits = [line["spirit"] for line in yimao.chart(lines="777777", day=day).to_dict()["lines"]]
    start = order.index(first)
    assert spirits == [order[(start + i) % 6] for i in range(6)]


COUNTERPART = {"乾": "坤", "坤": "乾", "震": "巽", "巽": "震", "坎": "离", "离": "坎", "艮": "兑", "兑": "艮"}
COMPLEMENT = {name: TRIGRAM_OF[tuple(1 - b for b in bits)] for name, bits in TRIGRAMS.items()}


def hidden_trigrams(bits: tuple[int, ...]) -> tuple[str, str]:
    """(inner, outer) of the hexagram hidden under a hexagram, as ch. 12 and the preface give them:
    八纯 hide their counterpart; 一世–五世 the palace's pure hexagram; 游魂 (京房, adopted by the
    book: 晋 hides 大畜) hides the palace trigram inside and the 五世 hexagram's outer trigram outside;
    归魂 (大有 hides 否) hides the palace trigram's complement inside and the palace trigram outside."""
    palace, generation = PALACES[bits]
    if generation == "八纯":
        return COUNTERPART[palace], COUNTERPART[palace]
    if generation == "游魂":
        fifth = next(b for b, (p, g) in PALACES.items() if p == palace and g == "五世")
        return palace, TRIGRAM_OF[fifth[3:]]
    if generation == "归魂":
        return COMPLEMENT[palace], palace
    return palace, palace


def test_every_line_has_its_hidden_line(setup):
    _, names, _ = setup
    assert hidden_trigrams(names.bits["火地晋"]) == ("乾", "艮")  # 晋 hides 山天大畜
    assert hidden_trigrams(names.bits["火天大有"]) == ("坤", "乾")  # 大有 hides 天地否
    for bits, (palace, _) in PALACES.items():
        result = evaluate(setup, tuple(7 if b else 8 for b in bits))
        hidden = values(result, "伏神")
        assert sorted(hidden) == [1, 2, 3, 4, 5, 6], names.name(bits)  # 「六爻皆有飞伏神」
        inner, outer = hidden_trigrams(bits)
        hidden_bits = TRIGRAMS[inner] + TRIGRAMS[outer]
        for position in range(1, 7):
            stem, branch, element, relative_ = hidden[position]
            assert branch == expected_branch(hidden_bits, position), (names.name(bits), position)
            assert element == BRANCH_ELEMENT[branch]
            assert relative_ == relative(ELEMENT[palace], element)
