"""Benchmark whole short commands as a user meets them: wall and CPU time of fresh `yimao` processes
(start-up, cached engine, work, exit), the median of --runs, optionally interleaved run for run with
another checkout so that both meet the same machine load (issue 24's `--fact` help example must
take under a second).

Run: python tools/bench_startup.py [--runs 21] [--baseline DIR] [-- COMMAND ARGS...]

Without a command it times the `--fact` help example.  `--baseline DIR` names another checkout: its
root (`git worktree add DIR <commit>`) or a folder holding its `yimao` package, put first on
PYTHONPATH for the baseline's runs (see `checkouts.py`: the baseline is checked to import its own
package, and each checkout's bytecode is compiled first).  Each checkout runs as `python -m
yimao.cli`, which ends as its own `yimao` script does; run it once first so the rulebook cache is
warm.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from checkouts import environment, prepare

FACT_EXAMPLE = ["facts", "--lines", "877987", "--month", "申", "--day", "丁酉", "--fact", "爻(位: 1, 值: 9)"]


def one_run(argv: list[str], code: Path | None) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh process."""
    env = environment(code)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "yimao.cli", *argv], stdout=subprocess.DEVNULL, check=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--baseline", type=Path, help="another checkout (its root, or a folder holding its `yimao` package)")
    parser.add_argument("command", nargs="*", help="a yimao command (default: the --fact help example)")
    args = parser.parse_args()
    argv = args.command or FACT_EXAMPLE
    prepared = prepare(args.baseline)
    codes = {"this checkout": None, **({f"baseline {args.baseline}": prepared[1]} if args.baseline else {})}
    for code in codes.values():
        one_run(argv, code)  # warm: the rulebook cache and the bytecode
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in codes}
    for _ in range(args.runs):
        for name, code in codes.items():
            times[name].append(one_run(argv, code))
    print(f"yimao {' '.join(argv)}: medians of {args.runs} fresh processes, interleaved; load average {os.getloadavg()[0]:.1f}")
    for name, runs in times.items():
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(f"  {name}: wall {statistics.median(walls):.3f} s ({min(walls):.3f}-{max(walls):.3f}), "
              f"CPU {statistics.median(cpus):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
