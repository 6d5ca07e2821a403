"""Chapter 30 两现 read against the text on charts worked by hand (a third review).  The rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

import yimao
from handcharts import assert_lead


def use_god_lines(question, lines, month, day, **options):
    judged = yimao.judge(question=question, lines=lines, month=month, day=day, **options).to_dict()
    return {(u["position"], u["layer"]) for u in judged["use_god"]}


# (question, lines, month, day, options, the 用神 lines taken)
USE_GODS = [
    # 30.6 「其升观二分之卦，八纯二土之象，皆有成格，故无烦别论，亦以两现之法为用云尔」: 乾's two 父母 (辰
    # line 3, void on 丙申; 戌 line 6) are a 成格, yet chosen by 30.1 「舍其有伤，取其无伤」 -- the 戌
    # alone (fixed; both were taken before).  姤's 丑 and 戌 are no 成格: the same choice (stays).
    ("疾病", "777777", "午", "丙申", {"about": "父"}, {(6, "本")}),
    ("疾病", "877777", "午", "戊午", {"about": "父"}, {(6, "本")}),
    # 30.2 「舍飞从伏」 only where the hidden line can come out: 42.9 「伏神灭没者虽临日月而不取也」 and
    # 12.7 「独伏生飞……静则不出也」.  小畜's flying 子 (line 1) is only void; the hidden 亥 under the
    # static 寅 of line 2 generates its flying line and does not come out -- the flying 子 is kept
    # (fixed, in 酉 and in 申 months).
    ("疾病", "777877", "酉", "辛酉", {"about": "父"}, {(1, "本")}),
    ("疾病", "777877", "申", "辛酉", {"about": "父"}, {(1, "本")}),
]


@pytest.mark.parametrize("question, lines, month, day, options, taken", USE_GODS)
def test_use_god(question, lines, month, day, options, taken):
    assert use_god_lines(question, lines, month, day, **options) == taken


CHARTS = [
    # The same 小畜: the 用神 the 旺相空 子 -- 「旺相空：吉之又半」, the father recovers (fixed: the hidden
    # line was taken and 56 read 「卦无用：危」, 不愈).
    ("疾病", "777877", "酉", "辛酉", {"about": "父"}, "愈", None),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)
