"""The overlay changes that alter a chart, found without building what a reader would see.

A sweep needs only the keys of `compare.changed_keys`: which changes are responsible for some
differing fact or verdict.  The full comparison builds, for every differing fact, two JSON proofs
and a why-not, and then keeps the set of rules in the full proof.  Here the same proof is walked on
the raw derivations (the same minimal-height choice as `Explainer.best`), keeping only the rules
some change names (a rule-by-conclusion index of the changes), and each side's defeats are
indexed by the head they defeated once per chart instead of scanned per differing fact.  What the
rules alone tell spares the rest: only predicates the changes reach can differ, a fact no
derivation of which can rest on a changed rule is not entered, and only a fact below a recursive
stratum can reach a cycle of derivations (where the walk must follow the full proof step by step).
"""

from __future__ import annotations

from typing import Iterable

from .compare import ChangeRef, blamed, changes_of, defeated_by, reach_of_changes, school_chain, verdict_key
from .evaluate import Engine, Result
from .explain import Explainer
from .facts import Conclusion, Fact
from .strata import VERDICT_NODE as VERDICT


class ChangeIndex:
    """The changes two schools make, by the rule they name, with each side's chain of schools."""

    def __init__(self, a: Engine, b: Engine) -> None:
        changes = {c.key: c for c in changes_of(a) + changes_of(b)}
        self.by_rule: dict[str, list[ChangeRef]] = {}
        for change in changes.values():
            self.by_rule.setdefault(change.rule, []).append(change)
        self.chains = (school_chain(a), school_chain(b))
        # Only these predicates' facts can differ; and a walk need not enter a fact no proof of
        # which can hold a changed rule.
        self.differ = reach_of_changes(a, b)
        self.blamable = (blamable(a, frozenset(self.by_rule)), blamable(b, frozenset(self.by_rule)))
        self.cycling = (reaching_recursion(a), reaching_recursion(b))
        # Per side holding a difference (a's, then b's): the keys each changed rule in its proof
        # blames, and those each rule defeating the head on the other side does.
        self.blames: list[dict[str, frozenset[str]]] = []
        self.defeaters: list[dict[str, frozenset[str]]] = []
        for holds_chain, lacks_chain in (self.chains, self.chains[::-1]):
            self.blames.append({rule: frozenset(c.key for c in changes if blamed(c, holds_chain, lacks_chain))
                                for rule, changes in self.by_rule.items()})
            self.defeaters.append({rule: frozenset(c.key for c in changes if defeated_by(c, lacks_chain))
                                   for rule, changes in self.by_rule.items()})

    def keys(self, a: Result, b: Result) -> set[str]:
        """The keys of `changed_keys(compare_chart(...))` for the two results, a's school first."""
        if not self.by_rule:
            return set()
        found: set[str] = set()
        for side_of, (holds, lacks) in enumerate(((a, b), (b, a))):
            side = _Side(holds, self.by_rule, self.differ, self.blamable[side_of], self.cycling[side_of])
            blames, defeaters = self.blames[side_of], self.defeaters[side_of]
            defeats = _defeats_by_head(lacks)
            for head, rules in side.differing(lacks):
                for rule in rules:
                    found |= blames[rule]
                for by_rule in defeats.get(head, ()):
                    found |= defeaters.get(by_rule, _NONE)
        return found


def blamable(engine: Engine, changed: frozenset[str]) -> frozenset[str]:
    """The predicates some derivation of which can rest on a changed rule: what the changed rules
    conclude, and what every rule reading one of these concludes, transitively."""
    return _upward(engine, frozenset(), changed)


def _upward(engine: Engine, predicates: frozenset[str], rules: frozenset[str]) -> frozenset[str]:
    """`predicates`, what `rules` conclude, and what every rule reading one of these in its body
    concludes, transitively (the static rules, whose facts every run shares, included)."""
    edges = {rule_id: (body, heads) for rule_id, (body, _, heads, _) in engine.relevance.needs.items()}
    for rule_id in engine.static_rules:
        compiled = engine.compiled[rule_id]
        edges[rule_id] = (frozenset(engine.body_predicates[rule_id]), frozenset(h.kind for h in compiled.heads if h.kind != VERDICT))
    found = set(predicates)
    grew = True
    while grew:
        grew = False
        for rule_id, (body, heads) in edges.items():
            if not heads <= found and (rule_id in rules or body & found):
                found |= heads
                grew = True
    return frozenset(found)


def reaching_recursion(engine: Engine) -> frozenset[str]:
    """The predicates whose facts can reach a cycle of derivations: a cycle of facts is a cycle
    of their predicates, in one recursive stratum, so only that stratum's predicates and those
    whose rules read one of these, transitively, can."""
    return _upward(engine, frozenset().union(*(members for static in (False, True)
                                                for _, members, recursive in engine.plans[static] if recursive)), frozenset())


_NONE: frozenset[str] = frozenset()


def _defeats_by_head(result: Result) -> dict:
    found: dict = {}
    for defeat in result.defeats:
        found.setdefault(defeat.head, []).append(defeat.by_rule)
    return found


class _Side:
    """One result's differing heads, each with the changed rules of its full proof."""

    def __init__(self, result: Result, by_rule: dict, differ: frozenset[str], blamable: frozenset[str],
                 cycling: frozenset[str]) -> None:
        self.result = result
        self.by_rule = by_rule
        self.differ = differ
        self.blamable = blamable
        self.cycling = cycling
        self.raw = result.derivations.raw
        self.bodies = result.derivations.body_predicates
        # Heights and proofs of facts that reach no cycle of derivations do not depend on where a
        # walk enters them, so one explainer and one memo serve every head that reaches none.
        self.explainer = Explainer(result)
        self.memo: dict[tuple, frozenset[str]] = {}
        self.acyclic: dict[tuple, bool] = {}

    def differing(self, other: Result) -> Iterable[tuple[Fact | Conclusion, frozenset[str]]]:
        mine, theirs = self.result.relations, other.relations
        for predicate in self.differ:
            values = mine.get(predicate)
            if not values:
                continue
            others = theirs.get(predicate, ())
            if values == others:
                continue
            absent = set(values) - set(others)
            for v in values:
                if v in absent:
                    key = (predicate, v)
                    if self.reaches_no_cycle(key):
                        rules = self._acyclic_walk(key)
                    else:  # as the full comparison has for each head: a fresh explainer
                        rules = self._walk(key, Explainer(self.result), {}, frozenset())[0]
                    yield Fact(predicate, v), rules
        verdicts = {verdict_key(c) for c in other.conclusions}
        for conclusion in self.result.conclusions:
            if verdict_key(conclusion) in verdicts:
                continue
            derivations = self.result.conclusion_derivations[conclusion]
            acyclic = all(self.reaches_no_cycle((c.predicate, c.values)) for d in derivations for c in d.matched)
            explainer = self.explainer if acyclic else Explainer(self.result)
            chosen = derivations[0] if len(derivations) == 1 else min(
                derivations, key=lambda d: 0 if d.source != "rule" else 1 + max((explainer.height(c) for c in d.matched), default=0))
            rules = {chosen.rule} & self.by_rule.keys() if chosen.rule else set()
            if chosen.source == "rule":
                memo: dict = {}
                for child in chosen.matched:
                    key = (child.predicate, child.values)
                    rules |= self._acyclic_walk(key) if acyclic else self._walk(key, explainer, memo, frozenset({conclusion}))[0]
            yield conclusion, frozenset(rules)

    def reaches_no_cycle(self, key: tuple, _open: set | None = None) -> bool:
        """True when no fact reachable from this one (through any derivation) lies on a cycle."""
        if key[0] not in self.cycling:
            return True
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

    def _chosen(self, derivations: tuple, explainer: Explainer) -> tuple:
        """The derivation the full proof shows: the lowest (`Explainer.best`)."""
        if len(derivations) == 1:
            return derivations[0]
        return min(derivations, key=lambda d: 0 if d[1] != "rule" else
                   1 + max((explainer.height(Fact(p, v)) for p, v in zip(self.bodies[d[0]], d[2])), default=0))

    def _acyclic_walk(self, key: tuple) -> frozenset[str]:
        """The changed rules of the lowest proof of a fact that reaches no cycle: the proof does not
        depend on where a walk enters it, so each fact's is found once, and a fact of a predicate
        no derivation of which can rest on a changed rule is not entered."""
        if key[0] not in self.blamable:
            return _NONE
        found = self.memo.get(key)
        if found is None:
            derivations = self.raw.get(key, ())
            found = _NONE
            if derivations:
                rule, source, matched = self._chosen(derivations, self.explainer)[:3]
                if source == "rule":
                    rules = {rule} & self.by_rule.keys()
                    for child in zip(self.bodies[rule], matched):
                        rules |= self._acyclic_walk(child)
                    found = frozenset(rules)
            self.memo[key] = found
        return found

    def _walk(self, key: tuple, explainer: Explainer, memo: dict, path: frozenset) -> tuple[frozenset[str], bool]:
        """`_acyclic_walk` for a fact that reaches a cycle, as the full proof walks it: every fact
        entered (the heights asked change those asked after), a fact met again on the path cut
        (changed rules, whether a cycle was cut below: a cut proof depends on the path that
        reached it, so it is not memoised)."""
        found = memo.get(key)
        if found is not None:
            return found, False
        derivations = self.raw.get(key, ())
        if not derivations:
            return _NONE, False
        rule, source, matched = self._chosen(derivations, explainer)[:3]
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
