"""Join code cached per rule: a rule's variants are compiled when a run first calls them, and the
code objects saved under a key of what the code depends on, so an edit recompiles the rules of the
edited file only, and a judgement compiles only the rules it calls.

A rule's join code depends on the rule as checked and on the declared parameters of the predicates
it names; the checked rule depends on the rule as written in its file and on those same parameters.
So the key is the file's key (its content and name, see frontcache), the rule's id, those
parameters, and the code that makes join code.
"""

from __future__ import annotations

import hashlib
import marshal
import threading
from functools import cache
from pathlib import Path

from .cachestore import cache_dir, read_file, write_file
from .frontcache import front_version
from .ir import Atom, Negation

FOLDER = "join"
_COMPILER_SOURCES = ("check.py", "compile.py", "schools.py", "joincache.py")


@cache
def _compiler_version() -> bytes:
    digest = hashlib.sha256(front_version())
    package = Path(__file__).resolve().parent
    for name in _COMPILER_SOURCES:
        digest.update((package / name).read_bytes())
    return digest.digest()


def code_keys(rules, params: dict[str, tuple[str, ...]], file_keys: dict[str, str]) -> dict[str, str]:
    """rule id -> the key of its join code, for the rules whose file is known."""
    keys: dict[str, str] = {}
    for rule in rules:
        file_key = file_keys.get(rule.span.file)
        if file_key is None:
            continue
        atoms = [lit.atom if isinstance(lit, Negation) else lit for lit in rule.body] + list(rule.atoms)
        predicates = sorted({a.predicate for a in atoms if isinstance(a, Atom)})
        digest = hashlib.sha256(_compiler_version())
        digest.update(f"{file_key}\0{rule.id}\0{[(p, params.get(p)) for p in predicates]!r}".encode())
        keys[rule.id] = digest.hexdigest()
    return keys


class RuleCode:
    """The cached variants of one rule (variant -> marshalled code), read from its file on first use."""

    __slots__ = ("store", "key", "_variants")

    def __init__(self, store: "JoinStore", key: str) -> None:
        self.store = store
        self.key = key
        self._variants: dict[int, bytes] | None = None

    @property
    def path(self) -> Path:
        return self.store.folder / f"{self.key}.code"

    def _read(self) -> dict[int, bytes]:
        payload = read_file(self.path)  # checked against its digest: damaged code is never unmarshalled
        try:
            found = marshal.loads(payload) if payload is not None else {}
        except (ValueError, EOFError, TypeError):
            found = {}
        if not isinstance(found, dict) or not all(isinstance(v, bytes) for v in found.values()):
            return {}
        return found

    def get(self, variant: int) -> bytes | None:
        if self._variants is None:
            self._variants = self._read()
        return self._variants.get(variant)

    def add(self, variant: int, code) -> None:
        """A variant compiled in this process, saved with the rule's others at the next `save`."""
        with self.store.lock:
            if self._variants is None:
                self._variants = self._read()
            self._variants[variant] = marshal.dumps(code)
            self.store.pending[self.key] = self


class JoinStore:
    """The join code of an engine's rules, by rule id; what runs compile is saved after them."""

    def __init__(self, keys: dict[str, str]) -> None:
        self.keys = keys
        self.folder = cache_dir() / FOLDER
        self.pending: dict[str, RuleCode] = {}
        self.lock = threading.Lock()

    def rule(self, rule_id: str) -> RuleCode | None:
        key = self.keys.get(rule_id)
        return None if key is None else RuleCode(self, key)

    def save(self) -> None:
        if not self.pending:
            return
        with self.lock:
            pending, self.pending = self.pending, {}
            payloads = {key: marshal.dumps(dict(code._variants or {})) for key, code in pending.items()}
        for key, payload in payloads.items():
            write_file(self.folder / f"{key}.code", payload)
