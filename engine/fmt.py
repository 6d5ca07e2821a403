"""`yimao fmt`: one canonical layout for a rule file, without losing anything.

The file is read as the lexer's tokens; only the whitespace between tokens is rewritten, so the
comments, 「quotes」, strings and every token stay as written, and the parse (and the IR) is the
same.  The layout: statements at column 0; their `when`/`then`/`cite`/… lines indented 2; a line
continuing a `when` or `then` list aligned under its first literal (column 7); table rows at 2;
one space between tokens, none inside parentheses or before `,` `:` `;`, two before a trailing
comment; blank lines kept as groups (runs of them become one); the glosses of consecutive
declarations aligned.  A new statement form needs its keyword in lexer.STATEMENTS (and, if its
continuation lines are lists like `when`, in LISTS below).
"""

from __future__ import annotations

import attrs
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Token, Whitespace

from .diagnostics import Diagnostic, _wide
from .ir import Span
from .lexer import STATEMENTS, YimaoLexer

INDENT = "  "
LISTS = ("when", "then")  # clauses whose literals continue on the next lines aligned under the first
LIST_INDENT = INDENT + "when "
NO_SPACE_BEFORE = {",", ")", ":", ";", ".", ".*"}
NO_SPACE_AFTER = {"(", "."}
WORDS = (Name, Keyword.Pseudo)  # a name (or 断) takes its `(` without a space


@attrs.frozen
class Lexeme:
    """A token and the whitespace that preceded it: how many line breaks, and whether any."""

    kind: object
    text: str
    breaks: int
    spaced: bool


def lexemes(text: str) -> list[Lexeme]:
    found: list[Lexeme] = []
    breaks, spaced = 0, False
    for kind, value in YimaoLexer().get_tokens(text):
        if kind in Whitespace or kind is Token.Text and not value.strip():
            breaks += value.count("\n")
            spaced = True
            continue
        found.append(Lexeme(kind, value, breaks, spaced))
        breaks, spaced = 0, False
    return found


def _opens_statement(lexemes: list[Lexeme], index: int) -> bool:
    here = lexemes[index]
    if here.kind is Name.Label and here.text == "§":
        return True
    if here.kind not in Keyword.Declaration or here.text not in STATEMENTS:
        return False
    # `timing "…"` is a verdict's clause; the statement is `timing NAME by …`.
    return here.text != "timing" or (index + 1 < len(lexemes) and lexemes[index + 1].kind in Name)


def _space(before: Lexeme, here: Lexeme) -> str:
    if here.kind in Comment:
        return "  "
    if here.text in NO_SPACE_BEFORE and (here.kind in Punctuation or here.kind in Operator) or before.text in NO_SPACE_AFTER:
        return "" if not (before.text == "." and here.text == "*") else " "
    if before.kind is Name.Label and before.text == "§":
        return ""
    if here.text == "(" and any(before.kind in kind for kind in WORDS):
        return ""
    if before.text == "-" or here.text == "-":  # unary or binary minus: as written
        return " " if here.spaced else ""
    return " "


def _indent(lexemes: list[Lexeme], index: int, clause: str | None, in_table: bool) -> str:
    here = lexemes[index]
    if here.kind in Comment:  # a comment line takes the indentation of the code line after it
        following = next((i for i in range(index + 1, len(lexemes)) if lexemes[i].kind not in Comment), None)
        if following is None or _opens_statement(lexemes, following):
            return ""
        return _indent(lexemes, following, clause, in_table)
    if _opens_statement(lexemes, index) or (here.text == "}" and in_table):
        return ""
    if here.kind in Keyword and here.text != "not" or in_table:
        return INDENT
    return " " * len(LIST_INDENT) if clause in LISTS else INDENT


def format_text(text: str) -> str:
    """The canonical layout of a rule file (which must parse: its tokens are trusted)."""
    found = lexemes(text)
    lines: list[str] = []
    clause: str | None = None
    in_table = False
    for index, here in enumerate(found):
        if _opens_statement(found, index):
            clause = None
        elif here.kind in Keyword and here.text in LISTS + ("cite", "exception", "sub", "over"):
            clause = here.text
        if index == 0 or here.breaks:
            if lines and here.breaks > 1:
                lines.append("")
            lines.append(_indent(found, index, clause, in_table) + here.text)
        else:
            lines[-1] += _space(found[index - 1], here) + here.text
        if here.text == "{" and here.kind in Punctuation:
            in_table = True
        elif here.text == "}" and here.kind in Punctuation:
            in_table = False
    return "\n".join(_align_glosses(lines)).rstrip("\n") + "\n" if lines else ""


def _cells(text: str) -> int:
    return sum(2 if _wide(ch) else 1 for ch in text)


def _gloss_split(line: str) -> tuple[str, str] | None:
    """A one-line declaration with a gloss: (the declaration, the gloss)."""
    if not line.startswith(("predicate ", "input ")) or not line.endswith('"') or "#" in line:
        return None
    head, sep, gloss = line.partition(') "')
    return (head + ")", '"' + gloss) if sep and '"' not in head else None


def _align_glosses(lines: list[str]) -> list[str]:
    """Consecutive declarations with glosses have their glosses in one column."""
    out = list(lines)
    index = 0
    while index < len(out):
        run = index
        while run < len(out) and _gloss_split(out[run]):
            run += 1
        if run > index:
            parts = [_gloss_split(line) for line in out[index:run]]
            width = max(_cells(head) for head, _ in parts) + 1
            out[index:run] = [head + " " * (width - _cells(head)) + gloss for head, gloss in parts]
        index = max(run, index + 1)
    return out


def without_spans(value: object) -> object:
    """A parsed value with every source position dropped: what must not change when only the
    layout does."""
    if isinstance(value, Span):
        return None
    if attrs.has(type(value)):
        return (type(value).__name__, tuple((f.name, without_spans(getattr(value, f.name))) for f in attrs.fields(type(value))))
    if isinstance(value, (list, tuple)):
        return tuple(without_spans(item) for item in value)
    if isinstance(value, dict):
        return tuple((key, without_spans(item)) for key, item in value.items())
    return value


def reformat(text: str, file: str) -> tuple[str | None, list[Diagnostic]]:
    """The formatted text, or None and the syntax errors that keep the file from being formatted.
    The result is parsed again and must give the same IR (a guard: a layout bug is reported, never
    written)."""
    from .lang import parse_module

    module, found = parse_module(text, file)
    syntax = [d for d in found if d.syntax]
    if module is None or syntax:
        return None, syntax
    formatted = format_text(text)
    again, _ = parse_module(formatted, file)
    if without_spans(again) != without_spans(module):
        return None, [Diagnostic(Span(file, 1, 1), "internal error: the formatted file would read differently; left as it is")]
    return formatted, []
