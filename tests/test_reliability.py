"""Bad input never ends in a traceback: each reproducer of issue 24 (rule files at the bounds,
giant integers, unreadable and looping paths, runaway rules, unwritable output, flags that were
accepted without complaint) ends as the project's own error with its exit code, and a bug as an
internal error, exit 3."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from yimao import bounds
from yimao.cli import main
from yimao.rulebook import check_files, load_engine
from rulebooks import chart_facts, write

ROOT = Path(__file__).resolve().parent.parent
CHART = ["--lines", "877987", "--month", "申", "--day", "丁酉"]
GIANT = "9" * 5000


def run(capsys, argv):
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def rule_file(tmp_path, body: str, heads: str = "数(值: 1)") -> list:
    text = f"chapter 25 月破\npredicate 数(值)\n§25.1\nrule 测.长 when {body} then {heads}\n"
    write(tmp_path, text)
    _, found = check_files(sorted(tmp_path.glob("*.ym")))
    return found


# rule files at the bounds ---------------------------------------------------------------------

@pytest.mark.parametrize("terms", [100, 500, 5000])
def test_a_long_sum_is_a_diagnostic_at_its_line(tmp_path, terms):
    # 500 terms nest deeper than lark's recursive transform can go; 100 stop at the bound.
    found = rule_file(tmp_path, "爻(位: P), X = " + " +\n  ".join(["1"] * terms), "数(值: X)")
    assert len(found) == 1 and found[0].span.line >= 4 and found[0].span.column > 1
    assert "nested more than" in found[0].message


def test_a_sum_just_within_the_depth_bound_is_read(tmp_path):
    assert rule_file(tmp_path, "爻(位: P), X = " + " + ".join(["1"] * (bounds.MAX_DEPTH + 1)), "数(值: X)") == []


def test_deep_parentheses_are_read_or_placed(tmp_path):
    found = rule_file(tmp_path, "爻(位: P), X = " + "(\n" * 900 + "P" + " + 1)\n" * 900, "数(值: X)")
    assert len(found) == 1 and found[0].span.line > 4 and "nested more than" in found[0].message


@pytest.mark.parametrize("atoms", [bounds.MAX_ATOMS + 1, 21, 99, 2000])
def test_too_many_positive_atoms_is_a_diagnostic_not_a_compile_failure(tmp_path, atoms):
    found = rule_file(tmp_path, ",\n  ".join(f"爻(位: P{i})" for i in range(atoms)))
    assert len(found) == 1 and (found[0].span.line, found[0].span.column) == (4, 6)
    assert "positive atoms" in found[0].message


def test_the_most_atoms_allowed_compile_and_evaluate(tmp_path):
    # Sixteen atoms nest sixteen loops: within CPython's 20 nested blocks, so the join compiles.
    write(tmp_path, "chapter 25 月破\npredicate 数(值)\n§25.1\nrule 测.长 when "
          + ", ".join(f"爻(位: {i % 6 + 1}, 值: V{i})" for i in range(bounds.MAX_ATOMS)) + ", X = V0 + 1 then 数(值: X)\n")
    result = load_engine([tmp_path]).evaluate(chart_facts())
    assert [f.values for f in result.facts("数")] == [(8,)]


def test_too_many_literals_and_conclusions(tmp_path):
    found = rule_file(tmp_path, "爻(位: P), " + ", ".join(["P != 9"] * 100))
    assert "literals" in found[0].message
    found = rule_file(tmp_path, "爻(位: P)", ", ".join(["数(值: P)"] * 40))
    assert "conclusions" in found[0].message


def test_a_giant_integer_in_a_rule_file_is_placed(tmp_path):
    found = rule_file(tmp_path, f"爻(位: {'9' * 40})")
    assert len(found) == 1 and (found[0].span.line, found[0].span.column) == (4, 20)
    assert "40 digits" in found[0].message


def test_a_long_line_and_a_large_file(tmp_path, capsys):
    found = rule_file(tmp_path, "爻(位: P)" + " " * 3000)
    assert found[0].span.line == 4 and "longer than" in found[0].message
    big = tmp_path / "big.ym"
    big.write_text("# a comment\n" * (bounds.MAX_FILE_BYTES // 10), encoding="utf-8")
    code, _, err = run(capsys, ["check", str(big)])
    assert code == 2 and "larger than" in err


# giant integers and references on the command line ---------------------------------------------

@pytest.mark.parametrize("argv", [
    ["facts", *CHART, "--fact", f"爻(位: {GIANT}, 值: 9)"],
    ["why", f"爻(位: {GIANT})", *CHART],
    ["whynot", f"爻(位: {GIANT})", *CHART],
    ["cite", f"{GIANT}.1"],
    ["cite", GIANT],
])
def test_a_giant_integer_is_one_line(capsys, argv):
    code, _, err = run(capsys, argv)
    assert code == 2 and err.count("\n") == 1 and len(err) < 300


# paths -----------------------------------------------------------------------------------------

def test_check_on_a_symlink_loop_and_an_over_long_path(tmp_path, capsys):
    (tmp_path / "a.ym").symlink_to(tmp_path / "a.ym")
    code, _, err = run(capsys, ["check", str(tmp_path)])
    assert code == 2 and "a.ym" in err and err.count("\n") == 1
    code, _, err = run(capsys, ["check", str(tmp_path / ("x" * 300))])
    assert code == 2 and "too long" in err and err.count("\n") == 1


def test_an_unreadable_rule_file_is_named(tmp_path, capsys, monkeypatch):
    write(tmp_path, "chapter 25 月破\n")
    real = Path.read_bytes

    def refuse(self):
        if self.name == "25-月破.ym":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: refuse(self).decode("utf-8"))
    code, _, err = run(capsys, ["chart", "--rulebook", str(tmp_path), *CHART])
    assert code == 2 and "Permission denied" in err and "25-月破.ym" in err


def test_examples_with_a_non_utf8_case_file(tmp_path, capsys):
    (tmp_path / "bad.toml").write_bytes(b"\xff\xfe[[case]]")
    code, _, err = run(capsys, ["examples", "--cases", str(tmp_path)])
    assert code == 2 and "bad.toml" in err


# runaway rules ---------------------------------------------------------------------------------

RUNAWAY_AT_BUILD = "chapter 25 月破\npredicate 数(值)\n§25.1\ntable 数(值) { 1 }\nrule 测.增 when 数(值: N), M = N + 1 then 数(值: M)\n"
RUNAWAY_ON_INPUT = "chapter 25 月破\npredicate 数(值)\n§25.1\nrule 测.起 when 爻(位: P) then 数(值: P)\nrule 测.增 when 数(值: N), M = N + 1 then 数(值: M)\n"
# The same runaway feeding a cell of the chart (旬空): a chart evaluates what its cells depend on.
RUNAWAY_ON_CHART = RUNAWAY_ON_INPUT + "predicate 旬空(支)\nrule 测.空 when 数(值: 100) then 旬空(支: 子)\n"


@pytest.mark.parametrize("command", [["chart"], ["why", "数(值: 1)"]])
def test_a_runaway_that_needs_no_input_is_a_rulebook_error_in_every_command(tmp_path, capsys, command):
    write(tmp_path, RUNAWAY_AT_BUILD)
    code, _, err = run(capsys, [*command, "--rulebook", str(tmp_path), *CHART])
    assert code == 1 and "测.增" in err and "limit" in err and "25-月破.ym:5:" in err


def test_a_runaway_on_the_chart_is_a_rulebook_error(tmp_path, capsys):
    write(tmp_path, RUNAWAY_ON_CHART)
    code, _, err = run(capsys, ["chart", "--rulebook", str(tmp_path), *CHART])
    assert code == 1 and "测.增" in err and "25-月破.ym:5:" in err


def test_a_runaway_off_the_chart_stops_what_reads_it_not_the_chart(tmp_path, capsys):
    write(tmp_path, RUNAWAY_ON_INPUT)
    assert run(capsys, ["chart", "--rulebook", str(tmp_path), *CHART])[0] == 0
    code, _, err = run(capsys, ["facts", "--rulebook", str(tmp_path), *CHART])
    assert code == 1 and "测.增" in err and "25-月破.ym:5:" in err


def test_the_workbench_names_the_runaway_rule(tmp_path):
    from yimao.web.app import create_app

    write(tmp_path, RUNAWAY_ON_CHART)
    client = create_app([str(tmp_path)]).test_client()
    response = client.get("/chart?lines=877987&month=申&day=丁酉")
    page = response.get_data(as_text=True)
    assert response.status_code == 500 and "测.增" in page and "Internal error" not in page


# outputs and internal errors -------------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_device_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "yimao.cli", "cite", "25.3", "--json"], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stderr == "yimao: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_report_to_a_full_device_is_one_line(capsys):
    code, _, err = run(capsys, ["chart", *CHART, "--html", "/dev/full"])
    assert code == 2 and err == "yimao: cannot write --html /dev/full: No space left on device\n"


def test_a_bug_is_an_internal_error_with_exit_3(capsys, monkeypatch):
    import yimao.commands.cite as cite

    def broken():
        raise ValueError("a bug")

    monkeypatch.setattr(cite, "load_book", broken)
    code, _, err = run(capsys, ["cite", "25.3"])
    assert code == 3 and "internal error: ValueError: a bug" in err and "report" in err


# accepted without complaint before -------------------------------------------------------------

@pytest.mark.parametrize("argv, says", [
    (["chart", "--lines", "877987", "--date", ""], "--date is empty"),
    (["chart", "--lines", "877987", "--date", "2024-02-04T16:30", "--tz", ""], "--tz is empty"),
    (["chart", "--lines", "877987", "--lunar", ""], "--lunar is empty"),
    (["chart", "--lines", "877987", "--lunar", "2024-01-05", "--time", ""], "--time is empty"),
    (["chart", "--lines", "", "--month", "申"], "--lines is empty"),
    (["chart", "--lines", "877987", "--lunar", "2024-01-05", "--time", "12:00-05:00"], "zone offset"),
    (["judge", "--question", "疾病", "--about", "xyz", *CHART], "--about 'xyz'"),
    (["examples", "--cases", "/nonexistent"], "no such folder"),
    (["examples", "--chapter", "999"], "no case of chapter 999"),
    (["chart", "--rulebook", "", *CHART], "rulebook path is empty"),
    (["facts", *CHART, "--limit", "0"], "--limit takes a positive number"),
])
def test_forms_that_ran_as_if_absent_are_refused(capsys, argv, says):
    code, _, err = run(capsys, argv)
    assert code == 2 and says in err, err


# arithmetic that cannot be done binds nothing ----------------------------------------------------

def test_modulo_by_zero_and_arithmetic_on_strings_fail_the_match(tmp_path):
    write(tmp_path, "chapter 25 月破\npredicate 数(值)\n§25.1\n"
          "rule 测.零 when 爻(位: P), N = (P % 0) % 6 + 1 then 数(值: N)\n"
          "rule 测.串 when 纳甲(位: 1, 支: B), N = B + 1 then 数(值: N)\n"
          "rule 测.比 when 爻(位: P), 纳甲(位: P, 支: B), B + 1 > P % 0 then 数(值: P)\n")
    result = load_engine([tmp_path]).evaluate(chart_facts())
    assert result.facts("数") == []


def test_arithmetic_past_the_largest_value_binds_nothing(tmp_path):
    # Squaring its own conclusion, a rule would double its digits each round without end; values
    # past 10**18 are not bound, so it stops: 2, 6, 38, 1446, 2090918, 4371938082726.
    write(tmp_path, "chapter 25 月破\npredicate 数(值)\n§25.1\ntable 数(值) { 2 }\n"
          "rule 测.方 when 数(值: N), M = N * N + 2 then 数(值: M)\n")
    result = load_engine([tmp_path]).evaluate([])
    assert sorted(v for (v,) in result.relations["数"]) == [2, 6, 38, 1446, 2090918, 4371938082726]


def test_an_unknown_school_is_refused_before_the_rulebook_is_read(capsys, monkeypatch):
    # The fuzzer timed `--school 无此派` at 20-30 s: the whole rulebook was parsed and checked
    # cold before the name was looked up.
    import yimao.rulebook as rulebook

    def never(*args, **kwargs):
        raise AssertionError("the rulebook was checked")

    monkeypatch.setattr(rulebook, "check_files", never)
    code, _, err = run(capsys, ["chart", *CHART, "--school", "无此派"])
    assert code == 2 and "unknown school 无此派" in err and "俗传" in err
