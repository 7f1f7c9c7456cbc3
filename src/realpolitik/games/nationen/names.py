"""The things of Kark in words: heads of state, points, ports and seas, states — for the log,
the prompts and the buttons (``words``), in the reader's language."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from realpolitik.i18n import Text, t

if TYPE_CHECKING:
    from .content import Board
    from .state import NationenState as S


#: the heads of state by kind (seed: König, Präsident, Diktator, Guerillaführer)
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
