"""Benchmark school sweeps: CPU ms per chart for a two-school diff over a seeded uniform sample of
the chart space (every transition × month branch × day), by the full comparison (`compare_chart`
then `changed_keys`: two JSON proofs and a why-not per differing fact, as sweeps did before) and by
the lean one (`sweep.Comparer`, what sweeps run now); and charts a second on 1 and 2 local Dask
workers (the cluster started and its engines loaded before the clock starts).  Each figure is the
median of --runs runs; the projection for the whole space (2,949,120 charts; ×12 with --hours) is
the lean CPU time in space order (a few transitions, each at every day of a month, the work shared
between charts made as it comes) divided by the cores.

With --baseline DIR (a checkout's root, e.g. `git worktree add DIR <commit>`, or a folder holding
its `yimao` package), the lean figures of this checkout and of DIR, each measured in a process of
its own, alternating --rounds times (the full comparison and Dask are not measured then).

Run: python tools/bench_sweep.py [--schools 易冒,俗传] [--full 30] [--lean 300] [--block 5] [--dask 600] [--runs 3]
     python tools/bench_sweep.py --baseline DIR [--rounds 3] [--lean 200] [--block 6] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from yimao.api import moment as make_moment
from yimao.cast import Cast
from yimao.compare import changed_keys, compare_chart
from yimao.sweep import BRANCHES, Comparer, compare_chunk, space_sample

SPACE = 4096 * 12 * 60


def cpu_ms_per_chart(work, specs: list, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.process_time()
        work(specs)
        times.append((time.process_time() - started) * 1000 / len(specs))
    return statistics.median(times)


def full(comparer: Comparer):
    def run(specs):
        for spec in specs:
            moment = make_moment(month=spec["month"], day=spec["day"])
            changed_keys(compare_chart(comparer.engines, Cast.from_lines(spec["lines"]), moment))
    return run


def forget(comparer: Comparer) -> None:
    """Drop the casts and moments the comparer has met, and their layers."""
    for scoped in comparer.shared.cast + comparer.shared.moment:
        scoped.made.clear()
        scoped.met.clear()


def in_space_order(comparer: Comparer, transitions_count: int, runs: int) -> tuple[float, float]:
    """CPU ms a chart over a block of the space as a sweep of it meets it: some transitions, each at
    the 60 days of one month branch, one after the other, the layers made as they come (a whole
    sweep meets each cast at 720 moments and each moment with 4,096 casts: cheaper still)."""
    import random

    from yimao.sweep import _space_spec, space_moments, transitions

    picked = random.Random(2026).sample(list(transitions()), transitions_count)
    block = [_space_spec(lines, moment) for lines in picked for moment in space_moments(["寅"], False)]
    times: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(runs):
        for sharing in (False, True):  # run for run, so both meet the same machine
            forget(comparer)
            comparer.shared.sharing = sharing
            started = time.process_time()
            comparer.compare(block)
            times[sharing].append((time.process_time() - started) * 1000 / len(block))
    return statistics.median(times[False]), statistics.median(times[True])


def dask_rate(workers: int, schools: tuple[str, str], specs: list, runs: int) -> float:
    from dask.distributed import Client, LocalCluster, wait

    chunks = [specs[i:i + 30] for i in range(0, len(specs), 30)]
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=60) as cluster, Client(cluster) as client:
        client.run(compare_chunk, None, schools, None, specs[:1])  # every worker loads its engines
        rates = []
        for _ in range(runs):
            started = time.perf_counter()
            wait([client.submit(compare_chunk, None, schools, None, part, pure=False) for part in chunks])
            rates.append(len(specs) / (time.perf_counter() - started))
    return statistics.median(rates)


def lean_figures(comparer: Comparer, sample: list, args: argparse.Namespace) -> dict[str, float]:
    """CPU ms a chart by the lean comparison: over the uniform sample (each chart met once), and in
    space order evaluating each chart whole and sharing the work."""
    def lean(specs):  # each run meets every chart anew, as a sweep of a uniform sample does
        forget(comparer)
        comparer.compare(specs)

    figures = {"uniform": cpu_ms_per_chart(lean, sample[:args.lean], args.runs)}
    if args.block:
        figures["whole"], figures["shared"] = in_space_order(comparer, args.block, args.runs)
    return figures


def against_baseline(args: argparse.Namespace) -> None:
    """The lean figures of this checkout and of --baseline, each in a process of its own, the two
    alternating --rounds times so that both meet the same machine."""
    import json
    import subprocess
    import sys
    import tempfile

    from checkouts import environment, prepare

    codes = prepare(args.baseline)
    names = ["this checkout", f"baseline {args.baseline}"]
    flags = ["--schools", args.schools, "--full", str(args.full), "--lean", str(args.lean), "--dask", str(args.dask),
             "--block", str(args.block), "--runs", str(args.runs), "--figures-only"]
    found: list[list[dict]] = [[], []]
    with tempfile.TemporaryDirectory(prefix="yimao-bench-sweep-") as work:
        for _ in range(args.rounds):
            for n, code in enumerate(codes):
                env = environment(code, YIMAO_CACHE_DIR=str(Path(work) / f"cache-{n}"))
                done = subprocess.run([sys.executable, __file__, *flags], check=True, capture_output=True, text=True, env=env)
                found[n].append(json.loads(done.stdout))
    print(f"{args.schools}: lean comparison, CPU ms a chart, {args.rounds} rounds alternating (each a median of {args.runs} runs)")
    for key, label in (("uniform", f"uniform sample ({args.lean} charts)"),
                       ("whole", f"space order, each chart whole ({args.block} transitions x 60 days)"),
                       ("shared", "space order, the work shared")):
        rows = [[round(f[key], 2) for f in figures if key in f] for figures in found]
        if all(rows):
            print(f"  {label}: " + "; ".join(f"{name} {statistics.median(row):.2f} {row}" for name, row in zip(names, rows)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schools", default="易冒,俗传")
    parser.add_argument("--full", type=int, default=30, help="charts for the full comparison (0: skip)")
    parser.add_argument("--lean", type=int, default=300, help="charts for the lean comparison")
    parser.add_argument("--dask", type=int, default=600, help="charts for the Dask throughput (0: skip)")
    parser.add_argument("--block", type=int, default=5, help="transitions for the space-order figure (0: skip)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout: its lean figures beside this one's (see tools/checkouts.py)")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: alternations of the two")
    parser.add_argument("--figures-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.baseline:
        against_baseline(args)
        return
    schools = tuple(args.schools.split(","))
    comparer = Comparer(None, schools, None)
    # (the sample drawn for the largest of the counts, each figure taking its first charts)
    sample = space_sample(BRANCHES, False, max(args.full, args.lean, args.dask), 2026)
    comparer.compare(sample[:5])  # warm: join code unmarshalled, plans pruned
    if args.figures_only:
        import json

        print(json.dumps(lean_figures(comparer, sample, args)))
        return
    figures = lean_figures(comparer, sample, args)
    after = figures["uniform"]
    print(f"{schools[0]} vs {schools[1]}, a seeded uniform sample of the space (median of {args.runs} runs)")
    if args.full:
        before = cpu_ms_per_chart(full(comparer), sample[:args.full], args.runs)
        print(f"  full comparison: {before:7.1f} ms CPU a chart ({args.full} charts)")
        print(f"  lean comparison: {after:7.1f} ms CPU a chart ({args.lean} charts), {before / after:.1f}x less")
    else:
        print(f"  lean comparison: {after:7.1f} ms CPU a chart ({args.lean} charts)")
    ordered = after
    if args.block:
        unshared, ordered = figures["whole"], figures["shared"]
        print(f"  lean comparison in space order ({args.block} transitions x 60 days): {unshared:7.1f} ms CPU a chart "
              f"evaluating each chart whole, {ordered:7.1f} ms sharing the work (see engine/shared_work.py)")
    for cores in (2, 64):
        print(f"  whole space ({SPACE:,} charts) on {cores} cores: {SPACE * ordered / 1000 / 3600 / cores:.1f} h "
              f"(with --hours: {12 * SPACE * ordered / 1000 / 3600 / cores:.1f} h); "
              f"one month branch ({SPACE // 12:,}): {SPACE // 12 * ordered / 1000 / 3600 / cores:.2f} h")
    if args.dask:
        one = dask_rate(1, schools, sample[:args.dask], args.runs)
        two = dask_rate(2, schools, sample[:args.dask], args.runs)
        print(f"  Dask LocalCluster: 1 worker {one:.1f} charts/s, 2 workers {two:.1f} charts/s ({two / one:.2f}x)")


if __name__ == "__main__":
    main()
