"""The lobby's side of the hall: the entry of a finished game read from storage, and the limits
on new games, counted over the entries of the unfinished ones (:meth:`.roster.Roster.entries`)."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Game
from realpolitik.i18n import LANGUAGES, render, t

from . import lessons, ratings
from .quota import Limits, Rates
from .refusals import Refusal
from .store import Damaged, StoredGame
from .table import HUMAN, seat_titles


def check_room(entries: list[dict[str, Any]], creators: dict[str, str], rates: Rates, limits: Limits,
               kinds: list[str], client: str) -> None:
    """Refuse a new game with seats of ``kinds`` past the server's or this client's limits, given
    the unfinished games' ``entries`` and who created them (``creators``, by game id)."""
    if not rates.hit("creates", client):
        raise Refusal("limit", t("Too many new games from your address; wait a while before creating another."))
    if HUMAN in kinds:
        status, total, mine = "open", limits.open_games, limits.open_games_per_client
        what = t("games waiting for players")
    else:
        status, total, mine = "running", limits.bot_games, limits.bot_games_per_client
        what = t("games of bots only running")
    counted = [e for e in entries if e["status"] == status and (HUMAN in kinds or not _has_human(e))]
    if len(counted) >= total:
        raise Refusal("limit", t("The server has {count} {what}, its limit; try again later.",
                                 count=len(counted), what=what))
    if sum(creators.get(e["id"]) == client for e in counted) >= mine:
        raise Refusal("limit", t("You have {count} {what} already, the most one address may have.",
                                 count=mine, what=what))


def finished_entry(games: dict[str, Game], stored: StoredGame | Damaged) -> dict[str, Any] | None:
    """The lobby entry of a finished game; ``None`` for one that cannot be read."""
    game = None if isinstance(stored, Damaged) else games.get(stored.game)
    if game is None or not game.min_players <= len(stored.seats) <= game.max_players:
        return None
    labels, titles = game.seat_labels(len(stored.seats)), seat_titles(game, len(stored.seats))
    result = stored.result or {}
    return {
        "id": stored.id, "game": stored.game, "title": game.title, "status": "finished",
        "created": stored.created.isoformat(), "lobby_join": stored.lobby_join, "lesson": lessons.is_lesson(stored),
        "players": [{"seat": labels[s.seat], "title": titles[s.seat], "kind": lessons.spec_of(s.kind),
                     "name": s.name, "joined": True, "online": False} for s in stored.seats],
        "ply": result.get("plies"), "to_act": None, "outcome": result.get("outcome"), "rated": stored.rated,
        "hints": stored.hints,
        **({"rating": {lang: render(said, lang) for lang in LANGUAGES}}
           if (said := ratings.words(stored.result)) is not None else {}),
    }


def _has_human(entry: dict[str, Any]) -> bool:
    return any(p["kind"] == HUMAN for p in entry["players"])
