"""Standings of a tournament: points per game, totals and tie-breaks.

A game gives each seat a share of one point by its place: a point for every opponent it
finished ahead of, half for every opponent it tied, divided by its opponents — a win is
1, a draw ½, a loss 0 in a two-seat game; in a game of four, the places earn 1, ⅔, ⅓ and
0. Partners (team games) are not opponents and share their team's place. A rest (a bye)
earns ``bye_points``: a win in a Swiss tournament, nothing in a round robin (where every
player rests as often).

Ties in the total are broken by

- **Sonneborn–Berger** (round robin): for each game, what the player scored against each
  opponent (1, ½ or 0) times that opponent's total, averaged over its opponents;
- **Buchholz** (Swiss): for each game, its opponents' mean total;

then by the number of wins, then by seeding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Finish:
    """A finished game: its players in seat order, each seat's place (1 = best) and team."""

    players: tuple[int, ...]
    places: tuple[int, ...]
    teams: tuple[int, ...] | None = None

    def team(self, seat: int) -> int:
        return seat if self.teams is None else self.teams[seat]

    def against(self, seat: int, other: int) -> float | None:
        """What ``seat`` scored against ``other`` (1, ½, 0); ``None`` for itself or a partner."""
        if self.team(seat) == self.team(other):
            return None
        mine, theirs = self.places[seat], self.places[other]
        return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0

    def opponents(self, seat: int) -> list[int]:
        return [o for o in range(len(self.players)) if self.against(seat, o) is not None]

    def points(self, seat: int) -> float:
        """The seat's share of the game's point (see the module)."""
        scores = [self.against(seat, o) for o in self.opponents(seat)]
        return sum(scores) / len(scores) if scores else 0.0


@dataclass
class Standing:
    """One player's line: total points, tie-break, games, wins, rests."""

    player: int
    points: float = 0.0
    tiebreak: float = 0.0
    games: int = 0
    wins: int = 0
    rests: int = 0
    played: list[tuple[Finish, int]] = field(default_factory=list)


def standings(players: Sequence[int], finishes: Sequence[Finish], rests: Sequence[int], tiebreak: str,
              bye_points: float) -> list[Standing]:
    """Every player's standing, the best first. ``players`` are in seeding order; ``rests``
    names a player once for each rest; ``tiebreak`` is ``sonneborn-berger`` or ``buchholz``."""
    table = {p: Standing(p) for p in players}
    for finish in finishes:
        for seat, player in enumerate(finish.players):
            line = table[player]
            scored = finish.points(seat)
            line.points += scored
            line.games += 1
            line.wins += scored == 1.0
            line.played.append((finish, seat))
    for player in rests:
        table[player].points += bye_points
        table[player].rests += 1
    for line in table.values():
        line.tiebreak = sum(_tiebreak(finish, seat, table, tiebreak) for finish, seat in line.played)
    seeding = {p: i for i, p in enumerate(players)}
    return sorted(table.values(), key=lambda s: (-s.points, -s.tiebreak, -s.wins, seeding[s.player]))


def _tiebreak(finish: Finish, seat: int, table: dict[int, Standing], kind: str) -> float:
    opponents = finish.opponents(seat)
    if not opponents:
        return 0.0
    if kind == "sonneborn-berger":
        return sum(finish.against(seat, o) * table[finish.players[o]].points for o in opponents) / len(opponents)
    return sum(table[finish.players[o]].points for o in opponents) / len(opponents)
