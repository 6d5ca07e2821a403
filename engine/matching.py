"""Matching resolved atoms against a result's facts, outside the compiled rules: for why-not and
for the book's worked examples, where speed does not matter and clarity does."""

from __future__ import annotations

from typing import Iterator

from .evaluate import Result
from .ir import Atom, Const, Var


def match_atom(atom: Atom, params: tuple[str, ...], values: tuple, env: dict) -> dict | None:
    """The bindings extended by matching `atom` to one fact's values, or None."""
    position = {p: i for i, p in enumerate(params)}
    out = dict(env)
    for arg in atom.args:
        value = values[position[arg.name]]
        term = arg.term
        if isinstance(term, Const):
            if term.value != value:
                return None
        elif isinstance(term, Var):
            if term.name in out:
                if out[term.name] != value:
                    return None
            else:
                out[term.name] = value
    return out


def solutions(result: Result, atoms: list[Atom], env: dict | None = None) -> Iterator[dict]:
    """Every binding under which all atoms hold together."""
    if not atoms:
        yield dict(env or {})
        return
    first, rest = atoms[0], atoms[1:]
    params = result.program.declarations[first.predicate].params
    for values in result.relations.get(first.predicate, ()):
        extended = match_atom(first, params, values, env or {})
        if extended is not None:
            yield from solutions(result, rest, extended)
