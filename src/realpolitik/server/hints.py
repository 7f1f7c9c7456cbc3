"""Hints ("What would the bot do?", *Was würde der Bot tun?*): a person asks the bot for its
suggestion in their own decision and for everyone's chances.

A game allows hints when its creator chose them (never in a rated game) and in every lesson.
The person to act sends ``{"type": "hint", "seq": n}``; the table checks the turn as for an
action, lets one hint per seat be computed at a time and at most the ``hints`` rate per seat,
notes in the game's record that the seat asked (the note holds the seat and the number of
actions, never the suggestion), and has a bot worker evaluate the decision from the seat's
:class:`~realpolitik.engine.SeatContext` alone, within ``hint_budget`` search iterations
(:class:`.bots.HintJob`). The answer goes to the asking connection only.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from realpolitik.bots.evaluate import Evaluation
from realpolitik.bots.worker import HintJob
from realpolitik.engine import parse
from realpolitik.i18n import render, t

from . import lessons
from .store import StorageBusy, Store, StoredGame
from .table import Refusal, busy

if TYPE_CHECKING:
    from .bots import BotRunner
    from .quota import Rates
    from .table import Table

log = logging.getLogger("realpolitik.server")

#: the kind of a record's note of a hint asked
NOTE = "hint"


def allowed(stored: StoredGame) -> bool:
    """Whether the players of a game may ask for hints: its creator allowed them, or it is a lesson;
    never in a rated game."""
    return not stored.rated and (stored.hints or lessons.is_lesson(stored))


def admit(table: Table, seat: int, seq: int, rates: Rates) -> None:
    """Take ``seat``'s request for a hint at ``seq`` actions, or refuse it (:class:`Refusal`; past the
    ``hints`` rate of ``rates``); once taken, the seat's hint is under way until :func:`answer` ends."""
    if table.stored.rated:
        raise Refusal("rated", t("A rated game offers no hints."))
    if not allowed(table.stored):
        raise Refusal("no-hints", t("This game was created without hints."))
    table.moves.check_turn(seat, seq)
    if seat in table.hinting:
        raise Refusal("hinting", t("The bot is still thinking about your last hint; wait for it."))
    if not rates.hit("hints", f"{table.id}/{seat}"):
        raise Refusal("limit", t("Too many hints; wait a little before asking again."))
    table.hinting.add(seat)


async def answer(table: Table, seat: int, seq: int, lang: str, store: Store, runner: BotRunner,
                 budget: int) -> dict[str, Any]:
    """The hint for ``seat``'s decision at ``seq`` actions (taken by :func:`admit`), in ``lang``,
    noted in ``store`` and worked out by ``runner``'s workers within ``budget`` search iterations;
    a :class:`Refusal` says why there is none."""
    try:
        try:
            await store.in_thread(store.add_note, table.id, seq, seat, NOTE)
        except StorageBusy:
            raise busy() from None
        job = HintJob(table.id, table.stored.record(), seat, budget)
        try:
            evaluation = await runner.hint(job)
        except Exception as exc:  # a worker died: by kind only (its words may name hidden cards)
            log.warning("game %s: the hint of seat %s failed (%s)", table.id, table.labels[seat], type(exc).__name__)
            raise Refusal("hint-failed", t("The bot could not work out a hint just now; try again.")) from None
    finally:
        table.hinting.discard(seat)
    if table.seq != seq or table.state.to_act != seat:
        raise Refusal("hint-stale", t("The game moved on while the bot thought; ask again."))
    return message(table, seq, evaluation, lang)


def message(table: Table, seq: int, evaluation: Evaluation, lang: str) -> dict[str, Any]:
    """The ``hint`` message of an evaluation: the suggested action with its words, its estimated
    value and every action's, and each seat's chances (by label)."""
    best = evaluation.best
    verb, args = parse(best)
    label = table.state.action_label(verb, args) or best
    return {
        "type": "hint", "seq": seq, "best": best, "label": render(label, lang),
        "values": {a: round(v, 3) for a, v in evaluation.values.items()},
        "visits": dict(evaluation.visits),
        "chances": {table.labels[s]: round(p, 3) for s, p in sorted(evaluation.chances.items())},
    }
