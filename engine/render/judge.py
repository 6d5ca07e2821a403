"""A judgement in the terminal: the chart, the 用神 and why, the verdicts, conflicts, missing inputs."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from ..explain import quoted_clause
from .chart import chart_renderable


def judgement_renderable(data: dict[str, Any]) -> Group:
    q = data["question"]
    parts = [Text(f"问 {q['question']}{'.' + q['sub_question'] if q['sub_question'] else ''}  所问 {q['about']}", style="bold"),
             chart_renderable(data["chart"])]
    if data["use_god"]:
        for god in data["use_god"]:
            parts.append(Text(f"用神: 第{god['position']}爻 ({god['layer']}{' ' + god['relative'] if god['relative'] else ''})  ← {god['rule']}", style="bold"))
    else:
        parts.append(Text("用神: none chosen (no rule selects one for this question and chart)", style="yellow"))
    if not data["verdicts"]:
        parts.append(Text("断: none of the encoded rulings applies", style="dim"))
    for verdict in data["verdicts"]:
        line = Text()
        style = "dim strike" if verdict["defeated_by"] else "bold"
        line.append(f"断 {verdict['polarity']}", style=style)
        if verdict["strength"]:
            line.append(f" {verdict['strength']}")
        if verdict["timing"]:
            line.append(f"  应期 {verdict['timing']}")
        line.append(f"  {verdict['text']}")
        line.append(f"  ← {verdict['rule']} §{verdict['cite']} {quoted_clause(verdict['cite'], verdict['quotes'])}", style="green")
        if verdict["defeated_by"]:
            line.append(f"  DEFEATED by {verdict['defeated_by']}", style="red")
        parts.append(line)
    for conflict in data["conflicts"]:
        parts.append(Text(f"CONFLICT: {conflict['rules'][0]} §{conflict['cites'][0]} ({conflict['polarities'][0]}) vs "
                          f"{conflict['rules'][1]} §{conflict['cites'][1]} ({conflict['polarities'][1]})", style="red"))
    return Group(*parts)
