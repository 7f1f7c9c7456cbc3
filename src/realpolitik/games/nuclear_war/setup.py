"""Nuclear War's set-up and outcome (the German Nuclear War rule book: Vorbereitung, Sieg).

Pending work is a stack of frames (engine/frames.py), each defined beside its rule:
``sequence`` (opening round, strategy, the turn), ``combat`` (Secrets, targets, attack,
defence, eliminations and final retaliation) and ``aftermath`` (their effects, peace).
Everything lives in the state, so a clone or a replayed record is complete at every decision.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from realpolitik.engine import Outcome, generator
from realpolitik.i18n import phrase, t

from .common import label
from .options import FirstPlayer
from .sequence import Opening
from .tables import DEAL, HAND_SIZE

if TYPE_CHECKING:
    from .content import Content
    from .state import NuclearWarState as S


# the log lines written here (``log.say``: engine/log.py)
OPENS_GAME_EVERYONE_HOLDS = phrase("{seat} opens the game. Everyone holds {count} cards.", "seat", "count")


# ====================================================================== set-up


def setup(st: S) -> None:
    """Vorbereitung: deal population cards and nine action cards (``plain_deal``, here by denomination and by
    slices); start the opening round."""
    n, deal = len(st.seats), DEAL[len(st.seats)]
    notes = list(_notes(st.content.population))
    st.rng.shuffle(notes)
    kinds = range(len(st.content.denominations))
    st.pop = [list(map(notes[s * deal:(s + 1) * deal].count, kinds)) for s in range(n)]
    st.bank = list(map(notes[n * deal:].count, kinds))
    st.draw = draw = list(st.content.deck)
    st.rng.shuffle(draw)
    st.hands = []
    for _ in range(n):
        st.hands.append(draw[:-HAND_SIZE - 1:-1])  # the top nine cards, taken one after the other
        del draw[-HAND_SIZE:]
    first = st.rng.below(n) if st.opts.first_player == FirstPlayer.RANDOM else 0
    st.current = first
    st.log.say(OPENS_GAME_EVERYONE_HOLDS, st.seats[first], HAND_SIZE)
    st.stack.append(Opening(first))
    st.advance()


def plain_deal(players: int, seed: int, content: Content) -> tuple[list[list[int]], list[int], list[list[str]]]:
    """What ``setup`` deals (by denomination and by slices), card after card: the population cards shuffled
    and ``DEAL[players]`` to each seat in turn, the rest to the bank; then the action cards shuffled and nine
    to each seat in turn, each from the top. Each seat's and the bank's population cards are counted by
    denomination."""
    rng = generator(seed)
    notes = [i for i, count in enumerate(content.population) for _ in range(count)]
    rng.shuffle(notes)
    deal, kinds = DEAL[players], len(content.denominations)
    pop = []
    for s in range(players):
        holding = [0] * kinds
        for i in notes[s * deal:(s + 1) * deal]:
            holding[i] += 1
        pop.append(holding)
    bank = [0] * kinds
    for i in notes[players * deal:]:
        bank[i] += 1
    draw = list(content.deck)
    rng.shuffle(draw)
    hands = [[draw.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
    return pop, bank, hands


@lru_cache(maxsize=8)
def _notes(population: tuple[int, ...]) -> tuple[int, ...]:
    """The population cards as the index of their denomination, each card once, in order."""
    return tuple(i for i, count in enumerate(population) for _ in range(count))


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
