"""The checked intermediate representation of a rulebook: plain frozen values.

Kept deliberately simple (flat atoms, equality joins, constant tests) so that another backend can
run the positive fragment as well.  Argument lists are normalised to declared order after checking.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Union

import attrs

Value = Union[str, int]


@attrs.frozen
class Span:
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@attrs.frozen
class Var:
    name: str


@attrs.frozen
class Wildcard:
    pass


@attrs.frozen
class Const:
    value: Value


@attrs.frozen
class Arith:
    op: str  # + - * %
    left: "Expr"
    right: "Expr"


Term = Union[Var, Wildcard, Const]
Expr = Union[Var, Const, Arith, Wildcard]


@attrs.frozen
class Arg:
    name: str | None  # None: positional, resolved by the checker
    term: Term
    span: Span


@attrs.frozen
class Atom:
    predicate: str
    args: tuple[Arg, ...]
    span: Span

    def terms(self) -> dict[str, Term]:
        return {arg.name: arg.term for arg in self.args if arg.name is not None}


@attrs.frozen
class Negation:
    atom: Atom
    span: Span


@attrs.frozen
class Comparison:
    """A test `A op B`; with op `=` and an unbound variable on the left it binds instead."""

    op: str
    left: Expr
    right: Expr
    span: Span


@attrs.frozen
class Binding:
    var: Var
    expr: Expr
    span: Span


Literal = Union[Atom, Negation, Comparison, Binding]


@attrs.frozen
class Citation:
    chapter: int
    paragraph: int
    quotes: tuple[str, ...]
    span: Span

    @property
    def ref(self) -> str:
        return f"{self.chapter}.{self.paragraph}"


@attrs.frozen
class Verdict:
    """A conclusion (断): polarity in the book's terms, a gloss template, optional strength."""

    subject: tuple[Arg, ...]
    polarity: str
    gloss: str
    strength: str | None  # a word, or a template of the body's variables ("{D}")
    span: Span
    timing: str | None = None  # a template for the 应期, e.g. "{B}日"

    def placeholders(self) -> tuple[str, ...]:
        """The variables the gloss, timing and strength templates name, in order, once each: the
        body must bind them, and a run fills them from each derivation."""
        text = self.gloss + (self.timing or "") + (self.strength or "")
        return tuple(dict.fromkeys(_PLACEHOLDER.findall(text)))


_PLACEHOLDER = re.compile(r"\{([A-Z][A-Za-z0-9_]*)\}")


Head = Union[Atom, Verdict]


@attrs.frozen
class Rule:
    id: str
    citations: tuple[Citation, ...]  # the paragraph the rule sits under first, then `cite` clauses
    body: tuple[Literal, ...]
    heads: tuple[Head, ...]
    exception_to: str | None
    exception_on: tuple[str, ...] | None  # None: the argument names the two heads share
    span: Span
    id_span: Span
    exception_span: Span | None = None

    @property
    def citation(self) -> Citation:
        return self.citations[0]

    # Made once per rule (the check, the strata, the compiler and the relevance analysis each ask
    # every rule for them: some 28,000 calls after an edit).
    @cached_property
    def atoms(self) -> tuple[Atom, ...]:
        return tuple(h for h in self.heads if isinstance(h, Atom))

    @cached_property
    def verdicts(self) -> tuple[Verdict, ...]:
        return tuple(h for h in self.heads if isinstance(h, Verdict))

    def read_predicates(self) -> set[str]:
        """The predicates the body reads, under `not` too."""
        return {lit.atom.predicate if isinstance(lit, Negation) else lit.predicate
                for lit in self.body if isinstance(lit, (Atom, Negation))}


@attrs.frozen
class Table:
    predicate: str
    params: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]
    row_spans: tuple[Span, ...]
    symmetric: bool
    citation: Citation | None
    span: Span


@attrs.frozen
class Declaration:
    predicate: str
    params: tuple[str, ...]
    doc: str
    kind: str  # input | predicate | table
    span: Span
    shown: str | None = None  # why a derived predicate no rule reads is only shown


@attrs.frozen
class Section:
    """A paragraph heading `§章.段`; narrative ones carry the reason no rule encodes them, partial
    ones name the rulings of the paragraph that no rule encodes yet."""

    citation: Citation
    narrative: str | None
    partial: str | None = None


@attrs.frozen
class School:
    """`school 黄金策 extends 易冒`: an overlay on the rulebook (or on another school)."""

    name: str
    parent: str
    doc: str
    span: Span


@attrs.frozen
class Change:
    """A school's `disable` or `replace` of a rule of the school it extends, with its citation."""

    kind: str  # disable | replace
    rule_id: str
    citation: Citation
    replacement: Rule | None
    span: Span


@attrs.frozen
class Question:
    """A question type of a question chapter and its sub-questions (the 「内详…诸问」 list)."""

    name: str
    chapter: int
    doc: str
    subquestions: tuple[str, ...]
    span: Span


@attrs.frozen
class Axis:
    """The answer words of a question (or a sub-question): two opposite sides of 断 words, and
    where each side lies on the general 吉 / 凶 axis (平: on neither, as 男 / 女)."""

    question: str
    sub: str | None
    left: tuple[str, ...]
    right: tuple[str, ...]
    left_side: str  # 吉 | 凶 | 平
    right_side: str
    citation: Citation | None  # None only in a module that failed (the statement had no paragraph)
    span: Span
    topic: str | None = None  # a further question of the sub-question (67.5's 「若筮有终」)
    # `as 平 alone`: the 用神's general 吉 / 凶 answers no other axis (its 用神 is not the matter's)
    alone: bool = False

    @property
    def name(self) -> str:
        return ".".join(p for p in (self.question, self.sub, self.topic) if p)

    def side_of(self, word: str) -> str | None:
        """`left` / `right` for a word of this axis, else None."""
        if word in self.left:
            return "left"
        if word in self.right:
            return "right"
        return None


class _AsksQuestion:
    """The `Q` or `Q.SUB` a statement about one (sub-)question names."""

    __slots__ = ()
    question: str
    sub: str | None

    @property
    def name(self) -> str:
        return f"{self.question}.{self.sub}" if self.sub else self.question


@attrs.frozen
class Reading(_AsksQuestion):
    """A question answered in its own kind: the values of `arg` in the facts of `predicate` (the
    direction of 63.16's 任方, the price of 67.9's 货价, the cause of 56.21's 病因)."""

    question: str
    sub: str | None
    predicate: str
    arg: str
    citation: Citation | None
    span: Span


@attrs.frozen
class Timed(_AsksQuestion):
    """A question that asks when (63.5 发年 which year, 63.14 升时 which month): its answer is the
    应期 of its own rulings, the chapter's method for that question, before 42.20's 刻期."""

    question: str
    sub: str | None
    citation: Citation | None
    span: Span


@attrs.frozen
class Given:
    """What the asker says beside the chart that a paragraph's rulings turn on (76.3's 谋事之来 /
    之去): the input predicate `predicate(param)` with its values, for the questions named.  The
    judge takes it as `--given predicate=value`; the rules that read it wait for it, never guess."""

    questions: tuple[str, ...]
    predicate: str
    param: str
    values: tuple[str, ...]
    doc: str
    citation: Citation | None
    span: Span

    def declaration(self) -> "Declaration":
        return Declaration(self.predicate, (self.param,), self.doc, "input", self.span)


@attrs.frozen
class Selector:
    """Which rulings a precedence names: a rule id, an id prefix (`卦验断.*`), every ruling
    (`*`), or every ruling on one side (`side 凶`)."""

    kind: str  # rule | prefix | any | side
    value: str
    span: Span

    def __str__(self) -> str:
        return {"rule": self.value, "prefix": f"{self.value}.*", "any": "*", "side": f"side {self.value}"}[self.kind]


@attrs.frozen
class Precedence:
    """`precedence NAME: A over B`: where rulings of A and B stand on opposite sides, A decides and
    B is overruled (it still holds, shown as overruled, with this precedence and its citation)."""

    id: str
    winners: tuple[Selector, ...]
    losers: tuple[Selector, ...]
    citation: Citation
    span: Span

    @property
    def by_side(self) -> bool:
        return any(s.kind == "side" for s in self.winners + self.losers)


@attrs.frozen
class TimingChoice:
    """42.20's 刻期: the facts of `predicate` (with 位, 层, 支 and `method_arg`) that fix an
    answer's 应期, in the book's order, each method timing an answer on one side."""

    predicate: str
    method_arg: str
    methods: tuple[tuple[str, str], ...]  # (method, side 吉|凶)
    citation: Citation
    span: Span


@attrs.frozen
class Module:
    """One parsed rulebook file, items in source order."""

    file: str
    chapter: int | None
    chapter_name: str | None
    chapter_span: Span | None
    declarations: tuple[Declaration, ...]
    sections: tuple[Section, ...]
    rules: tuple[Rule, ...]
    tables: tuple[Table, ...]
    school: School | None = None
    changes: tuple[Change, ...] = ()
    questions: tuple[Question, ...] = ()
    axes: tuple[Axis, ...] = ()
    precedences: tuple[Precedence, ...] = ()
    timings: tuple[TimingChoice, ...] = ()
    readings: tuple[Reading, ...] = ()
    timed: tuple[Timed, ...] = ()
    givens: tuple[Given, ...] = ()
