"""Charts worked by hand from 43.7's clause on where the empress comes from, the partial mark of
chapter 43 国朝: 「择后犹婚姻也，财在何宫，当应何所。（如财在中爻，当得晋女，财在内卦，当应本乡。）」.
No reading of 中爻 as a line place leads to 晋 by a mapping the book states; the one the book states
is 46.3's 「申分晋」, so 中 is read as 申 (one stroke apart) and the 财's branch, outside, names the
old state by 46.3's table (rule 后国.支).  The clause answers on its own reading axis, `by 后国(国)`,
beside the quarter (`by 后方(方)`); the lead (吉 / 凶, judged as a marriage) is not touched, so the
rows give the axis and the words expected on it.  Rows marked "fixed" had no 后国 answer before the
change; "stays" rows keep what they had.

The 享国 count of 元 (「以岁为纪，有岁则一位一元，再之亦一位一元」), once a partial mark, is read as the
modern text reads it -- one 元 for each line of the cast on the year branch -- and the commentary's
「如己亥年，得丁亥太岁，有六元之运」, which no reading of those words gives, is recorded as a
contradiction and not followed (the rows below failed before: no 享国元 axis); 「又以内卦参之」 is
the inner trigram's season, consulted below the palace and the ghost."""

from __future__ import annotations

import pytest

from handcharts import readings, answers


GUO = "by 后国(国)"
FANG = "by 后方(方)"

READINGS = [
    # 「如财在中爻（申爻），当得晋女」: 讼 (离宫 火) -- its one 财 is 壬申, line 5 of the outer 乾:
    # the 申 of 46.3 「申分晋」 (fixed).
    ("国朝.择后", "讼", "卯", "己酉", {}, GUO, {"晋"}),
    # The same on 同人 (离宫 归魂): the one 财 壬申 on line 5 (fixed).
    ("国朝.择后", "同人", "子", "甲子", {}, GUO, {"晋"}),
    # 「财在何宫，当应何所」, the example read as a rule for every branch: 离之需's 财 is 己酉 on line 4
    # of the outer 离 -- 「酉分赵」, not 晋 (fixed).
    ("国朝.择后", "离之需", "卯", "己酉", {}, GUO, {"赵"}),
    # 「财在内卦，当应本乡」: 师 (坎宫 水) -- its 财 is the 午 of the inner 坎 (line 3): home (stays),
    # and no state afar (the new axis answers 无断; before, there was no axis).
    ("国朝.择后", "师", "未", "己未", {}, FANG, {"本乡"}),
    ("国朝.择后", "师", "未", "己未", {}, GUO, {"无断"}),
    # The quarter of the outer trigram is kept beside the state: 讼's outer 乾 is 西北 (stays).
    ("国朝.择后", "讼", "卯", "己酉", {}, FANG, {"西北"}),
]


@pytest.mark.parametrize("question, cast, month, day, options, axis, expected", READINGS)
def test_hand_reading(question, cast, month, day, options, axis, expected):
    assert readings(question, cast, month, day, axis, **options) == expected


def test_the_state_is_read_for_the_empress_alone():
    """43.7 names the empress's home: the heir on the same 讼 has no 后国 axis."""
    axes = {a["axis"] for a in answers("国朝.立储", "讼", "卯", "己酉")}
    assert GUO not in axes


YUAN = "by 享国元(元)"

SPANS = [
    # 需 holds 子 on lines 1 and 6: a 子 year stands on both -- 「再之亦一位一元」, two 元 (fixed).
    ("需", "甲子", {"二元"}),
    # the 寅 of line 2 alone in a 寅 year: one 元 (fixed).
    ("需", "丙寅", {"一元"}),
    # no 丑 on the cast: 「有岁则……」 counts nothing (无断).
    ("需", "乙丑", {"无断"}),
    # the commentary's own chart: a 己亥 year and a 丁亥 line (夬: line 4 of the outer 兑) -- one line,
    # one 元; the commentary's 「有六元之运」 is the recorded contradiction (fixed).
    ("夬", "己亥", {"一元"}),
]


@pytest.mark.parametrize("cast, year, expected", SPANS)
def test_the_span_counts_the_year_lines(cast, year, expected):
    assert readings("国朝.享国", cast, "寅", "甲子", YUAN, year=year) == expected


def _roles(cast, month):
    row = next(a for a in answers("国朝.享国", cast, month, "甲子") if not a["axis"].startswith("by "))
    return row["answer"], {key: {r["rule"] for r in row.get(key, [])} for key in ("decided_by", "overruled")}


def test_the_inner_trigram_is_consulted_below_the_palace():
    """「又以内卦参之，鬼动权之」: 大畜 (艮宫, inner 乾).  In 丑 the palace 艮 is in season and the inner 乾
    out: 久, the inner trigram overruled; in 未 the other way round: 不久 by the palace (fixed: 享国.内卦
    did not exist)."""
    word, roles = _roles("大畜", "丑")
    assert word == "久" and "享国.宫旺" in roles["decided_by"] and "享国.内卦衰" in roles["overruled"]
    word, roles = _roles("大畜", "未")
    assert word == "不久" and "享国.宫衰" in roles["decided_by"] and "享国.内卦旺" in roles["overruled"]
