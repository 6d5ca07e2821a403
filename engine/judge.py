"""Judging a question: the question facts added to the chart's, the 用神 the rules choose (with
why), and every 断 with its polarity, strength, timing, citation, and what defeated it."""

from __future__ import annotations

import weakref
from typing import Any, Mapping, Sequence

import attrs

from .answers import NO_RULING, Answer, Ruling, Weigher
from .calendar import BRANCHES, SIXTY
from .chart import SHOWN, Chart
from .strata import VERDICT_NODE as VERDICT
from .check import Program
from .errors import UsageError
from .explain import Explainer, citation_of
from .facts import Conclusion, Fact

# Question inputs and the flags that supply them, for "missing input" reports.  (已生, --born, is
# not among them: without the flag the child is not yet born, which the rules read as such.)
QUESTION_INPUTS = {"本命": "--birth-year", "问者": "--asker", "所问": "--about", "子问": "--question Q.SUB",
                   "病程": "--course", "间月": "--period", "事月": "--matter-month", "事日": "--matter-day",
                   "事年": "--matter-year", "年岁": "--age", "身属": "--member",
                   "婚方": "--side", "讼方": "--suit"}

# The asker's place in the family, by the trigram that stands for it (13.8 主属).
FAMILY_MEMBERS = ("父", "母", "长男", "长女", "中男", "中女", "少男", "少女")


@attrs.frozen
class Question:
    name: str
    sub: str | None
    about: str  # 自 when asking for oneself
    birth_year: str | None
    asker: str | None
    course: str | None = None  # 病程: 新 or 久 (56.2)
    period: str | None = None  # 间月: 未 or 已, a monthly period missed (53.1)
    born: bool = False  # 已生: the child is already born (53.6)
    matter_month: str | None = None  # 事月: the month branch the matter falls in (22.3, 63.1, 67.2, 78.5)
    matter_day: str | None = None  # 事日: the day's 干支 (23.2, 67.2, 78.5)
    matter_year: str | None = None  # 事年: the year's 干支 (47.17, 48.9)
    age: int | None = None  # 年岁: the age in years at the cast (47.18)
    member: str | None = None  # 身属: the place in the family by trigram (48.1)
    side: str | None = None  # 婚方: the party a marriage is asked for, 男 or 女 (52.1)
    suit: str | None = None  # 讼方: 我讼 (the asker brought the suit) or 彼讼 (the other party did) (83.1-83.2)
    given: tuple[tuple[str, str], ...] = ()  # (predicate, value): what the asker states, as `given` declares it

    def facts(self) -> list[Fact]:
        facts = [Fact("问", (self.name,)), Fact("所问", (self.about,))]
        optional = [("子问", self.sub), ("本命", self.birth_year), ("问者", self.asker), ("病程", self.course),
                    ("间月", self.period), ("事月", self.matter_month), ("已生", "是" if self.born else None),
                    ("身属", self.member), ("婚方", self.side), ("讼方", self.suit)]
        facts += [Fact(predicate, (value,)) for predicate, value in optional if value]
        if self.matter_day:
            facts.append(Fact("事日", (self.matter_day[0], self.matter_day[1])))
        if self.matter_year:
            facts.append(Fact("事年", (self.matter_year[0], self.matter_year[1])))
        if self.age is not None:
            facts.append(Fact("年岁", (self.age,)))
        facts += [Fact(predicate, (value,)) for predicate, value in self.given]
        return facts

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.name, "sub_question": self.sub, "about": self.about,
                "birth_year": self.birth_year, "asker": self.asker, "course": self.course, "period": self.period,
                "born": self.born, "matter_month": self.matter_month, "matter_day": self.matter_day,
                "matter_year": self.matter_year, "age": self.age, "member": self.member, "side": self.side, "suit": self.suit,
                "given": dict(self.given)}


# The question's inputs that take one of a fixed set of values (each its flag `--birth-year` …):
# what it takes, in words, and the values.
_CHECKED: dict[str, tuple[str, tuple[str, ...]]] = {
    "birth_year": ("a branch (子 … 亥)", BRANCHES),
    "asker": ("男 or 女", ("男", "女")),
    "course": ("新 (a new illness) or 久 (a long one)", ("新", "久")),
    "period": ("未 (no period missed yet) or 已 (one missed)", ("未", "已")),
    "matter_month": ("a branch (子 … 亥)", BRANCHES),
    "matter_day": ("a day's 干支 (甲子 … 癸亥)", SIXTY),
    "matter_year": ("a year's 干支 (甲子 … 癸亥)", SIXTY),
    "member": (f"one of {' '.join(FAMILY_MEMBERS)}", FAMILY_MEMBERS),
    "side": ("男 (the man's side) or 女 (the woman's)", ("男", "女")),
    "suit": ("我讼 (the asker brought the suit) or 彼讼 (the other party did)", ("我讼", "彼讼")),
}


def parse_question(program: Program, text: str, *, about: str | None = None, birth_year: str | None = None,
                   asker: str | None = None, course: str | None = None, period: str | None = None, born: bool = False,
                   matter_month: str | None = None, matter_day: str | None = None, matter_year: str | None = None,
                   age: str | int | None = None, member: str | None = None, side: str | None = None,
                   suit: str | None = None, given: Sequence[str] | Mapping[str, str] = ()) -> Question:
    """The question `text` (Q or Q.SUB) with what the asker states, each checked (a UsageError
    naming the flag); the inputs are named, never positional, as the flags are."""
    name, _, sub = text.partition(".")
    known = {q.name: q for q in program.questions}
    if name not in known:
        listing = ", ".join(sorted(known)) or "none yet"
        raise UsageError(f"unknown question {name!r} (known: {listing}; `yimao questions` lists them)")
    if sub and sub not in known[name].subquestions:
        raise UsageError(f"{name} has no sub-question {sub!r} (it has: {' '.join(known[name].subquestions)})")
    stated = {"birth_year": birth_year, "asker": asker, "course": course, "period": period, "matter_month": matter_month,
              "matter_day": matter_day, "matter_year": matter_year, "member": member, "side": side, "suit": suit}
    for input_name, value in stated.items():
        wanted, values = _CHECKED[input_name]
        if value is not None and value not in values:
            raise UsageError(f"--{input_name.replace('_', '-')} takes {wanted}, not {value!r}")
    if about is not None and about != "自" and about not in _known_about(program):
        raise UsageError(f"--about {about!r} is no one the rulebook knows (its tables of kin name "
                         f"{' '.join(sorted(_known_about(program)))})")
    years = None
    if age is not None:
        digits = str(age)
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
            raise UsageError(f"--age takes a whole number of years (0 … 999), not {age!r}")
        years = int(digits)
    return Question(name, sub or None, about or "自", born=born, age=years, given=_stated(program, name, given), **stated)


def _stated(program: Program, question: str, given: Sequence[str] | Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """`--given 谋向=来` (or a mapping): each a `given` the question declares, with one of its values."""
    pairs = list(given.items()) if isinstance(given, Mapping) else [_split_given(text) for text in given]
    declared = {g.predicate: g for g in program.method.givens_for(question)}
    stated: dict[str, str] = {}
    for predicate, value in pairs:
        if predicate not in declared:
            names = " ".join(sorted(declared)) or "none"
            raise UsageError(f"--given {predicate}: {question} takes no such statement (it takes: {names})")
        if value not in declared[predicate].values:
            raise UsageError(f"--given {predicate} takes {' / '.join(declared[predicate].values)}, not {value!r}")
        if stated.get(predicate, value) != value:
            raise UsageError(f"--given {predicate} is stated twice, as {stated[predicate]} and {value}")
        stated[predicate] = value
    return tuple(sorted(stated.items()))


def _split_given(text: str) -> tuple[str, str]:
    predicate, sign, value = text.partition("=")
    if not sign or not predicate.strip() or not value.strip():
        raise UsageError(f"--given takes NAME=VALUE (e.g. 谋向=来; `yimao questions` lists each question's), not {text!r}")
    return predicate.strip(), value.strip()


def _known_about(program: Program) -> set:
    """Who a question can be about: every value of the 所问 argument in a table column of that
    name (亲属, 取用 …) or fixed by a rule; anything else would silently choose no 用神."""
    declared = program.declarations.get("所问")
    if declared is None or not declared.params:
        return set()
    name = declared.params[0]
    known = {"自"}
    for table in program.tables:
        if name in table.params:
            at = table.params.index(name)
            known.update(row[at] for row in table.rows if len(row) > at)
    return known


def judged(program: Program, question: Question) -> frozenset[str]:
    """What a judgement reads of its chart's facts (`Judgement.to_dict`): the 断 of the rulings
    that can fire, the chart's cells, the 用神 and its 爻象, the 刻期 facts the timing choices name,
    and the facts the question's readings name.  A judgement evaluates only the rules these depend
    on (`Engine.evaluate(wanted=…)`); a test compares it with a whole evaluation for every question."""
    method = program.method
    return SHOWN | {VERDICT, "用神", "爻象"} | {t.predicate for t in method.timings} | {
        r.predicate for r in method.readings_for(question.name, question.sub)}


# (id of a program, question, predicate) -> (the program, weakly, and the readers bearing on it):
# what every judgement of a question asks anew of the same program.  The weak reference tells a
# new program that took a freed one's id from it.
_BEARING: dict[tuple[int, str, str], tuple[weakref.ref, tuple[str, ...]]] = {}
_BEARING_KEPT = 4096


def readers_bearing_on(program, question: str, predicate: str) -> tuple[str, ...]:
    """The rules reading `predicate` that bear on `question`, sorted: a rule of the question's own
    chapter, or a verdict of the chapters every question shares (1-42); never one whose body fixes
    问 to another question."""
    key = (id(program), question, predicate)
    found = _BEARING.get(key)
    if found is not None and found[0]() is program:
        return found[1]
    chapters = program.question_chapters.get(question, ())
    readers = []
    for rule_id in program.readers.get(predicate, ()):
        card = program.card(rule_id)
        if any(name == "问" and arg == "事" and value != question for name, arg, value in card.fixed):
            continue
        chapter = int(card.cites[0].split(".")[0])
        if chapter in chapters or (chapter <= 42 and card.concludes):
            readers.append(rule_id)
    if len(_BEARING) >= _BEARING_KEPT:
        _BEARING.clear()
    _BEARING[key] = (weakref.ref(program), tuple(sorted(readers)))
    return _BEARING[key][1]


@attrs.frozen
class Judgement:
    question: Question
    chart: Chart
    _weighed: list | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def use_god(self) -> list[dict[str, Any]]:
        result = self.chart.shown
        explainer = Explainer(result)
        chosen = []
        for fact in result.facts("用神"):
            proof = explainer.prove(fact, depth=3)
            node = proof[0] if proof else None
            rule = node.derivation.rule if node and node.derivation else None
            entry = {"position": fact.values[0], "layer": fact.values[1], "rule": rule,
                     "why": explainer.to_json(node) if node else None}
            entry["relative"] = self.chart.reader.value("爻象", "亲", 位=fact.values[0], 层=fact.values[1]) if "爻象" in result.program.declarations else None
            chosen.append(entry)
        return chosen

    def verdict(self, conclusion: Conclusion, defeated_by: str | None) -> dict[str, Any]:
        cite = citation_of(self.chart.shown.program, conclusion.rule)
        return {"rule": conclusion.rule, "cite": cite["cite"], "quotes": cite["quotes"], "polarity": conclusion.polarity,
                "strength": conclusion.strength, "timing": conclusion.timing, "text": conclusion.text,
                "subject": dict(conclusion.subject), "defeated_by": defeated_by}

    def verdicts(self, proofs: bool = False, depth: int | None = None) -> list[dict[str, Any]]:
        result = self.chart.shown
        rows = [self.verdict(c, None) for c in result.conclusions]
        heads: list[tuple[Conclusion, str | None]] = [(c, None) for c in result.conclusions]
        seen = set()
        for defeat in result.defeats:
            if isinstance(defeat.head, Conclusion) and (defeat.head, defeat.by_rule) not in seen:
                seen.add((defeat.head, defeat.by_rule))
                rows.append(self.verdict(defeat.head, defeat.by_rule))
                heads.append((defeat.head, defeat.by_rule))
        if proofs:  # each verdict's proof tree, as `yimao why` gives it
            explainer = Explainer(result)
            for row, (conclusion, defeated_by) in zip(rows, heads):
                row["proof"] = explainer.verdict_proof(conclusion, defeated_by, depth)
        return rows

    def weighed(self) -> list[Answer]:
        """The answers, weighed once per judgement."""
        if self._weighed is None:
            result = self.chart.shown
            weigher = Weigher(result.program.method, self.question.name, self.question.sub, self._facts_of)
            object.__setattr__(self, "_weighed", weigher.answers(result.conclusions))
        return self._weighed

    def _facts_of(self, predicate: str) -> list[dict[str, Any]]:
        result = self.chart.shown
        if predicate not in result.program.declarations:
            return []
        found = []
        for fact in result.facts(predicate):
            derivations = result.derivations.get(fact) or ()
            rule = next((d.rule for d in derivations if d.rule), None)
            found.append({"args": result.args(fact), "rule": rule})
        return found

    def _ruling(self, ruling: Ruling) -> dict[str, Any]:
        cite = citation_of(self.chart.shown.program, ruling.rule)
        return {"rule": ruling.rule, "word": ruling.word, "cite": cite["cite"], "quotes": cite["quotes"],
                "strength": ruling.strength, "texts": [c.text for c in ruling.conclusions], "timing": ruling.timings}

    def _precedence(self, precedence_id: str) -> dict[str, Any]:
        found = self.chart.shown.program.method.precedence(precedence_id)
        if found is None:
            return {"id": precedence_id, "cite": None, "quotes": []}
        return {"id": precedence_id, "cite": found.citation.ref, "quotes": list(found.citation.quotes)}

    def answers(self, proofs: bool = False) -> list[dict[str, Any]]:
        rows = []
        readings = self.readings()
        explainer = Explainer(self.chart.shown) if proofs else None
        asks_when = self.chart.shown.program.method.asks_when(self.question.name, self.question.sub) is not None
        for answer in self.weighed():
            strength = next((r.strength for r in answer.decided_by if r.strength), None)
            rows.append({
                "sub_question": answer.sub_question, "answer": answer.word, "side": answer.side,
                "axis": f"{' '.join(answer.axis.left)} / {' '.join(answer.axis.right)}",
                "strength": strength, "timing": answer.timing,
                "asks": "应期" if asks_when else None,
                "decided_by": [self._ruling(r) for r in answer.decided_by],
                "supported_by": [self._ruling(r) for r in answer.supported_by],
                "overruled": [dict(self._ruling(o.loser), by=o.winner.rule, precedence=self._precedence(o.precedence))
                              for o in answer.overruled],
                "unresolved": [{"rules": [a.rule, b.rule], "words": [a.word, b.word],
                                "cites": [citation_of(self.chart.shown.program, a.rule)["cite"],
                                          citation_of(self.chart.shown.program, b.rule)["cite"]]}
                               for a, b in answer.unresolved],
            })
            if explainer is not None:  # each deciding ruling's proof, one per conclusion
                for item, ruling in zip(rows[-1]["decided_by"], answer.decided_by):
                    item["proofs"] = [explainer.verdict_proof(c) for c in ruling.conclusions]
        return rows + readings

    def readings(self) -> list[dict[str, Any]]:
        """The answers in their own kind (a direction, a place, a price, a cause): every value the
        chart gives, each with the rule that derived it; several values stand side by side."""
        result = self.chart.shown
        rows = []
        for reading in result.program.method.readings_for(self.question.name, self.question.sub):
            found: dict[Any, dict[str, Any]] = {}
            for fact in self._facts_of(reading.predicate):
                value = fact["args"][reading.arg]
                text = f"{reading.predicate}({', '.join(f'{k}: {v}' for k, v in fact['args'].items())})"
                if value in found:
                    found[value]["texts"].append(text)
                    continue
                cite = citation_of(result.program, fact["rule"]) if fact["rule"] else {"cite": None, "quotes": []}
                found[value] = {"rule": fact["rule"], "word": value, "cite": cite["cite"], "quotes": cite["quotes"],
                                "strength": None, "texts": [text], "timing": []}
            rows.append({"sub_question": reading.name, "answer": "、".join(str(v) for v in found) or NO_RULING,
                         "side": "平" if found else None, "axis": f"by {reading.predicate}({reading.arg})",
                         "strength": None, "timing": None, "asks": None, "decided_by": list(found.values()), "supported_by": [],
                         "overruled": [], "unresolved": []})
        return rows

    def conflicts(self) -> list[dict[str, Any]]:
        """Every pair of opposite undefeated rulings on an answer's axis, once however many 应期
        repeat it, and what resolved it (the precedence), or null: unresolved."""
        found = []
        for answer in self.weighed():
            for over in answer.overruled:
                found.append(self._conflict(over.winner, over.loser, over.precedence))
            for a, b in answer.unresolved:
                found.append(self._conflict(a, b, None))
        return found

    def _conflict(self, a: Ruling, b: Ruling, resolved_by: str | None) -> dict[str, Any]:
        program = self.chart.shown.program
        return {"rules": [a.rule, b.rule], "cites": [program.card(a.rule).cites[0], program.card(b.rule).cites[0]],
                "polarities": [a.word, b.word], "resolved_by": self._precedence(resolved_by) if resolved_by else None}

    def missing(self) -> list[str]:
        """Inputs that some verdict rule reads and that were not given (never guessed): the question
        inputs, then what the question's chapter lets the asker state (`given`)."""
        result = self.chart.shown
        flags = {predicate: QUESTION_INPUTS[predicate] for predicate in sorted(QUESTION_INPUTS)}
        flags.update((g.predicate, f"--given {g.predicate}={'|'.join(g.values)}")
                     for g in result.program.method.givens_for(self.question.name))
        found = []
        for predicate, flag in flags.items():
            if result.relations.get(predicate):
                continue
            readers = readers_bearing_on(result.program, self.question.name, predicate)
            if readers:
                found.append(f"{predicate} ({flag}) needed by {', '.join(readers)}")
        return found + self.chart.missing()

    def to_dict(self, proofs: bool = False) -> dict[str, Any]:
        return {"question": self.question.to_dict(), "answers": self.answers(proofs), "use_god": self.use_god(),
                "verdicts": self.verdicts(proofs),
                "conflicts": self.conflicts(), "missing": self.missing(), "chart": self.chart.to_dict()}
