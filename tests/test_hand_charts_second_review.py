"""Charts worked by hand from the general statements of chapters 49-91 (a second review, read against
the text paragraph by paragraph): each row is a chart where one statement of the book decides the
answer, the answer the book gives, and the ruling that must decide it (None: any).  Each row failed
before the rulebook was changed to say what its paragraph says."""

from __future__ import annotations

import pytest

import yimao


def lead(question, cast, month, day, **options):
    """The answer on the asked (sub-)question's own axis: (word, the rules that decided it)."""
    kind = "lines" if cast.isdigit() else "hexagram"
    judged = yimao.judge(question=question, month=month, day=day, **{kind: cast}, **options)
    row = next(a for a in judged.to_dict()["answers"] if not a["axis"].startswith("by "))
    return row["answer"], {r["rule"] for r in row["decided_by"]}


def readings(question, cast, month, day, axis, **options):
    kind = "lines" if cast.isdigit() else "hexagram"
    judged = yimao.judge(question=question, month=month, day=day, **{kind: cast}, **options)
    return {w for a in judged.to_dict()["answers"] if a["axis"] == axis for w in a["answer"].split("、")}


CHARTS = [
    # 82.2 「斗而有获乎，财爻以辩」: booty is the 财's question -- the 寅 财 on month and day, the 世 dead.
    ("斗殴.斗获", "乾", "寅", "甲寅", {}, "获", None),
    # the 财 寅 休 in 巳, the 世 strong: the 世's grade says nothing of booty.
    ("斗殴.斗获", "乾", "巳", "丙戌", {}, "不获", None),
    # 「斗而涉讼乎，鬼爻是司」: the ghost 午 still and sound, the 世 dead -- no suit.
    ("斗殴.斗讼", "乾", "寅", "甲寅", {}, "不讼", "斗讼.鬼静"),
    # 83.2 「如世爻值鬼……若克应爻，是官为我而责彼乃吉」 over the 官's grade (83.1 「胜负专察官爻」):
    # 蛊's 世 holds the 酉 官, which controls the 寅 应; the 官 is 死 in 子.
    ("词讼", "蛊", "子", "甲子", {"suit": "彼讼"}, "胜", "词讼.世鬼克应"),
    ("词讼", "蛊", "子", "甲子", {}, "胜", "词讼.世鬼克应"),
    # 83.7 「亦先论官而后论应」: the 官 neither generates nor controls the 世, the 应 generates it;
    # the 官's own grade (死 in 午) is no side's.
    ("词讼", "豫", "午", "丙午", {}, "胜", None),
    # 83.12 「问准词……执行不论文书」: the 丑 官 moves, sound and strong; the only 父 is void -- 准.
    ("词讼.兴词", "776878", "巳", "甲戌", {}, "准", "兴词.官动实"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    word, rules = lead(question, cast, month, day, **options)
    assert word == expected, (word, rules)
    if deciding:
        assert deciding in rules, rules


def test_officer_generating_the_world_outweighs_the_plaint_moving():
    """83.1 「然生世衰旺俱吉」, 83.8 「独官鬼为狱讼之用神也」: the 午 官 generates the 戌 世; the
    moving 父母 of 「彼举宜静」 does not turn it."""
    word, _ = lead("词讼", "779777", "午", "丙午", suit="彼讼")
    assert word == "胜"


def test_plaint_void_is_what_is_written_not_whether_it_is_accepted():
    assert "批行失意" in readings("词讼.兴词", "776878", "巳", "甲戌", "by 父状(象)")


def test_collusion_needs_ghosts_on_both_the_world_and_the_response():
    """84.1 「内外鬼而连结，贞悔鬼而交通」 (「贞悔，指世应也」): 蛊 has a single ghost."""
    assert "交通之谋" not in readings("失物", "蛊", "子", "甲子", "by 盗象(象)")
