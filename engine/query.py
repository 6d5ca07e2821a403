"""Facts and patterns typed by a user (`无用(位: 3)`, `月破(位: P)`), read with the rule grammar."""

from __future__ import annotations

import attrs

from .check import Program, resolve_arguments
from .errors import UsageError
from .facts import Fact
from .ir import Atom, Const, Value, Var


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
