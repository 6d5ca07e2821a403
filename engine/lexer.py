"""A Pygments lexer for the rule language (`.ym`), registered as the `yimao` lexer.

It is lossless (the tokens, whitespace included, join back to the text), so `yimao fmt` reads
files through it too.  A new statement form adds its leading keyword to STATEMENTS and any new
clause word to CLAUSES; nothing else here knows the grammar.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

# Characters of a name (grammar/yimao.lark: NAME): a Chinese character, then also digits and ASCII.
CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
NAME = f"[{CJK}][{CJK}0-9A-Za-z_]*"
_END_OF_WORD = f"(?![{CJK}0-9A-Za-z_])"

# The words that open a statement (each `_item` of the grammar) ...
STATEMENTS = ("chapter", "predicate", "input", "rule", "table", "school", "disable", "replace", "question",
              "answer", "precedence", "timing", "given")
# ... and the other words of the language.
CLAUSES = ("exception", "to", "on", "cite", "when", "then", "not", "symmetric", "extends", "sub", "as", "alone", "over",
           "side", "by", "strength", "narrative", "partial", "shown")
VERDICT = "断"


class YimaoLexer(RegexLexer):
    """The yimao rule language: statements, 「quotes」 from the book, §citations, rules."""

    name = "yimao"
    aliases = ["yimao", "ym"]
    filenames = ["*.ym"]
    mimetypes = ["text/x-yimao"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r"「[^」]*」", String.Doc),
            (r'"[^"\n]*"', String.Double),
            (r"(§)(\s*)(\d+\.\d+)", bygroups(Name.Label, Whitespace, Name.Label)),
            (words(STATEMENTS, suffix=_END_OF_WORD), Keyword.Declaration),
            (words(CLAUSES, suffix=_END_OF_WORD), Keyword),
            (VERDICT + _END_OF_WORD, Keyword.Pseudo),
            (f"{NAME}(?=\\s*\\()", Name.Function),
            (f"{NAME}(?=\\s*:)", Name.Attribute),
            (NAME, Name),
            (r"[A-Z][A-Za-z0-9_]*", Name.Variable),
            (r"_", Name.Builtin.Pseudo),
            (r"\d+", Number.Integer),
            (r"\.\*|!=|<=|>=|[=<>+\-*%]", Operator),
            (r"[(),;:{}/.]", Punctuation),
            (r".", Error),
        ]
    }


def css_runs(text: str) -> list[tuple[str, str]]:
    """The text as (Pygments' short CSS class, text) runs, for a page to wrap in spans: the page
    receives plain text, never markup, so the rule source stays escaped."""
    from pygments.token import STANDARD_TYPES

    runs: list[tuple[str, str]] = []
    for kind, value in YimaoLexer().get_tokens(text):
        while kind not in STANDARD_TYPES:
            kind = kind.parent
        css = STANDARD_TYPES[kind]
        if runs and runs[-1][0] == css:
            runs[-1] = (css, runs[-1][1] + value)
        else:
            runs.append((css, value))
    if runs and not text.endswith("\n") and runs[-1][1].endswith("\n"):
        runs[-1] = (runs[-1][0], runs[-1][1][:-1])  # Pygments ends its output with a newline
    return [run for run in runs if run[1]]
