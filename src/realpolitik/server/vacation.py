"""Vacation: days an account banks each year, during which its correspondence clocks stand still.

Every account has ``Settings.vacation_days`` days a calendar year (UTC; the operator's
``--vacation-days``, 0 turns vacation off). A vacation is an interval ``[starts, ends)``;
it costs its length in days, rounded up, charged to the year it starts in — so the bank
fills again on the first of January. It can be taken ahead (from one day to another, or
for some days from now), ended early (the days not begun come back) or cancelled before
it starts. When the clock of a seat bound to the account runs out and days are left, a
day of vacation starts by itself instead (:func:`cover`, from :mod:`.timekeeper`).

While its holder is on vacation a correspondence clock does not run (:mod:`.pauses`);
live clocks do not stop. Vacations of two accounts never matter to each other; one
account's vacations never overlap.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    Table,
    delete,
    false,
    insert,
    select,
    update,
)

from realpolitik.i18n import Text, t, tn

from .pauses import Interval
from .store import Store, _utc, metadata, users

if TYPE_CHECKING:
    from .table import Table as LiveTable  # sqlalchemy's Table is this module's other one

DAY = timedelta(days=1)
#: how far ahead a vacation may be planned
AHEAD = timedelta(days=400)

vacations = Table(
    "vacations", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("starts", DateTime(timezone=True), nullable=False),
    Column("ends", DateTime(timezone=True), nullable=False),
    # started by itself when a clock ran out (a day), not taken by its player
    Column("auto", Boolean, nullable=False, server_default=false()),
    CheckConstraint("ends > starts", name="ck_vacations_span"),
)


class Refused(Exception):
    """A vacation the bank or the calendar does not allow: a code and the reason in words."""

    def __init__(self, code: str, message: Text) -> None:
        super().__init__(code, message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class Vacation:
    """One vacation of an account: ``[starts, ends)``; ``auto``: started by a clock that ran out."""

    id: int
    starts: datetime
    ends: datetime
    auto: bool = False

    @property
    def days(self) -> int:
        """What it costs: its length in days, rounded up."""
        return days_between(self.starts, self.ends)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "starts": self.starts.isoformat(), "ends": self.ends.isoformat(), "days": self.days,
                "auto": self.auto}


def days_between(starts: datetime, ends: datetime) -> int:
    """The days a vacation from ``starts`` to ``ends`` costs: its length, rounded up."""
    return max(0, math.ceil((ends - starts).total_seconds() / DAY.total_seconds() - 1e-9))


def used_in(taken: list[Vacation], year: int) -> int:
    """Days charged to ``year``: those of the vacations that start in it."""
    return sum(v.days for v in taken if v.starts.year == year)


def span(first: date, last: date, moment: datetime) -> Interval:
    """The vacation of the days ``first`` to ``last`` (UTC, both included); today's starts now."""
    starts = max(moment, datetime.combine(first, time(), UTC))
    return starts, datetime.combine(last + DAY, time(), UTC)


# ---------------------------------------------------------------------- storage (blocking: Store.in_thread)


def _row(r) -> Vacation:
    return Vacation(r.id, _utc(r.starts), _utc(r.ends), bool(r.auto))


def of_account(store: Store, user_id: int, since: datetime) -> list[Vacation]:
    """An account's vacations that end after ``since``, earliest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(vacations).where(vacations.c.user_id == user_id, vacations.c.ends > since)
                            .order_by(vacations.c.starts)).all()
    return [_row(r) for r in rows]


def stops_of(store: Store, user_ids: list[int], since: datetime) -> dict[int, tuple[Interval, ...]]:
    """The vacations of each account that end after ``since``: when its clocks stand still."""
    out: dict[int, list[Interval]] = {u: [] for u in user_ids}
    if not user_ids:
        return {}
    with store.engine.connect() as conn:
        for r in conn.execute(select(vacations.c.user_id, vacations.c.starts, vacations.c.ends)
                              .where(vacations.c.user_id.in_(user_ids), vacations.c.ends > since)):
            out[r.user_id].append((_utc(r.starts), _utc(r.ends)))
    return {u: tuple(sorted(stops)) for u, stops in out.items()}


def _lock_account(conn, user_id: int) -> None:
    """Take an account's vacations one change at a time (its row locked until the transaction ends)."""
    conn.execute(select(users.c.id).where(users.c.id == user_id).with_for_update())


def _charged(conn, user_id: int, year: int) -> int:
    rows = conn.execute(select(vacations).where(vacations.c.user_id == user_id)).all()
    return used_in([_row(r) for r in rows], year)


def take(store: Store, user_id: int, starts: datetime, ends: datetime, allowance: int, auto: bool = False) -> Vacation:
    """Store a vacation of the account, in one transaction with its checks: it does not overlap
    another, and the days it costs are left in the bank of the year it starts. Refused in words."""
    cost = days_between(starts, ends)
    with store.engine.begin() as conn:
        _lock_account(conn, user_id)
        overlap = conn.execute(select(vacations.c.id).where(
            vacations.c.user_id == user_id, vacations.c.starts < ends, vacations.c.ends > starts)).first()
        if overlap is not None:
            raise Refused("vacation-overlap", t("You are on vacation then already; end or cancel that vacation first."))
        left = allowance - _charged(conn, user_id, starts.year)
        if cost > left:
            raise Refused("vacation-bank", tn("That vacation takes {days} day; you have {left} left in {year}.",
                                              "That vacation takes {days} days; you have {left} left in {year}.",
                                              "days", days=cost, left=max(0, left), year=starts.year))
        number = conn.execute(insert(vacations).values(user_id=user_id, starts=starts, ends=ends, auto=auto)
                              ).inserted_primary_key[0]
    return Vacation(number, starts, ends, auto)


def end(store: Store, user_id: int, vacation_id: int, moment: datetime) -> bool:
    """End an account's vacation at ``moment`` (one not begun yet is cancelled); false if it has
    no such vacation going on or ahead."""
    mine = [vacations.c.id == vacation_id, vacations.c.user_id == user_id, vacations.c.ends > moment]
    with store.engine.begin() as conn:
        _lock_account(conn, user_id)
        if conn.execute(delete(vacations).where(*mine, vacations.c.starts >= moment)).rowcount == 1:
            return True
        return conn.execute(update(vacations).where(*mine).values(ends=moment)).rowcount == 1


def cover(store: Store, user_id: int, moment: datetime, allowance: int) -> Vacation | None:
    """A clock of the account ran out at ``moment``: a day of vacation starts by itself if one is
    left in this year's bank (shortened to end where a planned vacation begins); ``None`` if not."""
    with store.engine.connect() as conn:
        following = conn.execute(select(vacations.c.starts).where(
            vacations.c.user_id == user_id, vacations.c.ends > moment).order_by(vacations.c.starts)).first()
    ends = moment + DAY if following is None else min(moment + DAY, _utc(following.starts))
    if ends <= moment:
        return None  # on vacation already: the clock stands still, nothing ran out
    try:
        return take(store, user_id, moment, ends, allowance, auto=True)
    except Refused:
        return None


# ---------------------------------------------------------------------- the server's side


def bank(taken: list[Vacation], allowance: int, moment: datetime) -> dict[str, Any]:
    """An account's vacation as its page shows it: days a year, used and left this year, the
    vacations going on or ahead, and whether it is on vacation now."""
    used = used_in(taken, moment.year)
    return {"days_per_year": allowance, "year": moment.year, "used": used, "left": max(0, allowance - used),
            "now": any(v.starts <= moment < v.ends for v in taken), "vacations": [v.to_json() for v in taken]}


async def changed(tables: Iterable[LiveTable], user_id: int) -> None:
    """An account's vacations changed: the clocks of its seats in ``tables``, this process's live
    games, follow."""
    for table in list(tables):
        if any(s.user_id == user_id for s in table.stored.seats) and table.timekeeper.clock is not None:
            await table.timekeeper.refresh()
            table.bots.kick()
            table.audience.broadcast()
