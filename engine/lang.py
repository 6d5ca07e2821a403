"""The front end: `.ym` source -> `Module` (IR), through the Lark grammar in grammar/yimao.lark.

One Transformer method per grammar rule builds IR values; the module-level pass then attaches each
rule and table to the paragraph heading (§) it sits under.  Syntax errors become diagnostics.
"""

from __future__ import annotations

from functools import cache

import attrs

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import GrammarError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import bounds
from .diagnostics import Diagnostic
from .ir import (
    Arg, Arith, Atom, Axis, Change, Given, Reading, Timed, Citation, Comparison, Const, Declaration, Module, Negation, Precedence,
    Question, Rule, School, Section, Selector, Span, Table, TimingChoice, Var, Verdict, Wildcard,
)
from .paths import grammar_dir


@cache
def _parser(start: str = "start") -> Lark:
    from .frontcache import cached_parser

    grammar = (grammar_dir() / "yimao.lark").read_text(encoding="utf-8")
    return cached_parser(f"{start}\n{grammar}", lambda: Lark(grammar, parser="lalr", propagate_positions=True,
                                                             start=start, maybe_placeholders=True))


class SyntaxProblem(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic
        super().__init__(diagnostic.message)


def _span(file: str, node) -> Span:
    meta = node if isinstance(node, Token) else node.meta
    return Span(file, getattr(meta, "line", 0) or 0, getattr(meta, "column", 0) or 0)


def _unquote(text: str) -> str:
    return text[1:-1]


# Marker values passed from item transforms to the module assembly pass.
class _Rule(tuple):
    pass


class _Table(tuple):
    pass


class _Body(tuple):
    pass


class _Heads(tuple):
    pass


class _Quote(tuple):
    pass


class _Pending(tuple):
    """A judging statement (answer, precedence, timing) waiting for the paragraph it sits under."""


class _ToIR(Transformer):
    """Each method takes (meta, children).  Called directly rather than through `v_args`, whose
    wrapper is rebuilt on every call, and tokens are not visited (no method takes one): together
    they were a third of a cold load."""

    def __init__(self, file: str) -> None:
        super().__init__(visit_tokens=False)
        self.file = file
        self.terms: dict[tuple, object] = {}

    def _call_userfunc(self, tree, new_children=None):
        children = new_children if new_children is not None else tree.children
        try:
            method = getattr(self, tree.data)
        except AttributeError:
            return self.__default__(tree.data, children, tree.meta)
        try:
            return method(tree.meta, children)
        except (GrammarError, SyntaxProblem):
            raise
        except Exception as error:
            raise VisitError(tree.data, tree, error) from error

    def _at(self, meta) -> Span:
        return Span(self.file, meta.line, meta.column)

    def _tok(self, token: Token) -> Span:
        return Span(self.file, token.line, token.column)

    # terms: equal ones are one object (frozen values), so a cached file stores and loads each once
    def _term(self, kind: type, value=None):
        key = (kind, type(value), value)
        found = self.terms.get(key)
        if found is None:
            found = self.terms[key] = kind() if kind is Wildcard else kind(value)
        return found

    def var(self, meta, children):
        return self._term(Var, str(children[0]))

    def wildcard(self, meta, children):
        return self._term(Wildcard)

    def name_const(self, meta, children):
        return self._term(Const, str(children[0]))

    def int_const(self, meta, children):
        return self._term(Const, self._int(children[0]))

    def neg_int_const(self, meta, children):
        return self._term(Const, -self._int(children[-1]))

    def _int(self, token: Token) -> int:
        problem = bounds.integer_problem(str(token), self._tok(token))
        if problem is not None:
            raise SyntaxProblem(problem)
        return int(token)

    def string_const(self, meta, children):
        return self._term(Const, _unquote(str(children[0])))

    def arith(self, meta, children):
        left, op, right = children
        made = Arith(str(op), left, right)
        problem = bounds.depth_problem(made, self._at(meta))
        if problem is not None:
            raise SyntaxProblem(problem)
        return made

    # atoms
    def named_arg(self, meta, children):
        name, term = children
        return Arg(str(name), term, self._tok(name))

    def positional_arg(self, meta, children):
        return Arg(None, children[0], self._at(meta))

    def atom(self, meta, children):
        name, *args = children
        return Atom(str(name), tuple(a for a in args if a is not None), self._tok(name))

    def negation(self, meta, children):
        return Negation(children[0], self._at(meta))

    def comparison(self, meta, children):
        left, op, right = children
        return Comparison(str(op), left, right, self._at(meta))

    def body(self, meta, children):
        return _Body(children)

    def heads(self, meta, children):
        return _Heads(children)

    def strength(self, meta, children):
        token = children[0]
        return _unquote(str(token)) if token.type == "STRING" else str(token)

    def timing(self, meta, children):
        return _unquote(str(children[0]))

    def verdict_subject(self, meta, children):
        return tuple(children)

    def verdict(self, meta, children):
        subject, polarity, gloss, strength, timing = children
        return Verdict(subject or (), str(polarity), _unquote(str(gloss)), strength, self._tok(polarity), timing)

    # citations
    def quote(self, meta, children):
        return _Quote((_unquote(str(children[0])), self._tok(children[0])))

    def _citation(self, ref: Token, quotes, span: Span) -> Citation:
        chapter, paragraph = (int(x) for x in str(ref).split("."))
        return Citation(chapter, paragraph, tuple(q for q, _ in quotes), span)

    def cite(self, meta, children):
        ref, *quotes = children
        return self._citation(ref, quotes, self._tok(ref))

    def section(self, meta, children):
        ref, *quotes, partial = children
        return Section(self._citation(ref, quotes, self._at(meta)), None, partial)

    def partial(self, meta, children):
        return _unquote(str(children[0]))

    def narrative(self, meta, children):
        ref, reason = children
        return Section(self._citation(ref, (), self._at(meta)), _unquote(str(reason)))

    # rules
    def rule_id(self, meta, children):
        return (".".join(str(c) for c in children), self._at(meta))

    def subject_names(self, meta, children):
        return tuple(str(c) for c in children)

    def exception(self, meta, children):
        (target, span), names = children
        return ("exception", target, names, span)

    def school(self, meta, children):
        name, parent, doc = children
        return School(str(name), str(parent), _unquote(str(doc)) if doc else "", self._tok(name))

    def disable(self, meta, children):
        (rule_id, id_span), = children
        return ("disable", rule_id, id_span)

    def replace(self, meta, children):
        rule = self.rule(meta, children)
        return ("replace", rule)

    def sub_questions(self, meta, children):
        return tuple(str(c) for c in children)

    def question(self, meta, children):
        name, chapter, doc, subs = children
        return Question(str(name), int(chapter), _unquote(str(doc)) if doc else "", subs or (), self._tok(name))

    # judging: answer axes, precedence, 刻期
    def question_ref(self, meta, children):
        name, sub = children
        return (str(name), str(sub) if sub is not None else None, self._tok(name))

    def side_words(self, meta, children):
        return tuple(str(c) for c in children)

    def side_map(self, meta, children):
        alone = bool(children) and isinstance(children[-1], Token) and children[-1].type == "ALONE"
        return tuple(str(c) for c in children[:len(children) - alone] if c is not None), alone

    def answer(self, meta, children):
        (question, sub, span), topic, left, right, mapping = children
        mapping, alone = mapping or (("吉", "凶"), False)
        return _Pending(("answer", question, sub, str(topic) if topic else None, left, right, mapping, alone, span))

    def answer_by(self, meta, children):
        (question, sub, span), predicate, arg = children
        return _Pending(("reading", question, sub, str(predicate), str(arg), span))

    def answer_by_each(self, meta, children):
        question, *subs, predicate, arg = children
        return _Pending(("readings", str(question), tuple((str(sub), self._tok(sub)) for sub in subs),
                         str(predicate), str(arg), self._tok(question)))

    def answer_by_time(self, meta, children):
        (question, sub, span), word = children
        if str(word) != "应期":
            raise SyntaxProblem(Diagnostic(self._tok(word), f"answer {question}{'.' + sub if sub else ''} by {word}: "
                                           "say `by 应期` (a question that asks when) or `by PRED(ARG)` (an answer in its own kind)"))
        return _Pending(("timed", question, sub, span))

    def given_questions(self, meta, children):
        return tuple(str(c) for c in children)

    given_values = given_questions

    def given(self, meta, children):
        questions, predicate, param, values, doc = children
        return _Pending(("given", questions, str(predicate), str(param), values,
                         _unquote(str(doc)) if doc else "", self._tok(predicate)))

    def rule_selector(self, meta, children):
        rule_id, span = children[0]
        return Selector("rule", rule_id, span)

    def prefix_selector(self, meta, children):
        rule_id, span = children[0]
        return Selector("prefix", rule_id, span)

    def any_selector(self, meta, children):
        return Selector("any", "*", self._tok(children[0]))

    def side_selector(self, meta, children):
        return Selector("side", str(children[0]), self._tok(children[0]))

    def selectors(self, meta, children):
        return tuple(children)

    def precedence(self, meta, children):
        name, *rest = children
        quotes = tuple(q for q in rest if isinstance(q, _Quote))
        winners, losers = (r for r in rest if not isinstance(r, _Quote))
        return _Pending(("precedence", str(name), quotes, winners, losers, self._tok(name)))

    def timing_method(self, meta, children):
        method, side = children
        return (str(method), str(side), self._tok(side))

    def timing_choice(self, meta, children):
        predicate, arg, *rest = children
        quotes = tuple(q for q in rest if isinstance(q, _Quote))
        methods = tuple(m for m in rest if not isinstance(m, _Quote))
        return _Pending(("timing", str(predicate), str(arg), quotes, methods, self._tok(predicate)))

    def rule(self, meta, children):
        (rule_id, id_span), *rest = children
        exception = None
        quotes: list = []
        cites: list = []
        body: tuple = ()
        heads: tuple = ()
        for item in rest:
            if isinstance(item, _Quote):
                quotes.append(item)
            elif isinstance(item, Citation):
                cites.append(item)
            elif isinstance(item, _Body):
                body = tuple(item)
            elif isinstance(item, _Heads):
                heads = tuple(item)
            elif isinstance(item, tuple) and item and item[0] == "exception":
                exception = item
        problem = bounds.body_problem(body, heads, id_span)
        if problem is not None:
            raise SyntaxProblem(problem)
        return _Rule((rule_id, id_span, exception, tuple(quotes), tuple(cites), body, heads, self._at(meta)))

    # tables and declarations
    def params(self, meta, children):
        return tuple(str(c) for c in children)

    def row(self, meta, children):
        return (tuple(c.value for c in children), self._at(meta))

    def table(self, meta, children):
        name, params, *rest = children
        symmetric = bool(rest) and isinstance(rest[0], Token) and rest[0].type == "SYMMETRIC"
        rows = [r for r in rest if isinstance(r, tuple)]
        return _Table((str(name), params, tuple(rows), symmetric, self._tok(name)))

    def declaration(self, meta, children):
        kind, name, params, doc, shown = children
        return Declaration(str(name), params, _unquote(str(doc)) if doc else "", str(kind), self._tok(name), shown)

    def shown(self, meta, children):
        return _unquote(str(children[0]))

    def chapter(self, meta, children):
        number, name = children
        return ("chapter", int(number), str(name), self._at(meta))

    def start(self, meta, children):
        return list(children)


def _syntax_diagnostic(file: str, error: UnexpectedInput) -> Diagnostic:
    span = Span(file, getattr(error, "line", 0) or 0, getattr(error, "column", 0) or 0)
    if isinstance(error, UnexpectedCharacters):
        message = f"syntax error: unexpected character {error.char!r}"
    elif isinstance(error, UnexpectedEOF):
        message = "syntax error: unexpected end of file"
    elif isinstance(error, UnexpectedToken):
        found = "end of file" if error.token.type == "$END" else repr(str(error.token))
        expected = sorted(_describe(t) for t in error.expected if not t.startswith("_"))
        message = f"syntax error: unexpected {found}"
        if expected:
            message += f"; expected {', '.join(expected[:8])}" + (" …" if len(expected) > 8 else "")
    else:
        message = "syntax error"
    return Diagnostic(span, message, syntax=True)


_TERMINAL_WORDS = {
    "NAME": "a name", "VAR": "a variable", "INT": "a number", "STRING": "a string", "QUOTE": "a 「quote」",
    "REF": "a citation like 25.3", "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "COLON": "':'",
    "SEMICOLON": "';'", "LBRACE": "'{'", "RBRACE": "'}'", "COMPARE": "a comparison", "DOT": "'.'",
    "WILDCARD": "'_'", "MINUS": "'-'", "MUL_OP": "'*' or '%'", "PLUS": "'+'",
}


def _describe(terminal: str) -> str:
    if terminal in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[terminal]
    if terminal.isupper() and terminal.replace("_", "").isalpha():
        return terminal.lower().replace("_", " ")
    return terminal


def parse_tree(text: str, file: str, start: str = "start") -> Tree:
    try:
        return _parser(start).parse(text)
    except UnexpectedInput as error:
        raise SyntaxProblem(_syntax_diagnostic(file, error)) from None


def to_ir(tree: Tree, file: str):
    """The IR of a parse tree; a bound exceeded, or a tree too deep for lark's recursive
    transform, is a SyntaxProblem at the place it happened."""
    try:
        return _ToIR(file).transform(tree)
    except RecursionError:
        raise SyntaxProblem(bounds.deepest_node(tree, file)) from None
    except VisitError as error:  # a transform bug must still not be a traceback for the user
        if isinstance(error.orig_exc, RecursionError):
            raise SyntaxProblem(bounds.deepest_node(tree, file)) from None
        raise SyntaxProblem(Diagnostic(_span(file, error.obj), f"internal error while reading the file: {error.orig_exc}")) from None


def parse_module(text: str, file: str) -> tuple[Module | None, list[Diagnostic]]:
    """Parse one file; on a syntax error return no module and that one diagnostic."""
    problem = bounds.text_problem(text, file)
    if problem is not None:
        return None, [attrs.evolve(problem, syntax=True)]
    try:
        items = to_ir(parse_tree(text, file), file)
    except SyntaxProblem as problem:  # the file could not be read: what follows may be its echoes
        return None, [attrs.evolve(problem.diagnostic, syntax=True)]
    return _assemble(file, items)


def _assemble(file: str, items: list) -> tuple[Module, list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    chapter = chapter_name = chapter_span = None
    declarations: list[Declaration] = []
    school: School | None = None
    changes: list[Change] = []
    questions: list[Question] = []
    judging: dict[str, list] = {"answer": [], "precedence": [], "timing": [], "reading": [], "timed": [], "given": []}
    sections: list[Section] = []
    rules: list[Rule] = []
    tables: list[Table] = []
    current: Section | None = None
    for index, item in enumerate(items):
        if isinstance(item, tuple) and item and item[0] == "chapter":
            if index != 0:
                diagnostics.append(Diagnostic(item[3], "the chapter header must be the first statement"))
            _, chapter, chapter_name, chapter_span = item
        elif isinstance(item, Declaration):
            declarations.append(item)
        elif isinstance(item, School):
            if index != 0 or school is not None:
                diagnostics.append(Diagnostic(item.span, "the school header must be the first statement of a school file"))
            school = item
        elif isinstance(item, Question):
            questions.append(item)
        elif isinstance(item, tuple) and item and item[0] in ("disable", "replace"):
            if item[0] == "disable":
                _, rule_id, span = item
                replacement = None
            else:
                replacement = _make_rule(item[1], current, diagnostics)
                if replacement is None:
                    continue
                rule_id, span = replacement.id, replacement.id_span
            if current is None or current.narrative is not None:
                diagnostics.append(Diagnostic(span, f"{item[0]} {rule_id} has no citation: put it under the paragraph (§章.段) where the book reports the view"))
                continue
            citation = replacement.citation if replacement else current.citation
            changes.append(Change(item[0], rule_id, citation, replacement, span))
        elif isinstance(item, Section):
            sections.append(item)
            current = item
        elif isinstance(item, _Rule):
            rule = _make_rule(item, current, diagnostics)
            if rule is not None:
                rules.append(rule)
        elif isinstance(item, _Pending):
            made = _judging_statement(item, current, diagnostics)
            if isinstance(made, list):  # one statement for several sub-questions
                judging["reading"].extend(made)
            elif made is not None:
                judging[item[0]].append(made)
                if isinstance(made, Given):
                    declarations.append(made.declaration())
        elif isinstance(item, _Table):
            name, params, rows, symmetric, span = item
            citation = current.citation if current is not None and current.narrative is None else None
            if citation is None:
                diagnostics.append(Diagnostic(span, f"table {name} has no citation: put it under a paragraph heading (§章.段)"))
            tables.append(
                Table(name, params, tuple(r for r, _ in rows), tuple(s for _, s in rows), symmetric, citation, span)
            )
    module = Module(file, chapter, chapter_name, chapter_span, tuple(declarations), tuple(sections), tuple(rules),
                    tuple(tables), school, tuple(changes), tuple(questions), tuple(judging["answer"]),
                    tuple(judging["precedence"]), tuple(judging["timing"]), tuple(judging["reading"]),
                    tuple(judging["timed"]), tuple(judging["given"]))
    return module, diagnostics


def _judging_statement(item: _Pending, current: Section | None, diagnostics: list[Diagnostic]):
    """An answer axis, a precedence or a 刻期 choice, cited by the paragraph heading above it (its
    own 「quotes」 narrow that paragraph), as rules are."""
    kind, span = item[0], item[-1]
    own = None
    if current is None or current.narrative is not None:
        where = "no paragraph heading (§章.段) above it" if current is None else f"it sits under narrative paragraph §{current.citation.ref}"
        diagnostics.append(Diagnostic(span, f"{'answer' if kind in ('reading', 'readings', 'timed') else kind} has no citation: {where}"))
        if kind not in ("answer", "given"):  # an axis or a given is kept, so that its words do not raise errors of their own
            return None
    else:
        own = current.citation
    if kind == "reading":
        _, question, sub, predicate, arg, _ = item
        return Reading(question, sub, predicate, arg, own, span)
    if kind == "readings":
        _, question, subs, predicate, arg, _ = item
        return [Reading(question, sub, predicate, arg, own, where) for sub, where in subs]
    if kind == "timed":
        _, question, sub, _ = item
        return Timed(question, sub, own, span)
    if kind == "given":
        _, questions, predicate, param, values, doc, _ = item
        return Given(questions, predicate, param, values, doc, own, span)
    if kind == "answer":
        _, question, sub, topic, left, right, mapping, alone, _ = item
        sides = (mapping[0], mapping[1] if len(mapping) > 1 else mapping[0])
        return Axis(question, sub, left, right, sides[0], sides[1], own, span, topic, alone)
    quotes = item[2] if kind == "precedence" else item[3]
    if quotes:
        own = Citation(own.chapter, own.paragraph, tuple(q for q, _ in quotes), quotes[0][1])
    if kind == "precedence":
        _, name, _, winners, losers, _ = item
        return Precedence(name, winners, losers, own, span)
    _, predicate, arg, _, methods, _ = item
    return TimingChoice(predicate, arg, tuple((m, side) for m, side, _ in methods), own, span)


def _make_rule(item: _Rule, current: Section | None, diagnostics: list[Diagnostic]) -> Rule | None:
    """A rule under the paragraph heading it sits beneath, or a diagnostic when there is none."""
    rule_id, id_span, exception, quotes, cites, body, heads, span = item
    if current is None or current.narrative is not None:
        why = "no paragraph heading (§章.段) above it" if current is None else f"it sits under narrative paragraph §{current.citation.ref}"
        diagnostics.append(Diagnostic(id_span, f"rule {rule_id} has no citation: {why}"))
        return None
    own = current.citation
    if quotes:
        own = Citation(own.chapter, own.paragraph, tuple(q for q, _ in quotes), quotes[0][1])
    return Rule(
        id=rule_id, citations=(own, *cites), body=body, heads=heads,
        exception_to=exception[1] if exception else None,
        exception_on=exception[2] if exception else None,
        span=span, id_span=id_span, exception_span=exception[3] if exception else None,
    )
