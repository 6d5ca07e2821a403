"""Chapter 26 旬空 read again (a fifth review): the day that stands at a line's 绝 gives it no
generation (31.2 「土遇巳而不生」, commentary 「土遇巳而言绝也」; 23.3 「土遇巳而绝者十之九」), so an earth
line void on a 巳 day (戌 on 己巳, 丑 on 丁巳, 未 on 癸巳) is none of 26.3's voids of use (真旺相空, 克空,
半空: 「此皆空而有用也」) by the day's 生 -- 26.6's 「空于用则凶」 stands, and the chapters that spare a void
of use spare it no longer; nor is it 援空 or 26.5's 克空, nor 42.13's 旺相空 / 克空 / 半空 by the day.
The day neither generates nor controls it (日无生克), so 42.13 calls it 半空 where the month alone
generates it (「日月独生」) and 安空 where the month does neither (「无生无克」), and 42.18 grades it 安空
(「有生无克」).  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts


CHARTS = [
    # 47.1 「有空破散绝谓之有病」 with 26.3 「若日辰亦生扶，乃谓真旺相空……此皆空而有用也」 and 31.2 「土遇巳而
    # 不生」: 姤's 世 丑 (line 1), void on 丁巳 and 相 in the 午 month -- the 巳 day does not generate it,
    # so it is no 真旺相空 and the void 世 is ill (fixed: 吉 by 旺相空 before); on 丙辰, whose 辰
    # supports it, it is 真旺相空 (stays).
    ("身命", "877777", "午", "丁巳", {}, "凶", "平生.有病"),
    ("身命", "877777", "午", "丙辰", {}, "吉", "用神断.旺相空"),
    # 65.1 「用空则不实」 (a void of use excepted by 26.3): 同人's 应 戌 (line 6, the 用神) void on 己巳,
    # 相 in 午 -- not of use on the 巳 day (fixed: 诚 by 旺相空 before); 庚午's 午 generates it (stays).
    ("诚伪", "787777", "午", "己巳", {}, "伪", "诚伪.用病"),
    ("诚伪", "787777", "午", "庚午", {}, "诚", "用神断.旺相空"),
    # 80.1 「专察官爻」 with 36.1 「然官鬼遇空破者弗能伤」: 既济's 官 丑 (line 2), void on 丁巳 and 旺 in
    # 辰 -- the 巳 day does not make it a void of use, so it has no force (fixed: 凶 by 水患.鬼 before);
    # on 丙辰 the day supports it, 真旺相空, and the ghost keeps its force (stays).
    ("河防", "787878", "辰", "丁巳", {}, "吉", "水患.鬼无"),
    ("河防", "787878", "辰", "丙辰", {}, "凶", "水患.鬼"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _of(predicate, position, *chart):
    return {v[2:] if len(v) > 2 else () for v in facts(predicate, *chart, question="身命") if v[0] == position}


def test_the_extinct_day_generates_no_void():
    """31.2 「土遇巳而不生」: 乾's 世 戌 void on 己巳, 相 in the 午 month, is no 真旺相空 (26.3) nor 42.13's
    旺相空 but its 半空 (「日月独生」), graded 安空 (42.18 「有生无克」) -- not 旺相空 (fixed); on 庚午 it
    is 真旺相空 and 旺相空 (stays)."""
    chart = ("777777", "午", "己巳")
    assert not _of("空而有用", 6, *chart)
    assert _of("空八", 6, *chart) == {("半空",)}
    assert ("援空",) not in _of("空十三", 6, *chart)
    assert _of("日无生克", 6, *chart) == {()}
    assert _of("用神法", 6, *chart) == {("安空",)}
    near = ("777777", "午", "庚午")
    assert _of("空而有用", 6, *near) == {("真旺相空",)}
    assert _of("空八", 6, *near) == {("旺相空",)}
    assert _of("用神法", 6, *near) == {("旺相空",)}
    assert not _of("日无生克", 6, *near)


def test_the_extinct_day_neither_rescues_nor_lightens():
    """26.5 「得一日辰或动爻来生，即成克空」 and 42.13 「日生月克……谓之克空」, 「无生无克，谓之安空」: the 戌
    broken by the 辰 month on 己巳 is no 克空 nor 援空 (fixed); on 庚午 it is both (stays).  Controlled by
    the 寅 month on 己巳 it is 42.13's 全空 only, not its 克空 (fixed); in the 申 month, which neither
    generates nor controls it, 42.13's 安空, not its 半空 (fixed)."""
    broken = _of("空十三", 6, "777777", "辰", "己巳")
    assert {("克空",), ("援空",)} & broken == set() and ("破空",) in broken
    assert {("克空",), ("援空",)} <= _of("空十三", 6, "777777", "辰", "庚午")
    assert _of("空八", 6, "777777", "寅", "己巳") == {("全空",)}
    assert _of("空八", 6, "777777", "申", "己巳") == {("安空",)}


def test_the_other_days_and_voids_of_earth():
    """The same on the other 巳 days that void an earth line: 丑 on 丁巳 (姤's line 1 in 午) and 未 on
    癸巳 (坤's line 1 in 午) -- no void of use (fixed); the 丑 on 丙辰 stays 真旺相空."""
    assert not _of("空而有用", 1, "877777", "午", "丁巳")
    assert _of("日无生克", 1, "877777", "午", "丁巳") == {()}
    assert _of("空而有用", 1, "877777", "午", "丙辰") == {("真旺相空",)}
    assert {v[3] for v in facts("爻象", "888888", "午", "癸巳") if v[:2] == (1, "本")} == {"未"}
    assert not _of("空而有用", 1, "888888", "午", "癸巳")
    assert _of("空八", 1, "888888", "午", "癸巳") == {("半空",)}
