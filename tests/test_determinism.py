"""Every command with --json gives byte-identical output: twenty runs in one process (no state of
one run leaks into the next: caches, lazily built indexes, pruned plans), and, for the commands
that group and sort facts, one run in a fresh process with another hash seed (no output depends on
the order of a set of strings).  In-process, so twenty runs of thirteen commands stay quick."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from yimao.cli import main

ROOT = Path(__file__).resolve().parent.parent
CHART = ["--hexagram", "豐之萃", "--month", "申", "--day", "丁酉"]
COMMANDS = {
    "cast": ["cast", *CHART],
    "chart": ["chart", *CHART],
    "facts": ["facts", *CHART, "--fact", "用神(位: 3, 层: 本)"],
    "judge": ["judge", "--question", "疾病", "--about", "父", *CHART],
    "why": ["why", "六亲(位: 3)", *CHART, "--all"],
    "whynot": ["whynot", "月破(位: 1)", *CHART],
    "cite": ["cite", "--find", "月破"],
    # a folder of two chapters (its own rulebook: one error, since 01 borrows 生 from chapter 5), so that
    # twenty checks do not each check the whole rulebook under fifteen schools
    "check": ["check", "SMALL"],
    "coverage": ["coverage", "--chapters", "1-10"],
    "examples": ["examples", "--chapter", "26"],
    "questions": ["questions"],
    "schools": ["schools"],
    "compare": ["compare", "--school", "易冒", "--school", "俗传", *CHART],
}
RUNS = 20


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main([*argv, "--json"])
    return code, out.getvalue()


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    folder = tmp_path_factory.mktemp("small")
    for name in ("00-输入.ym", "01-甲子.ym"):
        (folder / name).write_bytes((ROOT / "rulebook" / name).read_bytes())
    return str(folder)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_twenty_runs_are_byte_identical(name, small):
    argv = [small if arg == "SMALL" else arg for arg in COMMANDS[name]]
    first = run(argv)
    assert first[0] in (0, 1) and first[1].startswith(("{", "[")), first
    for _ in range(RUNS - 1):
        assert run(argv) == first


@pytest.mark.parametrize("name", ["chart", "judge", "whynot", "compare"])  # the ones that group and sort facts
def test_a_fresh_process_with_another_hash_seed_agrees(name):
    code, text = run(COMMANDS[name])
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-m", "yimao.cli", *COMMANDS[name], "--json"], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert (done.returncode, done.stdout) == (code, text)
