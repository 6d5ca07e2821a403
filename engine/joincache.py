"""Join code cached per rule: a rule's variants are compiled when a run first calls them, and the
code objects saved under a key of what the code depends on, so an edit recompiles the rules of the
edited file only, and a judgement compiles only the rules it calls.

A rule's join code depends on the rule as checked and on the declared parameters of the predicates
it names; the checked rule depends on the rule as written in its file and on those same parameters.
So the key is the file's key (its content and name, see frontcache), the rule's id, those
parameters, and the code that makes join code.

The code of the rules of one rule file is kept in one file of parts, `join/<group>.code`, the group
named by the rule file's key (a rule's key is `<group>-<digest>`): creating a file costs about a
millisecond on an ordinary disk, several times compiling the rule, and a cold start compiles some
eight hundred rules from some ninety files.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .cachestore import cache_dir, code_digest, read_parts, write_parts
from .frontcache import front_version

FOLDER = "join"
FORMAT = "3"  # 3: a rule's key names its predicates' parameters one by one (2: one file of parts per rule file)
_COMPILER_SOURCES = ("check.py", "compile.py", "relation.py", "strata.py", "schools.py", "joincache.py")


@cache
def _compiler_version() -> bytes:
    return code_digest(front_version() + f"join {FORMAT}".encode(), _COMPILER_SOURCES)


def code_keys(rules, params: dict[str, tuple[str, ...]], file_keys: dict[str, str]) -> dict[str, str]:
    """rule id -> the key of its join code, for the rules whose file is known: the rule's file,
    its id and the declared parameters of the predicates it names (what its code depends on)."""
    version = _compiler_version()
    keys: dict[str, str] = {}
    groups: dict[str, str] = {}
    named: dict[str, str] = {}  # predicate -> its part of a key, made once (a rule names several)
    for rule in rules:
        file_key = file_keys.get(rule.span.file)
        if file_key is None:
            continue
        group = groups.get(file_key)
        if group is None:
            group = groups[file_key] = hashlib.sha256(version + file_key.encode()).hexdigest()[:32]
        predicates = rule.read_predicates()
        predicates.update(head.predicate for head in rule.atoms)
        parts = []
        for predicate in sorted(predicates):
            part = named.get(predicate)
            if part is None:
                part = named[predicate] = f"{predicate}={params.get(predicate)!r}"
            parts.append(part)
        digest = hashlib.sha256(version + f"{file_key}\0{rule.id}\0{chr(0).join(parts)}".encode())
        keys[rule.id] = f"{group}-{digest.hexdigest()[:32]}"  # 128 bits each: thousands in an engine's files
    return keys


def group_of(key: str) -> str:
    """The file of parts a rule's code is kept in (a key without a group is its own)."""
    return key.split("-", 1)[0]


class RuleCode:
    """The cached variants of one rule (variant -> marshalled code): from the engine's pack, else
    read from its rule file's group file on first use."""

    __slots__ = ("store", "key", "_variants")

    def __init__(self, store: "JoinStore", key: str) -> None:
        self.store = store
        self.key = key
        self._variants: dict[int, bytes] | None = None

    def _load(self) -> dict[int, bytes]:
        found = self.store.packed_code(self.key)
        if found is None:
            found = _part(self.store.seed(), self.key)
            if found is None:  # checked against its digest: damaged code is never unmarshalled
                found = _part(self.store.group(group_of(self.key)), self.key) or {}
            self.store.unpacked[self.key] = self
        return found

    def get(self, variant: int) -> bytes | None:
        if self._variants is None:
            self._variants = self._load()
        return self._variants.get(variant)

    def add(self, variant: int, code) -> None:
        """A variant compiled in this process, saved with the rule's others at the next `save`."""
        with self.store.lock:
            if self._variants is None:
                self._variants = self._load()
            self._variants = {**self._variants, variant: marshal.dumps(code)}
            self.store.pending[self.key] = self
            self.store.unpacked[self.key] = self


def _merged(on_disk: Mapping[str, bytes], ours: dict[str, bytes]) -> dict[str, bytes]:
    """A group file's parts with ours written in, each rule's variants joined with those another
    process wrote since this one read it: two processes compiling different rules of one file, or
    different variants of one rule, must not each erase the other's (the loser would compile
    again, and a cached engine would check its rule files to do so).  Parts failing their digests
    are dropped, not carried into a file that would vouch for them."""
    parts = {key: part for key in on_disk if key not in ours and (part := on_disk.get(key)) is not None}
    for key, payload in ours.items():
        theirs = _part(on_disk, key) or {}
        mine = _variants(payload)
        parts[key] = payload if not theirs.keys() - mine.keys() else marshal.dumps({**theirs, **mine})
    return parts


def _part(parts: Mapping[str, bytes], key: str) -> dict[int, bytes] | None:
    """A rule's variants from a pack, None when the pack lacks the rule or its part is damaged."""
    payload = parts.get(key)
    return None if payload is None else _variants(payload)


def _variants(payload: bytes | None) -> dict[int, bytes]:
    """variant -> marshalled code, from a payload that passed its digest (else nothing)."""
    try:
        found = marshal.loads(payload) if payload is not None else {}
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(found, dict) or not all(isinstance(k, int) and isinstance(v, bytes) for k, v in found.items()):
        return {}
    return found


class JoinStore:
    """The join code of an engine's rules, by rule id; what runs compile is saved after them.

    Each rule's code is a part of its rule file's group file, shared by every engine whose rule has
    the same key (so an edit's new engine finds the code of the unchanged files' rules, in the pack
    of the engine before the edit or in those files).  An engine also keeps a pack, the code of every rule its
    runs have called in one file, so a run reads one file rather than a thousand; a run that
    needed code from outside it writes it again with that code added."""

    def __init__(self, keys: dict[str, str], pack: Path | None = None) -> None:
        self.keys = keys
        self.folder = cache_dir() / FOLDER
        self.pack = pack
        # the pack's parts (key -> marshalled variants), each checked when first read, and those
        # this process added to it
        self.packed: Mapping[str, bytes] = (read_parts(pack) if pack is not None else None) or {}
        self.added: dict[str, bytes] = {}
        self.unpacked: dict[str, RuleCode] = {}  # rules whose code came from outside the pack
        self.pending: dict[str, RuleCode] = {}  # rules with code compiled and not yet saved
        self.lock = threading.Lock()
        self._seed: Mapping[str, bytes] | None = None
        self._groups: dict[str, Mapping[str, bytes]] = {}  # group -> its file's parts, read once
        self.pack_saved = False
        self.pack_deferred = False

    def packed_code(self, key: str) -> dict[int, bytes] | None:
        """A rule's variants from this engine's pack (with what this process added to it)."""
        return _part(self.added if key in self.added else self.packed, key)

    def seed(self) -> Mapping[str, bytes]:
        """The most recently written pack of another engine (after an edit, most often the same
        rulebook before it): where code a new engine's pack lacks is looked for first, by key."""
        if self._seed is None:
            self._seed = {}
            if self.pack is not None:
                try:
                    others = [e for e in os.scandir(self.pack.parent) if e.name.endswith(".join") and e.name != self.pack.name]
                    newest = max(others, key=lambda e: e.stat().st_mtime_ns, default=None)
                except OSError:
                    newest = None
                if newest is not None:
                    self._seed = read_parts(Path(newest.path)) or {}
        return self._seed

    def group(self, group: str) -> Mapping[str, bytes]:
        """The parts of a group file (nothing when it is missing or its index is damaged)."""
        found = self._groups.get(group)
        if found is None:
            found = self._groups[group] = read_parts(self.folder / f"{group}.code") or {}
        return found

    def groups(self) -> set[str]:
        """The group files this engine's rules' code is kept in (for housekeeping)."""
        return {group_of(key) for key in self.keys.values()}

    def rule(self, rule_id: str) -> RuleCode | None:
        key = self.keys.get(rule_id)
        return None if key is None else RuleCode(self, key)

    def save(self) -> None:
        """Write the code compiled since the last save to its rules' files, and the pack: at once
        the first time, then (a long-running process compiling a variant now and then) at exit."""
        if not self.unpacked:
            return
        with self.lock:
            pending, self.pending = self.pending, {}
            unpacked, self.unpacked = self.unpacked, {}
            payloads: dict[str, dict[str, bytes]] = {}
            for key, code in pending.items():
                payloads.setdefault(group_of(key), {})[key] = marshal.dumps(code._variants or {})
            self.added = {**self.added, **{key: marshal.dumps(code._variants or {}) for key, code in unpacked.items()}}
            first, self.pack_saved = not self.pack_saved, True
        for group, ours in payloads.items():
            self._groups.pop(group, None)
            write_parts(self.folder / f"{group}.code", _merged(read_parts(self.folder / f"{group}.code") or {}, ours))
        if first:
            self.save_pack()
        elif not self.pack_deferred:
            self.pack_deferred = True
            atexit.register(self.save_pack)

    def save_pack(self) -> None:
        """Write the pack: its parts that pass their digests (a damaged one is not carried into a
        file that would vouch for it) and those this process added."""
        if self.pack is not None:
            with self.lock:
                parts = {key: part for key in self.packed if key not in self.added
                         and (part := self.packed.get(key)) is not None}
                parts.update(self.added)
            write_parts(self.pack, parts)
