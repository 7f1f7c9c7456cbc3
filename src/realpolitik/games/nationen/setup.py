"""Das Spiel der Nationen's set-up and outcome (the German Nationen rule book: Vorbereitungen; who
survives wins, or the best score at the round limit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import Outcome
from realpolitik.i18n import listed, phrase_n, t, tn

from . import economy
from .occupancy import clear
from .options import FirstPlayer, StartVariant
from .sequence import TURNS
from .tables import OPEN

if TYPE_CHECKING:
    from .state import NationenState as S

# the line of the log written here, made by ``phrase`` (i18n/messages.py)
BEGINS = phrase_n("{seat} begins; play goes clockwise. Everyone has {start_money} M and {start_tankers} tanker.",
                  "{seat} begins; play goes clockwise. Everyone has {start_money} M and {start_tankers} tankers.",
                  "seat", "start_money", "start_tankers", count="start_tankers")


# ====================================================================== set-up


def setup(st: S) -> None:
    """Vorbereitungen: 7 M each, the U.O.R.–Abu Akar pipeline, the shuffled deck, the first player."""
    b = st.content.board
    comp = b.components
    n = len(st.seats)
    clear(st)
    st.agents = [-1] * n
    st.supply = list(b.pieces) * n
    variant = st.opts.start_variant
    st.money = [comp.start_money] * n
    st.tankers = [0] * (n * len(b.locations))
    st.pipes = 1 << b.start_pipeline if b.start_pipeline >= 0 else 0
    st.alive = [True] * n
    st.out_order = [-1] * n
    st.deck = list(st.content.deck)
    st.rng.shuffle(st.deck)
    st.unknown = len(st.deck)
    st.loan = [0] * n
    st.loan_rate = [0] * n
    st.strike = [False] * n
    st.nationalised = [-1] * n
    st.treaty = [False] * n
    st.bank = comp.bank - sum(st.money)
    st.first = st.rng.below(n) if st.opts.first_player == FirstPlayer.RANDOM else 0
    clockwise = (*range(st.first, n), *range(st.first))
    if variant == StartVariant.COMPENSATION:
        st.money = [comp.start_money + clockwise.index(s) for s in range(n)]
        st.bank = comp.bank - sum(st.money)
    st.opening = tuple(reversed(clockwise)) if variant == StartVariant.REVERSE else clockwise
    st.assigned = ()
    if variant == StartVariant.RANDOM_STATES:
        states = list(range(len(b.states)))
        st.rng.shuffle(states)
        st.assigned = tuple(states[:n])
    st.current = st.opening[0]
    st.round = 1
    st.step3 = OPEN
    st.tanker_done = st.pipeline_done = st.moved = st.chained = False
    st.stack = [TURNS[st.opening[0]]]
    st.last_card = None
    st.limit_reached = False
    st.log.say(BEGINS, st.seats[st.first], comp.start_money, comp.start_tankers)
    st.advance()


# ====================================================================== outcome


def score(st: S, seat: int) -> int:
    """A20: cash + 3 M per tanker owned + income, for ranking at the round limit."""
    return st.money[seat] + 3 * economy.tankers_of(st, seat) + economy.income(st, seat)


def outcome(st: S) -> Outcome:
    """Wer überlebt, gewinnt — or, with the round limit, the best score among the survivors."""
    n = len(st.seats)
    alive = [s for s in range(n) if st.alive[s]]
    if st.limit_reached:
        points = tuple(float(score(st, s)) if st.alive[s] else 0.0 for s in range(n))
        keys = [(1, points[s]) if st.alive[s] else (0, st.out_order[s]) for s in range(n)]
    else:
        points = None
        keys = [(1, 0) if st.alive[s] else (0, st.out_order[s]) for s in range(n)]
    places = tuple(1 + sum(k > keys[s] for k in keys) for s in range(n))
    winners = tuple(s for s in range(n) if places[s] == 1)
    if st.limit_reached:
        reason = tn("The round limit ({limit} rounds) ended the game with {n} powers left; {lead} leads on cash + 3 M "
                    "per tanker + income.", "The round limit ({limit} rounds) ended the game with {n} powers left; "
                    "{lead} lead on cash + 3 M per tanker + income.", "leaders", limit=st.opts.round_limit,
                    n=len(alive), lead=listed(st.seats[s] for s in winners), leaders=len(winners))
    else:
        reason = t("{seat} is the last great power left and rules Kark alone.", seat=st.seats[alive[0]])
    return Outcome(places=places, winners=winners, reason=reason, points=points, limit=st.limit_reached)
