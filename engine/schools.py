"""School overlays: `school 黄金策 extends 易冒` files that disable, replace, add, or add exceptions
to rules of the school they extend, each change citing where the book reports the view.

The base rulebook is the school 易冒.  Applying a school means taking its chain of parents from
易冒 down, and for each overlay in turn removing the rules it disables, substituting the rules it
replaces, and adding its own rules (exceptions included); the result is checked like any rulebook.
"""

from __future__ import annotations


import attrs

from .diagnostics import Diagnostic
from .ir import Change, Module, Rule

BASE_SCHOOL = "易冒"


@attrs.frozen
class Overlaid:
    modules: tuple[Module, ...]
    chain: tuple[str, ...]  # school names from 易冒 to the chosen one
    changes: tuple[tuple[str, Change], ...]  # (school, change), in application order
    added: tuple[tuple[str, Rule], ...]  # (school, rule) for rules a school adds


def school_modules(modules: list[Module], diagnostics: list[Diagnostic]) -> dict[str, Module]:
    found: dict[str, Module] = {}
    for module in modules:
        if module.school is None:
            diagnostics.append(Diagnostic(_first_span(module), "a school file must start with `school NAME extends PARENT`"))
            continue
        name = module.school.name
        if name == BASE_SCHOOL:
            diagnostics.append(Diagnostic(module.school.span, f"{BASE_SCHOOL} is the base rulebook; a school needs another name"))
        elif name in found:
            diagnostics.append(Diagnostic(module.school.span, f"school {name} is already defined at {found[name].school.span}"))
        else:
            found[name] = module
    for module in found.values():
        parent = module.school.parent
        if parent != BASE_SCHOOL and parent not in found:
            diagnostics.append(Diagnostic(module.school.span, f"school {module.school.name} extends unknown school {parent}"))
    for name, module in found.items():
        seen = [name]
        current = module
        while current.school.parent in found:
            parent = current.school.parent
            if parent in seen:
                diagnostics.append(Diagnostic(module.school.span, f"schools extend each other in a cycle: {' → '.join(seen + [parent])}"))
                break
            seen.append(parent)
            current = found[parent]
    return found


def _first_span(module: Module):
    from .ir import Span

    return Span(module.file, 1, 1)


def chain_of(name: str, schools: dict[str, Module]) -> list[Module]:
    """The overlays to apply for `name`, 易冒's child first."""
    chain: list[Module] = []
    current = name
    while current != BASE_SCHOOL and current in schools and schools[current] not in chain:
        chain.insert(0, schools[current])
        current = schools[current].school.parent
    return chain


def apply(base: list[Module], chain: list[Module], diagnostics: list[Diagnostic]) -> Overlaid:
    owner: dict[str, int] = {}  # rule id -> index of the module holding it now
    modules = list(base)
    for index, module in enumerate(modules):
        for rule in module.rules:
            owner.setdefault(rule.id, index)
    changes: list[tuple[str, Change]] = []
    added: list[tuple[str, Rule]] = []
    for overlay in chain:
        school = overlay.school.name
        for change in overlay.changes:
            index = owner.get(change.rule_id)
            if index is None:
                diagnostics.append(Diagnostic(change.span, f"{change.kind} {change.rule_id}: no rule has that id in {school}'s parent"))
                continue
            module = modules[index]
            if change.kind == "disable":
                rules = tuple(r for r in module.rules if r.id != change.rule_id)
                del owner[change.rule_id]
            else:
                rules = tuple(change.replacement if r.id == change.rule_id else r for r in module.rules)
            modules[index] = attrs.evolve(module, rules=rules)
            changes.append((school, change))
        modules.append(overlay)
        for rule in overlay.rules:
            owner.setdefault(rule.id, len(modules) - 1)
            added.append((school, rule))
    names = tuple([BASE_SCHOOL] + [m.school.name for m in chain])
    return Overlaid(tuple(modules), names, tuple(changes), tuple(added))
