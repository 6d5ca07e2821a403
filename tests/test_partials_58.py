"""Chapter 58 鬼神, 58.7 「凡两可不能一见，当审累重，如南木神应水官者，体木司水也」.

Read with both translations, the 司 (office) is the phase the chart shows -- the ghost's (「水官」 ->
司水) -- and the 体 (body) is the god's own kind, known apart from the chart (南木神 stands in 58.4's
list of wood gods; 58.6's 「体金」 is 遁甲's 庚, not a line): the asker states it (`--given 神体=木`)
and the 司 sub-question shows it beside the ghost's office.  The rows of the office by the ghost's
phase and of the images beside it stay as they were; the 体 rows failed before (no such input)."""

from __future__ import annotations

import pytest

import yimao
from handcharts import assert_lead, readings


CHARTS = [
    # 58.10 「伏鬼若空，务之修德也」 and 58.17 (no rule weighs the images): 鼎之旅 moves the 亥 water
    # ghost (line 2) in the wood 巽 -- a ghost the chart shows with two phases; the haunting is still
    # not weighed (stays 无断).  讼 on 甲子: the hidden 亥 ghost void, 「乃无鬼祟」 (stays 无祟).
    ("鬼神", "897787", "子", "甲寅", {}, "无断", None),
    ("鬼神", "讼", "子", "甲子", {}, "无祟", "鬼神.修德"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


# (question, cast, month, day, axis, words that must be read, words that must not)
READINGS = [
    # 「如南木神应水官者……司水也」: the office is the ghost's phase.  鼎之旅: the 亥 water ghost moving in
    # the wood 巽 -- 司 河泊舟楫 (58.7 「凡司河泊舟楫，则水象而考也」), not the wood office 栽植砍伐.
    ("鬼神.司", "897787", "子", "甲寅", "by 鬼神情(象)", {"河泊舟楫"}, {"栽植砍伐"}),
    # The other way: 需之既济 moves the 寅 wood ghost (line 2) in the metal 乾 -- 司 栽植砍伐 (58.7
    # 「凡司栽植砍伐，则木象而考也」), not the metal office of 58.6.
    ("鬼神.司", "797878", "子", "甲寅", "by 鬼神情(象)", {"栽植砍伐"}, {"位于西方权于秋令主于兵事"}),
    # 58.5 「当以八宫、六神、诸星，配合辨别」: the trigram's images stand beside the phase's, unweighed.
    # 鼎之旅: 巽's 风波镇海之神 (58.12) beside the water 河海江神 (58.3).
    ("鬼神", "897787", "子", "甲寅", "by 神祇象(象)", {"风波镇海之神", "河海江神"}, set()),
    # 需之既济: 乾's 干天神 beside the wood 文神 (58.4).
    ("鬼神", "797878", "子", "甲寅", "by 神祇象(象)", {"干天神", "文神"}, set()),
]


@pytest.mark.parametrize("question, cast, month, day, axis, present, absent", READINGS)
def test_the_office_is_the_ghosts_phase(question, cast, month, day, axis, present, absent):
    words = readings(question, cast, month, day, axis)
    assert present <= words, words
    assert not absent & words, words


# 「如南木神应水官者，体木司水也」: a wood god (--given 神体=木) answered by 鼎之旅's moving 亥 water
# ghost -- 体 木 beside 司 河泊舟楫 (water).  A metal god (关岳) on 需之既济's wood ghost: 体 金, 司 栽植砍伐.
BODIES = [
    ("897787", "木", "河泊舟楫"),
    ("797878", "金", "栽植砍伐"),
]


@pytest.mark.parametrize("cast, body, office", BODIES)
def test_the_body_is_the_gods_own_kind_and_the_office_the_ghosts(cast, body, office):
    given = {"given": {"神体": body}}
    assert readings("鬼神.司", cast, "子", "甲寅", "by 鬼神体(体)", **given) == {body}
    assert office in readings("鬼神.司", cast, "子", "甲寅", "by 鬼神情(象)", **given)


def test_no_body_unless_the_god_is_named():
    """The 体 is not in the chart: unstated, nothing is read for it and the input is asked for."""
    judged = yimao.judge(question="鬼神.司", lines="897787", month="子", day="甲寅")
    assert not judged.chart.result.facts("鬼神体")
    assert "神体" in str(judged.to_dict()["missing"])
