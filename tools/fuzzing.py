"""Generators of hostile input and the one property they must meet: a diagnostic with a valid
position, a one-line error, or success -- never an exception.

Plain functions of a `random.Random`, so the hypothesis suite (tests/test_fuzz.py, which draws the
generator from `st.randoms()`) and `tools/fuzz.py` (100,000 files from a seed) share them.

Rule files come two ways: mutations of windows of the shipped rulebook (deletions, insertions of
CJK, ASCII, control characters and NUL, token swaps, truncation, deep nesting, long lines,
giant integers, invalid UTF-8) and small rulebooks generated from the grammar's constructs, which
mostly check and so reach the compiler and the evaluator.  Argument vectors mix every command's
flags with hostile values.
"""

from __future__ import annotations

import contextlib
import io
import random
import tempfile
import time
from pathlib import Path

import attrs

from yimao.cli import main
from yimao.errors import UsageError
from yimao.evaluate import Engine, EvaluationLimit
from yimao.facts import Fact
from yimao.paths import rulebook_dir
from yimao.rulebook import check_files

CJK = "爻位值世应用神月建日辰子丑寅卯辰巳午未申酉戌亥甲乙丙丁戊己庚辛壬癸木火土金水父母兄弟妻财官鬼子孙吉凶断「」§"
ASCII = "abcXYZ_09()[]{},.:;=<>!+-*%#\"' \t\n"
CONTROL = "\x00\x01\x07\x08\x0b\x0c\x1b\x7f\u200b\u202e\ufeff\ud7ff"
EVAL_LIMIT = 20_000
SLOW = 5.0


@attrs.frozen
class Outcome:
    kind: str  # ok, diagnostics, usage, limit, crash, bad-position
    detail: str = ""
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return self.kind in ("crash", "bad-position")


# rule files ------------------------------------------------------------------------------------

def shipped_sources() -> list[str]:
    folder = rulebook_dir()
    return [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.ym")) + sorted((folder / "schools").glob("*.ym"))
            if not p.name.startswith("00-")]


def _window(rng: random.Random, sources: list[str]) -> str:
    lines = rng.choice(sources).split("\n")
    start = rng.randrange(len(lines))
    return "\n".join(lines[start:start + rng.randint(5, 60)])


def _noise(rng: random.Random) -> str:
    pool = rng.choice((CJK, ASCII, CONTROL, CJK + ASCII))
    return "".join(rng.choice(pool) for _ in range(rng.randint(1, 12)))


def _mutate_once(rng: random.Random, text: str) -> str | bytes:
    at = rng.randint(0, len(text))
    kind = rng.randrange(10)
    if kind == 0 and text:  # deletion
        return text[:at] + text[at + rng.randint(1, 40):]
    if kind == 1:  # insertion of CJK, ASCII, control characters, NUL
        return text[:at] + _noise(rng) + text[at:]
    if kind == 2:  # token swap
        tokens = text.split(" ")
        if len(tokens) > 2:
            i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        return " ".join(tokens)
    if kind == 3:  # truncation
        return text[:at]
    if kind == 4:  # deep nesting, on one line or many
        depth = rng.choice((40, 300, 2000))
        sep = rng.choice(("", "\n"))
        return text[:at] + ("(" + sep) * depth + "P" + (" + 1)" + sep) * depth + text[at:]
    if kind == 5:  # a long sum
        return text[:at] + " X = " + rng.choice((" + ", " +\n")).join(["1"] * rng.choice((50, 600))) + text[at:]
    if kind == 6:  # a long line
        return text[:at] + rng.choice("爻a ,(") * rng.choice((500, 2500, 20000)) + text[at:]
    if kind == 7:  # a giant integer
        return text[:at] + "9" * rng.choice((19, 400, 5000)) + text[at:]
    if kind == 8:  # a duplicated line
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        return "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    encoded = text.encode("utf-8")  # invalid UTF-8
    cut = rng.randint(0, len(encoded))
    return encoded[:cut] + bytes([rng.choice((0xff, 0xc3, 0xe4, 0x80))]) + encoded[cut:]


def mutated_rule_file(rng: random.Random, sources: list[str]) -> str | bytes:
    """A window of a shipped file under a chapter header, mutated one to four times."""
    text: str | bytes = "chapter 25 月破\n" + _window(rng, sources)
    for _ in range(rng.randint(1, 4)):
        if isinstance(text, bytes):
            break
        text = _mutate_once(rng, text)
    return text


# generated from the grammar's constructs ---------------------------------------------------------

INPUT_PREDICATES = {"爻": ("位", "值"), "纳甲": ("位", "支"), "月建": ("支",), "日辰": ("支",)}
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"


def generated_rule_file(rng: random.Random) -> str:
    """A small rulebook chapter: predicates, a table, rules with atoms, negations, comparisons,
    arithmetic bindings, exceptions, recursion and 断 conclusions, drawn at random."""
    predicates = dict(INPUT_PREDICATES)
    lines = ["chapter 25 月破"]
    own = {}
    for i in range(rng.randint(1, 4)):
        name = "谓" + "甲乙丙丁"[i]
        own[name] = tuple("参" + str(j) for j in range(rng.randint(1, 3)))
        lines.append(f"predicate {name}({', '.join(own[name])})")
    predicates.update(own)
    lines.append("§25.1")
    if rng.random() < 0.5:
        lines.append("table 冲(支, 对) symmetric { 子 午; 丑 未; 寅 申 }")
        predicates["冲"] = ("支", "对")
    rules = []
    for r in range(rng.randint(1, 8)):
        rule_id = f"测.则{r}"
        bound: list[str] = []
        body = []
        for _ in range(rng.randint(0 if rng.random() < 0.1 else 1, rng.choice((3, 6, 17)))):
            predicate = rng.choice(list(predicates))
            args = []
            for param in predicates[predicate]:
                choice = rng.random()
                if choice < 0.5:
                    var = rng.choice("ABCDEFP")
                    args.append(f"{param}: {var}")
                    bound.append(var)
                elif choice < 0.7:
                    args.append(f"{param}: {rng.choice([*BRANCHES[:4], '1', '9', '-3', '_'])}")
            body.append(f"{predicate}({', '.join(args)})")
        if bound and rng.random() < 0.4:
            body.append(f"{rng.choice(bound)} {rng.choice(['<', '!=', '=', '>='])} {rng.choice([*bound, '3'])}")
        if bound and rng.random() < 0.4:
            body.append(f"N = ({rng.choice(bound)} {rng.choice('+-*%')} {rng.randint(0, 7)}) % 6 + 1")
            bound.append("N")
        if bound and rng.random() < 0.3:
            predicate = rng.choice(list(own))
            args = ", ".join(f"{p}: {rng.choice(bound)}" for p in own[predicate])
            body.append(f"not {predicate}({args})")
        head_predicate = rng.choice(list(own))
        terms = bound or ["1"]
        if rng.random() < 0.2:
            polarity = rng.choice(["吉", "凶", "成", "不成"])
            head = f"断 {polarity} \"{{{rng.choice(terms)}}}\""
        else:
            args = ", ".join(f"{p}: {rng.choice(terms)}" for p in own[head_predicate])
            head = f"{head_predicate}({args})"
        exception = f" exception to {rng.choice(rules)}" if rules and rng.random() < 0.15 else ""
        when = f" when {', '.join(body)}" if body else ""
        lines.append(f"rule {rule_id}{exception}{when} then {head}")
        rules.append(rule_id)
    return "\n".join(lines) + "\n"


# the property for rule files --------------------------------------------------------------------

def _chart_facts() -> list[Fact]:
    facts = [Fact("爻", (i + 1, v)) for i, v in enumerate((8, 7, 7, 9, 8, 7))]
    facts += [Fact("纳甲", (i + 1, b)) for i, b in enumerate("子寅辰午申戌")]
    return facts + [Fact("月建", ("申",)), Fact("日辰", ("酉",))]


INPUTS_TEXT = "\n".join(f"input {name}({', '.join(params)})" for name, params in INPUT_PREDICATES.items()) + "\n"


def rule_file_outcome(content: str | bytes, folder: Path) -> Outcome:
    """Check a rule file beside the input declarations; build and evaluate it when it checks."""
    (folder / "00-输入.ym").write_text(INPUTS_TEXT, encoding="utf-8")
    path = folder / "25-测.ym"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    started = time.perf_counter()
    try:
        program, diagnostics = check_files(sorted(folder.glob("*.ym")))
        if diagnostics:
            outcome = _positions(diagnostics, folder)
        else:
            Engine.build(program).evaluate(_chart_facts(), limit=EVAL_LIMIT)
            outcome = Outcome("ok")
    except UsageError as error:
        outcome = Outcome("usage", str(error)) if "\n" not in str(error) else Outcome("crash", f"multi-line usage error: {error}")
    except EvaluationLimit as error:
        outcome = Outcome("limit", error.rule)
    except Exception as error:  # the property: this never happens
        outcome = Outcome("crash", f"{type(error).__name__}: {str(error)[:200]}")
    return attrs.evolve(outcome, seconds=time.perf_counter() - started)


def _positions(diagnostics, folder: Path) -> Outcome:
    lines = {}
    for path in folder.glob("*.ym"):
        try:
            lines[path.name] = path.read_text(encoding="utf-8").count("\n") + 1
        except UnicodeDecodeError:
            lines[path.name] = 0
    for d in diagnostics:
        count = lines.get(Path(d.span.file).name)
        if count is None or not (1 <= d.span.line <= count) or d.span.column < 1:
            return Outcome("bad-position", f"{d.span}: {d.message}")
    return Outcome("diagnostics", diagnostics[0].message.split(":")[0])


# argument vectors -----------------------------------------------------------------------------------

COMMANDS = ("cast", "chart", "facts", "judge", "why", "whynot", "cite", "check", "coverage", "examples", "questions",
            "schools", "compare")
FLAGS = ("--lines", "--coins", "--hexagram", "--random", "--seed", "--date", "--tz", "--zi-boundary", "--lunar", "--leap",
         "--time", "--year", "--month", "--day", "--hour", "--question", "--about", "--birth-year", "--asker", "--school",
         "--fact", "--limit", "--json", "--depth", "--all", "--predicate", "--chapters", "--find",
         "--rulebook", "--cases", "--backend", "--course", "--period", "--born", "--matter-month", "--matter-day",
         "--matter-year", "--age", "--member", "--side", "--suit", "--given")
GOOD = {"--lines": "877987", "--hexagram": "豐之萃", "--month": "申", "--day": "丁酉", "--date": "2024-02-04T16:30+08:00",
        "--question": "疾病", "--school": "俗传", "--fact": "爻(位: 1, 值: 9)", "--lunar": "2024-01-05", "--time": "09:30",
        "--course": "久", "--period": "已", "--matter-month": "寅", "--matter-day": "甲寅", "--matter-year": "甲午",
        "--age": "45", "--member": "中女", "--side": "女", "--suit": "彼讼", "--given": "谋向=去"}
CHARTED = ("cast", "chart", "facts", "judge", "why", "whynot", "compare")
POSITIONAL = ("纳甲(位: 3)", "用神(位: P)", "25.3", "25", "0.1", "92.1", "§25.3", "爻(位: 1, 值: 9)")


def hostile_value(rng: random.Random) -> str:
    return rng.choice((
        "", " ", "-1", "0", "999999", "9" * rng.choice((19, 400, 5000)), "-" + "9" * 30, "1e308", "nan",
        "子", "丁酉", "甲子甲子", "豐之萃", "乾", "877987", "6666666", "x" * rng.choice((200, 5000)),
        "\x00", "\u202e申", "../../etc/passwd", "/nonexistent", "/dev/null", "/dev/full", "/", ".",
        "2024-02-30", "2024-02-04T25:00", "12:00-05:00", "9999-12-31T23:59+14:00", "0001-01-01", "00:00",
        "爻(位: P", "爻()", "爻(位: 1, 位: 2)", "not 爻(位: 1)", "纳甲(位: 3), 动(位: 3)", "断 吉 \"x\"",
        _noise(rng), rng.choice(POSITIONAL),
    ))


def argument_vector(rng: random.Random) -> list[str]:
    """A command and some flags, good and hostile values mixed, sometimes a positional."""
    command = rng.choice(COMMANDS)
    argv = [command]
    # `check` without a path and `examples` without a chapter read the whole rulebook or every case
    # (seconds each); they are given a path or a chapter, so the vectors stay many.
    if command in ("why", "whynot", "cite", "check") or rng.random() < 0.1:
        argv.append(rng.choice(POSITIONAL) if rng.random() < 0.6 else hostile_value(rng))
    if command == "examples":
        argv += ["--chapter", rng.choice(("25", "29", "56", "999", "-1", "0"))]
    if command in CHARTED and rng.random() < 0.6:  # a good chart, so hostile flags meet a working command
        argv += ["--lines", rng.choice(("877987", "777777", "696969")), "--month", rng.choice(BRANCHES), "--day", "丁酉"]
        if command == "judge":
            argv += ["--question", rng.choice(("疾病", "求财", "功名", "胎产", "行人", "谋望", "防患", "词讼"))]
    for flag in rng.sample(FLAGS, rng.randint(0, 4)):
        if flag in ("--random", "--leap", "--json", "--all", "--born"):
            argv.append(flag)
        else:
            argv += [flag, GOOD[flag] if flag in GOOD and rng.random() < 0.6 else hostile_value(rng)]
    if command == "compare" and "--school" not in argv:
        argv += ["--school", "易冒", "--school", rng.choice(("俗传", "黄金策", "无此派"))]
    return argv


def warm_up() -> None:
    """Load the shipped rulebook and the schools the vectors name once, so the first vector to
    name one is not timed building its cache."""
    from yimao.rulebook import load_engine

    for school in (None, "俗传", "黄金策"):
        load_engine(school=school)


def argv_outcome(argv: list[str]) -> Outcome:
    """Run `yimao ARGV` in this process: exit 0, 1 or 2, no traceback, no internal error, and an
    error (exit 2) on one line."""
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as leaving:  # argparse's --help
            code = leaving.code if isinstance(leaving.code, int) else 0
        except BaseException as error:  # the property: main never lets one out
            code = None
            err.write(f"escaped {type(error).__name__}: {error}\n")
    seconds = time.perf_counter() - started
    text = err.getvalue()
    if code not in (0, 1, 2) or "Traceback" in text:
        return Outcome("crash", f"exit {code}: {text[-300:]}", seconds)
    if code == 2 and text.count("\n") > 1:
        return Outcome("crash", f"a usage error of several lines: {text[:300]}", seconds)
    return Outcome({0: "ok", 1: "diagnostics", 2: "usage"}[code], "", seconds)

