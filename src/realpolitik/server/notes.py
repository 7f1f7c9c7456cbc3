"""Notes: a private notepad per seat of a game.

Only the seat's player reads and writes it — with the seat's token, or signed in to the
account the seat is bound to — while the game runs; never a view, a log line, a record or
another seat. A refusal says the same whether the seat has notes or not. After the game its
writer may show it with the replay (``shown``, the checkbox "show my notes in the replay");
notes not shown stay private for good. At most ``MAX_NOTES`` characters a seat.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    false,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from .store import Store, _utc, metadata, now

#: characters a seat's notes may hold
MAX_NOTES = 4000
#: control characters that notes lose (line breaks and tabs stay)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

notes = Table(
    "seat_notes", metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    # its writer lets the replay show it once the game is over
    Column("shown", Boolean, nullable=False, server_default=false()),
    Column("at", DateTime(timezone=True), nullable=False),
)


def cleaned(text: str) -> str:
    """Notes as stored: control characters other than line breaks and tabs removed."""
    return _CONTROL.sub("", text.replace("\r\n", "\n"))


def read(store: Store, game_id: str, seat: int) -> dict[str, Any]:
    """A seat's notes: text, shown, when last written (empty notes when none were written)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(notes).where(notes.c.game_id == game_id, notes.c.seat == seat)).first()
    return _entry(row)


def write(store: Store, game_id: str, seat: int, text: str | None, shown: bool | None) -> dict[str, Any]:
    """Change a seat's notes (``None``: leave that part as it is); the notes as stored."""
    values: dict[str, Any] = {"at": now()}
    if text is not None:
        values["text"] = text
    if shown is not None:
        values["shown"] = shown
    mine = (notes.c.game_id == game_id) & (notes.c.seat == seat)
    with store.engine.begin() as conn:
        if conn.execute(update(notes).where(mine).values(**values)).rowcount == 0:
            try:
                with conn.begin_nested():  # the seat's first notes, unless another request wrote them meanwhile
                    conn.execute(insert(notes).values(game_id=game_id, seat=seat, **{"text": "", "shown": False,
                                                                                       **values}))
            except IntegrityError:
                conn.execute(update(notes).where(mine).values(**values))
        row = conn.execute(select(notes).where(mine)).first()
    return _entry(row)


def shown(store: Store, game_id: str) -> list[tuple[int, str]]:
    """The notes of a game whose writers show them, by seat: (seat, text)."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(notes.c.seat, notes.c.text).where(
            notes.c.game_id == game_id, notes.c.shown.is_(True), notes.c.text != "").order_by(notes.c.seat)).all()
    return [(r.seat, r.text) for r in rows]


def _entry(row) -> dict[str, Any]:
    if row is None:
        return {"text": "", "shown": False, "at": None}
    at: datetime = _utc(row.at)
    return {"text": row.text, "shown": bool(row.shown), "at": at.isoformat()}
