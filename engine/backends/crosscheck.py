"""The cross-check of the durable-rules backend against our evaluator on the chart layer: the
charts it runs on (every original→changed pair, at seeded moments) and what must agree (the fact
sets and every derivation).  Used by the tests (a seeded sample) and by
`tools/crosscheck_durable.py` (every pair at each moment: minutes, so kept out of the tests)."""

from __future__ import annotations

import itertools
import random
from datetime import datetime, timedelta

from ..api import moment as make_moment
from ..calendar import Moment
from ..chart import base_facts
from ..facts import Fact

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
STEMS = "甲乙丙丁戊己庚辛壬癸"


def all_lines() -> list[tuple[int, ...]]:
    """Every original→changed pair as six line values: 7/8 stay, 9 yang→yin, 6 yin→yang."""
    hexagrams = list(itertools.product((0, 1), repeat=6))
    return [tuple((9 if o else 6) if o != c else (7 if o else 8) for o, c in zip(original, changed))
            for original, changed in itertools.product(hexagrams, hexagrams)]


def dated_moment(seed: int) -> Moment:
    rng = random.Random(seed)
    when = datetime(1950, 1, 1) + timedelta(minutes=rng.randrange(100 * 365 * 24 * 60))
    return make_moment(date=when.strftime("%Y-%m-%dT%H:%M") + "+08:00")


def ganzhi_moment(seed: int) -> Moment:
    """Only the month branch and the day 干支, as the book's worked examples give them: no 节气,
    so chapter 4's `not 节气(名: _)` rule decides the 乾/坤 stems."""
    rng = random.Random(seed)
    day = rng.randrange(60)
    return make_moment(month=rng.choice(BRANCHES), day=STEMS[day % 10] + BRANCHES[day % 12])


def layer_facts(layer, lines: tuple[int, ...], moment: Moment | None) -> list[Fact]:
    return [Fact("爻", (p, v)) for p, v in zip(range(1, 7), lines)] + base_facts(layer.engine, None, moment)


def _normalised(raws: list) -> set[tuple]:
    """Derivations as (rule, source, matched facts, facts checked absent, gloss), order-free."""
    return {(rule, source, matched, frozenset(absent), gloss) for rule, source, matched, absent, gloss in raws}


def difference(ours, theirs) -> str | None:
    """The first way two results of the same inputs differ (the facts of a predicate, or a fact's
    derivations), or None.  Both backends fill the same raw records (DerivationView._raw), compared
    directly and normalised only where the order of derivations (or of absent patterns) differs."""
    mine = {name: set(values) for name, values in ours.relations.items()}
    other = {name: set(values) for name, values in theirs.relations.items()}
    if mine != other:
        name = next(n for n in sorted(mine.keys() | other.keys()) if mine.get(n) != other.get(n))
        return f"the facts of {name} differ"
    mine, other = ours.derivations._raw, theirs.derivations._raw
    if mine.keys() != other.keys():
        return "the derived facts differ"
    for key, raws in mine.items():
        if raws != other[key] and _normalised(raws) != _normalised(other[key]):
            return f"the derivations of {key} differ"
    return None


def check(layer, backend, lines: tuple[int, ...], moment: Moment | None) -> str | None:
    """How durable's evaluation of one chart differs from ours, or None."""
    base = layer_facts(layer, lines, moment)
    return difference(layer.engine.evaluate(base), backend.evaluate(base))
