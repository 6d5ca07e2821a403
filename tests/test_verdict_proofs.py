"""Proofs of verdicts from the command line: `why`/`whynot` on a 断 pattern or a rule id with the
question flags of `judge`, `judge --json --proofs`, shared subproofs printed once, exit codes and
one-line errors."""

import html
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from yimao.cli import main
from yimao.errors import UsageError
from yimao.query import Pattern, RuleQuery, VerdictPattern, parse_query
from yimao.render.proof import _circled
from yimao.rulebook import load_engine
from rulebooks import write
from test_judge import INPUTS  # the question inputs the judge tests use

# 用神 is used twice under 有气 (directly and through 旺), and 旺 twice under the 断: a proof with
# shared subproofs. 疾病.静 defeats the 断 in a 午 month.
QUESTION = """\
chapter 56 疾病
predicate 旺(位)
predicate 有气(位)
question 疾病 chapter 56 "自占 by the moving line" sub 症候
§56.1 「夫死生有命」
answer 疾病: 愈 / 不愈
rule 疾病.用神.自 when 问(事: 疾病), 所问(人: 自), 爻(位: P, 值: V), V > 8 then 用神(位: P, 层: 本)
rule 疾病.旺 when 用神(位: P, 层: 本), 日辰(支: 子) then 旺(位: P)
rule 疾病.有气 when 旺(位: P), 用神(位: P, 层: 本) then 有气(位: P)
rule 疾病.动吉 when 有气(位: P), 旺(位: P) then 断(位: P) 愈 "用神{P}爻有气" timing "{P}日"
§56.2
rule 疾病.命 when 用神(位: P, 层: 本), 本命(支: B) then 断 不愈 "本命{B}"
rule 疾病.静 exception to 疾病.动吉 when 月建(支: 午) then 断(位: 1) 不愈 "值月"
"""

CHART = ["--lines", "977777", "--day", "子"]


@pytest.fixture
def rulebook(tmp_path):
    write(tmp_path, QUESTION, name="56-疾病.ym", inputs=INPUTS)
    return str(tmp_path)


def run(capsys, rulebook, *argv):
    code = main([*argv, "--rulebook", rulebook])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys, rulebook, *argv, code=0):
    found, out, err = run(capsys, rulebook, *argv, "--json")
    assert found == code, err
    return json.loads(out)


def test_query_forms(rulebook):
    program = load_engine([rulebook]).program
    assert parse_query("断", program) == VerdictPattern((), None)
    assert parse_query("  断 愈 ", program) == VerdictPattern((), "愈")
    assert parse_query("断(位: 1) 愈", program) == VerdictPattern((("位", 1),), "愈")
    assert parse_query("断(位: P)", program) == VerdictPattern((("位", None),), None)
    assert parse_query("疾病.动吉", program) == RuleQuery("疾病.动吉")
    assert parse_query("旺(位: 1)", program) == Pattern("旺", (1,))
    assert parse_query("用神(位: P, 层: 本)", program) == Pattern("用神", (None, "本"))


@pytest.mark.parametrize("query, message", [
    ("断 吉", "no rule concludes 断 吉"),
    ("断(宫: 1)", "no 断 has a subject 宫"),
    ("断(位 1)", "cannot read"),
    ("断 愈 不愈", "cannot read"),
    ("疾病.动", "no rule 疾病.动 (did you mean 疾病.动吉"),
    ("疾病..动吉", "cannot read '疾病..动吉' as a rule id"),
    ("旺", "旺 is a predicate: give a pattern, e.g. '旺(位: _)'"),
    ("旺(宫: 1)", "旺 has no argument 宫"),
])
@pytest.mark.parametrize("command", ["why", "whynot"])
def test_bad_queries_are_one_line_usage_errors(rulebook, capsys, command, query, message):
    code, out, err = run(capsys, rulebook, command, query, *CHART, "--question", "疾病")
    assert code == 2 and not out
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("flags, message", [
    (["--about", "妻"], "--about needs --question"),
    (["--birth-year", "寅"], "--birth-year needs --question"),
    (["--question", "求财"], "unknown question '求财'"),
    (["--question", "疾病.无此"], "疾病 has no sub-question '无此'"),
    (["--question", "疾病", "--birth-year", "甲"], "--birth-year takes a branch"),
])
@pytest.mark.parametrize("command", ["why", "whynot"])
def test_bad_question_flags(rulebook, capsys, command, flags, message):
    code, out, err = run(capsys, rulebook, command, "断", *CHART, *flags)
    assert code == 2 and message in err and err.count("\n") == 1


def test_why_a_verdict_on_the_questions_chart(rulebook, capsys):
    # Without the question there is no 用神 and so no verdict: exit 1, said in one line.
    code, out, err = run(capsys, rulebook, "why", "断 愈", *CHART)
    assert code == 1 and out == "断 愈 does not hold; try: yimao whynot '断 愈'\n" and not err
    for query in ("断", "断 愈", "断(位: 1) 愈", "断(位: P)", "疾病.动吉"):
        data = run_json(capsys, rulebook, "why", query, *CHART, "--question", "疾病")
        assert data["holds"] and not data["defeated"], query
        (proof,) = data["proofs"]
        assert proof["fact"] == "断(位: 1) 愈 应期 1日 「用神1爻有气」" and proof["rule"] == "疾病.动吉"
        assert [c["fact"] for c in proof["because"]] == ["有气(位: 1)", "旺(位: 1)"]
    data = run_json(capsys, rulebook, "why", "断(位: 2)", *CHART, "--question", "疾病", code=1)
    assert data == {"schema_version": 1, "query": "断(位: 2)", "holds": False, "proofs": [], "defeated": []}


def test_birth_year_and_sub_question_reach_the_rules(rulebook, capsys):
    assert run(capsys, rulebook, "why", "断 不愈", *CHART, "--question", "疾病")[0] == 1
    data = run_json(capsys, rulebook, "why", "断 不愈", *CHART, "--question", "疾病.症候", "--birth-year", "寅")
    (proof,) = data["proofs"]
    assert proof["rule"] == "疾病.命" and proof["fact"] == "断 不愈 「本命寅」"
    assert run_json(capsys, rulebook, "why", "子问(问: 症候)", *CHART, "--question", "疾病.症候")["holds"]
    facts = run_json(capsys, rulebook, "facts", "--predicate", "所问", *CHART, "--question", "疾病", "--about", "自")
    assert facts["facts"] == [{"predicate": "所问", "args": {"人": "自"}}]
    # someone this rulebook's tables of kin do not name is refused, not guessed
    assert run(capsys, rulebook, "facts", *CHART, "--question", "疾病", "--about", "妻")[0] == 2


def test_why_a_rule_that_concludes_facts(rulebook, capsys):
    data = run_json(capsys, rulebook, "why", "疾病.旺", *CHART, "--question", "疾病")
    (proof,) = data["proofs"]
    assert proof["fact"] == "旺(位: 1)" and proof["rule"] == "疾病.旺"


def test_why_a_defeated_verdict_shows_what_defeated_it(rulebook, capsys, tmp_path):
    for query in ("疾病.动吉", "断 愈"):
        data = run_json(capsys, rulebook, "why", query, *CHART, "--month", "午", "--question", "疾病")
        assert not data["holds"] and not data["proofs"]
        (defeated,) = data["defeated"]
        assert defeated["rule"] == "疾病.动吉" and defeated["defeated_by"][0]["rule"] == "疾病.静"
    code, out, _ = run(capsys, rulebook, "why", "疾病.动吉", *CHART, "--month", "午", "--question", "疾病")
    assert code == 0
    assert out.startswith("DEFEATED: 断(位: 1) 愈 应期 1日 「用神1爻有气」  ← 疾病.动吉 §56.1")
    assert "└── DEFEATED BY 断(位: 1) 不愈 「值月」  ← 疾病.静 §56.2" in out
    report = tmp_path / "why.html"
    code, out, _ = run(capsys, rulebook, "why", "疾病.动吉", *CHART, "--month", "午", "--question", "疾病", "--html", str(report))
    assert code == 0 and not out and "疾病.静" in report.read_text(encoding="utf-8")


def test_whynot_a_verdict_pattern(rulebook, capsys):
    data = run_json(capsys, rulebook, "whynot", "断 不愈", *CHART, "--question", "疾病")
    assert data["status"] == "not-derived"
    assert [(r["rule"], r["fails_at"]) for r in data["rules"]] == [("疾病.命", "本命(支: _)"), ("疾病.静", "月建(支: 午)")]
    assert data["rules"][0]["because"]["status"] == "input-missing"
    # Recursively: the 断 needs 有气, which needs 旺, which needs a 子 day.
    data = run_json(capsys, rulebook, "whynot", "断(位: 1) 愈", "--lines", "977777", "--question", "疾病")
    (attempt,) = data["rules"]
    assert attempt["rule"] == "疾病.动吉" and attempt["fails_at"] == "有气(位: 1)"
    assert attempt["because"]["rules"][0]["fails_at"] == "旺(位: 1)"
    assert attempt["because"]["rules"][0]["because"]["rules"][0]["fails_at"] == "日辰(支: 子)"
    # 疾病.静 concludes 断(位: 1) only; 疾病.命's 断 has no subject, so no rule can conclude 断(位: 2) 不愈.
    data = run_json(capsys, rulebook, "whynot", "断(位: 2) 不愈", *CHART, "--question", "疾病")
    assert data["status"] == "no-rule" and data["detail"] == "no rule concludes it"
    data = run_json(capsys, rulebook, "whynot", "断(位: 2) 愈", "--lines", "977777", "--question", "疾病")
    assert data["rules"][0]["fails_at"] == "有气(位: 2)"
    assert run_json(capsys, rulebook, "whynot", "断 愈", *CHART, "--question", "疾病")["status"] == "holds"


def test_whynot_a_rule_id_says_when_it_fired_but_was_defeated(rulebook, capsys):
    data = run_json(capsys, rulebook, "whynot", "疾病.动吉", *CHART, "--month", "午", "--question", "疾病")
    assert data["status"] == "defeated" and data["detail"] == "derived, but defeated by 疾病.静"
    (attempt,) = data["rules"]
    assert attempt["note"] == "the body matches; the conclusion was defeated by 疾病.静"
    assert data["defeated"][0]["defeated_by"][0]["rule"] == "疾病.静"
    code, out, _ = run(capsys, rulebook, "whynot", "断 愈", *CHART, "--month", "午", "--question", "疾病")
    assert code == 0 and out.startswith("断 愈  defeated: derived, but defeated by 疾病.静\n")
    data = run_json(capsys, rulebook, "whynot", "疾病.命", *CHART, "--question", "疾病")
    assert data["pattern"] == "疾病.命" and data["rules"][0]["fails_at"] == "本命(支: _)"


def test_shared_subproof_is_printed_once_and_referred_to(rulebook, capsys):
    code, out, _ = run(capsys, rulebook, "why", "断 愈", *CHART, "--question", "疾病", "--all")
    assert code == 0
    assert out == (
        "断(位: 1) 愈 应期 1日 「用神1爻有气」  ← 疾病.动吉 §56.1 「夫死生有命」\n"
        "├── 有气(位: 1)  ← 疾病.有气 §56.1 「夫死生有命」\n"
        "│   ├── ① 旺(位: 1)  ← 疾病.旺 §56.1 「夫死生有命」\n"
        "│   │   ├── ② 用神(位: 1, 层: 本)  ← 疾病.用神.自 §56.1 「夫死生有命」\n"
        "│   │   │   ├── 问(事: 疾病)  given\n"
        "│   │   │   ├── 所问(人: 自)  given\n"
        "│   │   │   └── 爻(位: 1, 值: 9)  given\n"
        "│   │   └── 日辰(支: 子)  given\n"
        "│   └── 用神(位: 1, 层: 本)  ← 疾病.用神.自 §56.1 「夫死生有命」  (see ②)\n"
        "└── 旺(位: 1)  ← 疾病.旺 §56.1 「夫死生有命」  (see ①)\n"
    )
    # A subproof shared between two printed trees is shown in the first only.
    code, out, _ = run(capsys, rulebook, "why", "有气(位: P)", *CHART, "--question", "疾病", "--fact", "爻(位: 2, 值: 9)")
    assert out.count("日辰(支: 子)  given") == 2 and out.count("(see ") == 2


def test_default_text_depth_and_how_to_lift_it(rulebook, capsys):
    hint = "(… marks a proof cut short: --depth N shows N levels, --all every level and derivation)\n"
    _, out, _ = run(capsys, rulebook, "why", "断 愈", *CHART, "--question", "疾病")
    assert out.endswith(hint)
    # Four levels: the 断, 有气, 旺, and the 用神 under 旺 cut short.
    assert "│   │   ├── 用神(位: 1, 层: 本)  ← 疾病.用神.自 §56.1 「夫死生有命」  …\n" in out
    _, out, _ = run(capsys, rulebook, "why", "断 愈", *CHART, "--question", "疾病", "--depth", "2")
    assert out.count("\n") == 4 and out.endswith(hint)
    for lifted in (["--all"], ["--depth", "9"]):
        _, out, _ = run(capsys, rulebook, "why", "断 愈", *CHART, "--question", "疾病", *lifted)
        assert "…" not in out and "爻(位: 1, 值: 9)  given" in out
    # JSON is not cut unless asked.
    data = run_json(capsys, rulebook, "why", "断 愈", *CHART, "--question", "疾病")
    assert "truncated" not in json.dumps(data)


def test_judge_json_proofs(rulebook, capsys):
    base = ["judge", "--question", "疾病", *CHART, "--birth-year", "寅"]
    plain = run_json(capsys, rulebook, *base)
    assert all("proof" not in v for v in plain["verdicts"])
    data = run_json(capsys, rulebook, *base, "--proofs")
    assert [{k: v for k, v in row.items() if k != "proof"} for row in data["verdicts"]] == plain["verdicts"]
    proofs = {row["rule"]: row["proof"] for row in data["verdicts"]}
    assert set(proofs) == {"疾病.动吉", "疾病.命"}
    # The same tree `why --json` gives.
    assert proofs["疾病.动吉"] == run_json(capsys, rulebook, "why", "疾病.动吉", *CHART, "--question", "疾病")["proofs"][0]
    assert proofs["疾病.命"]["because"][0]["fact"] == "用神(位: 1, 层: 本)"
    # A defeated verdict's proof is the derivation that lost, with the exception's proof.
    data = run_json(capsys, rulebook, *base, "--month", "午", "--proofs")
    (lost,) = [row for row in data["verdicts"] if row["defeated_by"]]
    assert lost["proof"]["rule"] == "疾病.动吉" and lost["proof"]["defeated_by"][0]["rule"] == "疾病.静"
    code, out, err = run(capsys, rulebook, *base, "--proofs")
    assert code == 2 and not out and "--proofs needs --json" in err and err.count("\n") == 1


def test_verdict_proof_from_python(rulebook, capsys):
    import yimao
    from yimao.explain import verdict_proof

    judgement = yimao.judge(question="疾病", lines="977777", day="子", month="午", rulebook=[rulebook])
    result = judgement.chart.result
    (standing,) = result.conclusions
    (defeat,) = [d for d in result.defeats if d.rule == "疾病.动吉"]
    assert verdict_proof(result, standing)["rule"] == "疾病.静"
    lost = verdict_proof(result, defeat.head, "疾病.静")
    assert lost["rule"] == "疾病.动吉" and lost["defeated_by"][0]["fact"] == "断(位: 1) 不愈 「值月」"
    assert lost == run_json(capsys, rulebook, "why", "疾病.动吉", *CHART, "--month", "午", "--question", "疾病")["defeated"][0]


def test_circled_markers():
    assert [_circled(n) for n in (1, 20, 21, 35, 36, 50, 51)] == ["①", "⑳", "㉑", "㉟", "㊱", "㊿", "(51)"]


def test_question_flags_on_the_shipped_rulebook(capsys):
    chart = ["--hexagram", "豐之萃", "--month", "申", "--day", "丁酉"]
    assert main(["why", "用神(位: 4, 层: 本)", *chart]) == 1
    capsys.readouterr()
    assert main(["why", "用神(位: 4, 层: 本)", *chart, "--question", "求财", "--json"]) == 0
    (proof,) = json.loads(capsys.readouterr().out)["proofs"]
    assert proof["rule"] == "用神.取本"
    assert main(["whynot", "断 愈", *chart, "--question", "求财", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "not-derived" and data["rules"]
    assert all(rule["fails_at"] for rule in data["rules"])


def test_parse_query_rejects_what_it_cannot_read(rulebook):
    program = load_engine([rulebook]).program
    with pytest.raises(UsageError):
        parse_query("断(", program)


def test_web_why_takes_the_question_and_judge_links_keep_it(rulebook):
    from yimao.web.app import create_app

    client = create_app([rulebook]).test_client()
    query = {"fact": "断 愈", "question": "疾病", "lines": "977777", "day": "子"}
    text = client.get("/why", query_string=query).get_data(as_text=True)
    assert "疾病.动吉" in text and "does not hold" not in text
    text = client.get("/why", query_string={**query, "question": ""}).get_data(as_text=True)
    assert "does not hold" in text
    # A proof cut short on the judge page links to /why on the same question's chart.
    client = create_app().test_client()
    chart = {"hexagram": "豐之萃", "month": "申", "day": "丁酉", "question": "求财"}
    text = client.get("/judge", query_string=chart).get_data(as_text=True)
    links = [parse_qs(urlsplit(html.unescape(href)).query) for href in re.findall(r'href="(/why\?[^"]+)"', text)]
    assert links and all(link["question"] == ["求财"] for link in links)
    (link,) = [link for link in links if link["fact"][0].startswith("取候")]  # it rests on 问(事: 求财)
    text = client.get("/why", query_string={k: v[0] for k, v in link.items()}).get_data(as_text=True)
    assert "用神.取" in text and "does not hold" not in text
