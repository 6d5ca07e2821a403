"""Fuzz yimao: N generated rule files and M argument vectors, each checked against the property
"a diagnostic with a valid position, a one-line error, or success -- never an exception".

    python tools/fuzz.py --files 100000 --argv 10000 [--seed 1] [--minutes 60]

Prints the counts per outcome, the runs over 5 s, and the first failures (with the input that
caused them); exits 1 when any run failed.  Half the rule files are mutations of the shipped
rulebook, half generated from the grammar's constructs (tools/fuzzing.py).  --minutes stops early,
saying how many were run.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.setrecursionlimit(1000)  # what the CLI runs with

from fuzzing import SLOW, warm_up, argument_vector, argv_outcome, generated_rule_file, mutated_rule_file, rule_file_outcome, shipped_sources  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--argv", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="stop each part after this long")
    args = parser.parse_args()
    failures: list[str] = []
    sources = shipped_sources()

    def part(name: str, count: int, make, judge) -> None:
        rng = random.Random(f"{args.seed}-{name}")
        kinds: collections.Counter = collections.Counter()
        slow, slowest, done = 0, 0.0, 0
        started = time.monotonic()
        for i in range(count):
            if args.minutes and time.monotonic() - started > args.minutes * 60:
                break
            subject = make(rng, i)
            outcome = judge(subject)
            kinds[outcome.kind] += 1
            done += 1
            slowest = max(slowest, outcome.seconds)
            if outcome.seconds > SLOW:
                slow += 1
                failures.append(f"{name} #{i} took {outcome.seconds:.1f} s: {str(subject)[:300]!r}")
            if outcome.failed:
                failures.append(f"{name} #{i} {outcome.kind}: {outcome.detail}\n    input: {str(subject)[:500]!r}")
                print(failures[-1], file=sys.stderr, flush=True)
            if done % 1000 == 0:
                print(f"  {name}: {done} run, {dict(kinds)}", file=sys.stderr, flush=True)
        failed = sum(kinds[k] for k in ("crash", "bad-position"))
        print(f"{name}: {done} of {count} run in {time.monotonic() - started:.0f} s; outcomes {dict(sorted(kinds.items()))}; "
              f"failures {failed}; over {SLOW:.0f} s: {slow} (slowest {slowest:.2f} s)", flush=True)

    with tempfile.TemporaryDirectory() as folder:
        def rule_file(rng, i):
            return mutated_rule_file(rng, sources) if i % 2 == 0 else generated_rule_file(rng)

        part("rule files", args.files, rule_file, lambda content: rule_file_outcome(content, Path(folder)))
    warm_up()
    part("argument vectors", args.argv, lambda rng, i: argument_vector(rng), argv_outcome)
    for line in failures[:20]:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
