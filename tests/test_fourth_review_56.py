"""56.18 「筮人疾，应乃用神，随墓反伏墓绝，虽生，而一不可遇也」: another's illness by the 应, and the 应
that is the ghost in its tomb on the day is not cured, whatever its strength -- as 57.5 reads the same
sentence (「应坏随墓，其病不治」).  剥 asked for a stranger on a 戌 day: the 应 is the 巳 ghost, entombed
(fixed: 愈 by the 用神's grade before); on a 子 day it is not (stays)."""

from handcharts import lead


def test_anothers_illness_the_ying_in_the_ghosts_tomb_is_not_cured():
    assert lead("疾病", "888887", "寅", "丙戌", about="他") == ("不愈", {"疾病.不治"})


def test_the_same_ying_out_of_its_tomb_follows_its_grade():
    word, _ = lead("疾病", "888887", "寅", "丙子", about="他")
    assert word == "愈"
