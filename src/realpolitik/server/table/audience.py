"""A table's connections: each receives the view of its own seat, who sits where, and what
happened to a seat — here, and through a signal in the other processes that show the game."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import Text, render, t

from .. import ratings, results
from ..clock import TIMEOUTS_LOST, seconds_in_words

if TYPE_CHECKING:
    from . import Table
    from .shared import Listener

#: seconds between two ``players`` messages of one table (changes in between are sent together)
PLAYERS_EVERY = 0.25

#: what a game connection hears when the session it was opened with ends
SIGNED_OUT = t("Your session ended (you logged out or changed your password); log in again to play on.")

#: what every connection of a table is told when something happens to a seat, by kind (from the
#: table and the seat's label)
TOLD: dict[str, Callable[[Table, str], Text]] = {
    "taken-back": lambda table, seat: t("{seat} took back their last action.", seat=seat),
    "resigned": lambda table, seat: t("{seat} resigned; a bot plays the seat to the end.", seat=seat),
    "back": lambda table, seat: t("{seat} took the seat back from the bot.", seat=seat),
    "rematch-offered": lambda table, seat: t("{seat} proposes a rematch.", seat=seat),
    "filled": lambda table, seat: t("A bot takes the free seat {seat}.", seat=seat),
    "timeout": lambda table, seat: t("{seat}'s time ran out; a bot plays the seat, a move every {pace}, and its "
                                     "player may take it back after the bot's first move.", seat=seat,
                                     pace=seconds_in_words(table.bots.stand_in_pace())),
    "lost-on-time": lambda table, seat: t("{seat}'s time ran out {count} times in this game: the seat has lost on "
                                          "time, and a bot plays it to the end.", seat=seat, count=TIMEOUTS_LOST),
    "vacation": lambda table, seat: t("{seat}'s time ran out; a day of its player's vacation began, and the "
                                      "player's correspondence clocks stand still meanwhile.", seat=seat),
}


class Audience:
    """Everyone watching one table, and what they are sent."""

    def __init__(self, table: Table, signal: Callable[..., None] | None) -> None:
        self.table = table
        #: sends the other processes a signal (``signal(kind, game_id, **facts)``); None when no other
        #: process shares the games
        self.signal = signal
        self._players_shown: list[dict[str, Any]] | None = None
        self._players_due: asyncio.TimerHandle | None = None
        self._players_at = 0.0

    def view_message(self, listener: Listener, cache: dict | None = None) -> dict[str, Any]:
        """The next view for a listener: its seat's view, the log from where it left off.

        Listeners of the same seat at the same point of the log share one view (``cache``), and
        all of them one list of players."""
        table = self.table
        key = (listener.seat, listener.log_sent, listener.lang)
        message = None if cache is None else cache.get(key)
        if message is None:
            view = table.state.view(listener.seat, log_from=listener.log_sent, lang=listener.lang)
            if "outcome" in view and table.stored.result is not None:  # the game's end as stored: forfeits count
                view["outcome"] = results.in_view(view["outcome"], table.stored.result, listener.lang)
            if cache is None:
                players = table.players()
            elif (players := cache.get("players")) is None:
                players = cache["players"] = table.players()
            undo = listener.seat is not None and table.last.offered(table) == listener.seat
            message = {"type": "view", "seq": table.seq, "status": table.status, "players": players,
                       "view": view, "undo": undo, "clock": table.timekeeper.view(), "rematch": table.stored.rematch}
            if not undo and listener.seat is not None and not table.stored.seats[listener.seat].away:
                why = table.last.why_not(table, listener.seat)  # the page says why its last action stays
                if why is not None:
                    message["undo_why"] = render(why, listener.lang)
            if (said := ratings.words(table.stored.result)) is not None:
                message["rating"] = render(said, listener.lang)  # a finished rated game: counted or why not
            if table.guide is not None and listener.seat == table.guide.seat:  # only the learner reads the guide
                guide = table.guide.message(table.seq, view, listener.lang)
                if guide is not None:
                    message["guide"] = guide
            if cache is not None:
                cache[key] = message
        listener.log_sent = table.state.log.size
        return message

    def broadcast(self) -> None:
        """Send every listener the view of its own seat."""
        cache: dict = {"players": self.table.players()}
        for listener in list(self.table.listeners):
            listener.send(self.view_message(listener, cache))
        self._players_shown = cache["players"]

    def announce_players(self) -> None:
        """Tell every listener who sits where and who is online — when that changed, and at
        most every ``PLAYERS_EVERY`` seconds, so connections coming and going cannot flood a table."""
        if self._players_due is not None:
            return
        wait = self._players_at + PLAYERS_EVERY - time.monotonic()
        if wait > 0:
            self._players_due = asyncio.get_running_loop().call_later(wait, self._send_players)
        else:
            self._send_players()

    def _send_players(self) -> None:
        self._players_due = None
        players = self.table.players()
        if players == self._players_shown:
            return
        self._players_shown, self._players_at = players, time.monotonic()
        message = {"type": "players", "players": players, "status": self.table.status}
        for listener in list(self.table.listeners):
            listener.send(message)

    def attach(self, listener: Listener) -> None:
        """A new connection: it gets the current view with the whole log."""
        listener.log_sent = 0
        self.table.listeners.add(listener)
        self.table.touched = time.monotonic()
        listener.send(self.view_message(listener))
        self.announce_players()

    def detach(self, listener: Listener) -> None:
        self.table.listeners.discard(listener)
        self.table.touched = time.monotonic()
        self.announce_players()

    def dismiss(self, code: str, message: Text) -> None:
        """Tell every connection why the table closes, each in its language, and close them."""
        for listener in list(self.table.listeners):
            listener.send({"type": "error", "code": code, "message": render(message, listener.lang)})
            listener.close(4410)

    def signed_out(self, user_id: int | None, keep: str | None, session: str | None) -> None:
        """Close the connections opened with sessions that ended (by the hash of their token ``session``,
        or every one of the account ``user_id`` but ``keep``): they must not go on playing a seat."""
        for listener in list(self.table.listeners):
            if listener.session is not None and (listener.session == session or (
                    user_id is not None and listener.user_id == user_id and listener.session != keep)):
                listener.send({"type": "error", "code": "signed-out", "message": render(SIGNED_OUT, listener.lang)})
                listener.close(4403)

    def tell(self, kind: str, seat: int, own: Text | None = None) -> None:
        """Tell every connection — here and, through a signal, in the other processes — what
        happened to ``seat`` (a ``kind`` message of :data:`TOLD`), each in its language; the
        seat's own connections here hear ``own`` instead, if given."""
        self.told(kind, seat, own)
        if self.signal is not None:
            self.signal("tell", self.table.id, what=kind, seat=seat)

    def told(self, kind: str, seat: int, own: Text | None = None) -> None:
        """Tell this process's connections what happened to ``seat``."""
        label = self.table.labels[seat]
        for listener in list(self.table.listeners):
            words = own if own is not None and listener.seat == seat else TOLD[kind](self.table, label)
            listener.send({"type": kind, "seat": label, "text": render(words, listener.lang)})

