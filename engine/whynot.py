"""Explanations for absent facts and verdicts: which rules could conclude the pattern (or the
rule asked for by id), and for each the first body pattern that fails, recursively to a depth."""

from __future__ import annotations

from typing import Any

import attrs

from .compile import _le, _lt, _vars
from .evaluate import Result
from .explain import Explainer, describe
from .facts import Absent, Fact
from .found import find
from .matching import match_atom
from .ir import Arith, Atom, Binding, Comparison, Const, Negation, Rule, Var, Verdict
from .query import Pattern, Query, RuleQuery, VerdictPattern

MAX_ENVS = 5000


@attrs.frozen
class Reason:
    """Why a pattern does not hold, or that it does."""

    pattern: str
    status: str  # holds | input-missing | no-table-row | no-rule | not-derived | defeated
    detail: str = ""
    attempts: tuple["Attempt", ...] = ()
    defeated: tuple[dict, ...] = ()


@attrs.frozen
class Attempt:
    rule: str
    cite: str
    failed_at: str  # the first literal that fails, written with the values known there
    note: str
    below: Reason | None = None


def _eval(expr, env):
    if isinstance(expr, Var):
        return env[expr.name]
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Arith):
        a, b = _eval(expr.left, env), _eval(expr.right, env)
        return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "%": lambda: a % b}[expr.op]()
    raise TypeError(expr)


def _compare(op, a, b) -> bool:
    return {"=": lambda: a == b, "!=": lambda: a != b, "<": lambda: _lt(a, b), "<=": lambda: _le(a, b),
            ">": lambda: _lt(b, a), ">=": lambda: _le(b, a)}[op]()


class WhyNot:
    def __init__(self, result: Result) -> None:
        self.result = result
        self.program = result.program
        self.explainer = Explainer(result)

    def pattern_text(self, pattern: Pattern) -> str:
        return describe(self.program, Absent(pattern.predicate, pattern.values))

    def explain(self, pattern: Pattern, depth: int = 3) -> Reason:
        text = self.pattern_text(pattern)
        holding = [f for f in self.result.facts(pattern.predicate) if pattern.matches(f)]
        if holding:
            return Reason(text, "holds", "; ".join(describe(self.program, f) for f in holding[:5]))
        decl = self.program.declarations[pattern.predicate]
        defeated = self._defeated(d for d in self.result.defeats if isinstance(d.head, Fact) and pattern.matches(d.head))
        if decl.kind == "input":
            return Reason(text, "input-missing", f"{pattern.predicate} is an input fact and none matching was given", defeated=defeated)
        rules = self.program.concluders.get(pattern.predicate, ())
        if not rules:
            detail = "no table row matches" if decl.kind == "table" else "no rule concludes it"
            return Reason(text, "no-table-row" if decl.kind == "table" else "no-rule", detail, defeated=defeated)
        attempts = tuple(a for rule in rules for a in self.attempts(rule, pattern, depth))
        return _not_derived(text, attempts, defeated)

    def explain_query(self, query: Query, depth: int = 3) -> Reason:
        """A fact pattern as `explain`; a 断 pattern: every rule whose 断 could match it; a rule id:
        that rule. Each attempt stops at its first failing pattern, or says what defeated it."""
        if isinstance(query, Pattern):
            return self.explain(query, depth)
        found = find(self.result, query)
        text = query.text()
        if found.holding:
            return Reason(text, "holds", "; ".join(describe(self.program, head) for head, _ in found.holding[:5]))
        defeated = self._defeated(found.defeats)
        if isinstance(query, RuleQuery):
            return _not_derived(text, (self.walk(self.program.rule(query.rule), {}, depth),), defeated)
        attempts = tuple(self.walk(rule, env, depth) for rule, env in self._verdict_rules(query))
        if not attempts:
            return Reason(text, "no-rule", "no rule concludes it", defeated=defeated)
        return _not_derived(text, attempts, defeated)

    def _verdict_rules(self, query: VerdictPattern) -> list[tuple[Rule, dict]]:
        """The rules whose 断 could match the pattern, in source order, with what it binds."""
        found = []
        for rule in self.program.rules:
            for head in rule.heads:
                env = query.admits(head) if isinstance(head, Verdict) else None
                if env is not None:
                    found.append((rule, env))
        return found

    def _defeated(self, defeats) -> tuple[dict, ...]:
        return tuple(self.explainer.to_json(self.explainer.defeat_node(d, 2)) for d in defeats)

    def attempts(self, rule: Rule, pattern: Pattern, depth: int) -> list[Attempt]:
        found = []
        params = self.program.declarations[pattern.predicate].params
        for head in rule.heads:
            if not isinstance(head, Atom) or head.predicate != pattern.predicate:
                continue
            env: dict = {}
            clash = None
            for arg, want in zip(head.args, pattern.values):
                if want is None:
                    continue
                term = arg.term
                if isinstance(term, Const) and term.value != want:
                    clash = f"its conclusion has {arg.name}: {term.value}, not {want}"
                    break
                if isinstance(term, Var):
                    if term.name in env and env[term.name] != want:
                        clash = f"{arg.name} would need two values"
                        break
                    env[term.name] = want
            cite = rule.citation.ref
            if clash:
                found.append(Attempt(rule.id, cite, describe(self.program, head_as_absent(head, params)), clash))
                continue
            found.append(self.walk(rule, env, depth))
        return found

    def walk(self, rule: Rule, env: dict, depth: int) -> Attempt:
        envs = [env]
        cite = rule.citation.ref
        for literal in _evaluation_order(rule):
            if isinstance(literal, Atom):
                params = self.program.declarations[literal.predicate].params
                nxt = []
                for e in envs:
                    for values in self.result.relations.get(literal.predicate, ()):
                        extended = match_atom(literal, params, values, e)
                        if extended is not None:
                            nxt.append(extended)
                            if len(nxt) >= MAX_ENVS:
                                break
                if not nxt:
                    shown = _instantiate(literal, params, envs)
                    below = None
                    if depth > 1:
                        below = self.explain(shown, depth - 1)
                    return Attempt(rule.id, cite, self.pattern_text(shown), "no such fact", below)
                envs = nxt
            elif isinstance(literal, Negation):
                atom = literal.atom
                params = self.program.declarations[atom.predicate].params
                kept = []
                blocker = None
                for e in envs:
                    hit = next((v for v in self.result.relations.get(atom.predicate, ()) if match_atom(atom, params, v, e) is not None), None)
                    if hit is None:
                        kept.append(e)
                    elif blocker is None:
                        blocker = Fact(atom.predicate, hit)
                if not kept:
                    return Attempt(rule.id, cite, "not " + self.pattern_text(_instantiate(atom, params, envs)),
                                   f"but {describe(self.program, blocker)} holds")
                envs = kept
            elif isinstance(literal, Binding):
                nxt = []
                for e in envs:
                    try:
                        nxt.append({**e, literal.var.name: _eval(literal.expr, e)})
                    except (TypeError, KeyError):
                        pass
                if not nxt:
                    return Attempt(rule.id, cite, f"{literal.var.name} = …", "the arithmetic does not apply to these values")
                envs = nxt
            elif isinstance(literal, Comparison):
                kept = [e for e in envs if _safe_compare(literal, e)]
                if not kept:
                    e = envs[0]
                    return Attempt(rule.id, cite, f"{_show(literal.left, e)} {literal.op} {_show(literal.right, e)}", "the comparison fails")
                envs = kept
        defeats = [d for d in self.result.defeats if d.rule == rule.id]
        note = "the body matches; the conclusion was defeated by " + ", ".join(sorted({d.by_rule for d in defeats})) if defeats else "the body matches"
        return Attempt(rule.id, cite, "", note)

    def to_json(self, reason: Reason) -> dict[str, Any]:
        data: dict[str, Any] = {"pattern": reason.pattern, "status": reason.status}
        if reason.detail:
            data["detail"] = reason.detail
        if reason.attempts:
            data["rules"] = [
                {"rule": a.rule, "cite": a.cite, "fails_at": a.failed_at, "note": a.note,
                 **({"because": self.to_json(a.below)} if a.below else {})}
                for a in reason.attempts
            ]
        if reason.defeated:
            data["defeated"] = list(reason.defeated)
        return data


def _not_derived(text: str, attempts: tuple[Attempt, ...], defeated: tuple[dict, ...]) -> Reason:
    """No derivation stands: `defeated` when some was made and an exception beat it."""
    if not defeated:
        return Reason(text, "not-derived", "", attempts)
    winners = sorted({node["defeated_by"][0]["rule"] for node in defeated})
    return Reason(text, "defeated", f"derived, but defeated by {', '.join(winners)}", attempts, defeated)


def head_as_absent(head: Atom, params) -> Absent:
    given = {a.name: a.term for a in head.args}
    return Absent(head.predicate, tuple(given[p].value if isinstance(given.get(p), Const) else None for p in params))


def _evaluation_order(rule: Rule) -> list:
    """Positive atoms in order, each test as soon as its variables are bound (as compiled)."""
    atoms = [lit for lit in rule.body if isinstance(lit, Atom)]
    tests = [lit for lit in rule.body if not isinstance(lit, Atom)]
    order: list = []
    bound: set[str] = set()

    def ready(lit) -> bool:
        if isinstance(lit, Negation):
            return all(not isinstance(a.term, Var) or a.term.name in bound for a in lit.atom.args)
        if isinstance(lit, Binding):
            return _vars(lit.expr) <= bound
        return (_vars(lit.left) | _vars(lit.right)) <= bound

    def flush():
        progress = True
        while progress:
            progress = False
            for lit in list(tests):
                if ready(lit):
                    order.append(lit)
                    tests.remove(lit)
                    if isinstance(lit, Binding):
                        bound.add(lit.var.name)
                    progress = True

    flush()
    for atom in atoms:
        order.append(atom)
        bound.update(a.term.name for a in atom.args if isinstance(a.term, Var))
        flush()
    return order + tests


def _instantiate(atom: Atom, params, envs: list[dict]) -> Pattern:
    """The atom with the values all surviving bindings agree on; others left open."""
    given = {a.name: a.term for a in atom.args}
    values = []
    for p in params:
        term = given.get(p)
        if isinstance(term, Const):
            values.append(term.value)
        elif isinstance(term, Var) and envs and all(term.name in e for e in envs) and len({e[term.name] for e in envs}) == 1:
            values.append(envs[0][term.name])
        else:
            values.append(None)
    return Pattern(atom.predicate, tuple(values))


def _safe_compare(lit: Comparison, env) -> bool:
    try:
        return _compare(lit.op, _eval(lit.left, env), _eval(lit.right, env))
    except (TypeError, KeyError):
        return False


def _show(expr, env) -> str:
    try:
        return str(_eval(expr, env))
    except (TypeError, KeyError):
        return "?"
