"""Scenario builder for Das Spiel der Nationen rule tests: set the board directly."""

from __future__ import annotations

from realpolitik.engine import Log
from realpolitik.games import get
from realpolitik.games.nationen.content import LEADERS
from realpolitik.games.nationen.occupancy import put
from realpolitik.games.nationen.sequence import EndTurn, HeadOfState, Turn
from realpolitik.games.nationen.tables import OPEN

GAME = get("nationen")


def build(players: int = 2, *, leaders=(), agents=None, money=None, tankers=(), pipes=None, deck=(),
          turn: int = 0, round: int = 2, at: str = "turn", options=None, supply=None):
    """A state in round ``round`` at the start of seat ``turn``'s turn, the board as given.

    ``leaders``: ``(seat, kind, point)``; ``agents``: a point per seat (default: all on
    ``sahir-2``, out of the way); ``tankers``: ``(seat, location, count)``; ``pipes``: state
    key pairs (default: the U.O.R.–Abu Akar pipeline only); ``deck``: the top cards, in
    order (the rest of the deck follows, shuffled). ``at="turn"`` starts the turn (income
    is paid, the agent is to move); ``at="main"`` skips to step 3 with nothing done yet.
    """
    st = GAME.new_state(players, options, seed=0)
    b = st.content.board
    n = players
    st.supply = [b.pieces[k] for _ in range(n) for k in range(4)] if supply is None else list(supply)
    for seat, kind, point in leaders:
        k = LEADERS.index(kind)
        put(st, b.point_id[point], seat * 4 + k)  # the board, its readings and the seat's leaders
        if supply is None:
            st.supply[seat * 4 + k] -= 1
    st.agents = [b.point_id[p] for p in (agents or ["sahir-2"] * n)]
    st.money = list(money) if money is not None else [20] * n
    st.tankers = [0] * (n * len(b.locations))
    for seat, loc, count in tankers:
        st.tankers[seat * len(b.locations) + b.locations.index(loc)] += count
    if pipes is not None:
        st.pipes = 0
        for x, y in pipes:
            pair = tuple(sorted((b.state_index[x], b.state_index[y])))
            st.pipes |= 1 << b.pipeline_pairs_chain.index(pair)
    rest = list(st.deck)
    for key in deck:
        rest.remove(key)
    st.deck = list(deck) + rest
    st.unknown = len(st.deck)
    st.round = round
    st.current = turn
    st.log = Log()
    st.last_card = None
    if at == "main":
        st.step3 = OPEN
        st.tanker_done = st.pipeline_done = st.moved = st.chained = False
        st.stack = [EndTurn(turn), HeadOfState(turn)]
    else:
        st.stack = [Turn(turn)]
    st.advance()
    return st


def point(st, name: str) -> int:
    """The index of a point by name."""
    return st.content.board.point_id[name]


def leader_at(st, name: str):
    """``(seat, kind)`` of the leader on a point, or ``None``."""
    occ = st.board[point(st, name)]
    return None if occ < 0 else (occ // 4, LEADERS[occ % 4])


def held(st, seat: int, loc: str) -> int:
    """Tankers of ``seat`` at a location."""
    b = st.content.board
    return st.tankers[seat * len(b.locations) + b.locations.index(loc)]


def logged(st) -> str:
    """The whole public log as one text."""
    return "\n".join(st.log.redacted(None))


def moves(st) -> set[str]:
    """The legal move/attack texts now."""
    return {a for a in st.legal_actions() if a.split(" ")[0] in ("move", "attack")}


def destinations(st, start: str) -> set[str]:
    """Where the leader on ``start`` may move or attack now."""
    return {a.split(" ")[3] for a in moves(st) if a.split(" ")[2] == start}


def start_turn(st, seat: int = 0) -> None:
    """Begin ``seat``'s turn now (income, then the agent), discarding whatever was pending."""
    st.stack = [Turn(seat)]
    st.advance()
