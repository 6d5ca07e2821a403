"""Every static check, on small rulebooks: the message, the position, and the caret."""

import pytest

from yimao.cli import main
from rulebooks import CHONG, diagnostics, write

GOOD = f"""\
chapter 25 月破
predicate 月破(位)
§25.1 「以用处反，名为月破」
{CHONG}
rule 月破.定
  when 纳甲(位: P, 支: B), 月建(支: M), 六冲(M, B)
  then 月破(位: P)
"""


def only(found):
    assert len(found) == 1, [d.render() for d in found]
    return found[0]


def test_good_rulebook_is_clean(tmp_path):
    assert diagnostics(tmp_path, GOOD) == []


def test_syntax_error_has_position_and_caret(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("then 月破(位: P)", "then 月破(位: P")))
    assert "syntax error" in d.message
    assert d.span.line == 7  # the last line: the unclosed parenthesis
    assert d.render().startswith(f"{d.span.file}:7:")


def test_syntax_error_in_the_middle(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("月建(支: M)", "月建(支: M))")))
    assert (d.span.line, d.span.column) == (6, 32) and "unexpected ')'" in d.message
    rendered = d.render().split("\n")
    assert rendered[1].strip().startswith("when") and rendered[2].strip() == "^"


def test_unknown_predicate(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("月建(支: M)", "月见(支: M)")))
    assert d.message == "unknown predicate 月见" and (d.span.line, d.span.column) == (6, 24)


def test_unknown_argument(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("月建(支: M)", "月建(干: M)")))
    assert "月建 has no argument 干" in d.message and d.span.line == 6


def test_missing_argument_in_then(tmp_path):
    text = GOOD.replace("predicate 月破(位)", "predicate 月破(位, 因)")
    d = only(diagnostics(tmp_path, text))
    assert "月破 needs argument(s) 因" in d.message and d.span.line == 7


def test_too_many_positional_arguments(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("六冲(M, B)", "六冲(M, B, P)")))
    assert "六冲 takes 2 argument(s)" in d.message


def test_variable_in_then_not_bound(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("then 月破(位: P)", "then 月破(位: Q)")))
    assert "variable Q in then is not bound" in d.message and d.span.line == 7


def test_variable_only_under_not(tmp_path):
    text = GOOD.replace("六冲(M, B)", "六冲(M, B), not 日辰(支: D)")
    d = only(diagnostics(tmp_path, text))
    assert "variable D appears only under not" in d.message


def test_comparison_with_unbound_variable(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("六冲(M, B)", "六冲(M, B), P < Q")))
    assert "variable Q in this comparison is not bound" in d.message


def test_negation_cycle(tmp_path):
    text = """\
    chapter 25 月破
    predicate 甲(位)
    predicate 乙(位)
    §25.1
    rule 循.一
      when 纳甲(位: P), not 乙(位: P)
      then 甲(位: P)
    rule 循.二
      when 纳甲(位: P), 甲(位: P)
      then 乙(位: P)
    """
    d = only(diagnostics(tmp_path, text))
    assert "negation cycle" in d.message and d.span.line == 6


def test_exception_that_would_loop_is_a_cycle(tmp_path):
    text = """\
    chapter 25 月破
    predicate 甲(位)
    §25.1
    rule 循.基
      when 纳甲(位: P)
      then 甲(位: P)
    rule 循.例 exception to 循.基
      when 甲(位: P)
      then 甲(位: P)
    """
    assert "negation cycle" in only(diagnostics(tmp_path, text)).message


def test_duplicate_rule_id(tmp_path):
    text = GOOD + "rule 月破.定\n  when 纳甲(位: P)\n  then 月破(位: P)\n"
    d = only(diagnostics(tmp_path, text))
    assert "duplicate rule id 月破.定" in d.message and d.span.line == 8


def test_exception_target_missing(tmp_path):
    text = GOOD + "rule 月破.例 exception to 月破.无\n  when 纳甲(位: P)\n  then 月破(位: P)\n"
    d = only(diagnostics(tmp_path, text))
    assert "exception to 月破.无: no rule has that id" in d.message


def test_citation_not_found(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("§25.1", "§25.9")))
    assert "citation §25.9 does not resolve" in d.message and d.span.line == 3


def test_quote_not_in_paragraph(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("以用处反", "以用處正")))
    assert "is not in §25.1" in d.message


def test_traditional_quote_is_accepted(tmp_path):
    assert diagnostics(tmp_path, GOOD.replace("以用处反，名为月破", "以用處反，名爲月破")) == []


def test_rule_without_citation(tmp_path):
    text = "chapter 25 月破\npredicate 月破(位)\nrule 月破.定\n  when 纳甲(位: P)\n  then 月破(位: P)\n"
    assert "has no citation" in only(diagnostics(tmp_path, text)).message


def test_rule_under_narrative_paragraph(tmp_path):
    text = GOOD.replace("§25.1 「以用处反，名为月破」", '§25.1 narrative "none"')
    found = diagnostics(tmp_path, text)
    assert any("sits under narrative paragraph §25.1" in d.message for d in found)


def test_chapter_header_must_match_the_book(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("chapter 25 月破", "chapter 25 旬空")))
    assert "chapter 25 is 月破" in d.message


def test_table_row_arity(tmp_path):
    d = only(diagnostics(tmp_path, GOOD.replace("子 午;", "子 午 未;")))
    assert "row has 3 value(s)" in d.message


def test_gloss_variable_must_be_bound(tmp_path):
    text = GOOD + '§25.2\nrule 月破.断\n  when 月破(位: P)\n  then 断 凶 "{Q}"\n'
    assert "variable Q in the gloss" in only(diagnostics(tmp_path, text)).message


def test_cli_check_exit_codes(tmp_path, capsys):
    write(tmp_path, GOOD)
    assert main(["check", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("ok:")
    write(tmp_path, GOOD.replace("月建(支: M)", "月见(支: M)"))
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "25-月破.ym:6:24: error: unknown predicate 月见" in err and "Traceback" not in err
    assert err.splitlines()[2].strip() == "^"


@pytest.mark.parametrize("garbage", ["\x00\x01", "rule", "§", "table 甲(乙) {", "chapter x", "「unterminated"])
def test_garbage_never_tracebacks(tmp_path, capsys, garbage):
    write(tmp_path, garbage)
    assert main(["check", str(tmp_path)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_missing_path_is_usage_error(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope")]) == 2


def test_equal_terms_of_a_file_are_one_object():
    """A cached file stores each variable and constant once (they are frozen values)."""
    from yimao.ir import Atom
    from yimao.lang import parse_module
    from yimao.paths import rulebook_dir

    module, problems = parse_module((rulebook_dir() / "25-月破.ym").read_text(encoding="utf-8"), "25-月破.ym")
    assert not problems
    terms: dict = {}
    for rule in module.rules:
        for literal in rule.body:
            for arg in literal.args if isinstance(literal, Atom) else ():
                terms.setdefault(arg.term, set()).add(id(arg.term))
    assert len(terms) > 5 and all(len(ids) == 1 for ids in terms.values())
