"""The 排盘 laid out for the SVG drawing: one row per line, top line first, the changed hexagram
alongside.  Geometry lives here, drawing in chart_html.py, so both stay short.

Every label is built from `Chart.to_dict()`, i.e. from derived facts; with a server each label
links to the proof of the fact it shows.
"""

from __future__ import annotations

from typing import Any

from ..chart import LINE_NAMES, solar_term_text
from .links import NoLinks

ROW = 44  # height of one line's row
TOP = 78  # room for the titles and column heads
BAR = 104  # width of a yin/yang bar
GAP = 18  # the break in a yin bar
MARKS = {9: ("○", "老阳 moves"), 6: ("×", "老阴 moves")}

# x of each column: the line's number, 六神, 伏神, the line's 六亲 干支 五行, its bar, the moving
# mark, 世/应, the marks (空 破 暗动 伏 临日 临月), then the changed line's bar and label.
X = {"number": 10, "spirit": 44, "hidden": 104, "label": 224, "bar": 346, "mark": 466, "role": 498, "marks": 556,
     "changed_bar": 660, "changed_label": 780}
WIDTH_ONE = 640
WIDTH_BOTH = 900
# The side panel's words for the conventions recorded with a chart (the JSON keeps the keys).
CONVENTION_LABELS = {
    "school": "school", "rulebook": "rulebook", "calendar": "calendar library", "time_zone": "time zone",
    "calendar_time": "calendar reckoned on", "day_boundary": "the day changes at", "day_boundary_rule": "day boundary",
    "late_zi_hour": "late 子 hour (23-24h)", "jie_instant": "this month began (节)", "note": "note",
    "moving_lines": "moving lines", "najia_qian_kun": "纳甲 of 乾 and 坤",
}
CAST_SOURCES = {"lines": "the lines as typed", "coins": "coin tosses", "hexagram": "the hexagram named", "random": "at random"}


def _joined(*parts: Any) -> str:
    return "".join(str(p) for p in parts if p)


def _label(relative: Any, stem: Any, branch: Any, element: Any) -> str:
    return f"{relative or '-'} {_joined(stem, branch) or '-'} {element or '-'}"


def _title(info: dict[str, Any] | None) -> dict[str, str] | None:
    if not info:
        return None
    detail = " ".join(p for p in (f"{info['palace']}宫{info.get('palace_element') or ''}" if info.get("palace") else "",
                                  info.get("generation") or "") if p)
    return {"name": str(info["name"]), "detail": detail}


def _row(line: dict[str, Any], index: int, links: NoLinks, use_god: set[int]) -> dict[str, Any]:
    position = line["position"]
    value = line["value"]
    changed = line["changed"]
    hidden = line["hidden"]
    mark = MARKS.get(value) if line["moving"] else None
    yang = value in (7, 9)
    return {
        "position": position,
        "number": f"{LINE_NAMES[position - 1]}{position}",
        "marks": " ".join(line.get("marks", ())),
        "value": value,
        "y": TOP + index * ROW,
        "yang": yang,
        "moving": line["moving"],
        "mark": mark[0] if mark else None,
        "mark_title": mark[1] if mark else None,
        "spirit": line["spirit"] or "-",
        "hidden": _joined(hidden["relative"], hidden["stem"], hidden["branch"], hidden["element"]) if hidden else None,
        "label": _label(line["relative"], line["stem"], line["branch"], line["element"]),
        "role": line["role"],
        "use_god": position in use_god,
        "changed_yang": (not yang) if line["moving"] else yang,
        "changed_label": _label(changed["relative"], changed["stem"], changed["branch"], changed["element"]) if changed else None,
        "href": {
            "spirit": links.why(f"六神(位: {position})"),
            "hidden": links.why(f"伏神(位: {position})"),
            "label": links.why(f"六亲(位: {position})"),
            "bar": links.why(f"纳甲(位: {position})"),
            "role": links.why(f"{line['role']}(位: {position})") if line["role"] else None,
            "changed": links.why(f"变六亲(位: {position})"),
        },
    }


def chart_view(data: dict[str, Any], links: NoLinks, use_god: set[int] | None = None) -> dict[str, Any]:
    """The chart's drawing and its side panels (pillars, 旬空, conventions, missing inputs)."""
    rows = [_row(line, i, links, use_god or set()) for i, line in enumerate(reversed(data["lines"]))]
    both = data["changed"] is not None or any(r["moving"] for r in rows)
    pillars = data["pillars"]
    moment = data.get("moment") or {}
    return {
        "rows": rows,
        "x": X,
        "bar": BAR,
        "gap": GAP,
        "row": ROW,
        "top": TOP,
        "width": WIDTH_BOTH if both else WIDTH_ONE,
        "height": TOP + 6 * ROW + 8,
        "both": both,
        "hexagram": _title(data["hexagram"]),
        "changed": _title(data["changed"]),
        "pillars": [(label, pillars[key]) for label, key in (("年", "year"), ("月", "month"), ("日", "day"), ("时", "hour"))],
        "void": "".join(data["void"]) if data["void"] else None,
        "solar_term": solar_term_text(moment) if moment.get("solar_term") else None,
        "instant": moment.get("instant"),
        "conventions": [(CONVENTION_LABELS.get(str(k), str(k).replace("_", " ")), str(v))
                        for k, v in sorted(data["conventions"].items()) if v is not None],
        "cast_source": CAST_SOURCES.get(data["cast"]["source"], data["cast"]["source"]),
        "missing": list(data["missing"]),
        "cast": data["cast"],
    }
