"""2+2's set-up (the 2+2 rule book, §3): the base game's board, then the treasuries, the markers, the
decks and the peace doves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import t

from ..setup import prepare

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

N_2_2_USA = t("2+2: the USA, the Soviet Union, West and East. The USA begins.")


# ====================================================================== set-up (§3)


def setup(st: S) -> None:
    """The base game's set-up, the 2+2 board: treasuries at $6, markers on their start spaces, 6 doves."""
    prepare(st)
    c = st.content
    n = len(st.seats)
    st.treasury = [c.treasury.start, c.treasury.start]
    st.arms = st.space = st.dominance = 0
    st.doves = c.doves
    st.arms_deck = list(c.arms_deck)
    st.conflict_deck = list(c.conflict_deck)
    st.rng.shuffle(st.arms_deck)
    st.rng.shuffle(st.conflict_deck)
    st.arms_used, st.conflict_used = [], []
    st.arms_last = st.conflict_last = ""
    st.arms_cost = 0
    st.soviet_penalty = False
    st.prepared = [[], []]
    st.unseen = []
    st.peacemakers = [[] for _ in range(n)]
    st.active = -1
    st.last_active = 0
    st.space_bonus = [False] * n
    st.button = st.victor = -1
    st.log.say(N_2_2_USA)
    st.advance()
