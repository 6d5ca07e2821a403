"""The rulebook cache under damage and concurrency: flipped bytes, files truncated under a running
process, eight processes filling a cold cache at once, a cache folder that cannot be written, a
write that runs out of space.  Each must give the right result, without a traceback."""

import json
import random
import subprocess
import sys
import textwrap

import pytest

from yimao import cachestore, rulebook
from yimao.facts import Fact
from rulebooks import MONTH_BREAK, cached_rulebook, write

TEXT = MONTH_BREAK
BASE = [Fact("纳甲", (1, "子")), Fact("纳甲", (2, "丑")), Fact("纳甲", (3, "寅")), Fact("月建", ("午",)),
        Fact("月建", ("申",)), Fact("日辰", ("寅",))]
# A fresh process: load the rulebook (from the cache when it holds it), optionally damage the cache
# between loading and evaluating, print the facts.
SCRIPT = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from yimao.facts import Fact
    from yimao.rulebook import load_engine
    folder, cache, damage = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    engine = load_engine([folder])
    if damage == "truncate":
        for path in cache.rglob("*"):
            if path.is_file():
                with open(path, "r+b") as handle:
                    handle.truncate(0)
    elif damage == "rewrite":
        for path in cache.rglob("*"):
            if path.is_file():
                with open(path, "r+b") as handle:
                    size = len(handle.read())
                    handle.seek(0)
                    handle.write(bytes(range(256)) * (size // 256 + 1))
    base = [Fact("纳甲", (1, "子")), Fact("纳甲", (2, "丑")), Fact("纳甲", (3, "寅")), Fact("月建", ("午",)),
            Fact("月建", ("申",)), Fact("日辰", ("寅",))]
    result = engine.evaluate(base)
    print(json.dumps([[f.predicate, list(f.values)] for f in result.sorted_facts()], ensure_ascii=False))
""")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    return cached_rulebook(tmp_path, monkeypatch, TEXT)


def _facts(engine) -> list:
    return [[f.predicate, list(f.values)] for f in engine.evaluate(BASE).sorted_facts()]


def _want(folder) -> list:
    """The facts from an engine built without the cache."""
    found = _facts(rulebook.load_engine([folder], use_cache=False))
    rulebook.forget()
    return found


def _fresh(folder, cache, damage: str = "none", **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT, str(folder), str(cache), damage], capture_output=True,
                          text=True, **kwargs)


def _cache_files(cache) -> list:
    return sorted(p for p in cache.rglob("*") if p.is_file())


def test_flipped_bytes_in_any_cache_file_are_detected_and_rebuilt(folder, tmp_path):
    """Flipped bytes inside the join code were unmarshalled as code: wrong results, tracebacks,
    SIGSEGV.  Every file is now checked against its digest before use."""
    want = _want(folder)
    rulebook.load_engine([folder]).evaluate(BASE)
    files = [p for p in _cache_files(tmp_path / "cache") if p.suffix != ".lark"]
    assert len(files) >= 3
    rng = random.Random(7)
    for path in files:
        for flips in (1, 8, 64):
            data = bytearray(path.read_bytes())
            for _ in range(flips):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            path.write_bytes(bytes(data))
            rulebook.forget()
            engine = rulebook.load_engine([folder])
            assert _facts(engine) == want, (path.name, flips)
            assert [r.id for r in engine.program.rules] == ["月破.定", "月破.无用", "月破.值日实破"]
            # Rebuilt once used (the parser's tables are read only to parse, a rule's own join code
            # only when the engine's pack lacks it; the list of what an engine uses is written
            # with the engine, for housekeeping).
            if path.suffix not in (".uses", ".lark") and path.parent.name != "join":
                assert _sound(path), f"{path.name} was not rebuilt"


def _sound(path) -> bool:
    """A cache file passes its digests: a file of join code (an engine's pack, a rule file's group)
    part by part, else whole."""
    if path.suffix in (".join", ".code"):
        parts = cachestore.read_parts(path)
        return parts is not None and all(parts.get(key) is not None for key in parts)
    return cachestore.read_file(path) is not None


@pytest.mark.parametrize("damage", ["truncate", "rewrite"])
def test_cache_files_truncated_or_rewritten_under_a_running_process(folder, tmp_path, damage):
    """Truncating the memory-mapped join code under a process that had loaded it killed that process
    with SIGBUS; files are now read whole, so a later change cannot touch what a process holds."""
    want = _want(folder)
    assert _fresh(folder, tmp_path / "cache").returncode == 0  # the cache filled
    done = _fresh(folder, tmp_path / "cache", damage)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == want


def test_eight_processes_filling_a_cold_cache_at_once(folder, tmp_path):
    want = _want(folder)
    cache = tmp_path / "cache"
    processes = [subprocess.Popen([sys.executable, "-c", SCRIPT, str(folder), str(cache), "none"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(8)]
    outputs = [process.communicate(timeout=300) for process in processes]
    assert [p.returncode for p in processes] == [0] * 8, [err for _, err in outputs]
    assert all(json.loads(out) == want and err == "" for out, err in outputs)
    assert not [p for p in cache.rglob("*") if p.name.endswith(".tmp")]
    for path in _cache_files(cache):  # every file whole: it passes its digest
        assert _sound(path), path
    rulebook.forget()
    assert _facts(rulebook.load_engine([folder])) == want


def test_a_cache_folder_that_cannot_be_written_means_no_cache_and_one_warning(folder, tmp_path, monkeypatch, capsys):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(blocked / "cache"))
    want = _want(folder)
    assert _facts(rulebook.load_engine([folder])) == want
    other = tmp_path / "other"
    other.mkdir()
    write(other, TEXT.replace("唯值日则能实其破", "唯值日则能实其破"))
    (other / "26-extra.ym").write_text("predicate 另(位)\n", encoding="utf-8")
    rulebook.load_engine([other]).evaluate(BASE)
    warnings = capsys.readouterr().err.strip().split("\n")
    assert len(warnings) == 1 and warnings[0].startswith("yimao: warning: cannot write the rulebook cache in")


def test_a_write_that_runs_out_of_space_leaves_no_temporary_file(folder, tmp_path):
    """A failed write left a tmp*.tmp for good.  The file-size limit makes every write fail part
    way (as a full disk does); the process still answers, warns once, and leaves nothing behind."""
    want = _want(folder)
    limited = "import resource, signal, runpy, sys\n" \
              "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n" \
              "resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))\n" + SCRIPT
    done = subprocess.run([sys.executable, "-c", limited, str(folder), str(tmp_path / "cache"), "none"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == want
    assert len(done.stderr.strip().split("\n")) == 1 and "cannot write the rulebook cache" in done.stderr
    assert not [p for p in (tmp_path / "cache").rglob("*") if p.name.endswith(".tmp")]


def test_a_file_of_parts_checks_each_part_as_it_is_read(tmp_path):
    """An engine's pack of join code is read part by part: a damaged part reads as missing and the
    others still read; a damaged index, or a file truncated after it was opened, loses nothing
    silently."""
    path = tmp_path / "pack.join"
    parts = {f"rule{i}": bytes([i]) * (100 + i) for i in range(20)}
    assert cachestore.write_parts(path, parts)
    read = cachestore.read_parts(path)
    assert dict(read.items()) == parts and len(read) == 20 and "rule3" in read and read.get("none") is None
    data = bytearray(path.read_bytes())
    data[-1] ^= 1  # in the last part
    path.write_bytes(bytes(data))
    read = cachestore.read_parts(path)
    assert read.get("rule19") is None and all(read.get(f"rule{i}") == parts[f"rule{i}"] for i in range(19))
    data[len(cachestore.PARTS_MAGIC) + 30] ^= 1  # in the index
    path.write_bytes(bytes(data))
    assert cachestore.read_parts(path) is None
    assert cachestore.write_parts(path, parts)
    read = cachestore.read_parts(path)
    with open(path, "r+b") as handle:  # truncated under the reader
        handle.truncate(path.stat().st_size - 150)
    assert read.get("rule19") is None and read.get("rule18") is None and read.get("rule0") == parts["rule0"]
    path.write_bytes(b"yimao-parts-1\n")
    assert cachestore.read_parts(path) is None and cachestore.read_parts(tmp_path / "missing") is None


def test_two_processes_compiling_variants_of_one_rule_keep_both(tmp_path, monkeypatch):
    """Each process writes a rule's code file with the variants it compiled; a second writer used to
    erase the first's (last writer wins), so a cached engine found a variant missing and checked its
    rule files to compile it again.  Now a save merges what the file holds."""
    import marshal

    from yimao.joincache import JoinStore

    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path))
    code = compile("x = 1", "<test>", "exec")
    first, second = JoinStore({"r": "key"}), JoinStore({"r": "key"})
    first.rule("r").add(-1, code)  # each loaded the rule before the other saved
    later = second.rule("r")
    later.get(-2)
    later.add(-2, code)
    first.save()
    second.save()
    saved = marshal.loads(cachestore.read_parts(tmp_path / "join" / "key.code")["key"])
    assert set(saved) == {-1, -2}
    assert JoinStore({"r": "key"}).rule("r").get(-1) is not None
    # Two rules of one rule file, each compiled by another process: one file holds both.
    keys = {"x": "group-x", "y": "group-y"}
    one, other = JoinStore(keys), JoinStore(keys)
    one.rule("x").add(-1, code)
    other.rule("y").add(-1, code)
    one.save()
    other.save()
    assert sorted(cachestore.read_parts(tmp_path / "join" / "group.code")) == ["group-x", "group-y"]
    assert JoinStore(keys).rule("x").get(-1) is not None and JoinStore(keys).rule("y").get(-1) is not None
