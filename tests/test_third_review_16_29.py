"""Chapters 16 进退, 17 有无 and 29 独发 read against the text on charts worked by hand (a third
review): an advance that is 不进 or 不能进 and a retreat that is 不退 are none in the question chapters
too (16.2-16.3); a hidden 用神 is 本无, never 本有而无 (17.2 「用虽上卦」); asked for the year of
success, the lone moving or static 用神 names the year of its own branch (29.2-29.3); and a lone line
that is the 用神 times the traveller's coming first (78.4 「若临用神，更为验占」, 29.4).  Rows marked
"fixed" failed before; "stays" kept their answer."""

from __future__ import annotations

import pytest

import yimao
from handcharts import answers, assert_lead, readings, judged


CHARTS = [
    # 16.3 「寅建丙戌日用父，得乾之夬，戌乃日辰，物无可伤，虽化未空，亦不退也」: the 戌 父 on the day does
    # not retreat, so 78.2 「动化退神，班马而不进」 does not speak against his coming (fixed: 未决 before).
    ("行人", "乾之夬", "寅", "丙戌", {"about": "父"}, "来", None),
    # 16.3 「盖动休囚而变休囚……谓之实退」 with 77.3 「化退者不行」: on a 丙子 day the 戌 世, 死 in the 寅
    # month and on neither day nor month, truly retreats (stays).
    ("出行.成行", "乾之夬", "寅", "丙子", {}, "不出", "出行.世化退"),
    # 29.4 「巳建乙丑日占子归，得睽之咸，而应丁卯日至」 with 78.4 「若临用神，更为验占」: the lone static 酉
    # is the 用神 (fixed: the rule did not exist; timed below).
    ("行人", "睽之咸", "巳", "乙丑", {"about": "子"}, "来", "行人.独静切"),
    # 29.3 「酉建甲子日卜子归期，得夬之大过」: the lone mover (line 1) is not the 用神 (the 酉 子孙 on line 5):
    # 78.4's 「若临用神」 does not apply (stays, timed below).
    ("行人", "夬之大过", "酉", "甲子", {"about": "子"}, "来", "行人.无病来"),
]


@pytest.mark.parametrize("question, cast, month, day, options, expected, deciding", CHARTS)
def test_hand_chart(question, cast, month, day, options, expected, deciding):
    assert_lead(question, cast, month, day, options, expected, deciding)


def _rulings(question, cast, month, day, **options):
    """The rules whose rulings stand (undefeated) on a chart."""
    verdicts = judged(question, cast, month, day, **options).to_dict()["verdicts"]
    return {v["rule"] for v in verdicts if not v["defeated_by"]}


def _facts(predicate, lines, month, day, question):
    judged = yimao.judge(question=question, lines=lines, month=month, day=day)
    return {f.values for f in judged.chart.result.facts(predicate)}


def _timing(question, cast, month, day, **options):
    """The primary 应期 of the answer on the asked question's own axis."""
    row = next(a for a in answers(question, cast, month, day, **options) if not a["axis"].startswith("by "))
    return row["timing"]["primary"]["when"]


def test_no_advance_is_no_advance_in_the_question_chapters():
    """16.2 「卯建庚申日用父，得丰之革，申变酉者是不进，申乃日辰，酉已月破」: 63.4 「进神则上其名」 does
    not speak (fixed); on a 甲子 day the 申 is off the day, its 酉 advance holds (stays)."""
    assert "功名.进神" not in _rulings("功名", "丰之革", "卯", "庚申")
    assert "功名.进神" in _rulings("功名", "丰之革", "卯", "甲子")
    # 16.3's 不退 in 功名: 「退神则下其等」 does not speak on 乾之夬 in the 寅 month on the 丙戌 day (fixed)
    assert "功名.退神" not in _rulings("功名", "乾之夬", "寅", "丙戌")


def test_a_hidden_use_god_is_not_present_gone_absent():
    """17.2 「本有而无者，其法亦三：用虽上卦……死绝无救，衰遇旬空」: 姤 (877777) has no 妻财 on the
    cast; its hidden 寅 is 本无 (17.1), never 本有而无 -- only 「财利晚年忽遇」 (fixed: the reverse image
    stood beside it).  鼎's 酉 财 on the cast, 死 on a 子 day in a 午 month, unrescued, stays 本有而无."""
    assert not {f for f in _facts("本有而无", "877777", "卯", "丙午", "求财") if f[1] != "本"}
    assert readings("求财", "877777", "卯", "丙午", "by 有无兆(象)") == {"财利晚年忽遇"}
    assert (3, "本", "死绝") in _facts("本有而无", "877787", "午", "甲子", "求财")
    assert readings("求财", "877787", "午", "甲子", "by 有无兆(象)") == {"反此推之：财利晚年忽失"}


def test_the_lone_use_god_names_the_year_of_success():
    """29.2 「求名，遇丙戌父动而是岁反登科」, 29.3 「壬午年巳建甲戌日占功名得剥之晋……改丙戌而发乡科」:
    the 发年 is the 戌 year, not a 戌 day (fixed).  63.5 「酉建壬戌日得革，丑年发甲是也」 (stays)."""
    assert _timing("功名.发年", "剥之晋", "巳", "甲戌", year="壬午") == "戌年"
    assert _timing("功名.发年", "革", "酉", "壬戌") == "丑年"


def test_the_lone_use_god_times_the_travellers_coming():
    """29.4 「巳建乙丑日占子归，得睽之咸，而应丁卯日至」: the lone static 酉 用神 clashed by 卯 (fixed:
    酉日 by 78.3's 衰以旺至 before).  夬之大过: the lone mover is not the 用神; the static 酉 用神's clash
    day (78.4 「用处静者，遇冲而旋」) leads as before (stays)."""
    assert _timing("行人", "睽之咸", "巳", "乙丑", about="子") == "卯日"
    assert _timing("行人", "夬之大过", "酉", "甲子", about="子") == "卯日"
