"""What a `why`/`whynot` query finds in a result: the facts or verdicts that hold, and the
derivations of matching ones that exceptions defeated."""

from __future__ import annotations

import attrs

from .evaluate import Result, fact_sort_key
from .facts import Conclusion, Defeat, Derivation, Fact, Head
from .ir import Atom
from .query import Pattern, Query, RuleQuery, VerdictPattern


@attrs.frozen
class Found:
    """`holding`: each head that holds, with the derivation to show when a rule was asked for by id
    (None: the lowest proof); `defeats`: one per derivation lost and exception that won."""

    holding: tuple[tuple[Head, Derivation | None], ...]
    defeats: tuple[Defeat, ...]


def find(result: Result, query: Query) -> Found:
    """The heads matching `query` in `result`, in a fixed order, and their defeated derivations."""
    if isinstance(query, Pattern):
        facts = sorted((f for f in result.facts(query.predicate) if query.matches(f)), key=fact_sort_key)
        return Found(tuple((f, None) for f in facts), _defeats(result, lambda h: isinstance(h, Fact) and query.matches(h)))
    if isinstance(query, VerdictPattern):
        verdicts = [c for c in result.conclusions if query.matches(c)]  # in the order `judge` lists them
        return Found(tuple((c, None) for c in verdicts),
                     _defeats(result, lambda h: isinstance(h, Conclusion) and query.matches(h)))
    return Found(_by_rule(result, query), _defeats(result, lambda h: False, query.rule))


def _by_rule(result: Result, query: RuleQuery) -> tuple[tuple[Head, Derivation | None], ...]:
    """A verdict rule's verdicts; or each fact a rule derived, with the derivation it made."""
    rule = result.program.rule(query.rule)
    found: list[tuple[Head, Derivation | None]] = [(c, None) for c in result.conclusions if c.rule == query.rule]
    for predicate in sorted({h.predicate for h in rule.heads if isinstance(h, Atom)}):
        for fact in sorted(result.facts(predicate), key=fact_sort_key):
            derivation = next((d for d in result.derivations.get(fact, ()) if d.rule == query.rule), None)
            if derivation is not None:
                found.append((fact, derivation))
    return tuple(found)


def _defeats(result: Result, matches, rule: str | None = None) -> tuple[Defeat, ...]:
    seen: set = set()
    kept = []
    for defeat in result.defeats:
        if not (defeat.rule == rule or matches(defeat.head)):
            continue
        key = (defeat.head, defeat.derivation, defeat.by_rule)
        if key not in seen:
            seen.add(key)
            kept.append(defeat)
    return tuple(kept)
