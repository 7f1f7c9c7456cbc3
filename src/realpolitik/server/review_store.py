"""Storage of finished games' reviews, kept with the game (revision 10 creates the table).

A review is stored under its game and its :func:`realpolitik.analysis.review.cache_key` — the
record and the review's settings — so asking again with the same settings answers from here,
and another budget makes another review. Deleting a game deletes its reviews. Methods are
blocking; the server calls them through :meth:`.store.Store.in_thread`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, DateTime, ForeignKey, Integer, String, Table, insert, select
from sqlalchemy.exc import IntegrityError

from .store import Store, metadata, now

reviews = Table(
    "reviews", metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(64), primary_key=True),
    # the seat label whose information every estimate uses (null: each action's actor)
    Column("viewpoint", String(20), nullable=True),
    Column("budget", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    # the review as ``realpolitik review --json`` writes it
    Column("review", JSON, nullable=False),
)


class ReviewStore:
    """The reviews table of a :class:`.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def review(self, game_id: str, key: str) -> dict[str, Any] | None:
        """The stored review of ``game_id`` under ``key``, if there is one."""
        with self.engine.begin() as conn:
            return conn.execute(select(reviews.c.review).where(
                reviews.c.game_id == game_id, reviews.c.key == key)).scalar()

    def keep(self, game_id: str, key: str, viewpoint: str | None, budget: int, review: dict[str, Any]) -> None:
        """Store a finished review (one stored already under the same key is the same review)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(reviews).values(game_id=game_id, key=key, viewpoint=viewpoint, budget=budget,
                                                    created=now(), review=review))
        except IntegrityError:
            pass
