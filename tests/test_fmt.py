"""`yimao fmt` and the Pygments lexer on every shipped rule file, and on generated layouts of them:
the formatter is lossless (same IR), idempotent, and canonical (any spacing of the same tokens, with
the same blank-line groups, formats alike); the lexer covers every character."""

import shutil

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name
from pygments.token import Error, Whitespace

from yimao.cli import main
from yimao.fmt import format_text, lexemes, reformat
from yimao.lexer import YimaoLexer
from yimao.paths import rulebook_dir

SHIPPED = sorted(rulebook_dir().glob("*.ym")) + sorted((rulebook_dir() / "schools").glob("*.ym"))
SMALL = [p for p in SHIPPED if p.stat().st_size < 6000]


def test_every_shipped_file_is_covered():
    assert len(SHIPPED) > 60 and len(SMALL) >= 10


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_file_formats_losslessly(path):
    text = path.read_text(encoding="utf-8")
    formatted, problems = reformat(text, path.name)  # the same IR, or problems
    assert problems == [] and formatted is not None
    assert format_text(formatted) == formatted
    assert [(l.kind, l.text) for l in lexemes(formatted)] == [(l.kind, l.text) for l in lexemes(text)]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_lexer_covers_every_shipped_file(path):
    text = path.read_text(encoding="utf-8")
    tokens = list(YimaoLexer().get_tokens_unprocessed(text))
    assert "".join(value for _, _, value in tokens) == text
    assert [value for _, kind, value in tokens if kind is Error] == []


def test_lexer_is_registered_with_pygments():
    assert get_lexer_by_name("yimao").__class__.__name__ == "YimaoLexer"
    assert find_lexer_class_for_filename("26-旬空.ym").__name__ == "YimaoLexer"


def _respaced(text: str, draw) -> str:
    """The same tokens with other spacing: each gap between tokens on a line gets 1-3 spaces or a
    tab (or, beside punctuation, none), each line another indentation; line breaks kept."""
    out = []
    previous = None
    for kind, value in YimaoLexer().get_tokens(text):
        if kind in Whitespace or not value.strip():
            breaks = value.count("\n")
            out.append("\n" * breaks + draw(st.sampled_from(["", " ", "   ", "\t"])) if breaks else
                       draw(st.sampled_from([" ", "  ", "\t "])))
        else:
            loose = previous is not None and (value in "(),:;" or previous in "(,:") and "-" not in (value, previous)
            if loose and out and out[-1].strip():
                out.append(draw(st.sampled_from(["", " "])))
            out.append(value)
            previous = value
    return "".join(out)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_generated_layouts_format_alike(data):
    path = data.draw(st.sampled_from(SMALL))
    text = path.read_text(encoding="utf-8")
    variant = _respaced(text, data.draw)
    formatted, problems = reformat(variant, path.name)
    assert problems == [] and formatted == format_text(text)
    assert format_text(formatted) == formatted


def test_fmt_command_check_and_write(tmp_path, capsys):
    path = tmp_path / "26-旬空.ym"
    shutil.copy(rulebook_dir() / path.name, path)
    path.write_text(path.read_text(encoding="utf-8").replace("when 临空(位: P, 层: L)", "when   临空 ( 位:P,层: L )"),
                    encoding="utf-8")
    assert main(["fmt", "--check", str(path)]) == 1
    assert f"would reformat {path}" in capsys.readouterr().err
    assert main(["fmt", str(path)]) == 0 and main(["fmt", "--check", str(path)]) == 0
    assert "when 临空(位: P, 层: L)" in path.read_text(encoding="utf-8")


def test_fmt_leaves_a_file_that_does_not_parse(tmp_path, capsys):
    path = tmp_path / "x.ym"
    path.write_text("chapter 26 旬空\nrule 旬空.空 when 临空(位: P) 临月(位: P) then 空(位: P)\n", encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    assert "syntax error" in capsys.readouterr().err and path.read_text(encoding="utf-8") == before


def test_rulebook_page_highlights_rule_source_with_the_lexer():
    from yimao.web.app import create_app

    page = create_app().test_client().get("/rulebook/26").get_data(as_text=True)
    assert '<span class="kd">rule</span>' in page and '<span class="k">when</span>' in page
    assert '<span class="sd">「月建值空，谓建空，犹不空，反有用也」</span>' in page
