"""The book's method of weighing rulings, as the rulebook declares it: answer axes, precedence
between rulings, and the 刻期 facts that time an answer (41.1, 42.17-42.21, 23.3 …).

Built and checked once per program.  Everything a judgement needs is precomputed here: the side
of every 断 word, and for every ruling that decides over others, the set of rulings below it
(precedence is transitive), so that weighing a chart's twenty-odd rulings costs a few look-ups.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Iterable

import attrs

from .closurememo import closure_key, recall, remember as remember_closure
from .diagnostics import Diagnostic
from .ir import Atom, Axis, Citation, Const, Given, Negation, Precedence, Question, Reading, Rule, Selector, Span, Timed, TimingChoice

GOOD, BAD, NEUTRAL = "吉", "凶", "平"
GENERAL = (GOOD, BAD)  # the general axis of chapters 11-42, always declared
SIDES = (GOOD, BAD, NEUTRAL)


@attrs.frozen
class SidePrecedence:
    """`side 凶 over side 吉`: applied last, between rulings no rule precedence has ordered."""

    id: str
    winner: str
    loser: str
    citation: Citation


@attrs.frozen
class Method:
    axes: tuple[Axis, ...]
    precedences: tuple[Precedence, ...]
    timings: tuple[TimingChoice, ...]
    # ruling (rule id) -> {ruling below it: the precedence by which it is (first) below}
    below: Mapping[str, dict[str, str]] = attrs.field(eq=False)
    side_precedences: tuple[SidePrecedence, ...] = ()
    readings: tuple[Reading, ...] = ()
    timed: tuple[Timed, ...] = ()
    givens: tuple[Given, ...] = ()
    # question -> its axes, found on first ask (a judgement asks three times; there are hundreds)
    _axes_by_question: dict = attrs.field(init=False, factory=dict, eq=False, repr=False)

    def givens_for(self, question: str) -> list[Given]:
        """What the asker may state beside the chart for this question (`--given`)."""
        return [g for g in self.givens if question in g.questions]

    def asks_when(self, question: str, sub: str | None) -> Timed | None:
        """The `answer Q.SUB by 应期` of the (sub-)question asked, when it asks when."""
        return next((t for t in self.timed if t.question == question and t.sub == sub), None)

    def readings_for(self, question: str, sub: str | None) -> list[Reading]:
        """The answers in their own kind of the (sub-)question asked."""
        return [r for r in self.readings if r.question == question and r.sub == sub]

    def axes_of(self, question: str) -> tuple[Axis, ...]:
        found = self._axes_by_question.get(question)
        if found is None:
            found = self._axes_by_question[question] = tuple(a for a in self.axes if a.question == question)
        return found

    def axis_for(self, question: str, sub: str | None) -> Axis | None:
        """The axis of the (sub-)question asked: the sub-question's own, else its question's."""
        found = {a.sub: a for a in self.axes_of(question) if a.topic is None}
        return found.get(sub) or found.get(None)

    def side(self, word: str, axis: Axis) -> str | None:
        """Where a 断 word lies on an axis: 吉 or 凶 (the general words are their own side), or, on
        a 平 axis, the answer word of its side (男 / 女); None for a word the axis does not have."""
        if word in GENERAL:
            return word if axis.left_side != NEUTRAL else None
        where = axis.side_of(word)
        if where is None:
            return None
        side = axis.left_side if where == "left" else axis.right_side
        return side if side != NEUTRAL else (axis.left if where == "left" else axis.right)[0]

    def word_for(self, side: str, axis: Axis) -> str:
        """The answer word of an axis for a side (吉 -> 愈 on 愈 / 不愈)."""
        if axis.left_side == side or axis.left[0] == side:
            return axis.left[0]
        return axis.right[0]

    def precedence(self, precedence_id: str) -> Precedence | None:
        return next((p for p in self.precedences if p.id == precedence_id), None)


EMPTY = Method((), (), (), {})


class _Builder:
    def __init__(self, questions: tuple[Question, ...], rules: Iterable[Rule], retired: set[str],
                 diagnostics: list[Diagnostic]) -> None:
        self.questions = {q.name: q for q in questions}
        self.rules = list(rules)
        self.rulings = [r.id for r in self.rules if r.verdicts]
        self.by_prefix = _by_prefix(self.rulings)  # `a.b` -> the rulings whose id starts `a.b.`
        # ids a school disabled, and rulings that failed their own checks (already reported): a
        # precedence may name them without a second error
        self.retired = retired
        self.diagnostics = diagnostics

    def error(self, span: Span, message: str) -> None:
        self.diagnostics.append(Diagnostic(span, message))

    def asks(self, statement: Axis | Reading) -> bool:
        """An answer statement names a declared question and one of its sub-questions (or none)."""
        question = self.questions.get(statement.question)
        if question is None:
            self.error(statement.span, f"answer {statement.name}: no question {statement.question} is declared")
            return False
        if statement.sub is not None and statement.sub not in question.subquestions:
            self.error(statement.span, f"answer {statement.name}: {statement.question} has no sub-question {statement.sub}")
            return False
        return True

    # axes -----------------------------------------------------------------------------------
    def check_axes(self, axes: list[Axis]) -> None:
        """A word may lie on different sides of different questions' axes (成 is good in 功名 and
        bad in 疾病.成疾): a ruling is weighed on the axis of the question asked."""
        seen: dict[tuple[str, str | None, str | None], Axis] = {}
        for axis in axes:
            if not self.asks(axis):
                continue
            key = (axis.question, axis.sub, axis.topic)
            if key in seen:
                self.error(axis.span, f"answer {axis.name} is already declared at {seen[key].span}")
                continue
            if axis.topic is not None and (axis.question, axis.sub, None) not in seen:
                self.error(axis.span, f"answer {axis.name}: declare the answer of {axis.question}{'.' + axis.sub if axis.sub else ''} itself first")
                continue
            seen[key] = axis
            bad = [s for s in (axis.left_side, axis.right_side) if s not in SIDES]
            if bad or (NEUTRAL in (axis.left_side, axis.right_side) and axis.left_side != axis.right_side) \
                    or (axis.left_side == axis.right_side != NEUTRAL):
                self.error(axis.span, f"answer {axis.name}: `as` takes 吉/凶, 凶/吉 or 平")
                continue
            if axis.alone and (axis.left_side != NEUTRAL or axis.sub is None or axis.topic is not None):
                self.error(axis.span, f"answer {axis.name}: `alone` is said of a sub-question answered `as 平`")
                continue
            both = set(axis.left) & set(axis.right)
            if both:
                self.error(axis.span, f"answer {axis.name}: {sorted(both)[0]} stands on both sides")
                continue
            for words, side in ((axis.left, axis.left_side), (axis.right, axis.right_side)):
                for word in words:
                    if word in GENERAL and side != word:
                        self.error(axis.span, f"answer {axis.name}: {word} cannot stand on the {side} side")

    def check_words(self, axes: list[Axis]) -> None:
        declared = set(GENERAL) | {w for a in axes for w in a.left + a.right}
        for rule in self.rules:
            for verdict in rule.verdicts:
                if verdict.polarity not in declared:
                    self.error(verdict.span, f"断 {verdict.polarity}: no answer axis declares this word "
                                             f"(declare it with `answer Q: … / …` under the question's paragraph)")

    def check_readings(self, readings: list[Reading], declarations: dict) -> None:
        seen: dict[tuple, Reading] = {}
        for reading in readings:
            if not self.asks(reading):
                continue
            decl = declarations.get(reading.predicate)
            if decl is None:
                self.error(reading.span, f"answer {reading.name} by {reading.predicate}: unknown predicate {reading.predicate}")
                continue
            if reading.arg not in decl.params:
                self.error(reading.span, f"answer {reading.name} by {reading.predicate}: it has no argument {reading.arg} "
                                         f"(it has: {', '.join(decl.params)})")
                continue
            key = (reading.question, reading.sub, reading.predicate)
            if key in seen:
                self.error(reading.span, f"answer {reading.name} by {reading.predicate} is already declared at {seen[key].span}")
                continue
            seen[key] = reading

    def check_timed(self, timed: list[Timed]) -> None:
        seen: dict[tuple, Timed] = {}
        for statement in timed:
            if not self.asks(statement):
                continue
            key = (statement.question, statement.sub)
            if key in seen:
                self.error(statement.span, f"answer {statement.name} by 应期 is already declared at {seen[key].span}")
                continue
            seen[key] = statement

    def check_givens(self, givens: list[Given]) -> None:
        """A given names declared questions and distinct values, and a rule that fixes its value
        fixes one of them (a misspelt value would wait for an answer no asker can give)."""
        values: dict[str, Given] = {}
        for given in givens:
            for question in given.questions:
                if question not in self.questions:
                    self.error(given.span, f"given {given.predicate}: no question {question} is declared")
            repeated = sorted({v for v in given.values if given.values.count(v) > 1})
            if repeated:
                self.error(given.span, f"given {given.predicate}: the value {repeated[0]} is listed twice")
            values.setdefault(given.predicate, given)
        for rule in self.rules:
            for literal in rule.body:
                atom = literal.atom if isinstance(literal, Negation) else literal
                if not isinstance(atom, Atom) or atom.predicate not in values:
                    continue
                given = values[atom.predicate]
                for arg in atom.args:
                    if isinstance(arg.term, Const) and str(arg.term.value) not in given.values:
                        self.error(arg.span, f"{atom.predicate}: {arg.term.value} is not one of the values `given "
                                             f"{atom.predicate}` declares ({' / '.join(given.values)}) at {given.span}")

    # precedence -----------------------------------------------------------------------------
    def expand(self, selector: Selector) -> list[str]:
        if selector.kind == "rule":
            if selector.value in self.rulings or selector.value in self.retired:
                return [selector.value] if selector.value in self.rulings else []
            self.error(selector.span, f"precedence: no ruling (rule with a 断) has the id {selector.value}")
            return []
        found = self.by_prefix.get(selector.value, [])
        if not found and not any(r.startswith(selector.value + ".") for r in self.retired):
            self.error(selector.span, f"precedence: no ruling's id starts with {selector.value}.")
        return found

    def check_precedences(self, precedences: list[Precedence], key: str | None = None) -> tuple[Mapping[str, dict[str, str]], list[SidePrecedence]]:
        """The closure of the rule precedences, and the side precedences; with `key`, a closure
        remembered under it is recalled (see closurememo) and only the side precedences are read,
        else the closure made is remembered under it if nothing was wrong."""
        found = recall(key) if key is not None else None
        reported = len(self.diagnostics)
        if found is not None:
            sides: list[SidePrecedence] = []
            for precedence in precedences:
                if precedence.by_side:
                    self.side_precedence(precedence, sides)
            return found, sides
        edges: dict[str, dict[str, str]] = defaultdict(dict)  # winner -> loser -> precedence id
        parents: dict[str, set[str]] = defaultdict(set)  # loser -> its winners: `edges` reversed, kept alongside
        sides: list[SidePrecedence] = []
        ids: dict[str, Precedence] = {}
        for precedence in precedences:
            if precedence.id in ids:
                self.error(precedence.span, f"duplicate precedence {precedence.id} (first at {ids[precedence.id].span})")
                continue
            ids[precedence.id] = precedence
            if precedence.by_side:
                self.side_precedence(precedence, sides)
                continue
            if any(s.kind == "any" for s in precedence.winners):
                self.error(precedence.span, f"precedence {precedence.id}: `*` can only stand after over")
                continue
            winners = list(dict.fromkeys(r for s in precedence.winners for r in self.expand(s)))
            above = _reaching(parents, set(winners))  # rulings already placed above the winners
            losers: list[str] = []
            for selector in precedence.losers:
                if selector.kind == "any":
                    # 「the rest」: every ruling not already placed above the winners
                    losers += [r for r in self.rulings if r not in above and r not in winners]
                    continue
                for rule_id in self.expand(selector):
                    if rule_id in above:
                        self.error(selector.span, f"precedence {precedence.id} makes a cycle: {rule_id} is already "
                                                  f"placed above {_path(edges, rule_id, set(winners))}")
                        break
                    losers.append(rule_id)
            for winner in winners:
                below = edges[winner]
                for loser in losers:
                    if loser != winner and loser not in below:
                        below[loser] = precedence.id
                        parents[loser].add(winner)
        below: Mapping[str, dict[str, str]] = _closure(edges)
        if key is not None and len(self.diagnostics) == reported:
            below = remember_closure(key, below)
        return below, sides

    def side_precedence(self, precedence: Precedence, sides: list[SidePrecedence]) -> None:
        selectors = precedence.winners + precedence.losers
        if len(precedence.winners) != 1 or len(precedence.losers) != 1 or any(s.kind != "side" for s in selectors):
            self.error(precedence.span, f"precedence {precedence.id}: a side precedence names one side over one other "
                                        f"(`side 凶 over side 吉`), without rule selectors")
            return
        winner, loser = precedence.winners[0].value, precedence.losers[0].value
        for selector in selectors:
            if selector.value not in GENERAL:
                self.error(selector.span, f"precedence {precedence.id}: side takes 吉 or 凶, not {selector.value}")
                return
        if winner == loser:
            self.error(precedence.span, f"precedence {precedence.id}: a side cannot decide over itself")
            return
        for earlier in sides:
            if (earlier.winner, earlier.loser) == (loser, winner):
                self.error(precedence.span, f"precedence {precedence.id} makes a cycle with {earlier.id}: "
                                            f"side {loser} is already placed over side {winner}")
                return
        sides.append(SidePrecedence(precedence.id, winner, loser, precedence.citation))

    # 刻期 ------------------------------------------------------------------------------------
    def check_timings(self, timings: list[TimingChoice], declarations: dict) -> None:
        for timing in timings:
            decl = declarations.get(timing.predicate)
            if decl is None:
                self.error(timing.span, f"timing: unknown predicate {timing.predicate}")
                continue
            needed = ["位", "层", "支", timing.method_arg]
            missing = [n for n in needed if n not in decl.params]
            if missing:
                self.error(timing.span, f"timing: {timing.predicate} has no argument {missing[0]} "
                                        f"(a 刻期 fact names the line (位, 层), the method ({timing.method_arg}) and the branch (支))")
            for method, side in timing.methods:
                if side not in GENERAL:
                    self.error(timing.span, f"timing {timing.predicate}: method {method} times a {side} answer; say 吉 or 凶")


def _reaching(parents: dict[str, set[str]], targets: set[str]) -> set[str]:
    """Every node with a path to one of `targets` (the targets themselves excluded), walking the
    precedence edges backwards (`parents`: loser -> the winners placed directly above it)."""
    found: set[str] = set()
    stack = list(targets)
    while stack:
        for parent in parents.get(stack.pop(), ()):
            if parent not in found:
                found.add(parent)
                stack.append(parent)
    return found - targets


def _path(edges: dict[str, dict[str, str]], start: str, targets: set[str]) -> str:
    """The chain of precedences from `start` down to a target, for the cycle message."""
    previous: dict[str, tuple[str, str]] = {}
    queue = [start]
    while queue:
        node = queue.pop(0)
        if node in targets:
            steps = []
            while node != start:
                parent, via = previous[node]
                steps.append(f"{node} (by {via})")
                node = parent
            return " above ".join(reversed(steps)) if steps else start
        for child, via in edges.get(node, {}).items():
            if child not in previous and child != start:
                previous[child] = (node, via)
                queue.append(child)
    return "the winners"


def _by_prefix(ids: list[str]) -> dict[str, list[str]]:
    """Each prefix of the ids that ends before a dot -> the ids with it, in their order (a
    selector `用神断` names every ruling `用神断.…`; scanning every ruling per selector was most
    of a precedence check)."""
    found: dict[str, list[str]] = {}
    for rule_id in ids:
        for at, char in enumerate(rule_id):
            if char == ".":
                found.setdefault(rule_id[:at], []).append(rule_id)
    return found


def _closure(edges: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Precedence is transitive: every ruling below a ruling, with the first precedence on the way
    (a direct precedence names itself first; among deeper ones, that of the first ruling placed
    directly below through which it is reached).  Each ruling's closure is made once, from its
    children's, by whole-dict updates (the last update wins, so the children are merged last to
    first).  `check_precedences` adds no edge closing a cycle through other rulings; two winners
    also named as losers (`a, b over a, b`) still place each below the other, and a ruling met
    again on the path being walked is not followed."""
    below: dict[str, dict[str, str]] = {}
    walking: set[str] = set()

    def visit(node: str) -> dict[str, str]:
        found = below.get(node)
        if found is not None:
            return found
        walking.add(node)
        direct = edges.get(node, {})
        # A child already reached through an earlier one adds nothing (its closure is inside
        # that one's, which names its own precedence first): most are, below a `*`.
        reached: set[str] = set()
        merged = []
        for child, via in direct.items():
            if child in edges and child not in walking and child not in reached:
                deeper = visit(child)
                reached.update(deeper)
                merged.append((deeper, via))
        found = {}
        for deeper, via in reversed(merged):
            found.update(dict.fromkeys(deeper, via))
        found.update(direct)
        walking.discard(node)
        below[node] = found
        return found

    for node in list(edges):
        visit(node)
    return below


def build_method(modules, rules: list[Rule], declarations: dict, retired: set[str],
                 diagnostics: list[Diagnostic], remember: bool = False) -> Method:
    """The method the modules declare, checked; `remember`: the precedence closure is recalled
    from the cache, or remembered there when the check passes (see closurememo)."""
    questions = tuple(q for m in modules for q in m.questions)
    axes = [a for m in modules for a in m.axes]
    precedences = [p for m in modules for p in m.precedences]
    timings = [t for m in modules for t in m.timings]
    readings = [r for m in modules for r in m.readings]
    timed = [t for m in modules for t in m.timed]
    givens = [g for m in modules for g in m.givens]
    checked = {r.id for r in rules}
    failed = {r.id for m in modules for r in m.rules if r.verdicts and r.id not in checked}
    builder = _Builder(questions, rules, retired | failed, diagnostics)
    builder.check_axes(axes)
    builder.check_words(axes)
    key = closure_key(precedences, builder.rulings, builder.retired) if remember else None
    below, sides = builder.check_precedences(precedences, key)
    builder.check_timings(timings, declarations)
    builder.check_readings(readings, declarations)
    builder.check_timed(timed)
    builder.check_givens(givens)
    return Method(tuple(axes), tuple(precedences), tuple(timings), below, tuple(sides), tuple(readings), tuple(timed),
                  tuple(givens))
