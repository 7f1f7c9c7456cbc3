"""Scenario builder for Nuclear War rule tests: set the table directly, script the dice."""

from __future__ import annotations

from realpolitik.engine import Log
from realpolitik.games import get
from realpolitik.games.nuclear_war.combat import Intercept
from realpolitik.games.nuclear_war.sequence import PlaceCard, Turn
from realpolitik.testing import ScriptedRng

VALUES = (1, 2, 5, 10, 25)


def holding(*cards: int) -> list[int]:
    """Population cards of these values, as counts per denomination."""
    return [cards.count(v) for v in VALUES]


def build(players: int = 3, *, hands=None, queues=None, shown=None, face_up=None, payload=None,
          people=None, bank=None, draw=(), discard=(), war=False, turn=0, dice=(), options=None,
          stack=None, skips=None):
    """A state at the start of ``turn``'s turn (or at ``stack``), with everything given set.

    ``people`` per seat is a list of population card values; ``draw`` lists the draw pile
    bottom to top (the last card is drawn first); ``dice`` scripts the RNG.
    """
    st = get("nuclear-war").new_state(players, options, seed=0)
    n = players
    st.hands = [list(h) for h in (hands or [["10mt"] * 7] * n)]
    st.queues = [list(q) for q in (queues or [["propaganda-5", "propaganda-5"]] * n)]
    st.exposed = [[False] * len(q) for q in st.queues]
    st.shown = [list(s) for s in (shown or [[]] * n)]
    st.face_up = list(face_up or [None] * n)
    st.payload = list(payload or [st.content.cards[k].payload if k else 0 for k in st.face_up])
    st.pop = [holding(*p) for p in (people or [[25, 25]] * n)]
    st.bank = list(bank) if bank is not None else holding(*([1] * 10 + [2] * 5 + [5] * 5 + [10] * 3))
    st.draw = list(draw)
    st.discard = list(discard)
    st.at_war = war
    st.skips = list(skips or [0] * n)
    st.alive = [True] * n
    st.net = [0] * n
    st.out_tick = [-1] * n
    st.dying, st.fallen, st.next_turn, st.current = [], False, None, turn
    st.rng = ScriptedRng(list(dice))
    st.log = Log()
    st.stack = list(stack) if stack is not None else [Turn(turn)]
    st._legal = None
    st.advance()
    return st


def play(st, *actions: str) -> None:
    """Apply actions in order."""
    for a in actions:
        st.apply(a)


def logged(st) -> str:
    """The whole public log as one text."""
    return "\n".join(st.log.redacted(None))


def others_pass(st, until: int, card: str = "10mt") -> None:
    """Let other seats act (placing ``card`` when they can, else their first choice) until ``until`` must place."""
    while not st.is_over() and not (st.to_act == until and isinstance(st.stack[-1], PlaceCard)):
        legal = st.legal_actions()
        pick = f"place {card}" if f"place {card}" in legal else legal[0]
        if isinstance(st.stack[-1], Intercept):
            pick = "no intercept"
        st.apply(pick)
