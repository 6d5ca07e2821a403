"""Chapter 44 征伐: the sub-questions no test named -- each on a chart where the book's answer is one
way and one where it is the other, with the ruling that decides it.

44.4 「问城攻守，兵行水陆，战利迟速，及遣将用计，意在必胜，皆以世应占之」 and 44.9 「彼困我救，断如用师」
send 攻守 水陆 迟速 遣将 问守 讨战 救援 to the 世 and the 应 (44.2 「世克应则胜」, 「应克世则负」);
44.5 「时日利战，得时而我利」; 44.7 「用火如用计，鬼动则谋败焉」; 44.4 「君蓍任将，亦如用间之法」 (拜将
judged as the spy: 「应爻克冲世位，乃反奸之徒」), the general read by the 应 (「当以宾应辨也」)."""

from __future__ import annotations

import pytest

from handcharts import assert_lead

CHARTS = [
    ("征伐.攻守", "渐", "申", "戊戌", "胜", "征伐.世克应"),
    ("征伐.攻守", "噬嗑", "亥", "癸酉", "负", "征伐.应克世"),
    ("征伐.水陆", "剥", "申", "辛未", "胜", "征伐.世克应"),
    ("征伐.水陆", "离", "申", "癸未", "负", "征伐.应克世"),
    ("征伐.迟速", "颐", "戌", "丁未", "胜", "征伐.世克应"),
    ("征伐.迟速", "大过", "丑", "戊戌", "负", "征伐.应克世"),
    ("征伐.遣将", "屯", "寅", "甲申", "胜", "征伐.世克应"),
    ("征伐.遣将", "蒙", "亥", "己亥", "负", "征伐.应克世"),
    ("征伐.问守", "颐", "巳", "戊辰", "胜", "征伐.世克应"),
    ("征伐.问守", "噬嗑", "亥", "甲寅", "负", "征伐.应克世"),
    ("征伐.讨战", "萃", "子", "丙午", "胜", "征伐.世克应"),
    ("征伐.讨战", "艮", "戌", "己巳", "负", "征伐.应克世"),
    ("征伐.救援", "蛊", "酉", "丙戌", "胜", "征伐.世克应"),
    ("征伐.救援", "益", "申", "丁卯", "负", "征伐.应克世"),
    # 「时日利战，得时而我利」: 升's 世 丑 in its own 丑 month.
    ("征伐.时日", "升", "丑", "丙子", "胜", "时日.世得时"),
    ("征伐.时日", "大壮", "辰", "戊戌", "负", "征伐.应克世"),
    # 「用火如用计，鬼动则谋败焉」: 乾 with its 午 官鬼 (line 4) moving, on a 午 day (the 世 戌 not void).
    ("征伐.火攻", "节", "子", "辛卯", "胜", "征伐.世克应"),
    ("征伐.火攻", "777977", "寅", "甲午", "负", "火攻.鬼动"),
    # 拜将 as 用间: 噬嗑's 应 寅 (line 2, on the 寅 day) controls the 世 未 (line 5) -- a turncoat; 颐 in
    # 子 on 丙戌: the 应 whole and strong (用神断.全吉 on the 应, the man trusted).
    ("征伐.拜将", "噬嗑", "亥", "壬寅", "凶", "用间.应克世"),
    ("征伐.拜将", "颐", "子", "丙戌", "吉", "用神断.全吉"),
]


@pytest.mark.parametrize("question, cast, month, day, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, expected, deciding):
    assert_lead(question, cast, month, day, {}, expected, deciding)
