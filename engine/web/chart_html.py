"""The 排盘 drawing (SVG) and its side panel as HTML, written in Python for the templates.

Every chart, judge, compare and why page draws one chart, and the macros that drew it (a macro
call per label and per bar, six rows) were about a quarter of a chart page's rendering time.
These functions write the bytes those macros of macros.html wrote (it exports `chart_panel`
under the macro's name), whitespace included, so a page is the same whichever draws it.

As in proof_html.py: every value reaches the page through `markupsafe.escape` (autoescaping's
rule: markup is kept, anything else is escaped text), the pieces are plain strings built from
escaped values, and the result is wrapped in `Markup` once.  The geometry is chart_view.py's;
the arithmetic on it is the templates' (`//`, `+`, `-` on its integers).  A chart has some three
hundred values, and escaping is most of the time drawing it: an integer is written as its digits
(which escaping leaves as they are), a column's x is escaped once per chart and a line's y once
per line, and the helpers take those already as HTML.

The view is `chart_view.chart_view`'s dict: `rows` top line first, `x` the columns' x.
"""

from __future__ import annotations

from typing import Any, Mapping

from markupsafe import Markup, escape

from .proof_html import _join

# The column heads: the column (a key of the view's `x`) and its words.
HEADS = (("number", "爻"), ("spirit", "六神"), ("hidden", "伏神"), ("label", "六亲 干支 五行"), ("bar", "本卦"),
         ("role", "世应"), ("marks", "marks"))


def _number(value: Any) -> str:
    """`escape(value)`, cheaper for an int: its digits are its HTML."""
    return str(value) if type(value) is int else escape(value)


def _text(x: str, y: str, text: Any, href: Any = None, cls: str = "") -> str:
    """An SVG label at `x`, `y` (HTML, like `cls`), a link to its proof when there is one."""
    drawn = f'<text x="{x}" y="{y}" class="{cls}">{escape(text)}</text>'
    return f'<a href="{escape(href)}">{drawn}</a>' if href else drawn


def _rect(cls: str, x: str, top: str, width: str) -> str:
    return f'<rect class="bar {cls}" x="{x}" y="{top}" width="{width}" height="12" rx="1"/>'


def _bar(x: Any, y: Any, width: Any, gap: Any, yang: Any, cls: str) -> str:
    """A line centred on `y`: one bar if yang, two with a gap between if yin (`cls` is HTML)."""
    top = _number(y - 6)
    if yang:
        return _rect(cls, _number(x), top, _number(width)) + "\n"
    half = _number((width - gap) // 2)
    return _rect(cls, _number(x), top, half) + _rect(cls, _number(x + (width + gap) // 2), top, half) + "\n"


def _row(c: Mapping[str, Any], columns: Mapping[str, str], r: Mapping[str, Any], out: list[str]) -> None:
    """One line of the chart: its number, 六神, 伏神, label, bar, moving mark, 世应, 用神, marks, and
    the changed line beside it.  `columns` is the view's `x`, escaped."""
    X = c["x"]
    mid = r["y"] + c["row"] // 2
    y = _number(mid)
    href = r["href"]
    position, value = _number(r["position"]), _number(r["value"])
    classes = f'{" moving" if r["moving"] else ""}{" use-god" if r["use_god"] else ""}'
    mark = f' {escape(r["mark"])} {escape(r["mark_title"])}' if r["mark"] else ""
    out.append(f'  <g class="line{classes}" data-position="{position}" data-value="{value}">\n'
               f'    <title>第{position}爻 {value}{mark}</title>\n')
    if r["use_god"]:
        out.append(f'<rect class="band" x="4" y="{_number(r["y"] + 2)}" width="{_number(c["width"] - 8)}" '
                   f'height="{_number(c["row"] - 4)}" rx="3"/>')
    out.append(f'    <text class="number" x="{columns["number"]}" y="{y}">{escape(r["number"])}</text>\n'
               f'    {_text(columns["spirit"], y, r["spirit"], href["spirit"])}\n')
    if r["hidden"]:
        out.append(_text(columns["hidden"], y, r["hidden"], href["hidden"], "hidden"))
    out.append(f'    {_text(columns["label"], y, r["label"], href["label"])}\n')
    bar = _bar(X["bar"], mid, c["bar"], c["gap"], r["yang"], "main")
    out.append(f'<a href="{escape(href["bar"])}">{bar}</a>' if href["bar"] else bar)
    if r["mark"] == "○":
        out.append(f'<circle class="mark old-yang" cx="{_number(X["mark"] + 10)}" cy="{y}" r="8"/>\n')
    elif r["mark"] == "×":
        left, right, top, bottom = _number(X["mark"] + 3), _number(X["mark"] + 17), _number(mid - 7), _number(mid + 7)
        out.append(f'<path class="mark old-yin" d="M{left} {top}L{right} {bottom}M{right} {top}L{left} {bottom}"/>\n')
    if r["role"]:
        out.append(_text(columns["role"], y, r["role"], href["role"], "role"))
    if r["use_god"]:
        out.append(f'<text class="use-god" x="{_number(X["role"] + 22)}" y="{y}">用神</text>')
    if r["marks"]:
        out.append(f'<text class="line-marks" x="{columns["marks"]}" y="{y}">{escape(r["marks"])}</text>')
    if c["both"]:
        out.append(f'    {_bar(X["changed_bar"], mid, c["bar"], c["gap"], r["changed_yang"], "changed")}\n')
        if r["changed_label"]:
            out.append(_text(columns["changed_label"], y, r["changed_label"], href["changed"], "changed"))
    out.append("  </g>\n")


def _chart_svg(c: Mapping[str, Any]) -> str:
    """The drawing: the two hexagrams' names, the column heads, and a row per line."""
    X = c["x"]
    columns = {key: _number(x) for key, x in X.items()}
    width, height = _number(c["width"]), _number(c["height"])
    hexagram, changed = c["hexagram"], c["changed"]
    name = escape(hexagram["name"]) if hexagram else ""
    then = f' 之 {escape(changed["name"])}' if changed else ""
    out = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="排盘 {name}{then}">\n'
           f'  <title>排盘{f" {name}" if hexagram else ""}{then}</title>\n']
    for info, column in ((hexagram, "label"), (changed, "changed_bar")):
        if info:
            out.append(f'  <text class="name" x="{columns[column]}" y="16">{escape(info["name"])}</text>\n'
                       f'  <text class="detail" x="{columns[column]}" y="38">{escape(info["detail"])}</text>\n')
    out.extend(f'  <text class="head" x="{columns[column]}" y="62">{words}</text>\n' for column, words in HEADS)
    if c["both"]:
        divider = _number(X["changed_bar"] - 22)
        out.append(f'  <text class="head" x="{columns["changed_bar"]}" y="62">变卦</text>\n'
                   f'  <line class="divider" x1="{divider}" y1="{_number(c["top"] - 4)}" x2="{divider}" '
                   f'y2="{_number(c["height"] - 6)}"/>\n')
    for r in c["rows"]:
        _row(c, columns, r, out)
    out.append("</svg>\n")
    return "".join(out)


def _chart_panel(c: Mapping[str, Any]) -> str:
    """The drawing beside the facts: pillars, 旬空, 节气, the instant, the cast, the missing inputs
    and the conventions."""
    cast = c["cast"]
    out = ['<section class="chart-panel">\n  <div class="drawing">', _chart_svg(c), '</div>\n  <div class="facts">\n'
           '    <dl class="pillars">\n']
    out.extend(f"<dt>{escape(label)}</dt><dd>{escape(value or '?')}</dd>" for label, value in c["pillars"])
    out.append(f'      <dt>旬空</dt><dd>{escape(c["void"] or "?")}</dd>\n')
    if c["solar_term"]:
        out.append(f'<dt>节气</dt><dd>{escape(c["solar_term"])}</dd>')
    if c["instant"]:
        out.append(f'<dt>时刻</dt><dd class="mono">{escape(c["instant"])}</dd>')
    seed = f', seed {escape(cast["seed"])}' if cast["seed"] is not None else ""
    out.append(f'      <dt>起卦</dt><dd>from {escape(c["cast_source"])}: lines {_join(cast["lines"], "")} (bottom first)'
               f'{seed}</dd>\n')
    if cast["tosses"]:
        out.append(f'<dt>tosses</dt><dd>{_join(cast["tosses"], " ")}</dd>')
    out.append("    </dl>\n")
    if c["missing"]:
        missing = "".join(f"<li>{escape(m)}</li>" for m in c["missing"])
        out.append(f'    <p class="sub">missing inputs (never guessed):</p>\n    <ul class="missing">{missing}</ul>\n')
    conventions = "".join(f"<tr><th>{escape(key)}</th><td>{escape(value)}</td></tr>" for key, value in c["conventions"])
    out.append('    <details class="conventions" open>\n      <summary>conventions</summary>\n'
               f'      <table class="plain">{conventions}</table>\n    </details>\n  </div>\n</section>\n')
    return "".join(out)


# The templates' names (macros.html exports `chart_panel` under the macro name it replaced) ---------

def chart_panel(c: Mapping[str, Any]) -> Markup:
    return Markup(_chart_panel(c))


TEMPLATE_GLOBALS = {"chart_panel_html": chart_panel}
