"""The facts of one predicate during a run, with the indexes compiled joins look them up by."""

from __future__ import annotations

from operator import itemgetter


class Relation:
    """The facts of one predicate, in derivation order, with indexes built on demand.

    An index on one position is keyed by the value itself, on several by the tuple of values
    (what `operator.itemgetter` returns), so compiled joins look up without building keys.
    """

    __slots__ = ("facts", "members", "indexes", "keyed")

    def __init__(self) -> None:
        self.facts: list[tuple] = []
        self.members: set[tuple] = set()
        self.indexes: dict[tuple[int, ...], dict] = {}
        self.keyed: list[tuple[itemgetter, dict]] = []  # the indexes, with their key functions

    def add(self, values: tuple) -> bool:
        if values in self.members:
            return False
        self.add_new(values)
        return True

    def add_new(self, values: tuple) -> None:
        """Add a fact known to be new (the run has just recorded its first derivation)."""
        self.members.add(values)
        self.facts.append(values)
        for key, index in self.keyed:
            found = key(values)
            bucket = index.get(found)
            if bucket is None:
                index[found] = [values]
            else:
                bucket.append(values)

    def index(self, positions: tuple[int, ...]) -> dict:
        found = self.indexes.get(positions)
        if found is None:
            key = itemgetter(*positions)
            found = {}
            for values in self.facts:
                found.setdefault(key(values), []).append(values)
            self.indexes[positions] = found
            self.keyed.append((key, found))
        return found

    @classmethod
    def of(cls, facts: list[tuple]) -> "Relation":
        made = cls()
        made.facts = list(facts)
        made.members = set(made.facts)
        return made

    def copy(self) -> "Relation":
        """A relation of the same facts, for a run that must add to a shared one."""
        return Relation.of(self.facts)


# What a join reads for a predicate no fact has yet: one shared, always empty relation, so a run
# does not make an empty relation for every predicate its rules look at.  Nothing adds to it.
EMPTY = Relation()
