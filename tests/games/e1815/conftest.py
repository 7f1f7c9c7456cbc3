"""Scenario helpers for the 1815 tests: a cleared map, units put by hand, a turn set up."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.e1815.sequence import TurnAction
from realpolitik.games.e1815.state import GREY, NEUTRAL, NO_FORT


def blank(game_id: str = "e1815", players: int = 4, **options):
    """A game with every land neutral and empty (grey fortresses kept, no garrisons), full supplies."""
    st = get(game_id).new_state(players, options, seed=7)
    board = st.content.board
    n = len(board.lands)
    r = st.content.rules
    st.owner = [NEUTRAL] * n
    st.held = None
    st.units = [[0] * n for _ in range(3)]
    st.fort = [GREY if land.grey_fortress else NO_FORT for land in board.lands]
    st.capital = [NEUTRAL] * players
    st.general = [NEUTRAL] * players
    st.pool = [[r.supply.inf] * players, [r.supply.cav] * players, [r.supply.art] * players]
    st.sp = [0] * players
    st.markers = [0] * players
    st.completed = [0] * players
    st.conquered = [0] * players
    st.demand = [NEUTRAL] * players
    st.year = 1
    st.season = "summer"
    st.stack = []
    st.result = None
    st.advance()
    return st


def put(st, seat: int, key: str, inf: int = 0, cav: int = 0, art: int = 0, *, capital: bool = False,
        general: bool = False, fort: int | None = None) -> int:
    """Give ``key`` to ``seat`` (or neutral) with these units, taken from the owner's supply."""
    i = st.content.board.index[key]
    st.owner[i] = seat
    st.held = st.held_masks = st.strongholds = None  # lands_of, land_mask and fortresses_of work them out again
    for k, n in enumerate((inf, cav, art)):
        st.units[k][i] = n
        if seat != NEUTRAL:
            st.pool[k][seat] -= n
    if capital:
        st.capital[seat] = i
    if general:
        st.general[seat] = i
    if fort is not None:
        st.fort[i] = fort
    st._legal = None
    return i


def start_turn(st, seat: int, season: str = "summer", actions: int = 2, below: tuple = ()) -> None:
    """Make it ``seat``'s turn with ``actions`` actions; ``below`` are the frames that follow."""
    st.season = season
    st.turn_seat = seat
    st.actions_left = actions
    st.military_left = 1
    st.acted = 0
    st.half = False
    st.stack = [*below, TurnAction(seat)]
    st.advance()


def units(st, key: str) -> tuple[int, int, int]:
    i = st.content.board.index[key]
    return (st.units[0][i], st.units[1][i], st.units[2][i])


def owner(st, key: str) -> int:
    return st.owner[st.content.board.index[key]]


def play(st, *actions: str) -> None:
    for a in actions:
        st.apply(a)


def playouts(game_id: str, games: int, players: int = 4, seed: int = 0, **options):
    """Seeded random playouts; yields (state before, action, state after) for every action."""
    game = get(game_id)
    for g in range(games):
        st = game.new_state(players, options, seed=seed + g)
        rng = Rng(seed + g)
        while not st.is_over():
            before = st.clone()
            action = rng.choice(st.legal_actions())
            st.apply(action)
            yield before, action, st


@pytest.fixture
def kit():
    """The scenario helpers."""
    return SimpleNamespace(blank=blank, put=put, start_turn=start_turn, units=units, owner=owner, play=play,
                           playouts=playouts, NEUTRAL=NEUTRAL, GREY=GREY, NO_FORT=NO_FORT)
