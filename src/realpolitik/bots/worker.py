"""What a bot worker process runs: a bot's move and a hint, each from a job the server sends
(``realpolitik.server.bots`` hands them out; a piece of a review is ``analysis.review.review_piece``).

A bot move is a :class:`BotJob` — the game's record so far and the seat. The worker rebuilds the
state by replaying the record, keeping the states of recent games so that the next move only
replays the new actions, and asks a fresh bot for its choice through the seat's
:class:`SeatContext`. Bots are seeded from the game's seed, the seat and the ply, so a bot's
choices do not depend on which worker served it or on server restarts. A hint is a
:class:`HintJob`, evaluated from the seat's context alone.

This module is outside the server package on purpose: a worker process starts by importing it,
and needs the games and the bots, not the web server.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from realpolitik.bots import make_bot
from realpolitik.bots.evaluate import Evaluation, evaluate
from realpolitik.engine import Game, Record, Rng, SeatContext, State

#: states of recent games kept by each worker
CACHE_SIZE = 128
#: the largest 64-bit word
_WORD = (1 << 64) - 1


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
    """A 64-bit seed from whole numbers (a game's seed, a seat, a move), every word of each counting:
    a secret seed's key lies above its lowest 64 bits."""
    rng = Rng(0)
    for part in parts:
        rng = Rng(rng.next64() ^ (part & _WORD))
        while part > _WORD:
            part >>= 64
            rng = Rng(rng.next64() ^ (part & _WORD))
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


def process_context() -> multiprocessing.context.BaseContext:
    """How to start worker processes: forked from this process, which has loaded the games
    already, so that none spends a second of CPU importing them again, while this process runs
    a single thread; spawned fresh otherwise, because a fork of a process with threads may
    inherit a lock that another thread held."""
    return multiprocessing.get_context("fork" if threading.active_count() == 1 else "spawn")


def start() -> None:
    """Load the games once, and end this worker as soon as the server process is gone."""
    import realpolitik.games

    realpolitik.games.registry()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)
