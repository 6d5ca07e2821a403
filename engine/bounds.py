"""The sizes a rule file may have, checked while it is read, so that no input reaches a limit of
Python's (recursion, integer conversion, nested blocks in compiled joins) as a traceback.

Each bound is far above what the shipped rulebook uses (the longest line has 648 characters, the
largest file 84 KB, the longest body 12 literals of which 10 are atoms, no arithmetic nests
deeper than 3) and far below where Python fails: a compiled join nests one loop per positive
atom, and CPython refuses more than 20 nested blocks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .diagnostics import Diagnostic
from .ir import Arith, Atom, Span

if TYPE_CHECKING:
    from lark import Tree

MAX_FILE_BYTES = 1_000_000
MAX_LINE = 2_000
MAX_DIGITS = 18
MAX_DEPTH = 32  # arithmetic nesting
MAX_ATOMS = 16  # positive atoms in one body
MAX_LITERALS = 64  # literals in one body
MAX_HEADS = 16


def text_problem(text: str, file: str) -> Diagnostic | None:
    """A file too large or with a line too long to read, placed at the line."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        return Diagnostic(Span(file, 1, 1), f"file is larger than {MAX_FILE_BYTES:,} bytes")
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            return Diagnostic(Span(file, number, MAX_LINE + 1), f"line is longer than {MAX_LINE:,} characters")
    return None


def integer_problem(digits: str, span: Span) -> Diagnostic | None:
    if len(digits) <= MAX_DIGITS:
        return None
    return Diagnostic(span, f"integer of {len(digits)} digits; at most {MAX_DIGITS} are allowed")


def depth(expr) -> int:
    """How deeply an arithmetic expression nests (a term: 0); iterative, for any input."""
    deepest = 0
    stack = [(expr, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, Arith):
            stack.append((node.left, level + 1))
            stack.append((node.right, level + 1))
        else:
            deepest = max(deepest, level)
    return deepest


def depth_problem(expr, span: Span) -> Diagnostic | None:
    if depth(expr) <= MAX_DEPTH:
        return None
    return Diagnostic(span, f"arithmetic nested more than {MAX_DEPTH} deep; split it with bindings (X = …)")


def deepest_node(tree: "Tree", file: str) -> Diagnostic:
    """Where a parse tree nests too deeply for the recursive transform: the first node below
    `MAX_DEPTH` levels, found without recursion."""
    from lark import Tree  # (only a file that failed to parse reaches here)

    stack = [(tree, 0)]
    while stack:
        node, level = stack.pop()
        if level > MAX_DEPTH and getattr(node.meta, "line", None):
            return Diagnostic(Span(file, node.meta.line, node.meta.column),
                              f"nested more than {MAX_DEPTH} deep; split it with bindings (X = …)")
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, level + (child.data == "arith")))
    return Diagnostic(Span(file, 1, 1), f"nested more than {MAX_DEPTH} deep")


def body_problem(body, heads, span: Span) -> Diagnostic | None:
    atoms = sum(isinstance(literal, Atom) for literal in body)
    if atoms > MAX_ATOMS:
        return Diagnostic(span, f"rule has {atoms} positive atoms in its body; at most {MAX_ATOMS} are allowed "
                                "(split it through an intermediate predicate)")
    if len(body) > MAX_LITERALS:
        return Diagnostic(span, f"rule has {len(body)} literals in its body; at most {MAX_LITERALS} are allowed")
    if len(heads) > MAX_HEADS:
        return Diagnostic(span, f"rule has {len(heads)} conclusions; at most {MAX_HEADS} are allowed")
    return None
