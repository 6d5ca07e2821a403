"""Proof trees made ready for the page: each rule node carries the paragraphs it cites, with the
quoted clause located inside the classical text and the translation beside it.

The explainer's JSON (`Explainer.to_json`) is the input, so a page shows the same proof as
`yimao why --json`; this module only adds the book's text and the links.
"""

from __future__ import annotations

from typing import Any

from ..book import Book, CitationError, load_book
from ..check import Program
from ..ir import Citation
from .highlight import quote_spans, segments
from .links import NoLinks


# A paragraph's view depends only on the book, the quotes and whether links are live (a paragraph's
# link names no chart), so it is made once per process: a judge page shows a hundred of them.
_VIEWS: dict[tuple, tuple[Book, dict[str, Any]]] = {}
_VIEWS_KEPT = 4096


class ProofPages:
    """Turns proof and why-not JSON into template nodes for one program (one school)."""

    def __init__(self, program: Program, links: NoLinks, book: Book | None = None) -> None:
        self.program = program
        self.links = links
        self.book = book or load_book()
        self._rules = program.rules_by_id  # made once per program (a judge page asks for it)
        self._tables = {(t.predicate, t.citation.ref): t for t in program.tables if t.citation}
        self._shown: dict[tuple, str] = {}  # a subproof already on the page -> its element id

    def paragraph(self, chapter: int, ordinal: int, quotes: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
        """A cited paragraph: classical text cut into quoted and unquoted runs, and its translation
        (one view shared by every page that shows it: templates only read it)."""
        key = (id(self.book), self.links.live, chapter, ordinal, tuple(quotes))
        found = _VIEWS.get(key)
        if found is not None and found[0] is self.book:
            return found[1]
        if len(_VIEWS) >= _VIEWS_KEPT:
            _VIEWS.clear()
        view = self._paragraph(chapter, ordinal, quotes)
        _VIEWS[key] = (self.book, view)
        return view

    def _paragraph(self, chapter: int, ordinal: int, quotes: tuple[str, ...] | list[str]) -> dict[str, Any]:
        ref = f"{chapter}.{ordinal}"
        try:
            found = self.book.paragraph(chapter, ordinal)
        except CitationError:
            return {"ref": ref, "title": "", "segments": [], "translation": "", "quotes": list(quotes),
                    "unlocated": list(quotes), "href": None}
        return {
            "ref": ref,
            "title": self.book.chapter(chapter).title,
            "segments": segments(found.classical, quotes),
            "translation": found.translation,
            "quotes": list(quotes),
            "unlocated": [q for q in quotes if not quote_spans(found.classical, [q])],
            "href": self.links.paragraph(ref),
        }

    def cited(self, citation: Citation) -> dict[str, Any]:
        return self.paragraph(citation.chapter, citation.paragraph, citation.quotes)

    def rule_paragraphs(self, rule_id: str) -> list[dict[str, Any]]:
        rule = self._rules.get(rule_id)
        return [self.cited(c) for c in rule.citations] if rule else []

    def rule_href(self, rule_id: str) -> str | None:
        rule = self._rules.get(rule_id)
        return self.links.rule(rule_id, rule.citation.chapter) if rule else None

    def node(self, data: dict[str, Any]) -> dict[str, Any]:
        """A proof node (recursively): the JSON plus `paragraphs`, `rule_href`, `anchor`.

        Proofs share subproofs (every verdict rests on the same chart), so a subproof already on
        the page is shown once: later occurrences are a line pointing to it (`same_as`).
        """
        view = dict(data)
        key = (data["fact"], data.get("source"), data.get("rule"), tuple(c["fact"] for c in data.get("because", [])),
               bool(data.get("defeated_by")), bool(data.get("truncated")))
        if key in self._shown:
            return {**view, "paragraphs": [], "because": [], "defeated_by": [], "truncated": False, "checked_absent": [],
                    "rule_href": self.rule_href(data["rule"]) if data.get("rule") else None, "why_href": None,
                    "anchor": None, "same_as": self._shown[key]}
        source = data.get("source")
        view["paragraphs"] = []
        view["rule_href"] = None
        if source == "rule":
            view["paragraphs"] = self.rule_paragraphs(data["rule"])
            view["rule_href"] = self.rule_href(data["rule"])
        elif source == "table" and data.get("cite"):
            table = self._tables.get((data.get("predicate"), data["cite"]))
            view["paragraphs"] = [self.cited(table.citation)] if table else []
        view["anchor"] = None
        if view["paragraphs"] or data.get("because") or data.get("defeated_by"):
            view["anchor"] = self._shown[key] = f"proof-{len(self._shown) + 1}"
        view["same_as"] = None
        view["because"] = [self.node(child) for child in data.get("because", [])]
        view["defeated_by"] = [self.node(child) for child in data.get("defeated_by", [])]
        view["why_href"] = self.links.why(data["fact"]) if data.get("truncated") and "predicate" in data else None
        return view

    def reason(self, data: dict[str, Any]) -> dict[str, Any]:
        """A why-not reason (`WhyNot.to_json`), with each attempted rule's link and paragraphs."""
        view = dict(data)
        view["rules"] = [
            {**attempt, "rule_href": self.rule_href(attempt["rule"]), "paragraphs": self.rule_paragraphs(attempt["rule"]),
             "because": self.reason(attempt["because"]) if attempt.get("because") else None}
            for attempt in data.get("rules", [])
        ]
        view["defeated"] = [self.node(node) for node in data.get("defeated", [])]
        return view
