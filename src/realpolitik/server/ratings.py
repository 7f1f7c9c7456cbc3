"""Ratings: openskill's Plackett–Luce model, one rating per player and game title.

A game created as rated counts when it ends if every seat is an account or a bot kind
(bots are rated as their kind: "heuristic", "ismcts" …); a guest's seat, or an account
holding two seats, leaves it unrated, and its result says why. Places come from the
game's stored outcome (ties share a place), where a seat whose player resigned or lost on
time ranks below the others (:mod:`.results`). In the team
games (``Game.teams``) partners form one team of the model and share its update. Each
game is rated once — the ratings table holds its rows, and a second attempt finds them.
The newest row of a player and title is the current rating; the rows are its history. A
bot kind in several seats is one player: each seat is rated apart, and the kind moves by
the mean of its seats' updates (its μ gains nothing by playing itself).
"""

from __future__ import annotations

import logging
from statistics import fmean
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce, PlackettLuceRating

from realpolitik.i18n import Text, t

from .store import Store, StoredGame

if TYPE_CHECKING:
    from realpolitik.engine import Game

log = logging.getLogger("realpolitik.server")

MODEL = PlackettLuce()
HUMAN = "human"

#: a rated player: an account (user id, None) or a bot kind (None, kind)
Player = tuple[int | None, str | None]

#: why a rated game did not count, by the key its result keeps
UNRATED = {"guest": t("not rated: a seat had no account"),
           "shared": t("not rated: one account held several seats")}


def verdict(stored: StoredGame) -> str | None:
    """How a finished rated game counts: ``counted``, or the key of why not; ``None`` when the
    game was not created as rated."""
    if not stored.rated:
        return None
    accounts = [s.user_id for s in stored.seats if s.kind == HUMAN]
    if None in accounts:
        return "guest"
    if len(set(accounts)) < len(accounts):
        return "shared"
    return "counted"


def words(result: dict[str, Any] | None) -> Text | None:
    """What a finished game's result says about its rating, in words (``None``: nothing to say)."""
    key = (result or {}).get("rating")
    return UNRATED.get(key) if key != "counted" else t("rated")


def seat_places(labels: tuple[str, ...], result: dict[str, Any] | None) -> list[int]:
    """Each seat's place (1 = best) in a finished game's stored ``result`` (forfeits counted there)."""
    outcome = (result or {}).get("outcome") or {}
    return [int(outcome.get("places", {}).get(label, 1)) for label in labels]


def _rating(current: tuple[float, float] | None) -> PlackettLuceRating:
    """A new rating object (one per seat: the model changes them) from (mu, sigma) or the default."""
    return MODEL.rating() if current is None else MODEL.rating(mu=current[0], sigma=current[1])


def _update(teams: tuple[int, ...], places: list[int], who: list[Player], players: list[Player],
            current: list[tuple[float, float] | None]) -> list[tuple[float, float]]:
    """The new (mu, sigma) of each of ``players`` from their ``current`` ratings (``None``: the
    model's default): every seat rated as a player of its team, ranked by its team's best place."""
    now = dict(zip(players, current, strict=True))
    members = [[s for s in range(len(teams)) if teams[s] == team] for team in sorted(set(teams))]
    ranks = [min(places[s] for s in seats) for seats in members]
    start = [[_rating(now[who[s]]) for s in seats] for seats in members]
    rated = MODEL.rate(start, ranks=ranks)
    after = {s: new for seats, team in zip(members, rated, strict=True) for s, new in zip(seats, team, strict=True)}
    return [(fmean(after[s].mu for s in after if who[s] == p), fmean(after[s].sigma for s in after if who[s] == p))
            for p in players]


async def rate(store: Store, games: dict[str, Game], stored: StoredGame) -> None:
    """Update the ratings of a finished game's players, if it counts (errors are logged: a
    rating never delays or fails the end of a game)."""
    try:
        if verdict(stored) != "counted":
            return
        game = games[stored.game]
        who: list[Player] = [(s.user_id, None) if s.kind == HUMAN else (None, s.kind) for s in stored.seats]
        players = list(dict.fromkeys(who))
        teams = game.teams(len(stored.seats)) or tuple(range(len(stored.seats)))
        places = seat_places(game.seat_labels(len(stored.seats)), stored.result)
        if await store.in_thread(store.rate_game, game.id, stored.id, players,
                                 lambda current: _update(teams, places, who, players, current)):
            log.info("game %s: ratings updated for %d players", stored.id, len(players))
    except Exception:
        log.exception("game %s: the ratings could not be updated", stored.id)


async def catch_up(store: Store, games: dict[str, Game]) -> None:
    """Rate the finished games whose rating was cut off (the server stopped before it ran)."""
    try:
        for game_id in await store.in_thread(store.unrated_games):
            stored = await store.in_thread(store.load, game_id)
            if isinstance(stored, StoredGame) and stored.game in games:
                await rate(store, games, stored)
    except Exception:
        log.exception("the ratings of finished games could not be caught up")
