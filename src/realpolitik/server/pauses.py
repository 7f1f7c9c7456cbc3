"""When a correspondence clock stands still: its holder's vacations and, if the game's creator
chose it, weekends.

A seat's time runs from the moment its turn began (``games.turn_since``) except during a
*pause*: an interval in which its holder is on vacation (:mod:`.vacation`), or a Saturday or
Sunday of a game with the weekend pause. Weekends are counted in UTC — Saturday 00:00 to
Monday 00:00 UTC — the same for every player of a game wherever they live. Both functions
here are pure: the moments come from the caller, so tests control time exactly.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta

Interval = tuple[datetime, datetime]

WEEK = timedelta(days=7)


def weekends(start: datetime) -> Iterator[Interval]:
    """Every weekend (Saturday 00:00 to Monday 00:00 UTC) that ends after ``start``, in order."""
    monday = (start - timedelta(days=start.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    saturday = monday + timedelta(days=5)
    while True:
        yield saturday, saturday + timedelta(days=2)
        saturday += WEEK


def pauses(since: datetime, stops: Iterable[Interval], weekend: bool) -> Iterator[Interval]:
    """The pauses that end after ``since``, in order, overlapping ones merged: the ``stops``
    (vacations) and, with ``weekend``, every weekend (an endless series)."""
    ordered = sorted((a, b) for a, b in stops if b > since and b > a)
    series = heapq.merge(ordered, weekends(since)) if weekend else iter(ordered)
    current: Interval | None = None
    for a, b in series:
        if current is not None and a <= current[1]:
            current = (current[0], max(current[1], b))
            continue
        if current is not None:
            yield current
        current = (a, b)
    if current is not None:
        yield current


def running_seconds(since: datetime, until: datetime, stops: Iterable[Interval] = (), weekend: bool = False) -> float:
    """Seconds a clock ran from ``since`` to ``until``: the time between, less every pause."""
    if until <= since:
        return 0.0
    ran = (until - since).total_seconds()
    for a, b in pauses(since, stops, weekend):
        if a >= until:
            break
        ran -= (min(b, until) - max(a, since)).total_seconds()
    return max(0.0, ran)


def runs_out_at(since: datetime, seconds: float, stops: Iterable[Interval] = (), weekend: bool = False) -> datetime:
    """The moment a clock that runs from ``since`` with ``seconds`` left reaches zero."""
    cursor, left = since, max(0.0, seconds)
    for a, b in pauses(since, stops, weekend):
        run = max(0.0, (a - cursor).total_seconds())
        if run >= left:
            break
        left -= run
        cursor = max(cursor, b)
    return cursor + timedelta(seconds=left)


def resumes_at(moment: datetime, stops: Iterable[Interval] = (), weekend: bool = False) -> datetime:
    """When a clock that stands still at ``moment`` runs again (``moment`` itself if it runs)."""
    for a, b in pauses(moment, stops, weekend):
        return b if a <= moment else moment
    return moment


def paused_at(moment: datetime, stops: Iterable[Interval] = (), weekend: bool = False) -> str | None:
    """Why a clock stands still at ``moment``: ``vacation``, ``weekend`` or ``None`` (it runs)."""
    if any(a <= moment < b for a, b in stops):
        return "vacation"
    return "weekend" if weekend and moment.weekday() >= 5 else None
