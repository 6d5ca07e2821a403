"""Which rules can fire on a given set of inputs, so that a run calls only those.

A rule cannot fire when a positive atom of its body reads a relation that must stay empty -- no
input fact, no table row, and no rule that can fire concludes it -- or fixes an input to values
no input fact has (`问(事: 疾病)` when the question is 求财).  The analysis depends only on which
inputs are present and which of those fixed patterns they meet, so it is done once per such
signature and cached: a judgement runs the rules of its own question, and the cost of a chart
does not grow with the question chapters it does not touch.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from .compile import FULL, RECORD
from .facts import Fact
from .strata import VERDICT_NODE as VERDICT

# (predicate, ((position, value), ...)): an input atom with some arguments fixed to constants.
Pattern = tuple[str, tuple[tuple[int, object], ...]]
# Plans (and live sets) kept per engine: a signature is which inputs are present and which fixed
# patterns they meet (the line values a chart has, the question asked ...), so a server judging
# every question meets some hundreds; the oldest is forgotten first.
_CACHE_SIZE = 1024
# Live sets, a thousand rule ids each, are kept fewer: a plan is made from one once per `wanted`.
_LIVE_KEPT = 64


def _remember(cache: dict, key, value, size: int = _CACHE_SIZE):
    """Store `value` under `key`, forgetting the oldest entry of a full cache."""
    if len(cache) >= size:
        del cache[next(iter(cache))]
    cache[key] = value
    return value


# What a rule needs to fire, as plain data (the on-disk cache keeps it): the predicates of its
# positive body atoms, its fixed input atoms (each met by some input fact), the predicates it
# concludes (not its 断), and those it reads under `not`.
Needs = tuple[frozenset[str], frozenset[Pattern], frozenset[str], frozenset[str]]


@attrs.frozen
class _Start:
    """Where the search for live rules starts for every signature; rules by their number."""

    live: frozenset[str]  # predicates with facts before any input: shared relations, added tables
    ids: tuple[str, ...]  # number -> rule id
    unmet: list[int]  # number -> how many of the rule's body predicates are not yet live
    ready: tuple[int, ...]  # the rules with none unmet
    readers: dict[str, list[int]]  # predicate not yet live -> the rules whose bodies read it
    heads: tuple[tuple[str, ...], ...]  # number -> the predicates the rule concludes
    patterns: tuple[frozenset | None, ...]  # number -> its fixed input atoms, None for none


def rule_needs(plan: list, compiled: Mapping, params: dict[str, tuple[str, ...]], roots: frozenset[str],
               negated: Mapping[str, frozenset[str]]) -> dict[str, Needs]:
    needs: dict[str, Needs] = {}
    for rules, _, _ in plan:
        for rule_id, _records in rules:
            rule = compiled[rule_id]
            fixed = set()
            for atom in rule.body:
                if atom.predicate in roots and atom.fixed:
                    position = {name: i for i, name in enumerate(params[atom.predicate])}
                    fixed.add((atom.predicate, tuple(sorted((position[n], v) for n, v in atom.fixed))))
            needs[rule_id] = (frozenset(a.predicate for a in rule.body), frozenset(fixed),
                              frozenset(h.kind for h in rule.heads if h.kind != VERDICT), negated.get(rule_id, frozenset()))
    return needs


def concluders(needs: Mapping[str, Needs]) -> dict[str, list[str]]:
    """predicate -> the rules concluding it."""
    found: dict[str, list[str]] = {}
    for rule_id, (_, _, heads, _) in needs.items():
        for predicate in heads:
            found.setdefault(predicate, []).append(rule_id)
    return found


def cone(needs: Mapping[str, Needs], exceptions: Mapping[str, tuple[str, ...]], wanted: frozenset[str],
         seeds: Iterable[str] = (), concluded_by: Mapping[str, list[str]] | None = None) -> frozenset[str]:
    """The rules the facts of the `wanted` predicates (and the conclusions of the `seeds` rules)
    can depend on: every rule concluding one, what those read (positively or under `not`), and the
    exceptions to each, transitively.  A run of these alone derives exactly the facts of the wanted
    predicates (the seeds' conclusions) that a run of all rules derives, with the same derivations
    and defeats (stratification orders them the same)."""
    if concluded_by is None:
        concluded_by = concluders(needs)
    chosen: set[str] = set()
    seen: set[str] = set()
    predicates = list(wanted)
    pending = list(seeds)
    while predicates or pending:
        rules = pending
        pending = []
        if not rules:
            predicate = predicates.pop()
            if predicate in seen:
                continue
            seen.add(predicate)
            rules = list(concluded_by.get(predicate, ()))
        while rules:
            rule_id = rules.pop()
            if rule_id in chosen or rule_id not in needs:
                continue
            chosen.add(rule_id)
            body, _, _, negated = needs[rule_id]
            predicates.extend(body | negated)
            rules.extend(exceptions.get(rule_id, ()))
    return frozenset(chosen)


class Relevance:
    """Prunes the per-chart plan of an engine to the rules that can fire on the inputs given."""

    def __init__(self, plan: list, needs: dict[str, Needs], compiled: Mapping, shared: dict, added: frozenset[str],
                 exceptions: Mapping[str, tuple[str, ...]], verdicts: frozenset[str]) -> None:
        self.plan = plan  # [(rules as (rule id, records), stratum predicates, recursive)]
        self.needs = needs
        self.verdicts = verdicts  # the plan's rules with a 断 (kept with the needs: asking each
        # compiled rule would make all four thousand of them on a cached engine's first run)
        self.exceptions = exceptions  # base rule id -> the ids of the exceptions to it
        self.compiled = compiled
        # Every run starts with the shared relations (tables, static rules' conclusions; filled
        # once the engine is built) and the rows of tables that rules add to.
        self.shared = shared
        self.added = added
        patterns: dict[str, set[Pattern]] = {}
        for _, fixed, _, _ in needs.values():
            for pattern in fixed:
                patterns.setdefault(pattern[0], set()).add(pattern)
        # predicate -> {positions fixed: [(values wanted, pattern)]}: a signature projects the
        # input facts once per set of positions and looks each pattern up, not scanning per pattern.
        self.patterns: dict[str, dict[tuple[int, ...], list[tuple[tuple, Pattern]]]] = {}
        for predicate, found in patterns.items():
            by_positions = self.patterns[predicate] = {}
            for pattern in sorted(found, key=repr):
                positions = tuple(i for i, _ in pattern[1])
                by_positions.setdefault(positions, []).append((tuple(v for _, v in pattern[1]), pattern))
        self.cache: dict[tuple, list] = {}
        self._live_cache: dict[tuple, frozenset[str]] = {}
        self._reads: dict[str, frozenset[str]] = {}
        self._started: _Start | None = None
        self._concluded_by: dict[str, list[str]] | None = None
        self._joins: dict[str, tuple] = {}  # rule id -> (compiled rule, join function, records)
        self._whole: list = []  # the whole plan merged (`merged`), and each rule's place in it
        self._places: dict[str, tuple[int, int, bool]] | None = None

    def signature(self, facts: Iterable[Fact]) -> tuple[frozenset[str], frozenset[Pattern]]:
        present: dict[str, list[tuple]] = {}
        for fact in facts:
            present.setdefault(fact.predicate, []).append(fact.values)
        met = []
        for predicate, values in present.items():
            for positions, wanted in self.patterns.get(predicate, {}).items():
                projected = {tuple(v[i] for i in positions) for v in values}
                met.extend(pattern for want, pattern in wanted if want in projected)
        return frozenset(present), frozenset(met)

    def plan_for(self, facts: Iterable[Fact], wanted: frozenset[str] | None = None,
                 within: frozenset[str] | None = None, skip: frozenset[str] = frozenset()) -> list:
        """The plan for these inputs; with `wanted`, only the rules those predicates' facts
        depend on (see `cone`); with `within`, only those rules; never the rules in `skip`
        (whose facts a run is given: see `evaluate.Layer`)."""
        key = (*self.signature(facts), wanted, within, skip)
        found = self.cache.get(key)
        if found is None:
            found = _remember(self.cache, key, self._prune(*key))
        return found

    def _prune(self, given: frozenset[str], met: frozenset[Pattern], wanted: frozenset[str] | None,
               within: frozenset[str] | None, skip: frozenset[str]) -> list:
        live = self.live(given, met)
        if wanted is not None:
            # 断 wanted: the conclusions of the rulings that can fire on these inputs
            seeds = live & self.rulings() if VERDICT in wanted else frozenset()
            reached = cone(self.needs, self.exceptions, wanted, seeds, self._concluders())
            within = reached if within is None else within & reached
        # A cone and a scope each hold every rule concluding what their rules read, so the rules of
        # either that can fire are those that can fire at all.  Skipped rules are given, still live.
        keep = live if within is None else live & within
        if skip:
            keep = keep - skip
        return self._steps(keep)

    def forget(self) -> None:
        """Forget the plans and live sets made (what `tools/bench_judge.py` times anew)."""
        self.cache.clear()
        self._live_cache.clear()

    def live(self, given: frozenset[str], met: frozenset[Pattern]) -> frozenset[str]:
        """The rules of the plan that can fire on inputs of these predicates meeting these
        patterns: each whose fixed input atoms are all met and every body predicate of which has
        facts -- a shared relation's, an input's, or a live rule's conclusion.  Found by counting
        down each rule's unmet body predicates as predicates become live (linear in the rules
        reached); stratification keeps a later stratum's conclusions out of an earlier one's
        bodies, so this is the stratum-by-stratum fixed point."""
        key = (given, met)
        found = self._live_cache.get(key)
        if found is None:
            found = _remember(self._live_cache, key, self._live(given, met), _LIVE_KEPT)
        return found

    def _live(self, given: frozenset[str], met: frozenset[Pattern]) -> frozenset[str]:
        start = self._start()
        live = set(start.live)
        unmet = start.unmet.copy()
        ready = list(start.ready)
        readers, heads, patterns = start.readers, start.heads, start.patterns

        def reach(predicate: str) -> None:
            if predicate not in live:
                live.add(predicate)
                for reader in readers.get(predicate, ()):
                    unmet[reader] -= 1
                    if not unmet[reader]:
                        ready.append(reader)

        for predicate in given:
            reach(predicate)
        chosen = bytearray(len(unmet))
        while ready:
            rule = ready.pop()
            if chosen[rule] or (patterns[rule] and not patterns[rule] <= met):
                continue
            chosen[rule] = 1
            for predicate in heads[rule]:
                reach(predicate)
        ids = start.ids
        return frozenset(ids[rule] for rule, on in enumerate(chosen) if on)

    def _start(self) -> "_Start":
        """What every signature starts from: the shared relations that have facts (filled once
        the engine is built, so read on first use) and the tables rules add to.  Rules are
        numbered, their counts kept in a list."""
        if self._started is None:
            live = {p for p, relation in self.shared.items() if relation.facts} | self.added
            ids = tuple(self.needs)
            readers: dict[str, list[int]] = {}
            unmet: list[int] = []
            for number, rule_id in enumerate(ids):
                missing = self.needs[rule_id][0] - live
                unmet.append(len(missing))
                for predicate in missing:
                    readers.setdefault(predicate, []).append(number)
            self._started = _Start(frozenset(live), ids, unmet, tuple(n for n, count in enumerate(unmet) if not count),
                                   readers, tuple(tuple(self.needs[r][2]) for r in ids),
                                   tuple(self.needs[r][1] or None for r in ids))
        return self._started

    def _concluders(self) -> dict[str, list[str]]:
        if self._concluded_by is None:
            self._concluded_by = concluders(self.needs)
        return self._concluded_by

    def _steps(self, keep: frozenset[str]) -> list:
        """The plan's rules in `keep`, in the plan's order, as the steps a run walks (`merged`,
        each rule with its join function, made once per engine): the kept rules are sorted by their
        place in the whole plan rather than the whole plan filtered, as a prune keeps about a
        seventh of it.  Merging before keeping can leave two steps where keeping first would merge
        them (around a recursive stratum with nothing kept): the same rules in the same order."""
        if self._places is None:
            self._whole = merged(self.plan)
            self._places = {rule_id: (step, index, records) for step, (rules, _, _) in enumerate(self._whole)
                            for index, (rule_id, records) in enumerate(rules)}
        places, made, whole = self._places, self._joins, self._whole
        steps: list = []
        current = -1
        for rule_id in sorted(keep, key=places.__getitem__):
            step, _, records = places[rule_id]
            if step != current:
                current = step
                _, members, recursive = whole[step]
                steps.append(([], members, recursive))
            entry = made.get(rule_id)
            if entry is None:
                rule = self.compiled[rule_id]
                entry = made[rule_id] = (rule, rule.variants[RECORD if records else FULL], records)
            steps[-1][0].append(entry)
        return steps

    def rulings(self) -> frozenset[str]:
        """The rules with a 断 among those a run may call."""
        return self.verdicts

    def reads(self, rule_id: str) -> frozenset[str]:
        """What a rule's conclusions depend on: the predicates its body reads, positively or under
        `not`, and those the bodies of the exceptions to it read (transitively)."""
        found = self._reads.get(rule_id)
        if found is None:
            body, _, _, negated = self.needs.get(rule_id, (frozenset(), None, None, frozenset()))
            found = body | negated
            for exception in self.exceptions.get(rule_id, ()):
                found |= self.reads(exception)
            self._reads[rule_id] = found
        return found

    def scope(self, inputs: frozenset[str], others: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
        """(rules, predicates): the part of the per-chart program whose facts depend on no input
        but `inputs` -- each predicate every rule concluding which reads only such predicates or
        the shared tables and static facts, the inputs themselves, and the rules concluding only
        these.  Those facts can be derived once for the many charts sharing the facts of `inputs`
        (a sweep's cast per transition, its moment per moment) and given to each run
        (`evaluate.Layer`).  `others`: the inputs not given (a predicate may be both derived and
        given: never inside).  Rules with a 断 are never inside, nor the predicates of tables a
        rule adds to: a run's own."""
        verdicts = self.rulings()
        concluded = {p for _, _, heads, _ in self.needs.values() for p in heads}
        # Outside: the inputs not given, tables rules add to, and what no rule concludes, no table
        # holds and no input names; then, to a fixed point, whatever a rule concludes that reads
        # something outside, has a 断, or concludes something outside (its other conclusions
        # would be made by a rule the layer cannot hold).
        outside = set(others) | set(self.added)
        for rule_id in self.needs:
            outside.update(q for q in self.reads(rule_id) if q not in concluded and q not in self.shared and q not in inputs)
        changed = True
        while changed:
            changed = False
            for rule_id, (_, _, heads, _) in self.needs.items():
                if heads and not heads <= outside and (rule_id in verdicts or not self.reads(rule_id).isdisjoint(outside)
                                                       or not heads.isdisjoint(outside)):
                    outside |= heads
                    changed = True
        predicates = frozenset(concluded - outside) | inputs
        rules = frozenset(r for r, (_, _, heads, _) in self.needs.items()
                          if heads and r not in verdicts and heads <= predicates)
        return rules, predicates

    def downstream(self, changed: frozenset[str], rules: frozenset[str]) -> frozenset[str]:
        """The predicates whose facts may differ once the facts of `changed` and the `rules`
        named differ: what those rules conclude, and what every rule reading any of these (in its
        body, under `not`, through an exception) or excepted by a rule so touched concludes,
        transitively."""
        found = set(changed)
        touched = set(rules)
        grew = True
        while grew:
            grew = False
            for rule_id, (_, _, heads, _) in self.needs.items():
                if rule_id not in touched and (rule_id in rules or self.reads(rule_id) & found
                                               or touched.intersection(self.exceptions.get(rule_id, ()))):
                    touched.add(rule_id)
                    grew = True
                if rule_id in touched and not heads <= found:
                    found |= heads
                    grew = True
        return frozenset(found)


def resolved(plan: list, compiled: Mapping) -> list:
    """Each rule of a plan with the join function a run calls, made here on first use."""
    return [([(rule, rule.variants[RECORD if records else FULL], records)
              for rule, records in ((compiled[rule_id], records) for rule_id, records in rules)], members, recursive)
            for rules, members, recursive in plan]


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
