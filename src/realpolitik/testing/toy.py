"""High card: a two-seat hidden-card game small enough to solve by hand, for bot tests,
and the worked example of docs/engine.md.

Cards 1–9 are shuffled; each seat gets one, face down. Seat p1 either folds (and takes
a sure reward of ``FOLD_REWARD``) or calls (the higher card wins outright). With card
``c`` a call wins with probability ``(c - 1) / 8``, so the right play is to call from 5
up and fold below; a bot that peeked at p2's card would play differently. The game is
not registered: tests build it directly.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from realpolitik.engine import LIST, VALUE, FramedState, Game, Outcome, Rng, decision, fields

FOLD_REWARD = 0.4
CARDS = tuple(range(1, 10))


@decision
class CallOrFold(NamedTuple):
    """p1 calls (both cards are shown, the higher wins) or folds (a sure, small reward)."""

    seat: int

    def legal(self, st: HighCardState) -> list[str]:
        return ["call", "fold"]

    def act(self, st: HighCardState, action: str) -> None:
        st.stack.pop()
        st.choice = action
        st.log.say(f"p1 {action}s.")
        if action == "call":
            st.log.say(f"p1 shows {st.cards[0]}, p2 shows {st.cards[1]}.")

    def describe(self, st: HighCardState, seat: int | None) -> str:
        return "call or fold" if seat == self.seat else "p1 decides"


class HighCardState(FramedState):
    """Both cards, the undealt rest and p1's choice."""

    __slots__ = fields(cards=LIST, rest=LIST, choice=VALUE)

    def public_view(self) -> dict[str, Any]:
        return {"undealt": len(self.rest), "choice": self.choice,
                "shown": self.cards[:] if self.choice == "call" else None}

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"card": self.cards[seat]}

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        if self.choice == "call":
            return
        other = 1 - seat
        pool = self.rest + [self.cards[other]]
        rng.shuffle(pool)
        self.cards[other] = pool.pop()
        self.rest = pool

    def outcome(self) -> Outcome | None:
        if self.choice is None:
            return None
        if self.choice == "fold":
            return Outcome(places=(2, 1), winners=(1,), reason="p1 folds.",
                           rewards=(FOLD_REWARD, 1 - FOLD_REWARD))
        high = 0 if self.cards[0] > self.cards[1] else 1
        return Outcome(places=(1, 2) if high == 0 else (2, 1), winners=(high,), reason="The higher card wins.")


class HighCard(Game):
    """The game definition; ``deal(mine, theirs)`` sets up a chosen position."""

    id = "high-card"
    title = "High card"

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> HighCardState:
        st = HighCardState.__new__(HighCardState)
        st._init_base(self, players, options, seed)
        deck = list(CARDS)
        st.rng.shuffle(deck)
        st.cards = [deck.pop(), deck.pop()]
        st.rest = deck
        st.choice = None
        st.stack = [CallOrFold(0)]
        st.advance()
        return st

    def deal(self, mine: int, theirs: int, seed: int = 0) -> HighCardState:
        """A new game in which p1 holds ``mine`` and p2 holds ``theirs``."""
        st = self.new_state(2, None, seed)
        st.cards = [mine, theirs]
        st.rest = [c for c in CARDS if c not in (mine, theirs)]
        return st
