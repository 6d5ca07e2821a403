"""`yimao compare`: two schools on one chart (every differing fact and verdict, both proofs, the
overlay change responsible), or swept over many charts."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..compare import Comparison, compare_chart
from ..errors import UsageError
from ..inputs import add_chart_arguments, moment_from_args
from ..judge import parse_question
from ..render.output import console, print_json
from ..rulebook import load_engine
from ..schools import BASE_SCHOOL
from ..sweep import BRANCHES, SweepStopped, check_sweep_args, pair_specs, random_specs, run_sweep, space_moments, space_sample, space_specs
from ..sweep_store import MOMENT_KEYS, open_store
from ..web.report import add_html_argument, emit
from .chart import require_cast
from .sweep import print_summary


def register(subparsers) -> None:
    parser = subparsers.add_parser("compare", help="compare two schools on a chart, or over many charts (--sweep)",
                                   description="Every fact and verdict that differs between two schools, with the proof "
                                   "on the side where it holds and the overlay change responsible. --sweep pairs runs "
                                   "all 4096 original→changed pairs at the given moment; --sweep random --count N runs "
                                   "N seeded random charts and moments; --sweep space runs every pair at every month "
                                   "branch and day (--month B: that branch only; --hours: every hour too); all on all "
                                   "cores or a Dask cluster, resumable.")
    parser.add_argument("--school", action="append", default=[], metavar="NAME",
                        help="a school to compare (give two; one alone is compared with 易冒)")
    parser.add_argument("--question", metavar="Q[.SUB]", help="also compare the verdicts of this question; with --sweep, its answers: per change of answer (Q.SUB: a → b) how many charts, their share, an example")
    parser.add_argument("--about", metavar="WHO", help="whom the question is about")
    parser.add_argument("--sweep", metavar="pairs|random|space", help="compare over many charts")
    parser.add_argument("--count", type=int, metavar="N", help="with --sweep random: how many charts; with --sweep space: "
                        "a seeded uniform sample of N charts of the space")
    parser.add_argument("--sweep-seed", type=int, default=1, metavar="S", help="with --count: the seed (default 1)")
    parser.add_argument("--hours", action="store_true", help="with --sweep space: every hour branch as well (x12)")
    parser.add_argument("--jobs", type=int, metavar="N", help="worker processes (default: all cores)")
    parser.add_argument("--cluster", metavar="local[:N]|tcp://HOST:PORT",
                        help="run the sweep on a Dask cluster (pip install 'yimao[cluster]') instead of local processes")
    parser.add_argument("--out", metavar="FILE|DIR", help="the sweep's results: a .jsonl file, or else a folder of Parquet "
                        "files; existing results are resumed")
    add_chart_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_html_argument(parser)
    parser.add_argument("--rulebook", action="append", metavar="PATH", help="rulebook folder (with its schools/)")
    parser.set_defaults(run=run)


def _schools(args) -> tuple[str, str]:
    schools = list(args.school)
    if len(schools) == 1:
        schools.insert(0, BASE_SCHOOL)
    if len(schools) != 2 or schools[0] == schools[1]:
        raise UsageError("compare takes two different schools: --school A --school B (or one, against 易冒)")
    return schools[0], schools[1]


def _engines_and_question(args: argparse.Namespace):
    engines = tuple(load_engine(args.rulebook, school=s) for s in _schools(args))
    question = parse_question(engines[0].program, args.question, about=args.about) if args.question else None
    return engines, question


def comparison_from_args(args: argparse.Namespace) -> Comparison:
    engines, question = _engines_and_question(args)
    cast = require_cast(args, engines[0])
    return compare_chart(engines, cast, moment_from_args(args), question.facts() if question else ())


def run(args: argparse.Namespace) -> int:
    schools = _schools(args)
    if args.sweep:
        if args.html:
            raise UsageError("--html reports one chart; a --sweep writes its results with --out")
        _engines_and_question(args)  # unknown schools and questions are reported before the sweep starts
        return run_sweep_command(args, schools)
    comparison = comparison_from_args(args)
    data = comparison.to_dict()

    def page():
        from ..web.pages import compare_page

        return compare_page(comparison)

    return emit(args, lambda: data, page, lambda: _print_differences(schools, data))


def _print_differences(schools: tuple[str, str], data: dict) -> None:
    out = console()
    out.print(Text(f"{schools[0]} vs {schools[1]}: {data['summary']['facts']} fact(s) and "
                   f"{data['summary']['verdicts']} verdict(s) differ", style="bold"))
    table = Table("holds in", "fact or verdict", "change responsible")
    for row in data["facts"] + data["verdicts"]:
        changes = "; ".join(f"{c['school']} {c['kind']} {c['rule']} §{c['cite']}" for c in row["changes"]) or "-"
        table.add_row(row["holds_in"], row.get("fact") or row.get("verdict"), changes)
    out.print(table)


def _sweep_specs(args: argparse.Namespace, schools: tuple[str, str]) -> tuple[list, str, int]:
    """The charts of the sweep asked for, the name of its default results, and its chunk size."""
    if args.sweep == "space":
        given = [f"--{k.replace('_', '-')}" for k in MOMENT_KEYS if k != "month" and getattr(args, k, None)]
        if given:
            raise UsageError(f"--sweep space sets the moment itself; only --month B narrows it (not {' '.join(given)})")
        if args.month is not None and args.month not in BRANCHES:
            raise UsageError(f"--sweep space --month takes a branch (one of {''.join(BRANCHES)}), not {args.month!r}")
        months = (args.month,) if args.month else BRANCHES
        label = "space" + (f"-{args.month}" if args.month else "") + ("-hours" if args.hours else "")
        if args.count is not None:  # a seeded uniform sample of the space
            if args.count < 1:
                raise UsageError("--sweep space --count N takes at least 1")
            return space_sample(months, args.hours, args.count, args.sweep_seed), f"{label}-{args.sweep_seed}-{args.count}", 32
        return list(space_specs(months, args.hours)), label, len(space_moments(months, args.hours))
    if args.hours:
        raise UsageError("--hours goes with --sweep space")
    if args.sweep == "pairs":
        flags = {k: getattr(args, k, None) for k in MOMENT_KEYS}
        return list(pair_specs(flags if moment_from_args(args) else {})), "pairs.jsonl", 32
    return list(random_specs(args.count, args.sweep_seed)), f"random-{args.sweep_seed}-{args.count}.jsonl", 32


def run_sweep_command(args: argparse.Namespace, schools: tuple[str, str]) -> int:
    check_sweep_args(args.sweep, args.count, args.jobs)
    if args.cluster:
        from ..sweep_cluster import parse_cluster

        parse_cluster(args.cluster)
        if args.jobs:
            raise UsageError("--jobs sets local worker processes; a --cluster has its own workers")
    specs, label, chunk = _sweep_specs(args, schools)
    out = Path(args.out or f"yimao-sweep-{schools[0]}-{schools[1]}-{label}")
    store = open_store(out)
    errors = Console(stderr=True)
    with Progress(TextColumn("sweep"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=errors, transient=True) as bar:
        task = bar.add_task("sweep", total=len(specs))

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            summary = run_sweep(specs, store, args.rulebook, schools, args.question, args.jobs, chunk,
                                progress=progress, cluster=args.cluster)
        except (KeyboardInterrupt, SweepStopped) as stop:
            print(f"yimao: stopped; results so far are in {out}; run the same command to resume", file=sys.stderr)
            return 143 if isinstance(stop, SweepStopped) else 130
        except OSError as error:
            raise UsageError(f"cannot write {out}: {error.strerror or error}") from None
    summary.update(schools=list(schools), results=str(out))
    if args.json:
        print_json(summary)
        return 0
    print_summary(summary, f"{schools[0]} vs {schools[1]} over {summary['charts']} charts (results: {out})")
    return 0
