"""2+2's end of decade: arms race, space race, dominance — then the base game's ten phases (the 2+2 rule book, §12).

The three phases come before the base game's in 2+2's ``PHASES``, which the state names and
runs in that order. The winner of a game
ended by a base victory condition is found in ``cold_war.winning_player`` (§12.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, phrase, t

from .. import end_of_decade as base_end
from .. import grammar
from ..common import ROMAN, asks
from . import cold_war
from .cold_war import POWER_NAME, holder
from .events import CARD, effects
from .tables import POWER
from .words import effects_words

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

# the log lines written here at every end of a decade, made when read (``Log.say``, ``i18n.phrase``)
NO_ARMS_VICTORY = phrase("Arms race {position}: no victory.", "position")
LEADS_SPACE_RACE = phrase("{power} leads the space race ({d}).", "power", "d")
CASHES_BOX = phrase("{seat} cashes the dominance box {n}: {icons}.", "seat", "n", "icons")
SPACE_RACE_LEVEL = t("The space race is level.")


def arms_race(st: S) -> None:
    """§12.1: a superpower whose marker stands in one of its victory spaces wins at once."""
    side, level = cold_war.advantage(st)
    if level >= 4:
        cold_war.instant_victory(st, side, t("Arms-race victory: {power} reached a victory space at the end of decade "
                                             "{decade}.", power=POWER_NAME[side], decade=ROMAN[st.decade]))
        return
    st.log.say(NO_ARMS_VICTORY, f"{st.arms:+d}")


def space_race(st: S) -> None:
    """§12.2: the side ahead cashes the icons of the marker's space — or wins in its victory space."""
    side, d = holder(st.space), abs(st.space)
    if side is None:
        st.log.say(SPACE_RACE_LEVEL)
        return
    c = st.content
    if d >= c.space.victory:
        cold_war.instant_victory(st, side, t("Space-race victory: {power} reached its victory space at the end of "
                                             "decade {decade}.", power=POWER_NAME[side], decade=ROMAN[st.decade]))
        return
    icons = c.track_icons["space"][side][d]
    if icons:
        st.log.say(LEADS_SPACE_RACE, cold_war.POWER_TITLE[side], d)
        effects(st, POWER[side], c.pools_kept["space", side, d], CARD)


def dominance(st: S) -> None:
    """§12.3: the holder cashes the icons of the marker's box or of a lower one; then both receive income."""
    st.stack.append(DominanceIncome())
    side, d = holder(st.dominance), abs(st.dominance)
    if side is not None and boxes(st, side, d):
        st.stack.append(DominanceBox(POWER[side], d))


def boxes(st: S, side: int, reach: int) -> list[int]:
    """The boxes the holder may choose: the marker's and every lower one with other icons."""
    icons = st.content.track_icons["dominance"][side]
    return [n for n in range(1, reach + 1) if icons[n] and (n == reach or icons[n] != icons[n + 1])]


@decision(public=True)
class DominanceBox(NamedTuple):
    """The dominance holder cashes the box its marker reaches, or a lower one (the 2+2 rule book, §12.3)."""

    seat: int
    reach: int

    def legal(self, st: S) -> list[str]:
        seat, reach = self
        return [grammar.bonus(n) for n in boxes(st, st.side(seat), reach)]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        n = int(grammar.words(action)[1])
        where = ("dominance", st.side(seat), n)
        st.log.say(CASHES_BOX, st.seats[seat], n, effects_words(st, where))
        st.hits = []
        effects(st, seat, st.content.pools_kept[where], CARD)

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, reach = self
        return asks(st, viewer, seat,
                    t("choose the dominance box to cash: {reach} or a lower one", reach=reach),
                    t("chooses a dominance box"))


@procedure
class DominanceIncome(NamedTuple):
    """Regular income from the dominance track — even after the last decade (§12.3)."""

    def run(self, st: S) -> None:
        track = st.content.dominance
        side, d = holder(st.dominance), abs(st.dominance)
        for s in (0, 1):
            amount = track.income[d] if s == side or side is None else track.income_other[d]
            if amount:
                cold_war.income(st, s, amount)


#: 2+2's three phases in front of the base game's ten (§12)
PHASES = (arms_race, space_race, dominance, *base_end.PHASES)

