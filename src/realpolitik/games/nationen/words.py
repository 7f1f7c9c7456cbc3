"""Das Spiel der Nationen in words: the things of Kark — heads of state, points, ports and seas,
states — for the log, the prompts and the buttons, the lines of every turn, the pending decision
and each legal action (``action_label``), in the reader's language."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from realpolitik.i18n import Text, t

from . import grammar
from .tables import LEADERS

if TYPE_CHECKING:
    from .content import Board
    from .state import NationenState as S


#: the heads of state by kind (the German Nationen rule book: König, Präsident, Diktator, Guerillaführer)
LEADER_NAMES = {"king": t("king"), "president": t("president"), "dictator": t("dictator"),
                "guerrilla": t("guerrilla leader")}


def state_name(st: S, key: str) -> str:
    """A state as printed on the map."""
    b = st.content.board
    return b.states[b.state_index[key]].name


def point_words(st: S, point: str) -> Text:
    """A point of the board (by name): a state's capital, or its numbered point (with "?" where a
    card lies); the board holds them all (``Board.point_words``, by point), as the log names
    points again and again."""
    b = st.content.board
    return b.point_words[b.point_id[point]]


def point_texts(b: Board) -> tuple[Text, ...]:
    """``point_words`` of every point of the board ``b``, by point."""
    return tuple(_point_words(b, name) for name in b.point_name)


def _point_words(b: Board, point: str) -> Text:
    key, _, number = point.rpartition("-")
    state = b.states[b.state_index[key]]
    i = int(number)
    if i == state.capital:
        return t("{state} capital", state=state.name)
    if b.question[b.point_id[point]]:
        return t("{state} {n} (?)", state=state.name, n=i)
    return t("{state} {n}", state=state.name, n=i)


#: a tanker's place with its preposition: where it is, where it goes, where it comes from
_SEAS = {
    "at": {"north": t("on the northern high sea"), "south": t("on the southern high sea")},
    "into": {"north": t("onto the northern high sea"), "south": t("onto the southern high sea")},
    "from": {"north": t("from the northern high sea"), "south": t("from the southern high sea")},
}
_PORTS = {"at": t("in the port of {state}"), "into": t("into the port of {state}"),
          "from": t("from the port of {state}")}


def location_words(st: S, where: str, case: str = "at") -> Text:
    """A tanker's place — a state's port or a high sea — with its preposition (``case``: at, into, from);
    the board holds them all (``Board.location_words``)."""
    return st.content.board.location_words[case][where]


def location_texts(b: Board) -> dict[str, dict[str, Text]]:
    """``location_words`` of the board ``b``: per case, the port of each state by its key and the high seas."""
    return {case: {**{s.key: t(port.key, state=s.name) for s in b.states}, **_SEAS[case]}
            for case, port in _PORTS.items()}


# the lines of every turn, made once per seat, round or sum and shared (messages are immutable)


@lru_cache(maxsize=1024)
def turn_begins(round_: int, seat: str) -> Text:
    return t("— round {round}: {seat}'s turn —", round=round_, seat=seat)


@lru_cache(maxsize=4096)
def collects(seat: str, due: int) -> Text:
    return t("{seat} collects {due} M income.", seat=seat, due=due)


@lru_cache(maxsize=1024)
def price_words(cost: int) -> Text:
    """What a move or a placing costs: "for 6 M", or "free of charge" (made once per price and shared)."""
    return t("for {cost} M", cost=cost) if cost else t("free of charge")


# ====================================================================== the pending decision


def asks(st: S, viewer: int | None, seat: int, prompt: Text, waiting: Text) -> Text:
    """A pending decision in words: ``prompt`` for the deciding seat, for everyone else its name
    and ``waiting``."""
    return prompt if viewer == seat else t("{seat} {waiting}", seat=st.seats[seat], waiting=waiting)


# ====================================================================== actions in words


def action_label(st: S, verb: str, args: tuple) -> Text | None:
    """A legal action in words (a button's text)."""
    a = [str(x) for x in args]
    comp = st.content.board.components
    if verb == "place":
        return t("Place a {leader} in {state}", leader=LEADER_NAMES[a[0]], state=state_name(st, a[1]))
    if verb == "move":
        return t("Move the {leader} from {source} to {destination}", leader=LEADER_NAMES[a[0]],
                 source=point_words(st, a[1]), destination=point_words(st, a[2]))
    if verb == "attack":
        held = st.board[st.content.board.point_id[a[2]]]
        return t("Attack {state} ({owner}'s {defender}) with the {leader} from {source}", state=point_words(st, a[2]),
                 owner=st.seats[held // 4], defender=LEADER_NAMES[LEADERS[held % 4]], leader=LEADER_NAMES[a[0]],
                 source=point_words(st, a[1]))
    if verb == "agent":
        return t("Agent to {point}", point=point_words(st, a[0]))
    if verb == "station":
        return t("Tanker {place}", place=location_words(st, a[0], "into"))
    if verb == "buy":
        return t("Buy a tanker ({price} M) {place}", price=comp.tanker_price, place=location_words(st, a[1], "into"))
    if verb == "sell":
        return t("Sell a tanker ({price} M) {place}", price=comp.tanker_refund, place=location_words(st, a[1]))
    if verb == "tanker" and a[0] in ("north", "south") and a[1] in ("north", "south"):
        return t("Tanker through the canal {destination}", destination=location_words(st, a[1], "into"))
    if verb == "tanker":
        return t("Tanker {source} {destination}", source=location_words(st, a[0], "from"),
                 destination=location_words(st, a[1], "into"))
    if verb == "pipeline":
        return t("Lay a pipeline {state} – {other}", state=state_name(st, a[0]), other=state_name(st, a[1]))
    if verb == "sabotage":
        return t("Destroy the pipeline {state} – {other}", state=state_name(st, a[0]), other=state_name(st, a[1]))
    if verb == "depose":
        held = st.board[st.content.board.point_id[a[1]]]
        return t("Depose {owner}'s {leader} from {point}", owner=st.seats[held // 4], leader=LEADER_NAMES[a[0]],
                 point=point_words(st, a[1]))
    if verb == "kill":
        return t("Lose your {leader} on {point}", leader=LEADER_NAMES[a[0]], point=point_words(st, a[1]))
    if verb == "sink":
        return t("Lose a tanker {place}", place=location_words(st, a[0]))
    return {grammar.END: t("End the turn"), grammar.DECLINE: t("Decline")}.get(verb)
