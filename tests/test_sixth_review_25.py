"""Chapter 25 月破 read again with 42.13 (a sixth look): 25.3's broken ghost that moves, 「若与鬼动，吉而不
吉，凶而愈凶，以白虎杀神加临尔」 (commentary 「合官鬼动者，妄为肆暴」), is not a ghost void as well as
broken -- 42.13 names that very line, 「动空而遭破，纵动无功」: its moving does nothing (the void a moving
line fills, 26.2 「动爻值空，谓动空，不惟不空，反为动也」, the month's break keeps), it is 42.13's 坏空, a ghost
that 「遇空破者弗能伤」 (36.1), and 26.6's 「空于忌则吉」 stands for it.  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, judged, verdict_rules


CHARTS = [
    # 坤之谦's 卯 ghost (line 3) broken by the 酉 month and moving, void on 丙午 (甲辰 decade: 寅卯): 「动空而
    # 遭破，纵动无功」 -- no 「凶而愈凶」, and the 世 on the month decides (fixed: 不愈 by 月破.鬼动白虎 before).
    # On 庚午 (甲子 decade) the ghost is not void and not scattered: 「破临鬼动而凶」 (stays).
    ("疾病", "886888", "酉", "丙午", {}, "愈", "疾病.用生"),
    ("疾病", "886888", "酉", "庚午", {}, "不愈", "月破.鬼动白虎"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _defeated_by(rule, question, cast, month, day, **options):
    return {v["defeated_by"] for v in judged(question, cast, month, day, **options).to_dict()["verdicts"]
            if v["rule"] == rule}


def test_a_void_and_broken_moving_ghost_is_void_to_the_taboo():
    """26.6 「空于忌则吉」 with 42.13 「月破而空，谓之坏空」, 「动空而遭破，纵动无功」: asked of a brother, 坤之谦's
    卯 ghost is the 忌神; void and broken on 丙午 its void relieves, undefeated, and 25.3's ruling does not
    speak (fixed: defeated by 月破.鬼动白虎 before).  On 庚午 it is not void: no relief, and 25.3 speaks
    (stays)."""
    assert _defeated_by("旬空.忌空吉", "身命", "886888", "酉", "丙午", about="兄") == {None}
    assert "月破.鬼动白虎" not in verdict_rules("身命", "886888", "酉", "丙午", about="兄")
    assert "旬空.忌空吉" not in verdict_rules("身命", "886888", "酉", "庚午", about="兄")
    assert "月破.鬼动白虎" in verdict_rules("身命", "886888", "酉", "庚午", about="兄")
