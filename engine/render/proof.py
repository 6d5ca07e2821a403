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


def proof_tree(explainer: Explainer, node: ProofNode, parent: Tree | None = None, prefix: str = "") -> Tree:
    label = _label(explainer, node, prefix)
    tree = Tree(label) if parent is None else parent.add(label)
    for child in node.children:
        proof_tree(explainer, child, tree)
    for winner in node.defeated_by:
        proof_tree(explainer, winner, tree, prefix="DEFEATED BY ")
    return tree


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
