"""Judging as the book judges: answer axes, precedence between rulings, one answer per question,
the 应期 chosen by 刻期 -- the language (static checks) and the weighing, on small rulebooks."""

import json

import pytest

from yimao.cli import main
from rulebooks import diagnostics, write

from test_judge import INPUTS  # the question inputs the judge tests use

# A question with an axis, rulings on both sides, precedence and a 刻期 choice.  Every line is
# 9 (moving) or 7, and the rulings read the values, so a chart picks which rulings fire.
BOOK = """\
chapter 56 疾病
predicate 刻期(位, 层, 法, 支)
predicate 病方(方, 由)
question 疾病 chapter 56 "test" sub 症候 真假
§56.1 「夫死生有命」
answer 疾病: 愈 / 不愈
answer 疾病.真假: 真 / 不真 as 平
rule 用神断.全吉 when 爻(位: 1, 值: 9) then 断(位: 1) 吉 "用神全吉" strength 全吉
rule 用神断.凶陷 when 爻(位: 2, 值: 9) then 断(位: 2) 凶 "用神凶陷" strength 凶陷
rule 遇时.失令凶 when 爻(位: 3, 值: 9) then 断 凶 "失令" timing "后时"
rule 病安.生 when 爻(位: 4, 值: 9) then 断 愈 "得生" timing "午日"
rule 卦验断.凶 when 爻(位: 5, 值: 9) then 断 不愈 "卦验"
rule 真假.实 when 爻(位: 6, 值: 9) then 断 真 "实"
rule 真假.虚 when 爻(位: 6, 值: 9), 日辰(支: 子) then 断 不真 "虚"
rule 病方.东 when 爻(位: 3, 值: 9) then 病方(方: 东, 由: 木)
rule 病方.南 when 爻(位: 4, 值: 9) then 病方(方: 南, 由: 火)
answer 疾病.症候 by 病方(方)
rule 刻期.冲空 when 爻(位: 1, 值: 9) then 刻期(位: 1, 层: 本, 法: 冲空, 支: 子)
rule 刻期.填实 when 爻(位: 2, 值: 9) then 刻期(位: 2, 层: 本, 法: 填实, 支: 寅)
§56.2 「外此，则专重用神矣」
precedence 先卦后爻 「外此」: 卦验断.* over *
precedence 用神为重 「则专重用神矣」: 用神断.* over 遇时.*
precedence 先索不善: side 凶 over side 吉
timing 刻期 by 法: 冲空 吉, 填实 凶
"""


def run(tmp_path, capsys, lines, *extra, text=BOOK, question="疾病"):
    write(tmp_path, text, name="56-疾病.ym", inputs=INPUTS)
    argv = ["judge", "--rulebook", str(tmp_path), "--json", "--question", question, "--lines", lines, *extra]
    assert main(argv) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def the_answer(data, name="疾病"):
    return next(a for a in data["answers"] if a["sub_question"] == name)


def test_one_answer_on_the_axis_with_its_deciding_ruling(tmp_path, capsys):
    answer = the_answer(run(tmp_path, capsys, "977777"))
    assert answer["answer"] == "愈" and answer["side"] == "吉" and answer["axis"] == "愈 / 不愈"
    assert answer["strength"] == "全吉"
    assert [d["rule"] for d in answer["decided_by"]] == ["用神断.全吉"]
    assert answer["decided_by"][0]["cite"] == "56.1" and answer["decided_by"][0]["quotes"] == ["夫死生有命"]
    assert answer["overruled"] == [] and answer["unresolved"] == []


def test_general_words_and_question_words_sit_on_one_axis(tmp_path, capsys):
    # 吉 (general) and 不愈 (the question's) are opposite: one is overruled, by the side precedence
    data = run(tmp_path, capsys, "977797")
    answer = the_answer(data)
    assert answer["answer"] == "不愈"
    assert {(o["rule"], o["by"], o["precedence"]["id"]) for o in answer["overruled"]} == {("用神断.全吉", "卦验断.凶", "先卦后爻")}
    assert [c["resolved_by"]["id"] for c in data["conflicts"]] == ["先卦后爻"]


def test_overruled_is_not_defeated_and_names_its_precedence(tmp_path, capsys):
    data = run(tmp_path, capsys, "979777")  # 全吉 vs 失令凶: the grade decides (用神为重)
    answer = the_answer(data)
    assert answer["answer"] == "愈"
    (overruled,) = answer["overruled"]
    assert overruled["rule"] == "遇时.失令凶" and overruled["precedence"] == {"id": "用神为重", "cite": "56.2", "quotes": ["则专重用神矣"]}
    verdict = next(v for v in data["verdicts"] if v["rule"] == "遇时.失令凶")
    assert verdict["defeated_by"] is None  # still holds as a ruling


def test_precedence_is_transitive(tmp_path, capsys):
    # 卦验 over everything (*), so over the grade and, through it, over 失令
    answer = the_answer(run(tmp_path, capsys, "977797"))
    assert answer["answer"] == "不愈"


def test_bad_is_sought_first_where_no_rule_precedence_orders(tmp_path, capsys):
    # 全吉 (吉) vs 凶陷 (凶), both 用神断: no rule precedence between them; 42.21 decides
    data = run(tmp_path, capsys, "997777")
    answer = the_answer(data)
    assert answer["answer"] == "不愈" and answer["strength"] == "凶陷"
    assert [(o["rule"], o["precedence"]["id"]) for o in answer["overruled"]] == [("用神断.全吉", "先索不善")]


def test_timing_by_kekqi_for_the_winning_side_only(tmp_path, capsys):
    good = the_answer(run(tmp_path, capsys, "977977"))  # 全吉 + 病安.生 (午日): 冲空 of line 1 (子日) first
    assert good["timing"]["primary"] == {"when": "子日", "by": "刻期.冲空", "method": "冲空", "line": 1, "layer": "本"}
    assert [t["when"] for t in good["timing"]["alternatives"]] == ["午日"]
    bad = the_answer(run(tmp_path, capsys, "997977"))  # 凶陷 wins: the recovery day of 病安.生 is not given
    assert bad["answer"] == "不愈" and bad["timing"]["primary"]["when"] == "寅日"
    assert "午日" not in [t["when"] for t in bad["timing"]["alternatives"]]


def test_undecided_on_a_neutral_axis_names_the_conflict(tmp_path, capsys):
    data = run(tmp_path, capsys, "777779", "--day", "子", question="疾病.真假")
    answer = the_answer(data, "疾病.真假")
    assert answer["answer"] == "未决" and answer["side"] is None and answer["timing"] is None
    assert answer["unresolved"] == [{"rules": ["真假.实", "真假.虚"], "words": ["真", "不真"], "cites": ["56.1", "56.1"]}]
    assert [c["resolved_by"] for c in data["conflicts"]] == [None]


def test_a_conflict_is_reported_once_however_many_timings_repeat_it(tmp_path, capsys):
    text = BOOK.replace('rule 遇时.失令凶 when 爻(位: 3, 值: 9) then 断 凶 "失令" timing "后时"',
                        'rule 遇时.失令凶 when 爻(位: P, 值: 9), P > 2 then 断 凶 "失令" timing "{P}"')
    text = text.replace("precedence 先索不善: side 凶 over side 吉\n", "").replace("用神断.* over 遇时.*", "用神断.* over 真假.*")
    data = run(tmp_path, capsys, "979977", text=text)  # 失令 twice (lines 3 and 4, two 应期)
    assert sorted(c["rules"] for c in data["conflicts"]) == [["用神断.全吉", "遇时.失令凶"], ["遇时.失令凶", "病安.生"]]
    assert all(c["resolved_by"] is None for c in data["conflicts"])
    answer = the_answer(data)
    assert answer["answer"] == "未决" and len(answer["unresolved"]) == 2


def test_text_output_leads_with_the_answer(tmp_path, capsys):
    write(tmp_path, BOOK, name="56-疾病.ym", inputs=INPUTS)
    assert main(["judge", "--rulebook", str(tmp_path), "--question", "疾病", "--lines", "979777"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[1]
    assert first.startswith("答 疾病: 愈") and "全吉" in first
    assert "决 断 吉 全吉" in out.splitlines()[2]
    assert "overruled 断 凶" in out and "precedence 用神为重 §56.2" in out


def test_a_question_answered_in_its_own_kind(tmp_path, capsys):
    data = run(tmp_path, capsys, "779977", question="疾病.症候")
    (kind,) = [a for a in data["answers"] if a["axis"] == "by 病方(方)"]
    assert kind["sub_question"] == "疾病.症候" and kind["answer"] == "东、南" and kind["side"] == "平"
    assert [(d["rule"], d["word"], d["cite"]) for d in kind["decided_by"]] == [("病方.东", "东", "56.1"), ("病方.南", "南", "56.1")]
    none = run(tmp_path, capsys, "777777", question="疾病.症候")
    (kind,) = [a for a in none["answers"] if a["axis"] == "by 病方(方)"]
    assert kind["answer"] == "无断" and kind["decided_by"] == []
    # asked without the sub-question, it is not answered
    assert not [a for a in run(tmp_path, capsys, "779977")["answers"] if a["axis"].startswith("by ")]


def test_a_strength_may_be_a_template_of_the_bodys_variables(tmp_path, capsys):
    # 36.4's 旺大衰小: the strength a ruling carries can come from the chart
    sized = BOOK.replace('rule 遇时.失令凶 when 爻(位: 3, 值: 9) then 断 凶 "失令" timing "后时"',
                         'rule 遇时.失令凶 when 爻(位: 3, 值: V) then 断 凶 "失令" strength "值{V}" timing "后时"')
    data = run(tmp_path, capsys, "779777", text=sized)
    (ruling,) = [v for v in data["verdicts"] if v["rule"] == "遇时.失令凶"]
    assert ruling["strength"] == "值9"


def test_several_sub_questions_answered_alike_in_one_statement(tmp_path, capsys):
    # `answer Q.A, B by P(a)`: each sub-question named answers so, and only those (38.3's 刑忧 for
    # the 功名 questions of office)
    both = BOOK.replace("answer 疾病.症候 by 病方(方)", "answer 疾病.症候, 真假 by 病方(方)")
    for sub in ("症候", "真假"):
        (kind,) = [a for a in run(tmp_path, capsys, "779977", text=both, question=f"疾病.{sub}")["answers"]
                   if a["axis"] == "by 病方(方)"]
        assert kind["sub_question"] == f"疾病.{sub}" and kind["answer"] == "东、南"
    assert not [a for a in run(tmp_path, capsys, "779977", text=both)["answers"] if a["axis"].startswith("by ")]


def test_a_neutral_sub_question_passes_its_grade_to_its_question_unless_alone(tmp_path, capsys):
    """A 平 sub-question's general 吉 / 凶 (its 用神's grade) answers the question's own axis (胎产.男女:
    the child's grade is the birth's); `as 平 alone` keeps it off every axis, where the sub-question's
    用神 is not the matter's (出行.筮风: the 兄弟's strength is the wind's force, 77.7)."""
    def asked(text):
        return {a["sub_question"]: a["answer"] for a in run(tmp_path, capsys, "977779", text=text, question="疾病.真假")["answers"]}

    assert asked(BOOK) == {"疾病.真假": "真", "疾病": "愈"}
    assert asked(BOOK.replace("真 / 不真 as 平", "真 / 不真 as 平 alone")) == {"疾病.真假": "真"}


def test_a_question_that_asks_when_is_answered_by_its_own_rulings_timing(tmp_path, capsys):
    """`answer 疾病 by 应期`: the rulings' own 应期 first (the chapter's method for a question that
    asks when), 42.20's 刻期 after; without it, 刻期 first (test_timing_by_kekqi_…: 子日, then 午日)."""
    timed = BOOK + "§56.3\nanswer 疾病 by 应期\n"
    asked = the_answer(run(tmp_path, capsys, "977977", text=timed))
    assert asked["asks"] == "应期" and asked["answer"] == "愈"
    assert asked["timing"]["primary"] == {"when": "午日", "by": "病安.生", "method": None}
    assert [t["when"] for t in asked["timing"]["alternatives"]] == ["子日"]
    assert the_answer(run(tmp_path, capsys, "977977"))["asks"] is None
    write(tmp_path, timed, name="56-疾病.ym", inputs=INPUTS)
    assert main(["judge", "--rulebook", str(tmp_path), "--question", "疾病", "--lines", "977977"]) == 0
    assert "答 疾病: 午日 · 愈" in capsys.readouterr().out


# --- static checks ----------------------------------------------------------------------------

def errors(tmp_path, text):
    return [(d.span.line, d.span.column, d.message) for d in diagnostics(tmp_path, text, name="56-疾病.ym", inputs=INPUTS)]


def test_a_verdict_word_no_axis_declares_is_an_error(tmp_path):
    text = BOOK + '§56.3\nrule 疾病.怪 when 爻(位: 1, 值: 7) then 断 怪 "?"\n'
    ((line, column, message),) = errors(tmp_path, text)
    assert (line, column) == (26, 37) and message.startswith("断 怪: no answer axis declares this word")


@pytest.mark.parametrize("statement, expected", [
    ("precedence 甲: 无此.规则 over 用神断.*", "no ruling (rule with a 断) has the id 无此.规则"),
    ("precedence 甲: 用神断.* over 无此.*", "no ruling's id starts with 无此."),
    ("precedence 甲: 遇时.失令凶 over 卦验断.凶", "precedence 甲 makes a cycle: 卦验断.凶 is already placed above"),
    ("precedence 甲: 遇时.失令凶 over 用神断.全吉", "makes a cycle: 用神断.全吉 is already placed above 遇时.失令凶 (by 用神为重)"),
    ("precedence 甲: side 吉 over side 凶", "precedence 甲 makes a cycle with 先索不善"),
    ("precedence 甲: side 吉 over 用神断.*", "a side precedence names one side over one other"),
    ("precedence 甲: * over 用神断.*", "`*` can only stand after over"),
    ("precedence 先卦后爻: 卦验断.* over 遇时.*", "duplicate precedence 先卦后爻"),
    ("answer 疾病.无此: 是 / 否", "疾病 has no sub-question 无此"),
    ("answer 婚姻: 成 / 不成", "no question 婚姻 is declared"),
    ("answer 疾病: 愈 / 不愈", "answer 疾病 is already declared"),
    ("answer 疾病.症候: 轻 / 轻 重", "轻 stands on both sides"),
    ("answer 疾病.症候: 轻 / 重 as 平/凶", "`as` takes 吉/凶, 凶/吉 or 平"),
    ("answer 疾病.症候: 轻 / 重 as 吉/凶 alone", "`alone` is said of a sub-question answered `as 平`"),
    ("answer 疾病.真假 甲: 是 / 否 as 平 alone", "`alone` is said of a sub-question answered `as 平`"),
    ("answer 疾病.症候 甲: 轻 / 重", "declare the answer of 疾病.症候 itself first"),
    ("timing 无此 by 法: 冲空 吉", "timing: unknown predicate 无此"),
    ("timing 刻期 by 式: 冲空 吉", "timing: 刻期 has no argument 式"),
    ("timing 刻期 by 法: 冲空 好", "method 冲空 times a 好 answer"),
    ("answer 疾病.症候 by 无此(方)", "unknown predicate 无此"),
    ("answer 疾病.症候 by 病方(向)", "it has no argument 向 (it has: 方, 由)"),
    ("answer 疾病.无此 by 病方(方)", "疾病 has no sub-question 无此"),
    ("answer 疾病.症候 by 病方(由)", "answer 疾病.症候 by 病方 is already declared"),
    ("answer 疾病.无此 by 应期", "疾病 has no sub-question 无此"),
    ("answer 疾病.真假, 无此 by 病方(方)", "疾病 has no sub-question 无此"),
    ('rule 疾病.势 when 爻(位: 3, 值: 9) then 断 凶 "失令" strength "{Z}"', "variable Z in the gloss is not bound"),
    ("answer 疾病.真假, 症候 by 病方(方)", "answer 疾病.症候 by 病方 is already declared"),
    ("answer 疾病.症候 by 时候", "say `by 应期` (a question that asks when) or `by PRED(ARG)`"),
])
def test_each_new_static_check(tmp_path, statement, expected):
    found = errors(tmp_path, BOOK + "§56.3\n" + statement + "\n")
    assert len(found) == 1, found
    line, column, message = found[0]
    assert line == 26 and column > 1 and expected in message, found


def test_a_precedence_needs_a_paragraph(tmp_path):
    text = BOOK.replace("§56.1 「夫死生有命」\n", "").replace("§56.2 「外此，则专重用神矣」\n", "")
    found = errors(tmp_path, text)
    # every statement says it has no citation; nothing that merely follows (the axis's words) is reported
    assert found and all("no citation" in m for _, _, m in found)
    assert any(m.startswith("answer has no citation") for _, _, m in found)
    assert any(m.startswith("precedence has no citation") for _, _, m in found)


def test_a_precedence_quote_must_be_in_its_paragraph(tmp_path):
    found = errors(tmp_path, BOOK + "§56.3\nprecedence 甲 「不在此段」: 用神断.凶陷 over 遇时.*\n")
    assert [m for _, _, m in found] == ["quote 「不在此段」 is not in §56.3"]


def test_an_error_that_follows_from_an_earlier_one_is_held_back(tmp_path):
    text = BOOK.replace('then 断 凶 "失令" timing "后时"', 'then 断 凶 "失令" timing "{Q}"')
    found = errors(tmp_path, text)
    assert [m for _, _, m in found] == ["variable Q in the gloss is not bound by a positive pattern"]


def test_precedence_errors_are_reported_with_a_caret(tmp_path, capsys):
    write(tmp_path, BOOK + "§56.3\nprecedence 甲: 遇时.失令凶 over 卦验断.凶\n", name="56-疾病.ym", inputs=INPUTS)
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr()
    text = err.out + err.err
    assert "56-疾病.ym:26:" in text and "makes a cycle" in text and "^" in text


def _closure_by_walking(edges):
    """The transitive closure as 42's precedence reads it, walked ruling by ruling (a direct
    precedence first; deeper rulings by the first ruling directly below that reaches them)."""
    def walk(node, trail):
        found = dict(edges.get(node, {}))
        for child, via in edges.get(node, {}).items():
            if child not in trail:
                for deeper in walk(child, trail | {node}):
                    found.setdefault(deeper, via)
        return found

    return {node: walk(node, frozenset()) for node in edges}


def test_the_precedence_closure_is_the_walked_one_on_random_acyclic_graphs():
    import random

    from yimao.weighing import _closure

    chooser = random.Random(42)
    for _ in range(300):
        count = chooser.randint(1, 12)
        edges = {}
        for winner in range(count):
            below = chooser.sample(range(winner + 1, count), chooser.randint(0, count - winner - 1))
            if below or chooser.random() < 0.5:
                edges[f"r{winner}"] = {f"r{loser}": f"p{chooser.randint(0, 5)}" for loser in below}
        assert _closure(edges) == _closure_by_walking(edges)


def test_two_rulings_each_over_the_other_end_the_closure():
    """`a, b over a, b` places each below the other (no cycle error names it): made, not looped."""
    from yimao.weighing import _closure

    found = _closure({"a": {"b": "p"}, "b": {"a": "p"}})
    assert found["a"]["b"] == "p" and found["b"]["a"] == "p"
