"""Benchmark the scholar's edit loop and the API, as a user meets them (issue 22): medians of whole
commands in fresh processes, cache writes included.

- edit one rule file, then `yimao judge` end to end (a copy of the shipped rulebook, a new comment
  appended to one chapter before each run, so every run rebuilds the engine from the cache);
- `yimao judge` with nothing cached (an empty cache folder each run: parse, check, compile, write);
- `yimao judge` with everything cached;
- `engine.chart(...).to_dict()` per chart against najia's chart (`Najia(verbose=0).compile`, untraced) on
  the same seeded random lines and dates, side by side in one process (najia: `pip install
  'yimao[bench]'`).

Run: python tools/bench_cache.py [--runs 7] [--charts 500]
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

JUDGE = ["judge", "--hexagram", "豐之萃", "--month", "申", "--day", "丁酉", "--question", "求财"]
EDITED = "25-月破.ym"


def _yimao() -> str:
    return str(Path(sys.executable).parent / "yimao")


def _wall(argv: list[str], cache: Path) -> float:
    """Milliseconds of one whole `yimao` command in a fresh process."""
    env = dict(os.environ, YIMAO_CACHE_DIR=str(cache))
    started = time.perf_counter()
    subprocess.run([_yimao(), *argv], check=True, capture_output=True, env=env)
    return (time.perf_counter() - started) * 1000


def edit_loop(runs: int, work: Path) -> float:
    from engine.paths import rulebook_dir

    book = work / "rulebook"
    shutil.copytree(rulebook_dir(), book)
    cache = work / "edit-cache"
    argv = [*JUDGE, "--rulebook", str(book)]
    _wall(argv, cache)  # the cache as a scholar has it before an edit
    times = []
    for run in range(runs):
        with open(book / EDITED, "a", encoding="utf-8") as out:
            out.write(f"# a scholar's note {run} {time.time_ns()}\n")
        times.append(_wall(argv, cache))
    return statistics.median(times)


def cold(runs: int, work: Path) -> float:
    times = []
    for run in range(runs):
        cache = work / f"cold-{run}"
        times.append(_wall(JUDGE, cache))
        shutil.rmtree(cache, ignore_errors=True)
    return statistics.median(times)


def cached(runs: int, work: Path) -> float:
    cache = work / "warm"
    _wall(JUDGE, cache)
    return statistics.median(_wall(JUDGE, cache) for _ in range(runs))


def inputs(count: int, seed: int = 22) -> list[tuple[str, datetime]]:
    rng = random.Random(seed)
    start = datetime(1950, 1, 1)
    return [("".join(rng.choice("6789") for _ in range(6)), start + timedelta(minutes=rng.randrange(100 * 365 * 1440)))
            for _ in range(count)]


def api_against_najia(count: int, rounds: int) -> tuple[float, float]:
    """Median ms per chart over `rounds` passes of `count` charts: ours, najia's (alternating)."""
    import engine
    from najia import Najia

    najia_value = {"7": 1, "8": 2, "9": 3, "6": 4}  # najia's codes: 少阳, 少阴, 老阳, 老阴
    cases = inputs(count)
    engine.chart(lines=cases[0][0], date=cases[0][1].strftime("%Y-%m-%dT%H:%M+08:00")).to_dict()  # warm
    Najia(verbose=0).compile(params=[najia_value[c] for c in cases[0][0]], date=cases[0][1].strftime("%Y-%m-%d %H:%M"))
    ours, theirs = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        for lines, when in cases:
            engine.chart(lines=lines, date=when.strftime("%Y-%m-%dT%H:%M+08:00")).to_dict()
        ours.append((time.perf_counter() - started) * 1000 / count)
        started = time.perf_counter()
        for lines, when in cases:
            Najia(verbose=0).compile(params=[najia_value[c] for c in lines], date=when.strftime("%Y-%m-%d %H:%M"))
        theirs.append((time.perf_counter() - started) * 1000 / count)
    return statistics.median(ours), statistics.median(theirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per median")
    parser.add_argument("--charts", type=int, default=500, help="charts per pass for the API against najia")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="yimao-bench-cache-"))
    os.environ["YIMAO_CACHE_DIR"] = str(work / "api-cache")
    try:
        print(f"python {sys.version.split()[0]}; medians of {args.runs} runs")
        print(f"edit one rule file -> `yimao judge` end to end: {edit_loop(args.runs, work):.0f} ms (target <= 600)")
        print(f"nothing cached -> `yimao judge` end to end: {cold(args.runs, work):.0f} ms (target <= 3000)")
        print(f"cached `yimao judge` end to end: {cached(args.runs, work):.0f} ms (target <= 250)")
        ours, theirs = api_against_najia(args.charts, args.runs)
        print(f"engine.chart(...).to_dict(): {ours:.2f} ms per chart; najia: {theirs:.2f} ms; "
              f"ratio {ours / theirs:.2f} (target <= 1.5), {args.charts} charts per pass")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
