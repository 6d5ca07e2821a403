"""durable-rules 2.0.28 as a cross-check backend: the same checked IR compiled to durable-rules
rulesets (plain dicts through the host's `set_rulesets`) and matched by its Rete engine, so an
established implementation checks our evaluator fact for fact and derivation for derivation.

durable-rules cannot be trusted as it comes (DESIGN.md, "Dependencies"); each measured defect has
a workaround here, and what cannot be worked around is refused, never answered differently:

- `none()` only blocks a rule if the blocking fact came first.  Every rule with `not` (or with no
  positive pattern) first matches a marker of its stratum, and the marker of stratum s is asserted
  only after everything below s has run to quiescence, so each negated predicate is complete
  before it is consulted.  Positive rules need no marker: Rete is exact on monotone joins.
- Deleting a session in which nothing fired crashes the process.  Each session begins with a
  fact a no-op rule consumes, and a session is deleted only once that rule has fired.
- A fact no rule consumes is not stored (asserting it raises "not handled").  One collector rule
  per predicate (its fact, then a pattern nothing matches) stores every fact; the fact set is read
  back from durable's own store and checked against what the actions concluded.
- It has no `%` and compares a number with text as text (3 == "3").  Arithmetic runs in the host
  between steps: a rule is cut where a computed value is needed, the step's action computes it
  and passes the match on in an auxiliary fact; text values carry a prefix so no text equals a
  number, and an ordering durable accepts is re-checked in the host (mixed types: refused).
- Fixed tables in the C engine: at most 64 alpha nodes pending at once (error 303), 512 children
  per alpha node (106; a full table hangs it), 256 rules per pattern (108), 16 messages per frame
  (304).  The compiled network is measured against the first three before loading, so the refusal
  names the rule; long bodies are cut into steps of at most `FRAME_PATTERNS` patterns.
- Its host polls rulesets from timer threads; this host does not start them, so every action
  runs inside our own (synchronous) assert calls.

Refused: exceptions (Catala defeat) and conclusions (断) -- the backend checks the fact base.
One fresh session per evaluation, deleted after.  Rules that read no input run once per build (as
our evaluator does) and their facts are given to every session.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections import defaultdict
from collections.abc import Iterable
from importlib import metadata

import attrs

from ..check import Program
from ..errors import UsageError
from ..evaluate import DEFAULT_LIMIT, DerivationView, EvaluationLimit, Result
from ..facts import Fact
from ..ir import Arith, Atom, Binding, Comparison, Const, Negation, Rule, Term, Value, Var, Wildcard
from ..strata import body_edges

PINNED = "2.0.28"
STACK_LIMIT = 64  # events.c MAX_STACK_SIZE: alpha nodes pending while one fact is matched (error 303)
CHILD_LIMIT = 510  # rete.c NEXT_BUCKET_LENGTH 512: children of one alpha node (106; a full table hangs it)
BETA_LIMIT = 256  # rete.c BETA_LIST_LENGTH: rules sharing one complete pattern (error 108)
FRAME_PATTERNS = 12  # state.h MAX_MESSAGE_FRAMES 16: matched facts per frame (error 304), with margin

try:
    import durable_rules_engine as _native
    from durable import engine as _durable
except Exception as error:  # not installed, or its C extension does not load on this Python
    _native = _durable = None
    _IMPORT_ERROR: str | None = f"{type(error).__name__}: {error}"
else:
    _IMPORT_ERROR = None


def unavailable() -> str | None:
    """Why the backend cannot run here, in one line; None when it can."""
    if _IMPORT_ERROR is not None:
        return (f"durable-rules {PINNED} does not import here ({_IMPORT_ERROR}); install it with "
                f"pip install 'yimao[durable]' (it builds from source and needs a C compiler)")
    try:
        installed = metadata.version("durable-rules")
    except metadata.PackageNotFoundError:
        installed = "of unknown version"
    if installed != PINNED:
        return f"durable-rules {installed} is installed; the durable backend is written for {PINNED} (its workarounds are measured on it)"
    return None


class Refused(UsageError):
    """The program has a construct or size durable-rules cannot run correctly."""


# values ------------------------------------------------------------------------------------------

_TEXT = "'"  # prefix of every text value: durable would otherwise find 3 == "3"


def _encode(value: Value) -> Value:
    return _TEXT + value if isinstance(value, str) else value


def _decode(value):
    return value[1:] if isinstance(value, str) else value


_FLIP = {"=": "=", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
_OPERATOR = {"!=": "$neq", "<": "$lt", "<=": "$lte", ">": "$gt", ">=": "$gte"}


def _holds(op: str, a: Value, b: Value) -> bool:
    """A comparison as our evaluator decides it: ordering across types is false, never an error."""
    if op == "=":
        return a == b
    if op == "!=":
        return a != b
    try:
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op] if op in _FLIP else False
    except TypeError:
        return False


def _compute(expr, env: dict[str, Value]) -> Value:
    if isinstance(expr, Var):
        return env[expr.name]
    if isinstance(expr, Const):
        return expr.value
    left, right = _compute(expr.left, env), _compute(expr.right, env)
    if expr.op == "+":
        return left + right
    if expr.op == "-":
        return left - right
    if expr.op == "*":
        return left * right
    return left % right


def _expr_vars(expr) -> set[str]:
    if isinstance(expr, Var):
        return {expr.name}
    if isinstance(expr, Arith):
        return _expr_vars(expr.left) | _expr_vars(expr.right)
    return set()


# compiling a rule into steps ---------------------------------------------------------------------

@attrs.frozen
class Step:
    """One durable-rules rule: a stretch of an IR rule's body that durable matches, and what the
    host does with each match -- re-check orderings, compute bindings, then pass the match on in
    an auxiliary fact (`next`) or conclude the rule's heads."""

    name: str
    rule: Rule = attrs.field(eq=False)
    definition: dict = attrs.field(eq=False)  # {"all": [...patterns], "dist": 0}; "run" added at load
    first: bool  # no auxiliary fact: the match starts here
    atoms: tuple[tuple[str, int], ...]  # (alias, arity) of the body atoms matched here, in body order
    reads: tuple[tuple[str, str, str], ...]  # (variable, alias, field)
    guards: tuple[tuple[str, Term, Term], ...]  # orderings durable tested, re-checked by the host
    bindings: tuple[Binding, ...]  # computed by the host after the match
    carry: tuple[str, ...]  # variables passed on
    next: str | None  # the step the auxiliary fact feeds; None: conclude


def _field(position: int) -> str:
    return f"a{position}"


def _term_vars(*terms) -> set[str]:
    return {t.name for t in terms if isinstance(t, Var)}


class _Planner:
    """Cuts one rule into steps.  Atoms keep their body order (so matched facts line up with our
    evaluator's derivations); each test and `not` goes on the first pattern where its variables
    are known; a cut is made where a value only the host can compute is needed."""

    def __init__(self, rule: Rule, params: dict[str, tuple[str, ...]], prefix: str, stratum: int) -> None:
        self.rule = rule
        self.params = params
        self.prefix = prefix
        self.stratum = stratum
        self.atoms = [lit for lit in rule.body if isinstance(lit, Atom)]
        self.negations = [lit.atom for lit in rule.body if isinstance(lit, Negation)]
        self.absent_vars = {a.term.name for atom in self.negations for a in atom.args if isinstance(a.term, Var)}
        self.bindings = [lit for lit in rule.body if isinstance(lit, Binding)]
        self.tests: list[tuple[str, Term, Term]] = []
        fresh = itertools.count(1)
        for lit in rule.body:
            if isinstance(lit, Comparison):
                sides = []
                for side in (lit.left, lit.right):
                    if isinstance(side, Arith):  # durable tests fields, not sums: compute it first
                        var = Var(f"_{next(fresh)}")
                        self.bindings.append(Binding(var, side, lit.span))
                        side = var
                    sides.append(side)
                self.tests.append((lit.op, sides[0], sides[1]))
        self.never = any(not _term_vars(l, r) and not _holds(op, l.value, r.value) for op, l, r in self.tests)
        self.tests = [t for t in self.tests if _term_vars(t[1], t[2])]
        # `not` must wait for its stratum's marker; so must a rule with nothing else to match first.
        self.gate = not self.atoms or bool(self.negations)
        self.steps: list[Step] = []

    # the step being built
    def _start(self, carry: tuple[str, ...]) -> None:
        self.patterns: list[dict] = []
        self.reads: dict[str, tuple[str, str]] = {}
        self.step_atoms: list[tuple[str, int]] = []
        self.guards: list[tuple[str, Term, Term]] = []
        self.first = not self.steps
        if self.first and self.gate:
            self.patterns.append({"g": {"$and": [{"t": "$stratum"}, {"n": self.stratum}]}})
        if not self.first:
            conditions: list[dict] = [{"t": "$aux"}, {"r": self._name(len(self.steps))}]
            self.reads = {v: ("x", "v" + v) for v in carry}
            self._place_tests("x", conditions)
            self.patterns.append({"x": {"$and": conditions}})
            self._place_negations()

    def _name(self, index: int) -> str:
        return f"{self.prefix}s{index}"

    def _ref(self, var: str, alias: str):
        source, field = self.reads[var]
        return {"$m": field} if source == alias else {source: field}

    def _place_tests(self, alias: str, conditions: list[dict]) -> None:
        for test in list(self.tests):
            op, left, right = test
            if not _term_vars(left, right) <= set(self.reads):
                continue
            self.tests.remove(test)
            if isinstance(left, Var) and self.reads[left.name][0] == alias:
                here, other, oriented = left, right, op
            else:
                here, other, oriented = right, left, _FLIP[op]
            field = self.reads[here.name][1]
            ref = _encode(other.value) if isinstance(other, Const) else self._ref(other.name, alias)
            conditions.append({field: ref} if oriented == "=" else {_OPERATOR[oriented]: {field: ref}})
            if op not in ("=", "!="):
                self.guards.append(test)

    def _place_negations(self) -> None:
        for atom in list(self.negations):
            needed = {a.term.name for a in atom.args if isinstance(a.term, Var)}
            if not needed <= set(self.reads):
                continue
            self.negations.remove(atom)
            position = {p: i for i, p in enumerate(self.params[atom.predicate])}
            conditions: list[dict] = [{"t": atom.predicate}]
            for arg in atom.args:
                if isinstance(arg.term, Const):
                    conditions.append({_field(position[arg.name]): _encode(arg.term.value)})
                elif isinstance(arg.term, Var):
                    alias, field = self.reads[arg.term.name]
                    conditions.append({_field(position[arg.name]): {alias: field}})
            self.patterns.append({f"n{len(self.patterns)}$not": {"$and": conditions} if len(conditions) > 1 else conditions[0]})

    def _add_atom(self, index: int, atom: Atom) -> None:
        alias = f"f{index}"
        position = {p: i for i, p in enumerate(self.params[atom.predicate])}
        constants, joins, repeats = [], [], []
        own: dict[str, str] = {}
        for arg in atom.args:
            field = _field(position[arg.name])
            term = arg.term
            if isinstance(term, Const):
                constants.append({field: _encode(term.value)})
            elif isinstance(term, Var):
                if term.name in self.reads:
                    source, other = self.reads[term.name]
                    joins.append({field: {source: other}})
                elif term.name in own:
                    repeats.append({field: {"$m": own[term.name]}})
                else:
                    own[term.name] = field
        self.reads.update({v: (alias, f) for v, f in own.items()})
        conditions = [{"t": atom.predicate}, *constants, *joins, *repeats]
        self._place_tests(alias, conditions)
        self.patterns.append({alias: {"$and": conditions} if len(conditions) > 1 else conditions[0]})
        self.step_atoms.append((alias, len(self.params[atom.predicate])))
        self._place_negations()

    def _needed_later(self, next_atom: int) -> set[str]:
        needed: set[str] = set(self.absent_vars)  # the final step reports what it checked absent
        for atom in self.atoms[next_atom:]:
            needed |= {a.term.name for a in atom.args if isinstance(a.term, Var)}
        for op, left, right in self.tests:
            needed |= _term_vars(left, right)
        for atom in self.negations:
            needed |= {a.term.name for a in atom.args if isinstance(a.term, Var)}
        for binding in self.bindings:
            needed |= _expr_vars(binding.expr)
        for head in self.rule.atoms:
            needed |= {a.term.name for a in head.args if isinstance(a.term, Var)}
        return needed

    def _computable(self) -> list[Binding]:
        """The pending bindings the host can compute from what this step knows, in order."""
        known = set(self.reads)
        ready: list[Binding] = []
        progress = True
        while progress:
            progress = False
            for binding in self.bindings:
                if binding not in ready and _expr_vars(binding.expr) <= known:
                    ready.append(binding)
                    known.add(binding.var.name)
                    progress = True
        return ready

    def _finish(self, next_atom: int | None) -> None:
        """Close the step: to conclude (next_atom None) or to pass the match on."""
        ready = self._computable()
        for binding in ready:
            self.bindings.remove(binding)
        carry: tuple[str, ...] = ()
        following = None
        if next_atom is not None:
            known = set(self.reads) | {b.var.name for b in ready}
            carry = tuple(sorted(known & self._needed_later(next_atom)))
            following = self._name(len(self.steps) + 1)
        definition = {"all": list(self.patterns), "dist": 0}
        self.steps.append(Step(
            self._name(len(self.steps)), self.rule, definition, self.first, tuple(self.step_atoms),
            tuple((v, a, f) for v, (a, f) in self.reads.items()), tuple(self.guards), tuple(ready), carry, following,
        ))
        if next_atom is not None:
            self._start(carry)

    def _wants_cut(self, atom: Atom) -> bool:
        """Cut before `atom` when a test on one of its variables waits for a value the host can
        compute now: the next step can then join on it instead of matching blindly."""
        if sum(1 for p in self.patterns if not next(iter(p)).endswith("$not")) >= FRAME_PATTERNS:
            return True
        computable = {b.var.name for b in self._computable()}
        mine = {a.term.name for a in atom.args if isinstance(a.term, Var)} - set(self.reads)
        known = set(self.reads)
        return any(names & mine and (names - known - mine) and (names - mine) <= known | computable
                   for names in (_term_vars(left, right) for _, left, right in self.tests))

    def plan(self) -> tuple[Step, ...]:
        if self.never:
            return ()
        self._start(())
        for index, atom in enumerate(self.atoms):
            if self.patterns and self._wants_cut(atom):
                self._finish(index)
            self._add_atom(index, atom)
        if self.tests or self.negations:  # they wait for computed values: one more step
            self._finish(len(self.atoms))
        if self.tests or self.negations:
            raise _refuse(self.rule, "a test or `not` of it could not be placed on a pattern")
        self._finish(None)
        return tuple(self.steps)


# the alpha network, measured before loading --------------------------------------------------------

class _Alpha:
    __slots__ = ("betas", "children", "kinds")

    def __init__(self) -> None:
        self.children: dict[tuple, _Alpha] = {}
        self.kinds: dict[tuple, str] = {}
        self.betas = 0


def _conditions(expression: dict) -> list[tuple[tuple, str]]:
    """(node key, kind) for each alpha test of a pattern, in the order durable chains them."""
    found = []
    for condition in expression["$and"] if "$and" in expression else [expression]:
        ((key, value),) = condition.items()
        if key.startswith("$"):
            ((field, ref),) = value.items()
            op = key
        else:
            field, ref, op = key, value, "$eq"
        if isinstance(ref, dict) and "$m" not in ref:
            kind = "join"  # pushed for every fact; tested in the beta network
        elif op == "$eq" and not isinstance(ref, dict):
            kind = "eq:" + field  # of the children testing one field for one value, one matches
        else:
            kind = "test"
        found.append(((op, field, json.dumps(ref, ensure_ascii=False, sort_keys=True)), kind))
    return found


class _Network:
    """A model of durable's alpha network (shared test chains) to find the limits it would hit."""

    def __init__(self) -> None:
        self.root = _Alpha()

    def add(self, definition: dict) -> str | None:
        """Add one rule's patterns; the problem with the network so far, or None."""
        for pattern in definition["all"]:
            ((_, expression),) = pattern.items()
            node = self.root
            for key, kind in _conditions(expression):
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Alpha()
                    node.kinds[key] = kind
                    if len(node.children) > CHILD_LIMIT:
                        return f"more than {CHILD_LIMIT} patterns branch from one node of durable's alpha network ({_describe(key)}; error 106)"
                node = child
            node.betas += 1
            if node.betas > BETA_LIMIT:
                return f"more than {BETA_LIMIT} rules share the pattern {expression} (error 108)"
        return None

    def peak(self) -> tuple[int, str]:
        """The most alpha nodes durable could hold pending while matching one fact (its stack),
        and the fact type where that happens."""
        worst = max(self.root.children.values(), key=_peak, default=None)
        where = next((json.loads(k[2]) for k, c in self.root.children.items() if c is worst), "")
        return _peak(self.root), str(where)


def _peak(node: _Alpha) -> int:
    if not node.children:
        return 0
    fields = {kind for kind in node.kinds.values() if kind.startswith("eq:")}
    pushed = len(fields) + sum(1 for kind in node.kinds.values() if not kind.startswith("eq:"))
    return max(pushed, pushed - 1 + max(_peak(c) for c in node.children.values()))


def _describe(key: tuple) -> str:
    op, field, ref = key
    return f"{field} {op} {ref}"


# the compiled program ----------------------------------------------------------------------------

@attrs.frozen
class CompiledRuleset:
    """The rules of one ruleset (those that read an input, or those that do not), compiled."""

    name: str
    steps: tuple[Step, ...]
    concluded: frozenset[str]  # predicates its rules conclude
    kept: frozenset[str]  # predicates with a collector rule (read or concluded): the facts a session is given
    gated: tuple[int, ...]  # strata whose marker a session asserts, in order
    definitions: tuple[tuple[str, str | None, dict], ...] = attrs.field(eq=False)  # (name, rule id, definition)


def _reads(rule: Rule) -> set[str]:
    return {predicate for predicate, _, _ in body_edges(rule)}


def refuse_constructs(program: Program) -> None:
    """Refuse, naming the rule, what durable-rules cannot run as our evaluator does."""
    strata = program.strata.stratum_of
    for rule in program.rules:
        if rule.exception_to:
            raise _refuse(rule, f"it is an exception to {rule.exception_to}; exceptions (Catala defeat) are not compiled")
        if program.exceptions.get(rule.id):
            raise _refuse(rule, f"it has exceptions ({', '.join(program.exceptions[rule.id])}); exceptions are not compiled")
        if rule.verdicts:
            raise _refuse(rule, "it concludes 断; the backend compiles the fact base, not conclusions")
        heads = [strata[a.predicate] for a in rule.atoms]
        for literal in rule.body:
            if isinstance(literal, Negation) and any(strata[literal.atom.predicate] >= h for h in heads):
                raise _refuse(rule, f"`not {literal.atom.predicate}` cannot be ordered before its conclusion, and durable's none() "
                                    f"only sees facts asserted before it")


def compile_ruleset(program: Program, rules: list[Rule], name: str) -> CompiledRuleset:
    """Plan every rule, add the session and collector rules, and measure the network as it grows,
    so a limit is reported at the rule that reaches it."""
    params = {p: d.params for p, d in program.declarations.items()}
    strata = program.strata.stratum_of
    begin = {"all": [{"b": {"t": "$begin"}}]}
    definitions: list[tuple[str, str | None, dict]] = [("begin", None, begin)]
    network = _Network()
    network.add(begin)
    kept: set[str] = set()
    steps: list[Step] = []
    gated: set[int] = set()
    for number, rule in enumerate(rules):
        added = []
        for predicate in sorted((_reads(rule) | {a.predicate for a in rule.atoms}) - kept):
            kept.add(predicate)  # its collector: the fact, then a pattern nothing matches
            added.append((f"keep{len(kept)}", {"all": [{"f": {"t": predicate}}, {"z": {"t": "$never"}}]}))
        stratum = strata[rule.atoms[0].predicate]
        planner = _Planner(rule, params, f"r{number}", stratum)
        planned = planner.plan()
        if planned and planner.gate:
            gated.add(stratum)
        added += [(step.name, step.definition) for step in planned]
        for step_name, definition in added:
            problem = network.add(definition)
            if problem:
                raise _refuse(rule, f"{problem}; durable-rules {PINNED} cannot load that")
            definitions.append((step_name, rule.id, definition))
        steps.extend(planned)
        depth, where = network.peak()
        if depth > STACK_LIMIT:
            raise _refuse(rule, f"with it a {where} fact can leave {depth} alpha nodes pending in durable's network (too many "
                                f"rules test it in different ways); durable-rules {PINNED} fails beyond {STACK_LIMIT} (error 303)")
    concluded = {a.predicate for r in rules for a in r.atoms}
    return CompiledRuleset(name, tuple(steps), frozenset(concluded), frozenset(kept),
                           tuple(sorted(gated)), tuple(definitions))


def _refuse(rule: Rule, reason: str) -> Refused:
    return Refused(f"the durable backend refuses rule {rule.id} ({rule.span}): {reason}")


def static_rules(program: Program) -> list[Rule]:
    """Rules that read no input, directly or through other rules: the same for every chart."""
    dynamic = {name for name, decl in program.declarations.items() if decl.kind == "input"}
    changed = True
    while changed:
        changed = False
        for rule in program.rules:
            heads = {a.predicate for a in rule.atoms}
            if heads - dynamic and _reads(rule) & dynamic:
                dynamic |= heads
                changed = True
    return [rule for rule in program.rules if not _reads(rule) & dynamic]


# running -----------------------------------------------------------------------------------------

class _Session:
    """What one evaluation's actions record: derivations by fact, partial matches, the first error."""

    def __init__(self, sid: str, limit: int) -> None:
        self.sid = sid
        self.limit = limit
        self.count = 0
        self.begun = False
        self.error: BaseException | None = None
        self.derivations: dict[tuple, list] = {}
        self.partials: list[tuple] = []


Known = dict  # (predicate, values) -> its raw derivations, as our evaluator records them


class DurableEngine:
    """An `Engine` look-alike (`.program`, `.evaluate(base)` -> `Result`) that runs durable-rules.

    Build once per program: the rulesets load once into a private host; each evaluation is one
    fresh session (sid), deleted after.  Evaluations are serialised: durable runs our actions
    inside its calls, and the session being filled is this object's state meanwhile.
    """

    def __init__(self, program: Program, label: str = "") -> None:
        problem = unavailable()
        if problem:
            raise UsageError(problem)
        refuse_constructs(program)
        self.program = program
        self.label = label
        self.params = {p: d.params for p, d in program.declarations.items()}
        self.arity = {p: len(ps) for p, ps in self.params.items()}
        self._body = {r.id: tuple(a.predicate for a in r.body if isinstance(a, Atom)) for r in self.program.rules}
        self._gloss = {r.id: () for r in self.program.rules}
        self._negations = {r.id: tuple(lit.atom for lit in r.body if isinstance(lit, Negation)) for r in self.program.rules}
        self._lock = threading.Lock()
        self._sids = itertools.count(1)
        self._session: _Session | None = None
        fixed = static_rules(program)
        fixed_ids = {r.id for r in fixed}
        changing = [r for r in program.rules if r.id not in fixed_ids]
        tag = f"yimao{id(self)}"
        self.fixed = compile_ruleset(program, fixed, f"{tag}_fixed") if fixed else None
        self.changing = compile_ruleset(program, changing, f"{tag}_chart")
        self._fresh_host()
        # Tables, then the rules that read no input: once, like our evaluator's shared relations.
        self._shared: Known = table_rows(program)
        if self.fixed is not None:
            self._shared = self._run(self.fixed, self._shared, self._batch(self.fixed, self._shared), DEFAULT_LIMIT)
        self._shared_batch = self._batch(self.changing, self._shared)
        grouped: dict[str, list[tuple]] = defaultdict(list)
        for predicate, values in self._shared:
            grouped[predicate].append(values)
        self._shared_relations = {p: tuple(sorted(vs, key=_values_order)) for p, vs in grouped.items()}

    # loading ---------------------------------------------------------------------------------
    def _fresh_host(self) -> None:
        """A new durable-rules host with the rulesets loaded: at first, and when the old one's state
        has gone bad (see `_run`)."""
        self._host = _quiet_host()
        for compiled in filter(None, (self.fixed, self.changing)):
            self._load(compiled)

    def _load(self, compiled: CompiledRuleset) -> None:
        rules = {}
        by_name = {step.name: step for step in compiled.steps}
        for name, _, definition in compiled.definitions:
            rule = json.loads(json.dumps(definition))  # durable takes the dict apart
            rule["run"] = self._action(by_name[name]) if name in by_name else self._noop(name)
            rules[name] = rule
        try:
            self._host.set_rulesets({compiled.name: rules})
        except Exception as error:  # a limit the model above does not know: name the rule it trips on
            raise Refused(_first_failing(compiled, error)) from None

    def _noop(self, name: str):
        def begin(c) -> None:
            if self._session is not None and name == "begin":
                self._session.begun = True
        return begin

    def _action(self, step: Step):
        def action(c) -> None:
            session = self._session
            if session is None or session.error is not None:
                return
            try:
                self._fire(session, step, c)
            except BaseException as error:  # durable would swallow it into the session state
                session.error = error
        return action

    def _fire(self, session: _Session, step: Step, c) -> None:
        frame = c._m
        env = {var: _decode(frame[alias][field]) for var, alias, field in step.reads}
        for op, left, right in step.guards:
            a = env[left.name] if isinstance(left, Var) else left.value
            b = env[right.name] if isinstance(right, Var) else right.value
            if not _holds(op, a, b):
                raise _refuse(step.rule, f"durable-rules found {a!r} {op} {b!r} true, which our engine does not (durable "
                                         f"orders a number and a text as texts)")
        matched = () if step.first else session.partials[frame["x"]["w"]]
        matched += tuple(tuple(_decode(frame[alias][_field(i)]) for i in range(arity)) for alias, arity in step.atoms)
        for binding in step.bindings:
            try:
                env[binding.var.name] = _compute(binding.expr, env)
            except TypeError:
                return  # as our evaluator: arithmetic on text matches nothing
        ruleset = c._ruleset
        if step.next is not None:
            session.partials.append(matched)
            fact = {"sid": session.sid, "t": "$aux", "r": step.next, "w": len(session.partials) - 1}
            fact.update({"v" + v: _encode(env[v]) for v in step.carry})
            _assert(ruleset, fact)
            return
        rule = step.rule
        absent = tuple(
            (atom.predicate, tuple(_value(terms.get(p), env) for p in self.params[atom.predicate]))
            for atom in self._negations[rule.id] for terms in [atom.terms()]
        )
        raw = (rule.id, "rule", matched, absent, ())
        for head in rule.atoms:
            values = tuple(env[a.term.name] if isinstance(a.term, Var) else a.term.value for a in head.args)
            key = (head.predicate, values)
            known = session.derivations.get(key)
            if known is None:
                session.count += 1
                if session.count > session.limit:
                    raise EvaluationLimit(rule.id, session.limit)
                session.derivations[key] = [raw]
            elif raw not in known:
                known.append(raw)
            fact = {"sid": session.sid, "t": head.predicate}
            fact.update({_field(i): _encode(v) for i, v in enumerate(values)})
            _assert(ruleset, fact)

    # evaluating ------------------------------------------------------------------------------
    def _batch(self, compiled: CompiledRuleset, keys: Iterable[tuple]) -> list[dict]:
        """The facts a session of `compiled` is given (those its rules read or conclude), encoded."""
        return [_encoded(p, v) for p, v in sorted((k for k in keys if k[0] in compiled.kept), key=_key_order)]

    def _run(self, compiled: CompiledRuleset, given: Known, batch: list[dict], limit: int) -> Known:
        """One fresh session of `compiled` given `batch` (from `given`): every fact, with derivations.

        durable-rules keeps something of every deleted session: after some tens of sessions it can
        refuse a batch of distinct facts as "already observed" (a chart of 926 facts, the 72nd
        session; the same chart passes as a new host's first).  Such a session is run once more
        on a new host."""
        try:
            return self._session_of(compiled, given, batch, limit)
        except _StaleHost:
            self._fresh_host()
            try:
                return self._session_of(compiled, given, batch, limit)
            except _StaleHost as refused:
                raise UsageError(f"durable-rules {PINNED} failed while evaluating: {refused}") from None

    def _session_of(self, compiled: CompiledRuleset, given: Known, batch: list[dict], limit: int) -> Known:
        sid = str(next(self._sids))
        session = _Session(sid, limit)
        name = compiled.name
        self._session = session
        try:
            self._host.assert_fact(name, {"sid": sid, "t": "$begin"})
            if batch:
                self._host.assert_facts(name, [{**fact, "sid": sid} for fact in batch])
            _check(session)
            for stratum in compiled.gated:
                self._host.assert_fact(name, {"sid": sid, "t": "$stratum", "n": stratum})
                _check(session)
            stored = self._host.get_facts(name, sid)
        except (UsageError, EvaluationLimit):
            raise
        except _durable.MessageObservedException:
            raise _StaleHost("a fact it was given was refused as already observed") from None
        except Exception as error:
            raise UsageError(f"durable-rules {PINNED} failed while evaluating: {_durable_message(error)}") from None
        finally:
            self._session = None
            if session.begun:  # never delete a session in which nothing fired
                self._host.delete_state(name, sid)
        return self._read_back(compiled, stored, given, batch, session)

    def _read_back(self, compiled: CompiledRuleset, stored: list[dict], given: Known, batch: list[dict],
                   session: _Session) -> Known:
        """The session's facts from durable's own store, checked against what the actions derived."""
        concluded, arity = compiled.concluded, self.arity
        found: set[tuple] = set()
        others = 0
        for fact in stored:
            predicate = fact.get("t")
            if predicate in concluded:
                found.add((predicate, tuple(_decode(fact[_field(i)]) for i in range(arity[predicate]))))
            elif predicate in arity:
                others += 1
        if others != sum(1 for fact in batch if fact["t"] not in concluded):
            raise UsageError(f"durable-rules {PINNED} did not keep the facts it was given; its answer cannot be trusted")
        result: Known = dict(given)
        for key, raws in session.derivations.items():
            if key not in found:
                raise UsageError(f"durable-rules {PINNED} lost the derived fact {_show(key)}; its answer cannot be trusted")
            known = result.get(key)
            result[key] = raws if known is None else known + [r for r in raws if r not in known]
        extra = found - result.keys()
        if extra:
            raise UsageError(f"durable-rules {PINNED} stored {_show(min(extra, key=_key_order))}, which no rule derived; "
                             f"its answer cannot be trusted")
        return result

    def evaluate(self, base: Iterable[Fact], limit: int = DEFAULT_LIMIT, wanted: frozenset[str] | None = None) -> Result:
        """The fact base for the given input facts, as our evaluator's `Result` (facts, derivations).
        Every rule is evaluated whatever `wanted` asks (the facts of those predicates are the same)."""
        given: Known = dict(self._shared)
        inputs = []
        for fact in base:
            key = (fact.predicate, tuple(fact.values))
            known = given.get(key)
            if known is None:
                given[key] = [_INPUT]
                inputs.append(key)
            elif _INPUT not in known:
                given[key] = known + [_INPUT]
        with self._lock:
            derived = self._run(self.changing, given, self._shared_batch + self._batch(self.changing, inputs), limit)
        grouped: dict[str, list[tuple]] = defaultdict(list)
        for predicate, values in derived.keys() - self._shared.keys():
            grouped[predicate].append(values)
        relations = {}
        for name in self.params:
            if name in grouped:
                relations[name] = tuple(sorted(self._shared_relations.get(name, ()) + tuple(grouped[name]), key=_values_order))
            elif name in self._shared_relations:
                relations[name] = self._shared_relations[name]
        return Result(self.program, relations, DerivationView(derived, self._body, self._gloss), (), {}, (), ())


_INPUT = (None, "input", (), (), ())


def _encoded(predicate: str, values: tuple) -> dict:
    fact = {"t": predicate}
    fact.update({_field(i): _encode(v) for i, v in enumerate(values)})
    return fact


def table_rows(program: Program) -> Known:
    """Every table row (symmetric ones both ways) with its citation, as our evaluator records it."""
    rows: Known = {}
    for table in program.tables:
        raw = (None, "table", (), (), (("§", table.citation.ref if table.citation else ""),))
        for row in table.rows:
            if len(row) != len(table.params):
                continue
            for values in (tuple(row), (row[1], row[0])) if table.symmetric else (tuple(row),):
                known = rows.setdefault((table.predicate, values), [])
                if raw not in known:
                    known.append(raw)
    return rows


def _value(term, env: dict[str, Value]) -> Value | None:
    if term is None or isinstance(term, Wildcard):
        return None
    return env[term.name] if isinstance(term, Var) else term.value


def _assert(ruleset, fact: dict) -> None:
    try:
        ruleset.assert_fact(fact)
    except (_durable.MessageNotHandledException, _durable.MessageObservedException):
        pass  # no step wants it (an auxiliary fact failing a test), or a fact already known


class _StaleHost(Exception):
    """durable-rules refused a session's facts as already observed: its host's state has gone bad."""


def _check(session: _Session) -> None:
    if session.error is not None:
        raise session.error


def _values_order(values: tuple) -> tuple:
    return tuple((isinstance(v, str), v) for v in values)


def _key_order(key: tuple) -> tuple:
    return key[0], _values_order(key[1])


def _show(key: tuple) -> str:
    return f"{key[0]}({', '.join(str(v) for v in key[1])})"


_ERRORS = {"303": "MAX_STACK_SIZE", "304": "MAX_MESSAGES_IN_FRAME", "106": "RULE_LIMIT_EXCEEDED",
           "108": "RULE_BETA_LIMIT_EXCEEDED", "113": "EXPRESSION_LIMIT_EXCEEDED", "101": "OUT_OF_MEMORY"}


def _durable_message(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    code = text.rsplit(" ", 1)[-1]
    return f"{text} ({_ERRORS[code]})" if code in _ERRORS else text


def _first_failing(compiled: CompiledRuleset, error: BaseException) -> str:
    """Load growing prefixes of the ruleset until one fails: the rule that broke it, and why."""
    entries = list(compiled.definitions)

    def loads(count: int) -> bool:
        try:
            handle = _native.create_ruleset(f"{compiled.name}_probe{count}", json.dumps({n: d for n, _, d in entries[:count]}, ensure_ascii=False))
        except Exception:
            return False
        _native.delete_ruleset(handle)
        return True

    low, high = 0, len(entries)  # loads(low) holds; the whole does not
    while high - low > 1:
        middle = (low + high) // 2
        if loads(middle):
            low = middle
        else:
            high = middle
    rule_id = entries[high - 1][1]
    what = f"rule {rule_id}" if rule_id else "this rulebook"
    return f"the durable backend refuses {what}: durable-rules {PINNED} cannot load it ({_durable_message(error)})"


def _quiet_host():
    class QuietHost(_durable.Host):
        """durable's host without its dispatch threads, which would race our synchronous calls."""

        def _run(self) -> None:
            pass

    return QuietHost()


_ENGINES: dict[int, tuple[Program, DurableEngine]] = {}


def durable_engine(program: Program, label: str = "") -> DurableEngine:
    """The durable backend for a checked program, compiled once per program object."""
    cached = _ENGINES.get(id(program))
    if cached is None or cached[0] is not program:
        cached = _ENGINES[id(program)] = (program, DurableEngine(program, label))
    return cached[1]
