"""The on-disk cache of checked and compiled rulebooks: hit, invalidated by any edit, per-file
entries and join code (an edit parses and compiles the edited file only), housekeeping."""

import json
import os
import subprocess
import sys

import pytest

from yimao import cache, rulebook
from yimao.cli import main
from yimao.errors import RulebookError
from yimao.facts import Fact
from rulebooks import cached_rulebook, write

TEXT = """\
chapter 25 月破
predicate 月破(位)
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 月破(位: P)
"""
# A second file reading the first's predicate: the checks must see both, cached or not.
OTHER = """\
chapter 26 旬空
predicate 破空(位)
§26.1 「惟旬中空为重焉」
rule 破空.定 when 月破(位: P) then 破空(位: P)
"""
BASE = [Fact("纳甲", (1, "子")), Fact("纳甲", (2, "丑")), Fact("月建", ("午",))]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A one-rule rulebook, its cache in tmp_path/cache."""
    return cached_rulebook(tmp_path, monkeypatch, TEXT)


@pytest.fixture
def two_files(folder):
    (folder / "26-旬空.ym").write_text(OTHER, encoding="utf-8")
    return folder


def _reload(folder, **kwargs):
    """The engine as a new process would get it: from the disk cache, not this process's."""
    rulebook.forget()
    return rulebook.load_engine([folder], **kwargs)


def _damage(cache_folder, damaged) -> None:
    for entry in cache_folder.rglob("*"):
        if entry.is_file():
            entry.write_bytes(damaged(entry))


def _count(cache_folder, pattern: str) -> int:
    return len(list(cache_folder.glob(pattern)))


def test_cache_hit_gives_the_same_results(folder, tmp_path):
    first = rulebook.load_engine([folder]).evaluate(BASE)
    cached = tmp_path / "cache"
    assert _count(cached, "engines/*.runtime") == 1
    assert _count(cached, "front/*.ir") == 2  # one per rule file
    assert _count(cached, "join/*.code") == 1  # the file of the one rule the run called
    assert _reload(folder).evaluate(BASE).sorted_facts() == first.sorted_facts()


def test_an_edit_invalidates_the_cache(folder):
    assert rulebook.load_engine([folder]).evaluate(BASE).holds(Fact("月破", (1,)))
    write(folder, TEXT.replace("支: 子", "支: 丑"))
    result = _reload(folder).evaluate(BASE)
    assert result.holds(Fact("月破", (2,))) and not result.holds(Fact("月破", (1,)))


def test_a_damaged_cache_is_rebuilt(folder, tmp_path):
    rulebook.load_engine([folder]).evaluate(BASE)
    _damage(tmp_path / "cache", lambda entry: b"not a pickle")
    assert _reload(folder).evaluate(BASE).holds(Fact("月破", (1,)))


def test_damaged_join_code_is_compiled_again_from_the_rules(folder, tmp_path, monkeypatch):
    rulebook.load_engine([folder]).evaluate(BASE)
    compiled = _compiled_rules(monkeypatch)
    _damage(tmp_path / "cache" / "join", lambda entry: b"x" * entry.stat().st_size)
    for pack in (tmp_path / "cache" / "engines").glob("*.join"):
        pack.write_bytes(b"x" * pack.stat().st_size)
    assert _reload(folder).evaluate(BASE).holds(Fact("月破", (1,)))
    assert compiled == ["月破.定"]


def test_damaged_parsed_files_are_parsed_again(folder, tmp_path):
    rulebook.load_engine([folder])
    _damage(tmp_path / "cache" / "front", lambda entry: b"not a pickle")
    _damage(tmp_path / "cache" / "engines", lambda entry: b"not a pickle")
    assert [r.id for r in _reload(folder).program.rules] == ["月破.定"]


def _parsed_files(monkeypatch) -> list[str]:
    """The names of the files the front end parses from now on."""
    import yimao.lang

    parsed: list[str] = []
    real = yimao.lang.parse_module

    def spy(text, name):
        parsed.append(name)
        return real(text, name)

    monkeypatch.setattr(yimao.lang, "parse_module", spy)
    return parsed


def test_an_edit_parses_only_the_edited_file(two_files, monkeypatch):
    rulebook.load_engine([two_files])
    parsed = _parsed_files(monkeypatch)
    (two_files / "26-旬空.ym").write_text(OTHER + "# a note\n", encoding="utf-8")
    result = _reload(two_files).evaluate(BASE)
    assert [os.path.basename(name) for name in parsed] == ["26-旬空.ym"]
    assert result.holds(Fact("破空", (1,)))


def test_the_checks_still_see_every_file_when_one_is_cached(two_files):
    """26 comes from the per-file cache, unchanged; removing what it reads from 25 must still be
    reported, at 26's own line."""
    rulebook.load_engine([two_files])
    write(two_files, TEXT.replace("predicate 月破(位)\n", ""))
    with pytest.raises(RulebookError) as raised:
        _reload(two_files)
    found = {(os.path.basename(d.span.file), d.message) for d in raised.value.diagnostics}
    assert ("26-旬空.ym", "unknown predicate 月破") in found


def _folds(monkeypatch) -> list[str]:
    """The quotes looked for in their paragraph's folded text from now on."""
    import yimao.quotememo

    looked: list[str] = []

    def spy(paragraph, quote):
        looked.append(quote)
        return yimao.book.quote_in(paragraph, quote)

    monkeypatch.setattr(yimao.quotememo, "quote_in", spy)
    return looked


def test_a_quote_found_once_is_not_looked_for_again(two_files, monkeypatch):
    looked = _folds(monkeypatch)
    rulebook.load_engine([two_files])
    assert sorted(looked) == ["以用处反，名为月破", "惟旬中空为重焉"]
    looked.clear()
    (two_files / "26-旬空.ym").write_text(OTHER.replace("」", "」 「旬中空」", 1), encoding="utf-8")
    _reload(two_files)
    assert looked == ["旬中空"]  # the new quote only


def test_a_quote_not_found_is_reported_every_time(folder, tmp_path, monkeypatch):
    rulebook.load_engine([folder])
    looked = _folds(monkeypatch)
    wrong = TEXT.replace("「以用处反，名为月破」", "「以用处反，名为日破」")
    for _ in range(2):
        write(folder, wrong)
        with pytest.raises(RulebookError) as raised:
            _reload(folder)
        assert [d.message for d in raised.value.diagnostics] == ["quote 「以用处反，名为日破」 is not in §25.1"]
    assert looked == ["以用处反，名为日破"] * 2
    (memo,) = (tmp_path / "cache" / "front").glob("*.quotes")
    from yimao.cachestore import read_value

    assert read_value(memo) == frozenset({(25, 1, "以用处反，名为月破")})


def _compiled_rules(monkeypatch) -> list[str]:
    """The rule ids whose join code is compiled from source from now on."""
    import yimao.compile

    compiled: list[str] = []

    def spy(source, filename, mode):
        compiled.append(filename.split()[1])
        return compile(source, filename, mode)

    monkeypatch.setattr(yimao.compile, "compile", spy, raising=False)
    return compiled


def test_join_code_is_compiled_when_first_needed_and_once(two_files, tmp_path, monkeypatch):
    compiled = _compiled_rules(monkeypatch)
    engine = rulebook.load_engine([two_files])
    assert compiled == [] and _count(tmp_path / "cache", "join/*.code") == 0  # nothing compiled up front
    engine.evaluate(BASE)
    assert sorted(set(compiled)) == ["月破.定", "破空.定"]
    compiled.clear()
    (two_files / "26-旬空.ym").write_text(OTHER + "# a note\n", encoding="utf-8")
    assert _reload(two_files).evaluate(BASE).holds(Fact("破空", (1,)))
    assert set(compiled) == {"破空.定"}  # the rules of the edited file only
    compiled.clear()
    assert _reload(two_files).evaluate(BASE).holds(Fact("破空", (1,)))
    assert compiled == []


def test_the_join_code_of_one_files_rules_is_kept_in_one_file(two_files, tmp_path):
    """Creating a file costs about a millisecond on an ordinary disk, more than compiling a rule: a
    cold start wrote some eight hundred.  The rules of one rule file now share one file of parts
    (two processes adding to one: tests/test_cache_damage.py)."""
    from yimao.cachestore import read_parts

    (two_files / "26-旬空.ym").write_text(OTHER + "rule 破空.又 when 月破(位: P), 月建(支: 午) then 破空(位: P)\n",
                                         encoding="utf-8")
    engine = rulebook.load_engine([two_files])
    engine.evaluate(BASE)
    groups = {path.name: read_parts(path) for path in (tmp_path / "cache" / "join").glob("*.code")}
    assert len(groups) == 2 and sorted(len(parts) for parts in groups.values()) == [1, 2]
    assert all(parts.get(key) is not None for parts in groups.values() for key in parts)
    keys = engine.join_store.keys
    assert keys["破空.定"].split("-")[0] == keys["破空.又"].split("-")[0] != keys["月破.定"].split("-")[0]


def test_housekeeping_keeps_the_most_recent_rulebooks_and_what_they_use(folder, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "KEEP", 2)
    monkeypatch.setattr(cache, "SLACK", 1)  # so: at the third engine, down to two
    monkeypatch.setattr(cache, "GRACE_SECONDS", -1)
    for n in range(5):
        write(folder, TEXT + f"# edit {n}\n")
        _reload(folder).evaluate(BASE)
    cached = tmp_path / "cache"
    assert _count(cached, "engines/*.runtime") == 2 and _count(cached, "engines/*.uses") == 2
    assert _count(cached, "front/*.ir") == 3  # 00-输入 and the last two versions of 25
    assert _count(cached, "join/*.code") == 2
    assert _reload(folder).evaluate(BASE).holds(Fact("月破", (1,)))


def test_housekeeping_removes_the_files_of_the_old_layout(folder, tmp_path):
    old = tmp_path / "cache"
    old.mkdir()
    for name in ("a.runtime", "a.code", "a.program", "tmpx1y2.tmp"):
        (old / name).write_bytes(b"old")
    rulebook.load_engine([folder])
    assert sorted(p.name for p in old.iterdir() if p.is_file()) == []


def test_cache_info_and_clear(folder, tmp_path, capsys):
    rulebook.load_engine([folder]).evaluate(BASE)
    assert main(["cache", "info", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["folder"] == str(tmp_path / "cache")
    assert found["kinds"]["engines"]["entries"] == 1 and found["kinds"]["parsed files"]["entries"] == 2
    assert found["kinds"]["join code"]["entries"] == 1 and found["kinds"]["quotes found"]["entries"] == 1
    assert found["bytes"] > 0
    assert main(["cache", "clear"]) == 0
    assert "removed" in capsys.readouterr().out
    assert main(["cache", "info", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bytes"] == 0
    assert _reload(folder).evaluate(BASE).holds(Fact("月破", (1,)))


def test_a_cached_engine_judges_without_loading_the_rule_bodies():
    """The point of the runtime file: evaluating, the chart and a judgement read no rule IR (once
    a run has compiled the join code they call); the checked program loads only when something
    asks for it, and then it is the same program."""
    from yimao.api import evaluate_chart, moment
    from yimao.cache import LazyProgram
    from yimao.cast import Cast
    from yimao.judge import Judgement, parse_question

    fresh = rulebook.load_engine()  # (the test session's cache: built, or read by an earlier test)
    question = parse_question(fresh.program, "求财")
    cast, when = Cast.from_lines("987878"), moment(month="申", day="丁酉")
    want = Judgement(question, evaluate_chart(fresh, cast, when, "shipped", question.facts())).to_dict()
    # With a cold cache shared by the test workers, another worker may be writing the same entry
    # while this one reads it; a read that finds it incomplete builds the program instead (right,
    # but not lazy), so the entry is read again once it is whole.
    for _ in range(3):
        rulebook.forget()
        cached = rulebook.load_engine()
        if isinstance(cached.program, LazyProgram):
            break
    assert isinstance(cached.program, LazyProgram)
    question = parse_question(cached.program, "求财")
    got = Judgement(question, evaluate_chart(cached, cast, when, "shipped", question.facts())).to_dict()
    assert cached.program._program is None
    assert got == want and got["verdicts"]
    assert [r.id for r in cached.program.rules] == [r.id for r in fresh.program.rules]
    # what it reads per key (declarations, readers, tables' rows, citations, the precedence
    # closure) is the program's, key for key
    full = cached.program.full
    for name in ("declarations", "readers", "table_rows", "cards"):
        lazy = getattr(cached.program, name)
        assert len(lazy) == len(getattr(full, name)) and dict(lazy.items()) == getattr(full, name), name
        assert lazy.get("no such predicate") is None and "no such predicate" not in lazy
    assert dict(cached.program.method.below.items()) == full.method.below and cached.program.method == full.method


def _age(folder, seconds: int = 3600) -> None:
    """Date the rule files and their folder back, as files not edited in this very moment are."""
    for path in [folder, *folder.glob("*.ym")]:
        os.utime(path, (path.stat().st_atime - seconds, path.stat().st_mtime - seconds))


def test_a_loaded_engine_is_reused_while_its_files_keep_size_and_time(folder, monkeypatch):
    _age(folder)
    first = rulebook.load_engine([folder])
    hashed: list[str] = []
    real = rulebook.cache_key
    monkeypatch.setattr(rulebook, "cache_key", lambda files, school, names: hashed.append(school) or real(files, school, names))
    assert rulebook.load_engine([folder]) is first and hashed == []  # sizes and times only
    _age(folder, 10)  # touched, content the same: hashed again, the same engine
    assert rulebook.load_engine([folder]) is first and len(hashed) == 1
    write(folder, TEXT.replace("支: 子", "支: 丑"))
    _age(folder)
    second = rulebook.load_engine([folder])
    assert second is not first and second.evaluate(BASE).holds(Fact("月破", (2,)))


def test_a_file_edited_this_moment_is_hashed_again(folder):
    """Within the file system's time resolution an edit of the same size may keep the time: a fresh
    file's stamps are not trusted."""
    first = rulebook.load_engine([folder])
    write(folder, TEXT.replace("支: 子", "支: 丑"))  # same size, at once
    assert rulebook.load_engine([folder]) is not first


def test_the_api_loads_the_engine_once_per_chart_and_takes_a_given_one(monkeypatch):
    import yimao
    import yimao.api

    loads: list = []
    real = yimao.api.load_engine
    monkeypatch.setattr(yimao.api, "load_engine", lambda *a, **k: loads.append(a) or real(*a, **k))
    got = yimao.chart(hexagram="豐之萃", month="申", day="丁酉").to_dict()
    assert len(loads) == 1
    given = yimao.load_engine()
    assert yimao.chart(hexagram="豐之萃", month="申", day="丁酉", engine=given).to_dict() == got
    assert yimao.judge(question="求财", hexagram="豐之萃", month="申", day="丁酉", engine=given).to_dict()["verdicts"]
    assert len(loads) == 1


def test_the_workbench_reloads_only_the_edited_file(two_files, monkeypatch):
    """`yimao serve --rulebook`: an edit shows on the next request, and only that file is parsed."""
    from yimao.web.app import create_app

    client = create_app([str(two_files)]).test_client()
    assert "破空.定" in client.get("/rulebook/26").get_data(as_text=True)
    parsed = _parsed_files(monkeypatch)
    (two_files / "26-旬空.ym").write_text(OTHER.replace("破空.定", "破空.成"), encoding="utf-8")
    page = client.get("/rulebook/26").get_data(as_text=True)
    assert "破空.成" in page and "破空.定" not in page
    assert [os.path.basename(name) for name in parsed] == ["26-旬空.ym"]


PARSE_ON_WORKERS = """
import hashlib
import sys

import yimao.lang as lang
from yimao import forking
from yimao.rulebook import _parse, rulebook_dir

files = sorted(rulebook_dir().glob("*.ym"))[:12]
parsed = []
parse = lang.parse_module
lang.parse_module = lambda text, name: (parsed.append(name), parse(text, name))[1]
if sys.argv[1] == "workers":
    forking.allow()
modules = _parse(files, {}, [], {})
print(len(parsed), sum(len(m.rules) for m in modules), hashlib.sha256(repr(modules).encode()).hexdigest())
"""


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the workers are one per core: none on one core")
def test_the_cli_parses_a_cold_rulebook_on_worker_processes(tmp_path):
    """What the workers parse the process does not (its own parse is never called), and the
    modules are the ones parsed in the process."""
    script = tmp_path / "parse.py"
    script.write_text(PARSE_ON_WORKERS, encoding="utf-8")
    found = {}
    for how in ("workers", "serial"):
        env = dict(os.environ, YIMAO_CACHE_DIR=str(tmp_path / f"cache-{how}"))
        done = subprocess.run([sys.executable, str(script), how], capture_output=True, text=True, env=env, check=True)
        found[how] = done.stdout.split()
    assert found["workers"][0] == "0" and found["serial"][0] == "12"
    assert found["workers"][1:] == found["serial"][1:] and int(found["serial"][1]) > 50


FORKED = """\
chapter 25 月破
input 纳甲(位, 支)
input 月建(支)
predicate 月破(位)
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 月破(位: P)
"""


@pytest.mark.skipif((os.cpu_count() or 1) < 2 or not hasattr(os, "fork"), reason="a child only with a fork and two cores")
def test_the_cli_writes_a_new_engine_beside_its_answer_and_waits_for_it(tmp_path):
    """After an edit, pickling and writing the new engine's entry took a fifth of a second and more
    of the command: the CLI now writes it on a forked child while it evaluates and answers.  The
    command still ends only when the entry is written (the next command reads it, checking
    nothing), and its output is the answer once, as from a library call, which writes in process."""
    rules = tmp_path / "rb"
    rules.mkdir()
    (rules / "25.ym").write_text(FORKED, encoding="utf-8")
    argv = ["facts", "--rulebook", str(rules), "--fact", "纳甲(位: 1, 支: 子)", "--fact", "月建(支: 午)", "--json"]
    env = dict(os.environ, YIMAO_CACHE_DIR=str(tmp_path / "cache"))
    cli = [sys.executable, "-m", "yimao.cli", *argv]
    first = subprocess.run(cli, capture_output=True, text=True, env=env, check=True)
    assert first.stderr == "" and [p.suffix for p in (tmp_path / "cache" / "engines").glob("*.runtime")] == [".runtime"]
    spy = ("import sys, runpy, yimao.rulebook as r\n"
           "r.check_files = lambda *a, **k: sys.exit('checked again')\n"
           "sys.argv = ['yimao', *sys.argv[1:]]\nrunpy.run_module('yimao.cli', run_name='__main__')\n")
    again = subprocess.run([sys.executable, "-c", spy, *argv], capture_output=True, text=True, env=env)
    assert again.returncode == 0, again.stderr
    in_process = subprocess.run([sys.executable, "-c", "import sys; from yimao.cli import main; sys.exit(main(sys.argv[1:]))",
                                 *argv], capture_output=True, text=True, env=dict(env, YIMAO_CACHE_DIR=str(tmp_path / "c2")))
    assert first.stdout == again.stdout == in_process.stdout and json.loads(first.stdout)


def _closures_made(monkeypatch) -> list[int]:
    """How many precedence closures are made from their edges from now on."""
    import yimao.weighing

    made: list[int] = []
    real = yimao.weighing._closure

    def spy(edges):
        made.append(len(edges))
        return real(edges)

    monkeypatch.setattr(yimao.weighing, "_closure", spy)
    return made


def _below(engine) -> dict:
    """The engine's precedence closure, every ruling's part read."""
    program = engine.program.full if isinstance(engine.program, cache.LazyProgram) else engine.program
    below = program.method.below
    return {ruling: below[ruling] for ruling in below}


def _judging_book(tmp_path, monkeypatch):
    from test_judge import INPUTS
    from test_judging import BOOK

    folder = cached_rulebook(tmp_path, monkeypatch, BOOK)
    (folder / "25-月破.ym").unlink()
    (folder / "56-疾病.ym").write_text(BOOK, encoding="utf-8")
    (folder / "00-输入.ym").write_text(INPUTS, encoding="utf-8")
    return folder


def test_the_precedence_closure_is_recalled_after_an_edit_that_leaves_it(tmp_path, monkeypatch):
    """An edit to a rule's body or a comment, even one that moves every precedence down a line,
    makes no new closure: it is recalled, and it is the closure the check would make."""
    folder = _judging_book(tmp_path, monkeypatch)
    made = _closures_made(monkeypatch)
    fresh = _below(rulebook.load_engine([folder]))
    assert len(made) == 1 and _count(tmp_path / "cache" / "front", "*.closure") == 1
    book = folder / "56-疾病.ym"
    book.write_text("# a scholar's note\n" + book.read_text(encoding="utf-8").replace("爻(位: 3, 值: 9) then 断 凶", "爻(位: 3, 值: 7) then 断 凶"),
                    encoding="utf-8")
    recalled = _below(_reload(folder))
    assert len(made) == 1
    assert recalled == fresh
    # judged the same way: 用神为重 still places 用神断.* above 遇时.*
    assert recalled["用神断.全吉"]["遇时.失令凶"] == "用神为重"


@pytest.mark.parametrize("edit", [
    ("用神断.* over 遇时.*", "遇时.* over 用神断.*"),  # a precedence turned round
    ("用神断.* over 遇时.*", "用神断.* over 真假.*"),  # another loser
    ("rule 真假.虚", "rule 用神断.虚"),  # a ruling renamed into a selector's prefix
    ("precedence 先索不善", "precedence 先卦后爻2 「外此」: 真假.* over 病安.*\nprecedence 先索不善"),  # one added
])
def test_an_edit_to_what_the_closure_is_made_from_makes_it_again(tmp_path, monkeypatch, edit):
    folder = _judging_book(tmp_path, monkeypatch)
    rulebook.load_engine([folder])
    made = _closures_made(monkeypatch)
    book = folder / "56-疾病.ym"
    book.write_text(book.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
    remade = _below(_reload(folder))
    assert len(made) == 1
    # the closure made again is the one made with no cache at all
    assert remade == _below(rulebook.load_engine([folder], use_cache=False))


def test_a_closure_whose_check_failed_is_not_remembered(tmp_path, monkeypatch):
    folder = _judging_book(tmp_path, monkeypatch)
    book = folder / "56-疾病.ym"
    book.write_text(book.read_text(encoding="utf-8").replace("用神断.* over 遇时.*", "用神断.* over 无此.*"), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(RulebookError) as raised:
            _reload(folder)
        assert any("no ruling's id starts with 无此." in d.message for d in raised.value.diagnostics)
    assert _count(tmp_path / "cache" / "front", "*.closure") == 0


def test_pickled_values_read_back_as_written_a_group_at_a_time(monkeypatch):
    from yimao import cachestore

    values = {f"规则{n}": {"id": n, "below": (n, "甲")} for n in range(40)}
    stored = cachestore.PickledValues.pickle(values)
    index, blobs = stored.pickled
    assert len(blobs) == 3 and cachestore.PickledValues.pickle(stored) is stored
    read = cachestore.PickledValues(*cachestore.loads(cachestore.dumps(stored.pickled)))
    unpickled: list[bytes] = []
    real = cachestore.loads
    monkeypatch.setattr(cachestore, "loads", lambda blob: unpickled.append(blob) or real(blob))
    assert read["规则17"] == values["规则17"] and read.get("规则18") == values["规则18"]
    assert unpickled == [blobs[1]]  # the group of 规则16-31, once
    assert read.get("无此") is None and "规则39" in read and len(read) == 40
    assert dict(read) == values and list(read) == list(values)


PARSED_HERE = """\
import atexit, runpy, sys
import yimao.lang as lang
parsed, real = [], lang.parse_module
lang.parse_module = lambda text, name: parsed.append(name) or real(text, name)
atexit.register(lambda: sys.stderr.write(" ".join(parsed)))  # a forked child runs no exit handler
sys.argv = ["yimao", *sys.argv[1:]]
runpy.run_module("yimao.cli", run_name="__main__")
"""


@pytest.mark.skipif((os.cpu_count() or 1) < 2 or not hasattr(os, "fork"), reason="a child only with a fork and two cores")
def test_the_cli_parses_an_edited_file_on_a_child_while_it_reads_the_others(tmp_path):
    """After an edit the command's own process parses nothing: a forked child parses the edited
    file (Lark's import, its tables, the parse) while the process reads every other file's IR, and
    the answer is the one a library call gives, which parses in process."""
    rules = tmp_path / "rb"
    rules.mkdir()
    (rules / "25.ym").write_text(FORKED, encoding="utf-8")
    (rules / "26.ym").write_text(OTHER.replace("chapter 26 旬空\n", "chapter 26 旬空\n# 注\n"), encoding="utf-8")
    argv = ["facts", "--rulebook", str(rules), "--fact", "纳甲(位: 1, 支: 子)", "--fact", "月建(支: 午)", "--json"]
    env = dict(os.environ, YIMAO_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-m", "yimao.cli", *argv], capture_output=True, env=env, check=True)
    (rules / "25.ym").write_text(FORKED.replace("§25.1", "# a scholar's note\n§25.1"), encoding="utf-8")
    edited = subprocess.run([sys.executable, "-c", PARSED_HERE, *argv], capture_output=True, text=True, env=env)
    assert edited.returncode == 0 and edited.stderr == ""
    in_process = subprocess.run([sys.executable, "-c", "import sys; from yimao.cli import main; sys.exit(main(sys.argv[1:]))",
                                 *argv], capture_output=True, text=True, env=dict(env, YIMAO_CACHE_DIR=str(tmp_path / "c2")))
    assert edited.stdout == in_process.stdout and "破空" in edited.stdout
    # a file the child could not parse is parsed, and reported, by the process itself
    (rules / "25.ym").write_text(FORKED.replace("then 月破", "then then 月破"), encoding="utf-8")
    broken = subprocess.run([sys.executable, "-m", "yimao.cli", *argv], capture_output=True, text=True, env=env)
    assert broken.returncode == 1 and "Traceback" not in broken.stderr
    assert [(d["line"], d["syntax"]) for d in json.loads(broken.stderr)["diagnostics"]] == [(6, True)]


def _checked_rules(monkeypatch) -> list[str]:
    """The ids of the rules the checker checks from now on."""
    from yimao.check import _Checker

    checked: list[str] = []
    real = _Checker.check_rule

    def spy(self, rule):
        checked.append(rule.id)
        return real(self, rule)

    monkeypatch.setattr(_Checker, "check_rule", spy)
    return checked


def _read_ir(monkeypatch) -> list[str]:
    """The per-file IR entries read from the disk cache from now on."""
    import yimao.frontcache

    read: list[str] = []
    real = yimao.frontcache.read_value

    def spy(path, expected=object):
        read.append(path.name)
        return real(path, expected)

    monkeypatch.setattr(yimao.frontcache, "read_value", spy)
    return read


def test_a_running_process_reads_and_checks_only_the_edited_file_again(two_files, monkeypatch):
    """The workbench serving a rulebook being edited, or the API in a loop: the other files' IR
    and their rules as checked are this process's already."""
    rulebook.load_engine([two_files])
    parsed, checked, read = _parsed_files(monkeypatch), _checked_rules(monkeypatch), _read_ir(monkeypatch)
    (two_files / "26-旬空.ym").write_text(OTHER + "# a note\n", encoding="utf-8")
    engine = rulebook.load_engine([two_files])
    assert [os.path.basename(name) for name in parsed] == ["26-旬空.ym"]
    assert checked == ["破空.定"]
    assert len(read) == 1  # the edited file's entry, looked for and missing
    assert engine.evaluate(BASE).holds(Fact("破空", (1,)))


def test_a_changed_declaration_checks_again_the_files_that_name_it(two_files, monkeypatch):
    """26's rule names 月破 by position: when 25 declares it otherwise, 26's rule is checked again
    (its argument now names the new first parameter), as a check from nothing makes it."""
    write(two_files, OTHER.replace("月破(位: P)", "月破(P)"), name="26-旬空.ym")
    rulebook.load_engine([two_files])
    checked = _checked_rules(monkeypatch)
    write(two_files, TEXT.replace("predicate 月破(位)", "predicate 月破(位, 层)").replace("then 月破(位: P)", "then 月破(位: P, 层: 本)"))
    remembered = rulebook.load_engine([two_files]).program
    assert set(checked) == {"月破.定", "破空.定"}
    fresh = rulebook.load_engine([two_files], use_cache=False).program
    assert remembered.rules == fresh.rules
    assert [a.name for a in remembered.rule("破空.定").body[0].args] == ["位"]


def test_rules_whose_check_failed_are_not_remembered(two_files, monkeypatch):
    rulebook.load_engine([two_files])
    write(two_files, TEXT.replace("predicate 月破(位)\n", ""))
    with pytest.raises(RulebookError):
        rulebook.load_engine([two_files])
    write(two_files, TEXT)
    checked = _checked_rules(monkeypatch)
    rulebook.load_engine([two_files])
    assert "破空.定" not in checked  # remembered from the first load, which passed
    write(two_files, TEXT.replace("predicate 月破(位)\n", "") + "predicate 月破(位)\n")
    rulebook.load_engine([two_files])
    assert checked.count("月破.定") == 1


def test_a_server_writes_a_new_engine_on_a_thread_and_waits_for_it_at_the_end(monkeypatch):
    """Where a process may not fork (a server's threads), `beside` runs on a thread once it is
    allowed; its failure costs the cache entry only, silently; `finish` joins it."""
    from yimao import forking

    monkeypatch.setitem(forking._ALLOWED, "threads", True)
    monkeypatch.setitem(forking._ALLOWED, "pid", None)  # this process may not fork
    import threading

    done, main = [], threading.get_ident()

    def task():
        done.append(threading.get_ident())

    forking.beside(task)
    forking.beside(lambda: 1 / 0)
    forking.finish()
    assert done and done[0] != main and not forking._THREADS
