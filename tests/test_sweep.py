"""Sweeps: the lean comparison gives the full comparison's change keys; the stores resume; the
space is what it says; a sweep stops cleanly and refuses what it cannot read or write."""

import json
from pathlib import Path

import pytest

from engine.api import moment as make_moment
from engine.cast import Cast
from engine.compare import changed_keys, compare_chart
from engine.sweep import Comparer, random_specs, space_sample, space_specs, transitions

SHIPPED_SCHOOLS = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "rulebook" / "schools").glob("*.ym"))


@pytest.mark.parametrize("school", SHIPPED_SCHOOLS)
def test_lean_keys_are_the_full_comparisons(school):
    """On a seeded sample (random dated charts and charts of the space), for every shipped school."""
    comparer = Comparer(None, ("易冒", school), None)
    many = 8 if school == "俗传" else 1  # the school with most changes: a larger sample
    specs = list(random_specs(many, 5)) + space_sample("子丑寅卯辰巳午未申酉戌亥", False, many, 5)
    rows = comparer.compare(specs)
    for spec, row in zip(specs, rows):
        flags = {k: spec[k] for k in ("date", "month", "day") if k in spec}
        full = changed_keys(compare_chart(comparer.engines, Cast.from_lines(spec["lines"]), make_moment(**flags)))
        assert row["changes"] == sorted(full), spec
    if school == "俗传":
        assert sum(bool(r["changes"]) for r in rows) > 8  # the sample does exercise differences


def test_the_space():
    lines = list(transitions())
    assert len(lines) == len(set(lines)) == 4096
    one_month = list(space_specs("寅", False))
    assert len(one_month) == 4096 * 60 and len({s["id"] for s in one_month}) == len(one_month)
    assert one_month[0] == {"id": "888888/寅甲子", "lines": "888888", "month": "寅", "day": "甲子"}
    assert one_month[60]["lines"] == "888886" and one_month[-1]["id"] == "777777/寅癸亥"
    with_hours = space_sample("寅", True, 50, 3)
    assert len({s["id"] for s in with_hours}) == 50 and all(s["hour"] in "子丑寅卯辰巳午未申酉戌亥" for s in with_hours)
    assert with_hours == space_sample("寅", True, 50, 3)  # seeded
