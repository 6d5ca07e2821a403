"""What the asker states beside the chart (`given`, `--given NAME=VALUE`): the language and its
checks, the judge's inputs and their errors, the missing report, the web field, and the book's
rulings that turn on such a statement (76.3, 32.4, 89.1, 56.6, 78.10), each shown on a chart where
the statement changes the ruling and one where it does not."""

from __future__ import annotations

import json
from functools import cache

import pytest

import yimao
from yimao.cli import main
from yimao.errors import UsageError
from yimao.judge import parse_question
from yimao.rulebook import load_engine
from rulebooks import diagnostics, write

from test_judge import INPUTS  # the question inputs the judge tests use

BOOK = """\
chapter 76 谋望
question 谋望 chapter 76 "test"
§76.1 「夫谋事在人」
answer 谋望: 成 / 不成
rule 谋.用旺 when 爻(位: 1, 值: 9) then 断 成 "用旺"
§76.3 「谋事之去者，法以谋望而不求用神」
given 谋望 谋向(向): 来 / 去 "the plan brings something in or sends it away"
predicate 谋不求用(向)
rule 谋.去不求用 exception to 谋.用旺 when 谋向(向: 去) then 谋不求用(向: 去)
"""


def messages(found) -> list[str]:
    return [d.message for d in found]


# --- the language ---------------------------------------------------------------------------------

def test_a_given_declares_an_input_the_rules_read(tmp_path):
    assert diagnostics(tmp_path, BOOK, name="76-谋望.ym", inputs=INPUTS) == []
    engine = load_engine([tmp_path])
    declared = engine.program.declarations["谋向"]
    assert declared.kind == "input" and declared.params == ("向",)
    (given,) = engine.program.method.givens_for("谋望")
    assert given.values == ("来", "去") and given.citation.ref == "76.3"


def test_a_rule_fixing_a_value_the_given_does_not_list_is_an_error_at_the_value(tmp_path):
    text = BOOK + "rule 谋.错 when 谋向(向: 往) then 谋不求用(向: 去)\n"
    (found,) = diagnostics(tmp_path, text, name="76-谋望.ym", inputs=INPUTS)
    assert "往 is not one of the values `given 谋向` declares (来 / 去)" in found.message
    assert (found.span.line, found.span.column) == (text.count("\n"), text.splitlines()[-1].index("向: 往") + 1)


@pytest.mark.parametrize("line, wanted", [
    ("given 谋望, 无问 交(交): 有 / 无", "given 交: no question 无问 is declared"),
    ("given 谋望 交(交): 有 / 无 / 有", "given 交: the value 有 is listed twice"),
    ("given 谋望 谋向(向): 来 / 去", "predicate 谋向 is already declared"),
])
def test_bad_givens_are_reported(tmp_path, line, wanted):
    found = messages(diagnostics(tmp_path, BOOK + line + "\n", name="76-谋望.ym", inputs=INPUTS))
    assert len(found) == 1 and wanted in found[0], found


def test_a_given_needs_its_paragraph_and_its_rules_raise_no_further_error(tmp_path):
    text = BOOK.replace("§76.3 「谋事之去者，法以谋望而不求用神」\n", "").replace("§76.1 「夫谋事在人」\n", "")
    text = text.replace('answer 谋望: 成 / 不成\nrule 谋.用旺', '§76.1\nanswer 谋望: 成 / 不成\nrule 谋.用旺')
    text = text.replace("given 谋望", "§76.2 narrative \"story\"\ngiven 谋望")
    found = messages(diagnostics(tmp_path, text, name="76-谋望.ym", inputs=INPUTS))
    assert found and all("has no citation" in m for m in found), found
    assert any(m.startswith("given has no citation") for m in found)


# --- the judge's input ----------------------------------------------------------------------------

def judge(tmp_path, capsys, *given):
    write(tmp_path, BOOK, name="76-谋望.ym", inputs=INPUTS)
    argv = ["judge", "--rulebook", str(tmp_path), "--json", "--question", "谋望", "--lines", "977777"]
    argv += [f"--given={g}" for g in given]
    assert main(argv) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_statement_reaches_the_rules_and_the_output(tmp_path, capsys):
    data = judge(tmp_path, capsys, "谋向=去")
    assert data["question"]["given"] == {"谋向": "去"}
    assert {v["rule"]: v["defeated_by"] for v in data["verdicts"]} == {"谋.用旺": "谋.去不求用"}
    assert data["missing"] == [] or not any("谋向" in m for m in data["missing"])
    data = judge(tmp_path, capsys, "谋向=来")
    assert data["answers"][0]["answer"] == "成" and data["question"]["given"] == {"谋向": "来"}


def test_unstated_the_rules_reading_it_wait_and_the_judgement_names_it(tmp_path, capsys):
    data = judge(tmp_path, capsys)
    assert data["question"]["given"] == {}
    assert data["answers"][0]["answer"] == "成"  # 76.1's general rule stands; the exception waits
    assert "谋向 (--given 谋向=来|去) needed by 谋.去不求用" in data["missing"]


@pytest.mark.parametrize("given, wanted", [
    ("谋向", "--given takes NAME=VALUE"),
    ("=来", "--given takes NAME=VALUE"),
    ("谋向=往", "--given 谋向 takes 来 / 去, not '往'"),
    ("交=有", "--given 交: 谋望 takes no such statement (it takes: 谋向)"),
])
def test_bad_statements_are_one_line_and_exit_2(tmp_path, capsys, given, wanted):
    write(tmp_path, BOOK, name="76-谋望.ym", inputs=INPUTS)
    argv = ["judge", "--rulebook", str(tmp_path), "--question", "谋望", "--lines", "977777", f"--given={given}"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert wanted in err and "\n" not in err and "Traceback" not in err


def test_a_statement_given_twice_differently_is_refused(tmp_path):
    write(tmp_path, BOOK, name="76-谋望.ym", inputs=INPUTS)
    program = load_engine([tmp_path]).program
    with pytest.raises(UsageError, match="stated twice, as 来 and 去"):
        parse_question(program, "谋望", given=["谋向=来", "谋向=去"])
    assert parse_question(program, "谋望", given={"谋向": "去"}).given == (("谋向", "去"),)


def test_given_needs_question(tmp_path, capsys):
    write(tmp_path, BOOK, name="76-谋望.ym", inputs=INPUTS)
    assert main(["facts", "--rulebook", str(tmp_path), "--lines", "977777", "--given", "谋向=来"]) == 2
    assert capsys.readouterr().err.strip() == "yimao: --given needs --question"


def test_the_catalog_lists_what_each_question_takes(capsys):
    assert main(["questions", "--json"]) == 0
    rows = {row["question"]: row for row in json.loads(capsys.readouterr().out)["questions"]}
    assert {g["name"]: (g["values"], g["cite"]) for g in rows["谋望"]["given"]} == {
        "谋向": (["来", "去"], "76.3"), "谋交": (["有", "无"], "76.3"), "嘱求": (["文", "利", "患"], "76.3"),
        "嘱事": (["公廷", "私"], "76.2")}
    assert [g["name"] for g in rows["求财"]["given"]] == ["财本"]
    assert rows["功名"]["given"] == []


def test_the_web_form_takes_several_statements_in_one_field():
    from yimao.web.app import create_app

    client = create_app().test_client()
    assert 'name="given"' in client.get("/").get_data(as_text=True)
    query = {"hexagram": "豫之萃", "month": "未", "day": "乙巳", "question": "谋望", "given": "谋向=去 谋交=无"}
    text = client.get("/judge", query_string=query).get_data(as_text=True)
    assert "谋向 去" in text and "谋交 无" in text and "谋.去不求用" in text
    bad = client.get("/judge", query_string={**query, "given": "谋向=往"})
    assert bad.status_code == 400 and "--given 谋向 takes 来 / 去" in bad.get_data(as_text=True)


# --- the book's rulings that turn on a statement ------------------------------------------------------

@cache
def standing(question, hexagram, month, day, **given):
    """The rulings of the judgement (rule -> the exception that defeated it, or None) and its answer."""
    judgement = yimao.judge(question=question, hexagram=hexagram, month=month, day=day, given=given,
                            engine=load_engine())
    answer = next(a for a in judgement.answers() if not a["axis"].startswith("by "))
    return {v["rule"]: v["defeated_by"] for v in judgement.verdicts()}, answer["answer"]


def test_76_3_a_plan_that_sends_away_seeks_no_use_god():
    """「谋事之来者，法以谋望而并求用神，谋事之去者，法以谋望而不求用神」"""
    rules, _ = standing("谋望", "豫之萃", "未", "乙巳", 谋向="去")
    assert rules["谋.用旺"] == "谋.去不求用"
    for given in ({}, {"谋向": "来"}):
        rules, _ = standing("谋望", "豫之萃", "未", "乙巳", **given)
        assert rules["谋.用旺"] is None


def test_76_3_a_plan_that_deals_with_no_one_fears_no_clash():
    """「有交忌冲，无交不忌冲」: 乾 is 六冲."""
    rules, _ = standing("谋望.释患", "乾", "辰", "庚戌", 谋交="无")
    assert rules["谋.六冲"] == "谋.无交不忌六冲"
    for given in ({}, {"谋交": "有"}):
        rules, answer = standing("谋望.释患", "乾", "辰", "庚戌", **given)
        assert rules["谋.六冲"] is None and answer == "不成"


def test_32_4_profit_without_a_ghost_is_told_by_the_capital():
    """「求财无鬼，须分主客，同本而权落他人，空拳而我无遭遇也」: 乾之坤 in 寅, 甲子 reckons no 官鬼."""
    rules, _ = standing("求财", "乾之坤", "寅", "甲子", 财本="同本")
    assert "官鬼.求财同本无鬼" in rules and "官鬼.求财空拳无鬼" not in rules
    rules, answer = standing("求财", "乾之坤", "寅", "甲子", 财本="空拳")
    assert "官鬼.求财空拳无鬼" in rules and answer == "不得"
    rules, _ = standing("求财", "乾之坤", "寅", "甲子")
    assert not {"官鬼.求财同本无鬼", "官鬼.求财空拳无鬼"} & set(rules)
    # a chart with its ghost: neither, whatever is said
    rules, _ = standing("求财", "乾", "寅", "甲子", 财本="同本")
    assert "官鬼.求财同本无鬼" not in rules


def test_89_1_harm_with_no_known_source_reads_the_ghost_alone():
    """「忧害而有指，则兼应爻，忧害而无指，则专鬼象」, but 出往 keeps the 应 (「而鬼应俱不可克世也」)."""
    rules, _ = standing("防患", "蒙", "寅", "甲子", 害指="无")
    assert rules["防患.应克世"] == "防患.无指不论应"
    for given in ({}, {"害指": "有"}):
        assert standing("防患", "蒙", "寅", "甲子", **given)[0]["防患.应克世"] is None
    rules, answer = standing("防患.出往", "蒙", "寅", "甲子", 害指="无")
    assert rules["出往.应克世"] is None and answer == "不可往"
    # nor is a spoiled 应 read as 「无实害」 (蒙 on 丁酉: the 应 that controls the 世 is spoiled)
    assert standing("防患", "蒙", "申", "丁酉")[0]["防患.虚应"] is None
    assert standing("防患", "蒙", "申", "丁酉", 害指="无")[0]["防患.虚应"] == "防患.无指不论虚应"


def test_56_6_the_earth_ghost_by_region():
    """「大抵东南土薄，有犯土忌，禳土得生者，十有六七，西北土厚，不畏土禁，所以祈而无功也」:
    师之坤 in 申 on 丁酉, the earth ghost moves alone and the 用神 has no 气."""
    rules, answer = standing("疾病", "师之坤", "申", "丁酉", 病地="东南")
    assert rules["疾病.土鬼独发"] == "疾病.东南禳土" and answer == "愈"
    rules, _ = standing("疾病", "师之坤", "申", "丁酉", 病地="西北")
    assert rules["疾病.土鬼独发"] is None and "疾病.东南禳土" not in rules
    # in 寅 the 用神 has 气: 「或曰」's prayer saves, except where prayer avails nothing
    assert standing("疾病", "师之坤", "寅", "甲子")[0]["疾病.土鬼用有气"] is None
    rules, _ = standing("疾病", "师之坤", "寅", "甲子", 病地="西北")
    assert rules["疾病.土鬼用有气"] == "疾病.西北祈而无功"


def test_78_10_what_the_traveller_went_for_by_its_line():
    """「行者之得失，得以用爻，求以事爻」: 乾 in 午 on 丙午 -- the 财 spoiled, the 官鬼 (午) strong."""
    rules, answer = standing("行人.利钝", "乾", "午", "丙午")
    assert "利钝.财坏" in rules and "利钝.事爻旺" not in rules and answer == "凶"
    rules, answer = standing("行人.利钝", "乾", "午", "丙午", 行求="官鬼")
    assert rules["利钝.事爻旺"] is None and answer == "吉"
    rules, answer = standing("行人.利钝", "乾", "午", "丙午", 行求="妻财")
    assert "利钝.事爻坏" in rules and answer == "凶"
