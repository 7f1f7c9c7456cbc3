"""Replays of finished games: the view of any seat (or the spectator) after any action.

A finished game's record is replayed once; a clone of the state is kept every
``EVERY`` actions, so a step or a jump replays at most that many actions. The replays
of the most recently viewed games are kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from realpolitik.engine import Game, Record, State
from realpolitik.i18n import DEFAULT, render

from . import results

EVERY = 32
KEEP = 16
#: the kinds of a record's notes of a seat left to the stand-in bot (:meth:`.store.Store.set_away`)
LEFT = ("resigned", "timeout")


@dataclass
class Replay:
    """A finished game's actions and checkpoints of its states."""

    record: Record
    checkpoints: list[State]  # state after 0, EVERY, 2·EVERY, … actions

    @property
    def total(self) -> int:
        return len(self.record.actions)

    def state_at(self, ply: int) -> State:
        """A fresh state after ``ply`` actions."""
        state = self.checkpoints[ply // EVERY].clone()
        for act in self.record.actions[state.ply:ply]:
            state.apply(act)
        return state


class Replays:
    """Replays by game id, the most recently used kept."""

    def __init__(self, lookup: Callable[[str], Game]) -> None:
        self.lookup = lookup
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def replay(self, key: str, record: Record) -> Replay:
        """The replay of a finished game (built on first use)."""
        with self._lock:
            found = self._replays.pop(key, None)
            if found is None:
                checkpoints = [record.initial_state(self.lookup)]
                for i, _, state in record.steps(self.lookup):
                    if (i + 1) % EVERY == 0:
                        checkpoints.append(state.clone())
                found = Replay(record, checkpoints)
            self._replays[key] = found
            while len(self._replays) > KEEP:
                self._replays.popitem(last=False)
            return found

    def step(self, key: str, record: Record, seat: int | None, ply: int, lang: str = DEFAULT) -> dict[str, Any]:
        """What ``seat`` saw after ``ply`` actions: the view (at the end, with the outcome as stored:
        :mod:`.results`), who acted, the new log lines, the seats that asked the bot for a hint at
        that point (``hints``) and those left to the stand-in bot there (``left``: ``{"seat", "kind"}``,
        ``resigned`` or ``timeout``) — the record's notes.

        The action — its text and ``label``, its words in ``lang`` as its button read — is given
        only to its own seat: another seat saw only its public effects (a card placed face down
        stays face down in every replay).
        """
        replay = self.replay(key, record)
        ply = max(0, min(ply, replay.total))
        state = replay.state_at(max(0, ply - 1))
        before = state.log.size
        actor = None
        label = None
        if ply > 0:
            actor = state.seats[state.to_act]
            action = record.actions[ply - 1]
            if seat is not None and state.seats[seat] == actor:  # the action's words, as its button read
                label = next((render(c.label, lang) for c in state.choices() if c.action == action), action)
            state.apply(action)
        view = state.view(seat, log_from=0, lang=lang)
        if "outcome" in view and record.result:
            view["outcome"] = results.in_view(view["outcome"], record.result, lang)
        return {
            "ply": ply, "total": replay.total,
            "action": record.actions[ply - 1] if ply > 0 and seat is not None and state.seats[seat] == actor
            else None,
            "label": label,
            "actor": actor,
            "view": view,
            "fresh": state.log.redacted(seat, before if ply > 0 else 0, lang),
            "hints": [state.seats[n["seat"]] for n in record.notes if n["kind"] == "hint" and n["ply"] == ply],
            "left": [{"seat": state.seats[n["seat"]], "kind": n["kind"]} for n in record.notes
                     if n["kind"] in LEFT and n["ply"] == ply],
        }
