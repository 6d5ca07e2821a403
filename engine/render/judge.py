"""A judgement in the terminal: the answers first (the answer, its strength, the deciding rulings
and the 应期), then the chart and the 用神, then what supported, what was overruled and by which
precedence, what was defeated, and what stays unresolved."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from ..answers import NO_RULING
from ..explain import quoted_clause
from .chart import chart_renderable


def _cited(line: Text, item: dict[str, Any]) -> Text:
    line.append(f"  ← {item['rule']} §{item['cite']} {quoted_clause(item['cite'], item['quotes'])}", style="green")
    return line


def _ruling(prefix: str, item: dict[str, Any], style: str = "") -> Text:
    line = Text(prefix)
    line.append(f"断 {item['word']}", style=style or "bold")
    if item["strength"]:
        line.append(f" {item['strength']}")
    line.append(f"  {'；'.join(dict.fromkeys(item['texts']))}")
    return _cited(line, item)


def _timing(timing: dict[str, Any] | None) -> list[Text]:
    if not timing:
        return []
    primary = timing["primary"]
    line = Text("  应期 ", style="bold")
    line.append(primary["when"], style="bold")
    line.append(f"  ({primary['method'] + ', ' if primary['method'] else ''}{primary['by']})", style="dim")
    lines = [line]
    if timing["alternatives"]:
        alternatives = "; ".join(f"{a['when']} ({a['method'] + ', ' if a['method'] else ''}{a['by']})" for a in timing["alternatives"])
        lines.append(Text(f"    or {alternatives}", style="dim"))
    return lines


def answer_lines(answer: dict[str, Any]) -> list[Text]:
    head = Text()
    undecided = answer["side"] is None
    head.append(f"答 {answer['sub_question']}: ", style="bold")
    if answer.get("asks") == "应期" and answer["timing"] and not undecided:  # a question that asks when
        head.append(f"{answer['timing']['primary']['when']} · ", style="bold")
    nothing = answer["answer"] == NO_RULING
    head.append(answer["answer"], style="dim" if nothing else "bold yellow" if undecided
                else ("bold red" if answer["side"] == "凶" else "bold green"))
    if answer["side"] and answer["side"] != answer["answer"]:
        head.append(f" ({answer['side']})")
    if answer["strength"]:
        head.append(f"  {answer['strength']}")
    head.append(f"   [{answer['axis']}]", style="dim")
    lines = [head]
    lines += [_ruling("  决 ", item) for item in answer["decided_by"]]
    if undecided and answer["unresolved"]:
        for pair in answer["unresolved"]:
            lines.append(Text(f"  未决: {pair['rules'][0]} §{pair['cites'][0]} ({pair['words'][0]}) vs "
                              f"{pair['rules'][1]} §{pair['cites'][1]} ({pair['words'][1]}): no precedence of the book decides",
                              style="yellow"))
    elif nothing:
        lines.append(Text("  no encoded ruling speaks to this question on this chart", style="dim"))
    lines += _timing(answer["timing"])
    return lines


def judgement_renderable(data: dict[str, Any]) -> Group:
    q = data["question"]
    stated = "".join(f"  {name} {value}" for name, value in q.get("given", {}).items())
    parts = [Text(f"问 {q['question']}{'.' + q['sub_question'] if q['sub_question'] else ''}  所问 {q['about']}{stated}",
                  style="bold")]
    for answer in data["answers"]:
        parts += answer_lines(answer)
    parts.append(chart_renderable(data["chart"]))
    if data["use_god"]:
        for god in data["use_god"]:
            parts.append(Text(f"用神: 第{god['position']}爻 ({god['layer']}{' ' + god['relative'] if god['relative'] else ''})  ← {god['rule']}", style="bold"))
    else:
        parts.append(Text("用神: none chosen (no rule selects one for this question and chart)", style="yellow"))
    placed = set()
    for answer in data["answers"]:
        placed |= {r["rule"] for key in ("decided_by", "supported_by", "overruled") for r in answer[key]}
        for item in answer["supported_by"]:
            parts.append(_ruling("佐 " if answer["side"] else "standing ", item))
        for item in answer["overruled"]:
            line = _ruling("overruled ", item, "dim strike")
            precedence = item["precedence"]
            line.append(f"  by {item['by']} (precedence {precedence['id']} §{precedence['cite']}"
                        f" {quoted_clause(precedence['cite'], precedence['quotes']) if precedence['cite'] else ''})", style="red")
            parts.append(line)
    for verdict in data["verdicts"]:
        if verdict["rule"] in placed and not verdict["defeated_by"]:
            continue
        line = Text()
        line.append(f"断 {verdict['polarity']}", style="dim strike" if verdict["defeated_by"] else "")
        if verdict["timing"]:
            line.append(f"  应期 {verdict['timing']}")
        line.append(f"  {verdict['text']}")
        _cited(line, verdict)
        if verdict["defeated_by"]:
            line.append(f"  DEFEATED by {verdict['defeated_by']}", style="red")
        else:
            line.append("  (on no answer of this question)", style="dim")
        parts.append(line)
    if data["missing"]:
        parts.append(Text("missing: " + "; ".join(data["missing"]), style="dim"))
    return Group(*parts)
