"""The `yimao` command line: subcommands, exit codes, and one-line errors (never a traceback)."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from typing import Sequence

from .commands import chart, check, cite, compare, coverage, examples, explain, judge, questions, schools, serve
from .errors import INTERNAL_ERROR, ISSUES, RulebookError, UsageError
from .evaluate import EvaluationLimit

COMMANDS = (chart, judge, cite, check, compare, coverage, explain, examples, questions, schools, serve)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="yimao", description="A rule engine for 《易冒》: charts, verdicts and proofs citing the book.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every failure ends here as one of the project's errors (exit 1, 2, 130), an
    unwritable output as one line (exit 2), and anything else as an internal error (exit 3)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        code = args.run(args)
        sys.stdout.flush()
        return code
    except UsageError as error:
        message = str(error).translate(_CONTROL)  # a value with a newline in it stays on one line
        print(f"yimao: {message}" if not message.startswith("yimao") else message, file=sys.stderr)
        return error.exit_code
    except RulebookError as error:
        from .render.diagnostics import print_diagnostics

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


if __name__ == "__main__":
    sys.exit(main())
