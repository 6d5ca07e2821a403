"""`yimao judge` on a small rulebook: question catalog, 用神 choice, verdicts, defeats, conflicts,
missing inputs, and the API mirroring the CLI."""

import json

import pytest

from yimao.cli import main
from rulebooks import write

INPUTS = """
input 爻(位, 值)
input 纳甲(位, 支)
input 月建(支)
input 日辰(支)
input 用神(位, 层)
input 问(事)
input 子问(问)
input 所问(人)
input 本命(支)
input 问者(性)
"""

QUESTION = """\
chapter 56 疾病
predicate 用神候(位, 层)
question 疾病 chapter 56 "自占 by 世; 代占 by the relative of the one asked about" sub 症候 防疫 真假 成疾 养病 避暑
§56.1 「夫死生有命」
answer 疾病: 愈 平 / 不愈
rule 疾病.用神.自 when 问(事: 疾病), 所问(人: 自), 爻(位: P, 值: V), V > 8 then 用神(位: P, 层: 本)
rule 疾病.动吉 when 用神(位: P, 层: 本), 爻(位: P, 值: 9) then 断(位: P) 愈 "用神{P}爻动" strength 十之七 timing "{P}日"
rule 疾病.命 when 用神(位: P, 层: 本), 本命(支: B) then 断 不愈 "本命{B}"
§56.2
rule 疾病.静 exception to 疾病.动吉 when 日辰(支: 子) then 断(位: 1) 平 "值日"
rule 疾病.冲 when 爻(位: 1, 值: 9) then 断(位: 1) 不愈 "初爻动"
"""


@pytest.fixture
def rulebook(tmp_path):
    write(tmp_path, QUESTION, name="56-疾病.ym", inputs=INPUTS)
    return str(tmp_path)


def judge(capsys, rulebook, *argv):
    assert main(["judge", "--rulebook", rulebook, "--json", *argv]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_verdicts_use_god_conflicts_and_missing(rulebook, capsys):
    data = judge(capsys, rulebook, "--question", "疾病", "--lines", "977777")
    assert data["question"]["question"] == "疾病" and data["question"]["about"] == "自"
    assert [(u["position"], u["layer"], u["rule"]) for u in data["use_god"]] == [(1, "本", "疾病.用神.自")]
    (verdict,) = [v for v in data["verdicts"] if v["rule"] == "疾病.动吉"]
    assert verdict == {"rule": "疾病.动吉", "cite": "56.1", "quotes": ["夫死生有命"], "polarity": "愈", "strength": "十之七",
                       "timing": "1日", "text": "用神1爻动", "subject": {"位": 1}, "defeated_by": None}
    assert [c["rules"] for c in data["conflicts"]] == [["疾病.动吉", "疾病.冲"]]
    assert any(m.startswith("本命 (--birth-year) needed by 疾病.命") for m in data["missing"])
    assert set(data["chart"]) >= {"hexagram", "lines", "pillars"}


def test_defeated_verdict_is_shown_with_its_defeater(rulebook, capsys):
    data = judge(capsys, rulebook, "--question", "疾病", "--lines", "977777", "--day", "甲子")
    (verdict,) = [v for v in data["verdicts"] if v["rule"] == "疾病.动吉"]
    assert verdict["defeated_by"] == "疾病.静"
    assert not data["conflicts"] or all("疾病.动吉" not in c["rules"] for c in data["conflicts"])


def test_birth_year_feeds_the_rules(rulebook, capsys):
    data = judge(capsys, rulebook, "--question", "疾病", "--lines", "977777", "--birth-year", "寅")
    assert any(v["rule"] == "疾病.命" and v["text"] == "本命寅" for v in data["verdicts"])
    assert not any(m.startswith("本命") for m in data["missing"])


@pytest.mark.parametrize("argv, message", [
    (["--question", "求财", "--lines", "977777"], "unknown question"),
    (["--question", "疾病.无此", "--lines", "977777"], "no sub-question"),
    (["--question", "疾病", "--lines", "977777", "--birth-year", "甲"], "--birth-year"),
    # a run of branches is no branch (a substring test let 子丑 through as 本命)
    (["--question", "疾病", "--lines", "977777", "--birth-year", "子丑"], "--birth-year takes a branch"),
    (["--question", "疾病", "--lines", "977777", "--matter-month", "寅卯"], "--matter-month takes a branch"),
    (["--question", "疾病", "--lines", "977777", "--birth-year", ""], "--birth-year takes a branch"),
    (["--question", "疾病"], "give a cast"),
])
def test_bad_judge_input(rulebook, capsys, argv, message):
    assert main(["judge", "--rulebook", rulebook, *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_questions_catalog(rulebook, capsys):
    assert main(["questions", "--rulebook", rulebook, "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["questions"]
    assert row["chapter"] == 56 and row["question"] == "疾病" and row["sub_questions"][:2] == ["症候", "防疫"]
    assert row["use_god_rules"] == ["疾病.用神.自"]


def test_api_mirrors_cli(rulebook, capsys):
    import yimao

    cli = judge(capsys, rulebook, "--question", "疾病.症候", "--lines", "977777")
    api = yimao.judge(question="疾病.症候", lines="977777", rulebook=[rulebook]).to_dict()
    assert cli.pop("schema_version") == 1  # the CLI's document is versioned; the API gives the data
    assert json.loads(json.dumps(api, ensure_ascii=False)) == cli


VERDICT_CASES = """
[[case]]
id = "V1"
chapter = 56
source_line = 1
lines = "977777"
question = "疾病"
verdict = "愈"
timing = "1日"
book = "a case the engine agrees with"

[[case]]
id = "V2"
chapter = 56
source_line = 1
lines = "977777"
question = "疾病"
verdict = "不愈"
book = "a case the engine disagrees with"

[[case]]
id = "V3"
chapter = 56
source_line = 1
lines = "777777"
question = "疾病"
verdict = "愈"
book = "no ruling applies"
"""


def test_examples_compare_verdicts(rulebook, tmp_path, capsys):
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "56.toml").write_text(VERDICT_CASES.replace('question = "疾病"\\nverdict = "愈"\\ntiming', 'x'), encoding="utf-8")
    text = QUESTION.replace('rule 疾病.冲 when 爻(位: 1, 值: 9) then 断(位: 1) 不愈 "初爻动"\n', "")
    write(tmp_path / "rb", text, name="56-疾病.ym", inputs=INPUTS) if (tmp_path / "rb").mkdir() is None else None
    assert main(["examples", "--rulebook", str(tmp_path / "rb"), "--cases", str(cases), "--json"]) == 1
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)["cases"]}
    assert rows["V1"]["status"] == "agree" and rows["V1"]["engine_verdict"] == "愈 (1日)"
    assert rows["V2"]["status"] == "disagree" and "the book says 不愈" in rows["V2"]["detail"]
    assert rows["V3"]["status"] == "undecidable"


def test_missing_inputs_only_for_the_question_asked(tmp_path, capsys):
    text = QUESTION + '§56.3\nrule 他问.命 when 问(事: 求财), 本命(支: B) then 断 不愈 "本命{B}"\n'
    text = text.replace('rule 疾病.命 when 用神(位: P, 层: 本), 本命(支: B) then 断 不愈 "本命{B}"\n', "")
    write(tmp_path, text, name="56-疾病.ym", inputs=INPUTS)
    data = judge(capsys, str(tmp_path), "--question", "疾病", "--lines", "977777")
    assert not any(m.startswith("本命") for m in data["missing"])


def test_the_readers_of_a_missing_input_are_each_programs_own(rulebook):
    """`readers_bearing_on` keeps what it found per program: the small rulebook and the shipped one
    answer the same question and input with their own rules, and a program made again (a rulebook
    reloaded) is asked anew."""
    from yimao import rulebook as rulebooks
    from yimao.judge import readers_bearing_on

    small = rulebooks.load_engine([rulebook], use_cache=False).program
    shipped = rulebooks.load_engine().program
    assert readers_bearing_on(small, "疾病", "本命") == ("疾病.命",)
    assert "疾病.命" not in readers_bearing_on(shipped, "疾病", "本命")
    assert readers_bearing_on(small, "求财", "本命") == ()  # chapter 56 is not 求财's
    again = rulebooks.load_engine([rulebook], use_cache=False).program
    assert readers_bearing_on(again, "疾病", "本命") == ("疾病.命",)
