"""The workbench serves requests concurrently, with no lock: pages built at once on many threads are
the pages built one at a time, and `yimao serve` with several workers answers and, stopped, leaves
no worker behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from yimao.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
PAGES = [f"/judge?lines={lines}&month={month}&day=丁酉&question={question}"
         for lines, month, question in [("877987", "申", "求财"), ("696969", "子", "疾病"), ("777777", "午", "功名"),
                                        ("888888", "卯", "行人"), ("979797", "酉", "胎产")]]
PAGES += [page.replace("/judge", "/chart") for page in PAGES] + ["/why?fact=六亲(位: 3)&lines=877987&month=申&day=丁酉"]


def test_concurrent_pages_equal_sequential_ones():
    client = create_app().test_client()
    alone = {page: client.get(page).get_data(as_text=True) for page in PAGES}
    assert all("<title>" in text for text in alone.values())

    def fetch(page: str) -> tuple[str, int, str]:
        response = create_app().test_client().get(page)
        return page, response.status_code, response.get_data(as_text=True)

    with ThreadPoolExecutor(8) as pool:
        for page, status, text in pool.map(fetch, PAGES * 4):
            assert status == 200 and text == alone[page], page


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def test_serve_with_workers_answers_and_stops_them_all():
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "yimao.cli", "serve", "--port", str(port), "--workers", "2",
                               "--threads", "2"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/chart?lines=877987&month=%E7%94%B3", timeout=30) as r:
                    assert r.status == 200 and b"<svg" in r.read()
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.3)
        workers = _children(server.pid)
        assert len(workers) == 2
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0
        for pid in workers:
            try:
                os.kill(pid, 0)
                alive = Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0] != "Z"
            except ProcessLookupError:
                alive = False
            assert not alive, f"worker {pid} outlived the server"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
