"""Benchmark the scholar's edit loop and the API, as a user meets them (issue 22): medians of whole
commands in fresh processes, cache writes included.

- edit one rule file, then `yimao judge` end to end (a copy of the shipped rulebook, a new comment
  appended to one chapter before each run, so every run rebuilds the engine from the cache);
- `yimao judge` with nothing cached (an empty cache folder each run: parse, check, compile, write);
- `yimao judge` with everything cached;
- `yimao.chart(...).to_dict()` per chart against najia's chart (`Najia(verbose=0).compile`, untraced) on
  the same seeded random lines and dates, side by side in one process (najia: `pip install
  'yimao[bench]'`).

Run: python tools/bench_cache.py [--runs 7] [--charts 500] [--baseline DIR]

`--baseline DIR` measures another checkout of the project (e.g. `git worktree add DIR <commit>`, or
a folder holding its `yimao` package) as well, each run of it right after the same run of this one,
so that both meet the same machine load: the figures before and after a change, side by side.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from checkouts import environment, prepare

JUDGE = ["judge", "--hexagram", "豐之萃", "--month", "申", "--day", "丁酉", "--question", "求财"]
EDITED = "25-月破.ym"



def _env(cache: Path, code: Path | None) -> dict[str, str]:
    """The environment of a `yimao` process: its cache, and the checkout whose engine it runs."""
    return environment(code, YIMAO_CACHE_DIR=str(cache))


def _wall(argv: list[str], cache: Path, code: Path | None = None) -> float:
    """Milliseconds of one whole `yimao` command in a fresh process (`python -m yimao.cli`, which
    runs as the `yimao` script of the same checkout does, whichever checkout PYTHONPATH names)."""
    env = _env(cache, code)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "yimao.cli", *argv], check=True, capture_output=True, env=env)
    return (time.perf_counter() - started) * 1000


def edit_loop(runs: int, work: Path, codes: list[Path | None]) -> list[float]:
    from yimao.paths import rulebook_dir

    argvs = []
    for n, code in enumerate(codes):
        book = work / f"rulebook-{n}"
        shutil.copytree(rulebook_dir(), book)
        argvs.append((book, [*JUDGE, "--rulebook", str(book)], work / f"edit-cache-{n}", code))
        _wall(argvs[-1][1], argvs[-1][2], code)  # the cache as a scholar has it before an edit
    times: list[list[float]] = [[] for _ in codes]
    for run in range(runs):
        for n, (book, argv, cache, code) in enumerate(argvs):
            with open(book / EDITED, "a", encoding="utf-8") as out:
                out.write(f"# a scholar's note {run} {time.time_ns()}\n")
            times[n].append(_wall(argv, cache, code))
    return [statistics.median(t) for t in times]


def cold(runs: int, work: Path, codes: list[Path | None]) -> list[float]:
    times: list[list[float]] = [[] for _ in codes]
    for run in range(runs):
        for n, code in enumerate(codes):
            cache = work / f"cold-{n}-{run}"
            times[n].append(_wall(JUDGE, cache, code))
            shutil.rmtree(cache, ignore_errors=True)
    return [statistics.median(t) for t in times]


def cached(runs: int, work: Path, codes: list[Path | None]) -> list[float]:
    times: list[list[float]] = [[] for _ in codes]
    for n, code in enumerate(codes):
        _wall(JUDGE, work / f"warm-{n}", code)
    for run in range(runs):
        for n, code in enumerate(codes):
            times[n].append(_wall(JUDGE, work / f"warm-{n}", code))
    return [statistics.median(t) for t in times]


def inputs(count: int, seed: int = 22) -> list[tuple[str, datetime]]:
    rng = random.Random(seed)
    start = datetime(1950, 1, 1)
    return [("".join(rng.choice("6789") for _ in range(6)), start + timedelta(minutes=rng.randrange(100 * 365 * 1440)))
            for _ in range(count)]


def api_against_najia(count: int, rounds: int) -> tuple[float, float]:
    """Median ms per chart over `rounds` passes of `count` charts: ours, najia's (alternating)."""
    import yimao
    from najia import Najia

    najia_value = {"7": 1, "8": 2, "9": 3, "6": 4}  # najia's codes: 少阳, 少阴, 老阳, 老阴
    cases = inputs(count)
    yimao.chart(lines=cases[0][0], date=cases[0][1].strftime("%Y-%m-%dT%H:%M+08:00")).to_dict()  # warm
    Najia(verbose=0).compile(params=[najia_value[c] for c in cases[0][0]], date=cases[0][1].strftime("%Y-%m-%d %H:%M"))
    ours, theirs = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        for lines, when in cases:
            yimao.chart(lines=lines, date=when.strftime("%Y-%m-%dT%H:%M+08:00")).to_dict()
        ours.append((time.perf_counter() - started) * 1000 / count)
        started = time.perf_counter()
        for lines, when in cases:
            Najia(verbose=0).compile(params=[najia_value[c] for c in lines], date=when.strftime("%Y-%m-%d %H:%M"))
        theirs.append((time.perf_counter() - started) * 1000 / count)
    return statistics.median(ours), statistics.median(theirs)


def reloads(runs: int, work: Path) -> float:
    """Median ms of loading the engine again in this process after one rule file is edited, as
    the workbench serving a rulebook being edited does (and an API caller loading it in a loop);
    the new engine's cache entry is written in process, as a library call writes it."""
    from yimao.paths import rulebook_dir
    from yimao.rulebook import load_engine

    book = work / "rulebook"
    shutil.copytree(rulebook_dir(), book)
    load_engine([book])
    times = []
    for run in range(runs):
        with open(book / EDITED, "a", encoding="utf-8") as out:
            out.write(f"# a scholar's note {run} {time.time_ns()}\n")
        started = time.perf_counter()
        load_engine([book])
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _reloads(runs: int, work: Path, code: Path | None) -> float:
    """`reloads` in a process of its own running `code`'s engine, on a cache as a scholar has it."""
    done = subprocess.run([sys.executable, __file__, "--reload-only", "--runs", str(runs)], check=True,
                          capture_output=True, text=True, env=_env(work, code))
    return float(done.stdout)


def _api(charts: int, runs: int, work: Path, code: Path | None) -> tuple[float, float]:
    """(ours, najia's) ms per chart, in a process of its own running `code`'s engine."""
    done = subprocess.run([sys.executable, __file__, "--api-only", "--charts", str(charts), "--runs", str(runs)],
                          check=True, capture_output=True, text=True, env=_env(work / "api-cache", code))
    ours, theirs = map(float, done.stdout.split())
    return ours, theirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per median")
    parser.add_argument("--charts", type=int, default=500, help="charts per pass for the API against najia")
    parser.add_argument("--baseline", type=Path, help="another checkout, measured alongside (before/after)")
    parser.add_argument("--api-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--reload-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.api_only:
        print(*api_against_najia(args.charts, args.runs))
        return 0
    if args.reload_only:
        work = Path(tempfile.mkdtemp(prefix="yimao-bench-reload-"))
        try:
            print(reloads(args.runs, work))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return 0
    codes = prepare(args.baseline)
    names = ["this checkout"] + ([f"baseline {args.baseline}"] if args.baseline else [])
    work = Path(tempfile.mkdtemp(prefix="yimao-bench-cache-"))

    def show(label: str, figures: list[float], target: str) -> None:
        print(f"{label}: " + "; ".join(f"{name} {figure:.0f} ms" for name, figure in zip(names, figures)) + f" (target {target})")

    try:
        print(f"python {sys.version.split()[0]}; medians of {args.runs} runs; load average {os.getloadavg()[0]:.1f}")
        show("edit one rule file -> `yimao judge` end to end", edit_loop(args.runs, work, codes), "<= 600 ms")
        show("nothing cached -> `yimao judge` end to end", cold(args.runs, work, codes), "<= 3000 ms")
        show("cached `yimao judge` end to end", cached(args.runs, work, codes), "<= 250 ms")
        figures = []
        for _ in range(2):  # alternating, so both codes meet the same load
            figures.append([_reloads(args.runs, work / f"reload-cache-{n}", code) for n, code in enumerate(codes)])
        show("in a running process (the workbench, the API): edit one rule file -> the engine loaded again",
             [statistics.median(f) for f in zip(*figures)], "none; the issue asks that it reload only what changed")
        for name, code in zip(names, codes):
            ours, theirs = _api(args.charts, args.runs, work, code)
            print(f"{name}: yimao.chart(...).to_dict() {ours:.2f} ms per chart, najia {theirs:.2f} ms, "
                  f"ratio {ours / theirs:.2f} (target <= 1.5; {args.charts} charts per pass)")
        print(f"load average at the end {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
