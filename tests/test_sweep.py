"""Sweeps: the lean comparison gives the full comparison's change keys; the stores resume; the
space is what it says; a sweep stops cleanly and refuses what it cannot read or write."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from yimao.api import moment as make_moment
from yimao.cast import Cast
from yimao.cli import main
from yimao.compare import changed_keys, compare_chart
from yimao.lean_compare import _Side
from yimao.sweep import Comparer, pair_specs, random_specs, space_sample, space_specs, transitions
from yimao.sweep_store import JsonlStore, ParquetStore
from rulebooks import write
from test_compare import BASE, SCHOOL

SHIPPED_SCHOOLS = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "rulebook" / "schools").glob("*.ym"))


@pytest.mark.parametrize("school", SHIPPED_SCHOOLS)
def test_lean_keys_are_the_full_comparisons(school):
    """On a seeded sample (random dated charts and charts of the space), for every shipped school."""
    comparer = Comparer(None, ("易冒", school), None)
    many = 8 if school == "俗传" else 1  # the school with most changes: a larger sample
    specs = list(random_specs(many, 5)) + space_sample("子丑寅卯辰巳午未申酉戌亥", False, many, 5)
    rows = comparer.compare(specs)
    for spec, row in zip(specs, rows):
        flags = {k: spec[k] for k in ("date", "month", "day") if k in spec}
        full = changed_keys(compare_chart(comparer.engines, Cast.from_lines(spec["lines"]), make_moment(**flags)))
        assert row["changes"] == sorted(full), spec
    if school == "俗传":
        assert sum(bool(r["changes"]) for r in rows) > 8  # the sample does exercise differences


CYCLIC = """\
chapter 25 月破
predicate 动(位)
predicate 连(位)
§25.1 「以用处反，名为月破」
table 邻(甲, 乙) symmetric { 1 2; 2 3; 3 4; 4 5; 5 6 }
rule 月破.动 when 爻(位: P, 值: 9) then 动(位: P)
rule 月破.老阴 when 爻(位: P, 值: 6) then 动(位: P)
§25.2 「生之不长，扶之不起」
rule 月破.连 when 动(位: P) then 连(位: P)
rule 月破.相连 when 连(位: P), 邻(甲: P, 乙: Q) then 连(位: Q)
"""
CYCLIC_SCHOOL = """\
school 甲派 extends 易冒 "a line joins only a moving neighbour"
§25.3 「唯值日则能实其破」
replace 月破.相连 「唯值日则能实其破」
  when 连(位: P), 邻(甲: P, 乙: Q), 爻(位: Q, 值: 9)
  then 连(位: Q)
"""


def test_lean_keys_through_cycles_of_facts(tmp_path):
    """Facts that derive each other (连 of neighbouring lines, each from the other): there the lean
    walk takes the full proof's own path (a fresh explainer for each head, the cycle cut), which
    no chart of the shipped rulebook's sample reaches.  The one change stands only in proofs of
    such facts."""
    write(tmp_path, CYCLIC)
    (tmp_path / "schools").mkdir()
    (tmp_path / "schools" / "甲派.ym").write_text(CYCLIC_SCHOOL, encoding="utf-8")
    comparer = Comparer([str(tmp_path)], ("易冒", "甲派"), None)
    specs = [spec for spec in pair_specs({"month": "午", "day": "子"}) if "6" in spec["lines"]][::7]
    rows = comparer.compare(specs)
    cyclic = 0
    for spec, row in zip(specs, rows):
        full = changed_keys(compare_chart(comparer.engines, Cast.from_lines(spec["lines"]), make_moment(month="午", day="子")))
        assert row["changes"] == sorted(full), spec
        first, _ = comparer.evaluate(spec)
        side = _Side(first, comparer.index.by_rule, comparer.index.differ, *[part[0] for part in
                     (comparer.index.blamable, comparer.index.cycling)])
        cyclic += not side.reaches_no_cycle(("连", (1,)))
    assert cyclic and sum("甲派:replace:月破.相连" in row["changes"] for row in rows) > len(rows) // 2


def test_the_space():
    lines = list(transitions())
    assert len(lines) == len(set(lines)) == 4096
    one_month = list(space_specs("寅", False))
    assert len(one_month) == 4096 * 60 and len({s["id"] for s in one_month}) == len(one_month)
    assert one_month[0] == {"id": "888888/寅甲子", "lines": "888888", "month": "寅", "day": "甲子"}
    assert one_month[60]["lines"] == "888886" and one_month[-1]["id"] == "777777/寅癸亥"
    with_hours = space_sample("寅", True, 50, 3)
    assert len({s["id"] for s in with_hours}) == 50 and all(s["hour"] in "子丑寅卯辰巳午未申酉戌亥" for s in with_hours)
    assert with_hours == space_sample("寅", True, 50, 3)  # seeded


# -- on a small rulebook: the stores, the CLI, stopping --------------------------------------------
@pytest.fixture
def rulebook(tmp_path):
    folder = tmp_path / "rulebook"
    folder.mkdir()
    write(folder, BASE)
    (folder / "schools").mkdir()
    (folder / "schools" / "甲派.ym").write_text(SCHOOL, encoding="utf-8")
    return str(folder)


def sweep(capsys, rulebook, *argv) -> dict:
    code = main(["compare", "--rulebook", rulebook, "--school", "甲派", "--json", *argv])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_parquet_resumes_and_agrees_with_jsonl(rulebook, tmp_path, capsys):
    argv = ["--sweep", "space", "--month", "午", "--count", "300", "--jobs", "2"]
    jsonl = sweep(capsys, rulebook, *argv, "--out", str(tmp_path / "s.jsonl"))
    folder = tmp_path / "s"
    parquet = sweep(capsys, rulebook, *argv, "--out", str(folder))
    assert parquet["changes"] == jsonl["changes"] and parquet["charts"] == 300
    assert jsonl["changes"][0]["change"] == "甲派:disable:月破.老阴"
    # An interrupted run: some chunk files and a temporary file cut short; the rerun redoes the rest.
    files = sorted(folder.glob("part-*.parquet"))
    for file in files[len(files) // 2:]:
        file.unlink()
    (folder / ".part-cut.tmp").write_bytes(b"PAR1 half")
    again = sweep(capsys, rulebook, *argv, "--out", str(folder))
    assert again == parquet and not list(folder.glob(".*.tmp"))
    assert len({r["id"] for r in ParquetStore(folder).rows()}) == len(list(ParquetStore(folder).rows())) == 300
    # The report reads either store; the share is of the charts stored.
    assert main(["sweep", "report", str(folder), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["changes"] == parquet["changes"] and report["charts"] == 300
    row = report["changes"][0]
    assert row["share"] == round(row["charts"] / 300, 6)
    assert main(["sweep", "report", str(tmp_path / "s.jsonl")]) == 0
    assert "甲派:disable:月破.老阴" in capsys.readouterr().out


def test_parquet_is_queryable_as_a_dataset(rulebook, tmp_path, capsys):
    import pyarrow.compute as pc
    import pyarrow.dataset as ds

    folder = tmp_path / "q"
    summary = sweep(capsys, rulebook, "--sweep", "space", "--month", "午", "--count", "100", "--jobs", "1", "--out", str(folder))
    table = ds.dataset(folder, format="parquet").to_table()
    counts = pc.value_counts(pc.list_flatten(table["changes"])).to_pylist()
    assert sorted((c["values"], c["counts"]) for c in counts) == [(r["change"], r["charts"]) for r in summary["changes"]]


def test_malformed_resume_line_is_named(rulebook, tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    sweep(capsys, rulebook, "--sweep", "random", "--count", "5", "--jobs", "1", "--out", str(out))
    lines = out.read_text(encoding="utf-8").splitlines()
    for bad in ("[]", "{}", "not json", '{"id": "1:1", "spec": {}, "changes": [3]}'):
        out.write_text("\n".join(lines[:2] + [bad] + lines[2:]) + "\n", encoding="utf-8")
        assert main(["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "random", "--count", "5",
                     "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert f"{out}:3: not a sweep result line" in err and len(err.strip().splitlines()) == 1
        assert main(["sweep", "report", str(out)]) == 2
        assert f"{out}:3:" in capsys.readouterr().err


@pytest.mark.parametrize("target, message", [
    ("/dev/full", "not a regular file or folder"),
    ("/dev/null", "not a regular file or folder"),
    ("{dir}", "is a folder; JSONL results go in a file"),
    ("{dir}/missing/r.jsonl", "does not exist"),
    ("{dir}/missing/results", "does not exist"),
    ("{file}", "is a file; Parquet results go in a folder"),
])
def test_out_refuses_what_it_cannot_write(rulebook, tmp_path, capsys, target, message):
    folder = tmp_path / "taken.jsonl"
    folder.mkdir()
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    target = target.format(dir=folder if "missing" not in target else tmp_path, file=tmp_path / "plain")
    code = main(["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "random", "--count", "3", "--out", target])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv, message", [
    (["--jobs", "-1"], "--jobs takes a number of worker processes, at least 1"),
    (["--jobs", "0"], "--jobs takes a number of worker processes, at least 1"),
    (["--cluster", "udp://x"], "--cluster takes local"),
    (["--cluster", "local:0"], "--cluster local:N takes"),
    (["--hours"], "--hours goes with --sweep space"),
])
def test_bad_sweep_flags(rulebook, tmp_path, capsys, argv, message):
    code = main(["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "random", "--count", "3",
                 "--out", str(tmp_path / "x.jsonl"), *argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_bad_space_flags(rulebook, tmp_path, capsys):
    base = ["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "space", "--out", str(tmp_path / "x")]
    assert main([*base, "--month", "甲"]) == 2 and "takes a branch" in capsys.readouterr().err
    assert main([*base, "--day", "甲子"]) == 2 and "only --month B narrows it" in capsys.readouterr().err


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads worker processes from /proc (Linux)")
@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGKILL"])
def test_a_stopped_sweep_ends_its_workers_and_resumes(rulebook, tmp_path, how):
    out = tmp_path / "stop.jsonl"
    count = 6000
    argv = [sys.executable, "-m", "yimao.cli", "compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "space",
            "--month", "午", "--count", str(count), "--jobs", "2", "--out", str(out), "--json"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.stat().st_size > 0) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(process.pid)
        assert process.poll() is None and len(workers) == 2
        if how == "SIGINT":  # Ctrl-C in a terminal: the whole process group gets it
            os.killpg(process.pid, signal.SIGINT)
        else:  # SIGKILL: the workers end with their driver (Linux's parent-death signal)
            process.send_signal(getattr(signal, how))
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == {"SIGTERM": 143, "SIGINT": 130, "SIGKILL": -9}[how]
    assert (b"run the same command to resume" in err or how == "SIGKILL") and b"Traceback" not in err
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)
    kept = list(JsonlStore(out).rows())
    assert 0 < len(kept) < count
    # Resumed: nothing done twice, nothing lost.
    done = subprocess.run(argv, capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["charts"] == count
    ids = [r["id"] for r in JsonlStore(out).rows()]
    assert len(ids) == len(set(ids)) == count


# The driver: a fork hook makes the pool's first worker slow to start (a loaded machine), and that
# worker, before any code of its own has run, sends the driver its SIGTERM, `delay` seconds after the
# fork: while the driver still forks the pool (0) or just after (0.05).
STOPPED_AS_THE_WORKERS_START = """
import os, signal, sys, time
import multiprocessing.pool

forks = []
make_pool = multiprocessing.pool.Pool.__init__

def pool(self, *args, **kwargs):
    forks.append("pool")
    make_pool(self, *args, **kwargs)

def first_worker():
    if forks == ["pool", 1]:
        time.sleep({delay})
        os.kill(os.getppid(), signal.SIGTERM)
        time.sleep(1)

multiprocessing.pool.Pool.__init__ = pool
os.register_at_fork(before=lambda: forks and forks.append(len(forks)), after_in_child=first_worker)
from yimao.cli import run
run()
"""


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the session's processes from /proc (Linux)")
@pytest.mark.parametrize("delay", [0, 0.05])
def test_a_sweep_stopped_as_its_workers_start_ends_them(rulebook, tmp_path, delay):
    """A worker forked while the driver's SIGTERM handler (which raises SweepStopped) was in place
    ran it until its initializer: the pool's SIGTERM as it ended the worker raised inside the child's
    after-fork hooks ("Exception ignored"), and the worker lived on, the driver waiting for it."""
    out = tmp_path / "early.jsonl"
    count = 300
    flags = ["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "space", "--month", "午",
             "--count", str(count), "--jobs", "2", "--out", str(out), "--json"]
    code = STOPPED_AS_THE_WORKERS_START.replace("{delay}", str(delay))
    process = subprocess.Popen([sys.executable, "-c", code, *flags], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        err = None
    if err is None:
        hung = _session(process.pid)
        _end_session(process)
        pytest.fail(f"the stopped sweep hung; its processes: {hung}")
    deadline = time.monotonic() + 10
    while _session(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _session(process.pid)
    _end_session(process)
    assert not left, f"processes left after the driver: {left}"
    text = err.decode("utf-8", "replace")
    assert process.returncode == 143, text
    assert "run the same command to resume" in text and "Traceback" not in text and "Exception ignored" not in text, text
    # Resumed: nothing done twice, nothing lost.
    done = subprocess.run([sys.executable, "-m", "yimao.cli", *flags], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["charts"] == count
    ids = [r["id"] for r in JsonlStore(out).rows()]
    assert len(ids) == len(set(ids)) == count


# The driver: the pool, as it is given up at the end of the sweep, sends the driver a SIGTERM from
# inside its own finalizer, where an exception raised by a signal handler is printed and dropped.
STOPPED_AS_THE_POOL_GOES = """
import os, signal
import multiprocessing.pool

finalize = multiprocessing.pool.Pool.__del__

def stopped_inside(self, *args, **kwargs):
    os.kill(os.getpid(), signal.SIGTERM)
    finalize(self, *args, **kwargs)
    sum(range(1000))

multiprocessing.pool.Pool.__del__ = stopped_inside
from yimao.cli import run
run()
"""


def test_a_sweep_stopped_as_its_pool_goes_says_so(rulebook, tmp_path):
    """A stop that came as the finished pool was being given up landed in its finalizer: swallowed
    there ("Exception ignored in Pool.__del__"), the command went on and exited 0."""
    out = tmp_path / "late.jsonl"
    flags = ["compare", "--rulebook", rulebook, "--school", "甲派", "--sweep", "space", "--month", "午",
             "--count", "40", "--jobs", "2", "--out", str(out), "--json"]
    done = subprocess.run([sys.executable, "-c", STOPPED_AS_THE_POOL_GOES, *flags], capture_output=True, timeout=60)
    text = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 143 and "Exception ignored" not in text and "Traceback" not in text, text
    assert len(list(JsonlStore(out).rows())) == 40  # every chart was done and kept
    again = subprocess.run([sys.executable, "-m", "yimao.cli", *flags], capture_output=True, timeout=60)
    assert again.returncode == 0 and json.loads(again.stdout)["charts"] == 40


def _end_session(process: subprocess.Popen) -> None:
    """Kill what is left of a command started with start_new_session (its process group)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def _session(sid: int) -> list[str]:
    """The live processes of a session (a command started with start_new_session and its children)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(stat.parent.name)
    return found


def test_a_dask_cluster_gives_the_pools_results(rulebook, tmp_path, capsys):
    pytest.importorskip("distributed")
    argv = ["--sweep", "space", "--month", "午", "--count", "200"]
    on_pool = sweep(capsys, rulebook, *argv, "--jobs", "2", "--out", str(tmp_path / "pool"))
    command = [sys.executable, "-m", "yimao.cli", "compare", "--rulebook", rulebook, "--school", "甲派", "--json", *argv,
               "--cluster", "local:2", "--out", str(tmp_path / "dask")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    on_dask = json.loads(out)
    assert on_dask["changes"] == on_pool["changes"] and on_dask["charts"] == 200
    rows = {r["id"]: r["changes"] for r in ParquetStore(tmp_path / "pool").rows()}
    assert {r["id"]: r["changes"] for r in ParquetStore(tmp_path / "dask").rows()} == rows
    if Path("/proc/self/stat").exists():  # the cluster's processes ended with the sweep
        deadline = time.monotonic() + 10
        while _session(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _session(process.pid)


QUESTION = """\
chapter 56 疾病
question 疾病 chapter 56 "test"
§56.1 「夫死生有命」
answer 疾病: 愈 / 不愈
rule 病.动 when 问(事: 疾病), 动(位: 2) then 断 不愈 "动"
rule 病.静 when 问(事: 疾病), not 动(位: 2) then 断 愈 "静"
"""


def test_a_sweep_with_a_question_counts_the_answers_that_change(rulebook, tmp_path, capsys):
    """With --question the sweep compares the answers: 甲派 disables 月破.老阴, so an old-yin second
    line moves in 易冒 only, and the illness answer turns from 不愈 to 愈 on exactly those charts."""
    from test_judge import INPUTS as QUESTION_INPUTS

    write(Path(rulebook), QUESTION, name="56-疾病.ym", inputs=QUESTION_INPUTS)
    data = sweep(capsys, rulebook, "--sweep", "random", "--count", "40", "--seed", "3", "--jobs", "1",
                 "--question", "疾病", "--out", str(tmp_path / "q.jsonl"))
    rows = [json.loads(line) for line in (tmp_path / "q.jsonl").read_text(encoding="utf-8").splitlines()]
    old_yin_second = {r["id"] for r in rows if r["spec"]["lines"][1] == "6"}
    assert old_yin_second and data["answers"] == [{
        "change": "疾病: 不愈 → 愈", "charts": len(old_yin_second), "share": round(len(old_yin_second) / 40, 6),
        "example": next(r["spec"] for r in sorted(rows, key=lambda r: r["id"]) if r["id"] in old_yin_second)}]
    assert data["changes"] and not [row for row in data["changes"] if row["change"].startswith("答")]  # kept apart
    without = sweep(capsys, rulebook, "--sweep", "random", "--count", "40", "--seed", "3", "--jobs", "1")
    assert without["answers"] == [] and without["changes"] == data["changes"]
    assert main(["sweep", "report", str(tmp_path / "q.jsonl")]) == 0
    assert "疾病: 不愈 → 愈" in capsys.readouterr().out


EXCEPTING_SCHOOL = """\
school 乙派 extends 易冒 "on a 子 day the first line does not move"
§25.3 「唯值日则能实其破」
rule 乙派.值日 exception to 月破.动 when 日辰(支: 子) then 无用(位: 1, 因: 值日)
"""


def test_shared_work_where_a_school_adds_an_exception(rulebook):
    """乙派 excepts 月破.动 by a rule concluding 无用, which 月破.动 does not read: 动 differs all
    the same (a rule excepted by a change lies downstream of it), and is not given to the second
    school from the first's run."""
    (Path(rulebook) / "schools" / "乙派.ym").write_text(EXCEPTING_SCHOOL, encoding="utf-8")
    comparer = Comparer([rulebook], ("易冒", "乙派"), None)
    specs = list(pair_specs({"month": "午", "day": "子"}))[::9]
    for spec in specs + specs:
        shared = comparer.evaluate(spec)
        facts = tuple(c + m for c, m in zip(comparer.cast_facts(spec["lines"]), comparer.moment_facts(spec)))
        for engine, made, given in zip(comparer.engines, shared, facts):
            assert _outcome(made) == _outcome(engine.evaluate(given)), spec
    assert "动" in comparer.shared.downstream
    assert any("乙派:exception:乙派.值日" in row["changes"] for row in comparer.compare(specs))


def _outcome(result):
    """Facts, raw derivations (rule, source, matched facts, absent patterns, bindings), conclusions,
    defeats and conflicts, each compared as a set (a run given layers derives in another order)."""
    raw = result.derivations.raw
    return ({p: frozenset(v) for p, v in result.relations.items() if v}, {k: frozenset(raw[k]) for k in raw},
            sorted(map(repr, result.conclusions)), sorted(map(repr, result.defeats)), sorted(map(repr, result.conflicts)))


@pytest.mark.parametrize("school", SHIPPED_SCHOOLS)
def test_shared_work_gives_two_full_evaluations(school):
    """Each cast's and each moment's facts made once, and the second school given the first's facts
    outside its overlays' reach: the same facts, derivations, conclusions, defeats and conflicts as
    two full evaluations, for every shipped school, on a seeded sample of the space met twice (the
    second time from the layers) and with a question (so its 断 too)."""
    comparer = Comparer(None, ("易冒", school), "疾病")
    specs = space_sample("子午寅", False, 2, 11)
    specs = [{**spec, "lines": other["lines"]} for spec in specs for other in specs]  # 2 casts x 2 moments
    for spec in specs + specs:
        shared = comparer.evaluate(spec)
        facts = tuple(c + m + comparer.extra for c, m in zip(comparer.cast_facts(spec["lines"]), comparer.moment_facts(spec)))
        for engine, made, given in zip(comparer.engines, shared, facts):
            assert _outcome(made) == _outcome(engine.evaluate(given)), (school, spec)
    work = comparer.shared
    assert all(len(scoped.made) == 2 for scoped in work.cast + work.moment)  # the layers were made and used
    if school == "俗传":
        assert work.same_rules and work.downstream  # its overlay reaches far, not everywhere
