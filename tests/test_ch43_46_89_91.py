"""Chapters 43 国朝, 44 征伐, 45 天时, 46 年时, 89 防患, 90 避乱, 91 修道: for each question and
sub-question a chart the book answers one way and a chart it answers the other, through
`engine.judge` (each chart judged once and cached)."""

from __future__ import annotations

from functools import cache

import pytest

import engine


@cache
def judged(question: str, hexagram: str, month: str, day: str, about: str | None = None):
    return engine.judge(question=question, about=about, hexagram=hexagram, month=month, day=day)


def answer(question: str, hexagram: str, month: str, day: str, about: str | None = None, axis: str | None = None):
    """The answer row of `axis` ('by 国患(象)'), or of the question's yes/no axis when none is named."""
    rows = judged(question, hexagram, month, day, about).answers()
    return next(r for r in rows if (r["axis"] == axis if axis else not r["axis"].startswith("by ")))


def deciders(row) -> set[str]:
    return {r["rule"] for r in row["decided_by"]}


# --- 43 国朝 --------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, chart, word, rule", [
    # 43.1 「凡国占皆喜福临，而恶鬼动」: a strong 子孙; a moving ghost and no 子孙 at all.
    ("国朝", ("鼎之噬嗑", "丑", "壬申"), "安", "国朝.福临"),
    ("国朝", ("大过之贲", "辰", "甲申"), "危", "国朝.鬼动"),
    # 43.6 迁都: 「当以外旺为凭」 -- the outer trigram in season, or out of it.
    ("国朝.迁都", ("同人之复", "亥", "己未"), "宜", "迁都.外旺"),
    ("国朝.迁都", ("蛊", "未", "壬子"), "不宜", "迁都.外衰"),
    # 43.6 建庙: none of 三冲 六坏 鬼动 鬼疾 鬼克; a 六冲 (兑之中孚).
    ("国朝.建庙", ("大有", "子", "乙巳"), "宜", "建庙.宜"),
    ("国朝.建庙", ("兑之中孚", "卯", "庚午"), "不宜", "建庙.忌"),
    # 43.7 立储 「喜子孙跨于日月」, and a spoiled 子孙.
    ("国朝.立储", ("鼎之噬嗑", "丑", "壬申"), "吉", "立储.跨日月"),
    ("国朝.立储", ("乾", "巳", "丙辰"), "凶", "立储.子坏"),
    # 43.7 改制 「忧官鬼发于强梁」; 享国 by the palace's season and the ghost.
    ("国朝.改制", ("恒之革", "酉", "己卯"), "凶", "改制.鬼强"),
    ("国朝.享国", ("大畜", "亥", "丙子"), "久", "享国.宫旺"),
    ("国朝.享国", ("蛊", "未", "壬子"), "不久", "享国.宫衰"),
])
def test_state_questions(question, chart, word, rule):
    row = answer(question, *chart)
    assert row["answer"] == word and rule in deciders(row)


def test_state_use_god_is_the_world_line_or_the_fifth():
    # 43.2: the emperor asking himself reads the 世 (鼎: line 2), a subject asking of the sovereign the 五爻.
    own = judged("国朝", "鼎", "丑", "壬申")
    subject = judged("国朝", "鼎", "丑", "壬申", "君")
    assert {f.values for f in own.chart.result.facts("用神")} == {(2, "本")}
    assert {f.values for f in subject.chart.result.facts("用神")} == {(5, "本")}


def test_state_trouble_shows_where_the_ghost_moves():
    # 需之比: the 寅 官鬼 on line 2 moves, with the 白虎, in 乾 (a metal trigram): 士人 士横 西北 干戈.
    trouble = answer("国朝", "需之比", "寅", "己卯", axis="by 国患(象)")["answer"].split("、")
    assert {"士横", "西北", "干戈", "内衅"} <= set(trouble)
    calm = answer("国朝", "鼎之噬嗑", "丑", "壬申", axis="by 国患(象)")
    assert calm["answer"] == "未决"


def test_empress_from_home_or_a_quarter():
    # 43.7 「财在内卦，当应本乡」; a 财 in the outer trigram points to its trigram's quarter.
    assert answer("国朝.择后", "师", "未", "己未", axis="by 后方(方)")["answer"] == "本乡"
    assert answer("国朝.择后", "离之需", "卯", "己酉", axis="by 后方(方)")["answer"] == "南"
