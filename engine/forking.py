"""Whether this process may fork helpers, and work done on a forked child beside a command's answer.

Only the CLI's own process forks (`cli.run` allows it): a library call may run inside a program
that a fork would surprise, or beside threads that make forking unsafe, and a process forked from
it (a sweep's worker) must not fork again behind its parent's back.  A command waits for its
children before it ends, so no process outlives it and its time still counts all its work.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Callable

_ALLOWED = {"pid": None, "threads": False}
_CHILDREN: list[int] = []
_THREADS: list[threading.Thread] = []


def allow() -> None:
    """This process (the CLI's) may fork helpers."""
    _ALLOWED["pid"] = os.getpid()


def allow_threads() -> None:
    """This process (a server's, whose threads forbid forking) may do work `beside` its answer on
    a thread: a rulebook reloaded after an edit then answers before its cache entry is written
    (the writing, about as long as the reload itself, still shares the interpreter with it)."""
    _ALLOWED["threads"] = True


def may_fork() -> bool:
    """Allowed here, with several cores, a fork to make and no other thread alive."""
    return (_ALLOWED["pid"] == os.getpid() and (os.cpu_count() or 1) >= 2 and hasattr(os, "fork")
            and threading.active_count() == 1)


def start(task: Callable[[], object]) -> int | None:
    """Run `task` on a forked child and return the child's pid (to `wait` for), where this process
    may fork; else None, the task not run.  The child ignores Ctrl-C (its work is short and a file
    half written is worse) and ends without running this process's exit handlers or flushing its
    output; it exits 1 if the task failed."""
    if not may_fork():
        return None
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
    except (OSError, ValueError):
        return None
    if pid == 0:
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            task()
        except BaseException:  # noqa: BLE001 -- a helper's failure costs the cache entry only
            code = 1
        finally:
            try:
                sys.stderr.flush()
            finally:
                os._exit(code)
    return pid


def wait(pid: int) -> bool:
    """Wait for a child `start` made; whether its task succeeded."""
    try:
        _, status = os.waitpid(pid, 0)
    except (ChildProcessError, InterruptedError):
        return False
    return os.waitstatus_to_exitcode(status) == 0


def beside(task: Callable[[], object]) -> None:
    """Run `task` on a forked child while this process goes on, where it may fork; else on a
    thread, where threads are allowed (`allow_threads`); else here and now.  The command waits for
    it before it ends (`finish`)."""
    pid = start(task)
    if pid is not None:
        _CHILDREN.append(pid)
    elif _ALLOWED["threads"]:
        thread = threading.Thread(target=_quietly, args=(task,), name="yimao-beside")
        thread.start()
        _THREADS[:] = [t for t in _THREADS if t.is_alive()] + [thread]  # a server runs for days
    else:
        task()


def _quietly(task: Callable[[], object]) -> None:
    try:
        task()
    except BaseException:  # noqa: BLE001 -- as on a child: a helper's failure costs the cache entry only
        pass


def finish() -> None:
    """Wait for the children this process forked and the threads it started `beside`."""
    while _CHILDREN:
        pid = _CHILDREN.pop()
        try:
            os.waitpid(pid, 0)
        except (ChildProcessError, InterruptedError):
            pass
    while _THREADS:
        _THREADS.pop().join()
