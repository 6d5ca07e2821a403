"""The book woven with its rules: each chapter's paragraphs in order, the rules and tables that
cite each one beneath it (their source text), coverage status, and every predicate's producers
and consumers.  Built once per loaded rulebook."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..book import APPENDIX, FRONT_MATTER, Book
from ..check import Program
from ..coverage import accounting
from ..ir import Atom, Negation, Rule
from .highlight import segments
from .links import NoLinks, anchor
from .sources import RuleSources


def _reads(rule: Rule) -> list[tuple[str, bool]]:
    """(predicate, negated) for each atom of the body, in order, once each."""
    found: list[tuple[str, bool]] = []
    for literal in rule.body:
        if isinstance(literal, Atom):
            item = (literal.predicate, False)
        elif isinstance(literal, Negation):
            item = (literal.atom.predicate, True)
        else:
            continue
        if item not in found:
            found.append(item)
    return found


def _concludes(rule: Rule) -> list[str]:
    names = [h.predicate for h in rule.atoms]
    if rule.verdicts:
        names.append("断")
    return list(dict.fromkeys(names))


class RulebookView:
    def __init__(self, program: Program, book: Book, sources: RuleSources, schools: list[dict[str, Any]]) -> None:
        self.program, self.book, self.sources = program, book, sources
        self.schools = schools
        self.by_paragraph: dict[tuple[int, int], list[tuple[Rule, bool]]] = defaultdict(list)
        for rule in program.rules:
            for index, citation in enumerate(rule.citations):
                self.by_paragraph[(citation.chapter, citation.paragraph)].append((rule, index > 0))
        self.tables_by_paragraph = defaultdict(list)
        for table in program.tables:
            if table.citation:
                self.tables_by_paragraph[(table.citation.chapter, table.citation.paragraph)].append(table)
        self.accounts = accounting(program)
        self.changes_by_paragraph = defaultdict(list)
        for school in schools:
            for change in school["changes"]:
                chapter, paragraph = (int(x) for x in change["cite"].split("."))
                self.changes_by_paragraph[(chapter, paragraph)].append({**change, "school": school["school"]})

    def status(self, key: tuple[int, int]) -> str:
        return self.accounts.status(key)

    def index(self) -> list[dict[str, Any]]:
        """Per chapter: its title and how many paragraphs are cited, partial, narrative, untouched."""
        rows = []
        for chapter in self.book.chapters:
            counts = {"cited": 0, "partial": 0, "narrative": 0, "untouched": 0}
            for p in chapter.paragraphs:
                counts[self.status((chapter.number, p.ordinal))] += 1
            rules = {rule.id for p in chapter.paragraphs for rule, _ in self.by_paragraph.get((chapter.number, p.ordinal), [])}
            rows.append({"number": chapter.number, "title": chapter.title, "kind": chapter.kind,
                         "inferred": chapter.name_inferred, "paragraphs": len(chapter.paragraphs), "rules": len(rules),
                         "counted": chapter.number not in (FRONT_MATTER, APPENDIX), **counts})
        return rows

    def rule_card(self, rule: Rule, links: NoLinks, also: bool = False, anchored: bool = True) -> dict[str, Any]:
        """A rule as shown under a paragraph or a predicate; `anchored` gives it the id links aim at."""
        return {
            "id": rule.id,
            "anchor": anchor("rule", rule.id) if anchored and not also else None,
            "also": also,
            "href": self.rule_href(rule.id, links),
            "cites": [{"ref": c.ref, "href": links.paragraph(c.ref)} for c in rule.citations],
            "exception_to": rule.exception_to,
            "exception_href": self.rule_href(rule.exception_to, links) if rule.exception_to else None,
            "exceptions": list(self.program.exceptions.get(rule.id, ())),
            "source": self.sources.text(rule.span) or "",
            "where": str(rule.span),
            "reads": [{"name": n, "negated": neg, "href": links.predicate(n)} for n, neg in _reads(rule)],
            "concludes": [{"name": n, "href": links.predicate(n) if n != "断" else None} for n in _concludes(rule)],
        }

    def rule_href(self, rule_id: str, links: NoLinks) -> str | None:
        try:
            return links.rule(rule_id, self.program.rule(rule_id).citation.chapter)
        except KeyError:
            return None

    def chapter(self, number: int, links: NoLinks) -> dict[str, Any]:
        chapter = self.book.chapter(number)
        paragraphs = []
        for p in chapter.paragraphs:
            key = (number, p.ordinal)
            rules = self.by_paragraph.get(key, [])
            quotes = [q for rule, _ in rules for c in rule.citations if (c.chapter, c.paragraph) == key for q in c.quotes]
            quotes += [q for t in self.tables_by_paragraph.get(key, []) for q in t.citation.quotes]
            paragraphs.append({
                "ref": p.ref,
                "anchor": anchor("p", p.ref),
                "status": self.status(key),
                "segments": segments(p.classical, quotes),
                "translation": p.translation,
                "narrative": self.accounts.narrative.get(key),
                "partial": self.accounts.partial.get(key),
                "rules": [self.rule_card(rule, links, also) for rule, also in rules],
                "tables": [{"predicate": t.predicate, "rows": len(t.rows), "source": self.sources.text(t.span) or "",
                            "href": links.predicate(t.predicate), "where": str(t.span)}
                           for t in self.tables_by_paragraph.get(key, [])],
                "changes": self.changes_by_paragraph.get(key, []),
            })
        numbers = [c.number for c in self.book.chapters]
        at = numbers.index(number)
        return {"number": number, "title": chapter.title, "inferred": chapter.name_inferred, "kind": chapter.kind,
                "paragraphs": paragraphs,
                "previous": numbers[at - 1] if at > 0 else None, "next": numbers[at + 1] if at + 1 < len(numbers) else None}

    def predicates(self, links: NoLinks) -> list[dict[str, Any]]:
        return [{"name": d.predicate, "params": list(d.params), "kind": d.kind, "doc": d.doc, "href": links.predicate(d.predicate)}
                for d in sorted(self.program.declarations.values(), key=lambda d: (d.kind != "input", d.predicate))]

    def predicate(self, name: str, links: NoLinks) -> dict[str, Any] | None:
        declaration = self.program.declarations.get(name)
        if declaration is None:
            return None
        producers = [self.rule_card(r, links, anchored=False) for r in self.program.rules if name in _concludes(r)]
        consumers = [{**self.rule_card(r, links, anchored=False), "negated": any(n == name and neg for n, neg in _reads(r))}
                     for r in self.program.rules if any(n == name for n, _ in _reads(r))]
        tables = [{"predicate": t.predicate, "rows": len(t.rows), "cite": t.citation.ref if t.citation else None,
                   "source": self.sources.text(t.span) or "", "where": str(t.span),
                   "href": links.paragraph(t.citation.ref) if t.citation else None}
                  for t in self.program.tables if t.predicate == name]
        return {"name": name, "params": list(declaration.params), "kind": declaration.kind, "doc": declaration.doc,
                "where": str(declaration.span), "producers": producers, "consumers": consumers, "tables": tables}
