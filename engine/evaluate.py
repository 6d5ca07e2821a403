"""The evaluator: stratified negation, a semi-naive fixpoint inside each stratum, exceptions with
Catala semantics, and provenance kept as data (every derivation of every fact, every defeat).
"""

from __future__ import annotations

import operator
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any, Iterable

import attrs

from .check import Program
from .derivations import Derivations, JoinLimit
from .compile import (
    FULL, CompiledRule, CompiledRules, HeadSpec, JoinFunction, compile_rule, plain_spec, rule_source,
)
from .facts import Absent, Conclusion, Conflict, Defeat, Derivation, Fact
from .gcpause import gc_paused
from .ir import Atom, Const, Negation, Value
from .relation import Relation
from .relevance import Relevance, merged, resolved, rule_needs
from .strata import VERDICT_NODE as VERDICT, body_edges, exception_tree

DEFAULT_LIMIT = 500_000


class EvaluationLimit(Exception):
    """A rulebook that derives without end: stopped, naming the rule that was firing.

    The limit counts derivations (every fact has at least one), so it bounds the facts, the
    proofs kept for them, and with them the memory of a run."""

    def __init__(self, rule: str, limit: int) -> None:
        self.rule = rule
        self.limit = limit
        self.span = None  # where the rule is written, when the run's program knows it
        super().__init__(f"derivation limit of {limit} reached while firing rule {rule}; the rulebook may derive without end")


class Relations(dict):
    """predicate -> Relation for one evaluation; a predicate no fact has yet gets an empty one."""

    def __missing__(self, predicate: str) -> Relation:
        relation = self[predicate] = Relation()
        return relation


class ByRule(dict):
    """rule id -> what a derivation of the rule needs of its compiled rule (the predicates of its
    body, the variables of its gloss), taken on first ask: kept apart in the cached engine they
    were a fifth of what a command unpickles at start."""

    __slots__ = ("compiled", "field")

    def __init__(self, compiled: Mapping, field: Callable) -> None:
        super().__init__()
        self.compiled = compiled
        self.field = field

    def __missing__(self, rule_id: str):
        found = self[rule_id] = self.field(self.compiled[rule_id])
        return found

    def __reduce__(self):  # pickled whole, as a plain dict
        return dict, ({rule_id: self[rule_id] for rule_id in self.compiled},)


def body_of(compiled: CompiledRule) -> tuple[str, ...]:
    return tuple(atom.predicate for atom in compiled.body)


def gloss_of(compiled: CompiledRule) -> tuple[str, ...]:
    return compiled.gloss_vars


@attrs.frozen
class Engine:
    """A program compiled for evaluation; build once per rulebook, evaluate many charts."""

    program: Program
    compiled: Mapping[str, CompiledRule] = attrs.field(eq=False)
    params: dict[str, tuple[str, ...]] = attrs.field(eq=False)
    table_facts: tuple[tuple[str, tuple, str], ...] = attrs.field(eq=False)  # rows of tables rules add to
    derived: frozenset[str] = attrs.field(eq=False)  # predicates some rule concludes
    # Tables no rule adds to are built once and shared, read-only, by every evaluation.
    shared_relations: dict[str, Relation] = attrs.field(eq=False, factory=dict)
    shared_derivations: dict[tuple, list] = attrs.field(eq=False, factory=dict)
    # Rules whose conclusions depend on no input (e.g. 纳音 of the sixty pairs) run once, at build.
    static_rules: frozenset[str] = attrs.field(eq=False, factory=frozenset)
    shared_defeats: list = attrs.field(eq=False, factory=list)
    # Per stratum, the compiled rules a run evaluates (static ones at build, the rest per chart).
    plans: dict[bool, list] = attrs.field(eq=False, factory=dict)
    body_predicates: dict[str, tuple[str, ...]] = attrs.field(eq=False, factory=dict)
    gloss_vars: dict[str, tuple[str, ...]] = attrs.field(eq=False, factory=dict)
    subjects: dict[tuple[str, str], tuple[str, ...]] = attrs.field(eq=False, factory=dict)
    relevance: Relevance | None = attrs.field(eq=False, default=None)
    # The shared relations as a result reports them (tuples), made once rather than per chart.
    shared_facts: dict[str, tuple] = attrs.field(eq=False, factory=dict)
    bases: dict[str, str] = attrs.field(eq=False, factory=dict)  # exception id -> the rule it excepts
    shared_indexes: dict = attrs.field(eq=False, factory=dict)  # see `Result.shared_indexes`
    # The on-disk join code cache (joincache.JoinStore): saves what runs compiled; None: no cache.
    join_store: Any = attrs.field(eq=False, default=None)

    @classmethod
    def build(cls, program: Program, store=None) -> "Engine":
        """Compile a checked program; `store` (a joincache.JoinStore) caches the join code runs compile."""
        params = {name: decl.params for name, decl in program.declarations.items()}
        compiled = {rule.id: compile_rule(rule, params, store.rule(rule.id) if store else None) for rule in program.rules}
        static = _static_rules(program)
        rows = []
        for table in program.tables:
            ref = table.citation.ref if table.citation else ""
            for row in table.rows:
                if len(row) != len(table.params):
                    continue
                rows.append((table.predicate, tuple(row), ref))
                if table.symmetric:
                    rows.append((table.predicate, (row[1], row[0]), ref))
        derived = frozenset(a.predicate for rule in program.rules for a in rule.atoms)
        shared_relations: dict[str, Relation] = {}
        shared_derivations: dict[tuple, list] = {}
        for predicate, values, ref in rows:
            if predicate in derived:
                continue
            relation = shared_relations.setdefault(predicate, Relation())
            if relation.add(values):
                shared_derivations[(predicate, values)] = [(None, "table", (), (), (("§", ref),))]
            elif (raw := (None, "table", (), (), (("§", ref),))) not in shared_derivations[(predicate, values)]:
                shared_derivations[(predicate, values)].append(raw)
        plans: dict[bool, list] = {True: [], False: []}
        for stratum in program.strata.strata:
            for kind in (True, False):
                # Each rule with whether a run calls its recording variant: a rule with one
                # conclusion, no exception to it, outside recursion.
                rules = []
                for r in stratum.rules:
                    if (r in static) == kind:
                        rule = compiled[r]
                        records = r not in program.exceptions and rule.head_kinds != (VERDICT,) and \
                            len(rule.head_kinds) == 1 and \
                            not any(atom.predicate in stratum.predicates for atom in rule.body)
                        rules.append((r, records))
                if rules:
                    plans[kind].append((rules, frozenset(stratum.predicates), stratum.recursive))
        subjects = {
            (base, exception): _subject_names(program, base, exception)
            for base, exceptions in program.exceptions.items() for exception in exceptions
        }
        table_facts = tuple(r for r in rows if r[0] in derived)
        roots = frozenset(params) - derived - frozenset(shared_relations)
        negated = {rule.id: frozenset(lit.atom.predicate for lit in rule.body if isinstance(lit, Negation))
                   for rule in program.rules}
        relevance = Relevance(plans[False], rule_needs(plans[False], compiled, params, roots, negated), compiled,
                              shared_relations, frozenset(r[0] for r in table_facts), program.exceptions,
                              frozenset(r for rules, _, _ in plans[False] for r, _ in rules
                                        if VERDICT in compiled[r].head_kinds))
        engine = cls(program, compiled, params, table_facts, derived,
                     shared_relations, shared_derivations, static, [], plans,
                     ByRule(compiled, body_of), ByRule(compiled, gloss_of), subjects, relevance,
                     bases={e: base for base, exceptions in program.exceptions.items() for e in exceptions},
                     join_store=store)
        engine._share_static_conclusions()
        engine._note_shared_facts()
        return engine

    def layer(self, result: "Result", rules: frozenset[str], predicates: Iterable[str]) -> Layer:
        """The layer of `rules`, completing `predicates`, as `result` holds them: a run of
        `within=rules` (a scope's part of the program), or a run of another school's engine whose
        facts of these predicates are this one's (see `relevance.Relevance.downstream`)."""
        own = result.derivations.raw.own
        relations: dict[str, Relation] = {}
        derivations: dict[str, dict] = {}
        for predicate in predicates:
            facts = result.relations.get(predicate)
            if facts is None or facts is result.shared_facts.get(predicate) or predicate in self.shared_relations:
                continue
            relations[predicate] = Relation.of(list(facts))
            derivations[predicate] = own.get(predicate, {})
        return Layer(rules, relations, derivations, tuple(d for d in result.defeats if d.rule in rules))

    def _share_static_conclusions(self) -> None:
        """Evaluate the input-independent strata once and share their facts like table rows."""
        if not self.static_rules:
            return
        run = _Run(self, DEFAULT_LIMIT, static=True)
        run.run(())
        for predicate in {self.program.rule(r).atoms[0].predicate for r in self.static_rules}:
            self.shared_relations[predicate] = run.relations[predicate]
            for values in run.relations[predicate].facts:
                self.shared_derivations[(predicate, values)] = list(run.view.raw[(predicate, values)])
        self.shared_defeats.extend(run.defeats)

    def runtime_state(self) -> dict[str, Any]:
        """What runs need, as plain data for the on-disk cache (the program and the code apart)."""
        assert self.relevance is not None
        return {
            "params": self.params, "table_facts": self.table_facts, "derived": self.derived,
            "shared": {name: relation.facts for name, relation in self.shared_relations.items()},
            "shared_derivations": self.shared_derivations, "static_rules": self.static_rules,
            "shared_defeats": self.shared_defeats, "plans": self.plans, "subjects": self.subjects,
            "bases": self.bases, "needs": self.relevance.needs, "added": self.relevance.added,
            "verdicts": self.relevance.verdicts,
            "rules": {rule_id: plain_spec(c) for rule_id, c in self.compiled.items()},
        }

    @classmethod
    def from_state(cls, program: Program, state: dict[str, Any], store=None) -> "Engine":
        """An engine from `runtime_state` and the join code cache; `program` is asked only for the
        source of a variant the cache lacks."""
        params = state["params"]
        compiled = CompiledRules(state["rules"], store,
                                 lambda rule_id, variant: rule_source(program.rule(rule_id), params, variant))
        shared_relations = {name: Relation.of(facts) for name, facts in state["shared"].items()}
        relevance = Relevance(state["plans"][False], state["needs"], compiled, shared_relations, state["added"],
                              program.exceptions, state["verdicts"])
        engine = cls(program, compiled, params, state["table_facts"], state["derived"], shared_relations,
                     state["shared_derivations"], state["static_rules"], state["shared_defeats"], state["plans"],
                     ByRule(compiled, body_of), ByRule(compiled, gloss_of), state["subjects"], relevance, bases=state["bases"],
                     join_store=store)
        engine._note_shared_facts()
        return engine

    def _note_shared_facts(self) -> None:
        self.shared_facts.update((name, tuple(rel.facts)) for name, rel in self.shared_relations.items() if rel.facts)

    def evaluate(self, base: Iterable[Fact], limit: int = DEFAULT_LIMIT, wanted: frozenset[str] | None = None,
                 within: frozenset[str] | None = None, layers: tuple["Layer", ...] = ()) -> "Result":
        """The fact base the rules derive from `base`; with `wanted`, only what the facts of those
        predicates depend on is evaluated (exact for them: see `relevance.cone`); with `within`,
        only those rules; `layers`: facts derived before, given to the run (see `Layer`)."""
        with gc_paused():
            result = _Run(self, limit).run(base, wanted, within, layers)
        if self.join_store is not None:
            self.join_store.save()
        return result


# A raw derivation, as the run records it: (rule id or None, source, matched value tuples,
# absent patterns, gloss values).  Objects are built only when someone asks for provenance.
RawDerivation = tuple


class Layered(Mapping):
    """(predicate, values) -> raw derivations: a run's own, kept by predicate then values (no
    pair built or hashed per fact), over the shared ones (tables, static rules), not copied.

    A run stores a fact's only derivation bare and makes a list at the second (most facts have
    one); read through here, every fact has a sequence of derivations.
    """

    __slots__ = ("own", "shared")

    def __init__(self, own: dict[str, dict], shared: Mapping) -> None:
        self.own = own
        self.shared = shared

    def _own(self, key):
        """This run's derivations of the fact, as a sequence; None when it derived none."""
        by_values = self.own.get(key[0])
        found = None if by_values is None else by_values.get(key[1])
        return (found,) if found.__class__ is tuple else found

    def __getitem__(self, key):
        found = self._own(key)
        return self.shared[key] if found is None else found

    def get(self, key, default=None):
        found = self._own(key)
        return self.shared.get(key, default) if found is None else found

    def __contains__(self, key) -> bool:
        return self._own(key) is not None or key in self.shared

    def _own_keys(self):
        return ((predicate, values) for predicate, found in self.own.items() for values in found
                if (predicate, values) not in self.shared)

    def __iter__(self):
        yield from self.shared
        yield from self._own_keys()

    def __len__(self) -> int:
        return len(self.shared) + sum(1 for _ in self._own_keys())


class DerivationView(Mapping):
    """Fact -> its derivations, materialising `Derivation` objects on first access."""

    def __init__(self, raw: dict, body_predicates: dict, gloss_vars: dict) -> None:
        self._raw = raw
        self._body = body_predicates
        self._gloss = gloss_vars
        self._made: dict = {}

    def __getitem__(self, fact: Fact) -> tuple[Derivation, ...]:
        made = self._made.get(fact)
        if made is None:
            made = tuple(self.make(r) for r in self._raw[(fact.predicate, fact.values)])
            self._made[fact] = made
        return made

    def __contains__(self, fact) -> bool:
        return isinstance(fact, Fact) and (fact.predicate, fact.values) in self._raw

    @property
    def raw(self) -> dict:
        """(predicate, values) -> raw derivations, for walks that need no Derivation objects."""
        return self._raw

    @property
    def body_predicates(self) -> dict:
        return self._body

    def __iter__(self):
        return (Fact(p, v) for p, v in self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def make(self, raw: RawDerivation) -> Derivation:
        rule, source, matched, absent, gloss = raw
        if rule is None:
            return Derivation(None, source, bindings=gloss)
        facts = tuple(Fact(p, v) for p, v in zip(self._body[rule], matched))
        return Derivation(rule, source, facts, tuple(Absent(p, v) for p, v in absent), tuple(zip(self._gloss[rule], gloss)))


@attrs.frozen
class Result:
    """The fact base with provenance.  Facts are in derivation order; `sorted_facts` for output."""

    program: Program
    relations: dict[str, tuple[tuple, ...]] = attrs.field(eq=False)
    derivations: DerivationView = attrs.field(eq=False)
    conclusions: tuple[Conclusion, ...]
    conclusion_derivations: dict[Conclusion, tuple[Derivation, ...]] = attrs.field(eq=False)
    defeats: tuple[Defeat, ...]
    conflicts: tuple[Conflict, ...]
    # The engine's shared relations as `relations` holds them (the same tuples, chart after
    # chart), and a place for look-up indexes over them that outlives this result.
    shared_facts: Mapping[str, tuple] = attrs.field(eq=False, factory=dict)
    shared_indexes: dict = attrs.field(eq=False, factory=dict)

    def facts(self, predicate: str | None = None) -> list[Fact]:
        names = [predicate] if predicate else list(self.relations)
        return [Fact(name, values) for name in names for values in self.relations.get(name, ())]

    def holds(self, fact: Fact) -> bool:
        return fact in self.derivations

    def args(self, fact: Fact) -> dict[str, Value]:
        return dict(zip(self.program.declarations[fact.predicate].params, fact.values))

    def sorted_facts(self) -> list[Fact]:
        return sorted(self.facts(), key=fact_sort_key)

    def defeats_of(self, fact: Fact) -> list[Defeat]:
        return [d for d in self.defeats if d.head == fact]


@attrs.frozen
class Layer:
    """Facts part of the program derived once, for many runs to be given: the rules it covers (a
    run given it does not call them), and per predicate it completes the facts (a relation runs
    only read: the indexes they build serve every run) and their raw derivations, and the defeats
    its rules met.  Made by `Engine.layer`; see `relevance.Relevance.scope` for what may be one."""

    rules: frozenset[str]
    relations: dict[str, Relation] = attrs.field(eq=False)
    derivations: dict[str, dict] = attrs.field(eq=False)
    defeats: tuple = attrs.field(eq=False, default=())


def _static_rules(program: Program) -> frozenset[str]:
    """Rules whose every body predicate (and every exception's) depends on no input fact.

    A predicate is dynamic when it is an input or some rule concluding it reads a dynamic
    predicate, directly, under `not`, or through the body of an exception to it.  Rules with a
    conclusion (断) are always evaluated per chart.
    """
    exceptions: dict[str, list] = defaultdict(list)
    for rule in program.rules:
        if rule.exception_to:
            exceptions[rule.exception_to].append(rule)
    # Inputs vary per chart; so does any predicate nothing derives (no rule, no table row), since
    # its facts can only be supplied from outside (a case's extra facts, the API).
    concluded = {a.predicate for rule in program.rules for a in rule.atoms}
    tabled = {table.predicate for table in program.tables if table.rows}
    dynamic = {
        name for name, decl in program.declarations.items()
        if decl.kind == "input" or (name not in concluded and name not in tabled)
    }

    def reads(rule) -> set[str]:
        found = {p for p, _, _ in body_edges(rule)}
        for exception in exception_tree(rule, exceptions):
            found |= {p for p, _, _ in body_edges(exception)}
        return found

    reading = {rule.id: reads(rule) for rule in program.rules}
    changed = True
    while changed:
        changed = False
        for rule in program.rules:
            heads = {a.predicate for a in rule.atoms}
            if heads - dynamic and (rule.verdicts or reading[rule.id] & dynamic):
                dynamic |= heads
                changed = True
    return frozenset(
        rule.id for rule in program.rules
        if not rule.verdicts and not ({a.predicate for a in rule.atoms} & dynamic)
    )


def fact_sort_key(fact: Fact):
    return (fact.predicate, tuple((isinstance(v, str), v) for v in fact.values))


def opposite(a: str, b: str) -> bool:
    """吉/凶, and the book's paired terms X / 不X (成/不成, 来/不来, 愈/不愈 …)."""
    return {a, b} == {"吉", "凶"} or a == "不" + b or b == "不" + a


class _Run:
    def __init__(self, engine: Engine, limit: int, static: bool = False) -> None:
        self.static = static  # True: run only the input-independent rules (at build time)
        self.engine = engine
        self.program = engine.program
        self.limit = limit
        self.relations: Relations = Relations(engine.shared_relations)
        # This run's derivations, by predicate then values; the shared ones (tables, static rules)
        # are read through the view.
        self.derivations: dict[str, dict[tuple, RawDerivation | list[RawDerivation]]] = {}
        self.seen_derivations: set = set()
        self.conclusions: dict[Conclusion, list[Derivation]] = {}
        self.defeats: list[Defeat] = [] if static else list(engine.shared_defeats)
        self.count = 0
        self.exceptions = self.program.exceptions
        self.firings_cache: dict[str, _Defeaters] = {}
        # An exception's matches as its own stratum found them (complete there, outside recursion):
        # `defeaters` reads them rather than joining the exception's body a second time.
        self.exception_ids = engine.bases
        self.exception_matches: dict[str, list] = {}
        self.view = DerivationView(Layered(self.derivations, engine.shared_derivations),
                                   engine.body_predicates, engine.gloss_vars)

    # adding facts ---------------------------------------------------------------------------
    def add(self, predicate: str, values: tuple, raw: RawDerivation) -> bool:
        """Record a derivation; True when the fact is new.  Every new derivation counts."""
        own = self.derivations.get(predicate)
        if own is None:
            own = self.derivations[predicate] = {}
        known = own.get(values)
        if known is None:
            self.counted(raw[0] or raw[1])
            own[values] = raw  # bare until a second derivation (see `Layered`)
            self.relations[predicate].add(values)
            return True
        if known.__class__ is tuple:
            if known != raw:
                self.counted(raw[0] or raw[1])
                own[values] = Derivations((known, raw))
        elif raw not in known:
            self.counted(raw[0] or raw[1])
            known.append(raw)
        return False

    def counted(self, rule: str) -> None:
        self.count += 1
        if self.count > self.limit:
            raise EvaluationLimit(rule, self.limit)

    def add_given(self, predicate: str, values: tuple, raw: RawDerivation) -> None:
        """An input or table fact; one of a shared predicate copies that relation for this run."""
        shared = self.engine.shared_relations.get(predicate)
        if shared is not None:  # (only then can the fact have shared derivations)
            if self.relations[predicate] is shared:
                self.relations[predicate] = shared.copy()
            key = (predicate, values)
            own = self.derivations.setdefault(predicate, {})
            if key in self.engine.shared_derivations and values not in own:
                own[values] = Derivations(self.engine.shared_derivations[key])
        self.add(predicate, values, raw)

    def run(self, base: Iterable[Fact], wanted: frozenset[str] | None = None, within: frozenset[str] | None = None,
            layers: tuple[Layer, ...] = ()) -> Result:
        base = sorted(base, key=fact_sort_key)
        given: set[str] = set()  # predicates a layer completes: read only, never added to
        skip: frozenset[str] = frozenset()
        for layer in layers:
            self.relations.update(layer.relations)
            self.derivations.update(layer.derivations)
            given.update(layer.relations)
            self.defeats.extend(layer.defeats)
            skip |= layer.rules
        for predicate, values, ref in self.engine.table_facts:
            if predicate not in given:
                self.add_given(predicate, values, (None, "table", (), (), (("§", ref),)))
        for fact in base:
            if fact.predicate not in given:
                self.add_given(fact.predicate, fact.values, (None, "input", (), (), ()))
        plan = resolved(merged(self.engine.plans[True]), self.engine.compiled) if self.static \
            else self.engine.relevance.plan_for(base, wanted, within, skip)
        try:
            try:
                for rules, members, recursive in plan:
                    self.run_stratum(rules, members, recursive)
            except JoinLimit as stopped:
                raise EvaluationLimit(stopped.rule, self.limit) from None
        except EvaluationLimit as stopped:
            stopped.span = self.rule_span(stopped.rule)
            raise
        conclusions = tuple(self.conclusions)
        return Result(
            self.program,
            self.facts(),
            self.view,
            conclusions,
            {c: tuple(ds) for c, ds in self.conclusions.items()},
            tuple(self.defeats),
            tuple(self.find_conflicts(conclusions)),
            self.engine.shared_facts,
            self.engine.shared_indexes,
        )

    def rule_span(self, rule_id: str):
        """Where a rule is written (for the limit's diagnostic); None for a table or an input."""
        return next((rule.id_span for rule in self.program.rules if rule.id == rule_id), None)

    def facts(self) -> dict[str, tuple[tuple, ...]]:
        shared = self.engine.shared_relations
        found = dict(self.engine.shared_facts)
        found.update((name, tuple(rel.facts)) for name, rel in self.relations.items()
                     if rel.facts and rel is not shared.get(name))
        return found

    # one stratum ----------------------------------------------------------------------------
    def run_stratum(self, rules: list[tuple[CompiledRule, JoinFunction, bool]], members: frozenset[str], recursive: bool) -> None:
        new: dict[str, list[tuple]] = defaultdict(list)
        relations = self.relations
        derivations = self.derivations
        if recursive:  # where each member's facts stood: the first round's delta is what follows
            start = {predicate: len(relations[predicate].facts) for predicate in members}
        for compiled, join, records in rules:
            # The hot path, once per rule and chart.
            if records:
                added = join(relations, derivations, None, self.limit - self.count)
                if added:
                    self.count += added
                continue
            out: list = []
            join(relations, (), out, self.limit - self.count)
            if not recursive and compiled.id in self.exception_ids:
                self.exception_matches[compiled.id] = out
            if out:
                self.take(compiled, out, new, recursive)
        if not recursive:
            return
        # The first round's new facts, whether a recording join or `take` added them (both append
        # to the relation, in derivation order).
        new = {predicate: relations[predicate].facts[start[predicate]:] for predicate in members}
        new = {predicate: facts for predicate, facts in new.items() if facts}
        while new:
            delta, new = new, defaultdict(list)
            for compiled, _, _ in rules:
                for index, atom in enumerate(compiled.body):
                    if atom.predicate in members and delta.get(atom.predicate):
                        self.fire(compiled, index, delta[atom.predicate], new, True)

    def fire(self, compiled: CompiledRule, variant: int, delta: list, new: dict, recursive: bool) -> None:
        out: list = []
        compiled.variants[variant](self.relations, delta, out, self.limit - self.count)
        if out:
            self.take(compiled, out, new, recursive)

    def take(self, compiled: CompiledRule, out: list, new: dict, recursive: bool) -> None:
        """Record the matches of one rule: derivations, defeats by exceptions, conclusions."""
        rule_id = compiled.id
        defeaters = self.defeaters(rule_id) if rule_id in self.exceptions else None
        kinds = compiled.head_kinds
        for heads, matched, absent, gloss in out:
            if recursive:
                # Semi-naive variants can meet the same match twice; count each derivation once.
                key = (rule_id, matched)
                if key in self.seen_derivations:
                    continue
                self.seen_derivations.add(key)
            raw = (rule_id, "rule", matched, absent, gloss)
            if defeaters is not None:
                beaten = defeaters.find(heads)
                if beaten is not None:
                    derivation = self.view.make(raw)
                    by_rule, by_head, by_derivation = beaten
                    for head in self.heads(compiled, heads, derivation):
                        self.defeats.append(Defeat(rule_id, head, derivation, by_rule, by_head, by_derivation))
                    continue
            for kind, values, head in zip(kinds, heads, compiled.heads):
                if kind == VERDICT:
                    derivation = self.view.make(raw)
                    self.conclusions.setdefault(self.conclusion(rule_id, head, values, derivation), []).append(derivation)
                elif self.add(kind, values, raw):
                    new[kind].append(values)

    def derivation(self, compiled: CompiledRule, matched, absent, gloss) -> Derivation:
        return self.view.make((compiled.id, "rule", matched, absent, gloss))

    def heads(self, compiled: CompiledRule, heads, derivation: Derivation) -> list:
        made = []
        for head, values in zip(compiled.heads, heads):
            if head.kind != VERDICT:
                made.append(Fact(head.kind, values))
            else:
                made.append(self.conclusion(compiled.id, head, values, derivation))
        return made

    def conclusion(self, rule_id: str, verdict: HeadSpec, values, derivation: Derivation) -> Conclusion:
        subject = tuple(zip(verdict.names, values))
        timing = _fill(verdict.timing, derivation.bindings) if verdict.timing else None
        strength = _fill(verdict.strength, derivation.bindings) if verdict.strength and "{" in verdict.strength else verdict.strength
        return Conclusion(rule_id, verdict.polarity, strength, subject, _fill(verdict.gloss, derivation.bindings), timing)

    # exceptions -----------------------------------------------------------------------------
    def defeaters(self, base_id: str) -> "_Defeaters":
        """For each exception to `base_id`: its subject, and the subjects for which it fires."""
        cached = self.firings_cache.get(base_id)
        if cached is not None:
            return cached
        per_exception = []
        for exception_id in self.exceptions.get(base_id, ()):
            fired: dict = {}
            names = self.engine.subjects[(base_id, exception_id)]
            compiled = self.engine.compiled[exception_id]
            out = self.exception_matches.get(exception_id)
            if out is None:  # not run yet in this run, or run in a recursive stratum
                out = []
                compiled.variants[FULL](self.relations, [], out, self.limit - self.count)
            own = self.defeaters(exception_id) if exception_id in self.exceptions else None
            for heads, matched, absent, gloss in out:
                if own and own.find(heads):
                    continue  # the exception is itself defeated
                derivation = self.derivation(compiled, matched, absent, gloss)
                head = self.heads(compiled, heads, derivation)[0]
                fired.setdefault(_subject(compiled, heads, names), (exception_id, head, derivation))
            per_exception.append((_subject_reader(self.engine.compiled[base_id], names), fired))
        found = _Defeaters(tuple(per_exception))
        self.firings_cache[base_id] = found
        return found

    # conflicts ------------------------------------------------------------------------------
    def find_conflicts(self, conclusions: tuple[Conclusion, ...]) -> list[Conflict]:
        by_subject: dict = defaultdict(list)
        for conclusion in conclusions:
            by_subject[tuple(sorted(conclusion.subject, key=str))].append(conclusion)
        conflicts = []
        seen: set = set()  # one conflict per pair of rules and subject, however many 应期 repeat it
        for subject, group in by_subject.items():
            for i, first in enumerate(group):
                for second in group[i + 1:]:
                    key = (subject, first.rule, second.rule)
                    if key not in seen and opposite(first.polarity, second.polarity) and not self.related(first.rule, second.rule):
                        seen.add(key)
                        conflicts.append(Conflict(subject, first, second))
        return conflicts

    def related(self, a: str, b: str) -> bool:
        return b in self.ancestors(a) or a in self.ancestors(b)

    def ancestors(self, rule_id: str) -> set[str]:
        found = set()
        base = self.engine.bases.get(rule_id)
        while base and base not in found:
            found.add(base)
            base = self.engine.bases.get(base)
        return found


@attrs.frozen
class _Defeaters:
    # per exception of one base rule, in order: how to read its subject off the base rule's heads,
    # and the subjects it fired for -> (exception id, head, derivation)
    exceptions: tuple[tuple[Callable[[tuple], tuple], dict], ...]

    def find(self, heads):
        for subject_of, fired in self.exceptions:
            hit = fired.get(subject_of(heads))
            if hit is not None:
                return hit
        return None


def _subject_reader(compiled: CompiledRule, names: tuple[str, ...]) -> Callable[[tuple], tuple]:
    """A function reading a match's subject (the named arguments, as `_subject` does) off the base
    rule's heads; made once per evaluation, since every match of a rule with exceptions asks it
    (the `--fact` help example asks 180,000 times)."""
    where = _subject_where(compiled, names)
    if where and None not in where and len({h for h, _ in where}) == 1:
        head = where[0][0]
        if len(where) == 1:
            index = where[0][1]
            return lambda heads: (heads[head][index],)
        pick = operator.itemgetter(*(i for _, i in where))
        return lambda heads: pick(heads[head])
    return lambda heads: tuple(None if at is None else heads[at[0]][at[1]] for at in where)


def _subject_where(compiled: CompiledRule, names: tuple[str, ...]) -> tuple:
    """Where each named argument sits in a rule's heads, (head, index) of the first head naming it."""
    where = compiled.subject_at.get(names)
    if where is None:
        found: dict[str, tuple[int, int]] = {}
        for h, head in enumerate(compiled.heads):
            for i, name in enumerate(head.names):
                found.setdefault(name, (h, i))
        where = compiled.subject_at[names] = tuple(found.get(n) for n in names)
    return where


def _subject(compiled: CompiledRule, heads, names: tuple[str, ...]) -> tuple:
    """The values the named arguments take in a match's conclusions (the first head naming each)."""
    return tuple(None if at is None else heads[at[0]][at[1]] for at in _subject_where(compiled, names))


def _fill(template: str, bindings) -> str:
    for name, value in bindings:
        template = template.replace("{" + name + "}", str(value))
    return template


def _subject_names(program: Program, base_id: str, exception_id: str) -> tuple[str, ...]:
    """`on` if given; else the arguments both conclusions share, except those both fix to a
    constant: two constants (因: 月破 / 因: 值日) are what each rule says, not whom it is about."""
    exception = program.rule(exception_id)
    if exception.exception_on:
        return exception.exception_on
    base = _arg_terms(program.rule(base_id))
    return tuple(
        name for name, term in _arg_terms(exception).items()
        if name in base and not (isinstance(term, Const) and isinstance(base[name], Const))
    )


def _arg_terms(rule) -> dict:
    """argument name -> its term in the rule's conclusions (the first head that has it)."""
    terms: dict = {}
    for head in rule.heads:
        for arg in head.args if isinstance(head, Atom) else head.subject:
            terms.setdefault(arg.name, arg.term)
    return terms


