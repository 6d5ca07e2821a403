"""Chapter 76 谋望 read again (a fourth look): a plan asked as it is, or one that sends something
away, asks only whether it succeeds -- 「止问成否，但忌空冲」, 「谋事之去者，法以谋望而不求用神」 -- so
the 世 (the 应 of another's plan) counts only lost, never merely weak (an extinct 世 gives half, a
weak one cannot give less); a plan of one's own reads its 应 unless it is done by one's own strength
(「故自力可成，莫观其应」, 76.3 「求于人者应」); and 「随墓助鬼，则不利公廷」 rules only a matter of the
公廷.  Rows marked "fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import assert_lead, facts, verdict_rules


CHARTS = [
    # 76.3 「谋事之去者，法以谋望而不求用神」, 76.1 「止问成否，但忌空冲」: 姤's 丑 世 死气 in 寅, neither
    # void, broken, scattered nor extinct, the 午 官 present, no clash -- the plan is not undone by
    # the 世's weakness (fixed: 不成 by 用神断.凶陷 before) ...
    ("谋望", "877777", "寅", "丁卯", {"given": {"谋向": "去"}}, "成", "谋.问成"),
    # ... nor a profit plan sending something away (fixed) ...
    ("谋望.谋利", "877777", "寅", "丁卯", {"given": {"谋向": "去"}}, "成", "谋.问成"),
    # ... nor a plan asked as it is, which names no 用 (「谋文用父，谋利用财，释患用子」) (fixed).
    ("谋望", "877777", "寅", "丁卯", {}, "成", "谋.问成"),
    # stays: 「唯世应破绝，犹得其半」 -- 遁's 午 世 extinct on 己亥 is half a success, above the plain 成.
    ("谋望", "887777", "酉", "己亥", {}, "成", "谋.世破绝"),
    # stays: 「故六冲则不交」「世空散，则我意先慵」 -- 乾 is a 六冲, its 戌 世 void on 丁卯.
    ("谋望", "777777", "寅", "丁卯", {}, "不成", "谋.六冲"),
    # stays: a profit plan bringing something in seeks its 财 (「谋事之来者……并求用神」).
    ("谋望.谋利", "877777", "寅", "丁卯", {"given": {"谋向": "来"}}, "成", "谋.用旺"),
    # 76.1 「应空散，则彼心不附」 (「此五者之忌也」), 76.3 「求于人者应」, 26.6 「如谋望……应空，彼意不偕」:
    # 否's 戌 应 void on 丙寅 in a plan of one's own dealing with another (fixed: 成 全吉 before) ...
    ("谋望", "888777", "寅", "丙寅", {"given": {"谋交": "有"}}, "不成", "谋.应空散"),
    # ... and with nothing said of the dealing, the five taboos stand whole (fixed).
    ("谋望", "888777", "寅", "丙寅", {}, "不成", "谋.应空散"),
    # stays: 「故自力可成，莫观其应」 -- a plan dealing with no one does not read its 应.
    ("谋望", "888777", "寅", "丙寅", {"given": {"谋交": "无"}}, "成", None),
    # 76.2 「随墓助鬼，则不利公廷」: 咸 on a 寅 day (助鬼伤身), the 应 entrusted and no matter of the 公廷
    # said -- the 应's 有玷 answers (fixed: 不成 by 嘱托.随助 before) ...
    ("谋望.嘱托", "887778", "巳", "丙寅", {}, "成", "用神断.有玷"),
    # ... said to be of the 公廷, it is 凶 (new given) ...
    ("谋望.嘱托", "887778", "巳", "丙寅", {"given": {"嘱事": "公廷"}}, "不成", "嘱托.随助"),
    # stays: an official entrusted (「或用官」, 83.15 「若问官倩」) -- the 公廷's matter; his 官 克世 too.
    ("谋望.嘱托", "887778", "巳", "丙寅", {"about": "官"}, "不成", "嘱托.随助"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_whose_ying_the_plan_reads():
    """谋观应: another's plan (彼); one's own unless done by one's own strength alone (交)."""
    assert facts("谋观应", "888777", "寅", "丙寅", question="谋望") == {("交",)}
    assert facts("谋观应", "888777", "寅", "丙寅", question="谋望", given={"谋交": "无"}) == set()
    assert facts("谋观应", "888777", "寅", "丙寅", question="谋望", about="友") == {("彼",)}


def test_a_private_entrusting_has_no_court_ruling():
    """「不利公廷」: a private matter said so, even with an official entrusted, takes no 嘱托.随助."""
    assert "嘱托.随助" not in verdict_rules("谋望.嘱托", "887778", "巳", "丙寅", about="官", given={"嘱事": "私"})
