"""Nuclear War rules (seed 004, spec nuclear_war.md): set-up, the outcome and the reasons for refusals.

Pending work is a stack of frames (engine/frames.py), each defined beside its rule:
``sequence`` (opening round, strategy, the turn), ``combat`` (Secrets, targets, attack,
defence, eliminations and final retaliation) and ``aftermath`` (their effects, peace).
Everything lives in the state, so a clone or a replayed record is complete at every decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import Outcome
from realpolitik.i18n import t

from .common import label
from .sequence import Opening
from .tables import DEAL, HAND_SIZE

if TYPE_CHECKING:
    from .state import NuclearWarState as S


# ====================================================================== set-up


def setup(st: S) -> None:
    """Vorbereitung: deal population cards and nine action cards; start the opening round."""
    n = len(st.seats)
    values = st.content.denominations
    notes = [i for i, count in enumerate(st.content.population) for _ in range(count)]
    st.rng.shuffle(notes)
    st.pop = []
    for s in range(n):
        holding = [0] * len(values)
        for i in notes[s * DEAL[n]:(s + 1) * DEAL[n]]:
            holding[i] += 1
        st.pop.append(holding)
    st.bank = [0] * len(values)
    for i in notes[n * DEAL[n]:]:
        st.bank[i] += 1
    st.draw = list(st.content.deck)
    st.rng.shuffle(st.draw)
    st.hands = [[st.draw.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
    first = st.rng.below(n) if st.options["first_player"] == "random" else 0
    st.current = first
    st.log.add(t("{seat} opens the game. Everyone holds {count} cards.", seat=st.seats[first], count=HAND_SIZE))
    st.stack.append(Opening(first))
    st.advance()


# ====================================================================== outcome


def outcome(st: S) -> Outcome:
    """Sieg: the last player with at least one million people wins; otherwise nobody does."""
    n = len(st.seats)
    keys = [(1, 0) if st.alive[s] else (0, st.out_tick[s]) for s in range(n)]
    places = tuple(1 + sum(k > keys[s] for k in keys) for s in range(n))
    survivors = tuple(s for s in range(n) if st.alive[s])
    if len(survivors) == 1:
        reason = t("{seat} is the last nation with people left and rules the world.", seat=label(st, survivors[0]))
    elif st.world_ended:
        reason = t("The 100 megaton warhead set off a nuclear stockpile and destroyed the world. Nobody wins.")
    else:
        reason = t("The last nations annihilated each other. Nobody wins.")
    return Outcome(places=places, winners=survivors if len(survivors) == 1 else (), reason=reason)
