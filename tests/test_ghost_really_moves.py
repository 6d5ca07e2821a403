"""32.2 in the question chapters 56-91: 「动而逢冲，动而有制，动而无助，犹不动也」 「有而空，冲而散，化而
冲，犹不有也」 -- a moving 官鬼 that the day clashes or that is held counts as not moving, a scattered one
as absent.  The questions that fear the moving ghost read 43's 鬼实动 (the ghost that truly moves) and
name themselves in 鬼动问.  Two charts serve throughout: 豫之萃 (the 申 ghost on the fifth line moves
alone, into 酉, the 未 month generating it) and 豫之兑, where the 巳 子孙 of the second line moves with it
and controls it -- 「动而有制」.  On a 丙寅 day the 寅 clashes the moving 申 -- 「动而逢冲」.  Rows marked
"fixed" answered the bare-动 ghost's 凶 before (the rule in the comment); "stays" keep it."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 56.24 「初筮之防疾也，用坏病起，鬼发病作」: held by the moving 子孙, the ghost starts no illness
    # (fixed: 病 by 防疫.鬼发); clashed by the 寅 day (fixed); moving alone it does (stays).
    ("疾病.防疫", "豫之兑", "未", "乙巳", {}, "不病", None),
    ("疾病.防疫", "豫之萃", "未", "丙寅", {}, "不病", None),
    ("疾病.防疫", "豫之萃", "未", "乙巳", {}, "病", "防疫.鬼发"),
    # 61.5 「而鬼象莫之交重，则安宁可居」 (fixed: 凶 by 馆安.鬼动; stays).
    ("师友.馆安", "豫之兑", "未", "乙巳", {}, "吉", "馆安.安宁"),
    ("师友.馆安", "豫之萃", "未", "乙巳", {}, "凶", "馆安.鬼动"),
    # 66.4 「命墓、应坏、鬼动而患病」 (fixed: 凶 by 防病.鬼动; stays).
    ("收雇.防病", "豫之兑", "未", "乙巳", {}, "吉", None),
    ("收雇.防病", "豫之萃", "未", "乙巳", {}, "凶", "防病.鬼动"),
    # 67.7 「鬼爻发动，虎卧当道」: held (fixed: 凶 by 行险.鬼动), clashed by the day (fixed), alone (stays).
    ("求财.行险", "豫之兑", "未", "乙巳", {}, "吉", None),
    ("求财.行险", "豫之萃", "未", "丙寅", {}, "吉", None),
    ("求财.行险", "豫之萃", "未", "乙巳", {}, "凶", "行险.鬼动"),
    # 68.2 「夫官鬼天殃也，殃不宜作」: the field (fixed: 歉 by 田.鬼作, held and clashed; stays); 68.4
    # 「官鬼蚕之病也，病不可发」 (fixed: 歉 by 养蚕.鬼发; stays).
    ("田蚕", "豫之兑", "未", "乙巳", {}, "丰", "田.财实"),
    ("田蚕", "豫之萃", "未", "丙寅", {}, "丰", "田.财实"),
    ("田蚕", "豫之萃", "未", "乙巳", {}, "歉", "田.鬼作"),
    ("田蚕.养蚕", "豫之兑", "未", "乙巳", {}, "丰", "养蚕.子实"),
    ("田蚕.养蚕", "豫之萃", "未", "乙巳", {}, "歉", "养蚕.鬼发"),
    # 70.1 「故官鬼为徭役，不可动……惟鬼静福兴」: a held ghost is still (fixed: 凶 by 立户.鬼动; stays).
    ("户籍.清漏", "豫之兑", "未", "乙巳", {}, "吉", "立户.鬼静福兴"),
    ("户籍.清漏", "豫之萃", "未", "乙巳", {}, "凶", "立户.鬼动"),
    # 74.2 「鬼兴而难脱虎穴」 (fixed: 凶 by 劫掳.鬼兴; stays).
    ("劫质.劫质", "豫之兑", "未", "乙巳", {}, "吉", None),
    ("劫质.劫质", "豫之萃", "未", "乙巳", {}, "凶", "劫掳.鬼兴"),
    # 78.7 「而官鬼为之眚也」, 「水鬼动者，风浪惊心，金鬼发者，兵戈夺气」 (fixed: 凶 by 安危.鬼动; stays).
    ("行人.安危", "豫之兑", "未", "乙巳", {}, "吉", None),
    ("行人.安危", "豫之萃", "未", "乙巳", {}, "凶", "安危.鬼动"),
    # 79.1 「莫不以鬼动为戒」: held (fixed: 凶 by 舟车.鬼动), clashed -- 「惟官鬼安宁」 (fixed), alone (stays).
    ("舟车", "豫之兑", "未", "乙巳", {}, "吉", "舟车.安"),
    ("舟车", "豫之萃", "未", "丙寅", {}, "吉", "舟车.鬼衰静"),
    ("舟车", "豫之萃", "未", "乙巳", {}, "凶", "舟车.鬼动"),
    # 81.12 「命墓鬼动，有穷途日墓之忧，用实卦安，有即次无虞之好」 (fixed: 凶 by 逃安.鬼动; stays).
    ("逃亡.逃安", "豫之兑", "未", "乙巳", {}, "吉", "逃安.用实"),
    ("逃亡.逃安", "豫之萃", "未", "乙巳", {}, "凶", "逃安.鬼动"),
    # 82.2 「斗而涉讼乎，鬼爻是司」 (fixed: 讼 by 斗讼.鬼动; stays).
    ("斗殴.斗讼", "豫之兑", "未", "乙巳", {}, "不讼", "斗讼.鬼静"),
    ("斗殴.斗讼", "豫之萃", "未", "乙巳", {}, "讼", "斗讼.鬼动"),
    # 85.3 「官动世病、随墓助伤，应遭埋蛊之毒」 (fixed: 凶 by 防蛊.官动; stays).
    ("诅誓.防蛊", "豫之兑", "未", "乙巳", {}, "吉", None),
    ("诅誓.防蛊", "豫之萃", "未", "乙巳", {}, "凶", "防蛊.官动"),
    # 86.4 「故弗宜克世鬼动」 (fixed: 不宜 by 举殡.鬼动; stays).
    ("侍神.举殡", "豫之兑", "未", "乙巳", {}, "宜", None),
    ("侍神.举殡", "豫之萃", "未", "乙巳", {}, "不宜", "举殡.鬼动"),
    # 88.1 「鬼动而祸随」 and 「若动，虽破亦凶」: 乾之小畜's 午 ghost broken in the 子 month, which also
    # controls it, still moves broken -- 32.2 「动而破者，谓之全凶」 (stays).
    ("怪异", "乾之小畜", "子", "丙寅", {}, "祸", "怪.鬼动"),
    ("怪异", "豫之萃", "未", "乙巳", {}, "祸", "怪.鬼动"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_ghost_that_truly_moves():
    """32.2: 豫之萃's lone 申 truly moves; in 豫之兑 the moving 巳 子孙 controls it (有制); on a 丙寅 day the
    day clashes it (逢冲, and it scatters: 犹不有)."""
    assert facts("鬼实动", "豫之萃", "未", "乙巳", question="田蚕") == {(5,)}
    assert facts("鬼实动", "豫之兑", "未", "乙巳", question="田蚕") == set()
    assert facts("犹不动", "豫之兑", "未", "乙巳", question="田蚕") == {(5, "有制")}
    assert facts("鬼实动", "豫之萃", "未", "丙寅", question="田蚕") == set()
    assert facts("犹不动", "豫之萃", "未", "丙寅", question="田蚕") == {(5, "逢冲")}


def test_what_a_held_ghost_no_longer_brings():
    """The readings of the feared ghost follow it: 68.2's blight 「鬼发于是，则为是灾」 and 88's omen
    (fixed: 田.鬼作 and 怪.鬼动 spoke on 豫之兑 before); moving alone they stay."""
    assert "田.鬼作" not in verdict_rules("田蚕", "豫之兑", "未", "乙巳")
    assert "怪.鬼动" not in verdict_rules("怪异", "豫之兑", "未", "乙巳")
    assert "怪.鬼动" not in verdict_rules("怪异", "同人之无妄", "子", "甲寅")
    assert not facts("田灾", "豫之兑", "未", "乙巳", question="田蚕")
    assert facts("田灾", "豫之萃", "未", "乙巳", question="田蚕") >= {("行", "蝗"), ("位", "风雨阻其结")}


def test_the_readings_of_the_illness_keep_the_moving_ghost():
    """56.31's own case: 巽之涣 on 辛酉, the 酉 ghost changing into 午 that controls it, 「然鬼动化入坎宫……
    中男相继而病」 -- 流灾 reads the ghost as it moves (stays)."""
    assert ("中男", "鬼化") in facts("流灾", "巽之涣", "寅", "辛酉", about="女")
