"""The arena: bot-only games with rotating seats, in one process, several, or on a Ray cluster.

Game ``i`` seats the bot specs rotated by ``i`` places, so every spec sits in every seat
equally often; each block of ``players`` consecutive games shares one deal (the same
game seed), which lowers the variance of a comparison. Bots are seeded from the arena
seed, the game and the seat, so an arena run is reproducible (for search bots without
a time cap).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from functools import partial
from typing import Any

from realpolitik.bots import Bot, make_bot
from realpolitik.bots.worker import process_context
from realpolitik.engine import Game, IllegalAction, Rng, SeatContext, State
from realpolitik.games import get
from realpolitik.interop import search  # noqa: F401 (loading it registers OpenSpiel's research bots)

from .stats import GameResult

_MIX = 0x9E3779B97F4A7C15


def seating(specs: Sequence[str], index: int) -> tuple[str, ...]:
    """The bot spec in each seat for game ``index``: ``specs`` rotated ``index`` seats onward."""
    n = len(specs)
    return tuple(specs[(seat - index) % n] for seat in range(n))


def game_seed(seed: int, index: int, players: int) -> int:
    """The deal of game ``index``: shared by the ``players`` rotations of one block."""
    return Rng(seed * _MIX + index // players).next64() >> 33


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of game ``index``."""
    return Rng((seed * _MIX + index) * 8191 + seat).next64() >> 1


def arena_options(game: Game, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game's conformance options (so bot-only games end), overridden by ``options``."""
    return game.resolve_options({**game.conformance_options, **(options or {})})


def play_game(game_id: str, seats: Sequence[str], seed: int, options: dict[str, Any],
              index: int = 0, arena_seed: int = 0, keep_actions: bool = False) -> GameResult:
    """Play one game of ``game_id`` between the bot specs in ``seats``."""
    game = get(game_id)
    return play(game.new_state(len(seats), options, seed), seated(game, seats, arena_seed, index), seats, seed,
                index, keep_actions)


def seated(game: Game, seats: Sequence[str], arena_seed: int, index: int) -> list[Bot]:
    """The bots of game ``index`` of an arena, one per seat, seeded as the arena seeds them."""
    return [make_bot(spec, game, bot_seed(arena_seed, index, s), players=len(seats)) for s, spec in enumerate(seats)]


def play(state: State, bots: Sequence[Bot], labels: Sequence[str], seed: int = 0, index: int = 0,
         keep_actions: bool = False, watch: Callable[[State, str], None] | None = None) -> GameResult:
    """Play ``state`` to the end; each bot sees only its seat's context, sampled afresh.
    ``watch`` (which must only read) is shown the state and the action chosen before each
    action is applied."""
    n = len(bots)
    sampler = Rng(seed ^ _MIX)
    decisions = [0] * n
    think = [0.0] * n
    cpu = [0.0] * n
    slowest = [0.0] * n
    actions = []
    while not state.is_over():
        seat = state.to_act
        ctx = SeatContext.of(state, seat, sampler.fork())
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(ctx)
        spent = time.thread_time() - start_cpu
        think[seat] += time.perf_counter() - start
        cpu[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
        ctx.close()
        decisions[seat] += 1
        if watch is not None:
            watch(state, action)
        try:
            state.apply(action, seat)
        except IllegalAction as exc:
            raise IllegalAction(f"bot {labels[seat]} in seat {state.seats[seat]} (game {index}): {exc}") from None
        actions.append(action)
    outcome = state.outcome()
    return GameResult(
        index=index, seed=seed, seats=tuple(labels), rewards=tuple(outcome.rewards),
        winners=tuple(outcome.winners), places=tuple(outcome.places),
        points=None if outcome.points is None else tuple(outcome.points), plies=state.ply,
        limit=outcome.limit, reason=str(outcome.reason), decisions=tuple(decisions), think=tuple(think),
        cpu=tuple(cpu), slowest=tuple(slowest),
        actions=tuple(actions) if keep_actions else (),
        teams=None if outcome.teams is None else tuple(outcome.teams),
    )


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped an arena: ``results`` holds the games that finished, ordered by game."""

    def __init__(self, results: list[GameResult], planned: int) -> None:
        super().__init__(f"{len(results)} of {planned} games finished")
        self.results = results
        self.planned = planned


def run_arena(game_id: str, specs: Sequence[str], games: int, seed: int = 0,
              options: dict[str, Any] | None = None, workers: int = 1,
              on_result: Callable[[GameResult], None] | None = None, *,
              cluster: str | None = None, on_cluster: Callable[[int], None] | None = None,
              only: Iterable[int] | None = None) -> list[GameResult]:
    """Play ``games`` games rotating ``specs`` over the seats; results ordered by game.
    ``only`` plays just those games of the ``games`` (by index), each exactly as in the whole run,
    so that a run stopped early can be completed later.

    ``workers`` > 1 plays games in that many processes; ``cluster`` (``auto``, ``local`` or
    ``ray://HOST:PORT``, see :mod:`realpolitik.sim.cluster`) plays them as Ray tasks, the
    same games as here; ``on_cluster`` is told the cluster's CPU count once connected.
    ``on_result`` is called as each game finishes (in finishing order), e.g. to advance a
    progress bar. Bad specs, options or cluster addresses fail before any
    game starts. Ctrl-C (a ``KeyboardInterrupt``, also from ``on_result``) stops the games
    under way and raises :class:`Interrupted` with those that finished.
    """
    game = get(game_id)
    players = len(specs)
    opts = arena_options(game, options)
    game.new_state(players, opts, seed)
    for spec in specs:
        make_bot(spec, game, 0)
    indices = range(games) if only is None else sorted({i for i in only if 0 <= i < games})
    tasks = [(game_id, seating(specs, i), game_seed(seed, i, players), opts, i, seed) for i in indices]
    return collect(tasks, workers, on_result, cluster, on_cluster)


def collect(tasks: Sequence[tuple], workers: int = 1, on_result: Callable[[GameResult], None] | None = None,
            cluster: str | None = None, on_cluster: Callable[[int], None] | None = None,
            play: Callable[..., Any] = play_game) -> list[GameResult]:
    """Play the games of ``tasks`` (as :func:`played` does; a bad cluster address fails before the
    first game) and return them ordered by game; ``on_result`` is called as each finishes. Ctrl-C
    raises :class:`Interrupted` with the games that finished."""
    if cluster is not None:
        from .cluster import check_address

        check_address(cluster)
    results: list[GameResult] = []
    try:
        with closing(played(tasks, workers, cluster, on_cluster, play)) as stream:
            for result in stream:
                with _whole():  # counted and kept together, or neither
                    results.append(result)
                    if on_result:
                        on_result(result)
    except KeyboardInterrupt:
        results.sort(key=lambda r: r.index)
        raise Interrupted(results, len(tasks)) from None
    results.sort(key=lambda r: r.index)
    return results


@contextmanager
def _whole() -> Iterator[None]:
    """Ctrl-C, and SIGTERM where a tool turns it into Ctrl-C, wait for the block to end and then
    stop the run: a game is not counted without ``on_result`` having kept it, nor kept without
    being counted. (Python runs signal handlers in the main thread only.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    raising = [s for s in (signal.SIGINT, signal.SIGTERM) if signal.getsignal(s) is signal.default_int_handler]
    for signum in raising:
        signal.signal(signum, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        for signum in raising:
            signal.signal(signum, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


def played(tasks: Sequence[tuple], workers: int = 1, cluster: str | None = None,
           on_cluster: Callable[[int], None] | None = None, play: Callable[..., Any] = play_game) -> Iterator[Any]:
    """The games of ``tasks`` (arguments of ``play``, by default :func:`play_game`; another
    ``play`` must be a module's top-level function, so that workers can import it, and return
    something with the game's ``index``) as they finish: in this process, in ``workers``
    processes, or as Ray tasks on ``cluster`` (whose CPU count ``on_cluster`` is told).
    Closing the iterator stops the games under way."""
    if cluster is not None:
        from .cluster import played_on_ray

        yield from played_on_ray(tasks, cluster, workers, on_connect=on_cluster, play=play)
    elif workers <= 1 or len(tasks) <= 1:
        yield from (play(*task) for task in tasks)
    else:
        pool = process_context().Pool(min(workers, len(tasks)), initializer=_leave_ctrl_c)
        try:
            yield from pool.imap_unordered(partial(_play_task, play), tasks)
        finally:
            pool.terminate()
            pool.join()


def _play_task(play: Callable[..., Any], task: tuple) -> Any:
    return play(*task)


def _leave_ctrl_c() -> None:
    """Worker processes leave Ctrl-C to the main process, which stops them, and end quietly at the
    SIGTERM it stops them with (a forked worker inherits the main process's handlers, and a tool
    that turns SIGTERM into Ctrl-C would make each worker print a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
