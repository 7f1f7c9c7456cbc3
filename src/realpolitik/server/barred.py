"""Accounts barred from play: removed or banned by the operators (``realpolitik admin act``).

A barred account plays no more. The operator's command changes only the account — its
removal (:mod:`.removal`) or its sanction —, never a game behind a running server's back;
the running server does the rest through its live tables, on every sweep (:mod:`.sweeper`, every
few seconds, and so right after it starts): each seat such an account holds in a running
game is resigned (:meth:`.table.Table.resign`: the stand-in bot plays it to the end, and the
result counts it as resigned), and each tournament it plays in withdraws it
(:meth:`.tournaments.runner.Tournaments.advance`). Lifting a ban later gives nothing back.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from sqlalchemy import or_, select

from .social_store import sanctions
from .store import StorageBusy, Store, games, seats, users
from .table import HUMAN, Refusal

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("realpolitik.server")


def barred_seats(store: Store) -> list[tuple[str, int]]:
    """The seats of removed or banned accounts in running games that they have not resigned: (game, seat)."""
    banned = select(sanctions.c.user_id).where(sanctions.c.banned.is_(True))
    removed = select(users.c.id).where(users.c.removed.is_not(None))
    with store.engine.connect() as conn:
        rows = conn.execute(select(seats.c.game_id, seats.c.seat).join(games, games.c.id == seats.c.game_id).where(
            games.c.status == "running", seats.c.kind == HUMAN,
            or_(seats.c.user_id.in_(banned), seats.c.user_id.in_(removed)),
            or_(seats.c.away.is_(None), seats.c.away != "resigned"))).all()
    return [(game_id, seat) for game_id, seat in rows]


async def hand_over(store: Store, table_of: Callable[[str], Awaitable[Table | None]]) -> None:
    """Resign every seat of a barred account in a running game through its table, loaded by
    ``table_of`` (:meth:`.roster.Roster.table`; the stand-in plays it on); what fails now is tried
    again on the next sweep."""
    try:
        found = await store.in_thread(barred_seats, store)
    except StorageBusy as exc:
        log.warning("seats of barred accounts put off: %s", exc)
        return
    except Exception:  # the sweep goes on whatever happens here
        log.exception("the seats of barred accounts could not be looked up; the next sweep tries again")
        return
    for game_id, seat in found:
        try:
            table = await table_of(game_id)
            if table is not None:
                await table.away.resign(seat)
                log.info("game %s: seat %d of a barred account goes to the stand-in", game_id, seat)
        except (Refusal, StorageBusy) as exc:  # ended, or resigned through another process meanwhile; busy
            log.info("game %s: seat %d of a barred account not handed over now (%s)", game_id, seat, exc)
        except Exception:
            log.exception("game %s: seat %d of a barred account could not be handed over; the next sweep tries "
                          "again", game_id, seat)
