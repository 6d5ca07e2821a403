"""Benchmark the evaluator on synthetic rulebooks of 200, 500, 1000 and 2000 rules over ~150 base
facts: median milliseconds per evaluation (after compiling once) and peak memory of one evaluation.

Run: python tools/bench_engine.py [--sizes 200,500] [--runs 15]
Each rule joins a base atom with a constant test, a table, an earlier rule's conclusion (every
third rule) and a negation of another's (every fifth), and fires about twice, as chart rules do.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from yimao.facts import Fact
from yimao.rulebook import load_engine

BASE_FACTS = 150
VALUES = 75  # each constant test matches two base facts


def synthetic_rulebook(rules: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    lines = ["chapter 25 月破", "input 基(键, 值)", "predicate 类(值, 类)"]
    lines += [f"predicate 派{i}(键, 类)" for i in range(rules)]
    lines.append("§25.1")
    lines.append("table 类(值, 类) { " + "; ".join(f"{v} 类{v % 12}" for v in range(1, VALUES + 1)) + " }")
    for i in range(rules):
        body = [f"基(键: K, 值: {rng.randint(1, VALUES)})", "基(键: K, 值: V)", "类(值: V, 类: T)"]
        if i >= 3 and i % 3 == 0:
            body[0] = f"派{rng.randrange(i)}(键: K, 类: _)"
        if i >= 5 and i % 5 == 0:
            body.append(f"not 派{rng.randrange(i)}(键: K, 类: T)")
        lines.append(f"rule 测.规{i} when {', '.join(body)} then 派{i}(键: K, 类: T)")
    return "\n".join(lines) + "\n"


def base_facts(seed: int = 11) -> list[Fact]:
    rng = random.Random(seed)
    return [Fact("基", (k, 1 + (k * 7 + rng.randrange(2)) % VALUES)) for k in range(BASE_FACTS)]


def measure(rules: int, runs: int) -> dict:
    folder = Path(tempfile.mkdtemp())
    (folder / "25-月破.ym").write_text(synthetic_rulebook(rules), encoding="utf-8")
    started = time.perf_counter()
    engine = load_engine([folder])
    load_ms = (time.perf_counter() - started) * 1000
    base = base_facts()
    engine.evaluate(base)  # warm-up
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = engine.evaluate(base)
        times.append((time.perf_counter() - started) * 1000)
    tracemalloc.start()
    engine.evaluate(base)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    derived = sum(len(v) for k, v in result.relations.items() if k.startswith("派"))
    return {"rules": rules, "median_ms": statistics.median(times), "load_ms": load_ms,
            "peak_mib": peak / 2**20, "derived": derived}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="200,500,1000,2000")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {BASE_FACTS} base facts, median of {args.runs} runs")
    print(f"{'rules':>6} {'derived':>8} {'median ms':>10} {'ms/rule':>8} {'peak MiB':>9} {'load ms':>8}")
    for size in (int(s) for s in args.sizes.split(",")):
        row = measure(size, args.runs)
        print(f"{row['rules']:>6} {row['derived']:>8} {row['median_ms']:>10.2f} {row['median_ms'] / size:>8.4f} "
              f"{row['peak_mib']:>9.2f} {row['load_ms']:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
