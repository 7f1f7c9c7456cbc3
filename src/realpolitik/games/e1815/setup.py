"""1815's set-up: fortresses, garrisons and the start phase (the outcome is ``scoring``'s).

Pending work is a stack of frames (engine/frames.py), each defined beside its rule:
``sequence`` (start phase, the year, turns, the action menu), ``logistics`` (relocation,
supply, winter attrition, fortresses), ``combat`` (attacks, markers, diplomacy), ``team``
(the 2vs2 team actions) and ``scoring`` (reinforcement, SP distribution, victory, the
crown of 1715). The action texts are written and read in ``grammar``, their words in ``words``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, listed, phrase

from .sequence import ChooseCapital, ChoosePower, Claims, NewYear
from .units import GREY

if TYPE_CHECKING:
    from .state import E1815State as S


# the log lines written here (``log.say``: engine/log.py)
MAP_PLAYERS_TWO_TEAMS = phrase("{title} on the map {map}: {n} players in two teams ({teams}).",
                               "title", "map", "n", "teams")
MAP_PLAYERS = phrase("{title} on the map {map}: {n} players.", "title", "map", "n")


def setup(st: S) -> None:
    """Put out grey fortresses and neutral garrisons; queue the start phase (powers on 1715,
    capitals in seat order, then claims in reverse order, U3/U4) and the first year; run to the
    first decision."""
    board = st.content.board
    for i, land in enumerate(board.lands):
        st.units[0][i] = land.garrison
        if land.grey_fortress:
            st.fort[i] = GREY
    n = len(st.seats)
    frames: list[tuple] = []
    if board.powers:
        frames += [ChoosePower(s) for s in range(n)]
    frames += [ChooseCapital(s) for s in range(n)]
    frames += [Claims(s, st.content.rules.start.claims) for s in reversed(range(n))]
    frames.append(NewYear())
    st.stack.extend(reversed(frames))
    st.season = "start"
    if st.team_of:
        st.log.say(MAP_PLAYERS_TWO_TEAMS, st.game.title, board.name, n, team_names(st))
    else:
        st.log.say(MAP_PLAYERS, st.game.title, board.name, n)
    st.advance()


def team_names(st: S) -> Listed:
    """The two teams by their seats' titles: "Player 1 + Player 3 vs Player 2 + Player 4"."""
    teams = [listed([st.seats[s] for s in range(len(st.seats)) if st.team_of[s] == t], " + ") for t in (0, 1)]
    return listed(teams, " vs ")
