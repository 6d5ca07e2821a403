"""`yimao cast` and `yimao chart`: the cast lines, and the full 排盘 derived by the rules."""

from __future__ import annotations

import argparse

from ..api import resolver, rulebook_label, shown_chart
from ..chart import Chart
from ..errors import UsageError
from ..inputs import add_chart_arguments, cast_from_args, moment_from_args
from ..render.chart import chart_renderable
from ..render.output import console, print_json
from ..web.report import add_html_argument, emit
from .common import add_backend_argument, add_rulebook_argument, engine_from_args


def register(subparsers) -> None:
    cast = subparsers.add_parser("cast", help="cast the lines (coins, digits, a hexagram name, or random)",
                                 description="Cast the six lines and name the hexagram and its change.")
    add_chart_arguments(cast)
    cast.add_argument("--json", action="store_true", help="print JSON")
    add_rulebook_argument(cast)
    cast.set_defaults(run=run_cast)

    chart = subparsers.add_parser("chart", help="the 排盘: both hexagrams, pillars, 旬空, and every line",
                                  description="The chart derived by the rules of chapters 1-10 (and 12, 26): "
                                  "palace, generation, 纳甲, 五行, 六亲, 六神, 世应, 伏神, changed lines.")
    add_chart_arguments(chart)
    chart.add_argument("--json", action="store_true", help="print JSON")
    add_html_argument(chart)
    add_rulebook_argument(chart)
    add_backend_argument(chart)
    chart.set_defaults(run=run_chart)


def require_cast(args, engine):
    found = cast_from_args(args, resolver(engine).resolve)
    if found is None:
        raise UsageError("give a cast: --lines, --coins, --hexagram or --random")
    return found


def run_cast(args: argparse.Namespace) -> int:
    engine = engine_from_args(args)
    names = resolver(engine)
    cast = require_cast(args, engine)
    data = cast.to_dict()
    data["hexagram"] = names.name(cast.original)
    data["changed_hexagram"] = names.name(cast.changed) if cast.changed else None
    if args.json:
        print_json(data)
        return 0
    out = console()
    title = data["hexagram"] + (f" 之 {data['changed_hexagram']}" if data["changed_hexagram"] else "")
    out.print(title)
    for position in range(6, 0, -1):
        value = cast.lines[position - 1]
        toss = "".join(cast.tosses[position - 1]) if cast.tosses else ""
        out.print(f"{position}  {value} {cast.names[position - 1]}  {toss}")
    return 0


def chart_from_args(args: argparse.Namespace) -> Chart:
    engine = engine_from_args(args)
    cast = require_cast(args, engine)
    moment = moment_from_args(args)
    label = getattr(engine, "label", None) or rulebook_label(args.rulebook)
    return shown_chart(engine, cast, moment, label)


def run_chart(args: argparse.Namespace) -> int:
    chart = chart_from_args(args)
    data = chart.to_dict()

    def page():
        from ..web.pages import chart_page

        return chart_page(chart)

    return emit(args, lambda: data, page, lambda: console().print(chart_renderable(data)))
