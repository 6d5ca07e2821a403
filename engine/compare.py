"""Comparing two schools on one chart: every fact and verdict that differs, the proof on the side
where it holds, the reason it is absent on the other, and the overlay changes responsible."""

from __future__ import annotations

from typing import Any, Sequence

import attrs

from .api import evaluate_chart
from .calendar import Moment
from .cast import Cast
from .chart import Chart
from .evaluate import Engine, fact_sort_key
from .explain import Explainer, describe
from .facts import Conclusion, Fact
from .query import Pattern
from .whynot import WhyNot


@attrs.frozen
class ChangeRef:
    """One overlay change: a school's disable / replace / add / exception of a rule id."""

    school: str
    kind: str
    rule: str
    cite: str

    def to_dict(self) -> dict[str, str]:
        return {"school": self.school, "kind": self.kind, "rule": self.rule, "cite": self.cite}

    @property
    def key(self) -> str:
        return f"{self.school}:{self.kind}:{self.rule}"


def changes_of(engine: Engine) -> list[ChangeRef]:
    overlaid = engine.program.overlaid
    if overlaid is None:
        return []
    found = [ChangeRef(school, c.kind, c.rule_id, c.citation.ref) for school, c in overlaid.changes]
    found += [ChangeRef(school, "exception" if r.exception_to else "add", r.id, r.citation.ref) for school, r in overlaid.added]
    return found


def reach_of_changes(first: Engine, second: Engine) -> frozenset[str]:
    """The predicates whose facts may differ between the two schools' runs of one chart: what the
    rules their overlays add, replace or disable conclude, the tables they add, and everything
    that reads those, transitively (`relevance.Relevance.downstream`); every other predicate's
    facts are the same on both sides, made by the same rules from the same facts."""
    rules = frozenset(c.rule for c in changes_of(first) + changes_of(second))
    changed = {h.kind for e in (first, second) for r in rules if r in e.compiled for h in e.compiled[r].heads}
    for engine in (first, second):
        overlaid = engine.program.overlaid
        for module in overlaid.modules if overlaid is not None else ():
            if module.school is not None:
                changed.update(t.predicate for t in module.tables)
    return second.relevance.downstream(frozenset(changed), rules)


def school_chain(engine: Engine) -> set[str]:
    """The schools whose changes an engine carries, 易冒 first."""
    overlaid = engine.program.overlaid
    return set(overlaid.chain) if overlaid else {"易冒"}


def _proof_rules(node: dict) -> set[str]:
    rules = {node["rule"]} if node.get("rule") else set()
    for child in node.get("because", []):
        rules |= _proof_rules(child)
    return rules


def blamed(change: ChangeRef, holds_chain: set[str], lacks_chain: set[str]) -> bool:
    """A change whose rule stands in the proof of a difference explains it when the holding side
    added or replaced that rule, or the lacking side disabled or replaced it."""
    return (change.kind in ("add", "exception", "replace") and change.school in holds_chain) or \
        (change.kind in ("disable", "replace") and change.school in lacks_chain)


def defeated_by(change: ChangeRef, lacks_chain: set[str]) -> bool:
    """An exception the lacking side added explains a head it defeated there."""
    return change.kind == "exception" and change.school in lacks_chain


def verdict_key(conclusion: Conclusion) -> tuple:
    """What makes two schools' verdicts the same verdict."""
    return (conclusion.rule, conclusion.polarity, conclusion.subject, conclusion.text)


@attrs.frozen
class Side:
    name: str
    engine: Engine
    chart: Chart

    def standing_verdicts(self) -> dict[tuple, Conclusion]:
        return {verdict_key(c): c for c in self.chart.result.conclusions}


class Comparison:
    def __init__(self, a: Side, b: Side, depth: int = 4) -> None:
        self.a, self.b, self.depth = a, b, depth
        self.changes = {c.key: c for c in changes_of(a.engine) + changes_of(b.engine)}

    def responsible(self, holds: Side, lacks: Side, head: Fact | Conclusion, proof_rules: set[str]) -> list[ChangeRef]:
        """Changes that explain the difference: a rule in the proof that the holding side added or
        replaced, or that the lacking side disabled or replaced; or an exception the lacking side
        added that defeated this very conclusion."""
        holds_chain, lacks_chain = school_chain(holds.engine), school_chain(lacks.engine)
        found: set[ChangeRef] = set()
        for change in self.changes.values():
            if change.rule in proof_rules and blamed(change, holds_chain, lacks_chain):
                found.add(change)
        for defeat in lacks.chart.result.defeats:
            if defeat.head == head:
                found.update(c for c in self.changes.values() if c.rule == defeat.by_rule and defeated_by(c, lacks_chain))
        return sorted(found, key=lambda c: c.key)

    def proof(self, side: Side, head: Fact | Conclusion) -> tuple[dict, set[str]]:
        """The proof shown (depth-limited) and every rule of the full proof (for responsibility)."""
        explainer = Explainer(side.chart.result)
        shown = explainer.to_json(explainer.prove(head, self.depth)[0])
        return shown, _proof_rules(explainer.to_json(explainer.prove(head, None)[0]))

    def fact_differences(self) -> list[dict[str, Any]]:
        rows = []
        for holds, lacks in ((self.a, self.b), (self.b, self.a)):
            other = set(lacks.chart.result.facts())
            for fact in sorted(set(holds.chart.result.facts()) - other, key=fact_sort_key):
                proof, rules = self.proof(holds, fact)
                rows.append({
                    "fact": describe(holds.chart.result.program, fact), "predicate": fact.predicate,
                    "args": holds.chart.result.args(fact), "holds_in": holds.name, "absent_in": lacks.name,
                    "proof": proof,
                    "why_absent": self.why_absent(lacks, fact),
                    "changes": [c.to_dict() for c in self.responsible(holds, lacks, fact, rules)],
                })
        return rows

    def why_absent(self, lacks: Side, fact: Fact) -> dict[str, Any]:
        """Why-not on the lacking side; a school that never declares the predicate says so."""
        program = lacks.chart.result.program
        if fact.predicate not in program.declarations:
            return {"pattern": fact.predicate, "status": "not-declared",
                    "detail": f"{lacks.name} has no predicate {fact.predicate}"}
        reason = WhyNot(lacks.chart.result)
        return reason.to_json(reason.explain(Pattern(fact.predicate, fact.values), 2))

    def verdict_differences(self) -> list[dict[str, Any]]:
        rows = []
        for holds, lacks in ((self.a, self.b), (self.b, self.a)):
            mine, theirs = holds.standing_verdicts(), lacks.standing_verdicts()
            for key in sorted(set(mine) - set(theirs), key=str):
                conclusion = mine[key]
                proof, rules = self.proof(holds, conclusion)
                rows.append({
                    "verdict": describe(holds.chart.result.program, conclusion), "rule": conclusion.rule,
                    "polarity": conclusion.polarity, "holds_in": holds.name, "absent_in": lacks.name, "proof": proof,
                    "changes": [c.to_dict() for c in self.responsible(holds, lacks, conclusion, rules)],
                })
        return rows

    def to_dict(self) -> dict[str, Any]:
        facts, verdicts = self.fact_differences(), self.verdict_differences()
        return {"schools": [self.a.name, self.b.name], "facts": facts, "verdicts": verdicts,
                "summary": {"facts": len(facts), "verdicts": len(verdicts)}, "chart": self.a.chart.to_dict()}


def compare_chart(engines: Sequence[Engine], cast: Cast, moment: Moment | None, extra=()) -> Comparison:
    a, b = (Side(e.program.school, e, evaluate_chart(e, cast, moment, "shipped", extra)) for e in engines)
    return Comparison(a, b)


def changed_keys(comparison: Comparison) -> set[str]:
    """The overlay changes that altered some fact or verdict on this chart (for sweeps)."""
    keys = set()
    for row in comparison.fact_differences() + comparison.verdict_differences():
        keys.update(f"{c['school']}:{c['kind']}:{c['rule']}" for c in row["changes"])
    return keys
