"""The chart as the pages draw it (engine/web/chart_html.py, which replaced the chart macros of
macros.html): a real chart page, judge page and report walked line group by line group against the
view they were drawn from (position and value, 六神, 伏神, label, the bars of both hexagrams, the
moving marks ○ and ×, 世应, the 用神 band and label, the marks, each label's proof link or none in
a report), and hostile text, which reaches the page escaped exactly as Jinja's autoescaping did.

The chart is 泽天夬 (lines 979776, bottom first) on a 申 month and a 甲子 day: two 老阳 and a 老阴
move, and the palace's 父母 is missing, so 伏神 stand beside the lines.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from yimao.cli import main
from yimao.web import chart_html, templating
from yimao.web.app import create_app
from yimao.web.chart_view import X
from test_proof_html import Element, Tree, contexts  # noqa: F401 (contexts is a fixture)

CAST = {"lines": "979776", "month": "申", "day": "甲子"}
ARGV = ["--lines", "979776", "--month", "申", "--day", "甲子"]
VALUES = {1: 9, 2: 7, 3: 9, 4: 7, 5: 7, 6: 6}


def drawing(text: str) -> Element:
    (svg,) = [e for e in Tree(text).root.walk() if e.tag == "svg" and e.classes == ["chart"]]
    return svg


def labels(group: Element) -> list[tuple[str, str, str | None]]:
    """The group's `<text>` labels in order: (class, text, the href of the link around it)."""
    found = []
    for e in group.elements:
        inner, href = (e.elements[0], e.attrs["href"]) if e.tag == "a" and e.elements[0].tag == "text" else (e, None)
        if inner.tag == "text":
            found.append((inner.attrs["class"], inner.text, href))
    return found


def check_chart(view: dict[str, Any], svg: Element, linked: bool) -> set[str]:
    """`svg` draws `view`, line by line; returns the kinds of line seen."""
    kinds: set[str] = set()
    groups = [e for e in svg.elements if e.tag == "g"]
    assert [int(g.attrs["data-position"]) for g in groups] == [r["position"] for r in view["rows"]] == [6, 5, 4, 3, 2, 1]
    for r, g in zip(view["rows"], groups):
        position, href = r["position"], r["href"]
        assert int(g.attrs["data-value"]) == r["value"] == VALUES[position]
        moving = VALUES[position] in (6, 9)
        assert g.classes == ["line"] + ["moving"] * moving + ["use-god"] * bool(r["use_god"])
        (title,) = [e.text for e in g.elements if e.tag == "title"]
        assert title == f"第{position}爻 {r['value']}" + {9: " ○ 老阳 moves", 6: " × 老阴 moves"}.get(r["value"], "")
        shapes = [e.classes for e in g.walk() if e.tag in ("rect", "circle", "path")]
        assert shapes.count(["bar", "main"]) == (1 if r["value"] in (7, 9) else 2)
        assert shapes.count(["bar", "changed"]) == (1 if r["value"] in (6, 7) else 2)  # a moving line changes
        assert [s for s in shapes if s[0] == "mark"] == {9: [["mark", "old-yang"]], 6: [["mark", "old-yin"]]}.get(r["value"], [])
        assert shapes.count(["band"]) == bool(r["use_god"])
        expected = [("number", r["number"], None), ("", r["spirit"], href["spirit"])]
        if r["hidden"]:
            expected.append(("hidden", r["hidden"], href["hidden"]))
        expected.append(("", r["label"], href["label"]))
        if r["role"]:
            expected.append(("role", r["role"], href["role"]))
        if r["use_god"]:
            expected.append(("use-god", "用神", None))
        if r["marks"]:
            expected.append(("line-marks", r["marks"], None))
        if r["changed_label"]:
            expected.append(("changed", r["changed_label"], href["changed"]))
        assert labels(g) == expected
        bars = [e.attrs["href"] for e in g.elements if e.tag == "a" and e.elements[0].tag == "rect"]
        assert bars == ([href["bar"]] if linked else [])
        assert bool(href["spirit"]) == bool(href["label"]) == linked  # a report links nowhere
        kinds |= {k for k, on in (("moving", moving), ("hidden", r["hidden"]), ("role", r["role"]),
                                  ("use god", r["use_god"]), ("marks", r["marks"])) if on}
    return kinds


def test_chart_page_draws_each_line_with_its_links(contexts):
    response = create_app().test_client().get("/chart", query_string=CAST)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    ((template, context),) = contexts
    assert template == "chart.html"
    view = context["chart"]
    assert view["both"] and view["hexagram"]["name"] == "泽天夬"
    svg = drawing(text)
    assert check_chart(view, svg, linked=True) == {"moving", "hidden", "role", "marks"}  # no 用神 without a question
    assert svg.attrs["aria-label"] == f"排盘 泽天夬 之 {view['changed']['name']}"
    assert any((r["hidden"] or "").startswith("父母") for r in view["rows"])  # the palace's missing 六亲, hidden


def test_judge_page_bands_the_use_god(contexts):
    response = create_app().test_client().get("/judge", query_string={**CAST, "question": "疾病"})
    assert response.status_code == 200
    ((template, context),) = contexts
    assert template == "judge.html"
    assert "use god" in check_chart(context["chart"], drawing(response.get_data(as_text=True)), linked=True)


def test_report_draws_the_chart_without_links(contexts, tmp_path, capsys):
    report = tmp_path / "judge.html"
    assert main(["judge", *ARGV, "--question", "疾病", "--html", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    ((template, context),) = contexts
    svg = drawing(text)
    assert check_chart(context["chart"], svg, linked=False) >= {"moving", "hidden", "use god"}
    assert not [e for e in svg.walk() if e.tag == "a"]


def test_macros_export_the_python_renderer():
    assert templating.environment().get_template("macros.html").module.chart_panel is chart_html.chart_panel


# --- escaping, byte for byte ----------------------------------------------------------------------

HOSTILE_VIEW = {
    "rows": [{"position": 1, "value": 6, "number": "初1", "marks": "空 <破>", "y": 78, "yang": False, "moving": True,
              "mark": "×", "mark_title": "老阴 moves", "spirit": "<b>青龙</b>", "hidden": "父母'巳'火", "label": "妻财 & 子",
              "role": "世", "use_god": True, "changed_yang": True, "changed_label": '"变"',
              "href": {"spirit": '/why?a=1&b="2"', "hidden": None, "label": "", "bar": "/why?fact=<纳甲>", "role": None,
                       "changed": "/why?x='y'"}}],
    "x": X, "bar": 104, "gap": 18, "row": 44, "top": 78, "width": 900, "height": 350, "both": True,
    "hexagram": None, "changed": {"name": "<泽地萃>", "detail": "兑宫 & 二世"},
    "pillars": [("年", None), ("月", "<申>")], "void": "", "solar_term": None, "instant": "2024-03-05T10:30+08:00",
    "conventions": [("note", "a<b & 'c'")], "cast_source": "coin tosses", "missing": ["year <y>"],
    "cast": {"lines": [6, 7], "seed": 0, "tosses": ["背背眉", "<x>"]},
}
# What the Jinja macros (autoescape, trim_blocks, lstrip_blocks) wrote for HOSTILE_VIEW.
HOSTILE_HTML = (
    '<section class="chart-panel">\n'
    '  <div class="drawing"><svg class="chart" width="900" height="350" viewBox="0 0 900 350" role="img" '
    'aria-label="排盘  之 &lt;泽地萃&gt;">\n'
    '  <title>排盘 之 &lt;泽地萃&gt;</title>\n'
    '  <text class="name" x="660" y="16">&lt;泽地萃&gt;</text>\n'
    '  <text class="detail" x="660" y="38">兑宫 &amp; 二世</text>\n'
    '  <text class="head" x="10" y="62">爻</text>\n'
    '  <text class="head" x="44" y="62">六神</text>\n'
    '  <text class="head" x="104" y="62">伏神</text>\n'
    '  <text class="head" x="224" y="62">六亲 干支 五行</text>\n'
    '  <text class="head" x="346" y="62">本卦</text>\n'
    '  <text class="head" x="498" y="62">世应</text>\n'
    '  <text class="head" x="556" y="62">marks</text>\n'
    '  <text class="head" x="660" y="62">变卦</text>\n'
    '  <line class="divider" x1="638" y1="74" x2="638" y2="344"/>\n'
    '  <g class="line moving use-god" data-position="1" data-value="6">\n'
    '    <title>第1爻 6 × 老阴 moves</title>\n'
    '<rect class="band" x="4" y="80" width="892" height="40" rx="3"/>    <text class="number" x="10" y="100">初1</text>\n'
    '    <a href="/why?a=1&amp;b=&#34;2&#34;"><text x="44" y="100" class="">&lt;b&gt;青龙&lt;/b&gt;</text></a>\n'
    '<text x="104" y="100" class="hidden">父母&#39;巳&#39;火</text>    <text x="224" y="100" class="">妻财 &amp; 子</text>\n'
    '<a href="/why?fact=&lt;纳甲&gt;"><rect class="bar main" x="346" y="94" width="43" height="12" rx="1"/>'
    '<rect class="bar main" x="407" y="94" width="43" height="12" rx="1"/>\n'
    '</a><path class="mark old-yin" d="M469 93L483 107M483 93L469 107"/>\n'
    '<text x="498" y="100" class="role">世</text><text class="use-god" x="520" y="100">用神</text>'
    '<text class="line-marks" x="556" y="100">空 &lt;破&gt;</text>'
    '    <rect class="bar changed" x="660" y="94" width="104" height="12" rx="1"/>\n'
    '\n'
    '<a href="/why?x=&#39;y&#39;"><text x="780" y="100" class="changed">&#34;变&#34;</text></a>  </g>\n'
    '</svg>\n'
    '</div>\n'
    '  <div class="facts">\n'
    '    <dl class="pillars">\n'
    '<dt>年</dt><dd>?</dd><dt>月</dt><dd>&lt;申&gt;</dd>      <dt>旬空</dt><dd>?</dd>\n'
    '<dt>时刻</dt><dd class="mono">2024-03-05T10:30+08:00</dd>'
    '      <dt>起卦</dt><dd>from coin tosses: lines 67 (bottom first), seed 0</dd>\n'
    '<dt>tosses</dt><dd>背背眉 &lt;x&gt;</dd>    </dl>\n'
    '    <p class="sub">missing inputs (never guessed):</p>\n'
    '    <ul class="missing"><li>year &lt;y&gt;</li></ul>\n'
    '    <details class="conventions" open>\n'
    '      <summary>conventions</summary>\n'
    '      <table class="plain"><tr><th>note</th><td>a&lt;b &amp; &#39;c&#39;</td></tr></table>\n'
    '    </details>\n'
    '  </div>\n'
    '</section>\n'
)


def test_hostile_text_is_escaped_as_autoescape_did():
    drawn = chart_html.chart_panel(HOSTILE_VIEW)
    assert isinstance(drawn, Markup) and str(drawn) == HOSTILE_HTML
    (g,) = [e for e in drawing(drawn).elements if e.tag == "g"]
    assert labels(g)[1:3] == [("", "<b>青龙</b>", '/why?a=1&b="2"'), ("hidden", "父母'巳'火", None)]  # text, read back as text


def test_markup_values_pass_and_text_is_escaped():
    linked = '<a href="/a&amp;b"><text x="1" y="2" class=""><tspan>x</tspan></text></a>'
    assert chart_html._text(1, 2, Markup("<tspan>x</tspan>"), "/a&b") == linked
    tosses = {**HOSTILE_VIEW, "cast": {"lines": "96", "seed": None, "tosses": [Markup("<b>背</b>"), "<眉>"]}}
    assert "<dd>from coin tosses: lines 96 (bottom first)</dd>" in chart_html.chart_panel(tosses)
    assert "<dt>tosses</dt><dd><b>背</b> &lt;眉&gt;</dd>" in chart_html.chart_panel(tosses)  # join keeps markup as markup
