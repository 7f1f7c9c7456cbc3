"""Time controls: how long each person may take, chosen when a game is created.

One rule covers both kinds a group asks for. A seat starts with ``start`` seconds; while
it is the seat's turn its time runs down; after each of its moves it gets ``add`` seconds
more, but never more than ``cap`` in all. When it reaches zero on the seat's turn, a bot
(the game's stand-in kind) plays the seat at a person's pace (:meth:`Clock.stand_in_pace`)
until its person comes back — not before the bot has made a move for the seat, so a time-out
always moves the game on. A seat whose time runs out ``TIMEOUTS_LOST`` times in one game has
lost on time for good: the bot plays it to the end, and the result counts it as lost
(:mod:`.results`).

- **live** — ``start`` minutes for the game plus ``add`` seconds per move (20 min + 15 s);
  no cap.
- **correspondence** — ``add`` per move (24 h), and what a move does not use is saved,
  up to the bank ``cap`` (72 h): the seat starts with one move's time. It stands still while
  the seat's holder is on vacation, and — the creator's choice, ``weekend`` — on Saturdays
  and Sundays (UTC): :mod:`.pauses`.

Stored with the game as ``{"kind", "start", "add", "cap", "weekend"}`` (seconds); what each seat has
left is stored after every move, and when its turn began, so clocks survive a restart.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from realpolitik.i18n import Text, t

#: longest time controls a game may ask for, in seconds (a month per move; a day of live time)
MAX_MOVE = 30 * 24 * 3600
MAX_LIVE = 24 * 3600
#: the time a person who comes back after a timeout gets for the move at hand, at least
RETURN_AT_LEAST = 60.0
#: the time-outs of one seat in one game after which it has lost on time for good (its person cannot come back)
TIMEOUTS_LOST = 3


class ClockChoice(BaseModel):
    """What a creator chooses: ``none``, ``live`` (``minutes`` + ``increment`` seconds per move)
    or ``correspondence`` (``hours`` per move, a ``bank_hours`` bank; ``weekend``: no clock on
    Saturdays and Sundays, UTC)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    kind: str = Field(default="none", pattern="^(none|live|correspondence)$")
    minutes: int = Field(default=20, ge=1, le=MAX_LIVE // 60)
    increment: int = Field(default=15, ge=0, le=3600)
    hours: int = Field(default=24, ge=1, le=MAX_MOVE // 3600)
    bank_hours: int = Field(default=72, ge=1, le=MAX_MOVE // 3600)
    weekend: bool = False

    @model_validator(mode="after")
    def _weekend_by_mail(self) -> ClockChoice:
        if self.weekend and self.kind != "correspondence":
            raise ValueError("the weekend pause is for correspondence clocks only")
        return self


@dataclass(frozen=True)
class Clock:
    """A time control, in seconds."""

    kind: str
    start: float
    add: float
    cap: float | None = None
    weekend: bool = False  # Saturdays and Sundays (UTC) do not count

    @classmethod
    def chosen(cls, choice: ClockChoice) -> Clock | None:
        """The clock a creator chose; ``None`` for no clock."""
        if choice.kind == "live":
            return cls("live", choice.minutes * 60.0, float(choice.increment))
        if choice.kind == "correspondence":
            per_move = choice.hours * 3600.0
            return cls("correspondence", per_move, per_move, max(per_move, choice.bank_hours * 3600.0),
                       choice.weekend)
        return None

    @classmethod
    def stored(cls, data: dict[str, Any] | None) -> Clock | None:
        """The clock of a stored game (``None``: none, or not readable)."""
        if not data:
            return None
        try:
            return cls(str(data["kind"]), float(data["start"]), float(data["add"]),
                       None if data.get("cap") is None else float(data["cap"]), data.get("weekend") is True)
        except (KeyError, TypeError, ValueError):
            return None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def after_move(self, left: float, used: float) -> float:
        """What a seat has left after a move that took ``used`` seconds."""
        after = max(0.0, left - used) + self.add
        return after if self.cap is None else min(self.cap, after)

    def on_return(self, left: float) -> float:
        """What a person has for the move at hand when taking the seat back from the stand-in."""
        return max(left, self.add, RETURN_AT_LEAST)

    def stand_in_pace(self) -> float:
        """Seconds the stand-in bot waits before each move it makes for a person whose time ran
        out, so the game goes on at a person's pace and its player can come back in time: a
        live game's increment, from 10 s to a minute; a correspondence game, ten minutes."""
        if self.kind == "live":
            return min(60.0, max(10.0, self.add))
        return 600.0

    def words(self) -> Text:
        """The time control in words, for the lobby and the game page."""
        if self.kind == "live":
            return t("{minutes} min + {seconds} s per move", minutes=round(self.start / 60), seconds=round(self.add))
        words = t("{hours} h per move, bank up to {bank} h", hours=round(self.add / 3600),
                  bank=round((self.cap or self.add) / 3600))
        return t("{clock}, no clock on weekends (UTC)", clock=words) if self.weekend else words


def seconds_in_words(seconds: float) -> Text:
    """A span of time in words: "15 s", "10 min"."""
    if seconds < 120:
        return t("{seconds} s", seconds=round(seconds, 2))
    return t("{minutes} min", minutes=round(seconds / 60))
