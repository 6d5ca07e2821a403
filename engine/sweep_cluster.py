"""A sweep's chunks on a Dask distributed cluster (the `yimao[cluster]` extra).

`local` or `local:N` starts a cluster of N single-threaded worker processes on this machine (all
cores by default) and ends it with the sweep; `tcp://host:port` uses a running scheduler, whose
workers need yimao installed (and any `--rulebook` folder at the same path).  Workers only compute:
each task is one chunk of charts (a transition's moments, in the space), each worker keeps its
engines between tasks, and the driver stores every chunk's rows as they arrive, so an interrupted
cluster sweep resumes like a local one.
"""

from __future__ import annotations

import logging
import os
from typing import Callable

from .errors import UsageError


def parse_cluster(address: str) -> tuple[str, int | None]:
    """("local", workers) or ("remote", None); a bad address is a usage error."""
    if address == "local" or address.startswith("local:"):
        count = address.partition(":")[2]
        if count and not (count.isdigit() and int(count) >= 1):
            raise UsageError(f"--cluster local:N takes a number of workers, at least 1, not {count!r}")
        return "local", int(count) if count else (os.cpu_count() or 1)
    if address.startswith("tcp://") and len(address) > len("tcp://"):
        return "remote", None
    raise UsageError(f"--cluster takes local, local:N or tcp://HOST:PORT, not {address!r}")


def run_on_cluster(address: str, chunks: list, job: tuple, take: Callable[[list], None]) -> None:
    kind, workers = parse_cluster(address)
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise UsageError("--cluster needs Dask: pip install 'yimao[cluster]'") from None
    from .forking import finish
    from .sweep import compare_chunk

    finish()  # a cache entry written beside the command is done before the cluster starts
    cluster = None
    try:
        if kind == "local":
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.CRITICAL + 10)
            client = Client(cluster)
        else:
            try:
                client = Client(address, timeout="10s")
            except (OSError, TimeoutError) as error:
                raise UsageError(f"--cluster {address}: no scheduler answered ({error})") from None
        futures: list = []
        try:
            futures = [client.submit(compare_chunk, *job, part, pure=False) for part in chunks]
            for future in as_completed(futures):
                take(future.result())
        except BaseException:
            client.cancel(futures)
            raise
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()
