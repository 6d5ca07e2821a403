"""Facts and patterns typed by a user (`无用(位: 3)`, `月破(位: P)`), read with the rule grammar;
and the queries of `why`/`whynot`, which also take a verdict (`断(位: 4) 吉`) or a rule id
(`用神断.全吉`)."""

from __future__ import annotations

import difflib
import re
from typing import Union

import attrs

from .check import Program, resolve_arguments
from .errors import UsageError
from .facts import Conclusion, Fact
from .ir import Atom, Const, Value, Var, Verdict


@attrs.frozen
class Pattern:
    """A predicate with some arguments fixed; None marks an open argument."""

    predicate: str
    values: tuple[Value | None, ...]

    def matches(self, fact: Fact) -> bool:
        return fact.predicate == self.predicate and all(
            want is None or want == have for want, have in zip(self.values, fact.values)
        )

    def ground(self) -> Fact | None:
        return Fact(self.predicate, self.values) if None not in self.values else None


def parse_atoms(text: str) -> list[Atom]:
    """One or more atoms, comma separated, sharing variables: `纳甲(位: P, 支: 亥), 动(位: P)`."""
    from .lang import SyntaxProblem, parse_tree, to_ir  # Lark only when a query is read

    try:
        return list(to_ir(parse_tree(text.strip(), "<query>", start="query"), "<query>").children)
    except SyntaxProblem as problem:
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise UsageError(f"cannot read {shown!r}: {problem.diagnostic.message} (column {problem.diagnostic.span.column})") from None


def parse_atom(text: str) -> Atom:
    atoms = parse_atoms(text)
    if len(atoms) != 1:
        raise UsageError(f"cannot read {text!r}: give one fact or pattern")
    return atoms[0]


def resolve_conjunction(text: str, program: Program) -> list[Atom]:
    """Atoms with their arguments named and checked against the declarations."""
    resolved = []
    for atom in parse_atoms(text):
        named, problems = resolve_arguments(atom, program.declarations.get(atom.predicate), complete=False)
        if problems:
            raise UsageError(f"{text}: {problems[0][1]}")
        resolved.append(named)
    return resolved


def parse_pattern(text: str, program: Program) -> Pattern:
    atom = parse_atom(text)
    decl = program.declarations.get(atom.predicate)
    resolved, problems = resolve_arguments(atom, decl, complete=False)
    if problems:
        raise UsageError(f"{text}: {problems[0][1]}")
    given = {arg.name: arg.term for arg in resolved.args}
    values: list[Value | None] = []
    for name in decl.params:
        term = given.get(name)
        values.append(term.value if isinstance(term, Const) else None)
    return Pattern(atom.predicate, tuple(values))


def parse_fact(text: str, program: Program) -> Fact:
    """A ground fact for input (`--fact '爻(位: 1, 值: 9)'`): every argument given as a constant."""
    atom = parse_atom(text)
    resolved, problems = resolve_arguments(atom, program.declarations.get(atom.predicate), complete=True)
    if problems:
        raise UsageError(f"{text}: {problems[0][1]}")
    if any(isinstance(arg.term, Var) or not isinstance(arg.term, Const) for arg in resolved.args):
        raise UsageError(f"{text}: a fact takes constants only")
    return Fact(atom.predicate, tuple(arg.term.value for arg in resolved.args))


@attrs.frozen
class VerdictPattern:
    """A 断 with some of its subject fixed and perhaps its word: `断(位: 4) 吉`; None leaves it open."""

    subject: tuple[tuple[str, Value | None], ...]
    polarity: str | None

    def matches(self, conclusion: Conclusion) -> bool:
        have = dict(conclusion.subject)
        return (self.polarity is None or conclusion.polarity == self.polarity) and all(
            name in have and (want is None or have[name] == want) for name, want in self.subject
        )

    def admits(self, verdict: Verdict) -> dict[str, Value] | None:
        """The variable bindings under which a rule's 断 could match, or None when it never can."""
        if self.polarity is not None and verdict.polarity != self.polarity:
            return None
        terms = {arg.name: arg.term for arg in verdict.subject}
        env: dict[str, Value] = {}
        for name, want in self.subject:
            if name not in terms:
                return None
            term = terms[name]
            if want is None:
                continue
            if isinstance(term, Const) and term.value != want:
                return None
            if isinstance(term, Var):
                if env.get(term.name, want) != want:
                    return None
                env[term.name] = want
        return env

    def text(self) -> str:
        subject = ", ".join(f"{name}: {'_' if value is None else value}" for name, value in self.subject)
        return "断" + (f"({subject})" if subject else "") + (f" {self.polarity}" if self.polarity else "")


@attrs.frozen
class RuleQuery:
    """A rule asked for by its id: its conclusions (a 断 or facts) are the query."""

    rule: str

    def text(self) -> str:
        return self.rule


Query = Union[Pattern, VerdictPattern, RuleQuery]

_VERDICT = re.compile(r"断(?=[\s(]|$)")


def parse_query(text: str, program: Program) -> Query:
    """What `why`/`whynot` were asked: a 断 pattern (the word 断, then a subject in parentheses
    and a word, both optional), a rule id (names joined by dots, no parentheses), or else a fact
    pattern. The three cannot be confused: a fact pattern has parentheses right after its
    predicate, a predicate is never named 断, and every rule id has a dot."""
    stripped = text.strip()
    if _VERDICT.match(stripped):
        return parse_verdict_pattern(stripped, program)
    if "." in stripped and "(" not in stripped:
        return parse_rule_query(stripped, program)
    if stripped in program.declarations:
        params = ", ".join(f"{name}: _" for name in program.declarations[stripped].params)
        raise UsageError(f"{stripped} is a predicate: give a pattern, e.g. '{stripped}({params})'")
    return parse_pattern(stripped, program)


def parse_rule_query(text: str, program: Program) -> RuleQuery:
    from .lang import SyntaxProblem, parse_tree

    try:
        parse_tree(text, "<query>", start="rule_id")
    except SyntaxProblem as problem:
        raise UsageError(f"cannot read {text!r} as a rule id: {problem.diagnostic.message} "
                         f"(column {problem.diagnostic.span.column})") from None
    if text not in program.rules_by_id:
        close = difflib.get_close_matches(text, list(program.rules_by_id), n=3)
        raise UsageError(f"no rule {text}" + (f" (did you mean {', '.join(close)}?)" if close else ""))
    return RuleQuery(text)


def parse_verdict_pattern(text: str, program: Program) -> VerdictPattern:
    from .lang import SyntaxProblem, _ToIR, parse_tree  # Lark only when a query is read

    try:
        tree = parse_tree(text, "<query>", start="verdict_query")
    except SyntaxProblem as problem:
        raise UsageError(f"cannot read {text!r}: {problem.diagnostic.message} (column {problem.diagnostic.span.column}); "
                         "a verdict reads 断, 断 愈 or 断(位: 4) 吉") from None
    subject_args, word = _ToIR("<query>").transform(tree).children
    verdicts = [head for rule in program.rules for head in rule.heads if isinstance(head, Verdict)]
    words = sorted({v.polarity for v in verdicts})
    polarity = str(word) if word is not None else None
    if polarity is not None and polarity not in words:
        raise UsageError(f"{text}: no rule concludes 断 {polarity} (the words are: {' '.join(words)})")
    names = sorted({arg.name for v in verdicts for arg in v.subject})
    subject: list[tuple[str, Value | None]] = []
    for arg in subject_args or ():
        if arg.name not in names:
            raise UsageError(f"{text}: no 断 has a subject {arg.name} (they have: {' '.join(names)})")
        subject.append((arg.name, arg.term.value if isinstance(arg.term, Const) else None))
    return VerdictPattern(tuple(subject), polarity)
