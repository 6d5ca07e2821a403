"""Output into a pipe: tables fit 100 columns, or come as TSV; NO_COLOR drops every style."""

import io

from rich.cells import cell_len
from rich.text import Text

from yimao.cli import main
from yimao.render import output


def test_piped_tables_fit_100_columns(capsys):
    for argv in (["questions"], ["examples", "--chapter", "42"]):
        main(argv)
        lines = capsys.readouterr().out.splitlines()
        assert lines and max(cell_len(line) for line in lines) <= output.PIPE_WIDTH, argv


def test_tsv_has_a_header_and_one_row_per_line(capsys):
    assert main(["questions", "--format", "tsv"]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert rows[0] == ["章", "question", "answer", "sub-questions", "用神", "--given"]
    assert {len(row) for row in rows} == {6} and ["56", "疾病", "愈 / 不愈"] in [row[:3] for row in rows]
    assert [int(row[0]) for row in rows[1:]] == sorted(int(row[0]) for row in rows[1:])  # in the book's order


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_color_drops_bold_on_a_terminal(monkeypatch):
    monkeypatch.setattr("sys.stdout", _Terminal())
    monkeypatch.setenv("NO_COLOR", "1")
    out = output.console()
    out.print(Text.assemble(("断", "bold"), " ", ("凶", "red")))
    assert out.file.getvalue() == "断 凶\n"
    monkeypatch.delenv("NO_COLOR")
    styled = output.console()
    styled.print(Text("断", style="bold"))
    assert "\x1b[1m" in styled.file.getvalue()
    # the console reads no markup: styles are Text styles, a text's brackets are its own
    styled.print("[bold]断[/bold]")
    assert "[bold]断[/bold]" in styled.file.getvalue()
