"""Proof trees for `why`: the minimal-height derivation by default, all of them on request.

A node names the rule, its citation and the clause it quotes, the facts it matched (children), the
patterns it checked absent, and for a conclusion beaten by an exception, what defeated it.
"""

from __future__ import annotations

from typing import Any

import attrs

from .book import load_book
from .check import Program
from .evaluate import Result
from .facts import Absent, Conclusion, Defeat, Derivation, Fact


@attrs.frozen
class ProofNode:
    head: Fact | Conclusion
    derivation: Derivation | None
    children: tuple["ProofNode", ...]
    truncated: bool = False  # depth limit reached below this node
    alternatives: int = 0  # further derivations not shown
    defeated_by: tuple["ProofNode", ...] = ()  # the exception's proof, when this derivation lost


def describe(program: Program, head: Fact | Conclusion | Absent) -> str:
    if isinstance(head, Conclusion):
        subject = ", ".join(f"{k}: {v}" for k, v in head.subject)
        strength = f" {head.strength}" if head.strength else ""
        timing = f" 应期 {head.timing}" if head.timing else ""  # verdicts that differ only in their day
        return f"断{f'({subject})' if subject else ''} {head.polarity}{strength}{timing} 「{head.text}」"
    params = program.declarations[head.predicate].params
    args = ", ".join(f"{name}: {'_' if value is None else value}" for name, value in zip(params, head.values))
    return f"{head.predicate}({args})"


def citation_of(program: Program, rule_id: str) -> dict[str, Any]:
    card = program.card(rule_id)
    return {"cite": card.cites[0], "quotes": list(card.quotes), "also": list(card.cites[1:])}


class Explainer:
    def __init__(self, result: Result) -> None:
        self.result = result
        self.program = result.program
        self._height: dict = {}
        # The verdicts of one chart rest on the same few facts, so the same subproof (a fact and the
        # depth left: its lowest proof is one) is met again and again -- on a judge page about half
        # of the nodes built.  Each is made once, and its JSON once (by the node's identity, the
        # node kept); a tree given out shares those dicts, and nothing that reads them writes them.
        self._lowest: dict[tuple, list[ProofNode]] = {}
        self._json: dict[int, tuple[ProofNode, dict[str, Any]]] = {}

    def height(self, fact: Fact) -> int:
        """Height of the lowest well-founded proof (inputs and table rows are 0).

        A memoised search over the facts the proof can reach, on the raw derivations: a
        derivation through a fact still being searched is skipped, so the answer is a proof that
        does not lean on itself; the whole fact base is never walked.
        """
        key = (fact.predicate, fact.values)
        found = self._height.get(key)
        if found is not None:
            return found
        raw = self.result.derivations.raw
        bodies = self.result.derivations.body_predicates
        infinity = 10**9
        self._height[key] = infinity  # in progress: a cycle through it is no proof
        best = infinity
        for rule, source, matched, _, _ in raw.get(key, ()):
            if source != "rule":
                best = 0
                break
            children = [self.height(Fact(p, v)) for p, v in zip(bodies[rule], matched)]
            best = min(best, 1 + max(children, default=0))
        self._height[key] = best
        return best

    def derivations_of(self, head: Fact | Conclusion) -> tuple[Derivation, ...]:
        if isinstance(head, Conclusion):
            return self.result.conclusion_derivations.get(head, ())
        return self.result.derivations.get(head, ())

    def best(self, head) -> tuple[Derivation | None, int]:
        derivations = self.derivations_of(head)
        if not derivations:
            return None, 0
        if len(derivations) == 1:  # a fact's only derivation is well-founded: no heights needed
            return derivations[0], 0
        chosen = min(
            derivations,
            key=lambda d: 0 if d.source != "rule" else 1 + max((self.height(c) for c in d.matched), default=0),
        )
        return chosen, len(derivations) - 1

    def prove(self, head: Fact | Conclusion, depth: int | None = None, everything: bool = False, _path: frozenset = frozenset()) -> list[ProofNode]:
        """One proof tree (or one per derivation with everything=True), depth-limited."""
        if not everything:  # the lowest proof leans on no fact above it: the path does not matter
            found = self._lowest.get((head, depth))
            if found is None:
                found = self._lowest[(head, depth)] = self._prove(head, depth, everything, _path)
            return found
        return self._prove(head, depth, everything, _path)

    def _prove(self, head: Fact | Conclusion, depth: int | None, everything: bool, _path: frozenset) -> list[ProofNode]:
        derivations = self.derivations_of(head)
        if not everything:
            chosen, others = self.best(head)
            derivations = (chosen,) if chosen else ()
        else:
            others = 0
        nodes = []
        for derivation in derivations:
            nodes.append(self._node(head, derivation, depth, everything, _path, others))
        return nodes

    def _node(self, head, derivation: Derivation, depth, everything, path, others) -> ProofNode:
        if derivation.source != "rule" or not derivation.matched:
            return ProofNode(head, derivation, (), alternatives=others)
        if depth is not None and depth <= 1:
            return ProofNode(head, derivation, (), truncated=True, alternatives=others)
        children = []
        for child in derivation.matched:
            if child in path:
                continue  # a cycle through all-derivations mode; the first visit shows it
            sub = self.prove(child, None if depth is None else depth - 1, everything, path | {head})
            children.extend(sub[:1] if not everything else sub)
        return ProofNode(head, derivation, tuple(children), alternatives=others)

    def through(self, head: Fact | Conclusion, derivation: Derivation, depth: int | None = None) -> ProofNode:
        """The proof of `head` by one given derivation (the one a named rule made, say)."""
        others = len(self.derivations_of(head)) - 1
        return self._node(head, derivation, depth, False, frozenset(), max(others, 0))

    def verdict_proof(self, verdict: Conclusion, defeated_by: str | None = None, depth: int | None = None) -> dict[str, Any]:
        """A verdict's proof as JSON: its lowest proof, or, for a verdict `defeated_by` an
        exception, the derivation that lost with the exception's proof under `defeated_by`."""
        if defeated_by is not None:
            defeat = next((d for d in self.result.defeats if d.head == verdict and d.by_rule == defeated_by), None)
            if defeat is not None:
                return self.to_json(self.defeat_node(defeat, depth))
        nodes = self.prove(verdict, depth)
        return self.to_json(nodes[0]) if nodes else {"fact": describe(self.program, verdict), "source": "absent"}

    def defeated(self, head: Fact | Conclusion, depth: int | None = None) -> list[ProofNode]:
        """The derivations of `head` that exceptions defeated, each with the winning exception's proof."""
        nodes = []
        for defeat in self.result.defeats:
            if defeat.head != head:
                continue
            nodes.append(self.defeat_node(defeat, depth))
        return nodes

    def defeat_node(self, defeat: Defeat, depth: int | None) -> ProofNode:
        winner = self._node(defeat.by_head, defeat.by_derivation, None if depth is None else depth - 1, False, frozenset(), 0)
        lost = self._node(defeat.head, defeat.derivation, depth, False, frozenset(), 0)
        return attrs.evolve(lost, defeated_by=(winner,))

    # JSON -------------------------------------------------------------------------------------
    def to_json(self, node: ProofNode) -> dict[str, Any]:
        found = self._json.get(id(node))
        if found is None or found[0] is not node:
            found = self._json[id(node)] = (node, self._to_json(node))
        return found[1]

    def _to_json(self, node: ProofNode) -> dict[str, Any]:
        derivation = node.derivation
        data: dict[str, Any] = {"fact": describe(self.program, node.head)}
        if isinstance(node.head, Fact):
            data["predicate"] = node.head.predicate
            data["args"] = self.result.args(node.head)
        if derivation is None:
            data["source"] = "absent"
        elif derivation.source == "table":
            data["source"] = "table"
            data["cite"] = dict(derivation.bindings).get("§", "")
        elif derivation.source == "input":
            data["source"] = "input"
        else:
            data["source"] = "rule"
            data["rule"] = derivation.rule
            data.update(citation_of(self.program, derivation.rule))
            if derivation.absent:
                data["checked_absent"] = [describe(self.program, a) for a in derivation.absent]
        if node.children:
            data["because"] = [self.to_json(c) for c in node.children]
        if node.truncated:
            data["truncated"] = True
        if node.alternatives:
            data["other_derivations"] = node.alternatives
        if node.defeated_by:
            data["defeated_by"] = [self.to_json(c) for c in node.defeated_by]
        return data


def verdict_proof(result: Result, verdict: Conclusion, defeated_by: str | None = None) -> dict[str, Any]:
    """The proof tree (as `Explainer.to_json`) of one verdict of a result; see Explainer.verdict_proof.
    Several verdicts of one result share an Explainer's memo: call its method for them instead."""
    return Explainer(result).verdict_proof(verdict, defeated_by)


def quoted_clause(ref: str, quotes: list[str]) -> str:
    """The quoted clause, or the start of the paragraph when the rule quotes nothing."""
    if quotes:
        return "「" + "……".join(quotes) + "」"
    chapter, paragraph = (int(x) for x in ref.split("."))
    text = load_book().paragraph(chapter, paragraph).classical
    return "「" + (text[:24] + "……" if len(text) > 24 else text) + "」"
