"""Stratification: order the predicates so every negation (and every exception) looks only at
predicates that are complete before the rule that depends on them runs.

An exception E to a rule R defeats R's conclusions when E's body matches, so R's head depends
negatively on every predicate in E's body (and in the bodies of exceptions to E, and so on).
"""

from __future__ import annotations

from collections import defaultdict

import attrs

from .diagnostics import Diagnostic
from .ir import Atom, Negation, Rule

VERDICT_NODE = "断"


@attrs.frozen
class Stratum:
    predicates: tuple[str, ...]
    rules: tuple[str, ...]  # rule ids, in source order
    recursive: bool


@attrs.frozen
class Stratification:
    strata: tuple[Stratum, ...]
    stratum_of: dict[str, int] = attrs.field(eq=False)  # predicate -> stratum index


def head_nodes(rule: Rule) -> list[str]:
    nodes = [h.predicate for h in rule.heads if isinstance(h, Atom)]
    if len(nodes) != len(rule.heads):
        nodes.append(VERDICT_NODE)
    return nodes


def body_edges(rule: Rule) -> list[tuple[str, bool, object]]:
    """(predicate, negative?, span) for each atom in the body."""
    edges = []
    for literal in rule.body:
        if isinstance(literal, Atom):
            edges.append((literal.predicate, False, literal.span))
        elif isinstance(literal, Negation):
            edges.append((literal.atom.predicate, True, literal.span))
    return edges


def exception_tree(rule: Rule, exceptions: dict[str, list[Rule]]) -> list[Rule]:
    found: list[Rule] = []
    stack = list(exceptions.get(rule.id, ()))
    seen: set[str] = set()
    while stack:
        current = stack.pop(0)
        if current.id in seen:
            continue
        seen.add(current.id)
        found.append(current)
        stack.extend(exceptions.get(current.id, ()))
    return found


def stratify(rules: list[Rule], declarations: dict, diagnostics: list[Diagnostic]) -> Stratification:
    exceptions: dict[str, list[Rule]] = defaultdict(list)
    for rule in rules:
        if rule.exception_to:
            exceptions[rule.exception_to].append(rule)
    nodes: list[str] = list(declarations) + [VERDICT_NODE]
    # edges[target] = list of (source, negative, span, rule)
    edges: dict[str, list[tuple[str, bool, object, Rule]]] = defaultdict(list)
    for rule in rules:
        heads = head_nodes(rule)
        for head in heads:
            for source, negative, span in body_edges(rule):
                edges[head].append((source, negative, span, rule))
            for other in heads:
                if other != head:
                    edges[head].append((other, False, rule.id_span, rule))
            for exception in exception_tree(rule, exceptions):
                for source, _, span in body_edges(exception):
                    edges[head].append((source, True, exception.exception_span or exception.id_span, exception))
    components = _components(nodes, {n: [e[0] for e in edges.get(n, ())] for n in nodes})
    component_of = {node: i for i, comp in enumerate(components) for node in comp}
    rules_of: dict[int, list[str]] = defaultdict(list)  # component -> its rules, in source order
    for rule in rules:
        rules_of[component_of[head_nodes(rule)[0]]].append(rule.id)
    strata: list[Stratum] = []
    stratum_of: dict[str, int] = {}
    for index, component in enumerate(components):
        members = set(component)
        recursive = False
        for target in component:
            for source, negative, span, rule in edges.get(target, ()):
                if source in members:
                    recursive = True
                    if negative:
                        diagnostics.append(Diagnostic(span, f"negation cycle: {target} depends negatively on {source} through rule {rule.id}, and {source} depends on {target}"))
        for node in component:
            stratum_of[node] = index
        strata.append(Stratum(tuple(component), tuple(rules_of[index]), recursive))
    return Stratification(tuple(strata), stratum_of)


def _components(nodes: list[str], depends_on: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, dependencies first, deterministic by node order."""
    index_of: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    result: list[list[str]] = []
    position = {node: i for i, node in enumerate(nodes)}
    counter = 0
    for root in nodes:
        if root in index_of:
            continue
        work = [(root, 0)]
        while work:
            node, child_index = work.pop()
            if child_index == 0:
                index_of[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            children = depends_on.get(node, [])
            if child_index < len(children):
                work.append((node, child_index + 1))
                child = children[child_index]
                if child not in index_of:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index_of[child])
                continue
            if low[node] == index_of[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                result.append(sorted(component, key=position.__getitem__))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return result
