"""Where the chunks run: this process, local worker processes, or a Dask cluster.

Every engine runs the same pure ``check_chunk`` and hands the results back to the one process
that writes the database. At most ``2 × workers`` chunks are in flight, so memory stays
bounded whatever the input size.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Literal

from nofab.batch.extra import require
from nofab.batch.sources import RawRecord
from nofab.batch.work import ChunkResult, Settings, check_chunk
from nofab.errors import UsageError

#: Dask settings for the cluster an audit starts itself (not for a cluster it is pointed at):
#: no statistical profiler, and the monitors that only feed a dashboard read seldom.
#: Idle, two workers with their nannies and the scheduler spent 0.80 CPU-seconds per 10 s with
#: Dask's defaults and 0.18 with these (distributed 2026.8).
QUIET: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.tick.interval": "200ms",
}

Engine = Literal["local", "dask"]
ENGINES: tuple[str, ...] = ("local", "dask")


def run(
    chunks: Iterator[list[RawRecord]],
    settings: Settings,
    *,
    engine: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[ChunkResult]:
    """Results of ``check_chunk`` over every chunk, in completion order."""
    if engine == "dask":
        yield from _dask(chunks, settings, workers, scheduler)
    elif engine == "local":
        if scheduler:
            raise UsageError("--scheduler needs --engine dask")
        if workers <= 1:
            for chunk in chunks:
                yield check_chunk(chunk, settings)
        else:
            yield from _processes(chunks, settings, workers)
    else:
        raise UsageError(f"unknown engine {engine!r}; expected one of {list(ENGINES)}")


def _processes(chunks: Iterator[list[RawRecord]], settings: Settings, workers: int) -> Iterator[ChunkResult]:
    # spawn, not fork: the parent runs a progress thread, and forking a threaded process can
    # copy a held lock into the child.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: set[Future[ChunkResult]] = set()
        for chunk in chunks:
            pending.add(pool.submit(check_chunk, chunk, settings))
            if len(pending) >= 2 * workers:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def _dask(
    chunks: Iterator[list[RawRecord]], settings: Settings, workers: int, scheduler: str | None
) -> Iterator[ChunkResult]:
    distributed: Any = require("distributed")
    cluster: Any = None
    if scheduler:
        try:
            client = distributed.Client(scheduler, timeout="20s")
        except OSError as exc:
            raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        dask: Any = require("dask")
        # Our own cluster runs quiet: its background monitors (a stack sample of every worker
        # every 10 ms, a tick of every event loop every 20 ms, psutil readings twice a second)
        # cost each process CPU for as long as the audit runs, busy or not. The nannies hand
        # this configuration to the workers they start.
        with dask.config.set(QUIET):
            cluster = distributed.LocalCluster(
                n_workers=max(1, workers),
                threads_per_worker=1,  # the check is pure Python: threads would only share the GIL
                processes=True,
                dashboard_address=None,
            )
            client = distributed.Client(cluster)
    try:
        limit = 2 * max(1, len(client.scheduler_info().get("workers", {})) or workers)
        queue = distributed.as_completed()
        in_flight = 0
        for chunk in chunks:
            # Scatter the records straight to a worker: a task that embeds them would route the
            # payload through the scheduler, which then holds it longer than the task.
            data = client.scatter(chunk, direct=True)
            queue.add(client.submit(check_chunk, data, settings, pure=False))
            del data
            in_flight += 1
            if in_flight >= limit:
                future = next(queue)
                in_flight -= 1
                yield future.result()
                future.release()
        for future in queue:
            yield future.result()
            future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
