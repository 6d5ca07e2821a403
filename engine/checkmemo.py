"""Each rule file's rules as checked, remembered in a running process by what checking them reads.

A process that loads a rulebook again after an edit (the workbench serving a rulebook being
edited, a program calling the API in a loop) checked every rule of every file again, about a
tenth of a second, although an edit leaves every other file's rules as they were.  Checking a rule
reads only the rule, the declared parameters of the predicates it names (to name and order its
arguments) and the book (its citation); the book is the same for the life of a process.  So a
file's checked rules are remembered under the file's key (its content and name, see frontcache)
and the parameters of every predicate its rules name -- a declaration changed anywhere that one of
them names checks the file again -- and only by a check that found nothing wrong, so a remembered
file stands for rules that check clean.  The checks over the whole program (ids, exceptions,
precedence, strata) always run.

Kept in memory only: read back from disk the checked rules cost about what checking them does.
"""

from __future__ import annotations

from typing import Mapping

from .cachestore import Recent
from .ir import Declaration, Module, Rule

MAX_FILES = 1024  # file versions remembered, the least recently used dropped first


def named_predicates(module: Module) -> frozenset[str]:
    """The predicates the module's rules name, in their bodies (under `not` too) and conclusions."""
    found: set[str] = set()
    for rule in module.rules:
        found |= rule.read_predicates()
        found.update(head.predicate for head in rule.atoms)
    return frozenset(found)


class CheckMemo:
    """(file key, the parameters its predicates are declared with) -> rule id -> the rule as checked."""

    def __init__(self) -> None:
        self._checked = Recent(MAX_FILES)
        self._named = Recent(MAX_FILES)  # file key -> the predicates its rules name

    def key(self, file_key: str, module: Module, declarations: Mapping[str, Declaration]) -> tuple:
        named = self._named.get(file_key)
        if named is None:
            named = named_predicates(module)
            self._named.put(file_key, named)
        params = tuple(sorted((p, d.params if (d := declarations.get(p)) is not None else None) for p in named))
        return file_key, params

    def recall(self, key: tuple) -> dict[str, Rule] | None:
        return self._checked.get(key)

    def remember(self, key: tuple, rules: dict[str, Rule]) -> None:
        self._checked.put(key, rules)

    def forget(self) -> None:
        self._checked.clear()
        self._named.clear()


MEMO = CheckMemo()  # this process's
