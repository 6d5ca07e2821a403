"""The overlay changes that alter a chart, found without building what a reader would see.

A sweep needs only the keys of `compare.changed_keys`: which changes are responsible for some
differing fact or verdict.  The full comparison builds, for every differing fact, two JSON proofs
and a why-not, and then keeps the set of rules in the full proof.  Here the same proof is walked on
the raw derivations (the same minimal-height choice as `Explainer.best`), keeping only the rules
some change names (a rule-by-conclusion index of the changes), and each side's defeats are
indexed by the head they defeated once per chart instead of scanned per differing fact.
"""

from __future__ import annotations

from typing import Iterable

from .compare import ChangeRef, blamed, changes_of, defeated_by, school_chain, verdict_key
from .evaluate import Engine, Result
from .explain import Explainer
from .facts import Conclusion, Fact


class ChangeIndex:
    """The changes two schools make, by the rule they name, with each side's chain of schools."""

    def __init__(self, a: Engine, b: Engine) -> None:
        changes = {c.key: c for c in changes_of(a) + changes_of(b)}
        self.by_rule: dict[str, list[ChangeRef]] = {}
        for change in changes.values():
            self.by_rule.setdefault(change.rule, []).append(change)
        self.chains = (school_chain(a), school_chain(b))

    def keys(self, a: Result, b: Result) -> set[str]:
        """The keys of `changed_keys(compare_chart(...))` for the two results, a's school first."""
        if not self.by_rule:
            return set()
        found: set[str] = set()
        for holds, lacks, holds_chain, lacks_chain in ((a, b, *self.chains), (b, a, *self.chains[::-1])):
            side = _Side(holds, self.by_rule)
            defeats = _defeats_by_head(lacks)
            for head, rules in side.differing(lacks):
                for rule in rules:
                    found.update(c.key for c in self.by_rule[rule] if blamed(c, holds_chain, lacks_chain))
                for by_rule in defeats.get(head, ()):
                    found.update(c.key for c in self.by_rule.get(by_rule, ()) if defeated_by(c, lacks_chain))
        return found


def _defeats_by_head(result: Result) -> dict:
    found: dict = {}
    for defeat in result.defeats:
        found.setdefault(defeat.head, []).append(defeat.by_rule)
    return found


class _Side:
    """One result's differing heads, each with the changed rules of its full proof."""

    def __init__(self, result: Result, by_rule: dict) -> None:
        self.result = result
        self.by_rule = by_rule
        self.raw = result.derivations.raw
        self.bodies = result.derivations.body_predicates
        # Heights and proofs of facts that reach no cycle of derivations do not depend on where a
        # walk enters them, so one explainer and one memo serve every head that reaches none.
        self.shared = (Explainer(result), {})
        self.acyclic: dict[tuple, bool] = {}

    def differing(self, other: Result) -> Iterable[tuple[Fact | Conclusion, frozenset[str]]]:
        mine, theirs = self.result.relations, other.relations
        for predicate, values in mine.items():
            others = theirs.get(predicate, ())
            if values == others:
                continue
            absent = set(values) - set(others)
            for v in values:
                if v in absent:
                    yield Fact(predicate, v), self._walk((predicate, v), *self.state([(predicate, v)]), frozenset())[0]
        verdicts = {verdict_key(c) for c in other.conclusions}
        for conclusion in self.result.conclusions:
            if verdict_key(conclusion) in verdicts:
                continue
            derivations = self.result.conclusion_derivations[conclusion]
            explainer, memo = self.state([(c.predicate, c.values) for d in derivations for c in d.matched])
            chosen = derivations[0] if len(derivations) == 1 else min(
                derivations, key=lambda d: 0 if d.source != "rule" else 1 + max((explainer.height(c) for c in d.matched), default=0))
            rules = {chosen.rule} & self.by_rule.keys() if chosen.rule else set()
            if chosen.source == "rule":
                for child in chosen.matched:
                    rules |= self._walk((child.predicate, child.values), explainer, memo, frozenset({conclusion}))[0]
            yield conclusion, frozenset(rules)

    def state(self, keys: list[tuple]) -> tuple[Explainer, dict]:
        """The shared explainer and memo when no key reaches a cycle; else fresh ones, as the full
        comparison has for each head (its heights are memoised per explainer, and inside a cycle
        they depend on where the search entered it)."""
        if all(self.reaches_no_cycle(key) for key in keys):
            return self.shared
        return Explainer(self.result), {}

    def reaches_no_cycle(self, key: tuple, _open: set | None = None) -> bool:
        """True when no fact reachable from this one (through any derivation) lies on a cycle."""
        found = self.acyclic.get(key)
        if found is not None:
            return found
        open_now = set() if _open is None else _open
        open_now.add(key)
        clean = True
        for rule, source, matched, _, _ in self.raw.get(key, ()):
            if source != "rule":
                continue
            for child in zip(self.bodies[rule], matched):
                if child in open_now:
                    clean = False  # a cycle through the facts being searched
                elif not self.reaches_no_cycle(child, open_now):
                    clean = False
        open_now.discard(key)
        self.acyclic[key] = clean
        return clean

    def _walk(self, key: tuple, explainer: Explainer, memo: dict, path: frozenset) -> tuple[frozenset[str], bool]:
        """(changed rules, whether a cycle was cut below): a cut proof depends on the path that
        reached it, so it is not memoised."""
        found = memo.get(key)
        if found is not None:
            return found, False
        derivations = self.raw.get(key, ())
        if not derivations:
            return frozenset(), False
        if len(derivations) == 1:
            chosen = derivations[0]
        else:
            chosen = min(derivations, key=lambda d: 0 if d[1] != "rule" else
                         1 + max((explainer.height(Fact(p, v)) for p, v in zip(self.bodies[d[0]], d[2])), default=0))
        rule, source, matched = chosen[0], chosen[1], chosen[2]
        rules = {rule} & self.by_rule.keys() if source == "rule" else set()
        cut = False
        if source == "rule" and matched:
            below = path | {Fact(*key)}
            for child in zip(self.bodies[rule], matched):
                if Fact(*child) in path:
                    cut = True  # the proof skips a cycle here
                    continue
                child_rules, child_cut = self._walk(child, explainer, memo, below)
                rules |= child_rules
                cut = cut or child_cut
        found = frozenset(rules)
        if not cut:
            memo[key] = found
        return found, cut
