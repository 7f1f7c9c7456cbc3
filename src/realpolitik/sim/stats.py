"""Arena statistics: Wilson intervals and the per-bot summary of finished games."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import sqrt

#: two-sided 95 % normal quantile
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``(0, 1)`` without trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal-approximation 95 % interval of the mean: ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * sqrt(var / n)
    return mean, mean - half, mean + half


#: the fields of a :class:`GameResult` that depend on the machine rather than the game
TIMINGS = frozenset({"think", "cpu", "slowest"})


@dataclass(frozen=True)
class GameResult:
    """One finished arena game, as plain data (it crosses process boundaries)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    rewards: tuple[float, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[float, ...] | None
    plies: int
    limit: bool
    reason: str
    decisions: tuple[int, ...] = ()
    think: tuple[float, ...] = ()
    actions: tuple[str, ...] = ()
    #: the team of each seat in a team game (``Outcome.teams``), else None
    teams: tuple[int, ...] | None = None
    #: per seat: the CPU seconds its bot spent choosing, and the most one decision took
    cpu: tuple[float, ...] = ()
    slowest: tuple[float, ...] = ()


@dataclass
class BotSummary:
    """Everything the arena says about one bot spec over all seats it held."""

    bot: str
    seats: int = 0
    wins: int = 0
    reward: float = 0.0
    points: list[float] = field(default_factory=list)
    decisions: int = 0
    think: float = 0.0
    cpu: float = 0.0
    slowest: float = 0.0
    #: games in which this spec held every seat of a team, and those its team won
    team_games: int = 0
    team_wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    def to_dict(self) -> dict:
        out = {
            "seats": self.seats, "wins": self.wins, **_rate(self.wins, self.seats),
            "mean_reward": round(self.reward / max(self.seats, 1), 4),
            "decisions": self.decisions,
            "seconds_per_decision": round(self.think / self.decisions, 4) if self.decisions else 0.0,
        }
        if self.cpu:
            out["cpu_seconds_per_decision"] = round(self.cpu / self.decisions, 4)
            out["slowest_decision_cpu_seconds"] = round(self.slowest, 4)
        if self.points:
            mean, lo, hi = mean_interval(self.points)
            out["points"] = {"mean": round(mean, 3), "ci95": [round(lo, 3), round(hi, 3)]}
        if self.team_games:
            out["team_games"] = {"games": self.team_games, "wins": self.team_wins,
                                 **_rate(self.team_wins, self.team_games)}
        return out


def _rate(wins: int, trials: int) -> dict:
    """A win share and its 95 % Wilson interval, rounded for JSON."""
    low, high = wilson(wins, trials)
    return {"win_rate": round(wins / trials, 4) if trials else 0.0, "ci95": [round(low, 4), round(high, 4)]}


@dataclass
class Summary:
    """Per bot spec and for the whole arena: games, lengths, limits, games without a winner.

    In a team game ``teams`` is the seats' team layout and ``mixed_teams`` counts the games
    in which one team's seats held different bot specs (their win rates then mix teams).
    """

    game: str
    players: int
    bots: dict[str, BotSummary]
    games: int
    plies: int
    limited: int
    no_winner: int
    teams: tuple[int, ...] | None = None
    mixed_teams: int = 0

    @property
    def average_length(self) -> float:
        return self.plies / self.games if self.games else 0.0

    def to_dict(self) -> dict:
        out = {
            "game": self.game, "players": self.players, "games": self.games,
            "average_length": round(self.average_length, 2), "limit_games": self.limited,
            "no_winner_games": self.no_winner,
            "bots": {name: s.to_dict() for name, s in self.bots.items()},
        }
        if self.teams is not None:
            out["teams"] = list(self.teams)
            out["mixed_team_games"] = self.mixed_teams
        return out


def summarise(game: str, players: int, results: Iterable[GameResult]) -> Summary:
    """Fold finished games into win rates, rewards and points per bot spec."""
    bots: dict[str, BotSummary] = {}
    games = plies = limited = no_winner = mixed = 0
    teams = None
    for r in results:
        games += 1
        plies += r.plies
        limited += r.limit
        no_winner += not r.winners
        for seat, spec in enumerate(r.seats):
            s = bots.setdefault(spec, BotSummary(spec))
            s.seats += 1
            s.wins += seat in r.winners
            s.reward += r.rewards[seat]
            if r.points is not None:
                s.points.append(r.points[seat])
            if r.decisions:
                s.decisions += r.decisions[seat]
                s.think += r.think[seat]
            if r.cpu:
                s.cpu += r.cpu[seat]
                s.slowest = max(s.slowest, r.slowest[seat])
        if r.teams is not None:
            teams = r.teams
            mixed += _count_teams(r, bots)
    return Summary(game, players, bots, games, plies, limited, no_winner, teams, mixed)


def _count_teams(r: GameResult, bots: dict[str, BotSummary]) -> bool:
    """Credit each team held by one spec with a team game (and its win); whether a team was mixed."""
    mixed = False
    for team in set(r.teams):
        members = [s for s, t in enumerate(r.teams) if t == team]
        specs = {r.seats[s] for s in members}
        if len(specs) > 1:
            mixed = True
            continue
        b = bots[specs.pop()]
        b.team_games += 1
        b.team_wins += any(s in r.winners for s in members)
    return mixed
