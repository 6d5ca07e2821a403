"""Where the names on a page point: the server's routes, or nowhere in a standalone report.

Pages never build URLs themselves; they ask a `Links`.  A report file gets `NoLinks`, so it holds
no reference that would need a server (or the network) to follow.
"""

from __future__ import annotations

from functools import cached_property
from typing import Mapping
from urllib.parse import quote, urlencode

from .forms import QUESTION_FIELDS


def anchor(kind: str, key: str) -> str:
    """A stable element id: `p-25.3`, `rule-月破.定`, `pred-月破` (ids may hold any non-space)."""
    return f"{kind}-{''.join(key.split())}"


class NoLinks:
    """A standalone report: plain text where the server would link."""

    live = False

    def why(self, fact: str) -> str | None:
        return None

    def paragraph(self, ref: str) -> str | None:
        return None

    def rule(self, rule_id: str, chapter: int) -> str | None:
        return None

    def predicate(self, name: str) -> str | None:
        return None

    def page(self, route: str, **extra: str) -> str | None:
        return None


class Links(NoLinks):
    """Links within the server; `chart` is the query that recreates the current chart."""

    live = True

    def __init__(self, chart: Mapping[str, str | list[str]] | None = None) -> None:
        self.chart = dict(chart or {})

    def page(self, route: str, **extra: str) -> str:
        query = {**self.chart, **{k: v for k, v in extra.items() if v is not None}}
        return route + ("?" + urlencode(query, doseq=True) if query else "")

    @cached_property
    def _why_query(self) -> str:
        """The chart's part of every why link of a page, encoded once (a judge page has some fifty)."""
        chart = {k: v for k, v in self.chart.items() if k not in ("school2", "fact")}  # the question too: a proof may rest on it
        return urlencode(chart, doseq=True)

    def why(self, fact: str) -> str:
        fact_query = urlencode({"fact": fact})
        return "/why?" + (f"{self._why_query}&{fact_query}" if self._why_query else fact_query)

    def paragraph(self, ref: str) -> str:
        chapter = ref.split(".", 1)[0]
        return f"/rulebook/{chapter}#{quote(anchor('p', ref))}"

    def rule(self, rule_id: str, chapter: int) -> str:
        return f"/rulebook/{chapter}#{quote(anchor('rule', rule_id))}"

    def predicate(self, name: str) -> str:
        return "/rulebook/predicate/" + quote(name, safe="")
