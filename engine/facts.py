"""Facts and their provenance: the data the evaluator produces and the explainers read."""

from __future__ import annotations

from typing import Union

import attrs

from .ir import Value


@attrs.frozen
class Fact:
    """A ground fact; `values` follow the predicate's declared argument order."""

    predicate: str
    values: tuple[Value, ...]


@attrs.frozen
class Absent:
    """A negated pattern checked absent: None marks an argument the pattern left open."""

    predicate: str
    values: tuple[Union[Value, None], ...]


@attrs.frozen
class Derivation:
    """One way a fact (or conclusion) was obtained: by a rule from matched facts, or given."""

    rule: str | None  # None for input facts and table rows
    source: str  # "rule" | "input" | "table"
    matched: tuple[Fact, ...] = ()
    absent: tuple[Absent, ...] = ()
    bindings: tuple[tuple[str, Value], ...] = ()


@attrs.frozen
class Conclusion:
    """A fired 断: the rule, the polarity, the rendered gloss, and its subject."""

    rule: str
    polarity: str
    strength: str | None
    subject: tuple[tuple[str, Value], ...]
    text: str
    timing: str | None = None


Head = Union[Fact, Conclusion]


@attrs.frozen
class Defeat:
    """A derivation of `rule` that an exception defeated, and the exception's own derivation."""

    rule: str
    head: Head
    derivation: Derivation
    by_rule: str
    by_head: Head
    by_derivation: Derivation


@attrs.frozen
class Conflict:
    """Two conclusions of opposite polarity on one subject from rules with no exception relation."""

    subject: tuple[tuple[str, Value], ...]
    first: Conclusion
    second: Conclusion
