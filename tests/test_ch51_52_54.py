"""Chapters 51 家宅, 52 婚姻 and 54 抚养: for each sub-question a chart where the book's answer goes
one way and one where it goes the other, through `engine.judge`."""

from __future__ import annotations

from functools import lru_cache

import engine


@lru_cache(maxsize=None)
def judged(question: str, hexagram: str, month: str, day: str, about: str | None = None, asker: str | None = None,
           birth_year: str | None = None):
    return engine.judge(question=question, hexagram=hexagram, month=month, day=day, about=about, asker=asker,
                        birth_year=birth_year)


def answer(j, axis_word: str) -> str:
    """The answer on the axis that contains `axis_word` (安 / 不安, 兴 / 败 …), or in its own kind
    (`by PRED(ARG)`)."""
    return next(a["answer"] for a in j.answers() if axis_word in a["axis"])


def rules(j) -> set[str]:
    return {v["rule"] for v in j.verdicts() if not v["defeated_by"]}


# --- 51 家宅 -------------------------------------------------------------------------------------
# 革之咸 (坎宫 水) on 甲子 in a 午 month: the 世 (line 4 亥) is void; line 1 子孙 卯 changes into the ghost
# 丙辰 in 艮 (51.4's own example).

def test_household_trouble_when_the_master_is_void_and_a_line_turns_ghost():
    j = judged("家宅.灾祥", "革之咸", "午", "甲子")
    assert answer(j, "安 / 不安") == "不安"
    assert {"灾祥.世灾", "灾祥.化鬼"} <= rules(j)
    assert "少男" in answer(j, "宅灾人") and "卑幼" in answer(j, "宅灾人")


def test_household_at_peace_when_no_ghost_moves_and_the_master_is_firm():
    # 泰 static; the 世 辰 (line 3) stands on the 辰 month, the 应 酉 is sound: 「卦宁世实」.
    j = judged("家宅.灾祥", "泰", "辰", "甲子")
    assert answer(j, "安 / 不安") == "安"
    assert "灾祥.卦宁世实" in rules(j)


def test_moving_ghost_names_its_trouble_its_quarter_and_its_people():
    # 小过之恒 (兑宫 游魂) moves line 2 (午 官鬼, in the inner 艮): a fire ghost in 艮 -- 回禄 (51.1),
    # 坟墓有疑 (51.2), the north-east (51.6), the 少男 (51.4) and, on line 2, the wife (51.6).
    j = judged("家宅.灾祥", "小过之恒", "子", "甲子")
    assert answer(j, "安 / 不安") == "不安"
    assert {"防回禄", "坟墓有疑"} <= set(answer(j, "宅灾(象)").split("、"))
    assert answer(j, "宅凶方") == "东北"
    assert {"少男", "妻妾"} <= set(answer(j, "宅灾人").split("、"))


def test_household_fortune_people_over_house_and_house_over_people():
    # 大壮: inner 乾 (金) controls outer 震 (木): 人克宅吉.  无妄: outer 乾 controls inner 震: 宅克人凶.
    assert answer(judged("家宅.兴败", "大壮", "寅", "甲午"), "兴 / 败") == "兴"
    assert answer(judged("家宅.兴败", "无妄", "寅", "甲午"), "兴 / 败") == "败"


# --- the judge input 婚方 (--side), for 52 -----------------------------------------------------

def test_side_is_a_question_input_and_bad_values_are_one_line_errors(capsys):
    from engine.cli import main

    j = engine.judge(question="家宅", hexagram="泰", month="辰", day="甲子", side="女")
    assert j.question.side == "女" and j.to_dict()["question"]["side"] == "女"
    assert ("婚方", ("女",)) in {(f.predicate, f.values) for f in j.question.facts()}
    assert main(["judge", "--question", "家宅", "--hexagram", "泰", "--month", "辰", "--day", "甲子", "--side", "男女"]) == 2
    err = capsys.readouterr().err
    assert "--side" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
