"""Work a sweep shares between charts and between the two schools it compares.

A sweep meets each transition at every moment and each moment with every transition, and evaluates
each chart twice, once per school.  Three parts of that work are done once and given to the runs
that share them, as layers (`evaluate.Layer`):

- what depends only on the cast (本卦, 世应, 六冲卦 …; not 纳甲, whose stems follow the solar term by
  二老时迁): once per transition and school;
- what depends only on the moment (the pillars' own relations, 旬空 …): once per moment and school;
- of the second school, what lies outside the downstream of the two schools' changes (the rules
  their overlays add, replace or disable, the tables they add, and everything that reads those,
  transitively): its facts are the first school's by construction, taken from the first school's
  run of the same chart, so the second school evaluates only what its overlays can change.

Each part's exactness rests on `relevance.Relevance.scope` and `downstream`; the tests compare
every shipped school's results so made with full evaluations.
"""

from __future__ import annotations

from typing import Sequence

from .calendar import MOMENT_PREDICATES
from .chart import CAST_PREDICATES
from .evaluate import Engine, Layer, Result
from .facts import Fact

# Layers kept per kind and school, the oldest dropped first: the space runs transition by
# transition (a worker meets a few casts at a time) and meets its 720 moments (× 12 hours) again
# with every transition.
_KEPT = {"cast": 16, "moment": 8640}


class _Scoped:
    """One engine's part of the program that depends on one group of inputs, and its layers."""

    def __init__(self, engine: Engine, inputs: frozenset[str], declared: frozenset[str], kept: int) -> None:
        self.engine = engine
        self.rules, self.predicates = engine.relevance.scope(inputs, declared - inputs)
        self.inputs = inputs
        self.kept = kept
        self.made: dict[tuple, Layer] = {}
        self.met: set[tuple] = set()  # the inputs met once

    def layer(self, key: tuple, facts: Sequence[Fact]) -> Layer | None:
        """The layer for these inputs, made the second time they are met (a random sample meets
        each cast and moment once: a layer would cost a run more than it saves); None till then."""
        found = self.made.get(key)
        if found is None:
            if key not in self.met:
                if len(self.met) >= 64 * self.kept:
                    self.met.clear()
                self.met.add(key)
                return None
            if len(self.made) >= self.kept:
                del self.made[next(iter(self.made))]
            given = [f for f in facts if f.predicate in self.inputs]
            result = self.engine.evaluate(given, within=self.rules)
            found = self.made[key] = self.engine.layer(result, self.rules, self.predicates)
        return found


class SharedWork:
    """The layers of two schools' engines for a sweep (see the module's docstring)."""

    def __init__(self, engines: tuple[Engine, Engine], downstream: frozenset[str]) -> None:
        """`downstream`: the predicates the two schools' changes reach (`compare.reach_of_changes`,
        which the sweep's change index holds too)."""
        self.engines = engines
        declared = [_inputs(e) for e in engines]
        self.cast = tuple(_Scoped(e, CAST_PREDICATES & d, d, _KEPT["cast"]) for e, d in zip(engines, declared))
        self.moment = tuple(_Scoped(e, MOMENT_PREDICATES & d, d, _KEPT["moment"]) for e, d in zip(engines, declared))
        second = engines[1]
        verdicts = second.relevance.rulings()
        own = self.cast[1].rules | self.moment[1].rules
        # The second school's rules whose facts are the first's: none of their conclusions downstream.
        self.same_rules = frozenset(r for r, (_, _, heads, _) in second.relevance.needs.items()
                                    if heads and r not in verdicts and not heads & downstream and r not in own)
        self.same_predicates = frozenset(h for r in self.same_rules for h in second.relevance.needs[r][2])
        self.downstream = downstream
        self.sharing = True

    def layers(self, side: int, lines: str, moment_key: tuple, facts: Sequence[Fact]) -> tuple[Layer, ...]:
        """The cast's and the moment's layers of one school for a chart with these base facts."""
        found = (self.cast[side].layer((lines,), facts), self.moment[side].layer(moment_key, facts))
        return tuple(layer for layer in found if layer is not None)

    def from_first(self, first: Result) -> Layer:
        """The second school's layer of what its overlays cannot change, from the first's run."""
        return self.engines[1].layer(first, self.same_rules, self.same_predicates)

    def evaluate(self, lines: str, moment_key: tuple, facts: tuple[Sequence[Fact], Sequence[Fact]]) -> tuple[Result, Result]:
        """Both schools' results for one chart (`facts`: each engine's base facts); with `sharing`
        off (benchmarks), two full evaluations."""
        if not self.sharing:
            return self.engines[0].evaluate(facts[0]), self.engines[1].evaluate(facts[1])
        a = self.engines[0].evaluate(facts[0], layers=self.layers(0, lines, moment_key, facts[0]))
        b = self.engines[1].evaluate(facts[1], layers=self.layers(1, lines, moment_key, facts[1]) + (self.from_first(a),))
        return a, b


def _inputs(engine: Engine) -> frozenset[str]:
    """The predicates the rulebook declares as inputs."""
    return frozenset(n for n, d in engine.program.declarations.items() if d.kind == "input")
