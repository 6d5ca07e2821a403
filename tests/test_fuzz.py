"""The fuzzing suite: hypothesis draws rule files (mutations of the shipped rulebook and small
rulebooks generated from the grammar's constructs) and command lines (tools/fuzzing.py), and each
must end in a diagnostic with a valid position, a one-line error, or success -- never an
exception.  A few hundred examples here; `tools/fuzz.py` runs 100,000."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import argument_vector, argv_outcome, generated_rule_file, mutated_rule_file, rule_file_outcome, shipped_sources

SOURCES = shipped_sources()
FUZZ = settings(max_examples=150, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_mutated_shipped_rule_files(tmp_path: Path, rng: random.Random):
    outcome = rule_file_outcome(mutated_rule_file(rng, SOURCES), tmp_path)
    assert not outcome.failed, outcome


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_rule_files_generated_from_the_grammar(tmp_path: Path, rng: random.Random):
    outcome = rule_file_outcome(generated_rule_file(rng), tmp_path)
    assert not outcome.failed, outcome


@settings(FUZZ, max_examples=100)
@given(rng=st.randoms(use_true_random=False))
def test_argument_vectors(rng: random.Random):
    argv = argument_vector(rng)
    outcome = argv_outcome(argv)
    assert not outcome.failed, (argv, outcome)


def test_the_property_catches_a_crash(tmp_path: Path, monkeypatch):
    # The property can fail: a checker that raises is reported as a crash, not passed over.
    import fuzzing

    def broken(*args, **kwargs):
        raise KeyError("bug")

    monkeypatch.setattr(fuzzing, "check_files", broken)
    assert rule_file_outcome("chapter 25 月破\n", tmp_path).kind == "crash"
    monkeypatch.setattr("yimao.commands.cite.load_book", broken)
    assert argv_outcome(["cite", "25.3"]).kind == "crash"


@pytest.mark.parametrize("line", [0, 99])
def test_the_property_catches_a_misplaced_diagnostic(tmp_path: Path, monkeypatch, line):
    import fuzzing
    from yimao.diagnostics import Diagnostic
    from yimao.ir import Span

    monkeypatch.setattr(fuzzing, "check_files", lambda files: (None, [Diagnostic(Span(str(files[-1]), line, 1), "x")]))
    assert rule_file_outcome("chapter 25 月破\n", tmp_path).kind == "bad-position"
