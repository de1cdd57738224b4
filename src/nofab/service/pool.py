"""The worker pool that runs checks off the event loop, each within a time budget.

Checks are CPU work; on the event loop one slow input would stall every other client,
``/healthz`` included (issue 16.1). Worker *processes* (pebble's pool) give real parallelism
under the GIL and let a check that overruns its budget be stopped: its worker is terminated
and replaced, and the client gets 503. With ``workers=0`` checks run in threads of this
process instead (for embedding and tests): the budget still answers 503, but an overrunning
check runs on to its end in its thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import threading
from typing import Any

from nofab.config.policy import Policy, Profile
from nofab.detectors.base import DetectorFactory
from nofab.service.work import Checker, Job, Outcome, error_outcome, run_in_worker, start_worker, warm_up

logger = logging.getLogger("nofab.service")

#: How long the first worker may take to start and build its guards before threads are used.
_START_SECONDS = 60.0
#: Threads for checks when there are no worker processes (they share the GIL: more would only
#: add hand-offs, fewer would let one slow check hold up the next ones).
_THREADS = 4


class CheckPool:
    """Runs :class:`Job` s on ``workers`` processes (or threads when 0) with a per-job budget."""

    def __init__(
        self,
        policy: Policy,
        profile: Profile,
        detectors: tuple[DetectorFactory, ...],
        *,
        workers: int,
        budget: float,
    ) -> None:
        self.workers = workers
        self.budget = budget
        self._args = (policy, profile, detectors)
        self._lock = threading.Lock()
        self._pool: Any = None
        self._threads: concurrent.futures.ThreadPoolExecutor | None = None
        self._checker: Checker | None = None

    def start(self) -> None:
        """Start the workers and wait until one has built its guards (the app's startup calls
        this, so the first request does not wait; otherwise the first check does). Worker
        processes that cannot start — a main module that cannot be re-imported, a detector
        class that cannot be pickled — are logged, and checks then run in threads."""
        with self._lock:
            if self._pool is not None or self._threads is not None:
                return
            if self.workers:
                from pebble import ProcessPool

                # forkserver, not fork: the serving process runs threads (the event loop,
                # pebble's own), and a fork taken while one of them holds a lock can deadlock
                # the child.
                pool: Any = ProcessPool(
                    max_workers=self.workers,
                    initializer=start_worker,
                    initargs=self._args,
                    context=multiprocessing.get_context("forkserver"),
                )
                try:
                    pool.schedule(warm_up).result(timeout=_START_SECONDS)
                except Exception as exc:
                    logger.error(
                        "nofab service: the check worker processes did not start (%s: %s); "
                        "checking in threads of this process instead",
                        type(exc).__name__,
                        exc,
                    )
                    pool.stop()
                else:
                    self._pool = pool
                    return
            self._checker = Checker(*self._args)
            self._threads = concurrent.futures.ThreadPoolExecutor(
                max_workers=_THREADS, thread_name_prefix="nofab-check"
            )

    async def run(self, job: Job) -> Outcome:
        """The job's outcome, or 503 when it does not finish within the budget."""
        if self._pool is None and self._threads is None:
            await asyncio.get_running_loop().run_in_executor(None, self.start)
        try:
            future: concurrent.futures.Future[Outcome]
            if self._threads is not None:
                assert self._checker is not None
                future = self._threads.submit(self._checker.run, job)
            else:
                future = self._pool.schedule(run_in_worker, args=(job,))
            # Cancelling the wrapped future on timeout cancels pebble's: a job still queued
            # never starts, a running one has its worker process terminated and replaced.
            return await asyncio.wait_for(asyncio.wrap_future(future), self.budget)
        except TimeoutError:
            logger.warning("nofab service: a check overran its %.1f s budget; answered 503", self.budget)
            return error_outcome(
                503, f"the check did not finish within its {self.budget:g}-second budget; try a smaller input"
            )
        except Exception as exc:  # the worker process died (killed, out of memory), a broken pool
            logger.error("nofab service: a check's worker failed: %s: %s", type(exc).__name__, exc)
            return error_outcome(503, f"the check's worker failed ({type(exc).__name__}); try again")

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.stop()
                self._pool.join(timeout=5)
                self._pool = None
            if self._threads is not None:
                self._threads.shutdown(wait=False, cancel_futures=True)
                self._threads = None
