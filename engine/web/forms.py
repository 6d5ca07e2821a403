"""Form fields -> the CLI's own argument parser, so the web accepts and rejects exactly what the
command line does, with the same one-line message.

Only the fields named here become flags; anything else in a query string is ignored, and no field
can name a file (there is no --rulebook, --out or --html among them).
"""

from __future__ import annotations

import argparse
from typing import Mapping, Sequence

from ..errors import UsageError

MAX_FIELD = 200  # characters; a guard before any parsing (the CLI has no such limit, nor needs one)

CAST_FIELDS = ("lines", "coins", "hexagram", "seed")
MOMENT_FIELDS = ("date", "tz", "zi_boundary", "lunar", "time", "year", "month", "day", "hour")
SWITCHES = ("random", "leap")
CHART_FIELDS = CAST_FIELDS + MOMENT_FIELDS + SWITCHES
QUESTION_FIELDS = ("question", "about", "birth_year", "asker", "course", "period", "born", "matter_month", "matter_day", "matter_year", "age", "member", "side", "suit", "given")
QUESTION_SWITCHES = ("born",)
FALSE = ("", "0", "off", "false", "no")


class Fields:
    """The first value of each field (or every value, for the repeatable ones), length-checked."""

    def __init__(self, source: Mapping[str, str], repeatable: Sequence[str] = ()) -> None:
        """`source` is a mapping of field names to values, or a MultiDict (request.args) with every value."""
        self._values: dict[str, list[str]] = {}
        for name in source:
            values = source.getlist(name) if hasattr(source, "getlist") else [source[name]]
            for value in values:
                if len(value) > MAX_FIELD:
                    raise UsageError(f"the {name} field is {len(value)} characters long; at most {MAX_FIELD} are read")
            self._values[name] = [v.strip() for v in values if v.strip()][: 2 if name in repeatable else 1]

    def get(self, name: str) -> str | None:
        values = self._values.get(name)
        return values[0] if values else None

    def all(self, name: str) -> list[str]:
        return list(self._values.get(name, []))

    def switch(self, name: str) -> bool:
        value = self.get(name)
        return value is not None and value.lower() not in FALSE

    def given(self, names: Sequence[str]) -> dict[str, str | list[str]]:
        """The fields that are set, for links that recreate the page."""
        found: dict[str, str | list[str]] = {}
        for name in names:
            if name in SWITCHES or name in QUESTION_SWITCHES:
                if self.switch(name):
                    found[name] = "on"
            elif name == "school":
                if self.all(name):
                    found[name] = self.all(name)
            elif self.get(name) is not None:
                found[name] = self.get(name)  # type: ignore[assignment]
        return found


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def argv_for(command: str, fields: Fields, names: Sequence[str], schools: Sequence[str] = (),
             positional: str | None = None) -> list[str]:
    """The command line the fields spell, each value as one `--flag=value` token."""
    argv = [command]
    for name in names:
        if name in SWITCHES or name in QUESTION_SWITCHES or name == "all":
            if fields.switch(name):
                argv.append(_flag(name))
        elif name == "given" and fields.get(name) is not None:  # one field, statements apart: 谋向=来 交=有
            argv += [f"--given={statement}" for statement in fields.get(name).split()]
        elif fields.get(name) is not None:
            argv.append(f"{_flag(name)}={fields.get(name)}")
    argv += [f"--school={school}" for school in schools]
    if positional is not None:
        argv += ["--", positional]
    return argv


# The CLI's parser of each command, built once: building one (some forty arguments, their help
# and examples) was about a tenth of a chart page.  Parsing reads a parser and never changes it, so
# the server's threads share them; two that build the same one at once keep either.
_PARSERS: dict[str | None, argparse.ArgumentParser] = {}


def parse(argv: list[str], rulebook: Sequence[str] | None) -> argparse.Namespace:
    """Parse with the CLI's parser; the rulebook is the server's, never the request's."""
    from ..cli import command_of, parser_for

    command = command_of(argv)
    parser = _PARSERS.get(command)
    if parser is None:
        parser = _PARSERS[command] = parser_for(argv)
    args = parser.parse_args(argv)
    args.rulebook = list(rulebook) if rulebook else None
    return args


def cli_message(error: UsageError) -> str:
    """The line the CLI prints for this error (see cli.main)."""
    text = str(error)
    return text if text.startswith("yimao") else f"yimao: {text}"
