"""Bot seats, played server-side away from the event loop; hints and reviews computed the same way.

Bot moves, hints and pieces of reviews (the jobs of :mod:`realpolitik.bots.worker`) go to worker
processes (or, with ``workers=0``, a worker thread), urgent ones first.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from realpolitik.analysis.review import PlyReview, RejudgeJob, ReviewJob, Verdict, rejudged, review_piece
from realpolitik.bots.evaluate import Evaluation
from realpolitik.bots.worker import BotJob, HintJob, choose, hint, process_context, start
from realpolitik.engine import Game

from .metrics import Metrics


class Slots:
    """Free workers, handed out to urgent requests first, then to other bot moves, then to
    reviews, each in the order they were asked for."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        """Requests waiting for a worker."""
        return sum(not f.done() for _, _, f in self._waiting)

    @contextlib.asynccontextmanager
    async def take(self, urgent: bool, review: bool = False):
        """Hold a worker for the ``async with`` block, once one is free."""
        ready = asyncio.get_running_loop().create_future()
        rank = 2 if review else 0 if urgent else 1
        heapq.heappush(self._waiting, (rank, next(self._order), ready))
        self._dispatch()
        try:
            await ready
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():  # given just as the request was cancelled
                self._give_back()
            raise
        try:
            yield
        finally:
            self._give_back()

    def _give_back(self) -> None:
        self.free += 1
        self._dispatch()

    def _dispatch(self) -> None:
        while self.free > 0 and self._waiting:
            _, _, ready = heapq.heappop(self._waiting)
            if not ready.done():
                self.free -= 1
                ready.set_result(None)


def worker_count(workers: int | None) -> int:
    """Worker processes to run: as asked, or one core less than the machine has (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1) if workers is None else workers


def fork_workers(workers: int | None) -> ProcessPoolExecutor | None:
    """Bot workers forked now (:func:`.process_context`); the server starts them so before it
    runs a second thread. None when this process runs more threads already or for
    ``workers=0``; the runner then spawns fresh workers when first needed, as it does to
    replace workers that died."""
    context = process_context()
    if worker_count(workers) == 0 or context.get_start_method() != "fork":
        return None
    pool = ProcessPoolExecutor(max_workers=worker_count(workers), mp_context=context, initializer=start)
    pool.submit(os.getpid)  # a fork pool starts all its workers with the first job
    return pool


class BotRunner:
    """Runs bot moves on worker processes (``workers`` ≥ 1) or on one thread (``workers=0``).

    A thread is for games that exist only in this process (a registry passed to the
    server); processes keep long searches off the event loop's core. Moves wait for a
    free worker in order of urgency: a bot facing people goes before a game of bots
    only, so no number of bot games slows down a person's table by more than the moves
    already being computed. ``forked`` are workers started already (:func:`fork_workers`).
    """

    def __init__(self, metrics: Metrics, workers: int | None = None, lookup: Callable[[str], Game] | None = None,
                 forked: ProcessPoolExecutor | None = None) -> None:
        self.workers = worker_count(workers)
        self.lookup = lookup
        #: counts the decisions waiting and times them (the server's /metrics)
        self.metrics = metrics
        self.slots = Slots(max(1, self.workers))
        self._executor: Executor | None = forked

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.workers == 0:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
            else:
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=start,
                )
        return self._executor

    async def choose(self, job: BotJob, urgent: bool = True) -> str:
        """The bot's action, computed on a worker once one is free (``urgent`` ones first)."""
        asked, waiting = time.monotonic(), True
        self.metrics.bots_waiting += 1
        try:
            async with self.slots.take(urgent):
                self.metrics.bots_waiting, waiting = self.metrics.bots_waiting - 1, False
                started = time.monotonic()
                action = await self._run(choose, job)
                self.metrics.bot_decided(started - asked, time.monotonic() - started)
                return action
        finally:
            if waiting:  # cancelled before a worker was free
                self.metrics.bots_waiting -= 1

    async def hint(self, job: HintJob) -> Evaluation:
        """The evaluation of a person's decision, computed on a worker once one is free, after
        the urgent bot moves (those facing people)."""
        async with self.slots.take(False):
            return await self._run(hint, job)

    async def review(self, job: ReviewJob) -> list[PlyReview]:
        """A piece of a review, computed on a worker once no bot move waits for one."""
        async with self.slots.take(False, review=True):
            return await self._run(review_piece, job)

    async def rejudge(self, job: RejudgeJob) -> dict[int, Verdict]:
        """A piece of a review's second pass, computed on a worker as a piece of the review."""
        async with self.slots.take(False, review=True):
            return await self._run(rejudged, job)

    async def _run(self, work: Callable, job: BotJob | HintJob | ReviewJob | RejudgeJob):
        loop = asyncio.get_running_loop()
        pool = self._pool()
        try:
            if self.workers == 0:
                return await loop.run_in_executor(pool, work, job, self.lookup)
            return await loop.run_in_executor(pool, work, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start new ones
            if self._executor is pool:
                self._executor = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers (a move being computed is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
