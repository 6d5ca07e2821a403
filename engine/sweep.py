"""`compare --sweep`: the comparison of two schools over many charts, on all cores or on a Dask
cluster, stored as it goes so that an interrupted sweep resumes where it stopped.

Each chart is a spec (lines plus moment flags) with a stable id; each result row records the
overlay changes that altered some fact or verdict on that chart, found by the lean comparison
(`lean_compare`), which gives the keys of the full one without its proofs and why-nots.
"""

from __future__ import annotations

import os
import random
import signal
from itertools import product
from typing import Any, Callable, Iterable, Iterator, Sequence

from .calendar import BRANCHES, SIXTY
from .errors import UsageError
from .sweep_store import MOMENT_KEYS, Row
MODES = ("pairs", "random", "space")


def transitions() -> Iterator[str]:
    """Every original→changed pair of hexagrams as line digits (64 × 64, the diagonal static)."""
    patterns = list(product((0, 1), repeat=6))
    for original, changed in product(patterns, patterns):
        yield "".join(str((9 if o else 6) if o != c else (7 if o else 8)) for o, c in zip(original, changed))


def pair_specs(moment: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """All 4096 transitions at one moment."""
    given = {k: v for k, v in moment.items() if v not in (None, False)}
    for lines in transitions():
        yield {"id": lines, "lines": lines, **given}


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


def space_moments(months: Sequence[str], hours: bool) -> list[dict[str, str]]:
    """Every month branch × day 干支 (× hour branch) asked for, as moment flags."""
    moments = []
    for month in months:
        for day in SIXTY:
            for hour in BRANCHES if hours else (None,):
                moments.append({"month": month, "day": day, **({"hour": hour} if hour else {})})
    return moments


def space_specs(months: Sequence[str], hours: bool) -> Iterator[dict[str, Any]]:
    """The whole chart space (or the month branches given): each transition at every moment,
    transition by transition, so that a chunk of consecutive charts shares its cast."""
    moments = space_moments(months, hours)
    for lines in transitions():
        for moment in moments:
            yield _space_spec(lines, moment)


def space_sample(months: Sequence[str], hours: bool, count: int, seed: int) -> list[dict[str, Any]]:
    """N charts drawn uniformly, without repeats, from the space (seeded), in the space's order."""
    moments = space_moments(months, hours)
    lines = list(transitions())
    size = len(lines) * len(moments)
    picked = sorted(random.Random(seed).sample(range(size), min(count, size)))
    return [_space_spec(lines[i // len(moments)], moments[i % len(moments)]) for i in picked]


def _space_spec(lines: str, moment: dict[str, str]) -> dict[str, Any]:
    return {"id": f"{lines}/{moment['month']}{moment['day']}{moment.get('hour', '')}", "lines": lines, **moment}


def check_sweep_args(mode: str, count: int | None, jobs: int | None) -> None:
    if mode not in MODES:
        raise UsageError(f"--sweep takes {', '.join(MODES)}, not {mode!r}")
    if mode == "random" and (count is None or count < 1):
        raise UsageError("--sweep random needs --count N (at least 1)")
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs takes a number of worker processes, at least 1, not {jobs}")


# -- the worker side ---------------------------------------------------------------------------
_WORKER: dict[tuple, Any] = {}


class Comparer:
    """Two schools' engines and their change index, loaded once per worker process; each moment's
    base facts are made once and kept (a chunk of the space meets the same moments again)."""

    def __init__(self, rulebook, schools: tuple[str, str], question: str | None) -> None:
        from .judge import parse_question
        from .lean_compare import ChangeIndex
        from .rulebook import load_engine
        from .shared_work import SharedWork

        self.engines = tuple(load_engine(rulebook, school=s) for s in schools)
        parsed = parse_question(self.engines[0].program, question) if question else None
        self.question = parsed
        self.extra = list(parsed.facts()) if parsed else []
        self.index = ChangeIndex(*self.engines)
        self.moments: dict[tuple, tuple] = {}
        self.casts: dict[str, tuple] = {}
        self.shared = SharedWork(self.engines, self.index.differ)  # the changes' reach, worked out once

    def moment_facts(self, spec: dict[str, Any]) -> tuple:
        from .api import moment as make_moment
        from .chart import base_facts

        key = tuple(spec.get(k) for k in MOMENT_KEYS)
        found = self.moments.get(key)
        if found is None:
            flags = {k: spec.get(k) for k in MOMENT_KEYS}
            flags["leap"] = bool(flags["leap"])
            moment = make_moment(**flags)
            found = tuple(base_facts(e, None, moment) for e in self.engines)
            if len(self.moments) > 10_000:
                self.moments.clear()
            self.moments[key] = found
        return found

    def cast_facts(self, lines: str) -> tuple:
        from .cast import Cast
        from .chart import base_facts

        found = self.casts.get(lines)
        if found is None:
            if len(self.casts) > 64:
                self.casts.clear()
            found = self.casts[lines] = tuple(base_facts(e, Cast.from_lines(lines), None) for e in self.engines)
        return found

    def evaluate(self, spec: dict[str, Any]) -> tuple:
        """Both schools' results for one chart, with the work shared (see shared_work)."""
        facts = tuple(c + m + self.extra for c, m in zip(self.cast_facts(spec["lines"]), self.moment_facts(spec)))
        return self.shared.evaluate(spec["lines"], tuple(spec.get(k) for k in MOMENT_KEYS), facts)

    def compare(self, specs: list[dict[str, Any]]) -> list[Row]:
        rows = []
        for spec in specs:
            a, b = self.evaluate(spec)
            keys = self.index.keys(a, b) | (self.answer_changes(a, b) if self.question else set())
            rows.append({"id": spec["id"], "spec": spec, "changes": sorted(keys)})
        return rows

    def answer_changes(self, a, b) -> set[str]:
        """The answers of the question asked that differ between the two schools, each as a key
        `答 Q.SUB: a → b` (stored and counted beside the overlay changes)."""
        from .answers import answer_words

        name, sub = self.question.name, self.question.sub
        first, second = answer_words(a, name, sub), answer_words(b, name, sub)
        return {f"{ANSWER_KEY}{key}: {first.get(key, '—')} → {second.get(key, '—')}"
                for key in set(first) | set(second) if first.get(key) != second.get(key)}


def compare_chunk(rulebook, schools: tuple[str, str], question: str | None, specs: list[dict[str, Any]]) -> list[Row]:
    """One chunk of charts, in whatever process runs it (a pool worker, a Dask worker)."""
    key = (tuple(rulebook) if rulebook else None, schools, question)
    comparer = _WORKER.get(key)
    if comparer is None:
        _WORKER.clear()
        comparer = _WORKER[key] = Comparer(rulebook, schools, question)
    return comparer.compare(specs)


def _pool_worker_init() -> None:
    """A pool worker leaves Ctrl-C to the driver (which ends it), and ends with its driver even
    when the driver is killed outright (Linux: the parent-death signal).  A driver killed while a
    worker sends it a result closes the pipe first: the worker then ends on SIGPIPE, quietly, where
    Python's ignored SIGPIPE would raise BrokenPipeError and print a traceback nobody asked for."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGPIPE"):  # POSIX
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if hasattr(signal, "pthread_sigmask"):  # forked with them blocked (see _hold_stops): one that came ends it now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


# -- the driver --------------------------------------------------------------------------------
class SweepStopped(Exception):
    """SIGTERM reached the driver: end the workers, keep what is stored, exit 128 + 15."""


def _raise_stopped(signum, frame) -> None:
    raise SweepStopped()


_STOPS = {signal.SIGINT, signal.SIGTERM}


def _hold_stops() -> Callable[[], None]:
    """Hold Ctrl-C and SIGTERM while the pool's workers are forked; the function returned lets them go.

    Raised in the middle of `multiprocessing.Pool()`, the driver's SweepStopped (or KeyboardInterrupt)
    leaves a pool half made: a worker forked but not listed, a handler thread half started, nothing
    that `terminate` can end.  And a forked worker runs its parent's handlers until its initializer
    resets them: a SIGTERM before that (the pool ending it as it starts) raised SweepStopped inside
    the child's after-fork code, which printed "Exception ignored" and went on, a worker nobody ends
    and the driver waits for.  So meanwhile a stop is only noted (it may reach another of the
    driver's threads), and blocked on this thread, so that every process forked from it (and from
    the pool's threads, started here) starts with it blocked, until `_pool_worker_init` has set its
    own dispositions.  Letting go restores handlers and mask and raises the stop that came."""
    held: list[int] = []
    handlers = {number: signal.signal(number, lambda signum, frame: held.append(signum)) for number in _STOPS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS) if hasattr(signal, "pthread_sigmask") else None

    def release() -> None:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a stop pending on this thread: noted here
        for number, handler in handlers.items():
            signal.signal(number, handler)
        for number in held[:1]:
            signal.raise_signal(number)  # through the driver's own handler, as if it came now

    return release


def run_sweep(specs: Iterable[dict[str, Any]], store, rulebook, schools: tuple[str, str], question: str | None,
              jobs: int | None = None, chunk: int = 32, progress: Callable[[int, int], None] | None = None,
              cluster: str | None = None) -> dict[str, Any]:
    specs = list(specs)
    store.prepare()
    finished = {row["id"] for row in store.rows()}
    todo = [s for s in specs if s["id"] not in finished]
    chunks = [todo[i:i + chunk] for i in range(0, len(todo), chunk)]
    done = len(specs) - len(todo)
    if progress:
        progress(done, len(specs))

    def take(rows: list[Row]) -> None:
        nonlocal done
        store.write(rows)
        done += len(rows)
        if progress:
            progress(done, len(specs))

    previous = signal.signal(signal.SIGTERM, _raise_stopped)
    try:
        if cluster:
            from .sweep_cluster import run_on_cluster

            run_on_cluster(cluster, chunks, (rulebook, schools, question), take)
        elif (jobs or os.cpu_count() or 1) == 1:
            for part in chunks:
                take(compare_chunk(rulebook, schools, question, part))
        else:
            _run_on_pool(jobs or os.cpu_count() or 1, chunks, (rulebook, schools, question), take)
    finally:
        signal.signal(signal.SIGTERM, previous)
    return summarize(store.rows(), {s["id"] for s in specs})


def _run_on_pool(jobs: int, chunks: list, job: tuple, take: Callable[[list[Row]], None]) -> None:
    """The chunks on a process pool; on Ctrl-C or SIGTERM the workers are ended, not left behind."""
    # (imported here: multiprocessing costs every `yimao` command 15 ms to import)
    import multiprocessing

    from . import forking

    forking.finish()  # a cache entry written beside the command is done before the workers start
    release = _hold_stops()
    try:
        pool = multiprocessing.Pool(min(jobs, max(len(chunks), 1)), initializer=_pool_worker_init)
    except BaseException:
        release()
        raise
    try:
        release()  # a stop that came while the workers started is raised here, where it ends them
        for rows in pool.imap_unordered(_pool_chunk, [(*job, part) for part in chunks]):
            take(rows)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
        # Given up, the pool runs its finalizers (Pool.__del__, multiprocessing's weakref
        # callbacks: at once, it keeps no cycle), where an exception a stop raises is printed and
        # dropped: the command would go on as if never stopped.  They run with the stops held, and
        # a stop that came is raised after.
        release = _hold_stops()
        try:
            del pool
        finally:
            release()


def _pool_chunk(task: tuple) -> list[Row]:
    return compare_chunk(*task)


ANSWER_KEY = "答 "  # a change key that is an answer of the question asked, not an overlay change


def summarize(rows: Iterable[Row], ids: set[str] | None = None) -> dict[str, Any]:
    """Per overlay change: in how many charts it changed something, their share, and the chart of
    the smallest id as its example (so the summary does not depend on the order of the rows); per
    changed answer (a sweep with --question) the same, under `answers`."""
    counts: dict[str, int] = {}
    examples: dict[str, dict[str, Any]] = {}
    seen = set()
    for row in rows:
        if (ids is not None and row["id"] not in ids) or row["id"] in seen:
            continue
        seen.add(row["id"])
        for key in row["changes"]:
            counts[key] = counts.get(key, 0) + 1
            if key not in examples or row["id"] < examples[key]["id"]:
                examples[key] = row["spec"]
    charts = len(seen)
    found = [{"change": key, "charts": counts[key], "share": round(counts[key] / charts, 6), "example": examples[key]}
             for key in sorted(counts)]
    changes = [row for row in found if not row["change"].startswith(ANSWER_KEY)]
    answers = [dict(row, change=row["change"][len(ANSWER_KEY):]) for row in found if row["change"].startswith(ANSWER_KEY)]
    return {"charts": charts, "changes": changes, "answers": answers}
