"""Proof trees and why-not explanations as rich trees (plain text in a pipe)."""

from __future__ import annotations

from rich.text import Text
from rich.tree import Tree

from ..explain import Explainer, ProofNode, citation_of, describe, quoted_clause
from ..whynot import Reason


def _label(explainer: Explainer, node: ProofNode, prefix: str = "") -> Text:
    derivation = node.derivation
    text = Text(prefix)
    text.append(describe(explainer.program, node.head), style="bold")
    if derivation is None:
        return text
    if derivation.source == "input":
        text.append("  given", style="dim")
    elif derivation.source == "table":
        ref = dict(derivation.bindings).get("§", "")
        text.append(f"  table row §{ref}", style="dim")
    else:
        cite = citation_of(explainer.program, derivation.rule)
        text.append(f"  ← {derivation.rule}", style="cyan")
        text.append(f" §{cite['cite']} {quoted_clause(cite['cite'], cite['quotes'])}", style="green")
        if derivation.absent:
            text.append("  absent: " + ", ".join(describe(explainer.program, a) for a in derivation.absent), style="dim")
    if node.truncated:
        text.append("  …", style="dim")
    if node.alternatives:
        text.append(f"  (+{node.alternatives} other derivation{'s' if node.alternatives > 1 else ''}; --all)", style="dim")
    return text


def proof_tree(explainer: Explainer, node: ProofNode, parent: Tree | None = None, prefix: str = "",
               shared: "SharedSubproofs | None" = None) -> Tree:
    """The proof as a tree. With `shared` (built over every tree printed together), a subproof met
    a second time is one line pointing to its first showing (`(see ②)`), marked there."""
    label = _label(explainer, node, prefix)
    if shared is not None:
        seen, marker = shared.visit(node)
        if seen:
            label.append(f"  (see {marker})", style="magenta")
            return Tree(label) if parent is None else parent.add(label)
        if marker:
            label = Text(f"{marker} ", style="magenta") + label
    tree = Tree(label) if parent is None else parent.add(label)
    for child in node.children:
        proof_tree(explainer, child, tree, shared=shared)
    for winner in node.defeated_by:
        proof_tree(explainer, winner, tree, prefix="DEFEATED BY ", shared=shared)
    return tree


class SharedSubproofs:
    """Which subproofs occur more than once across the trees printed together, and their markers.

    Two nodes are the same subproof when they show the same thing: the same head and derivation
    over the same subproofs, cut at the same place. Only nodes with something below them are
    shared (a leaf is one line anyway). Markers are numbered in printing order.
    """

    def __init__(self, roots: list[ProofNode]) -> None:
        self._keys: dict[tuple, int] = {}
        self._of: dict[int, int] = {}  # id(node) -> its subproof number, for this printing
        self._repeated: set[int] = set()
        self._printed: dict[int, str] = {}  # subproof number -> its marker, once printed
        met: set[int] = set()
        for root in roots:
            self._scan(root, met)

    def _key(self, node: ProofNode) -> int:
        found = self._of.get(id(node))
        if found is None:
            key = (node.head, node.derivation, node.truncated, node.alternatives,
                   tuple(self._key(c) for c in node.children), tuple(self._key(c) for c in node.defeated_by))
            found = self._of[id(node)] = self._keys.setdefault(key, len(self._keys))
        return found

    def _scan(self, node: ProofNode, met: set[int]) -> None:
        """Walk as printing will: a subproof met again is not descended into."""
        if not (node.children or node.defeated_by):
            return
        key = self._key(node)
        if key in met:
            self._repeated.add(key)
            return
        met.add(key)
        for child in (*node.children, *node.defeated_by):
            self._scan(child, met)

    def visit(self, node: ProofNode) -> tuple[bool, str]:
        """(printed before, its marker): the marker is '' for a subproof shown only once."""
        if not (node.children or node.defeated_by):
            return False, ""
        key = self._key(node)
        if key not in self._repeated:
            return False, ""
        if key in self._printed:
            return True, self._printed[key]
        marker = self._printed[key] = _circled(len(self._printed) + 1)
        return False, marker


def _circled(number: int) -> str:
    """①…⑳, ㉑…㉟, ㊱…㊿, then (51)…"""
    if number <= 20:
        return chr(0x2460 + number - 1)
    if number <= 35:
        return chr(0x3251 + number - 21)
    if number <= 50:
        return chr(0x32B1 + number - 36)
    return f"({number})"


def whynot_tree(reason: Reason, parent: Tree | None = None) -> Tree:
    label = Text()
    label.append(reason.pattern, style="bold")
    label.append(f"  {reason.status}", style="yellow")
    if reason.detail:
        label.append(f": {reason.detail}", style="dim")
    tree = Tree(label) if parent is None else parent.add(label)
    for attempt in reason.attempts:
        line = Text()
        line.append(attempt.rule, style="cyan")
        line.append(f" §{attempt.cite}", style="green")
        if attempt.failed_at:
            line.append(f"  fails at {attempt.failed_at}")
        line.append(f": {attempt.note}", style="dim")
        branch = tree.add(line)
        if attempt.below is not None:
            whynot_tree(attempt.below, branch)
    for defeat in reason.defeated:
        tree.add(Text(f"derived by {defeat.get('rule')} but defeated by {defeat['defeated_by'][0].get('rule')}", style="red"))
    return tree
