"""The chart as a terminal table: both hexagrams, pillars, void, and one row per line (top first)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..chart import LINE_NAMES, solar_term_text

MARKS = {9: "○", 6: "×"}
BARS = {True: "━━━━━━━", False: "━━━ ━━━"}


def _hexagram(info: dict[str, Any] | None) -> str:
    if not info:
        return "-"
    parts = [info["name"]]
    if info.get("palace"):
        parts.append(f"{info['palace']}宫{info.get('palace_element') or ''}")
    if info.get("generation"):
        parts.append(info["generation"])
    return " ".join(parts)


def _cell(*values) -> str:
    return "".join(str(v) for v in values if v) or "-"


def chart_renderable(data: dict[str, Any]) -> Group:
    pillars = data["pillars"]
    header = Text()
    header.append(_hexagram(data["hexagram"]), style="bold")
    if data["changed"]:
        header.append("  之  ")
        header.append(_hexagram(data["changed"]), style="bold")
    when = Text("  ".join(f"{label}{pillars[key] or '?'}" for label, key in
                          (("年", "year"), ("月", "month"), ("日", "day"), ("时", "hour"))))
    if data["void"]:
        when.append(f"  旬空 {''.join(data['void'])}")
    if data.get("moment") and data["moment"].get("solar_term"):
        when.append(f"  {solar_term_text(data['moment'])}")
    table = Table(show_edge=False, pad_edge=False)
    for column in ("爻", "六神", "伏神", "六亲 干支 五行", "卦", "", "世应", "变", "marks"):
        table.add_column(column)
    for line in reversed(data["lines"]):
        yang = line["value"] in (7, 9)
        hidden = line["hidden"]
        changed = line["changed"]
        table.add_row(
            f"{LINE_NAMES[line['position'] - 1]} {line['position']}",
            line["spirit"] or "-",
            _cell(hidden["relative"], hidden["stem"], hidden["branch"], hidden["element"]) if hidden else "",
            f"{line['relative'] or '-'} {_cell(line['stem'], line['branch'])} {line['element'] or '-'}",
            BARS[yang],
            MARKS.get(line["value"], ""),
            line["role"] or "",
            f"{changed['relative'] or '-'} {_cell(changed['stem'], changed['branch'])} {changed['element'] or '-'}" if changed else "",
            " ".join(line.get("marks", ())),
        )
    parts = [header, when, table]
    if data.get("missing"):
        parts.append(Text("missing inputs: " + ", ".join(data["missing"]), style="dim"))
    return Group(*parts)
