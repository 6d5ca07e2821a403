"""One Jinja2 environment for the server and the `--html` reports, so both render the same pages.

Autoescaping is on for every template: rule files, the book and user input reach the page only as
escaped text.  The stylesheet is inlined in every page (no request for it, nothing to fetch when a
report is opened offline); it is written without characters that escaping would change.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import escape

from ..lexer import css_runs
from . import chart_html, proof_html

HERE = Path(__file__).resolve().parent


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE / "templates")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals["stylesheet"] = stylesheet()
    env.filters["ym"] = css_runs  # rule source as highlighted runs (the lexer of `pygmentize -l yimao`)
    env.globals.update(proof_html.TEMPLATE_GLOBALS)  # the proof tree and paragraphs, drawn in Python (proof_html.py)
    env.globals.update(chart_html.TEMPLATE_GLOBALS)  # the chart and its side panel, likewise (chart_html.py)
    return env


@cache
def stylesheet() -> str:
    css = (HERE / "static" / "yimao.css").read_text(encoding="utf-8")
    if str(escape(css)) != css:  # a quote or angle bracket would arrive mangled inside <style>
        raise ValueError("yimao.css must not contain characters that HTML escaping changes (quotes, <, >, &)")
    return css


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
