"""Cross-check the durable-rules backend against our evaluator on every original→changed pair of
the chart layer (chapters 1-10): identical facts and derivations, at each of two seeded moments
(one dated, one given as 干支 only, as the book's cases give it), and with no moment for the 64
static hexagrams.  The tests run a seeded sample; this runs all 8,256 charts (some minutes).

Run: python tools/crosscheck_durable.py [--moments dated-1 ganzhi-2]
Exits 1 when a chart differs (each difference is printed), 2 when durable-rules does not import.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from yimao.backends.crosscheck import all_lines, check, dated_moment, ganzhi_moment
from yimao.backends.durable import DurableEngine, unavailable
from yimao.backends.layer import load_chart_layer

MOMENTS = {"dated": dated_moment, "ganzhi": ganzhi_moment}


def moment_of(name: str):
    kind, _, seed = name.partition("-")
    if kind not in MOMENTS or not seed.isdigit():
        raise argparse.ArgumentTypeError(f"a moment is dated-N or ganzhi-N, not {name!r}")
    return MOMENTS[kind](int(seed))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moments", nargs="+", default=["dated-1", "ganzhi-2"],
                        help="seeded moments, dated-N or ganzhi-N (default: dated-1 ganzhi-2)")
    args = parser.parse_args()
    reason = unavailable()
    if reason is not None:
        print(f"durable-rules is not available: {reason}", file=sys.stderr)
        return 2
    moments = [(name, moment_of(name)) for name in args.moments]
    layer = load_chart_layer()
    backend = DurableEngine(layer.program, layer.label)
    charts = [(lines, name, moment) for name, moment in moments for lines in all_lines()]
    charts += [(bits, "no moment", None) for bits in itertools.product((7, 8), repeat=6)]
    started, differing = time.perf_counter(), 0
    for lines, name, moment in charts:
        found = check(layer, backend, lines, moment)
        if found is not None:
            differing += 1
            print(f"{''.join(map(str, lines))} at {name}: {found}")
    print(f"{len(charts)} charts ({len(all_lines())} pairs at {', '.join(args.moments)}; 64 static hexagrams "
          f"with no moment): {differing} differ; {time.perf_counter() - started:.0f} s")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
