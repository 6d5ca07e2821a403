"""Benchmark the durable-rules backend against our evaluator on the same checked IR: the chart
layer (chapters 1-10) over N seeded charts (random coins, a random moment 1950-2049).

Run: python tools/bench_durable.py [--charts 200] [--seed 1]
Each chart is evaluated by both backends in turn (after one warm-up each, so compiling and the
input-free rules run once per build, as in use), the fact sets are checked equal, and the median
milliseconds per evaluation of each backend and their ratio are printed: wall clock, and CPU time
of this process (steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import datetime, timedelta

import yimao
from yimao.backends.durable import PINNED, DurableEngine, unavailable
from yimao.backends.layer import load_chart_layer
from yimao.cast import Cast
from yimao.chart import base_facts
from yimao.facts import Fact


def seeded_inputs(layer, count: int, seed: int) -> list[list[Fact]]:
    rng = random.Random(seed)
    charts = []
    for _ in range(count):
        cast = Cast.random(rng.randrange(2**32))
        when = datetime(1950, 1, 1) + timedelta(minutes=rng.randrange(100 * 365 * 24 * 60))
        moment = yimao.moment(date=when.strftime("%Y-%m-%dT%H:%M") + "+08:00")
        charts.append(base_facts(layer.engine, cast, moment))
    return charts


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--charts", type=int, default=200, help="seeded charts to evaluate (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    problem = unavailable()
    if problem:
        print(f"bench_durable: {problem}", file=sys.stderr)
        return 2
    layer = load_chart_layer()
    started = time.perf_counter()
    backend = DurableEngine(layer.program, layer.label)
    build_ms = (time.perf_counter() - started) * 1000
    charts = seeded_inputs(layer, args.charts, args.seed)
    layer.engine.evaluate(charts[0])
    backend.evaluate(charts[0])
    ours, theirs, ours_cpu, theirs_cpu = [], [], [], []
    for base in charts:
        started, cpu = time.perf_counter(), time.process_time()
        mine = layer.engine.evaluate(base)
        ours.append(time.perf_counter() - started)
        ours_cpu.append(time.process_time() - cpu)
        started, cpu = time.perf_counter(), time.process_time()
        other = backend.evaluate(base)
        theirs.append(time.perf_counter() - started)
        theirs_cpu.append(time.process_time() - cpu)
        if {k: set(v) for k, v in mine.relations.items()} != {k: set(v) for k, v in other.relations.items()}:
            print("bench_durable: the backends disagree on a chart; run the tests", file=sys.stderr)
            return 1
    program = layer.program
    facts = sum(len(v) for v in mine.relations.values())
    print(f"{layer.label}")
    print(f"{len(program.rules)} rules, {facts} facts per chart, {args.charts} seeded charts (seed {args.seed}); "
          f"durable build {build_ms:.0f} ms ({len(backend.changing.steps)} steps per chart, "
          f"{len(backend.fixed.steps) if backend.fixed else 0} run once)")
    print()
    print("| backend | median ms / evaluation (wall) | median ms / evaluation (CPU) |")
    print("|---|---:|---:|")
    print(f"| yimao (ours) | {median_ms(ours):.2f} | {median_ms(ours_cpu):.2f} |")
    print(f"| durable-rules {PINNED} | {median_ms(theirs):.2f} | {median_ms(theirs_cpu):.2f} |")
    print()
    print(f"durable / yimao: {median_ms(theirs) / median_ms(ours):.1f}x wall, "
          f"{median_ms(theirs_cpu) / median_ms(ours_cpu):.1f}x CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
