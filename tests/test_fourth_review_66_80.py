"""Chapters 66 收雇 and 80 河防 read again (a fourth look): a woman hired for silkworms is read by the
财 and the hiring still by the 应 (66.3 「财不可坏，雇倩从应，应不可病」); before a servant is taken only
三冲 and the 财's ills are feared (66.1 「止忌三冲财病」), so a moving line between the 世 and the 应 or a
void 世 stands below the strong 财's own signs, as 二父二官 already did; 防夺 and 防非 are answered by
the signs the book names for them (「应克世而被争」, 「官动官克而被讼」), not by the 应's own grade; and
the flood, read 「同于防患」, has no 鬼克 from a ghost void or broken (36.1 「然官鬼遇空破者弗能伤」).
Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 66.3 「倩蚕织之妇，妇女从财，财不可坏，雇倩从应，应不可病」: 大有's 寅 财 相 in the 亥 month, but the
    # 巳 应 broken by it -- the hiring is spoiled (fixed: 成 by the 财's 全吉 before); in a 寅 month the
    # 应 is whole and the 财 decides (stays).
    ("收雇.倩人", "777787", "亥", "甲子", {"about": "妇"}, "不成", "倩人.妇应病"),
    ("收雇.倩人", "777787", "寅", "甲子", {"about": "妇"}, "成", "用神断.全吉"),
    # 66.1 「故未收而占臧否，止忌三冲财病，虽克不嫌」 with 66.3 「世空我疑，间动防阻也」: 大有之大畜's 寅 财
    # 临月 and 长生 on 乙亥 controls the 世, and the 酉 between the 世 and the 应 moves -- the strong 财
    # decides (fixed: 凶 by 收雇.间动 before); on 辛酉 in a 卯 month the 财 is not strong and the
    # hindrance still counts (stays).
    ("收雇", "777987", "寅", "乙亥", {}, "吉", "收仆.财旺克世"),
    ("收雇", "777987", "卯", "辛酉", {}, "凶", "收雇.间动"),
    # 66.3 「人可信矣，不为夺乎，应克世而被争」: 大有's 巳 应 broken by the 亥 month does not control the
    # 辰 世 -- no rival claims him (fixed: 凶 by the 应's 凶陷 before); 蒙's 应 controlling the 世 (stays).
    ("收雇.防夺", "777787", "亥", "甲子", {}, "吉", "防夺.不争"),
    ("收雇.防夺", "蒙", "午", "辛卯", {}, "凶", "防夺.应克世"),
    # 66.3 「人可用矣，不受非乎，官动官克而被讼」: the same chart, no ghost moving or controlling the 世 (fixed:
    # 凶 by the 应's 凶陷 before); 革's ghost controlling the 世 (stays).
    ("收雇.防非", "777787", "亥", "甲子", {}, "吉", "防非.无讼"),
    ("收雇.防非", "革", "丑", "乙未", {}, "凶", "防非.官克"),
    # 80.1 「故防河而治筑，同于防患，不泥水象，专察官爻」 with 36.1 「然官鬼遇空破者弗能伤」: 晋's two 巳
    # ghosts are void on 丁酉 and controlled by the 子 month -- they control the 酉 世 to no effect
    # (fixed: 凶 「鬼克」 before); on 癸酉 they are not void and harm it (stays).
    ("河防", "888787", "子", "丁酉", {}, "吉", "水患.鬼无"),
    ("河防", "888787", "子", "癸酉", {}, "凶", "水患.鬼"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_a_void_ghost_is_no_ghost_controlling_the_shi():
    """80.1 「故鬼旺、鬼克、鬼动、随墓、助伤」 read 「同于防患」: 晋's void 巳 ghosts give no 鬼克 on 丁酉
    (fixed) and do on 癸酉 (stays); the dike is then judged by its 父 alone, not by 堤防.鬼."""
    assert ("鬼克",) not in facts("河防鬼", "888787", "子", "丁酉", question="河防")
    assert ("鬼克",) in facts("河防鬼", "888787", "子", "癸酉", question="河防")
    assert "堤防.鬼" not in verdict_rules("河防.堤防", "888787", "子", "丁酉")
    assert "堤防.鬼" in verdict_rules("河防.堤防", "888787", "子", "癸酉")


def test_the_ying_of_a_hired_woman_is_read_beside_her_cai():
    """66.3 「雇倩从应，应不可病」 is read only where the 财 stands for the woman: asked of a hired hand (the
    应 itself the 用神) the 应's ills are 雇工.应破绝 and 雇工.应空散, not this rule."""
    assert "倩人.妇应病" in verdict_rules("收雇.倩人", "777787", "亥", "甲子", about="妇")
    assert "倩人.妇应病" not in verdict_rules("收雇.倩人", "777787", "亥", "甲子")
