"""A fact's derivations, when it has more than one: a list with constant-time membership.

A run records each derivation of a fact once.  Testing a new derivation against a plain list made
a fact with thousands of derivations quadratic (the `--fact '爻(位: 1, 值: 9)'` example took
minutes); the set beside the list keeps the test constant-time and the order of derivation.
"""

from __future__ import annotations

from typing import Iterable


class Derivations(list):
    """Raw derivations in the order they were found, with a set of them for `in`."""

    __slots__ = ("seen",)

    def __init__(self, items: Iterable = ()) -> None:
        super().__init__(items)
        self.seen = set(self)

    def __contains__(self, raw) -> bool:
        return raw in self.seen

    def append(self, raw) -> None:
        self.seen.add(raw)
        super().append(raw)

    def __reduce__(self):
        return (Derivations, (list(self),))


class JoinLimit(Exception):
    """Raised by a compiled join that has recorded more derivations than the run allows."""

    def __init__(self, rule: str) -> None:
        self.rule = rule
        super().__init__(rule)
