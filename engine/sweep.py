"""`compare --sweep`: the comparison of two schools over many charts, on all cores, written
incrementally so that an interrupted sweep resumes where it stopped.

Each chart is a spec (lines plus moment flags) with a stable id; each result line of the JSONL
file records the overlay changes that altered some fact or verdict on that chart.
"""

from __future__ import annotations

import json
import os
import random
from itertools import product
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from .errors import UsageError

MOMENT_KEYS = ("date", "tz", "zi_boundary", "lunar", "leap", "time", "year", "month", "day", "hour")


def pair_specs(moment: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every original→changed pair of hexagrams (64 × 64, the diagonal being the static ones)."""
    patterns = list(product((0, 1), repeat=6))
    for original, changed in product(patterns, patterns):
        lines = "".join(str((9 if o else 6) if o != c else (7 if o else 8)) for o, c in zip(original, changed))
        yield {"id": lines, "lines": lines, **moment}


def random_specs(count: int, seed: int) -> Iterator[dict[str, Any]]:
    """N seeded random casts (three coins a line) at seeded random moments, 1950-2049."""
    from datetime import datetime, timedelta

    from .cast import Cast

    rng = random.Random(seed)
    start = datetime(1950, 1, 1)
    for i in range(count):
        lines = Cast.random(rng.randrange(2**31)).digits()
        when = (start + timedelta(seconds=rng.randrange(100 * 365 * 86400))).strftime("%Y-%m-%dT%H:%M")
        yield {"id": f"{seed}:{i}", "lines": lines, "date": when}


# -- the worker side ---------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init(rulebook, schools: tuple[str, str], question: str | None) -> None:
    from .judge import parse_question
    from .rulebook import load_engine

    engines = tuple(load_engine(rulebook, school=s) for s in schools)
    _WORKER["engines"] = engines
    _WORKER["question"] = parse_question(engines[0].program, question, None, None, None) if question else None


def _compare(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from .api import moment as make_moment
    from .cast import Cast
    from .compare import changed_keys, compare_chart

    engines, question = _WORKER["engines"], _WORKER["question"]
    extra = question.facts() if question else ()
    rows = []
    for spec in specs:
        moment_flags = {k: spec.get(k) for k in MOMENT_KEYS}
        moment_flags["leap"] = bool(moment_flags["leap"])
        comparison = compare_chart(engines, Cast.from_lines(spec["lines"]), make_moment(**moment_flags), extra)
        rows.append({"id": spec["id"], "spec": spec, "changes": sorted(changed_keys(comparison))})
    return rows


# -- the driver --------------------------------------------------------------------------------
def done_ids(path: Path) -> set[str]:
    found = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                found.add(json.loads(line)["id"])
            except (ValueError, KeyError):
                continue  # a line cut by an interruption is redone
    return found


def run_sweep(specs: Iterable[dict[str, Any]], out: Path, rulebook, schools: tuple[str, str], question: str | None,
              jobs: int | None = None, chunk: int = 32, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    # (imported here: multiprocessing costs every `yimao` command 15 ms to import)
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    specs = list(specs)
    finished = done_ids(out)
    todo = [s for s in specs if s["id"] not in finished]
    chunks = [todo[i:i + chunk] for i in range(0, len(todo), chunk)]
    jobs = jobs or os.cpu_count() or 1
    done = len(specs) - len(todo)
    if progress:
        progress(done, len(specs))
    _drop_partial_line(out)
    with out.open("a", encoding="utf-8") as sink:
        if jobs == 1:
            _init(rulebook, schools, question)
            for part in chunks:
                _write(sink, _compare(part))
                done += len(part)
                if progress:
                    progress(done, len(specs))
        else:
            with ProcessPoolExecutor(jobs, initializer=_init, initargs=(rulebook, schools, question)) as pool:
                pending = {pool.submit(_compare, part) for part in chunks}
                try:
                    while pending:
                        finished_now, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for future in finished_now:
                            rows = future.result()
                            _write(sink, rows)
                            done += len(rows)
                            if progress:
                                progress(done, len(specs))
                except KeyboardInterrupt:
                    for future in pending:
                        future.cancel()
                    raise
    return summarize(out, {s["id"] for s in specs})


def _drop_partial_line(out: Path) -> None:
    """An interrupted write may leave half a line; cut it so appended results stay one per line."""
    if not out.exists():
        return
    data = out.read_bytes()
    if data and not data.endswith(b"\n"):
        out.write_bytes(data[: data.rfind(b"\n") + 1])


def _write(sink, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        sink.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    sink.flush()


def summarize(out: Path, ids: set[str]) -> dict[str, Any]:
    """Per overlay change: in how many charts it changed something, and the first such chart."""
    counts: dict[str, int] = {}
    examples: dict[str, dict[str, Any]] = {}
    charts = 0
    seen = set()
    for line in out.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if row["id"] not in ids or row["id"] in seen:
            continue
        seen.add(row["id"])
        charts += 1
        for key in row["changes"]:
            counts[key] = counts.get(key, 0) + 1
            if key not in examples or row["id"] < examples[key]["id"]:
                examples[key] = row["spec"]
    changes = [{"change": key, "charts": counts[key], "example": examples[key]} for key in sorted(counts)]
    return {"charts": charts, "changes": changes}


def check_sweep_args(mode: str, count: int | None) -> None:
    if mode not in ("pairs", "random"):
        raise UsageError(f"--sweep takes pairs or random, not {mode!r}")
    if mode == "random" and (count is None or count < 1):
        raise UsageError("--sweep random needs --count N (at least 1)")
