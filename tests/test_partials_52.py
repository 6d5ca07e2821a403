"""52.5 「然亦必考用神为先，而后系焉。如官旺临元武，则为杰士，官绝临玄武，则为奸人，余仿此」: the spirit on
the spouse's 用神 gives its 才情, and the 用神's strength turns it -- the example splits the 女-side
元武's 「奸雄之性」 into 杰士 (旺) and 奸人 (绝); 「余仿此」 reads every other spirit the same way, at its
best when the 用神 is 旺 and at its worst when it is 绝, shown with the chapter's own words for the
two sides (52.4 「旺从其长，衰见其短也」; 52.6 「盖皆以用神虚实为言也」).  Charts worked by hand from the
clause's general statement: 乾 has its 妻财 寅 on line 2 and its 官鬼 午 on line 4, and the day stem
sets the spirits (甲乙 青龙 on line 1, 丙丁 朱雀, 戊 勾陈, 庚辛 白虎, 壬癸 元武).  The rows marked
"fixed" failed on the rulebook before 「余仿此」 was encoded; those marked "stays" kept their answer."""

from __future__ import annotations

import pytest

from handcharts import answers, readings


AXIS = "by 婚象(象)"

# (question, cast, month, day, options, shown, not shown, the rule that shows it)
CHARTS = [
    # 男占女, 「财值青龙，形骸秀丽」: a 壬 day puts 青龙 on line 2, the 财 寅; the 子 month generates wood
    # (相): the trait read at its best (fixed).
    ("婚姻", "乾", "子", "壬午", {"side": "男"}, "形骸秀丽（旺从其长）", "形骸秀丽（衰见其短）", "婚情.旺"),
    # The same 财 on a 申 day, where wood is at 绝, in a 午 month (wood 休): at its worst (fixed).
    ("婚姻", "乾", "午", "壬申", {"side": "男"}, "形骸秀丽（衰见其短）", "形骸秀丽（旺从其长）", "婚情.绝"),
    # Neither 旺相 nor 绝 (午 month, 午 day: wood 休 and 死): the trait as it stands, unturned (stays).
    ("婚姻", "乾", "午", "壬午", {"side": "男"}, "形骸秀丽", "形骸秀丽（旺从其长）", "婚情.神"),
    # 「元武是风流之宿」 (男占女) is among 「余」 too: a 庚 day puts 元武 on line 2; 寅 相 in 子 (fixed).
    ("婚姻", "乾", "子", "庚寅", {"side": "男"}, "风流（旺从其长）", "风流（衰见其短）", "婚情.旺"),
    # 女占男, 「白虎乃武勇之夫」: a 丙 day puts 白虎 on line 4, the 官 午, 旺 in the 午 month (fixed).
    ("婚姻", "乾", "午", "丙午", {"side": "女"}, "武勇之夫（旺从其长）", "武勇之夫（衰见其短）", "婚情.旺"),
    # The 官 午 on a 亥 day (fire 绝) in a 酉 month (fire 囚): at its worst (fixed).
    ("婚姻", "乾", "酉", "丁亥", {"side": "女"}, "武勇之夫（衰见其短）", "武勇之夫（旺从其长）", "婚情.绝"),
    # A 巳 day: fire not 绝 and the 酉 month not 旺相: the trait unturned (stays).
    ("婚姻", "乾", "酉", "丁巳", {"side": "女"}, "武勇之夫", "武勇之夫（衰见其短）", "婚情.神"),
    # 旺 in the month and 绝 on the day: the 官 午 旺 in 午 on a 丁亥 day (白虎 on line 4) is 绝而不绝
    # (22's 月将.绝而不绝 defeats its 日绝), so it is read at its best only, never both sides (fixed).
    ("婚姻", "乾", "午", "丁亥", {"side": "女"}, "武勇之夫（旺从其长）", "武勇之夫（衰见其短）", "婚情.旺"),
    # The example itself keeps its own words: 「如官旺临元武，则为杰士」 -- a 戊 day puts 元武 on line 4,
    # the 官 午 旺 in 午 -- and no 「奸雄之性」 turned by 52.4's words (stays).
    ("婚姻", "乾", "午", "戊午", {"side": "女"}, "杰士", "奸雄之性（旺从其长）", "婚情.杰士"),
]


def shown_by(question, cast, month, day, options, word):
    """The rules that show `word` on the 婚象 reading axis of the chart."""
    row = next(a for a in answers(question, cast, month, day, **options) if a["axis"] == AXIS)
    return {r["rule"] for r in row["decided_by"] if r["word"] == word}


@pytest.mark.parametrize("question, cast, month, day, options, shown, absent, rule", CHARTS)
def test_hand_chart(question, cast, month, day, options, shown, absent, rule):
    words = readings(question, cast, month, day, AXIS, **options)
    assert shown in words, words
    assert absent not in words, words
    assert rule in shown_by(question, cast, month, day, options, shown)


def test_a_spirit_is_turned_only_on_the_use_god():
    """「必考用神为先，而后系焉」: the turn hangs on the 用神's own line -- on the man's side the 财 寅
    (line 2), not the 官 午 (line 4), so a 午 官 旺 on 白虎 (丙午 in 午) gives no 武勇之夫 at all, and
    the 财's 勾陈 (line 2) is read unturned (wood 死 at 午, 休 in 午)."""
    words = readings("婚姻", "乾", "午", "丙午", AXIS, side="男")
    assert not any(w.startswith("武勇之夫") for w in words)
    assert "持重寡言" in words and not any(w.startswith("持重寡言（") for w in words)
