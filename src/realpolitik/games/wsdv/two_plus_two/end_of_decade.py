"""2+2's end of decade: arms race, space race, dominance — then the base game's ten phases (seed 001 §12).

The three phases join the base game's phase table (``wsdv.end_of_decade.PHASES``), so the
base loop runs them in the order ``layout.TWO_PLUS_TWO.phases`` gives. The winner of a game
ended by a base victory condition is found in ``cold_war.winning_player`` (§12.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import end_of_decade as base_end
from ..common import ROMAN
from . import cold_war
from .cold_war import POWER, POWER_NAME, holder, items_of

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

CARD = ("card",)


def arms_race(st: S) -> None:
    """§12.1: a superpower whose marker stands in one of its victory spaces wins at once."""
    side, level = cold_war.advantage(st)
    if level >= 4:
        cold_war.instant_victory(st, side, f"Arms-race victory: {POWER_NAME[side]} reached a victory space at the "
                                           f"end of decade {ROMAN[st.decade]}.")
        return
    st.log.add(f"Arms race {st.arms:+d}: no victory.")


def space_race(st: S) -> None:
    """§12.2: the side ahead cashes the icons of the marker's space — or wins in its victory space."""
    side, d = holder(st.space), abs(st.space)
    if side is None:
        st.log.add("The space race is level.")
        return
    c = st.content
    if d >= c.space.victory:
        cold_war.instant_victory(st, side, f"Space-race victory: {POWER_NAME[side]} reached its victory space at "
                                           f"the end of decade {ROMAN[st.decade]}.")
        return
    icons = c.track_icons["space"][side][d]
    if icons:
        st.log.add(f"{cold_war.POWER_TITLE[side]} leads the space race ({d}).")
        st.stack.append(("effects", POWER[side], items_of(icons), CARD))


def dominance(st: S) -> None:
    """§12.3: the holder cashes the icons of the marker's box or of a lower one; then both receive income."""
    st.stack.append(("dominance_income",))
    side, d = holder(st.dominance), abs(st.dominance)
    if side is not None and boxes(st, side, d):
        st.stack.append(("dominance_box", POWER[side], d))


def boxes(st: S, side: int, reach: int) -> list[int]:
    """The boxes the holder may choose: the marker's and every lower one with other icons."""
    icons = st.content.track_icons["dominance"][side]
    return [n for n in range(1, reach + 1) if icons[n] and (n == reach or icons[n] != icons[n + 1])]


def _legal_box(st: S, seat: int, reach: int) -> list[str]:
    return [f"bonus {n}" for n in boxes(st, st.side(seat), reach)]


def _act_box(st: S, action: str, seat: int, reach: int) -> None:
    st.stack.pop()
    n = int(action.split(" ")[1])
    icons = st.content.track_icons["dominance"][st.side(seat)][n]
    st.log.add(f"{st.seats[seat]} cashes the dominance box {n}: " + ", ".join(e.slug for e in icons) + ".")
    st.hits = []
    st.stack.append(("effects", seat, items_of(icons), CARD))


def _describe_box(st: S, mine: bool, seat: int, reach: int) -> str:
    if mine:
        return f"choose the dominance box to cash: {reach} or a lower one"
    return f"{st.seats[seat]} chooses a dominance box"


def _dominance_income(st: S) -> None:
    """Regular income from the dominance track — even after the last decade (§12.3)."""
    track = st.content.dominance
    side, d = holder(st.dominance), abs(st.dominance)
    for s in (0, 1):
        amount = track.income[d] if s == side or side is None else track.income_other[d]
        if amount:
            cold_war.income(st, s, amount)


base_end.PHASES.update(arms_race=arms_race, space_race=space_race, dominance=dominance)

PROCEDURES = {"dominance_income": _dominance_income}
LEGAL = {"dominance_box": _legal_box}
ACT = {"dominance_box": _act_box}
DESCRIBE = {"dominance_box": _describe_box}
PUBLIC = {"dominance_box"}
