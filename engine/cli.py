"""The `yimao` command line: subcommands, exit codes, and one-line errors (never a traceback)."""

from __future__ import annotations

import argparse
import atexit
import importlib
import os
import threading
import json
import sys
import traceback
from typing import Sequence

from .commands.help_examples import add_examples
from .errors import INTERNAL_ERROR, ISSUES, RulebookError, UsageError
from .evaluate import EvaluationLimit

# Each module of yimao.commands and the subcommands it registers, in the order of `yimao --help`.
# A command imports only its own module (the others' imports cost a tenth of a second of every
# start-up); tests/test_cli_help.py checks that each module registers exactly these names.
COMMANDS: dict[str, tuple[str, ...]] = {
    "chart": ("cast", "chart"), "judge": ("judge",), "cite": ("cite",), "check": ("check",), "fmt": ("fmt",),
    "compare": ("compare",), "coverage": ("coverage",), "explain": ("facts", "why", "whynot"),
    "examples": ("examples",), "questions": ("questions",), "schools": ("schools",), "serve": ("serve",),
    "sweep": ("sweep",), "cache": ("cache",), "completion": ("completion",),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with `command` (a subcommand's name) only the module that
    registers it: what parses that command's arguments, without importing every other command."""
    parser = _Parser(prog="yimao", description="A rule engine for 《易冒》: charts, verdicts and proofs citing the book.")
    parser.add_argument("--version", action="store_true", help="print the versions of yimao, tyme4py and the rulebook")
    parser.add_argument("--json", dest="version_json", action="store_true", help="with --version: print JSON")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    modules = [name for name, names in COMMANDS.items() if command in names] or list(COMMANDS)
    for module in modules:
        importlib.import_module(f".commands.{module}", __package__).register(subparsers)
    add_examples(subparsers.choices)
    return parser


def parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser for an argument vector: the subcommand it names is its first word that is not an
    option (the top-level options take no value)."""
    return build_parser(command_of(argv))


def command_of(argv: Sequence[str]) -> str | None:
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every failure ends here as one of the project's errors (exit 1, 2, 130), an
    unwritable output as one line (exit 2), and anything else as an internal error (exit 3)."""
    parser = parser_for(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(argv)
        if args.version:
            return _print_version(args.version_json)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        code = args.run(args)
        sys.stdout.flush()
        return code
    except UsageError as error:
        message = str(error).translate(_CONTROL)  # a value with a newline in it stays on one line
        message = f"yimao: {message}" if not message.startswith("yimao") else message
        if _wants_json(argv):
            return _json_error(message, error.exit_code)
        print(message, file=sys.stderr)
        return error.exit_code
    except RulebookError as error:
        from .render.diagnostics import print_diagnostics

        if _wants_json(argv):
            return _json_error(f"the rulebook has {len(error.diagnostics)} error(s)", error.exit_code, error.diagnostics)
        print_diagnostics(error.diagnostics)
        return error.exit_code
    except EvaluationLimit as error:
        from .render.diagnostics import limit_lines

        _say("\n".join([*limit_lines(error), "1 error(s)"]))
        return RulebookError.exit_code
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as error:  # stdout or stderr could not be written (a full disk, /dev/full)
        _drop_stdout()
        _say(f"yimao: cannot write the output: {error.strerror or error}")
        return UsageError.exit_code
    except KeyboardInterrupt:
        print("yimao: interrupted", file=sys.stderr)
        return 130
    except RecursionError:
        _say("yimao: internal error: RecursionError: the input nests too deeply for this command; "
             f"please report it with the command line at {ISSUES}")
        return INTERNAL_ERROR
    except Exception as error:  # a bug: said as such, with its own exit code, never a traceback
        _say(f"yimao: internal error: {type(error).__name__}: {str(error)[:200]}; "
             f"please report it with the command line at {ISSUES}")
        if os.environ.get("YIMAO_TRACEBACK"):
            traceback.print_exc()
        return INTERNAL_ERROR


_CONTROL = {code: f"\\x{code:02x}" for code in [*range(32), 127]} | {10: "\\n", 9: "\\t", 13: "\\r"}


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except OSError:
        pass


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of what could not be written
    does not fail again on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _print_version(as_json: bool) -> int:
    from .render.output import print_json
    from .version import version_line, versions

    if as_json:
        print_json(versions())
    else:
        print(version_line())
    return 0


def _wants_json(argv: Sequence[str] | None) -> bool:
    return "--json" in (sys.argv[1:] if argv is None else argv)


def _json_error(message: str, code: int, diagnostics=()) -> int:
    """An error under --json: one JSON object on stderr (engine/schemas/error.schema.json)."""
    from .diagnostics import triage
    from .render.output import SCHEMA_VERSION

    error: dict = {"schema_version": SCHEMA_VERSION, "error": message, "exit": code}
    if diagnostics:
        error["diagnostics"] = [{"file": d.span.file, "line": d.span.line, "column": d.span.column, "message": d.message,
                                 "syntax": d.syntax} for d in triage(diagnostics).shown]
    print(json.dumps(error, ensure_ascii=False), file=sys.stderr)
    return code


def run() -> None:
    """The `yimao` program: `main`, then an exit that skips the interpreter's teardown.

    Freeing a loaded engine and its results object by object at exit took a tenth to a fifth of a
    short command's time (`yimao facts` with the --fact help example: 0.93 s → 0.73 s of CPU).  The
    output is flushed and the atexit handlers run (temporary files, logging, process pools) before
    the process ends; with another thread still alive the interpreter exits as usual, joining it.
    A cold rulebook's files may be parsed on worker processes (see `frontcache.parse_missing`), and
    a new engine's cache entry written beside the answer (see `forking`); the program waits for
    them before it ends."""
    from . import forking

    forking.allow()
    atexit.register(forking.finish)
    code = main()
    if threading.active_count() > 1:
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    atexit._run_exitfuncs()
    os._exit(code)


if __name__ == "__main__":
    run()
