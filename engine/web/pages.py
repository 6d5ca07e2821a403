"""Page builders shared by the server and the `--html` reports: a domain object in, a template
name and its context out.  The context holds only plain data (strings, numbers, lists, dicts), so
the templates decide nothing beyond layout and the output is deterministic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..chart import Chart
from ..compare import Comparison, Side
from ..explain import Explainer, describe
from ..facts import Conclusion
from ..judge import Judgement
from ..whynot import WhyNot
from .chart_view import chart_view
from .links import NoLinks
from .proofs import ProofPages

if TYPE_CHECKING:
    from ..commands.explain import Why

Page = tuple[str, dict[str, Any]]
STANDALONE = NoLinks()  # a report: no links that need the server


def _hexagram_title(data: dict[str, Any]) -> str:
    names = [info["name"] for info in (data["hexagram"], data["changed"]) if info]
    return " 之 ".join(str(n) for n in names) or "chart"


def chart_page(chart: Chart, links: NoLinks = STANDALONE) -> Page:
    data = chart.to_dict()
    return "chart.html", {"title": f"{_hexagram_title(data)} · 排盘", "chart": chart_view(data, links), "links": links}


# How many levels of each verdict's proof a served judge page shows; a deeper level is a link to
# its own proof page.  A report file (no server to follow a link) shows every level.
PAGE_PROOF_DEPTH = 4


def _verdict_rows(judgement: Judgement, pages: ProofPages) -> list[dict[str, Any]]:
    """Every 断: the standing ones with their proof, the defeated ones with what defeated them."""
    depth = PAGE_PROOF_DEPTH if pages.links.live else None
    rows = [{**row, "proof": pages.node(row["proof"])} for row in judgement.verdicts(proofs=True, depth=depth)]
    answers = judgement.weighed()
    unresolved = {r.rule for a in answers for pair in a.unresolved for r in pair}
    overruled = {o.loser.rule: o.winner.rule for a in answers for o in a.overruled}
    deciding = {r.rule for a in answers for r in a.decided_by}
    for row in rows:
        row["in_conflict"] = row["rule"] in unresolved and row["defeated_by"] is None
        row["overruled_by"] = overruled.get(row["rule"]) if row["defeated_by"] is None else None
        row["deciding"] = row["rule"] in deciding and row["defeated_by"] is None
        row["anchor"] = f"verdict-{row['rule']}-{'-'.join(str(v) for v in row['subject'].values())}"
    return rows


def judge_page(judgement: Judgement, links: NoLinks = STANDALONE) -> Page:
    result = judgement.chart.shown
    pages = ProofPages(result.program, links)
    use_god = judgement.use_god()
    for god in use_god:
        god["why"] = pages.node(god["why"]) if god["why"] else None
    data = judgement.chart.to_dict()
    chosen = {god["position"] for god in use_god if god["layer"] == "本"}
    conflicts = judgement.conflicts()
    for conflict in conflicts:
        conflict["paragraphs"] = [pages.rule_paragraphs(rule)[:1] for rule in conflict["rules"]]
    question = judgement.question.to_dict()
    verdicts = _verdict_rows(judgement, pages)
    return "judge.html", {
        "title": f"{question['question']} · {_hexagram_title(data)}",
        "question": question,
        "answers": judgement.answers(),
        "use_god": use_god,
        "verdicts": verdicts,
        "anchors": {row["rule"]: row["anchor"] for row in reversed(verdicts)},
        "conflicts": conflicts,
        "missing": judgement.missing(),
        "chart": chart_view(data, links, chosen),
        "links": links,
    }


def why_page(why: Why, links: NoLinks = STANDALONE) -> Page:
    pages = ProofPages(why.result.program, links)
    explainer = why.explainer
    reason = None
    if not why.matching and not why.defeated:
        whynot = WhyNot(why.result)
        reason = pages.reason(whynot.to_json(whynot.explain_query(why.pattern, 3)))
    return "why.html", {
        "title": f"why {why.query}",
        "query": why.query,
        "holds": bool(why.matching),
        "proofs": [pages.node(explainer.to_json(node)) for node in why.proofs],
        "defeated": [pages.node(explainer.to_json(node)) for node in why.defeated],
        "reason": reason,
        "chart": chart_view(why.chart.to_dict(), links) if why.chart else None,
        "links": links,
    }


def _absent_verdict(lacks: Side, row: dict[str, Any], pages: ProofPages) -> dict[str, Any]:
    """Why a verdict that holds on one side is not standing on the other."""
    result = lacks.chart.result
    for defeat in result.defeats:
        head = defeat.head
        if isinstance(head, Conclusion) and head.rule == row["rule"] and describe(result.program, head) == row["verdict"]:
            explainer = Explainer(result)
            return {"status": "defeated", "proof": pages.node(explainer.to_json(explainer.defeat_node(defeat, 4)))}
    if row["rule"] not in {rule.id for rule in result.program.rules}:
        return {"status": "no-rule", "detail": f"{lacks.name} has no rule {row['rule']}"}
    return {"status": "not-derived", "detail": f"{row['rule']} does not fire in {lacks.name}"}


def compare_page(comparison: Comparison, links: NoLinks = STANDALONE) -> Page:
    sides = {side.name: side for side in (comparison.a, comparison.b)}
    pages = {name: ProofPages(side.engine.program, links) for name, side in sides.items()}
    data = comparison.to_dict()
    rows = []
    for kind, key in (("fact", "facts"), ("verdict", "verdicts")):
        for row in data[key]:
            holds, lacks = row["holds_in"], row["absent_in"]
            if kind == "fact":
                absent = {"status": "absent", "reason": pages[lacks].reason(row["why_absent"])}
            else:
                absent = _absent_verdict(sides[lacks], row, pages[lacks])
            rows.append({"kind": kind, "text": row[kind], "holds_in": holds, "absent_in": lacks,
                         "proof": pages[holds].node(row["proof"]), "absent": absent, "changes": row["changes"]})
    names = [comparison.a.name, comparison.b.name]
    return "compare.html", {
        "title": f"{names[0]} vs {names[1]} · {_hexagram_title(data['chart'])}",
        "schools": names,
        "rows": rows,
        "summary": data["summary"],
        "chart": chart_view(data["chart"], links),
        "links": links,
    }

