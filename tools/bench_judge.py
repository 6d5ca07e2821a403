"""Benchmark `judge` with the whole current rulebook: N seeded random charts and moments, for each
question of the catalog, median ms per judgement (verdicts with the 用神's proof, as `yimao judge
--json` builds them) and peak memory; the time to make a judgement's plan for inputs of a
signature not met before; plus rulebook load time cold (parse, check, compile) and from the on-disk
cache, in this process and in fresh ones (where the first judgement also pays for what the cache
defers: join code unmarshalled, the plan pruned for the inputs, indexes built), and `yimao judge`
end to end.

Run: python tools/bench_judge.py [--charts 1000] [--question 疾病] [--runs 5] [--judge-only]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime, timedelta

from yimao import rulebook
from yimao.api import evaluate_chart
from yimao.calendar import Moment
from yimao.cast import Cast
from yimao.judge import Judgement, judged, parse_question


def charts(count: int, seed: int = 2024):
    rng = random.Random(seed)
    start = datetime(1950, 1, 1)
    for i in range(count):
        cast = Cast.random(rng.randrange(2**31))
        when = start + timedelta(seconds=rng.randrange(100 * 365 * 86400))
        yield cast, Moment.from_datetime(when)


def load_times(runs: int) -> tuple[float, float]:
    cold, cached = [], []
    for _ in range(runs):
        rulebook._CACHE.clear()
        started = time.perf_counter()
        rulebook.load_engine(use_cache=False)
        cold.append((time.perf_counter() - started) * 1000)
    rulebook.load_engine()  # make sure the disk cache holds this rulebook
    for _ in range(runs):
        rulebook._CACHE.clear()
        started = time.perf_counter()
        rulebook.load_engine()
        cached.append((time.perf_counter() - started) * 1000)
    return statistics.median(cold), statistics.median(cached)


FRESH = """
import time
started = time.perf_counter()
from yimao import rulebook
from yimao.api import evaluate_chart, moment
from yimao.cast import Cast
from yimao.judge import Judgement, judged, parse_question
imported = time.perf_counter()
engine = rulebook.load_engine()
loaded = time.perf_counter()
question = parse_question(engine.program, engine.program.questions[0].name)
Judgement(question, evaluate_chart(engine, Cast.from_lines("987878"), moment(month="申", day="丁酉"), "bench",
                                   question.facts(), judged(engine.program, question))).to_dict()
done = time.perf_counter()
print((loaded - imported) * 1000, (done - loaded) * 1000)
"""


def plan_times(engine, names: list[str], cases: list) -> list[float]:
    """ms to make the plan of one judgement for a signature not met before (the plans forgotten
    first): one per question, each on one of the charts."""
    from yimao.chart import base_facts

    times = []
    # (a checkout before `Relevance.forget` kept its plans in `cache` alone)
    forget = getattr(engine.relevance, "forget", engine.relevance.cache.clear)
    for i, name in enumerate(names):
        question = parse_question(engine.program, name)
        cast, moment = cases[i % len(cases)]
        facts = base_facts(engine, cast, moment) + list(question.facts())
        forget()
        started = time.perf_counter()
        engine.relevance.plan_for(facts, judged(engine.program, question))
        times.append((time.perf_counter() - started) * 1000)
    return times


def fresh_processes(runs: int) -> tuple[float, float, float]:
    """Medians over fresh interpreters: cached load, first judgement, and `yimao judge` wall time."""
    loads, firsts, walls = [], [], []
    command = [sys.executable, "-m", "yimao.cli", "judge", "--hexagram", "豐之萃", "--month", "申", "--day", "丁酉",
               "--question", "求财"]
    for _ in range(runs):
        load, first = map(float, subprocess.run([sys.executable, "-c", FRESH], check=True, capture_output=True,
                                                text=True).stdout.split())
        loads.append(load)
        firsts.append(first)
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        walls.append((time.perf_counter() - started) * 1000)
    return statistics.median(loads), statistics.median(firsts), statistics.median(walls)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--charts", type=int, default=1000)
    parser.add_argument("--question", default=None, help="default: every question of the catalog in turn")
    parser.add_argument("--runs", type=int, default=5, help="runs for the load-time medians")
    parser.add_argument("--judge-only", action="store_true", help="skip the load-time measurements")
    args = parser.parse_args()
    import os

    os.environ.setdefault("YIMAO_CACHE_DIR", tempfile.mkdtemp(prefix="yimao-bench-"))
    if not args.judge_only:
        cold, cached = load_times(args.runs)
        fresh_load, first, wall = fresh_processes(args.runs)
    engine = rulebook.load_engine()
    program = engine.program
    names = [args.question] if args.question else [q.name for q in program.questions]
    if not names:
        print("the rulebook declares no question yet; nothing to judge")
        return 1
    cases = list(charts(args.charts))
    print(f"python {sys.version.split()[0]}; rulebook: {len(program.rules)} rules, {len(program.tables)} tables")
    if not args.judge_only:
        print(f"load: cold {cold:.0f} ms (parse, check, compile), cached {cached:.1f} ms (median of {args.runs})")
        print(f"fresh process: cached load {fresh_load:.1f} ms, first judgement {first:.1f} ms; "
              f"`yimao judge` end to end {wall:.0f} ms (median of {args.runs})")
    every, every_cpu = [], []
    for name in names:
        question = parse_question(program, name)
        gc.collect()  # start from a clean heap, not the garbage of the loads measured above
        times, cpu, weighing, verdicts = [], [], [], 0
        for cast, moment in cases:
            started, started_cpu = time.perf_counter(), time.process_time()
            judgement = Judgement(question, evaluate_chart(engine, cast, moment, "shipped", question.facts(),
                                                           judged(engine.program, question)))
            data = judgement.to_dict()
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            verdicts += len(data["verdicts"])
            started = time.perf_counter()
            Judgement(question, judgement.chart).answers()  # the weighing alone, on the same chart
            weighing.append((time.perf_counter() - started) * 1000)
        every += times
        every_cpu += cpu
        tracemalloc.start()
        cast, moment = cases[0]
        Judgement(question, evaluate_chart(engine, cast, moment, "shipped", question.facts(),
                                           judged(engine.program, question))).to_dict()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"judge {name}: {len(cases)} seeded random charts, median {statistics.median(times):.2f} ms, "
              f"p90 {sorted(times)[int(len(times) * 0.9)]:.2f} ms (CPU median {statistics.median(cpu):.2f} ms; "
              f"of which weighing the answers {statistics.median(weighing):.2f} ms), {verdicts / len(cases):.1f} "
              f"verdicts per chart, peak {peak / 2**20:.2f} MiB for one judgement")
    pruning = plan_times(engine, names, cases)  # after the judgements: their rules' code is loaded
    print(f"plan for a new signature (the rules the inputs can fire, cut to what the judgement reads): "
          f"median {statistics.median(pruning):.2f} ms over {len(pruning)} signatures")
    if len(names) > 1:
        print(f"all {len(names)} questions: median {statistics.median(every):.2f} ms, "
              f"p90 {sorted(every)[int(len(every) * 0.9)]:.2f} ms, CPU median {statistics.median(every_cpu):.2f} ms "
              f"over {len(every)} judgements")
    return 0


if __name__ == "__main__":
    sys.exit(main())
