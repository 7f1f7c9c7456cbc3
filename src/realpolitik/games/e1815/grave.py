"""Actions that ask for a second thought in 1815: a team action of 2vs2 that gives
something to the ally for good — a land (cede), a success marker, troops (handing over) —
and whatever surely ends the game (the last turn of the last year)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine.foresight import ends_the_game
from realpolitik.i18n import Text, t

from . import grammar

if TYPE_CHECKING:
    from .state import E1815State as S

#: the actions after which the game may be over: a turn or a relocation ends
_CLOSING = {grammar.END_TURN, grammar.END_RELOCATION, grammar.DONE, grammar.NO_TEAM_ACTION}


def grave(st: S, action: str) -> Text | None:
    verb, args = grammar.read(action)
    seat = st.to_act
    if verb == "cede":
        land = st.content.board.lands[st.content.board.index[args[0]]].name
        return t("This gives {land} to your ally {seat} for good.", land=land, seat=st.seats[st.ally[seat]])
    if action == grammar.GIVE_MARKER:
        return t("This gives one of your success markers to your ally {seat}.", seat=st.seats[st.ally[seat]])
    if verb == "transfer":
        return t("The troops you hand over become your ally {seat}'s.", seat=st.seats[st.ally[seat]])
    if action in _CLOSING and ends_the_game(st, action):
        return t("This ends the game.")
    return None
