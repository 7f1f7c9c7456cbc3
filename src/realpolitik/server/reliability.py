"""Reliability: how an account's games ended, the terms a creator sets, and the cap on
correspondence games.

An account's figures count its seats in finished games: played to the end by the person,
*abandoned* (the person resigned and the stand-in played on) or *lost on time* (the
clock ran out and the stand-in still played the seat at the end: its person did not take
it back, or could not after its third time-out). A creator may ask players who
join from the lobby for at most a share of games lost on time and at least a share played
to the end (``games.terms``); an account without finished games meets any terms, a guest
none (it has no figures). Whoever joins a game with a correspondence clock — from the
lobby or by invitation — is refused while bound to ``Limits.correspondence_games``
unfinished correspondence games already.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import Text, func, select, type_coerce

from realpolitik.i18n import t

from .store import StorageBusy, Store, _json, games, seats
from .table import Refusal, busy

if TYPE_CHECKING:
    from .table import Table


def figures(store: Store, user_id: int) -> dict[str, Any]:
    """An account's finished games (its seats in them): how many, played to the end, abandoned,
    lost on time, and the shares in per cent (``None`` without games)."""
    query = (select(seats.c.away, func.count()).join(games, games.c.id == seats.c.game_id)
             .where(seats.c.user_id == user_id, games.c.status == "finished").group_by(seats.c.away))
    with store.engine.connect() as conn:
        counts = {away: n for away, n in conn.execute(query)}
    ended = sum(counts.values())
    lost, abandoned = counts.get("timeout", 0), counts.get("resigned", 0)
    played = ended - lost - abandoned

    def share(n: int) -> int | None:
        return None if not ended else round(100 * n / ended)

    return {"ended": ended, "finished": played, "abandoned": abandoned, "lost_on_time": lost,
            "finished_share": share(played), "lost_on_time_share": share(lost)}


def by_mail_games(store: Store, user_id: int) -> int:
    """How many unfinished games with a correspondence clock the account holds a seat in."""
    query = (select(games.c.id, type_coerce(games.c.clock, Text)).join(seats, seats.c.game_id == games.c.id)
             .where(seats.c.user_id == user_id, games.c.status != "finished", games.c.clock.is_not(None)))
    with store.engine.connect() as conn:
        clocks = dict(conn.execute(query).all())  # one per game, however many of its seats the account holds
    count = 0
    for clock in clocks.values():
        try:
            data = _json(clock)
        except (ValueError, RecursionError):
            continue
        count += isinstance(data, dict) and data.get("kind") == "correspondence"
    return count


def shortfall(found: dict[str, Any], terms: dict[str, Any]) -> Any:
    """Why an account's figures do not meet a game's terms, in words; ``None`` when they do."""
    most, least = terms.get("most_lost_on_time"), terms.get("least_finished")
    if not found["ended"]:
        return None
    if isinstance(most, int) and found["lost_on_time_share"] > most:
        return t("This game takes players who lost at most {most} % of their games on time; you lost {share} %.",
                 most=most, share=found["lost_on_time_share"])
    if isinstance(least, int) and found["finished_share"] < least:
        return t("This game takes players who played at least {least} % of their games to the end; you played "
                 "{share} %.", least=least, share=found["finished_share"])
    return None


async def admit(table: Table, user_id: int | None, lobby: bool, store: Store, most: int) -> None:
    """Refuse a player who may not join ``table``: from the lobby (``lobby``), below the game's
    terms or a guest where it has terms; by any way, at the cap of ``most`` correspondence games
    (their records read from ``store``)."""
    terms = table.stored.terms or {}
    asks = any(isinstance(terms.get(k), int) for k in ("most_lost_on_time", "least_finished"))
    by_mail = table.timekeeper.by_mail
    if user_id is None:
        if lobby and asks:
            raise Refusal("signed-out", t("This game asks for its players' record of finished games; log in to "
                                          "join it."))
        return
    if not (by_mail or (lobby and asks)):
        return
    try:
        if lobby and asks:
            said = shortfall(await store.in_thread(figures, store, user_id), terms)
            if said is not None:
                raise Refusal("unreliable", said)
        if by_mail and await store.in_thread(by_mail_games, store, user_id) >= most:
            raise Refusal("limit", t("You play {count} correspondence games already, the most one account may; "
                                     "finish one first.", count=most))
    except StorageBusy:
        raise busy() from None


def terms_of(body_terms: Any) -> dict[str, Any] | None:
    """The stored form of a creator's terms (``protocol.Terms``); ``None`` when it asks nothing."""
    if body_terms is None:
        return None
    asked = {k: v for k, v in body_terms.model_dump().items() if v is not None}
    return asked or None
