"""Which rules can fire on a given set of inputs, so that a run calls only those.

A rule cannot fire when a positive atom of its body reads a relation that must stay empty -- no
input fact, no table row, and no rule that can fire concludes it -- or fixes an input to values
no input fact has (`问(事: 疾病)` when the question is 求财).  The analysis depends only on which
inputs are present and which of those fixed patterns they meet, so it is done once per such
signature and cached: a judgement runs the rules of its own question, and the cost of a chart
does not grow with the question chapters it does not touch.
"""

from __future__ import annotations

from typing import Iterable

import attrs

from .facts import Fact
from .ir import Atom, Const

# (predicate, ((position, value), ...)): an input atom with some arguments fixed to constants.
Pattern = tuple[str, tuple[tuple[int, object], ...]]
_CACHE_SIZE = 256


@attrs.frozen
class _Needs:
    body: frozenset[str]  # predicates of the positive body atoms
    patterns: frozenset[Pattern]  # fixed input atoms, each met by some input fact
    heads: frozenset[str]  # the predicates the rule concludes (not its 断)


class Relevance:
    """Prunes the per-chart plan of an engine to the rules that can fire on the inputs given."""

    def __init__(self, plan: list, params: dict[str, tuple[str, ...]], roots: frozenset[str],
                 shared: dict, added: frozenset[str]) -> None:
        self.plan = plan  # [(rules as (compiled, join, records), stratum predicates, recursive)]
        # Every run starts with the shared relations (tables, static rules' conclusions; filled
        # once the engine is built) and the rows of tables that rules add to.
        self.shared = shared
        self.added = added
        self.needs: dict[str, _Needs] = {}
        patterns: dict[str, set[Pattern]] = {}
        for rules, _, _ in plan:
            for compiled, _join, _records in rules:
                rule = compiled.rule
                fixed = set()
                for atom in compiled.body_atoms:
                    if atom.predicate in roots:
                        position = {name: i for i, name in enumerate(params[atom.predicate])}
                        given = tuple(sorted((position[a.name], a.term.value) for a in atom.args if isinstance(a.term, Const)))
                        if given:
                            fixed.add((atom.predicate, given))
                for pattern in fixed:
                    patterns.setdefault(pattern[0], set()).add(pattern)
                self.needs[rule.id] = _Needs(
                    frozenset(a.predicate for a in compiled.body_atoms), frozenset(fixed),
                    frozenset(h.predicate for h in rule.heads if isinstance(h, Atom)))
        self.patterns = {p: tuple(sorted(found, key=repr)) for p, found in patterns.items()}
        self.cache: dict[tuple, list] = {}

    def signature(self, facts: Iterable[Fact]) -> tuple[frozenset[str], frozenset[Pattern]]:
        present: dict[str, list[tuple]] = {}
        for fact in facts:
            present.setdefault(fact.predicate, []).append(fact.values)
        met = frozenset(
            pattern
            for predicate, values in present.items()
            for pattern in self.patterns.get(predicate, ())
            if any(all(v[i] == want for i, want in pattern[1]) for v in values)
        )
        return frozenset(present), met

    def plan_for(self, facts: Iterable[Fact]) -> list:
        key = self.signature(facts)
        found = self.cache.get(key)
        if found is None:
            if len(self.cache) >= _CACHE_SIZE:
                self.cache.clear()
            found = self.cache[key] = self._prune(*key)
        return found

    def _prune(self, given: frozenset[str], met: frozenset[Pattern]) -> list:
        live = {p for p, relation in self.shared.items() if relation.facts} | self.added | given
        pruned = []
        for rules, members, recursive in self.plan:
            chosen: set[int] = set()
            changed = True
            while changed:  # a recursive stratum's rules can make each other's bodies live
                changed = False
                for i, (compiled, _, _) in enumerate(rules):
                    needs = self.needs[compiled.rule.id]
                    if i not in chosen and needs.body <= live and needs.patterns <= met:
                        chosen.add(i)
                        live |= needs.heads
                        changed = True
            if chosen:
                pruned.append(([rules[i] for i in sorted(chosen)], members, recursive))
        return merged(pruned)


def merged(plan: list) -> list:
    """The plan with each run of consecutive non-recursive strata made one step: they need no
    rounds, so a run walks their rules in order without a step per stratum."""
    steps: list = []
    for rules, members, recursive in plan:
        if steps and not recursive and not steps[-1][2]:
            steps[-1] = (steps[-1][0] + rules, steps[-1][1] | members, False)
        else:
            steps.append((list(rules), members, recursive))
    return steps
