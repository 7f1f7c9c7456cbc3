"""The bots' strength targets, measured in chunks that add up across runs and sessions.

A target is one arena matchup and a bar to clear (the bots issue):

- ``duel``: a two-player game, ``ismcts`` against ``heuristic``; the lower end of the 95 %
  Wilson interval of ``ismcts``'s win share must lie above ``bar`` (0.55).
- ``team``: a team game, an ``ismcts`` team against a ``heuristic`` team; the same bar on
  the share of games the ``ismcts`` team won.
- ``seat``: a game of three or more independent seats, one ``ismcts`` seat among
  heuristics; it must win at least ``bar`` (1.5) times as often as a heuristic seat wins at
  an all-heuristic table (the target's ``baseline``), with the lower end of the 95 %
  interval of the ratio (Katz's log method) at or above ``bar``.

Games are played by the arena (:func:`realpolitik.sim.arena.run_arena`) one *chunk* at a
time: one deal, every rotation of the seats, chunk ``k`` of a target on arena seed
``SEED_BASE + k``. An all-heuristic table (a ``baseline``) plays one game a deal: its seats
hold the same bot, so a rotation replays the same game (the heuristics of Nuclear War and
1815 are deterministic), and counting it again would count one deal as several. Each
finished game is one JSON line of a results file; a run plays the chunks not stored yet, so
a machine can add games whenever it has the time, and several runners can share a target by
shards. Games are pooled only with games of the same
*configuration*: the game's rules version, the options and every bot's parameters after
the game's defaults are applied — a change of default budget starts a new count rather
than mixing two bots in one figure.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import exp, log, sqrt
from typing import Any

from . import store
from .arena import Interrupted, run_arena
from .stats import Z95, GameResult, wilson

#: chunk ``k`` of a target is played on arena seed ``SEED_BASE + k``
SEED_BASE = 7000
#: games a target asks for before it is judged
GAMES = 200
#: games of an all-heuristic table: they cost next to nothing, and the ratio's interval narrows with them
BASELINE_GAMES = 1000
#: Nuclear War with four players: most games end without a winner, so a heuristic seat wins about one in
#: eleven and 200 games hold too few wins to tell 1.5x from 1x (docs/bots/strength.md, *Strength targets*)
NUCLEAR_WAR_GAMES = 1000
#: the most CPU seconds a search bot may spend on a decision, on average, at its default budget
SECONDS_PER_MOVE = 2.0
#: how an all-heuristic table is seated (``configuration``): each deal once
ONE_GAME_A_DEAL = "one game a deal"


@dataclass(frozen=True)
class Target:
    name: str
    game: str
    seats: tuple[str, ...]
    kind: str  # duel, team, seat or baseline (the all-heuristic table a seat target is compared with)
    bar: float
    baseline: str | None = None  # seat: the all-heuristic target it is compared with
    options: tuple[tuple[str, Any], ...] = ()
    #: games it is judged on, fixed before it is played (never raised until it passes)
    games: int = GAMES

    @property
    def players(self) -> int:
        return len(self.seats)


def _duel(game: str) -> Target:
    return Target(f"{game} 2p", game, ("ismcts", "heuristic"), "duel", 0.55)


def _team(game: str) -> Target:
    return Target(f"{game} teams", game, ("ismcts", "heuristic", "ismcts", "heuristic"), "team", 0.55)


def _seat(game: str, players: int, games: int = GAMES) -> tuple[Target, Target]:
    baseline = Target(f"{game} {players}p heuristics", game, ("heuristic",) * players, "baseline", 0.0,
                      games=BASELINE_GAMES)
    return (Target(f"{game} {players}p", game, ("ismcts",) + ("heuristic",) * (players - 1), "seat", 1.5,
                   baseline.name, games=games), baseline)


TARGETS: dict[str, Target] = {t.name: t for t in (
    _duel("wsdv"), _duel("nationen"), _duel("e1815"),
    _team("wsdv-2p2"), _team("e1815-2vs2"),
    *_seat("nuclear-war", 4, NUCLEAR_WAR_GAMES), *_seat("nationen", 3), *_seat("nationen", 4),
    *_seat("e1815", 3), *_seat("e1815", 4),
)}


def configuration(target: Target) -> dict[str, Any]:
    """What a game of ``target`` depends on: rules version, options, each spec's parameters."""
    config = store.configuration(target.game, target.seats, target.players, dict(target.options))
    if target.kind == "baseline":  # earlier baselines played every rotation of a deal: not pooled with these
        config["seating"] = ONE_GAME_A_DEAL
    return config


def games_a_chunk(target: Target) -> int:
    """A chunk's games: one deal in every rotation of the seats, or once at an all-heuristic table."""
    return 1 if target.kind == "baseline" else target.players


def record(target: Target, config: dict[str, Any], chunk: int, result: GameResult) -> dict[str, Any]:
    """One stored line: the game's result, its chunk and configuration."""
    return {
        "target": target.name, "config": config, "chunk": chunk, "seed": result.seed, "index": result.index,
        "seats": list(result.seats), "winners": list(result.winners),
        "teams": None if result.teams is None else list(result.teams),
        "plies": result.plies, "reason": result.reason, "limit": result.limit,
        "decisions": list(result.decisions), "cpu": [round(c, 3) for c in result.cpu],
        "slowest": [round(c, 3) for c in result.slowest],
    }


def games_of(stored: list[dict[str, Any]], target: Target, config: dict[str, Any]) -> list[dict[str, Any]]:
    key = store.config_key(config)
    return [g for g in stored if g["target"] == target.name and store.config_key(g["config"]) == key]


def play_chunks(target: Target, stored: list[dict[str, Any]], games: int,
                keep: Callable[[dict[str, Any]], None], more: Callable[[], bool] = lambda: True,
                shard: tuple[int, int] = (0, 1)) -> int:
    """Play chunks of ``target`` until its configuration holds ``games`` games or ``more()`` says
    stop; ``keep`` gets each finished game's line. Returns the games played. Ctrl-C keeps the
    games of the chunk under way that finished and re-raises.

    Chunk ``k`` is the deal of seed ``SEED_BASE + k``; the chunks played are the lowest ones not
    stored yet. ``shard=(i, n)`` plays only chunks with ``k % n == i``, so ``n`` runners on
    one results file share a target without playing a deal twice."""
    index, count = shard
    if not 0 <= index < count:
        raise ValueError(f"shard {index} of {count}: the index must be from 0 to {count - 1}")
    config = configuration(target)
    mine = games_of(stored, target, config)
    done = {g["chunk"] for g in mine}
    chunks = (k for k in itertools.count(index, count) if k not in done)
    played = 0
    while len(mine) + played < games and more():
        chunk = next(chunks)
        try:
            results = run_arena(target.game, target.seats, games_a_chunk(target), seed=SEED_BASE + chunk,
                                options=dict(target.options))
        except Interrupted as stop:
            for result in stop.results:
                keep(record(target, config, chunk, result))
            raise
        for result in results:
            keep(record(target, config, chunk, result))
        played += len(results)
    return played


@dataclass
class Verdict:
    """Where a target stands: its share (or ratio) with the interval, and whether it is met."""

    target: Target
    games: int
    wins: int
    trials: int
    value: float
    low: float
    high: float
    cpu_per_decision: float
    slowest: float
    baseline: tuple[int, int] | None = None

    @property
    def enough(self) -> bool:
        return self.games >= self.target.games

    @property
    def met(self) -> bool:
        return self.enough and self.cpu_per_decision <= SECONDS_PER_MOVE and (
            self.low >= self.target.bar if self.target.kind == "seat" else self.low > self.target.bar)

    def to_dict(self) -> dict[str, Any]:
        out = {"target": self.target.name, "kind": self.target.kind, "bar": self.target.bar, "games": self.games,
               "wins": self.wins, "trials": self.trials, "value": round(self.value, 4),
               "ci95": [round(self.low, 4), round(self.high, 4)],
               "cpu_seconds_per_decision": round(self.cpu_per_decision, 3), "slowest_decision": round(self.slowest, 3),
               "enough_games": self.enough, "met": self.met}
        if self.baseline is not None:
            out["baseline"] = {"wins": self.baseline[0], "seats": self.baseline[1]}
        return out


def judge(target: Target, games: list[dict[str, Any]], baseline: list[dict[str, Any]] | None = None) -> Verdict:
    """The verdict on ``target`` from its stored games (and, for a seat target, its baseline's)."""
    wins = trials = decisions = 0
    cpu = slowest = 0.0
    for g in games:
        held = [s for s, spec in enumerate(g["seats"]) if spec.startswith("ismcts")]
        if target.kind == "team":
            trials += 1
            wins += any(s in g["winners"] for s in held)
        else:
            trials += len(held)
            wins += sum(s in g["winners"] for s in held)
        decisions += sum(g["decisions"][s] for s in held)
        cpu += sum(g["cpu"][s] for s in held)
        slowest = max([slowest, *(g["slowest"][s] for s in held)])
    per_decision = cpu / decisions if decisions else 0.0
    if target.kind != "seat":
        low, high = wilson(wins, trials)
        return Verdict(target, len(games), wins, trials, wins / trials if trials else 0.0, low, high,
                       per_decision, slowest)
    base_wins = sum(len(g["winners"]) for g in baseline or ())
    base_seats = sum(len(g["seats"]) for g in baseline or ())
    value, low, high = rate_ratio(wins, trials, base_wins, base_seats)
    return Verdict(target, len(games), wins, trials, value, low, high, per_decision, slowest, (base_wins, base_seats))


def rate_ratio(wins: int, trials: int, base_wins: int, base_trials: int, z: float = Z95) -> tuple[float, float, float]:
    """The ratio of two win shares with Katz's 95 % log interval; ``(0, 0, inf)`` without data.

    With no wins on one side, half a game is added to every cell (wins and losses of both)."""
    if not trials or not base_trials:
        return 0.0, 0.0, float("inf")
    a, b = float(wins), float(base_wins)
    if a == 0 or b == 0:
        a, b = a + 0.5, b + 0.5
        trials, base_trials = trials + 1, base_trials + 1
    ratio = (a / trials) / (b / base_trials)
    spread = z * sqrt(1 / a - 1 / trials + 1 / b - 1 / base_trials)
    return ratio, exp(log(ratio) - spread), exp(log(ratio) + spread)


def verdicts(stored: list[dict[str, Any]], names: Iterable[str] | None = None) -> list[Verdict]:
    """Each named target (default: every target but the baselines) judged on today's configuration."""
    out = []
    for name in names or [n for n, t in TARGETS.items() if t.kind != "baseline"]:
        target = TARGETS[name]
        games = games_of(stored, target, configuration(target))
        baseline = None
        if target.baseline:
            base = TARGETS[target.baseline]
            baseline = games_of(stored, base, configuration(base))
        out.append(judge(target, games, baseline))
    return out
