"""One answer per question asked, weighed by the method the rulebook declares (engine/weighing.py).

The rulings of a chart (undefeated 断) are placed on the answer axis of the question asked; where
two stand on opposite sides, a precedence of the book decides (the loser is overruled, not
defeated: it still holds and is shown with the precedence that overruled it); what no rule
precedence orders, a side precedence may (42.21 「先索其不善」); what neither orders is 未决, with
the conflict that blocks it; an axis no ruling speaks to on the chart is 无断 (nothing found, which is
not a conflict).  The 应期 is the first 刻期 (42.20) that times an answer on the winning
side, the winning rulings' own timings the alternatives.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable

import attrs

from .facts import Conclusion
from .ir import Axis
from .weighing import GENERAL, NEUTRAL, Method

UNDECIDED = "未决"  # rulings stand on both sides and no precedence of the book decides
NO_RULING = "无断"  # no ruling speaks to the axis on this chart


@attrs.frozen
class Ruling:
    """All the undefeated conclusions of one rule (one per subject or 应期) as one ruling."""

    rule: str
    word: str
    conclusions: tuple[Conclusion, ...]

    @property
    def strength(self) -> str | None:
        return next((c.strength for c in self.conclusions if c.strength), None)

    @property
    def timings(self) -> list[str]:
        return list(dict.fromkeys(c.timing for c in self.conclusions if c.timing))


@attrs.frozen
class Overruling:
    loser: Ruling
    winner: Ruling
    precedence: str


@attrs.frozen
class Answer:
    axis: Axis
    word: str  # a word of the axis, 未决 (blocked) or 无断 (nothing found)
    side: str | None  # 吉 凶 平, None when undecided
    decided_by: tuple[Ruling, ...]
    supported_by: tuple[Ruling, ...]
    overruled: tuple[Overruling, ...]
    unresolved: tuple[tuple[Ruling, Ruling], ...]
    timing: dict[str, Any] | None

    @property
    def sub_question(self) -> str:
        return self.axis.name


def rulings_of(conclusions: tuple[Conclusion, ...]) -> list[Ruling]:
    grouped: dict[str, list[Conclusion]] = defaultdict(list)
    for conclusion in conclusions:
        grouped[conclusion.rule].append(conclusion)
    return [Ruling(rule, found[0].polarity, tuple(found)) for rule, found in grouped.items()]


class Weigher:
    """Weighs one chart's rulings for one question; `facts_of` reads the facts of a predicate (the
    刻期 facts the timing choices name) as their arguments and the rule that derived them."""

    def __init__(self, method: Method, question: str, sub: str | None,
                 facts_of: Callable[[str], list[dict[str, Any]]]) -> None:
        self.method = method
        self.question = question
        self.sub = sub
        self.facts_of = facts_of

    def placements(self, rulings: list[Ruling]) -> list[tuple[Axis, list[Ruling]]]:
        """Each ruling on the axis it speaks to: the asked (sub-)question's axis for its own words
        and the general 吉 / 凶 (the question's own axis when the asked one is 平, none when it is
        平 `alone`), else another axis of the question that has the word (for 吉 / 凶, only the asked
        sub-question's own)."""
        primary = self.method.axis_for(self.question, self.sub)
        if primary is None:
            return []
        general = primary if primary.left_side != NEUTRAL else None if primary.alone else self.method.axis_for(self.question, None)
        if general is not None and general.left_side == NEUTRAL:
            general = None
        placed: dict[int, tuple[Axis, list[Ruling]]] = {id(primary): (primary, [])}
        # the asked sub-question's further topics first, then the question's other axes
        mine = [a for a in self.method.axes_of(self.question) if a.topic and a.sub == primary.sub]
        others = mine + [a for a in self.method.axes_of(self.question) if a is not primary and a not in mine]
        for ruling in rulings:
            if primary.side_of(ruling.word):
                axis = primary
            elif ruling.word in GENERAL and general is not None:
                axis = general
            else:
                # a general 吉 / 凶 is the grade of the asked question's 用神: with no general axis it
                # may answer a further topic of the asked sub-question, never another sub-question
                # (出纳.出业 asked is no answer to 纳 「纳 吉 / 不纳 凶」)
                candidates = mine if ruling.word in GENERAL else others
                axis = next((a for a in candidates if a.side_of(ruling.word)), None)
                if axis is None:
                    continue
            placed.setdefault(id(axis), (axis, []))[1].append(ruling)
        return list(placed.values())

    def answers(self, conclusions: tuple[Conclusion, ...]) -> list[Answer]:
        return [self.weigh(axis, rulings) for axis, rulings in self.placements(rulings_of(conclusions))]

    def weigh(self, axis: Axis, rulings: list[Ruling]) -> Answer:
        side = {r.rule: self.method.side(r.word, axis) for r in rulings}
        below = self.method.below
        order = _topological(rulings, below)  # each after every ruling placed above it
        overruled: dict[str, Overruling] = {}
        for ruling in order:
            for winner in order:
                if winner is ruling:
                    break
                via = below.get(winner.rule, {}).get(ruling.rule)
                if via and winner.rule not in overruled and side[winner.rule] != side[ruling.rule]:
                    overruled[ruling.rule] = Overruling(ruling, winner, via)
                    break
        standing = [r for r in order if r.rule not in overruled]  # those placed highest first
        sides = {side[r.rule] for r in standing}
        if len(sides) > 1 and axis.left_side != NEUTRAL:
            for rule in self.method.side_precedences:
                winners = [r for r in standing if side[r.rule] == rule.winner]
                if not winners:
                    continue
                for loser in [r for r in standing if side[r.rule] == rule.loser]:
                    overruled[loser.rule] = Overruling(loser, winners[0], rule.id)
                standing = [r for r in standing if r.rule not in overruled]
        sides = {side[r.rule] for r in standing}
        lost = tuple(overruled[r.rule] for r in rulings if r.rule in overruled)
        if len(sides) > 1:
            pairs = tuple((a, b) for i, a in enumerate(standing) for b in standing[i + 1:] if side[a.rule] != side[b.rule])
            return Answer(axis, UNDECIDED, None, (), tuple(standing), lost, pairs, None)
        if not sides:
            return Answer(axis, NO_RULING, None, (), (), lost, (), None)
        won = sides.pop()
        decided = tuple(r for r in standing if not any(r.rule in below.get(o.rule, {}) for o in standing))
        supported = tuple(r for r in standing if r not in decided)
        word = self.method.word_for(won, axis)
        general_side = won if won in GENERAL else NEUTRAL
        return Answer(axis, word, general_side, decided, supported, lost, (), self.timing(general_side, decided + supported))

    def timing(self, side: str, rulings: tuple[Ruling, ...]) -> dict[str, Any] | None:
        """42.20: the first 刻期 (in the book's order) that times an answer on this side, then the
        rulings' own 应期 as alternatives; a question that asks when (`answer Q.SUB by 应期`) takes
        its rulings' own 应期 first, the chapter's method for that question, and the 刻期 after."""
        found: list[dict[str, Any]] = []
        own = [{"when": when, "by": ruling.rule, "method": None} for ruling in rulings for when in ruling.timings]
        asks_when = self.method.asks_when(self.question, self.sub) is not None
        if asks_when:
            found.extend(own)
        for choice in self.method.timings:
            methods = [m for m, s in choice.methods if s == side]
            facts = self.facts_of(choice.predicate)
            for method in methods:
                for fact in facts:
                    if fact["args"].get(choice.method_arg) == method:
                        found.append({"when": f"{fact['args']['支']}{fact['args'].get('期', '日')}", "by": fact["rule"], "method": method,
                                      "line": fact["args"].get("位"), "layer": fact["args"].get("层")})
        if not asks_when:
            found.extend(own)
        unique: list[dict[str, Any]] = []
        for item in found:
            if not any(u["when"] == item["when"] for u in unique):
                unique.append(item)
        if not unique:
            return None
        return {"primary": unique[0], "alternatives": unique[1:]}


def _topological(rulings: list[Ruling], below: dict[str, dict[str, str]]) -> list[Ruling]:
    """Rulings in an order where each comes after every ruling placed above it (stable)."""
    remaining = list(rulings)
    ordered: list[Ruling] = []
    while remaining:
        for ruling in remaining:
            if not any(ruling.rule in below.get(other.rule, {}) for other in remaining if other is not ruling):
                ordered.append(ruling)
                remaining.remove(ruling)
                break
        else:  # cannot happen in a checked program (precedence is acyclic); keep order
            ordered.extend(remaining)
            break
    return ordered


def answer_words(result, question: str, sub: str | None) -> dict[str, str]:
    """Each answer's word on a result (未决 where no precedence decides, 无断 where nothing speaks),
    without its 应期: what a sweep compares between two schools."""
    weigher = Weigher(result.program.method, question, sub, lambda predicate: [])
    return {answer.sub_question: answer.word for answer in weigher.answers(result.conclusions)}
