"""One game's measurements: its arena result, how it ended, its tracks over time, its cards.

A game is played as the arena plays it (:func:`realpolitik.sim.arena.play`, the same seeds
and bots), and the game's ``measures`` module (see ``Game.measures``) is read as it goes:
before each action and whenever the clock moves on. Measuring only reads, so the game played
is the arena's. Everything kept is plain data, as it crosses processes and Ray.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from realpolitik.engine import Game, State
from realpolitik.games import get
from realpolitik.i18n import Counted, Listed, Sentence, Text, t, tn
from realpolitik.sim.arena import arena_options, collect, game_seed, play, seated, seating
from realpolitik.sim.stats import GameResult

#: a sample of the tracks: the clock, then per track its values by series (a seat or side label, "" alone)
Sample = tuple[float, dict[str, dict[str, float]]]


@dataclass(frozen=True)
class Measured:
    """One finished game with what the balance lab reads of it."""

    result: GameResult
    #: the kind of end: the end reason with every value in it left out ("…"), see :func:`ending`
    ending: Any
    samples: tuple[Sample, ...]
    #: (seat, card key) for every card played, in order
    cards: tuple[tuple[int, str], ...]
    #: each played card's name (a ``Text`` or plain text)
    card_names: dict[str, Any]
    #: the seat that took the game's first action
    first: int = 0

    @property
    def index(self) -> int:
        return self.result.index


def measured_game(game_id: str, seats: Sequence[str], seed: int, options: dict[str, Any], index: int = 0,
                  arena_seed: int = 0) -> Measured:
    """Play one arena game (arguments of ``play_game``) and measure it as it is played."""
    game = get(game_id)
    state = game.new_state(len(seats), options, seed)
    reading = _Reading(game, state)
    result = play(state, seated(game, seats, arena_seed, index), seats, seed, index, watch=reading.before)
    return reading.end(state, result)


class _Reading:
    """The measures of one game, read while it is played."""

    def __init__(self, game: Game, state: State) -> None:
        self.measures = game.measures
        self.first = state.to_act
        self.samples: list[Sample] = []
        self.cards: list[tuple[int, str]] = []
        self.names: dict[str, Any] = {}
        self.last: float | None = None

    def before(self, state: State, action: str) -> None:
        """Read ``state`` before ``action`` is applied: the tracks when the clock moved, the card played."""
        m = self.measures
        if m is None:
            return
        now = m.clock(state)
        if now != self.last:
            self.samples.append((now, m.tracks(state)))
            self.last = now
        played = m.card(state, action)
        if played is not None:
            self.cards.append((state.to_act, played[0]))
            self.names.setdefault(*played)

    def end(self, state: State, result: GameResult) -> Measured:
        """What was read, with the values as the game ended."""
        samples = self.samples
        if self.measures is not None:
            end = (self.measures.clock(state), self.measures.tracks(state))
            if samples and samples[-1][0] == end[0]:
                samples[-1] = end  # the last step's values as the game ended
            else:
                samples.append(end)
        return Measured(result, ending(state.outcome().reason), tuple(samples), tuple(self.cards), self.names,
                        self.first)


def ending(reason: Any) -> Any:
    """The kind of an end reason: its messages (also those it is made of) with their values left
    out as "…", so that games ending the same way have equal kinds (to count them) and it still
    reads in either language."""
    if isinstance(reason, Counted):  # its plural: "…" stands for any number
        return tn(reason.key, reason.plural, reason.count, **dict.fromkeys((name for name, _ in reason.params), "…"))
    if isinstance(reason, Text):
        return t(reason.key, **dict.fromkeys((name for name, _ in reason.params), "…"))
    if isinstance(reason, Listed):
        return Listed(tuple(ending(item) for item in reason.items), reason.sep)
    if isinstance(reason, Sentence):
        return Sentence(ending(reason.text))
    return reason


def run_games(game_id: str, specs: Sequence[str], games: int, seed: int = 0, options: dict[str, Any] | None = None,
              workers: int = 1, on_result: Callable[[Measured], None] | None = None, *, cluster: str | None = None,
              on_cluster: Callable[[int], None] | None = None) -> list[Measured]:
    """The arena's games (:func:`realpolitik.sim.run_arena`: seats rotating, the same seeds), each
    measured; ordered by game. Ctrl-C raises ``Interrupted`` with the measured games that finished."""
    game = get(game_id)
    players = len(specs)
    opts = arena_options(game, options)
    tasks = [(game_id, seating(specs, i), game_seed(seed, i, players), opts, i, seed) for i in range(games)]
    return collect(tasks, workers, on_result, cluster, on_cluster, play=measured_game)
