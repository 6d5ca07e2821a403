"""Chapters 65 诚伪, 69 六畜 and 70 户籍 read again on hand-built charts (a fourth look).  65: the
change of a moving 用神 generates and controls by ch. 11's 变生 / 变克, and a void or broken change does
neither (11.7 「而变爻不能避于旬空月破」); the man's sincerity asked beside his feeling (喜怒) or his
help or harm (害助) is read by the chapter's own rules (「人心之诚伪喜怒」); a thing's 用神 weak is the
thing wanting (65.2 「有无完缺，以用神衰旺、虚实、破散断之」).  69: the pot (41.6 「噬嗑鼎颐，占畜而主
烹」) is not the end of the ox and the horse, which are not slaughtered (69.2 「盖耕牛厩马，纵病而弗屠
也」).  70: paying the levy and the overdue levy are read by the 官 alone (「交纳易乎，官克世而难也」,
「违限安乎，鬼动官克而危也」, under 70.1's 「止畏征科之累也」); a lodging whose 应 controls the 世 is
「多累」 and one under the clashes 「不久」, each in its own word.  Rows marked "fixed" failed before;
"stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, assert_lead, on_axis, verdict_rules


CHARTS = [
    # 65.1 「化于克冲官鬼，恶而宜避」 with 11.7 「而变爻不能避于旬空月破」: 谦之升's moving 午 应 changes into
    # 亥, void on 丙寅 -- it controls nothing; the change is still a 子孙, 「化于生扶子孙，善而可亲」
    # (fixed: 伪 by 诚伪.化克 before).  On 甲戌 the 亥 is whole and controls the 午 (stays).
    ("诚伪", "867888", "寅", "丙寅", {}, "诚", "诚伪.化子孙"),
    ("诚伪", "867888", "寅", "甲戌", {}, "伪", "诚伪.化克"),
    # 「化于生扶子孙，善而可亲」 against 「用动则其操不笃」: 乾之履's moving 辰 应 changes into 丑, of its own
    # phase but void on 丙辰 -- no 扶, the moving man stays unsteady (fixed: 诚 before); on 丙午 the 丑
    # is whole and holds him up (stays).
    ("诚伪", "779777", "午", "丙辰", {}, "伪", "诚伪.用动"),
    ("诚伪", "779777", "午", "丙午", {}, "诚", "诚伪.化生扶"),
    # 65.2 「有无完缺，以用神衰旺、虚实、破散断之」: 姤's 午 官鬼 (妖孽) 囚 in 申, unhelped by the 庚申 day and
    # unspoiled -- 衰, the thing wanting (缺, on the side 「无 缺」, shown by its first word; fixed: 有 by
    # the grade 全吉 before); in the 午 month it is 旺, whole (stays).
    ("诚伪.测物", "877777", "申", "庚申", {"about": "妖孽"}, "无", "测物.衰"),
    ("诚伪.测物", "877777", "午", "庚申", {"about": "妖孽"}, "有", "测物.旺"),
    # 69.2 「而白虎无拘，盖耕牛厩马，纵病而弗屠也」 with 41.6 「噬嗑鼎颐，占畜而主烹」: 噬嗑 asked of the ox and
    # the horse -- not slaughtered, the pot is not their end; the 午 子孙 on line 6 is 旺 (fixed: 凶 by
    # 六畜.主烹 before); asked of a beast in general the pot stands (stays).
    ("六畜.马牛", "788787", "午", "甲子", {}, "吉", "畜身.旺肥"),
    ("六畜", "788787", "午", "甲子", {}, "凶", "六畜.主烹"),
    # 70.2 「交纳易乎，官克世而难也」 (70.1 「止畏征科之累也」; 36.1 「然官鬼遇空破者弗能伤」): 泰's 寅 官 broken
    # by the 申 month controls nothing -- paying is easy, whatever the 辰 世's own grade (fixed: 难 by
    # 用神断.凶陷 before); in the 寅 month the 官 is whole and controls the 世 (stays).
    ("户籍.交纳", "777888", "申", "辛酉", {}, "易", "交纳.官不克"),
    ("户籍.交纳", "777888", "寅", "辛酉", {}, "难", "交纳.官克世"),
    # 「违限安乎，鬼动官克而危也」: the same broken 寅, no ghost moving (fixed: 危 by 用神断.凶陷 before);
    # whole in 寅 it controls the 世 (stays).
    ("户籍.违限", "777888", "申", "辛酉", {}, "安", "违限.鬼静不克"),
    ("户籍.违限", "777888", "寅", "辛酉", {}, "危", "违限.官克"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def test_the_mans_sincerity_is_read_beside_his_feeling():
    """65.1 「人心之诚伪喜怒」, 「用空则不实」: 姤's 午 应 void on 甲申 -- asked of his feeling or of his help or
    harm, the question's own axis (answered beside the 平 sub-question) is his sincerity, read as when
    it is asked alone: 伪 by 诚伪.用病 (fixed: 诚 by the grade 安空 before).  A thing (测物) is no man's
    heart: no sincerity is read there (stays)."""
    alone = on_axis("诚伪", "877777", "酉", "甲申", "诚伪")
    assert alone == ("伪", {"诚伪.用病": "伪"})
    for sub in ("诚伪.喜怒", "诚伪.害助"):
        assert on_axis(sub, "877777", "酉", "甲申", "诚伪") == alone
    assert "诚伪.用病" not in verdict_rules("诚伪.测物", "877777", "酉", "甲申", about="妖孽")
    assert all(a["sub_question"] != "诚伪" for a in answers("诚伪.测物", "877777", "酉", "甲申", about="妖孽"))


def test_a_lodging_is_burdened_or_short_not_refused():
    """70.2 「应空不容，克世多累，世空无成，三冲不久」: 复's 应 (4, 丑) whole and controlling the 子 世 -- the
    lodging is taken in, to one's cost: 累 (fixed: 凶 before); 乾, 六冲, its 应 辰 whole and not
    controlling the 世 -- 不久 (fixed: 凶 before); 坤's 应 卯 void on 丁未 -- not taken in: 不成 (stays).
    The answer shows the side by its first word (不成)."""
    assert on_axis("户籍.寄户", "788888", "午", "丙寅", "户籍.寄户") == ("不成", {"寄户.克世": "累"})
    assert on_axis("户籍.寄户", "乾", "午", "丙午", "户籍.寄户") == ("不成", {"寄户.三冲": "不久"})
    word, deciding = on_axis("户籍.投图", "坤", "午", "丁未", "户籍.投图")
    assert word == "不成" and deciding.get("寄户.应空") == "不成", deciding
