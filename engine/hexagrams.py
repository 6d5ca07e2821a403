"""Hexagram names -> line patterns, read from the rulebook's own tables (chapter 3), so that
`--hexagram 豐之萃` resolves by the same 八卦 and 重卦 tables the chart rules use."""

from __future__ import annotations

from .check import Program
from .errors import UsageError
from .textnorm import fold

Bits = tuple[int, ...]


class HexagramNames:
    def __init__(self, program: Program) -> None:
        trigrams: dict[str, Bits] = {}
        hexagrams: dict[str, tuple[str, str]] = {}
        short: dict[str, str] = {}
        for row in program.rows_of("八卦"):
            if len(row) == 4:
                trigrams[row[0]] = tuple(1 if v == "阳" else 0 for v in row[1:])
        for row in program.rows_of("重卦"):
            if len(row) == 3:
                hexagrams[row[0]] = (row[1], row[2])  # outer, inner
        for row in program.rows_of("卦名"):
            if len(row) == 2:
                short[row[0]] = row[1]
        self.bits: dict[str, Bits] = {
            full: trigrams[inner] + trigrams[outer]
            for full, (outer, inner) in hexagrams.items()
            if inner in trigrams and outer in trigrams
        }
        self.full_by_bits = {bits: full for full, bits in self.bits.items()}
        self.short = short
        self.lookup: dict[str, str] = {}
        for full in self.bits:
            self.lookup[fold(full)] = full
            if full in short:
                self.lookup.setdefault(fold(short[full]), full)

    def resolve_one(self, text: str) -> Bits:
        full = self.lookup.get(fold(text.strip()))
        if full is None:
            if not self.bits:
                raise UsageError("the rulebook has no hexagram table (chapter 3), so --hexagram cannot be read")
            raise UsageError(f"unknown hexagram {text!r}: give a name such as 萃, 泽地萃 or 豐之萃")
        return self.bits[full]

    def resolve(self, text: str) -> tuple[Bits, Bits | None]:
        """`萃` -> (bits, None); `豐之萃` -> (bits of 丰, bits of 萃)."""
        parts = text.strip().split("之")
        if len(parts) == 1:
            return self.resolve_one(parts[0]), None
        if len(parts) != 2 or not all(parts):
            raise UsageError(f"cannot read hexagram {text!r}: write A之B, e.g. 豐之萃")
        original, changed = (self.resolve_one(p) for p in parts)
        if original == changed:
            raise UsageError(f"{text}: a hexagram cannot change into itself")
        return original, changed

    def name(self, bits: Bits) -> str | None:
        return self.full_by_bits.get(tuple(bits))
