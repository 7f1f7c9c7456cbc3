"""A finished game's result as the server stores it: the one result every page and figure reads.

It is the record's result (:meth:`realpolitik.engine.Record.finish`: the engine's outcome and the
final state's digest) with the outcome's reason in every language (``reasons``), the reason's
message (``reason_key``), where the game's own clock stood (``clock``), the seats a bot played
at the end and why (``away``: ``resigned``, ``timeout``) and how a rated game counts
(``rating``). The game page, the lobby, "my games", the player pages, the statistics (through
the columns :mod:`.store` fills from it), the ratings and the tournament standings all read its
``outcome``.

**Forfeits.** A seat whose person resigned, or lost on time — its time ran out and the stand-in
bot still played it when the game ended —, has lost, whatever the bot made of it:

- every seat given up ranks below every seat that was not; among themselves, and among the
  others, the seats keep the order the game gave them (ties stay ties). The places are then
  counted anew (1 + the seats ranked above), unless the seats given up ranked below the others
  already, when the game's own numbers stay;
- in the team games (the outcome's ``teams``) the team is the unit that wins or loses — as the
  ratings, the tournament points and the statistics' team rates read it —, so a seat given up
  takes its partners down with it: the team ranks below every team that kept all its seats;
- when a seat given up was among the winners, the winners are the best-placed seats that were
  not given up instead (none when every seat was); otherwise the winners stay;
- the reason says who resigned or lost on time, in every language.

The engine's own outcome stays what the game says — a replay of the record reaches it and its
digest checks out —: the ranking is the server's, made on the stored result only, and the
record's notes say when each seat was left to the bot (:meth:`.store.Store.set_away`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from realpolitik.engine import State
from realpolitik.i18n import LANGUAGES, Text, render, t

from . import ratings

if TYPE_CHECKING:
    from .table import Table

#: what the reason adds for each seat given up, by why, in a game without teams and with them
GIVEN_UP: dict[tuple[str, bool], Callable[[str], Text]] = {
    ("resigned", False): lambda seat: t("{seat} resigned, which counts as a loss.", seat=seat),
    ("resigned", True): lambda seat: t("{seat} resigned, which counts as a loss for their team.", seat=seat),
    ("timeout", False): lambda seat: t("{seat} lost on time (a bot played the seat at the end), which counts as "
                                       "a loss.", seat=seat),
    ("timeout", True): lambda seat: t("{seat} lost on time (a bot played the seat at the end), which counts as "
                                      "a loss for their team.", seat=seat),
}


def result_of(table: Table, state: State) -> dict[str, Any]:
    """The result to store for ``table``'s game, finished in ``state``."""
    record = table.record()
    record.finish(state)
    result = record.result
    outcome = state.outcome()
    reason = outcome.reason
    if isinstance(reason, Text):  # the message, so games that ended alike count together
        result["reason_key"] = reason.key
    if state.game.measures is not None:  # how far it got, by its own clock (statistics page)
        result["clock"] = state.game.measures.clock(state)
    away = {table.labels[s.seat]: s.away for s in table.stored.seats if s.away}
    if away:
        result["away"] = away
    counts = ratings.verdict(table.stored)
    if counts is not None:
        result["rating"] = counts
    words = [GIVEN_UP[why, outcome.teams is not None](label) for label, why in away.items()]
    result["outcome"] = ranked(result["outcome"], away)
    result["outcome"]["reasons"] = {lang: " ".join([render(reason, lang), *(render(w, lang) for w in words)])
                                    for lang in LANGUAGES}
    result["outcome"]["reason"] = result["outcome"]["reasons"]["en"]
    return result


def ranked(outcome: dict[str, Any], given_up: dict[str, str]) -> dict[str, Any]:
    """``outcome`` (:meth:`realpolitik.engine.Outcome.to_dict`'s form) with the seats ``given_up``
    names (by label) and, in a team game, their partners ranked below the others, and the winners
    among the others (see the module)."""
    places: dict[str, int] = outcome["places"]
    teams = outcome.get("teams")
    losing = {teams[label] if teams else label for label in given_up if label in places}
    lost = {label for label in places if (teams[label] if teams else label) in losing}
    kept = [places[label] for label in places if label not in lost]
    winners = outcome["winners"]
    if not lost or (not lost & set(winners) and all(places[label] > max(kept, default=0) for label in lost)):
        return dict(outcome)
    key = {label: (label in lost, place) for label, place in places.items()}
    again = {label: 1 + sum(other < key[label] for other in key.values()) for label in places}
    if lost & set(winners):
        winners = [label for label in places if label not in lost and again[label] == 1]
    return {**outcome, "places": again, "winners": winners}


def in_view(outcome: dict[str, Any], result: dict[str, Any], lang: str) -> dict[str, Any]:
    """A finished game's view's ``outcome`` (the engine's, in ``lang``) as the stored ``result`` ranks it,
    with its reason in ``lang`` where it has one (a record made elsewhere may hold only the engine's words)."""
    stored = result.get("outcome") or {}
    if "places" not in stored:
        return outcome
    reason = (stored.get("reasons") or {}).get(lang) or outcome["reason"]
    return {**outcome, "places": stored["places"], "winners": stored["winners"], "reason": reason}
