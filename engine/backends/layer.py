"""The chart layer: the 排盘 of chapters 1-10 (with the input declarations of `00-输入.ym`), plus the
few definitions those chapters borrow from later chapters (today only 旬空.定 of ch. 26).

A cross-check backend runs this layer rather than the whole shipped rulebook: the later chapters
are under way and use constructs (exceptions, 断) a backend may not compile, while chapters 1-10
are the settled, fully derived chart.  Borrowed definitions are sliced out of their chapter files
(the rules concluding the borrowed predicates, their declarations and tables, transitively), so a
half-written later chapter neither breaks the layer nor leaks into it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

import attrs

from ..book import load_book
from ..check import Program, check_program
from ..diagnostics import Diagnostic
from ..errors import RulebookError, UsageError
from ..evaluate import Engine
from ..ir import Module, Rule
from ..paths import display_names, rulebook_dir
from ..strata import body_edges

LAST_CHART_CHAPTER = 10
_NUMBER = re.compile(r"^(\d+)-")


@attrs.frozen
class ChartLayer:
    """The checked chart-layer program, our engine built on it, and where its rules come from."""

    engine: Engine = attrs.field(eq=False)
    files: tuple[str, ...]  # the chapter files loaded whole
    borrowed: tuple[tuple[str, str], ...]  # (file, rule id) sliced from later chapters

    @property
    def program(self) -> Program:
        return self.engine.program

    @property
    def label(self) -> str:
        names = " ".join(Path(f).stem for f in self.files)
        extra = ", ".join(f"{rule} of {Path(file).stem}" for file, rule in self.borrowed)
        return f"chart layer (chapters 1-{LAST_CHART_CHAPTER}): {names}" + (f" + {extra}" if extra else "")


def chapter_number(path: Path) -> int | None:
    found = _NUMBER.match(path.name)
    return int(found.group(1)) if found else None


def split_files(root: Path) -> tuple[list[Path], list[Path]]:
    """(chapter files 0..10, the later chapter files), each in name order."""
    if not root.is_dir():
        raise UsageError(f"no such rulebook folder: {root}")
    files = sorted(p for p in root.glob("*.ym") if p.is_file() and chapter_number(p) is not None)
    core = [p for p in files if chapter_number(p) <= LAST_CHART_CHAPTER]
    later = [p for p in files if chapter_number(p) > LAST_CHART_CHAPTER]
    if not any(chapter_number(p) == 0 for p in core):
        raise UsageError(f"{root} has no input declarations (00-输入.ym)")
    return core, later


def _body_predicates(rule: Rule) -> set[str]:
    return {predicate for predicate, _, _ in body_edges(rule)}


def _parse(path: Path, text: str, sources: dict[str, list[str]]) -> tuple[Module | None, list[Diagnostic]]:
    from ..lang import parse_module  # (Lark is imported only when rule text is read)

    [name] = display_names([path])
    sources[name] = text.split("\n")
    return parse_module(text, name)


def _defined(modules: Sequence[Module]) -> set[str]:
    return {d.predicate for m in modules for d in m.declarations} | {t.predicate for m in modules for t in m.tables}


def _slice(modules: list[Module], needed: set[str]) -> tuple[list[Module], set[str]]:
    """From later chapters: what defines `needed`, and the predicates those definitions need in turn."""
    rules = {r.id: r for m in modules for r in m.rules}
    chosen: set[str] = set()
    wanted = set(needed)
    changed = True
    while changed:
        changed = False
        for rule in rules.values():
            picked = rule.id in chosen
            concludes = any(a.predicate in wanted for a in rule.atoms)
            defeats = rule.exception_to in chosen  # an exception to a borrowed rule comes with it
            if not picked and (concludes or defeats):
                chosen.add(rule.id)
                wanted |= _body_predicates(rule) | {a.predicate for a in rule.atoms}
                changed = True
    sliced = []
    for module in modules:
        keep_rules = tuple(r for r in module.rules if r.id in chosen)
        keep_decls = tuple(d for d in module.declarations if d.predicate in wanted)
        keep_tables = tuple(t for t in module.tables if t.predicate in wanted)
        if keep_rules or keep_decls or keep_tables:
            sliced.append(attrs.evolve(module, declarations=keep_decls, rules=keep_rules, tables=keep_tables,
                                       sections=(), changes=(), questions=(), **_NO_JUDGING))
    return sliced, wanted


# What the 排盘 reads of later chapters: the void (26's 旬空.定).  A rule of chapters 1-10 that reads
# another later chapter's ruling (9.3's ills of the bodies: 月破, 日冲, 冲散) belongs to the judging of
# the whole rulebook, not to the chart drawn by the layer.
BORROWABLE = frozenset({"旬空"})


def _drawn_alone(modules: list[Module]) -> list[Module]:
    """Chapters 1-10 without the rules that need a later chapter's predicate beyond BORROWABLE
    (directly, or through another rule so dropped), and without exceptions to rules not in it."""
    while True:
        defined = {a.predicate for m in modules for r in m.rules for a in r.atoms} | _defined_inputs_and_tables(modules)
        present = {r.id for m in modules for r in m.rules}
        dropped = False
        kept_modules = []
        for module in modules:
            kept = tuple(r for r in module.rules if _body_predicates(r) <= defined | BORROWABLE
                         and (r.exception_to is None or r.exception_to in present))
            dropped |= len(kept) != len(module.rules)
            kept_modules.append(attrs.evolve(module, rules=kept))
        modules = kept_modules
        if not dropped:
            return modules


def _defined_inputs_and_tables(modules: Sequence[Module]) -> set[str]:
    return {d.predicate for m in modules for d in m.declarations if d.kind == "input"} | {t.predicate for m in modules for t in m.tables}


# The layer is the chart's facts: no question, answer, precedence or 刻期 choice belongs to it.
_NO_JUDGING = {"axes": (), "precedences": (), "timings": (), "readings": (), "timed": ()}


def _chart_part(module: Module) -> Module:
    """Of a chapter of 1-10, what builds the chart: its rulings on a question (a 断, such as 10.1's
    通问 for 行人's letters) are read when a question is judged, not when the chart is drawn; its
    exceptions to later chapters' rules (7.5's checked 青龙 in 53, 67, 78) go in `_drawn_alone`."""
    return attrs.evolve(module, rules=tuple(r for r in module.rules if not r.verdicts), **_NO_JUDGING)


_CACHE: dict[str, ChartLayer] = {}


def load_chart_layer(root: str | Path | None = None) -> ChartLayer:
    """Check and build the chart layer of a rulebook folder (the shipped one by default)."""
    folder = Path(root) if root is not None else rulebook_dir()
    core, later = split_files(folder)
    texts = {path: path.read_text(encoding="utf-8") for path in core + later}
    key = hashlib.sha256(b"".join(str(p).encode() + b"\0" + t.encode() + b"\0" for p, t in texts.items())).hexdigest()
    if key in _CACHE:
        return _CACHE[key]
    sources: dict[str, list[str]] = {}
    diagnostics: list[Diagnostic] = []
    modules: list[Module] = []
    for path in core:
        module, found = _parse(path, texts[path], sources)
        diagnostics += found
        if module is not None:
            modules.append(module)
    modules = _drawn_alone([_chart_part(m) for m in modules])
    borrowed_from: list[Module] = []
    parse_problems: list[Diagnostic] = []
    needed = {p for m in modules for r in m.rules for p in _body_predicates(r)} - _defined(modules)
    parsed: set[Path] = set()
    wanted = set(needed)
    while True:
        # Parse only the later files that mention a wanted predicate: a half-written chapter
        # elsewhere cannot stop the layer from loading.
        mentioning = [p for p in later if p not in parsed and any(f"{w}(" in texts[p] for w in wanted)]
        if not mentioning:
            break
        for path in mentioning:
            parsed.add(path)
            module, found = _parse(path, texts[path], sources)
            parse_problems += found
            if module is not None:
                borrowed_from.append(module)
        sliced, grown = _slice(borrowed_from, needed)
        if grown <= wanted:
            break
        wanted = grown
    sliced, wanted = _slice(borrowed_from, needed)
    if needed - _defined(sliced) and parse_problems:
        diagnostics += parse_problems  # a borrowed definition may sit in a file that does not parse
    program = None
    if not diagnostics:
        program, found = check_program(modules + sliced, load_book())
        diagnostics += found
    if diagnostics:
        raise RulebookError(sorted((d.with_source(sources) for d in diagnostics),
                                   key=lambda d: (d.span.file, d.span.line, d.span.column)))
    layer = ChartLayer(Engine.build(program), tuple(display_names(core)),
                       tuple((m.file, r.id) for m in sliced for r in m.rules))
    _CACHE[key] = layer
    return layer
