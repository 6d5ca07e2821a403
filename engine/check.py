"""Static checks over parsed modules, producing the checked program or diagnostics.

Everything a scholar can get wrong in a rule file is reported here with its position, so that the
evaluator can assume a well-formed, stratifiable program.
"""

from __future__ import annotations

from functools import cached_property
from collections import defaultdict
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping

import attrs

from .book import Book, CitationError, quote_in
from .checkmemo import MEMO
from .diagnostics import Diagnostic
from .ir import (
    Arg, Arith, Atom, Binding, Citation, Comparison, Const, Declaration, Expr, Module, Negation, Rule,
    Span, Table, Value, Var, Verdict, Wildcard,
)
from .strata import Stratification, stratify
from .weighing import EMPTY, Method, build_method

if TYPE_CHECKING:
    from .quotememo import QuoteMemo

VERDICT = "断"


@attrs.frozen
class RuleCard:
    """What reports on a rule's conclusions need of it, without its IR: where the book says it,
    the rule it excepts, whether it concludes a 断, what its positive body reads and fixes."""

    id: str
    cites: tuple[str, ...]  # paragraph refs: where the rule sits first, then its `cite` clauses
    quotes: tuple[str, ...]  # the quoted clauses of the first
    exception_to: str | None
    concludes: bool  # has a 断
    fixed: tuple[tuple[str, str, Value], ...]  # (predicate, argument, constant) of positive atoms


def rule_card(rule: Rule) -> RuleCard:
    atoms = [lit for lit in rule.body if isinstance(lit, Atom)]
    return RuleCard(rule.id, tuple(c.ref for c in rule.citations), rule.citation.quotes, rule.exception_to,
                    bool(rule.verdicts),
                    tuple((a.predicate, arg.name, arg.term.value) for a in atoms for arg in a.args if isinstance(arg.term, Const)))


@attrs.frozen
class Program:
    """A checked rulebook: declarations, rules with named arguments in declared order, strata."""

    modules: tuple[Module, ...]
    declarations: dict[str, Declaration] = attrs.field(eq=False)
    rules: tuple[Rule, ...]
    tables: tuple[Table, ...]
    strata: Stratification = attrs.field(eq=False)
    overlaid: object = attrs.field(eq=False, default=None)  # schools.Overlaid: the school chain and its changes
    method: Method = attrs.field(eq=False, default=EMPTY)  # how rulings are weighed: axes, precedence, 刻期

    @property
    def school(self) -> str:
        return self.overlaid.chain[-1] if self.overlaid else "易冒"

    @property
    def questions(self):
        return tuple(q for m in self.modules for q in m.questions)

    @cached_property
    def question_chapters(self) -> dict[str, frozenset[int]]:
        """question -> the chapters that declare it (read per judgement, so built once)."""
        found: dict[str, set[int]] = defaultdict(set)
        for question in self.questions:
            found[question.name].add(question.chapter)
        return {name: frozenset(chapters) for name, chapters in found.items()}

    @cached_property
    def rules_by_id(self) -> dict[str, Rule]:
        return {rule.id: rule for rule in self.rules}

    def rule(self, rule_id: str) -> Rule:
        return self.rules_by_id[rule_id]

    @cached_property
    def readers(self) -> dict[str, tuple[str, ...]]:
        """predicate -> the ids of the rules with a positive body atom of it, in source order."""
        found: dict[str, list[str]] = defaultdict(list)
        for rule in self.rules:
            for predicate in dict.fromkeys(lit.predicate for lit in rule.body if isinstance(lit, Atom)):
                found[predicate].append(rule.id)
        return {k: tuple(v) for k, v in found.items()}

    @cached_property
    def concluders(self) -> dict[str, tuple[Rule, ...]]:
        """predicate -> the rules with a head of it, in source order (`whynot` asks for many)."""
        found: dict[str, list[Rule]] = defaultdict(list)
        for rule in self.rules:
            for predicate in dict.fromkeys(h.predicate for h in rule.heads if isinstance(h, Atom)):
                found[predicate].append(rule)
        return {k: tuple(v) for k, v in found.items()}

    @cached_property
    def cards(self) -> dict[str, RuleCard]:
        return {rule.id: rule_card(rule) for rule in self.rules}

    def card(self, rule_id: str) -> RuleCard:
        """One rule's card, made alone: a judgement reads some dozens of four thousand (making
        them all was some 40 ms of the first judgement after an edit)."""
        return rule_card(self.rules_by_id[rule_id])

    @cached_property
    def table_rows(self) -> dict[str, list[tuple[Value, ...]]]:
        """predicate -> the rows of every table of it, in source order."""
        found: dict[str, list[tuple[Value, ...]]] = defaultdict(list)
        for table in self.tables:
            found[table.predicate].extend(table.rows)
        return dict(found)

    def rows_of(self, predicate: str) -> list[tuple[Value, ...]]:
        return list(self.table_rows.get(predicate, ()))

    @cached_property
    def exceptions(self) -> dict[str, tuple[str, ...]]:
        """base rule id -> the ids of the rules declared exceptions to it, in source order."""
        found: dict[str, list[str]] = defaultdict(list)
        for rule in self.rules:
            if rule.exception_to:
                found[rule.exception_to].append(rule.id)
        return {k: tuple(v) for k, v in found.items()}


def variables(expr: Expr) -> Iterator[str]:
    if isinstance(expr, Var):
        yield expr.name
    elif isinstance(expr, Arith):
        yield from variables(expr.left)
        yield from variables(expr.right)


class _Checker:
    def __init__(self, modules: tuple[Module, ...], book: Book, retired: frozenset[str] = frozenset(),
                 quotes: QuoteMemo | None = None, remember: bool = False,
                 file_keys: Mapping[int, str] | None = None) -> None:
        self.modules = modules
        self.file_keys = file_keys or {}  # id of a module as parsed from its file -> the file's key (see checkmemo)
        self.remember = remember  # the precedence closure recalled or remembered (see closurememo)
        self.retired = retired
        self.book = book
        self.found = quote_in if quotes is None else quotes.found
        self.diagnostics: list[Diagnostic] = []
        self.declarations: dict[str, Declaration] = {}
        self.checked_citations: set[Citation] = set()

    def error(self, span: Span, message: str) -> None:
        self.diagnostics.append(Diagnostic(span, message))

    # declarations ---------------------------------------------------------------------------
    def declare(self, decl: Declaration) -> None:
        if decl.predicate == VERDICT:
            self.error(decl.span, f"{VERDICT} is reserved for conclusions")
            return
        if len(set(decl.params)) != len(decl.params):
            self.error(decl.span, f"predicate {decl.predicate} repeats an argument name")
        previous = self.declarations.get(decl.predicate)
        if previous is None:
            self.declarations[decl.predicate] = decl
        elif decl.kind == "table" and previous.params == decl.params and previous.kind != "input":
            return  # further rows for a declared predicate
        elif decl.kind == "table":
            self.error(decl.span, f"table {decl.predicate}({', '.join(decl.params)}) does not match its declaration "
                                  f"{decl.predicate}({', '.join(previous.params)}) at {previous.span}")
        else:
            self.error(decl.span, f"predicate {decl.predicate} is already declared at {previous.span}")

    def collect_declarations(self) -> None:
        for module in self.modules:
            for decl in module.declarations:
                self.declare(decl)
        for module in self.modules:
            for table in module.tables:
                self.declare(Declaration(table.predicate, table.params, "", "table", table.span))

    # citations --------------------------------------------------------------------------------
    def check_citation(self, citation: Citation) -> None:
        if citation in self.checked_citations:
            return  # a paragraph heading is shared by every rule under it: report once
        self.checked_citations.add(citation)
        try:
            paragraph = self.book.paragraph(citation.chapter, citation.paragraph)
        except CitationError as error:
            self.error(citation.span, f"citation §{citation.ref} does not resolve: {error}")
            return
        for quote in citation.quotes:
            if not self.found(paragraph, quote):
                self.error(citation.span, f"quote 「{quote}」 is not in §{citation.ref}")

    # atoms ------------------------------------------------------------------------------------
    def resolve_atom(self, atom: Atom, complete: bool) -> Atom | None:
        resolved, problems = resolve_arguments(atom, self.declarations.get(atom.predicate), complete)
        for span, message in problems:
            self.error(span, message)
        return resolved

    # rules ------------------------------------------------------------------------------------
    def check_rule(self, rule: Rule) -> Rule | None:
        for citation in rule.citations:
            self.check_citation(citation)
        body: list = []
        bound: set[str] = set()
        failed = False
        for literal in rule.body:
            if isinstance(literal, Atom):
                resolved = self.resolve_atom(literal, complete=False)
                failed |= resolved is None
                # Even a faulty atom binds its variables, so one mistake is reported once.
                bound.update(a.term.name for a in literal.args if isinstance(a.term, Var))
                if resolved is not None:
                    body.append(resolved)
            elif isinstance(literal, Negation):
                resolved = self.resolve_atom(literal.atom, complete=False)
                failed |= resolved is None
                if resolved is not None:
                    body.append(Negation(resolved, literal.span))
            else:
                body.append(literal)
        # Comparisons: `X = expr` binds X when X is bound nowhere else; repeat until no change.
        pending = [lit for lit in body if isinstance(lit, Comparison)]
        converted: dict[int, Binding] = {}
        changed = True
        while changed:
            changed = False
            for lit in pending:
                if id(lit) in converted or lit.op != "=":
                    continue
                for target, source in ((lit.left, lit.right), (lit.right, lit.left)):
                    if isinstance(target, Var) and target.name not in bound and set(variables(source)) <= bound:
                        converted[id(lit)] = Binding(target, source, lit.span)
                        bound.add(target.name)
                        changed = True
                        break
        final: list = []
        for lit in body:
            if isinstance(lit, Comparison) and id(lit) in converted:
                final.append(converted[id(lit)])
                continue
            final.append(lit)
            if isinstance(lit, Comparison):
                for side in (lit.left, lit.right):
                    if isinstance(side, Wildcard) or (isinstance(side, Arith) and _has_wildcard(side)):
                        self.error(lit.span, "_ cannot be used in a comparison")
                        failed = True
                unbound = sorted((set(variables(lit.left)) | set(variables(lit.right))) - bound)
                if unbound:
                    self.error(lit.span, f"variable {unbound[0]} in this comparison is not bound by a positive pattern")
                    failed = True
            elif isinstance(lit, Negation):
                for arg in lit.atom.args:
                    if isinstance(arg.term, Var) and arg.term.name not in bound:
                        self.error(arg.span, f"variable {arg.term.name} appears only under not; bind it in a positive pattern or write _")
                        failed = True
        heads: list = []
        for head in rule.heads:
            if isinstance(head, Atom):
                resolved = self.resolve_atom(head, complete=True)
                failed |= resolved is None
                if resolved is None:
                    continue
                heads.append(resolved)
                args = resolved.args
            else:
                heads.append(head)
                args = head.subject
                for name in head.placeholders():
                    if name not in bound:
                        self.error(head.span, f"variable {name} in the gloss is not bound by a positive pattern")
                        failed = True
            for arg in args:
                if isinstance(arg.term, Wildcard):
                    self.error(arg.span, "_ cannot stand in a conclusion")
                    failed = True
                elif isinstance(arg.term, Var) and arg.term.name not in bound:
                    self.error(arg.span, f"variable {arg.term.name} in then is not bound by a positive pattern")
                    failed = True
        if sum(isinstance(h, Verdict) for h in heads) > 1:
            self.error(rule.id_span, f"rule {rule.id} has more than one 断; split it")
            failed = True
        if failed:
            return None
        if _same(final, rule.body) and _same(heads, rule.heads):
            return rule
        return attrs.evolve(rule, body=tuple(final), heads=tuple(heads))

    def check_table(self, table: Table) -> None:
        if table.citation is not None:
            self.check_citation(table.citation)
        if table.symmetric and len(table.params) != 2:
            self.error(table.span, "only a two-column table can be symmetric")
        for row, span in zip(table.rows, table.row_spans):
            if len(row) != len(table.params):
                self.error(span, f"row has {len(row)} value(s); table {table.predicate} has {len(table.params)} column(s): {', '.join(table.params)}")

    def check_modules(self) -> None:
        for module in self.modules:
            if module.chapter is not None:
                try:
                    chapter = self.book.chapter(module.chapter)
                    if module.chapter_name not in (chapter.name, chapter.title):
                        self.error(module.chapter_span, f"chapter {module.chapter} is {chapter.name} ({chapter.title}), not {module.chapter_name}")
                except CitationError as error:
                    self.error(module.chapter_span, str(error))
            for section in module.sections:
                self.check_citation(section.citation)
            for question in module.questions:
                if not 42 <= question.chapter <= 91:
                    self.error(question.span, f"question {question.name}: chapter {question.chapter} is not a question chapter (42-91)")

    def check_exceptions(self, rules: list[Rule]) -> None:
        by_id = {rule.id: rule for rule in rules}
        for rule in rules:
            if rule.exception_to is None:
                continue
            target = by_id.get(rule.exception_to)
            span = rule.exception_span or rule.id_span
            if target is None:
                self.error(span, f"exception to {rule.exception_to}: no rule has that id")
                continue
            if rule.exception_to == rule.id:
                self.error(span, f"rule {rule.id} cannot be an exception to itself")
                continue
            if rule.exception_on:
                for name in rule.exception_on:
                    if name not in _head_args(rule) or name not in _head_args(target):
                        self.error(span, f"subject argument {name} must be an argument of both {rule.id}'s and {target.id}'s conclusions")
        # exception chains must not loop
        for rule in rules:
            seen = {rule.id}
            current = rule
            while current.exception_to and current.exception_to in by_id:
                current = by_id[current.exception_to]
                if current.id in seen:
                    self.error(rule.exception_span or rule.id_span, f"exception chain through {rule.id} loops back to itself")
                    break
                seen.add(current.id)

    def check_partial(self, rules: list[Rule], tables: tuple[Table, ...]) -> None:
        """A `partial` mark names what is missing, on a paragraph something already encodes (a
        paragraph nothing cites is untouched, whatever its heading says)."""
        cited = {(c.chapter, c.paragraph) for rule in rules for c in rule.citations}
        cited |= {(t.citation.chapter, t.citation.paragraph) for t in tables if t.citation}
        for module in self.modules:
            for section in module.sections:
                if section.partial is None:
                    continue
                if not section.partial.strip():
                    self.error(section.citation.span, f"partial §{section.citation.ref}: name the rulings not yet encoded")
                elif (section.citation.chapter, section.citation.paragraph) not in cited:
                    self.error(section.citation.span, f"partial §{section.citation.ref}: no rule or table cites this "
                                                      "paragraph, so it is untouched, not partial")

    def run(self) -> Program | None:
        self.collect_declarations()
        self.check_modules()
        rules: list[Rule] = []
        ids: dict[str, Rule] = {}
        learned: list[tuple[tuple, dict[str, Rule]]] = []  # files checked here, remembered if all is well
        for module in self.modules:
            for table in module.tables:
                self.check_table(table)
            file_key = self.file_keys.get(id(module))
            memo_key = MEMO.key(file_key, module, self.declarations) if file_key is not None else None
            recalled = MEMO.recall(memo_key) if memo_key is not None else None
            fresh: dict[str, Rule] = {}
            for rule in module.rules:
                if rule.id in ids:
                    self.error(rule.id_span, f"duplicate rule id {rule.id} (first at {ids[rule.id].id_span})")
                    continue
                ids[rule.id] = rule
                checked = recalled[rule.id] if recalled is not None else self.check_rule(rule)
                if checked is not None:
                    rules.append(checked)
                    fresh[rule.id] = checked
            if memo_key is not None and recalled is None:
                learned.append((memo_key, fresh))
        self.check_exceptions(rules)
        for module in self.modules:
            for item in module.precedences + module.timings:
                self.check_citation(item.citation)
        method = build_method(self.modules, rules, self.declarations, set(self.retired), self.diagnostics,
                              remember=self.remember)
        tables = tuple(t for m in self.modules for t in m.tables)
        self.check_partial(rules, tables)
        strata = stratify(rules, self.declarations, self.diagnostics)
        if self.diagnostics:
            return None
        for memo_key, checked in learned:
            MEMO.remember(memo_key, checked)
        return Program(self.modules, dict(self.declarations), tuple(rules), tables, strata, method=method)


def resolve_arguments(atom: Atom, decl: Declaration | None, complete: bool) -> tuple[Atom | None, list[tuple[Span, str]]]:
    """Name every argument (positional ones by declared order) and put them in declared order."""
    if decl is None:
        return None, [(atom.span, f"unknown predicate {atom.predicate}")]
    if _in_declared_order(atom, decl.params, complete):
        return atom, []  # as written is as checked: most atoms name their arguments in order
    problems: list[tuple[Span, str]] = []
    named: dict[str, Arg] = {}
    seen_named = False
    for index, arg in enumerate(atom.args):
        if arg.name is None:
            if seen_named:
                problems.append((arg.span, "positional arguments must come before named ones"))
                continue
            if index >= len(decl.params):
                problems.append((arg.span, f"{atom.predicate} takes {len(decl.params)} argument(s): {', '.join(decl.params)}"))
                continue
            name = decl.params[index]
        else:
            seen_named = True
            name = arg.name
            if name not in decl.params:
                problems.append((arg.span, f"{atom.predicate} has no argument {name} (it has: {', '.join(decl.params)})"))
                continue
        if name in named:
            problems.append((arg.span, f"argument {name} of {atom.predicate} is given twice"))
            continue
        named[name] = Arg(name, arg.term, arg.span)
    if complete:
        missing = [p for p in decl.params if p not in named]
        if missing:
            problems.append((atom.span, f"{atom.predicate} needs argument(s) {', '.join(missing)}"))
    if problems:
        return None, problems
    return Atom(atom.predicate, tuple(named[p] for p in decl.params if p in named), atom.span), []


def _same(checked: list, written: tuple) -> bool:
    return len(checked) == len(written) and all(a is b for a, b in zip(checked, written))


def _in_declared_order(atom: Atom, params: tuple[str, ...], complete: bool) -> bool:
    """Every argument named, each once, in declared order (and all of them when `complete`)."""
    if complete and len(atom.args) != len(params):
        return False
    remaining = iter(params)
    return all(arg.name is not None and arg.name in remaining for arg in atom.args)


def _has_wildcard(expr) -> bool:
    if isinstance(expr, Wildcard):
        return True
    if isinstance(expr, Arith):
        return _has_wildcard(expr.left) or _has_wildcard(expr.right)
    return False


def _head_args(rule: Rule) -> set[str]:
    names: set[str] = set()
    for head in rule.heads:
        args = head.args if isinstance(head, Atom) else head.subject
        names.update(a.name for a in args if a.name)
    return names


def check_program(modules: Iterable[Module], book: Book, overlaid=None, quotes: QuoteMemo | None = None,
                  file_keys: Mapping[int, str] | None = None) -> tuple[Program | None, list[Diagnostic]]:
    """The checked program, or None and the diagnostics; `quotes`: the quotes already found
    (see quotememo), consulted and added to -- and with them, the precedence closure is recalled
    or remembered (see closurememo): both where the rulebook is cached; `file_keys`: the key of
    each module's file, by the module's id (only modules as parsed: see checkmemo), for the rules
    checked in this process before."""
    retired = frozenset(c.rule_id for _, c in overlaid.changes if c.kind == "disable") if overlaid is not None else frozenset()
    checker = _Checker(tuple(modules), book, retired, quotes, remember=quotes is not None, file_keys=file_keys)
    program = checker.run()
    if program is not None and overlaid is not None:
        program = attrs.evolve(program, overlaid=overlaid)
    return program, checker.diagnostics
