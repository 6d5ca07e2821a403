"""Chapter 58 鬼神 read against the text on charts worked by hand (a third review): which ghost each
key reads and when.  Every row failed on the rulebook before the fix (the images were shown as said
in each row); the rows marked "stays" keep what they showed."""

from __future__ import annotations

import pytest

from handcharts import readings


# (question, lines, month, day, options, axis, words that must show, words that must not)
READINGS = [
    # 58.10 「鬼伏复空，乃无鬼祟，惟修德而已」: 讼之睽 has no ghost on the lines and the hidden 亥 is void
    # on 甲子 -- no haunting, so no spirit is described: no 臣妾/祖先 by the moving lines' relatives,
    # no sex, quarter or number by the moving lines (「鬼静爻动」 needs a ghost), no 体 (fixed).
    ("鬼神", "678797", "寅", "甲子", {}, "by 神祇象(象)", set(), {"臣妾", "祖先"}),
    ("鬼神.方数", "678797", "寅", "甲子", {}, "by 鬼方数(象)", set(), {"男", "女", "二"}),
    ("鬼神.司", "678797", "寅", "甲子", {"given": {"神体": "木"}}, "by 鬼神体(体)", set(), {"木"}),
    # 58.11 「卦爻乱动，或中有官动，以何星临官像之」 and 58.12 「言官鬼独发……以八宫象断如此」: 乾之渐 moves
    # three lines, the 午 ghost among them -- the stars, not 乾's 干天神 (fixed); 58.11 「卦有动鬼，以八宫
    # 像之，如鬼动乾，则曰天神」 still holds for a ghost moving alone (乾之同人: stays).
    ("鬼神", "997977", "寅", "甲子", {}, "by 神祇象(象)", {"主讼"}, {"干天神"}),
    ("鬼神", "777977", "寅", "甲子", {}, "by 神祇象(象)", {"干天神"}, set()),
    # 58.13 with 58.10: 明夷 moving line 2 -- the moving ghost (丑, line 2) is the one read, not the
    # static one on the 世 (line 4): no 五神 (fixed); with nothing moving every ghost is read and the
    # 世's 五神 shows (stays).
    ("鬼神", "767888", "寅", "己巳", {}, "by 神祇象(象)", {"金甲之神"}, {"五神"}),
    ("鬼神", "787888", "寅", "己巳", {}, "by 神祇象(象)", {"五神"}, set()),
    # 58.11 「卦有二官，以六神像之，如下临白虎，则曰武神，上临青龙，则曰树神也」: 明夷 on a 己巳 day puts
    # 白虎 on the lower ghost (line 2) and 青龙 on the upper (line 4): 武神 and 树神 (fixed).
    ("鬼神", "787888", "寅", "己巳", {}, "by 神祇象(象)", {"武神", "树神"}, set()),
]


@pytest.mark.parametrize("question, lines, month, day, options, axis, present, absent", READINGS)
def test_hand_chart(question, lines, month, day, options, axis, present, absent):
    words = readings(question, lines, month, day, axis, **options)
    assert present <= words, words
    assert not absent & words, words
