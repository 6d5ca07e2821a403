"""Load-test the workbench on 127.0.0.1: start `yimao serve` on a free port, send a bounded number
of chart and judge requests from concurrent clients, and report throughput, p50/p99 per page, the
errors, and the server's memory (all its processes) before and at the peak.

    python tools/load_web.py --clients 16 --requests 2000 [--serve-args "--workers 2 --threads 4"]
    python tools/load_web.py --source /path/to/an/older/checkout --serve-args ""   # the server before

Each request opens its own connection (as a browser's first visit does).  The clients run in this
process, on the same machine as the server, so they take some of its CPU.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from checkouts import environment, prepare

QUESTIONS = ("疾病", "求财", "功名", "胎产", "行人")
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
DAYS = ("丁酉", "甲子", "庚午", "癸亥", "戊辰", "辛巳")


def urls(base: str, count: int, seed: int = 1) -> list[tuple[str, str]]:
    """(page, url): charts and judgements alternating, over seeded random casts and moments."""
    rng = random.Random(seed)
    found = []
    for i in range(count):
        fields = {"lines": "".join(rng.choice("6789") for _ in range(6)), "month": rng.choice(BRANCHES),
                  "day": rng.choice(DAYS)}
        page = "chart" if i % 2 == 0 else "judge"
        if page == "judge":
            fields["question"] = QUESTIONS[i // 2 % len(QUESTIONS)]
        found.append((page, f"{base}/{page}?{urllib.parse.urlencode(fields)}"))
    return found


def rss_kib(pid: int) -> int:
    """Resident memory of a process and its descendants, KiB."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/status") as status:
                total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    pending += [int(c) for c in children.read().split()]
        except (OSError, StopIteration):
            continue
    return total


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except (urllib.error.URLError, OSError):
        status = 0
    return status, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--serve-args", default="", help="extra arguments to `yimao serve`")
    parser.add_argument("--source", default=None,
                        help="run the server from this checkout: its root, or a folder holding its yimao package")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # A checkout's root holds no `yimao` package: put on PYTHONPATH as it was, the "server before"
    # imported this checkout's (installed) package.  checkouts.prepare resolves it and checks.
    code = prepare(Path(args.source))[1] if args.source else None
    env = environment(code)
    command = [sys.executable, "-m", "yimao.cli", "serve", "--port", str(port), *shlex.split(args.serve_args)]
    # Started outside any checkout, so `-m yimao.cli` imports the installed engine or --source's.
    # Its stderr goes to a file: a pipe nobody reads until the end fills (waitress logs each "Task
    # queue depth" under load), and the server then blocks writing to it, every request waiting.
    log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log, text=True,
                              cwd=tempfile.gettempdir())
    try:
        deadline = time.monotonic() + 120
        while fetch(base + "/")[0] != 200:
            if server.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                print(f"the server did not start: {log.read() if server.poll() is not None else 'timeout'}")
                return 1
            time.sleep(0.3)
        warm = urls(base, 40, seed=99)
        with ThreadPoolExecutor(args.clients) as pool:  # every worker's first requests load its caches
            list(pool.map(lambda item: fetch(item[1]), warm))
        before = rss_kib(server.pid)
        peak = [before]
        done = threading.Event()

        def sample() -> None:
            while not done.wait(0.25):
                peak[0] = max(peak[0], rss_kib(server.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        work = urls(base, args.requests)
        started = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            results = list(pool.map(lambda item: (item[0], *fetch(item[1])), work))
        elapsed = time.perf_counter() - started
        done.set()
        sampler.join()
        peak[0] = max(peak[0], rss_kib(server.pid))
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    errors = sum(1 for _, status, _ in results if status != 200)
    print(f"server: {' '.join(command[3:])}{' from ' + args.source if args.source else ''}; "
          f"{args.clients} clients, {args.requests} requests, {os.cpu_count()} cores")
    print(f"throughput {len(results) / elapsed:.1f} requests/s; errors {errors}; "
          f"server RSS {before / 1024:.0f} MiB after warm-up, peak {peak[0] / 1024:.0f} MiB")
    for page in ("chart", "judge"):
        times = sorted(t for p, status, t in results if p == page)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"  {page}: p50 {statistics.median(times) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms ({len(times)} requests)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
