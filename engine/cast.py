"""Casting: the six line values of a chart, from digits, from coin faces, or from seeded coins.

The book (ch. 2, 成爻章) casts with three coins per line. A coin lying 覆 (背 up) is 奇 and counts
3; a coin lying 仰 (眉, the inscribed face, up) is 偶 and counts 2 (§2.1, §2.2 commentary 「奇圆图三，
偶方图四，三用其全，四用其半」). The sum of a toss is the line: 「两背由来拆，双眉本是单，浑眉交定位，
总背是重看」 (§2.3), so 背背眉 = 8 拆, 眉眉背 = 7 单, 眉眉眉 = 6 交, 背背背 = 9 重.

Which hexagram a bit pattern is, and its names, are the rulebook's business (chapter 3); this
module only turns what the user threw or typed into line values, and keeps the raw tosses.
"""

from __future__ import annotations

import random as _random
import re
from itertools import product
from typing import Iterable, Sequence

from attrs import field, frozen

from .errors import UsageError

BACK = "背"
FACE = "眉"
FACES = (BACK, FACE)

# §2.2: 覆 (背) is 奇 and counts 3, 仰 (眉) is 偶 and counts 2; a line is the sum of three coins.
FACE_COUNT = {BACK: 3, FACE: 2}

# The book's names of the four line values (§2.2 「九名重，六名交，七为单，八为拆」).
LINE_NAMES = {6: "交", 7: "单", 8: "拆", 9: "重"}
LINE_BY_NAME = {name: value for value, name in LINE_NAMES.items()} | {"單": 7}

# Every spelling of a coin face the CLI accepts. h/t follow the usual coin sense: heads is the
# obverse bearing the inscription (字, the book's 眉); tails is the plain reverse (背).
FACE_SPELLINGS = {
    "背": BACK, "b": BACK, "t": BACK, "back": BACK, "tails": BACK,
    "眉": FACE, "字": FACE, "m": FACE, "f": FACE, "h": FACE, "face": FACE, "heads": FACE,
}

COINS_HELP = (
    "six tosses, bottom line first, separated by commas or spaces; a toss is three coin faces: "
    "背 (or b, t: the plain back, 覆, counts 3) and 眉 (or 字, m, f, h: the inscribed face, 仰, counts 2), "
    "e.g. 背背眉,眉眉背,眉眉眉,背背背,眉背眉,背眉背 or bbf,ffb,fff,bbb,fbf,bfb; a toss may also be "
    "the book's line name 单 (7), 拆 (8), 重 (9), 交 (6) when the faces were not kept"
)

Toss = tuple[str, str, str]
Bits = tuple[int, ...]


def line_of_toss(toss: Sequence[str]) -> int:
    """The line value of one toss of three coins: the sum of their counts (背 3, 眉 2)."""
    return sum(FACE_COUNT[face] for face in toss)


def is_yang(value: int) -> bool:
    """7 (单) and 9 (重) are yang lines."""
    return value in (7, 9)


def all_tosses() -> tuple[Toss, ...]:
    """The eight equally likely ordered outcomes of three fair coins."""
    return tuple(product(FACES, repeat=3))  # type: ignore[return-value]


def _check_lines(instance, attribute, lines: tuple[int, ...]) -> None:
    if len(lines) != 6:
        raise UsageError(f"a cast has 6 lines, got {len(lines)}")
    bad = [value for value in lines if value not in LINE_NAMES]
    if bad:
        raise UsageError(f"line value {bad[0]} is not one of 6, 7, 8, 9")


def _check_tosses(instance, attribute, tosses: tuple[Toss, ...] | None) -> None:
    if tosses is None:
        return
    if len(tosses) != 6 or any(len(toss) != 3 or not set(toss) <= set(FACES) for toss in tosses):
        raise UsageError("coin tosses must be 6 tosses of 3 faces (背 or 眉)")
    if tuple(line_of_toss(toss) for toss in tosses) != instance.lines:
        raise UsageError("the coin tosses do not give these line values")


def _tuple_or_none(tosses: Iterable[Iterable[str]] | None) -> tuple[Toss, ...] | None:
    return None if tosses is None else tuple(tuple(toss) for toss in tosses)  # type: ignore[misc]


@frozen
class Cast:
    """Six line values bottom to top (6 交, 7 单, 8 拆, 9 重), and the coin tosses when coins were thrown.

    `source` says how the lines were obtained ("lines", "coins", "random", "hexagram"); `seed` is
    kept for a random cast so that it can be replayed.
    """

    lines: tuple[int, ...] = field(converter=tuple, validator=_check_lines)
    tosses: tuple[Toss, ...] | None = field(default=None, converter=_tuple_or_none, validator=_check_tosses)
    source: str = "lines"
    seed: int | None = None

    # -- constructors -------------------------------------------------------------------------

    @classmethod
    def from_lines(cls, lines: str | Sequence[int]) -> Cast:
        """From six digits 6/7/8/9, bottom line first ("877987")."""
        if isinstance(lines, str):
            text = lines.strip()
            if not re.fullmatch(r"\d+", text):
                raise UsageError(f"--lines wants six digits 6/7/8/9 (bottom line first), got {lines!r}")
            if len(text) != 6:
                raise UsageError(f"--lines wants six digits 6/7/8/9, got {len(text)} digits in {text!r}")
            lines = [int(digit) for digit in text]
        return cls(tuple(lines), source="lines")

    @classmethod
    def from_coins(cls, tosses: str | Sequence[Sequence[str] | str]) -> Cast:
        """From the faces of six tosses, bottom line first; see COINS_HELP for the accepted spellings.

        A toss given by its line name (单拆重交) yields the value without raw faces; then the cast
        keeps no tosses at all, since a partial record would look complete.
        """
        items = split_coins(tosses) if isinstance(tosses, str) else list(tosses)
        if len(items) != 6:
            raise UsageError(f"--coins wants 6 tosses (bottom line first), got {len(items)}")
        parsed = [_parse_toss(item, number) for number, item in enumerate(items, start=1)]
        lines = tuple(value for value, _ in parsed)
        faces = [toss for _, toss in parsed]
        kept = None if any(toss is None for toss in faces) else faces
        return cls(lines, tosses=kept, source="coins")

    @classmethod
    def random(cls, seed: int | None = None) -> Cast:
        """Three fair coins per line from `random.Random(seed)`, every toss recorded.

        Old yang 9 and old yin 6 come out 1/8 each, young 7 and 8 3/8 each. Without a seed one is
        drawn from the system and recorded, so every random cast can be replayed.
        """
        if seed is None:
            seed = _random.SystemRandom().randrange(2**32)
        rng = _random.Random(seed)
        tosses = [tuple(rng.choice(FACES) for _ in range(3)) for _ in range(6)]
        return cls(tuple(line_of_toss(toss) for toss in tosses), tosses=tosses, source="random", seed=seed)

    @classmethod
    def from_hexagram_lines(cls, original: Sequence[int], changed: Sequence[int] | None = None) -> Cast:
        """From the yin/yang bits (1 yang, 0 yin; bottom first) of the original and changed hexagram.

        The hook for `--hexagram 豐之萃`: the rulebook's table (chapter 3) turns names into bits,
        this turns bits into lines. Lines that differ move: yang → yin is 9, yin → yang is 6.
        """
        original = _check_bits(original, "original")
        if changed is None:
            return cls(tuple(7 if bit else 8 for bit in original), source="hexagram")
        changed = _check_bits(changed, "changed")
        if changed == original:
            raise UsageError("the changed hexagram equals the original: name it alone, without 之")
        lines = tuple(
            (7 if old else 8) if old == new else (9 if old else 6) for old, new in zip(original, changed)
        )
        return cls(lines, source="hexagram")

    # -- views --------------------------------------------------------------------------------

    @property
    def moving(self) -> tuple[int, ...]:
        """Positions (1 bottom .. 6 top) of the old lines 6 and 9: the book changes only these."""
        return tuple(position for position, value in enumerate(self.lines, start=1) if value in (6, 9))

    @property
    def original(self) -> Bits:
        """The original hexagram as bits, bottom first (1 yang)."""
        return tuple(int(is_yang(value)) for value in self.lines)

    @property
    def changed(self) -> Bits | None:
        """The changed hexagram as bits (old lines flipped), or None when no line moves."""
        if not self.moving:
            return None
        return tuple(int(not is_yang(value)) if value in (6, 9) else int(is_yang(value)) for value in self.lines)

    @property
    def names(self) -> tuple[str, ...]:
        """The book's names of the lines: 单 拆 重 交."""
        return tuple(LINE_NAMES[value] for value in self.lines)

    def digits(self) -> str:
        """The `--lines` spelling of this cast ("877987")."""
        return "".join(str(value) for value in self.lines)

    def to_dict(self) -> dict:
        return {
            "lines": list(self.lines),
            "names": list(self.names),
            "moving": list(self.moving),
            "tosses": None if self.tosses is None else ["".join(toss) for toss in self.tosses],
            "source": self.source,
            "seed": self.seed,
        }


def split_coins(text: str) -> list[str]:
    """Split the `--coins` string into its six tosses.

    Tosses are separated by commas (ASCII or Chinese), slashes or spaces; without separators an
    18-face run of single-character faces (背背眉眉眉背…) or a 6-character run of line names
    (单拆重交单单) is cut evenly.
    """
    items = [item for item in re.split(r"[\s,，、/|;；]+", text.strip()) if item]
    if len(items) == 1:
        run = items[0]
        if len(run) == 6 and all(char in LINE_BY_NAME for char in run):
            return list(run)
        if len(run) == 18 and all(char.lower() in FACE_SPELLINGS for char in run):
            return [run[i : i + 3] for i in range(0, 18, 3)]
    return items


def _parse_toss(item: Sequence[str] | str, number: int) -> tuple[int, Toss | None]:
    """One toss: three faces (a string of three symbols or a sequence of face words), or a line name."""
    if isinstance(item, str) and item in LINE_BY_NAME:
        return LINE_BY_NAME[item], None
    words = list(item) if isinstance(item, str) else [str(word) for word in item]
    faces = []
    for word in words:
        face = FACE_SPELLINGS.get(word.strip().lower())
        if face is None:
            raise UsageError(
                f"toss {number} {_show(item)}: {word!r} is not a coin face (背/b/t for the back, 眉/字/m/f/h for the face)"
            )
        faces.append(face)
    if len(faces) != 3:
        raise UsageError(f"toss {number} {_show(item)} has {len(faces)} coin faces, a toss has 3")
    toss: Toss = (faces[0], faces[1], faces[2])
    return line_of_toss(toss), toss


def _show(item: Sequence[str] | str) -> str:
    return repr(item if isinstance(item, str) else "".join(str(word) for word in item))


def _check_bits(bits: Sequence[int], which: str) -> Bits:
    bits = tuple(bits)
    if len(bits) != 6 or any(bit not in (0, 1) for bit in bits):
        raise UsageError(f"the {which} hexagram must be 6 bits (1 yang, 0 yin), got {bits!r}")
    return bits
