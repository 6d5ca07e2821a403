"""The proof tree and the cited paragraph as HTML, written in Python for the templates.

A judge page shows about 130 proof nodes, each with its paragraph, and a Jinja macro call per node
and per piece was most of the page's rendering time.  These functions write the bytes the macros
of macros.html wrote (it exports them under the macro names: `proof`, `paragraph`, `classical`,
`maybe_link`), whitespace included, so a page is the same whichever draws it.

Escaping is autoescaping's: every value reaches the page through `markupsafe.escape`, so a value
that is already markup (has `__html__`) is kept and anything else is escaped text.  The pieces are
built as plain strings from escaped values (f-strings and `str.join`, never `str + Markup`, which
would escape the markup around a value) and wrapped in `Markup` once, on the way out.

The nodes are `ProofPages.node`'s dicts and the paragraphs `ProofPages.paragraph`'s (proofs.py).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from markupsafe import Markup, escape


def _join(items: Iterable[Any], separator: str) -> str:
    """`{{ items | join(separator) }}` under autoescaping: each item escaped, unless it is markup."""
    return escape(separator).join(map(escape, items))


def _link(href: Any, text: str, cls: str = "") -> str:
    """A link when there is somewhere to go, else a span; `text` is already HTML."""
    attribute = f' class="{escape(cls)}"' if cls else ""
    if href:
        return f'<a href="{escape(href)}"{attribute}>{text}</a>'
    return f"<span{attribute}>{text}</span>"


def _classical(segments: Iterable[Any]) -> str:
    """The classical text with the quoted runs marked (`highlight.Segment`s)."""
    return "".join(f"<mark>{escape(s.text)}</mark>" if s.quoted else escape(s.text) for s in segments)


# A paragraph's view is made once per process and shared by every page that shows it (proofs.py),
# and a judge page shows a hundred, most of them several times: its HTML is written once too, kept
# with the view it was written from (an id is reused only once its object is gone, and the entry
# holds the object).
_WRITTEN: dict[int, tuple[Mapping[str, Any], str]] = {}
_WRITTEN_KEPT = 4096


def _paragraph(p: Mapping[str, Any]) -> str:
    found = _WRITTEN.get(id(p))
    if found is not None and found[0] is p:
        return found[1]
    if len(_WRITTEN) >= _WRITTEN_KEPT:
        _WRITTEN.clear()
    html = _write_paragraph(p)
    _WRITTEN[id(p)] = (p, html)
    return html


def _write_paragraph(p: Mapping[str, Any]) -> str:
    """A cited paragraph: its reference (a link to the rulebook), chapter title, classical text with
    the quote marked, the quotes not found in it, and the translation folded."""
    reference = _link(p["href"], f"§{escape(p['ref'])}")
    parts = [f'<div class="para">\n  <div class="para-head">{reference} {escape(p["title"])}</div>\n'
             f'  <p class="classical">{_classical(p["segments"])}</p>\n']
    if p["unlocated"]:
        quotes = "".join(f"「{escape(q)}」" for q in p["unlocated"])
        parts.append(f'<p class="quote-missing">quoted, not located in the paragraph: {quotes}</p>')
    if p["translation"]:
        parts.append('  <details class="translation"><summary>modern translation</summary>'
                     f'<p>{escape(p["translation"])}</p></details>\n')
    parts.append("</div>\n")
    return "".join(parts)


def _node_line(node: Mapping[str, Any]) -> str:
    """The fact and where it comes from: rule and clause, table row, given, or absent."""
    parts = [f'<span class="fact">{escape(node["fact"])}</span>\n']
    source = node["source"]
    if source == "rule":
        parts.append(f' <span class="arrow">←</span> {_link(node["rule_href"], escape(node["rule"]), "ruleid")}'
                     f' <span class="cite">§{escape(node["cite"])}</span>\n')
        if node["quotes"]:
            parts.append(f'<span class="clause">「{_join(node["quotes"], "……")}」</span>')
    elif source == "table":
        parts.append(f' <span class="tag">table row §{escape(node["cite"])}</span>\n')
    elif source == "input":
        parts.append(' <span class="tag">given</span>\n')
    else:
        parts.append(' <span class="tag">absent</span>\n')
    if node["defeated_by"]:
        parts.append('<span class="badge defeated">defeated</span>')
    others = node.get("other_derivations")
    if others:
        parts.append(f'<span class="tag">(+{escape(others)} other derivation{"s" if others > 1 else ""})</span>')
    return "".join(parts)


def _proof(node: Mapping[str, Any], open: Any, out: list[str]) -> None:
    """A proof node into `out`: a pointer to where it was shown, a folded node with its paragraphs,
    defeaters and children, or a leaf."""
    if node["same_as"]:
        out.append(f'<div class="leaf same">{_node_line(node)} <a class="tag" href="#{escape(node["same_as"])}">'
                   "(its proof is shown above)</a></div>\n")
    elif node["paragraphs"] or node["because"] or node["defeated_by"] or node.get("truncated") or node.get("checked_absent"):
        anchor = f' id="{escape(node["anchor"])}"' if node["anchor"] else ""
        out.append(f'<details class="node {escape(node["source"])}"{anchor}{" open" if open else ""}>\n'
                   f'  <summary class="node-head{" defeated" if node["defeated_by"] else ""}">{_node_line(node)}</summary>\n'
                   '  <div class="node-body">\n')
        out.extend(_paragraph(p) for p in node["paragraphs"])
        if node.get("checked_absent"):
            out.append(f'<p class="absent-list">checked absent: {_join(node["checked_absent"], "; ")}</p>')
        if node["defeated_by"]:
            out.append('    <div class="defeater">\n      <p class="defeater-label">defeated by</p>\n')
            for winner in node["defeated_by"]:
                _proof(winner, True, out)
            out.append("    </div>\n")
        if node["because"]:
            out.append('    <ul class="children">\n')
            for child in node["because"]:
                out.append("<li>")
                _proof(child, False, out)
                out.append("</li>")
            out.append("    </ul>\n")
        if node.get("truncated"):
            link = f': <a href="{escape(node["why_href"])}">open its proof</a>' if node["why_href"] else ""
            out.append(f'<p class="tag">… the proof goes deeper{link}</p>')
        out.append("  </div>\n</details>\n")
    else:
        out.append(f'<div class="leaf{" defeated" if node["defeated_by"] else ""}">{_node_line(node)}</div>\n')


# The templates' names (macros.html exports each under the macro name it replaced) ---------------

def maybe_link(href: Any, text: Any, cls: str = "") -> Markup:
    return Markup(_link(href, escape(text), cls))


def classical(segments: Iterable[Any]) -> Markup:
    return Markup(_classical(segments))


def paragraph(p: Mapping[str, Any]) -> Markup:
    return Markup(_paragraph(p))


def proof(node: Mapping[str, Any], open: Any = False) -> Markup:
    out: list[str] = []
    _proof(node, open, out)
    return Markup("".join(out))


TEMPLATE_GLOBALS = {"maybe_link_html": maybe_link, "classical_html": classical, "paragraph_html": paragraph,
                    "proof_html": proof}
