"""The chart (排盘): a cast and a moment turned into base facts, evaluated by the rulebook, and read
back as the chart.  Every cell comes from a derived fact, so `yimao why` explains any of them."""

from __future__ import annotations

from functools import cached_property
from operator import itemgetter
from typing import Any, Callable

import attrs

from .calendar import Moment
from .cast import Cast
from .evaluate import Engine, Result
from .facts import Fact
from .ir import Value

POSITIONS = range(1, 7)
CAST_PREDICATES = frozenset({"爻"})  # the input predicates a cast supplies (see `base_facts`)
GENERATIONS = ("八纯", "一世", "二世", "三世", "四世", "五世", "游魂", "归魂")


def base_facts(engine: Engine, cast: Cast | None, moment: Moment | None) -> list[Fact]:
    """The input facts: 爻(位, 值) for each line, and the moment's pillars and solar term."""
    facts: list[Fact] = []
    if cast is not None:
        facts += [Fact("爻", (position, value)) for position, value in zip(POSITIONS, cast.lines)]
    if moment is not None:
        for predicate, args in moment.base_facts():
            declaration = engine.program.declarations.get(predicate)
            if declaration is not None:  # a small rulebook may not use every input
                facts.append(Fact(predicate, tuple(args[p] for p in declaration.params)))
    return facts


class Reader:
    """Look-ups over a result by predicate and named arguments, each kind of look-up indexed on
    first use (a chart reads some fifty cells, several from the same large relations)."""

    def __init__(self, result: Result, within: frozenset[str] | None = None) -> None:
        self.result = result
        self.within = within  # the predicates `result` is complete for (None: all)
        self._indexes: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, ...], dict]] = {}

    def _matching(self, predicate: str, match: dict[str, Value]) -> tuple[tuple[str, ...], list[tuple]]:
        """The predicate's parameters and the value tuples of its facts that match (none when the
        predicate is not declared or an argument is not one of its own)."""
        names = tuple(match)  # a call site always names them in the same order
        key = (predicate, names)
        found = self._indexes.get(key)  # this chart's, or a shared one met before (one look-up)
        if found is None:
            facts = self.result.relations.get(predicate, ())
            # Indexes over a shared relation (a table, a static rule's facts) serve every chart.
            indexes = self.result.shared_indexes if facts is self.result.shared_facts.get(predicate) else self._indexes
            found = indexes.get(key)
            if found is None:
                if self.within is not None and predicate not in self.within:
                    raise ValueError(f"the chart read {predicate}, which it was not evaluated for (chart.SHOWN, "
                                     f"judge.judged): its facts were not derived")
                found = indexes[key] = self._index(predicate, names, facts)
            self._indexes[key] = found
        params, index = found
        wanted = match[names[0]] if len(names) == 1 else tuple(match.values())
        return params, index.get(wanted, [])

    def _index(self, predicate: str, names: tuple[str, ...], facts) -> tuple[tuple[str, ...], dict]:
        declaration = self.result.program.declarations.get(predicate)
        if declaration is None or not set(names) <= set(declaration.params):
            return (), {}
        positions = [declaration.params.index(n) for n in names]
        key = itemgetter(*positions) if positions else (lambda values: ())
        index: dict = {}
        for values in facts:
            index.setdefault(key(values), []).append(values)
        return declaration.params, index

    def rows(self, predicate: str, **match: Value) -> list[dict[str, Value]]:
        params, found = self._matching(predicate, match)
        return [dict(zip(params, values)) for values in found]

    def value(self, predicate: str, arg: str, **match: Value) -> Value | None:
        """The argument's value when exactly one fact matches; None when none (or several) do."""
        params, found = self._matching(predicate, match)
        if not found or arg not in params:
            return None
        at = params.index(arg)
        first = found[0][at]
        return first if len(found) == 1 or all(values[at] == first for values in found) else None

    def holds(self, predicate: str, **match: Value) -> bool:
        return bool(self._matching(predicate, match)[1])


LINE_NAMES = ("初", "二", "三", "四", "五", "上")  # the book's names of lines 1-6


def solar_term_text(moment: dict) -> str:
    """The solar term a moment (its `to_dict`) falls after, with its 候 where known: 「春分后第三候」
    (19.3's 余旺 and 先司 turn on the 候)."""
    pentad = moment.get("pentad")
    return f"{moment['solar_term']}后" + (f"第{'一二三'[pentad - 1]}候" if pentad else "")

# Where each cell of a changed or hidden line comes from: (predicate, argument) per cell.
CELLS = ("stem", "branch", "element", "relative")
CHANGED = (("变纳甲", "干"), ("变纳支", "支"), ("变五行", "五行"), ("变六亲", "亲"))
HIDDEN = (("伏神", "干"), ("伏神", "支"), ("伏神", "五行"), ("伏神", "亲"))


def line_marks(read: Reader, position: int) -> list[str]:
    """What a reader of the book looks for first on a line, each read from the fact that makes it:
    空 void, 破 broken by the month, 暗动 moving in the dark, 伏 a hidden line under it whose
    relative is not on the cast (不上卦: the hidden line the reading needs), 临日/临月 standing on
    the day's or the month's branch."""
    hidden = read.value("伏六亲", "亲", 位=position)
    found = {
        "空": read.holds("空", 位=position, 层="本"),
        "破": read.holds("月破", 位=position, 层="本"),
        "暗动": read.holds("暗动", 位=position),
        "伏": hidden is not None and read.holds("不上卦", 亲=hidden),
        "临日": read.holds("临日", 位=position, 层="本"),
        "临月": read.holds("临月", 位=position, 层="本"),
    }
    return [mark for mark, holds in found.items() if holds]


def _record(read: Reader, position: int, sources) -> dict[str, Value | None]:
    return {cell: read.value(predicate, arg, 位=position) for cell, (predicate, arg) in zip(CELLS, sources)}


# The predicates the chart's cells read (`Chart.to_dict`); a chart made for showing evaluates only
# the rules their facts depend on (see `relevance.cone`): some 120 of the rulebook's 4,000.
SHOWN = frozenset({
    "本卦", "之卦", "卦名", "宫", "宫五行", "世代",  # the hexagrams
    "世", "应", "动", "纳甲", "纳支", "爻五行", "六亲", "六神",  # each line
    *(predicate for predicate, _ in CHANGED + HIDDEN),  # its changed and hidden lines
    "伏六亲", "不上卦", "空", "月破", "暗动", "临日", "临月",  # its marks
    "旬空",  # the void branches
})


@attrs.frozen
class Chart:
    """A cast and a moment with what the rules derive of them.  `shown` holds what was evaluated:
    every rule, or (with `everything` given, which evaluates every rule for `result`) what the
    facts of the predicates `within` depend on: the chart's cells, or what a judgement reads."""

    cast: Cast
    moment: Moment | None
    shown: Result = attrs.field(eq=False)
    conventions: dict[str, Any] = attrs.field(eq=False, factory=dict)
    everything: Callable[[], Result] | None = attrs.field(eq=False, default=None)
    within: frozenset[str] | None = attrs.field(eq=False, default=None)

    @cached_property
    def result(self) -> Result:
        """The whole fact base with provenance: evaluated when first asked for, for a chart made
        from the shown facts only."""
        return self.shown if self.everything is None else self.everything()

    @cached_property
    def reader(self) -> Reader:
        return Reader(self.shown, self.within)

    def hexagram(self, predicate: str) -> dict[str, Value | None] | None:
        read = self.reader
        name = read.value(predicate, "卦")
        if name is None:
            return None
        palace = read.value("宫", "宫", 卦=name)
        return {
            "name": name,
            "short": read.value("卦名", "简", 卦=name),
            "palace": palace,
            "palace_element": read.value("宫五行", "五行", 宫=palace) if palace else None,
            "generation": read.value("世代", "代", 卦=name),
        }

    def line(self, position: int) -> dict[str, Any]:
        read = self.reader
        role = "世" if read.holds("世", 位=position) else "应" if read.holds("应", 位=position) else None
        moving = read.holds("动", 位=position)
        changed = _record(read, position, CHANGED) if moving else None
        hidden = _record(read, position, HIDDEN) if read.holds("伏神", 位=position) else None
        return {
            "position": position,
            "value": self.cast.lines[position - 1],
            "moving": moving,
            "stem": read.value("纳甲", "干", 位=position),
            "branch": read.value("纳支", "支", 位=position),  # known even when 乾/坤 stems are not
            "element": read.value("爻五行", "五行", 位=position),
            "relative": read.value("六亲", "亲", 位=position),
            "spirit": read.value("六神", "神", 位=position),
            "role": role,
            "hidden": hidden,
            "changed": changed,
            "marks": line_marks(read, position),
        }

    def void(self) -> list[str] | None:
        branches = [row["支"] for row in self.reader.rows("旬空")]
        return sorted(branches, key="子丑寅卯辰巳午未申酉戌亥".index) or None

    def to_dict(self) -> dict[str, Any]:
        moment = self.moment.to_dict() if self.moment else None
        pillars = moment["pillars"] if moment else {"year": None, "month": None, "day": None, "hour": None}
        return {
            "hexagram": self.hexagram("本卦"),
            "changed": self.hexagram("之卦"),
            "pillars": pillars,
            "void": self.void(),
            "lines": [self.line(p) for p in POSITIONS],
            "cast": self.cast.to_dict(),
            "moment": moment,
            "missing": self.missing(),
            "conventions": self.conventions,
        }

    def missing(self) -> list[str]:
        return list(self.moment.missing) if self.moment else ["moment (no date or 干支 given)"]


def book_conventions(moment: Moment | None, school: str, rulebook: str) -> dict[str, Any]:
    """The conventions recorded with every chart (DESIGN: Conventions that must be explicit)."""
    conventions: dict[str, Any] = dict(moment.conventions) if moment else {}
    conventions.update({
        "school": school,
        "rulebook": rulebook,
        "moving_lines": "only 6 and 9 change (ch. 2, 11); 暗动 never changes a line; the top line changes",
        "najia_qian_kun": "二老时迁 (ch. 4): 乾坤 stems swap at the solstices",
    })
    return conventions
