"""Taking back a move at a table: the last action, its player and the state before it.

A player may take back their own last action while nobody has acted since, and while
the engine finds that it drew on no chance and showed nobody anything hidden
(:func:`realpolitik.engine.undo.why_not_undoable`) — never a step of a lesson's script
(:mod:`.lessons`), nor a move the stand-in bot made for the seat while its time was out (taking
that back would undo the time-out). The table keeps the state before
its last action (it has it anyway: an action is applied to a clone), so taking back
costs nothing; after a restart the state before is replayed from the record when asked.
The verdict is worked out once per action, and only for a person's action.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from realpolitik.engine import State, parse
from realpolitik.engine.undo import why_not_undoable
from realpolitik.i18n import Text, t

if TYPE_CHECKING:
    from .table import Table

_UNKNOWN = object()


class LastMove:
    """The last action of a table: who played it, the state before it, and whether it may be taken back."""

    def __init__(self) -> None:
        self.seq = -1  # the number of actions once it was played; -1: not known yet
        self.seat: int | None = None
        self.before: State | None = None
        self._verdict: object = _UNKNOWN

    def played(self, seq: int, seat: int, before: State) -> None:
        """``seat`` played the action that made the game ``seq`` actions long, from ``before``."""
        self.seq, self.seat, self.before, self._verdict = seq, seat, before, _UNKNOWN

    def forget(self) -> None:
        self.__init__()

    def refusal(self, table: Table, seat: int) -> Text | None:
        """Why ``seat`` may not take back the table's last action now; ``None`` when it may."""
        if table.status != "running":
            return t("The game is not running, so nothing can be taken back.")
        if table.seq == 0:
            return t("Nothing has been played yet.")
        if table.guide is not None and table.guide.leads(table.seq - 1):
            return t("A step of the guide cannot be taken back.")
        self._catch_up(table)
        if self.seat != seat:
            return t("Only your own last action can be taken back, and {seat} played the last one.",
                     seat=table.labels[self.seat])
        back_at = table.stored.seats[seat].away_at
        if back_at is not None and table.seq - 1 < back_at:
            return t("The bot played your last action while your time was out; it cannot be taken back.")
        if self._verdict is _UNKNOWN:
            self._verdict = why_not_undoable(self.before, table.stored.actions[-1], after=table.state)
        if self._verdict is not None:
            return t("Your last action cannot be taken back: {reason}", reason=self._verdict)
        return None

    def offered(self, table: Table) -> int | None:
        """The seat that may take back the last action now (a person's), else ``None``."""
        if table.status != "running" or table.seq == 0:
            return None
        self._catch_up(table)
        if table.stored.seats[self.seat].kind != "human":
            return None
        return self.seat if self.refusal(table, self.seat) is None else None

    def words(self, table: Table) -> Text | str:
        """The last action in words."""
        verb, args = parse(table.stored.actions[-1])
        return self.before.action_label(verb, args) or table.stored.actions[-1]

    def _catch_up(self, table: Table) -> None:
        """Replay the state before the last action when the table does not have it (after a restart)."""
        if self.seq == table.seq:
            return
        before = table.hall.rebuild(replace(table.stored, actions=table.stored.actions[:-1], result=None))
        self.played(table.seq, before.to_act, before)
