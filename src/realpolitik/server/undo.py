"""Taking back a move at a table: a person's last action, and the bots' answers since.

A player may take back their own last action while nobody has acted since. Where every other
seat is a bot and the game is unrated (so never in a tournament), the bots' answers since go
back with it: a bot answers in a moment, and a player who sees the answer and thinks again should
not depend on being quicker. Every action taken back must pass the engine's verdict
(:func:`realpolitik.engine.undo.why_not_undoable`: it drew on no chance and showed nobody
anything hidden), so nothing the player saw since can be used; a person's move is never taken
back behind their back (another person at the table keeps the strict rule), nor a step of a
lesson's script (:mod:`.lessons`), nor a move the stand-in bot made for a seat while its time was
out (taking that back would undo the time-out).

The table keeps the state before the person's last action and before each bot answer since (it
has them anyway: an action is applied to a clone), so taking back costs nothing; after a restart,
or when another process moved the game on, they are replayed from the record when asked. Each
verdict is worked out once per action, and only when someone may take it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from realpolitik.engine import State, parse
from realpolitik.engine.undo import why_not_undoable
from realpolitik.i18n import Text, t

if TYPE_CHECKING:
    from .store import StoredGame
    from .table import Table

HUMAN = "human"
#: who made an action: a person at their seat, a bot seat, or the stand-in bot of a person away
PERSON, BOT, STAND_IN = "person", "bot", "stand-in"
#: the most bot answers kept after a person's action (the bots of a game whose person no longer
#: acts — eliminated, say — may play on for long); past it, that action is no longer taken back
KEPT = 500

_UNKNOWN = object()


@dataclass
class Step:
    """An action that may be taken back: its seat, the state before it, and the engine's verdict."""

    seat: int
    before: State
    verdict: object = _UNKNOWN  # why it may not be taken back (None: it may), worked out when asked


def made_by(stored: StoredGame, seat: int, index: int) -> str:
    """Who made action number ``index`` of a stored game, played by ``seat``, as far as storage
    tells: a human seat's action before the seat last changed hands, or while it is away, counts
    as the stand-in's (the safe side: such an action is never taken back)."""
    s = stored.seats[seat]
    if s.kind != HUMAN:
        return BOT
    return PERSON if s.away is None and (s.away_at is None or index >= s.away_at) else STAND_IN


class LastDecision:
    """A person's last action and the bots' answers since, each with the state before it."""

    def __init__(self, rebuild: Callable[..., State]) -> None:
        #: the state of a stored game replayed from its record (:meth:`.roster.Roster.rebuild`)
        self.rebuild = rebuild
        self.seq = -1  # the number of actions the steps are known for; -1: not known yet
        self.actor: int | None = None  # the seat of the last action
        #: the last person's action and every bot's action since, oldest first; empty when a stand-in
        #: moved since (or no person has acted yet, or too many bot answers followed)
        self.steps: list[Step] = []

    def played(self, seq: int, seat: int, before: State | None, by: str) -> None:
        """``seat`` played (``by``: :data:`PERSON`, :data:`BOT` or :data:`STAND_IN`) the action that
        made the game ``seq`` actions long, from ``before`` (needed when a person played it, or a
        bot answered one)."""
        if by == PERSON:
            self.steps = [Step(seat, before)]
        elif by == STAND_IN or len(self.steps) > KEPT:
            self.steps = []
        elif self.seq != seq - 1:  # a bot's answer to actions this table did not follow
            self.forget()
            return
        elif self.steps:
            self.steps.append(Step(seat, before))
        self.seq, self.actor = seq, seat

    def forget(self) -> None:
        self.__init__(self.rebuild)

    def refusal(self, table: Table, seat: int) -> Text | None:
        """Why ``seat`` may not take back its last action (with the bots' answers since) now;
        ``None`` when it may."""
        if table.status != "running":
            return t("The game is not running, so nothing can be taken back.")
        if table.seq == 0:
            return t("Nothing has been played yet.")
        self._catch_up(table)
        if not self.steps or self.steps[0].seat != seat:
            if self.actor == seat:
                return t("The bot played your last action while your time was out; it cannot be taken back.")
            return t("Only your own last action can be taken back, and {seat} played the last one.",
                     seat=table.labels[self.actor])
        first = table.seq - len(self.steps)
        if table.guide is not None and any(table.guide.leads(i) for i in range(first, table.seq)):
            return t("A step of the guide cannot be taken back.")
        if len(self.steps) > 1:
            answered = table.labels[self.actor]
            if any(s.kind == HUMAN for s in table.stored.seats if s.seat != seat):
                return t("{seat} has answered since. Past an answer, a move is taken back only in a game against "
                         "bots alone.", seat=answered)
            if table.stored.rated:
                return t("{seat} has answered since. In a rated game a move is taken back only until the next one.",
                         seat=answered)
        for index, step in enumerate(self.steps):
            if step.verdict is _UNKNOWN:
                after = self.steps[index + 1].before if index + 1 < len(self.steps) else table.state
                step.verdict = why_not_undoable(step.before, table.stored.actions[first + index], after=after)
            if step.verdict is not None and index == 0:
                return t("Your last action cannot be taken back: {reason}", reason=step.verdict)
            if step.verdict is not None:
                return t("Your last action cannot be taken back, as {seat}'s answer since cannot: {reason}",
                         seat=table.labels[step.seat], reason=step.verdict)
        return None

    def offered(self, table: Table) -> int | None:
        """The seat that may take back its last action now (a person's), else ``None``."""
        if table.status != "running" or table.seq == 0:
            return None
        self._catch_up(table)
        if not self.steps:
            return None
        seat = self.steps[0].seat
        return seat if self.refusal(table, seat) is None else None

    def why_not(self, table: Table, seat: int) -> Text | None:
        """Why ``seat``, whose last action would be the one to take back (the last person's, or the
        last of all, played by its stand-in), may not take it back; ``None`` when it may, or when
        someone else has acted since (which the page need not explain)."""
        if table.status != "running" or table.seq == 0:
            return None
        self._catch_up(table)
        last = self.steps[0].seat if self.steps else self.actor
        return self.refusal(table, seat) if last == seat else None

    def taken(self, table: Table) -> tuple[int, State]:
        """What taking back removes: the number of the first action (the person's), and the state before it."""
        return table.seq - len(self.steps), self.steps[0].before

    def words(self, table: Table) -> Text | str:
        """The person's action in words."""
        first, before = self.taken(table)
        verb, args = parse(table.stored.actions[first])
        return before.action_label(verb, args) or table.stored.actions[first]

    def _catch_up(self, table: Table) -> None:
        """Replay the states of the steps when the table does not have them (after a restart, or a
        move through another process): each action of the record, noting who made it."""
        if self.seq == table.seq:
            return
        stored = table.stored
        state = self.rebuild(replace(stored, actions=[], result=None))
        self.forget()
        self.seq = 0
        for index, action in enumerate(stored.actions):
            seat = state.to_act
            by = made_by(stored, seat, index)
            kept = by == PERSON or (by == BOT and 0 < len(self.steps) <= KEPT)
            self.played(index + 1, seat, state.clone() if kept else None, by)
            state.apply(action)
