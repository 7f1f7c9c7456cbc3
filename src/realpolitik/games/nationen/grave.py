"""Actions that ask for a second thought in Das Spiel der Nationen: those after which the
player is out, or is left without the money and income to move a head of state — "Wer
überlebt, gewinnt!": a player who can neither pay nor earn is eliminated at the end of a
turn without a move (rules: end of turn, elimination) — and those that end the game (the
last rival falls, or the agreed last round is over)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine.foresight import foreseen
from realpolitik.i18n import Text, t

from . import economy, movement

if TYPE_CHECKING:
    from .state import NationenState as S


def broke(st: S, seat: int) -> bool:
    """Too little money to move a head of state, and no income to bring more."""
    cheapest = movement.cheapest_rate(st, seat)
    return cheapest is not None and st.money[seat] < cheapest and economy.income(st, seat) == 0


def fate(st: S, seat: int) -> str | bool:
    """What became of ``seat``: out of the game, the game over, else whether it is broke."""
    if not st.alive[seat]:
        return "out"
    return "over" if st.is_over() else broke(st, seat)


def grave(st: S, action: str) -> Text | None:
    seat = st.to_act
    after = set(foreseen(st, action, lambda world: fate(world, seat)))
    if after == {"out"}:
        return t("This eliminates you: all your pieces leave the board.")
    if after == {"over"}:
        return t("This ends the game.")
    if after == {True} and not broke(st, seat):  # the warning comes with the move that spends the last money
        return t("After this you have too little money to move a head of state and no income: unless your agent "
                 "brings money, you are eliminated at the end of a turn in which you cannot move.")
    return None
