"""Bot seats, played server-side away from the event loop; hints computed the same way.

A bot move is a :class:`BotJob` — the game's record so far and the seat — sent to a
worker process (or, with ``workers=0``, a worker thread). The worker rebuilds the state
by replaying the record, keeping the states of recent games so that the next move only
replays the new actions, and asks a fresh bot for its choice through the seat's
:class:`SeatContext`. Bots are seeded from the game's seed, the seat and the ply, so a
bot's choices do not depend on which worker served it or on server restarts.

A hint ("What would the bot do?") is a :class:`HintJob`: the worker evaluates the seat's
decision from its :class:`SeatContext` alone (:func:`realpolitik.bots.evaluate.evaluate`),
within the job's budget of search iterations, seeded as a bot move is.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from realpolitik.bots import make_bot
from realpolitik.bots.evaluate import Evaluation, evaluate
from realpolitik.engine import Game, Record, Rng, SeatContext, State

#: states of recent games kept by each worker
CACHE_SIZE = 128


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to choose one bot move."""

    key: str  # the server's game id
    record: Record  # the game so far
    seat: int
    kind: str
    think: float | None = None  # seconds a search bot may take, at most


@dataclass(frozen=True)
class HintJob:
    """Everything a worker needs to evaluate a person's decision for a hint."""

    key: str  # the server's game id
    record: Record  # the game so far
    seat: int
    budget: int  # search iterations, at most


#: recent games' states by id, each with the actions it was replayed from
_states: OrderedDict[str, tuple[State, list[str]]] = OrderedDict()


def _mix(*parts: int) -> int:
    rng = Rng(0)
    for part in parts:
        rng = Rng(rng.next64() ^ (part & ((1 << 64) - 1)))
    return rng.next64()


def state_of(job: BotJob | HintJob, lookup: Callable[[str], Game]) -> State:
    """The game state after the job's record: the record's replay, carried on from this
    worker's cached state of the game where the record goes on from the same actions (after
    a move taken back it may not: then it is replayed from the start)."""
    cached, actions = _states.pop(job.key, (None, []))
    if cached is not None and job.record.actions[:len(actions)] != actions:
        cached = None
    state = job.record.replay(lookup, cached)
    _states[job.key] = state, list(job.record.actions)
    while len(_states) > CACHE_SIZE:
        _states.popitem(last=False)
    return state


def choose(job: BotJob, lookup: Callable[[str], Game] | None = None) -> str:
    """The bot's action for ``job`` (runs in a worker)."""
    if lookup is None:
        from realpolitik.games import get as lookup
    state = state_of(job, lookup)
    if state.to_act != job.seat:
        raise RuntimeError(f"game {job.key}: seat {job.seat} is not to act after {state.ply} actions")
    seed, ply = job.record.seed, state.ply
    bot = make_bot(job.kind, state.game, _mix(seed, job.seat, ply) & 0x7FFFFFFF, think=job.think,
                   players=len(state.seats))
    ctx = SeatContext.of(state, job.seat, Rng(_mix(seed, job.seat, ply, 1)))
    return bot.choose(ctx)


def hint(job: HintJob, lookup: Callable[[str], Game] | None = None) -> Evaluation:
    """The evaluation of the seat's decision for ``job`` (runs in a worker): from the seat's
    context only, never the true state."""
    if lookup is None:
        from realpolitik.games import get as lookup
    state = state_of(job, lookup)
    if state.to_act != job.seat:
        raise RuntimeError(f"game {job.key}: seat {job.seat} is not to act after {state.ply} actions")
    seed, ply = job.record.seed, state.ply
    ctx = SeatContext.of(state, job.seat, Rng(_mix(seed, job.seat, ply, 2)))
    return evaluate(ctx, budget=job.budget, seed=_mix(seed, job.seat, ply, 3) & 0x7FFFFFFF)


def _worker_start() -> None:
    """Load the games once, and end this worker as soon as the server process is gone."""
    import realpolitik.games

    realpolitik.games.registry()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


class Slots:
    """Free workers, handed out to urgent requests first, then in the order they were asked for."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        """Requests waiting for a worker."""
        return sum(not f.done() for _, _, f in self._waiting)

    @contextlib.asynccontextmanager
    async def take(self, urgent: bool):
        """Hold a worker for the ``async with`` block, once one is free."""
        ready = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (0 if urgent else 1, next(self._order), ready))
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


class BotRunner:
    """Runs bot moves on worker processes (``workers`` ≥ 1) or on one thread (``workers=0``).

    A thread is for games that exist only in this process (a registry passed to the
    server); processes keep long searches off the event loop's core. Moves wait for a
    free worker in order of urgency: a bot facing people goes before a game of bots
    only, so no number of bot games slows down a person's table by more than the moves
    already being computed.
    """

    def __init__(self, workers: int | None = None, lookup: Callable[[str], Game] | None = None) -> None:
        if workers is None:
            workers = max(1, (os.cpu_count() or 2) - 1)
        self.workers = workers
        self.lookup = lookup
        self.slots = Slots(max(1, workers))
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.workers == 0:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
            else:
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start,
                )
        return self._executor

    async def choose(self, job: BotJob, urgent: bool = True) -> str:
        """The bot's action, computed on a worker once one is free (``urgent`` ones first)."""
        return await self._run(choose, job, urgent)

    async def hint(self, job: HintJob) -> Evaluation:
        """The evaluation of a person's decision, computed on a worker once one is free, after
        the urgent bot moves (those facing people)."""
        return await self._run(hint, job, urgent=False)

    async def _run(self, work: Callable, job: BotJob | HintJob, urgent: bool):
        async with self.slots.take(urgent):
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
