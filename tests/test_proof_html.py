"""The proof tree as the pages draw it (engine/web/proof_html.py, which replaced the proof macros of
macros.html): real judge, why and report pages walked element by element against the proof nodes
they were made from (nested because-children, defeaters and their badges, the pointer to a proof
shown above, the cut at depth 4 with its link, the checked-absent list, the other derivations),
and hostile text, which reaches the page escaped exactly as Jinja's autoescaping escaped it.

The verdicts come from a small rulebook written here, so the test does not move when the shipped
chapters do: a chain deeper than a served page shows, a negated body atom, a fact with two
derivations, a subproof two verdicts share, an exception that defeats a ruling, and a verdict text
holding a script tag.
"""

from __future__ import annotations

import collections
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from yimao.cli import main
from yimao.web import app as web_app
from yimao.web import proof_html, templating
from yimao.web.app import create_app
from yimao.web.highlight import Segment
from rulebooks import write
from test_judge import INPUTS

QUESTION = """\
chapter 56 疾病
predicate 甲(位)
predicate 乙(位)
predicate 丙(位)
predicate 丁(位)
predicate 静(位)
question 疾病 chapter 56 "自占 by 世" sub 症候
§56.1 「夫死生有命」
answer 疾病: 愈 平 / 不愈
rule 疾病.用神.自 when 问(事: 疾病), 所问(人: 自), 爻(位: P, 值: V), V > 8 then 用神(位: P, 层: 本)
rule 疾病.甲 when 用神(位: P, 层: 本) then 甲(位: P)
rule 疾病.甲又 when 爻(位: P, 值: 9) then 甲(位: P)
rule 疾病.乙 when 甲(位: P) then 乙(位: P)
rule 疾病.丙 when 乙(位: P) then 丙(位: P)
rule 疾病.静 when 爻(位: P, 值: 6) then 静(位: P)
rule 疾病.丁 when 丙(位: P), not 静(位: P) then 丁(位: P)
rule 疾病.深 when 丁(位: P), 甲(位: P) then 断(位: P) 愈 "深 <script>x</script>"
rule 疾病.动吉 when 用神(位: P, 层: 本), 爻(位: P, 值: 9) then 断(位: P) 愈 "用神{P}爻动"
§56.2
rule 疾病.值日 exception to 疾病.动吉 when 日辰(支: 子) then 断(位: 1) 平 "值日"
"""
JUDGE = {"question": "疾病", "lines": "977777", "day": "甲子"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag, self.attrs = tag, attrs
        self.children: list[Element | str] = []

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    @property
    def elements(self) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element)]

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def walk(self):
        yield self
        for child in self.elements:
            yield from child.walk()

    def only(self, tag: str, cls: str) -> Element:
        (found,) = [e for e in self.elements if e.tag == tag and cls in e.classes]
        return found


class Tree(HTMLParser):
    """The page as elements (the parser unescapes text and attributes, as a browser does)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self._open = [self.root]
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs))
        self._open[-1].children.append(element)
        if tag not in VOID:
            self._open.append(element)

    def handle_startendtag(self, tag, attrs):
        self._open[-1].children.append(Element(tag, dict(attrs)))

    def handle_endtag(self, tag):
        while self._open[-1].tag != tag:  # an end tag closes what it encloses, as a browser does
            self._open.pop()
        self._open.pop()

    def handle_data(self, data):
        self._open[-1].children.append(data)


@pytest.fixture(scope="module")
def rulebook(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("proof-html")
    write(folder, QUESTION, name="56-疾病.ym", inputs=INPUTS)
    return str(folder)


@pytest.fixture
def contexts(monkeypatch) -> list[tuple[str, dict[str, Any]]]:
    """Every page rendered during the test, as (template, context): the nodes a page was made from."""
    seen: list[tuple[str, dict[str, Any]]] = []
    real = templating.render

    def render(template: str, **context: Any) -> str:
        seen.append((template, context))
        return real(template, **context)

    monkeypatch.setattr(web_app, "render", render)  # the server's pages
    monkeypatch.setattr(templating, "render", render)  # the --html reports (imported when writing)
    return seen


def check(node: dict[str, Any], element: Element, ids: set[str], kinds: collections.Counter, open: bool = False) -> None:
    """`element` draws `node`: its fact line, and (recursively) its paragraphs, defeaters and children."""
    line = element.only("summary", "node-head") if element.tag == "details" else element
    assert line.only("span", "fact").text == node["fact"]
    assert bool(line.elements and any("badge" in e.classes and e.text == "defeated" for e in line.elements)) == bool(node["defeated_by"])
    if node.get("other_derivations"):
        kinds["other derivations"] += 1
        assert f"(+{node['other_derivations']} other derivation" in line.text
    if node["same_as"]:
        kinds["same_as"] += 1
        assert element.tag == "div" and element.classes == ["leaf", "same"]
        pointer = element.only("a", "tag")
        assert pointer.attrs["href"] == "#" + node["same_as"] and node["same_as"] in ids  # shown above, on this page
        return
    if element.tag != "details":
        kinds["leaf"] += 1
        assert element.tag == "div" and element.classes[0] == "leaf" and not node["because"] and not node["paragraphs"]
        return
    kinds["details"] += 1
    assert element.classes == ["node", node["source"]] and ("open" in element.attrs) == open
    assert element.attrs.get("id") == node["anchor"]
    assert ("defeated" in line.classes) == bool(node["defeated_by"])
    body = element.only("div", "node-body")
    paragraphs = [e for e in body.elements if e.classes == ["para"]]
    assert [p.only("div", "para-head").text.split()[0] for p in paragraphs] == [f"§{p['ref']}" for p in node["paragraphs"]]
    if node.get("checked_absent"):
        kinds["checked absent"] += 1
        assert body.only("p", "absent-list").text == "checked absent: " + "; ".join(node["checked_absent"])
    if node["defeated_by"]:
        kinds["defeated"] += 1
        winners = body.only("div", "defeater").elements
        assert winners[0].text == "defeated by" and len(winners) == len(node["defeated_by"]) + 1
        for winner, drawn in zip(node["defeated_by"], winners[1:]):
            check(winner, drawn, ids, kinds, open=True)
    if node["because"]:
        kinds["nested because"] += 1
        items = body.only("ul", "children").elements
        assert [i.tag for i in items] == ["li"] * len(node["because"])
        for child, item in zip(node["because"], items):
            (drawn,) = item.elements
            check(child, drawn, ids, kinds)
    cut = [e for e in body.elements if e.tag == "p" and e.text.startswith("… the proof goes deeper")]
    assert len(cut) == bool(node.get("truncated"))
    if cut:
        links = [a.attrs["href"] for a in cut[0].elements if a.tag == "a"]
        assert links == ([node["why_href"]] if node["why_href"] else [])
        kinds["truncated, linked" if links else "truncated"] += 1


def check_page(text: str, proofs: list[tuple[dict[str, Any], Element]]) -> collections.Counter:
    ids = {e.attrs["id"] for e in Tree(text).root.walk() if e.attrs.get("id")}
    kinds: collections.Counter = collections.Counter()
    for node, element in proofs:
        check(node, element, ids, kinds, open=True)
    return kinds


def verdict_proofs(text: str, verdicts: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Element]]:
    """Each verdict's proof node and the element drawing it (the last element of its article)."""
    articles = {e.attrs.get("id"): e for e in Tree(text).root.walk() if e.tag == "article"}
    return [(v["proof"], articles[v["anchor"]].elements[-1]) for v in verdicts]


def test_judge_page_draws_every_proof_node(rulebook, contexts):
    response = create_app([rulebook]).test_client().get("/judge", query_string=JUDGE)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    ((template, context),) = contexts
    assert template == "judge.html"
    kinds = check_page(text, verdict_proofs(text, context["verdicts"]))
    assert set(kinds) >= {"details", "leaf", "nested because", "defeated", "same_as", "checked absent", "other derivations",
                          "truncated, linked"}, kinds
    # the verdict text is a fact of the proof: its script tag is text (the walk read it back as such)
    assert "<script" not in text and "「深 &lt;script&gt;x&lt;/script&gt;」</span>" in text


def test_the_truncated_link_opens_the_deeper_proof(rulebook, contexts):
    client = create_app([rulebook]).test_client()
    judge = client.get("/judge", query_string=JUDGE).get_data(as_text=True)
    (link,) = [e.attrs["href"] for e in Tree(judge).root.walk() if e.tag == "a" and e.text == "open its proof"]
    response = client.get(link)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    template, context = contexts[-1]
    assert template == "why.html" and [p["fact"] for p in context["proofs"]] == ["乙(位: 1)"]
    drawn = [e.elements[0] for e in Tree(text).root.walk() if e.tag == "div" and e.classes == ["proof"]]
    kinds = check_page(text, list(zip(context["proofs"], drawn)))
    assert kinds["nested because"] >= 2 and "truncated" not in kinds  # 乙 ← 甲 ← 用神 ← the inputs, whole


def test_report_shows_whole_proofs_without_links(rulebook, contexts, tmp_path, capsys):
    report = tmp_path / "judge.html"
    argv = ["judge", "--rulebook", rulebook, "--question", "疾病", "--lines", "977777", "--day", "甲子"]
    assert main([*argv, "--html", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    ((template, context),) = contexts
    kinds = check_page(text, verdict_proofs(text, context["verdicts"]))
    assert kinds["defeated"] and kinds["same_as"] and not {"truncated", "truncated, linked"} & set(kinds)
    assert 'href="/' not in text and '<span class="ruleid">疾病.深</span>' in text


def test_macros_export_the_python_renderers():
    module = templating.environment().get_template("macros.html").module
    assert (module.proof, module.paragraph, module.classical, module.maybe_link) == (
        proof_html.proof, proof_html.paragraph, proof_html.classical, proof_html.maybe_link)


# --- escaping, byte for byte ----------------------------------------------------------------------

def _leaf(fact: str, source: str = "input", **extra: Any) -> dict[str, Any]:
    return {"fact": fact, "source": source, "same_as": None, "paragraphs": [], "because": [], "defeated_by": [], **extra}


HOSTILE_PARAGRAPH = {"ref": "1.2", "title": "a & b", "segments": [Segment("夫<", False), Segment('"引"', True), Segment("&'", False)],
                     "translation": "it's <i>", "quotes": [], "unlocated": ["「<b>」"], "href": None}
HOSTILE_NODE = {**_leaf('<script>alert("x")</script>', "rule"), "rule": "R'1", "rule_href": '/r?a=1&b="2"', "cite": "1.2",
                "quotes": ['a"b', "<&>"], "anchor": 'proof-"1"', "paragraphs": [HOSTILE_PARAGRAPH],
                "checked_absent": ["x<y", "a&b"], "other_derivations": 2, "truncated": True, "why_href": "/why?fact=<x>&y",
                "because": [_leaf("甲 & 乙", "table", cite="3.4")],
                "defeated_by": [_leaf("<winner>", "absent", same_as="proof-'9'")]}
# What the Jinja macros (autoescape, trim_blocks, lstrip_blocks) wrote for HOSTILE_NODE, opened.
HOSTILE_HTML = (
    '<details class="node rule" id="proof-&#34;1&#34;" open>\n'
    '  <summary class="node-head defeated"><span class="fact">&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;</span>\n'
    ' <span class="arrow">←</span> <a href="/r?a=1&amp;b=&#34;2&#34;" class="ruleid">R&#39;1</a> <span class="cite">§1.2</span>\n'
    '<span class="clause">「a&#34;b……&lt;&amp;&gt;」</span><span class="badge defeated">defeated</span>'
    '<span class="tag">(+2 other derivations)</span></summary>\n'
    '  <div class="node-body">\n'
    '<div class="para">\n'
    '  <div class="para-head"><span>§1.2</span> a &amp; b</div>\n'
    '  <p class="classical">夫&lt;<mark>&#34;引&#34;</mark>&amp;&#39;</p>\n'
    '<p class="quote-missing">quoted, not located in the paragraph: 「「&lt;b&gt;」」</p>'
    '  <details class="translation"><summary>modern translation</summary><p>it&#39;s &lt;i&gt;</p></details>\n'
    '</div>\n'
    '<p class="absent-list">checked absent: x&lt;y; a&amp;b</p>'
    '    <div class="defeater">\n'
    '      <p class="defeater-label">defeated by</p>\n'
    '<div class="leaf same"><span class="fact">&lt;winner&gt;</span>\n'
    ' <span class="tag">absent</span>\n'
    ' <a class="tag" href="#proof-&#39;9&#39;">(its proof is shown above)</a></div>\n'
    '    </div>\n'
    '    <ul class="children">\n'
    '<li><div class="leaf"><span class="fact">甲 &amp; 乙</span>\n'
    ' <span class="tag">table row §3.4</span>\n'
    '</div>\n'
    '</li>    </ul>\n'
    '<p class="tag">… the proof goes deeper: <a href="/why?fact=&lt;x&gt;&amp;y">open its proof</a></p>  </div>\n'
    '</details>\n'
)


def test_hostile_text_is_escaped_as_autoescape_did():
    drawn = proof_html.proof(HOSTILE_NODE, True)
    assert isinstance(drawn, Markup) and str(drawn) == HOSTILE_HTML
    assert str(proof_html.proof(HOSTILE_NODE)) == HOSTILE_HTML.replace(" open>", ">", 1)


def test_markup_values_pass_and_text_is_escaped():
    assert proof_html.maybe_link(None, Markup("<i>x</i>"), "c") == '<span class="c"><i>x</i></span>'
    assert proof_html.maybe_link('"/a&b"', "<x>") == '<a href="&#34;/a&amp;b&#34;">&lt;x&gt;</a>'
    assert proof_html.classical([Segment("「<」", True), Segment("&", False)]) == "<mark>「&lt;」</mark>&amp;"
    quoted = {**_leaf("f", "rule"), "rule": "r", "rule_href": None, "cite": "1.1", "quotes": [Markup("<b>x</b>"), "<y>"]}
    assert '<span class="clause">「<b>x</b>……&lt;y&gt;」</span>' in proof_html.proof(quoted)  # join keeps markup as markup
