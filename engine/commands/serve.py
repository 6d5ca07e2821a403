"""`yimao serve`: the workbench in the browser (cast, chart, verdicts with proofs, school
comparison, the rulebook woven with the book), on this machine by default."""

from __future__ import annotations

import argparse
import sys

from ..errors import RulebookError, UsageError
from ..rulebook import load_engine, rulebook_files

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="the workbench in the browser: cast, chart, verdicts, compare, rulebook",
                                   description="Serve the workbench: a cast form, the chart drawn, verdicts with their "
                                   "proofs and the book's clauses, two schools compared, and the rulebook woven with the "
                                   "book. Binds 127.0.0.1 unless --host says otherwise.")
    parser.add_argument("--port", type=int, default=8000, metavar="N", help="port to listen on (default 8000)")
    parser.add_argument("--host", default="127.0.0.1", metavar="ADDR",
                        help="address to bind (default 127.0.0.1: this machine only)")
    parser.add_argument("--rulebook", action="append", metavar="PATH",
                        help="rulebook file or folder to serve instead of the shipped one (repeatable)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise UsageError(f"--port takes 1-65535, not {args.port}")
    try:
        from werkzeug.serving import run_simple

        from ..web.app import create_app
    except ImportError:
        raise UsageError("yimao serve needs Flask: pip install 'flask>=3'") from None
    rulebook_files(args.rulebook)  # a missing folder is a usage error now, not on the first request
    try:
        load_engine(args.rulebook)
    except RulebookError as error:  # keep serving: the pages show the diagnostics until the files are fixed
        print(f"yimao: the rulebook has {len(error.diagnostics)} error(s); pages will show them", file=sys.stderr)
    if args.host not in LOOPBACK:
        print(f"yimao: serving on {args.host}: anyone who can reach this address can use the workbench", file=sys.stderr)
    print(f"yimao workbench: http://{args.host}:{args.port}/  (Ctrl-C stops it)", file=sys.stderr)
    try:
        run_simple(args.host, args.port, create_app(args.rulebook), threaded=True, use_reloader=False)
    except OSError as error:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}") from None
    return 0
