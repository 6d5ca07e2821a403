"""79.7 「役夫投船，犹事人也」, read as 54.4's 投养 (serving under another for one's keep; both
translations gloss 投船 as 投靠): the boat-owner by the 应, whom 54.4's three signs judge.  Charts
worked by hand from 54.4's general statements; every row failed before (no 投船 sub-question)."""

from __future__ import annotations

import pytest

from handcharts import assert_lead


CHARTS = [
    # 「用神克世，而莫我顾也」: 损's 应 寅 (wood, 旺 in the 寅 month) controls the 世 丑 -- 凶.
    ("舟车.投船", "损", "寅", "甲子", {}, "凶", "投养.克世"),
    # 「三冲无久惜之情」: 乾 is a 六冲 hexagram -- 凶, though its 应 戌 is not void.
    ("舟车.投船", "乾", "申", "庚申", {}, "凶", "投养.三冲"),
    # 「四病有兴尽之憎，则不可归也」 (空破散绝): 既济's 应 子 is void in the 甲寅 decade of a 辛酉 day -- 凶.
    ("舟车.投船", "既济", "酉", "辛酉", {}, "凶", "投养.四病"),
    # The other way: 泰's 应 酉 (metal) in the 申 month on a 庚申 day is strong and does not control
    # the 世 辰 (earth generates metal): the owner keeps the hand -- 吉.
    ("舟车.投船", "泰", "申", "庚申", {}, "吉", None),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)
