"""Compile each checked rule into Python join functions, one per semi-naive variant.

A rule becomes nested loops over index look-ups (the index chosen by which arguments are already
bound), with each test, binding and negation placed at the first point its variables are bound.
Variant -1 reads every body atom from the full relations; variant i reads atom i from the delta
(the facts new in the last round), the rest in full.  Each match is appended to `out` as
(head values, matched fact tuples, absent patterns, gloss bindings).

Variant RECORD serves the common rule -- one conclusion, no exception to it, outside recursion:
it records each match itself, as the evaluator's `add` would (the derivation under predicate then
values in `derivations`, bare until a second one comes; a new fact added to its relation), with
no list of matches in between, and returns how many derivations were new.

Every variant takes `cap`, the derivations (or matches) the run still allows, and raises
`JoinLimit` past it: a rule whose matches multiply (ten independent atoms) is stopped inside its
join, before its matches fill memory.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from functools import partial
from typing import Callable

import attrs

from .cachestore import code_of
from .check import variables
from .derivations import Derivations, JoinLimit
from .ir import Arith, Atom, Binding, Comparison, Const, Negation, Rule, Value, Var, Verdict, Wildcard
from .relation import EMPTY
from .strata import VERDICT_NODE as VERDICT

JoinFunction = Callable[[dict, list, list, int], None]
FULL = -1
RECORD = -2
# What a recording join reads for a predicate with no derivation yet; it is never written to.
NO_FACTS: dict = {}
MAX_RESULT = 10 ** 18  # the largest value arithmetic may bind (integer literals have at most 18 digits)


class Variants:
    """The join functions of one rule, made on first use: from cached code (marshalled bytes are
    loaded only then) or compiled from source (the delta variants serve only recursive strata).
    `store` is the rule's entry in the on-disk join code cache (see joincache): looked in before
    compiling, and given what is compiled."""

    __slots__ = ("rule_id", "source", "store", "functions")

    def __init__(self, rule_id: str, source: Callable[[int], str], store=None) -> None:
        self.rule_id = rule_id
        self.source = source  # variant -> Python source of its join function
        self.store = store  # joincache.RuleCode or None
        self.functions: dict[int, JoinFunction] = {}

    def __getitem__(self, variant: int) -> JoinFunction:
        function = self.functions.get(variant)
        if function is None:
            function = _function(self.code(variant))
            self.functions[variant] = function
        return function

    def code(self, variant: int):
        code = code_of(self.store.get(variant)) if self.store is not None else None
        if code is not None:
            return code
        code = compile(self.source(variant), f"<rule {self.rule_id} variant {variant}>", "exec")
        if self.store is not None:
            self.store.add(variant, code)
        return code


def _function(code) -> JoinFunction:
    namespace = {"_lt": _lt, "_le": _le, "EMPTY": EMPTY, "NO_FACTS": NO_FACTS, "Derivations": Derivations,
                 "JoinLimit": JoinLimit}
    exec(code, namespace)
    return namespace["join"]


@attrs.frozen
class HeadSpec:
    """What a run needs of one conclusion of a rule: a fact's predicate and argument names, or a
    断's subject names and terms (the IR, spans and all, stays with the checked program)."""

    kind: str  # the predicate, or "断"
    names: tuple[str, ...]  # argument names (of a 断: its subject)
    polarity: str | None = None
    strength: str | None = None
    gloss: str = ""
    timing: str | None = None


@attrs.frozen
class BodySpec:
    """A positive body atom: its predicate and the arguments it fixes to constants."""

    predicate: str
    fixed: tuple[tuple[str, Value], ...]


@attrs.frozen
class CompiledRule:
    """A rule as a run uses it: its join functions and the little of its IR they need, so a cached
    engine evaluates without the checked program."""

    id: str
    heads: tuple[HeadSpec, ...]
    body: tuple[BodySpec, ...]  # positive atoms in evaluation order (matched facts follow it)
    variants: Variants = attrs.field(eq=False)  # FULL, RECORD, or i: delta at body atom i
    gloss_vars: tuple[str, ...]
    # subject argument names -> where each one's value sits in a match's heads (see `_subject`)
    subject_at: dict = attrs.field(eq=False, factory=dict)

    @property
    def head_kinds(self) -> tuple[str, ...]:
        return tuple(head.kind for head in self.heads)


class CompiledRules(Mapping):
    """rule id -> CompiledRule, each made from its plain cached form when first asked for, so a
    cached engine loads without making the thousands it may not need."""

    def __init__(self, specs: dict[str, tuple], store, source: Callable[[str, int], str]) -> None:
        self.specs = specs  # rule id -> (head spec fields, body spec fields, gloss variables)
        self.store = store  # joincache.JoinStore or None
        self.source = source  # (rule id, variant) -> Python source, for a variant not cached
        self.made: dict[str, CompiledRule] = {}

    def __getitem__(self, rule_id: str) -> CompiledRule:
        found = self.made.get(rule_id)
        if found is None:
            heads, body, gloss_vars = self.specs[rule_id]
            found = self.made[rule_id] = CompiledRule(
                rule_id, tuple(HeadSpec(*h) for h in heads), tuple(BodySpec(*b) for b in body),
                Variants(rule_id, partial(self.source, rule_id), self.store.rule(rule_id) if self.store else None),
                gloss_vars)
        return found

    def __iter__(self):
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)


# A head spec's fields in order (what `HeadSpec(*fields)` takes), read without attrs' generic astuple.
_head_fields = operator.attrgetter(*(field.name for field in attrs.fields(HeadSpec)))


def plain_spec(compiled: CompiledRule) -> tuple:
    """The plain form `CompiledRules` makes a compiled rule from."""
    return (tuple(_head_fields(h) for h in compiled.heads), tuple((b.predicate, b.fixed) for b in compiled.body),
            compiled.gloss_vars)


def head_spec(head: Atom | Verdict) -> HeadSpec:
    if isinstance(head, Atom):
        return HeadSpec(head.predicate, tuple(a.name for a in head.args))
    return HeadSpec(VERDICT, tuple(a.name for a in head.subject), head.polarity, head.strength, head.gloss, head.timing)


def _lt(a, b):
    try:
        return a < b
    except TypeError:
        return False


def _le(a, b):
    try:
        return a <= b
    except TypeError:
        return False


_ORDERING = {"<": "_lt({}, {})", "<=": "_le({}, {})", ">": "_lt({1}, {0})", ">=": "_le({1}, {0})"}


class _Emitter:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 1

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)


def _py_var(name: str) -> str:
    return f"v_{name}"


def _expr(expr) -> str:
    if isinstance(expr, Var):
        return _py_var(expr.name)
    if isinstance(expr, Const):
        return repr(expr.value)
    if isinstance(expr, Arith):
        return f"({_expr(expr.left)} {expr.op} {_expr(expr.right)})"
    raise TypeError(expr)


def _vars(expr) -> set[str]:
    return set(variables(expr))


def _gloss_vars(rule: Rule) -> tuple[str, ...]:
    gloss_vars: tuple[str, ...] = ()
    for head in rule.heads:
        if isinstance(head, Verdict):
            gloss_vars = head.placeholders()
    return gloss_vars


def rule_source(rule: Rule, params: dict[str, tuple[str, ...]], variant: int) -> str:
    """The Python source of one variant of a rule's join."""
    atoms = tuple(lit for lit in rule.body if isinstance(lit, Atom))
    return _variant_source(rule, atoms, params, _gloss_vars(rule), None if variant < 0 else variant, variant == RECORD)


def compile_rule(rule: Rule, params: dict[str, tuple[str, ...]], store=None) -> CompiledRule:
    atoms = tuple(lit for lit in rule.body if isinstance(lit, Atom))
    gloss_vars = _gloss_vars(rule)

    def source(variant: int) -> str:
        return rule_source(rule, params, variant)

    body = tuple(BodySpec(a.predicate, tuple((arg.name, arg.term.value) for arg in a.args if isinstance(arg.term, Const)))
                 for a in atoms)
    return CompiledRule(rule.id, tuple(head_spec(h) for h in rule.heads), body, Variants(rule.id, source, store), gloss_vars)


def join_order(atoms, delta_at: int | None) -> list[int]:
    """Greedy order: the delta first; then the atom with the most arguments already fixed
    (constants and bound variables); among equals the author's order, which usually puts the
    selective atom first (a predicate's size is not known when rules are compiled)."""
    order: list[int] = [delta_at] if delta_at is not None else []
    bound: set[str] = set()

    def bind(index: int) -> None:
        bound.update(a.term.name for a in atoms[index].args if isinstance(a.term, Var))

    for index in order:
        bind(index)
    remaining = [i for i in range(len(atoms)) if i not in order]
    while remaining:
        def score(i: int):
            fixed = sum(isinstance(a.term, Const) or (isinstance(a.term, Var) and a.term.name in bound) for a in atoms[i].args)
            return (-fixed, i)

        best = min(remaining, key=score)
        order.append(best)
        remaining.remove(best)
        bind(best)
    return order


def _variant_source(rule: Rule, atoms, params, gloss_vars, delta_at: int | None, record: bool = False) -> str:
    out = _Emitter()
    bound: set[str] = set()
    tests = [lit for lit in rule.body if isinstance(lit, (Comparison, Binding, Negation))]
    placed: set[int] = set()
    prologue: list[str] = []
    neg_names: list[str] = []

    def place_ready_tests() -> None:
        progress = True
        while progress:
            progress = False
            for i, lit in enumerate(tests):
                if i in placed:
                    continue
                if isinstance(lit, Binding):
                    if _vars(lit.expr) <= bound:
                        # Arithmetic on a string, % 0, or a result past MAX_RESULT (a rule
                        # squaring its own conclusion) binds nothing: the match fails.
                        name = _py_var(lit.var.name)
                        skip = "continue" if out.depth > 1 else "return"
                        out.line("try:")
                        out.line(f"    {name} = {_expr(lit.expr)}")
                        if isinstance(lit.expr, Arith):
                            out.line(f"    if not -{MAX_RESULT} <= {name} <= {MAX_RESULT}: {skip}")
                        out.line("except (TypeError, ZeroDivisionError):")
                        out.line(f"    {skip}")
                        bound.add(lit.var.name)
                        placed.add(i)
                        progress = True
                elif isinstance(lit, Comparison):
                    if (_vars(lit.left) | _vars(lit.right)) <= bound:
                        left, right = _expr(lit.left), _expr(lit.right)
                        if lit.op in _ORDERING:
                            test = _ORDERING[lit.op].format(left, right)
                        else:
                            test = f"{left} {'==' if lit.op == '=' else '!='} {right}"
                        skip = "continue" if out.depth > 1 else "return"
                        if isinstance(lit.left, Arith) or isinstance(lit.right, Arith):
                            out.line("try:")
                            out.line(f"    if not ({test}): {skip}")
                            out.line("except (TypeError, ZeroDivisionError):")
                            out.line(f"    {skip}")
                        else:
                            out.line(f"if not ({test}): {skip}")
                        placed.add(i)
                        progress = True
                else:  # Negation
                    atom = lit.atom
                    needed = {a.term.name for a in atom.args if isinstance(a.term, Var)}
                    if needed <= bound:
                        _place_negation(atom, params, out, prologue, neg_names)
                        placed.add(i)
                        progress = True

    place_ready_tests()
    for index in join_order(atoms, delta_at):
        atom = atoms[index]
        names = params[atom.predicate]
        position = {name: i for i, name in enumerate(names)}
        fact = f"f{index}"
        keyed: list[tuple[int, str]] = []  # (position, expression) known before this atom
        fresh: list[tuple[int, str]] = []  # (position, variable) first bound here
        repeated: list[tuple[int, int]] = []
        first_here: dict[str, int] = {}
        for arg in atom.args:
            pos = position[arg.name]
            term = arg.term
            if isinstance(term, Const):
                keyed.append((pos, repr(term.value)))
            elif isinstance(term, Var):
                if term.name in bound:
                    keyed.append((pos, _py_var(term.name)))
                elif term.name in first_here:
                    repeated.append((first_here[term.name], pos))
                else:
                    first_here[term.name] = pos
                    fresh.append((pos, term.name))
        rel = f"R{index}"
        if delta_at == index:
            out.line(f"for {fact} in delta:")
            out.depth += 1
            for pos, expr in keyed:
                out.line(f"if {fact}[{pos}] != {expr}: continue")
        elif keyed:
            positions = tuple(p for p, _ in keyed)
            index_name = f"I{index}"
            _acquire(out, prologue, index_name, _index_of(_relation(atom.predicate), positions))
            out.line(f"for {fact} in {index_name}.get({_index_key([e for _, e in keyed])}, ()):")
            out.depth += 1
        else:
            _acquire(out, prologue, rel, _relation(atom.predicate))
            out.line(f"for {fact} in {rel}.facts:")
            out.depth += 1
        for pos, name in fresh:
            out.line(f"{_py_var(name)} = {fact}[{pos}]")
            bound.add(name)
        for first, again in repeated:
            out.line(f"if {fact}[{again}] != {fact}[{first}]: continue")
        place_ready_tests()
    heads = []
    for head in rule.heads:
        args = head.args if isinstance(head, Atom) else head.subject
        heads.append("(" + "".join(f"{_expr(a.term)}, " for a in args) + ")")
    matched = "(" + "".join(f"f{i}, " for i in range(len(atoms))) + ")"
    absent = "(" + "".join(f"{n}, " for n in neg_names) + ")"
    gloss = "(" + "".join(f"{_py_var(v)}, " for v in gloss_vars) + ")"
    if record:
        (head,) = rule.heads
        out.line(f"h = {heads[0]}")
        out.line(f"raw = ({rule.id!r}, 'rule', {matched}, {absent}, ())")
        out.line("d = D.get(h)")
        out.line("if d is None:")
        out.line("    if D is NO_FACTS:")
        out.line(f"        D = derivations[{head.predicate!r}] = {{}}")
        out.line("    D[h] = raw")
        out.line(f"    rels[{head.predicate!r}].add_new(h)")
        out.line("    n += 1")
        out.line("elif d.__class__ is tuple:")
        out.line("    if d != raw:")
        out.line("        D[h] = Derivations((d, raw))")
        out.line("        n += 1")
        out.line("elif raw not in d:")
        out.line("    d.append(raw)")
        out.line("    n += 1")
        out.line(f"if n > cap: raise JoinLimit({rule.id!r})")
        out.depth = 1
        out.line("return n")
        prologue[:0] = ["n = 0", f"D = derivations.get({head.predicate!r}, NO_FACTS)"]
        source = "def join(rels, derivations, _, cap):\n"
    else:
        out.line(f"out.append((({', '.join(heads)},), {matched}, {absent}, {gloss}))")
        out.line(f"if len(out) > cap: raise JoinLimit({rule.id!r})")
        source = "def join(rels, delta, out, cap):\n"
    source += "".join(f"    {line}\n" for line in prologue)
    return source + "\n".join(out.lines) + "\n"


def _relation(predicate: str) -> str:
    """A relation to read; one no fact has yet is the shared empty one (none is made per run)."""
    return f"rels.get({predicate!r}, EMPTY)"


def _index_of(relation: str, positions: tuple[int, ...]) -> str:
    """An index of a relation, read from its table of indexes without a call once it is built."""
    return f"(_i if (_i := (_r := {relation}).indexes.get({positions!r})) is not None else _r.index({positions!r}))"


def _index_key(expressions: list[str]) -> str:
    """The source of a key as `Relation.index` stores it: the value itself, or the tuple of them."""
    if len(expressions) == 1:
        return expressions[0]
    return "(" + ", ".join(expressions) + ")"


def _acquire(out: _Emitter, prologue: list[str], name: str, expression: str) -> None:
    """Bind `name` to a relation or an index where it is first needed: outside every loop
    directly; inside loops once, on first use, so a rule whose first atom finds nothing
    never builds the indexes of the atoms after it."""
    if out.depth == 1:
        out.line(f"{name} = {expression}")
        return
    prologue.append(f"{name} = None")
    out.line(f"if {name} is None:")
    out.line(f"    {name} = {expression}")


def _place_negation(atom: Atom, params, out: _Emitter, prologue: list[str], neg_names: list[str]) -> None:
    names = params[atom.predicate]
    given = {a.name: a.term for a in atom.args if not isinstance(a.term, Wildcard)}
    number = len(neg_names)
    rel = f"N{number}"
    _acquire(out, prologue, rel, _relation(atom.predicate))
    values = "(" + "".join(f"{_expr(given[n]) if n in given else 'None'}, " for n in names) + ")"
    name = f"a{number}"
    out.line(f"{name} = ({atom.predicate!r}, {values})")
    exit_ = "continue" if out.depth > 1 else "return"
    if len(given) == len(names):
        out.line(f"if {values} in {rel}.members: {exit_}")
    elif not given:
        out.line(f"if {rel}.facts: {exit_}")
    else:
        positions = tuple(i for i, n in enumerate(names) if n in given)
        key = _index_key([_expr(given[names[p]]) for p in positions])
        _acquire(out, prologue, f"M{number}", _index_of(rel, positions))
        out.line(f"if M{number}.get({key}): {exit_}")
    neg_names.append(name)
