"""The small ones of issue 23: an example in every command's help (each one parses), `--html` says
where it wrote, shell completion scripts, and the notes the rulebook cites are shipped."""

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from yimao.cli import build_parser, main
from yimao.commands.completion import _commands

ROOT = Path(__file__).resolve().parent.parent


def test_every_command_has_examples_that_parse(capsys):
    parser = build_parser()
    for name, sub in _commands(parser).items():
        assert sub.epilog and sub.epilog.startswith("examples:"), name
        assert name in sub.format_help().split("examples:")[1]
        for line in sub.epilog.splitlines()[1:]:
            words = shlex.split(line.strip())
            if words[0] == "yimao":
                parser.parse_args(words[1:])  # a typo in an example would be a usage error here


def test_html_says_where_it_wrote(tmp_path, capsys):
    out = tmp_path / "chart.html"
    assert main(["chart", "--lines", "877987", "--date", "2024-03-01T10:00", "--html", str(out)]) == 0
    assert capsys.readouterr().err.strip() == f"yimao: wrote {out.resolve()}" and out.read_text(encoding="utf-8")


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_script(shell, capsys):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert "complete -F _yimao yimao" in script and "--question" in script and "23:00 00:00" in script
    if shell == "bash":
        probe = script + '\nCOMP_WORDS=(yimao judge --asker ""); COMP_CWORD=3; _yimao; echo "${COMPREPLY[@]}"\n' \
                         'COMP_WORDS=(yimao ju); COMP_CWORD=1; _yimao; echo "${COMPREPLY[@]}"\n'
        done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True)
        assert done.stdout.splitlines() == ["男 女", "judge"]


def test_the_notes_the_rulebook_cites_are_shipped():
    notes = (ROOT / "docs" / "NOTES.md").read_text(encoding="utf-8")
    cited = set()
    for path in [ROOT / "README.md", *sorted((ROOT / "rulebook").rglob("*.ym"))]:
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r"NOTES\S* (V\d\d)", text)) | set(re.findall(r"NOTES\S* (§\d)", text))
    assert {"V16", "§4"} <= cited
    for ref in cited:
        heading = f"## {ref[1:]}." if ref.startswith("§") else f"{ref}"
        assert heading in notes, ref


def test_help_columns_align_with_placeholders_in_the_books_terms():
    """An option whose placeholder is in CJK (`--birth-year 支`, `--matter-day 干支`) starts its help
    in the same terminal column as the others: padding counts display width, not characters."""
    from rich.cells import cell_len

    for name, sub in _commands(build_parser()).items():
        columns = set()
        for line in sub.format_help().splitlines():
            found = re.match(r"(  -\S.*?\S)(  +)(\S)", line)
            if found:
                columns.add(cell_len(found.group(1) + found.group(2)))
        assert len(columns) <= 1, (name, columns)
    judge = _commands(build_parser())["judge"].format_help()
    assert any(line.startswith("  --matter-day 干支") for line in judge.splitlines())


def test_each_command_module_registers_the_names_the_cli_maps_to_it():
    """`yimao NAME` imports only the module COMMANDS maps NAME to: a name registered elsewhere, or a
    module registering a name the map lacks, would make that command unknown or import the wrong one."""
    from yimao.cli import COMMANDS
    from yimao.commands.completion import _commands

    for module, names in COMMANDS.items():
        assert tuple(_commands(build_parser(names[0]))) == names, module
    assert tuple(_commands(build_parser())) == tuple(name for names in COMMANDS.values() for name in names)
    assert tuple(_commands(build_parser("no-such-command"))) == tuple(_commands(build_parser()))
