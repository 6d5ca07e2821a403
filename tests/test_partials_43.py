"""Charts worked by hand from 43.7's clause on where the empress comes from, the partial mark of
chapter 43 国朝: 「择后犹婚姻也，财在何宫，当应何所。（如财在中爻，当得晋女，财在内卦，当应本乡。）」.
No reading of 中爻 as a line place leads to 晋 by a mapping the book states; the one the book states
is 46.3's 「申分晋」, so 中 is read as 申 (one stroke apart) and the 财's branch, outside, names the
old state by 46.3's table (rule 后国.支).  The clause answers on its own reading axis, `by 后国(国)`,
beside the quarter (`by 后方(方)`); the lead (吉 / 凶, judged as a marriage) is not touched, so the
rows give the axis and the words expected on it.  Rows marked "fixed" had no 后国 answer before the
change; "stays" rows keep what they had.  The 享国 count of 元 (「一位一元，再之亦一位一元」) stays
partial: no row."""

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
