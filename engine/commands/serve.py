"""`yimao serve`: the workbench in the browser (cast, chart, verdicts with proofs, school
comparison, the rulebook woven with the book), on this machine by default."""

from __future__ import annotations

import argparse
import os
import signal
import socket
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
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="worker processes sharing the port (default: one per core)")
    parser.add_argument("--threads", type=int, default=4, metavar="N", help="threads per worker (default 4)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise UsageError(f"--port takes 1-65535, not {args.port}")
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
    if not 1 <= workers <= 64 or not 1 <= args.threads <= 64:
        raise UsageError("--workers and --threads take 1-64")
    try:
        import waitress

        from ..web.app import create_app
    except ImportError:
        raise UsageError("yimao serve needs Flask and waitress: pip install 'flask>=3' waitress") from None
    rulebook_files(args.rulebook)  # a missing folder is a usage error now, not on the first request
    try:
        load_engine(args.rulebook)  # before the workers fork, so they share it
    except RulebookError as error:  # keep serving: the pages show the diagnostics until the files are fixed
        print(f"yimao: the rulebook has {len(error.diagnostics)} error(s); pages will show them", file=sys.stderr)
    from ..forking import allow_threads, finish

    finish()  # the engine's cache entry is written before the workers fork and serve
    allow_threads()  # an edit's new engine is then written while the page answers
    if args.host not in LOOPBACK:
        print(f"yimao: serving on {args.host}: anyone who can reach this address can use the workbench", file=sys.stderr)
    try:
        listener = socket.create_server((args.host, args.port), family=socket.AF_INET6 if ":" in args.host else socket.AF_INET,
                                        backlog=1024)
    except (OSError, OverflowError) as error:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {getattr(error, 'strerror', None) or error}") from None
    print(f"yimao workbench: http://{args.host}:{args.port}/  ({workers} worker(s) x {args.threads} threads; "
          "Ctrl-C stops it)", file=sys.stderr)
    app = create_app(args.rulebook)

    def serve() -> None:
        waitress.serve(app, sockets=[listener], threads=args.threads, ident="yimao")

    if workers == 1:
        serve()
        return 0
    return _supervise(serve, workers)


def _supervise(serve, workers: int) -> int:
    """Fork the workers (each accepts on the shared socket), wait, and on Ctrl-C or SIGTERM end
    them all: no worker outlives the command."""
    children = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers stop
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            try:
                serve()
            finally:
                os._exit(0)
        children.append(pid)

    def stop(signum, frame) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)  # also when started in the background, where it was ignored
    try:
        while children:
            pid, _ = os.wait()
            if pid in children:
                children.remove(pid)
    except KeyboardInterrupt:
        pass
    finally:
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
    return 0
