"""The ladder: a round robin of bot entrants, rated with openskill, and who placed ahead of whom.

An entrant is a bot spec (``random``, ``heuristic``, ``ismcts:budget=300``). A game with
``players`` seats has as many *sides* — one per seat, or one per team in a team game
(``Game.teams``), where one entrant holds every seat of its team. A round plays every
combination of ``sides`` entrants once in each rotation over the sides, so every entrant
meets every other and holds every side equally often; the rotations of one table share
a deal. Games are played by the arena's :func:`play_game` with its seeds, so a ladder is
reproducible from its seed in one process, several or on a Ray cluster, and a ladder
stopped part-way goes on from the games it kept (:func:`ladder_key`, :mod:`.store`).

Ratings: openskill's Plackett–Luce model, one player per side, ranked by the side's best
place (ties share a rank), updated game by game in schedule order — the same games give
the same ratings whatever order they finished in. Each entrant's ``ordinal`` is the
interval's lower end, ``mu - 2 sigma``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import ceil, comb
from typing import Any

from openskill.models import PlackettLuce

from realpolitik.bots import bot_kinds, make_bot
from realpolitik.bots.ismcts import DEFAULT_BUDGET
from realpolitik.engine import Game
from realpolitik.games import get

from .arena import Interrupted, arena_options, collect, game_seed, seating
from .stats import GameResult, wilson
from .store import configuration

#: the low ismcts budget of the default entrants is the game's default budget divided by this
LOW_SHARE = 10
#: sigmas on either side of mu in a rating's interval
SPREAD = 2
MODEL = PlackettLuce()


def default_entrants(game: Game) -> list[str]:
    """Every bot kind of ``game``, ``ismcts`` at a low budget and at the game's default budget."""
    budget = game.bot_defaults.get("ismcts", {}).get("budget", DEFAULT_BUDGET)
    out: list[str] = []
    for kind in bot_kinds(game):
        out += [f"ismcts:budget={budget // LOW_SHARE}", f"ismcts:budget={budget}"] if kind == "ismcts" else [kind]
    return out


def side_layout(game: Game, players: int) -> tuple[int, ...]:
    """The side of each seat: its team in a team game, else the seat itself."""
    return game.teams(players) or tuple(range(players))


def round_length(entrants: int, sides: int) -> int:
    """Games in one round: every combination of ``sides`` entrants in each of its rotations."""
    return comb(entrants, sides) * sides


def planned(game: Game, entrants: int, players: int, games: int) -> int:
    """The games a ladder plays when asked for ``games``: whole rounds, at least one."""
    per_round = round_length(entrants, max(side_layout(game, players)) + 1)
    return max(1, ceil(games / per_round)) * per_round


def schedule(entrants: Sequence[str], layout: Sequence[int], rounds: int) -> list[tuple[str, ...]]:
    """The bot spec in each seat of every game, round after round, a table's rotations together."""
    sides = max(layout) + 1
    games = []
    for _ in range(rounds):
        for table in combinations(entrants, sides):
            for turn in range(sides):
                held = seating(table, turn)
                games.append(tuple(held[side] for side in layout))
    return games


@dataclass
class Entrant:
    """One entrant's rating and record over the games it played."""

    bot: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    decisions: int = 0
    think: float = 0.0

    @property
    def ordinal(self) -> float:
        return self.mu - SPREAD * self.sigma

    def to_dict(self) -> dict:
        low, high = wilson(self.wins, self.games)
        return {
            "bot": self.bot, "mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
            "ordinal": round(self.ordinal, 3),
            "interval": [round(self.ordinal, 3), round(self.mu + SPREAD * self.sigma, 3)],
            "games": self.games, "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_ci95": [round(low, 4), round(high, 4)],
            "seconds_per_decision": round(self.think / self.decisions, 4) if self.decisions else 0.0,
        }


@dataclass
class Meeting:
    """The games two entrants played at one table, and in how many the first placed ahead."""

    games: int = 0
    ahead: int = 0

    def to_dict(self) -> dict:
        low, high = wilson(self.ahead, self.games)
        return {"games": self.games, "ahead": self.ahead,
                "share": round(self.ahead / self.games, 4) if self.games else 0.0,
                "ci95": [round(low, 4), round(high, 4)]}


@dataclass
class Ladder:
    """A finished (or stopped) ladder: ratings best first and the head-to-head table."""

    game: str
    players: int
    entrants: tuple[str, ...]
    teams: tuple[int, ...] | None
    scheduled: int
    results: list[GameResult]
    ratings: list[Entrant]
    meetings: dict[tuple[str, str], Meeting]

    @property
    def complete(self) -> bool:
        return len(self.results) == self.scheduled

    def to_dict(self) -> dict:
        order = [e.bot for e in self.ratings]
        return {
            "game": self.game, "players": self.players, "entrants": list(self.entrants),
            "teams": None if self.teams is None else list(self.teams),
            "games": len(self.results), "scheduled": self.scheduled, "complete": self.complete,
            "no_winner_games": sum(not r.winners for r in self.results),
            "limit_games": sum(r.limit for r in self.results),
            "ratings": [e.to_dict() for e in self.ratings],
            "head_to_head": {a: {b: self.meetings[a, b].to_dict() for b in order if b != a} for a in order},
        }


def sides_of(result: GameResult, layout: Sequence[int]) -> list[tuple[str, int, bool]]:
    """Each side of a finished game: its entrant, its best place, whether it won."""
    out = []
    for side in range(max(layout) + 1):
        seats = [s for s, held in enumerate(layout) if held == side]
        out.append((result.seats[seats[0]], min(result.places[s] for s in seats),
                    any(s in result.winners for s in seats)))
    return out


def rate(entrants: Sequence[str], layout: Sequence[int],
         results: Sequence[GameResult]) -> tuple[list[Entrant], dict[tuple[str, str], Meeting]]:
    """The entrants best first and their meetings, from finished games applied in game order."""
    start = MODEL.rating()
    now = {bot: Entrant(bot, start.mu, start.sigma) for bot in entrants}
    meetings = {(a, b): Meeting() for a in entrants for b in entrants if a != b}
    for r in sorted(results, key=lambda r: r.index):
        sides = sides_of(r, layout)
        rated = MODEL.rate([[MODEL.rating(mu=now[b].mu, sigma=now[b].sigma)] for b, _, _ in sides],
                           ranks=[place for _, place, _ in sides])
        for (bot, place, won), [new] in zip(sides, rated, strict=True):
            e = now[bot]
            e.mu, e.sigma = new.mu, new.sigma
            e.games += 1
            e.wins += won
            for other, their, _ in sides:
                if other != bot:
                    meetings[bot, other].games += 1
                    meetings[bot, other].ahead += place < their
        for seat, bot in enumerate(r.seats):
            now[bot].decisions += r.decisions[seat] if r.decisions else 0
            now[bot].think += r.think[seat] if r.think else 0.0
    return sorted(now.values(), key=lambda e: (-e.ordinal, -e.mu, e.bot)), meetings


def check_entrants(game: Game, entrants: Sequence[str], players: int) -> None:
    """Refuse duplicate or bad specs and more sides than entrants (``ValueError``, ``KeyError``)."""
    if len(set(entrants)) < len(entrants):
        raise ValueError(f"the ladder lists a bot twice: {', '.join(entrants)}")
    for spec in entrants:
        make_bot(spec, game, 0)
    sides = max(side_layout(game, players)) + 1
    if len(entrants) < max(sides, 2):
        raise ValueError(f"a ladder of {players} players needs at least {max(sides, 2)} bots, not {len(entrants)}")


def ladder_key(game_id: str, entrants: Sequence[str], players: int, seed: int,
               options: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a ladder's games depend on, to keep them in a store (:mod:`realpolitik.sim.store`):
    the game, the count, the entrants in order (they make the schedule), the seed and the
    configuration (rules version, options, each entrant's parameters after the game's defaults).
    Game ``i`` is the same game whatever number of games the ladder asks for."""
    game = get(game_id)
    opts = arena_options(game, options)
    return {"ladder": game.id, "players": players, "entrants": list(entrants), "seed": seed,
            "config": configuration(game.id, entrants, players, opts)}


def run_ladder(game_id: str, entrants: Sequence[str], players: int, games: int, seed: int = 0,
               options: dict[str, Any] | None = None, workers: int = 1,
               on_result: Callable[[GameResult], None] | None = None, *, cluster: str | None = None,
               on_cluster: Callable[[int], None] | None = None,
               kept: Mapping[int, GameResult] | None = None) -> Ladder:
    """Play at least ``games`` games in whole rounds and rate them.

    Games run as in the arena (:func:`~realpolitik.sim.arena.played`): in this process, in
    ``workers`` processes, or as Ray tasks on ``cluster`` (whose CPU count ``on_cluster`` is
    told); ``on_result`` is called as each game finishes. The games of ``kept`` (by index, as an
    earlier run of the same ladder played them) are not played again.

    Ctrl-C (a ``KeyboardInterrupt``, also from ``on_result``) stops the ladder: the games
    finished so far are rated and ``complete`` is false. Bad specs, options or player
    counts fail before any game starts.
    """
    game = get(game_id)
    opts = arena_options(game, options)
    game.new_state(players, opts, seed)
    check_entrants(game, entrants, players)
    layout = side_layout(game, players)
    sides = max(layout) + 1
    rounds = planned(game, len(entrants), players, games) // round_length(len(entrants), sides)
    tasks = [(game_id, seats, game_seed(seed, i, sides), opts, i, seed)
             for i, seats in enumerate(schedule(entrants, layout, rounds))]
    kept = kept or {}
    have = [kept[i] for i in range(len(tasks)) if i in kept]
    missing = [task for i, task in enumerate(tasks) if i not in kept]
    try:
        fresh = collect(missing, workers, on_result, cluster, on_cluster)
    except Interrupted as stop:
        fresh = stop.results
    results = sorted(have + fresh, key=lambda r: r.index)
    ratings, meetings = rate(entrants, layout, results)
    return Ladder(game.id, players, tuple(entrants), game.teams(players), len(tasks), results, ratings, meetings)
