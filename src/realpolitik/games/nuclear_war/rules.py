"""Nuclear War rules (seed 004, spec nuclear_war.md) as procedures over a decision stack.

Pending work is a stack of plain tuples ``(kind, seat, *data)``. A *decision* frame
waits for that seat's action (``legal``/``act``); a *procedure* frame is run by
``advance`` and may push further frames. Everything lives in the state, so a clone or
a replayed record is complete at every decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import Outcome

from . import aftermath, combat, sequence
from .common import label
from .tables import DEAL, HAND_SIZE

if TYPE_CHECKING:
    from .state import NuclearWarState as S

DECISIONS = frozenset({"commit", "place", "aim", "intercept", "retaliate", "swap"})


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
    st.log.add(f"{st.seats[first]} opens the game. Everyone holds {HAND_SIZE} cards.")
    st.stack.append(("opening", first))
    advance(st)


# ====================================================================== the loop


def advance(st: S) -> None:
    """Run procedures until a decision is on top of the stack or the game is over."""
    stack = st.stack
    while stack and stack[-1][0] not in DECISIONS:
        frame = stack.pop()
        PROCEDURES[frame[0]](st, *frame[1:])


def legal(st: S) -> list[str]:
    """The legal action texts of the decision on top of the stack."""
    frame = st.stack[-1]
    return LEGAL[frame[0]](st, *frame[1:])


def act(st: S, action: str) -> None:
    """Perform a legal action, then advance to the next decision."""
    frame = st.stack[-1]
    ACT[frame[0]](st, action, *frame[1:])
    advance(st)


# ====================================================================== outcome


def outcome(st: S) -> Outcome:
    """Sieg: the last player with at least one million people wins; otherwise nobody does."""
    n = len(st.seats)
    keys = [(1, 0) if st.alive[s] else (0, st.out_tick[s]) for s in range(n)]
    places = tuple(1 + sum(k > keys[s] for k in keys) for s in range(n))
    survivors = tuple(s for s in range(n) if st.alive[s])
    if len(survivors) == 1:
        reason = f"{label(st, survivors[0])} is the last nation with people left and rules the world."
    elif st.world_ended:
        reason = "The 100 megaton warhead set off a nuclear stockpile and destroyed the world. Nobody wins."
    else:
        reason = "The last nations annihilated each other. Nobody wins."
    return Outcome(places=places, winners=survivors if len(survivors) == 1 else (), reason=reason)


# ====================================================================== words


def describe(st: S, seat: int | None) -> str:
    """The pending decision: in full for the deciding seat, in public words for the others."""
    kind, who, *data = st.stack[-1]
    name = label(st, who)
    mine = seat == who
    if kind == "commit":
        n = len(st.queues[who]) + 1
        return f"choose your strategy: place face-down card {n} of 2" if mine else f"{name} chooses a strategy"
    if kind == "place":
        return ("show or take back deterrent cards, then place a card face down behind your row"
                if mine else f"{name} places a card face down")
    if kind == "aim":
        purpose, key = data
        what = {"attack": "attack", "propaganda": "propaganda", "secret": st.name(key)}[purpose]
        return f"name the target of your {what}" if mine else f"{name} names the target of its {what}"
    if kind == "intercept":
        attacker, carrier, warhead, _ = data
        shot = f"{label(st, attacker)}'s {st.name(carrier)} with a {st.name(warhead)}"
        return f"intercept {shot} aimed at you, or not" if mine else f"{name} decides whether to intercept {shot}"
    if kind == "retaliate":
        return ("name the strikes of your final retaliation (carrier, warhead, target), then done"
                if mine else f"{name} plans its final retaliation")
    return ("peace: swap your face-down cards for hand cards, or keep them" if mine
            else f"{name} may change its face-down cards")


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions."""
    words = action.split(" ")
    kind = st.stack[-1][0] if st.stack else None
    if words[0] in ("place", "show", "hide", "intercept", "swap") and len(words) >= 2:
        key = words[-1]
        if key not in st.content.cards:
            return f"There is no card called {key!r}."
    if words[0] == "target" and len(words) == 2:
        if words[1] not in st.seats:
            return f"There is no player {words[1]!r}."
        return f"{words[1]} is not an opponent you can choose now."
    if kind != "place" and words[0] in ("show", "hide"):
        return "The deterrent force can only be changed in your own turn, before you place a card."
    if kind == "place" and words[0] in ("show", "hide") and st.moves >= 2:
        return "You have already moved two cards to or from your deterrent force this turn."
    return None


# ====================================================================== dispatch tables

PROCEDURES = {
    "opening": sequence.opening,
    "turn": sequence.start_turn,
    "draw": sequence.draw,
    "placing": sequence.placing,
    "reveal": sequence.reveal,
    "end_turn": sequence.end_turn,
    "strike": combat.strike,
    "roll": combat.roll,
    "settle": aftermath.settle,
}
LEGAL = {
    "commit": sequence.legal_commit,
    "place": sequence.legal_place,
    "aim": sequence.legal_aim,
    "intercept": combat.legal_intercept,
    "retaliate": aftermath.legal_retaliate,
    "swap": aftermath.legal_swap,
}
ACT = {
    "commit": sequence.act_commit,
    "place": sequence.act_place,
    "aim": sequence.act_aim,
    "intercept": combat.act_intercept,
    "retaliate": aftermath.act_retaliate,
    "swap": aftermath.act_swap,
}
