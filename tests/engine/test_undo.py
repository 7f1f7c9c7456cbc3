"""The engine says which actions may be taken back: those that drew on no chance and showed
no seat anything hidden — found from the contract alone, the same for every game, exactly
(no sampled worlds: tests/engine/test_undo_exact.py holds sampling as the oracle)."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.engine import Game, Outcome, Rng, State
from realpolitik.engine.undo import Hidden, Looked, why_not_undoable
from realpolitik.games import get


class CoveredState(State):
    """Two seats, each with a secret number, and a face-down pile nobody has seen; the seat to
    act may say something public, roll a die, peek at the other's number, name its own number
    aloud, make a note of it, or turn up the top of the pile."""

    __slots__ = ("secrets", "said", "peeked", "rolled", "pile", "turned")

    @property
    def to_act(self) -> int | None:
        return None if len(self.said) >= 6 else len(self.said) % 2

    def _legal_actions(self) -> list[str]:
        return ["wave", "roll", "peek", f"name {self.secrets[self.to_act]}", "note", "turn"]

    def _apply(self, action: str) -> None:
        seat = self.to_act
        if action == "roll":
            self.rolled = self.rng.below(6)
        elif action == "peek":
            self.peeked[seat] = self.secrets[1 - seat]
        elif action == "note":  # a private mark only its writer sees, from what it already knows
            self.peeked[seat] = -self.secrets[seat]
        elif action == "turn":  # no die: the pile was shuffled when the game began
            self.turned = self.pile.pop()
        self.said.append(action)

    def _copy_into(self, twin: CoveredState) -> None:
        twin.secrets, twin.said, twin.peeked, twin.rolled = self.secrets[:], self.said[:], self.peeked[:], self.rolled
        twin.pile, twin.turned = self.pile[:], self.turned

    def public_view(self) -> dict[str, Any]:
        return {"said": [a if a.startswith(("wave", "roll", "name")) else "…" for a in self.said],
                "rolled": self.rolled, "pile": len(self.pile), "turned": self.turned}

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"secret": self.secrets[seat], "peeked": self.peeked[seat]}

    def describe_pending(self, seat: int | None) -> str:
        return "say something"

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        self.secrets = [s if i == seat else rng.below(1000) for i, s in enumerate(self.secrets)]
        rng.shuffle(self.pile)

    def snapshot(self) -> dict[str, Any]:
        return {"secrets": self.secrets, "said": self.said, "peeked": self.peeked, "rolled": self.rolled,
                "pile": self.pile, "turned": self.turned}

    def outcome(self) -> Outcome | None:
        return Outcome(places=(1, 1), winners=(), reason="said enough") if self.to_act is None else None


class CoveredGame(Game):
    id = "covered"
    title = "Covered (test)"

    #: the state class it sets up
    state = CoveredState

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> CoveredState:
        st = self.state.__new__(self.state)
        st._init_base(self, players, options, seed)
        st.secrets = [st.rng.below(1000) for _ in range(players)]
        st.said, st.peeked, st.rolled = [], [None, None], None
        st.pile, st.turned = [st.rng.below(1000) for _ in range(5)], None
        return st


@pytest.fixture
def covered() -> CoveredState:
    return CoveredGame().new_state(2, {}, 11)


def test_a_public_action_that_tells_nothing_new_may_be_taken_back(covered):
    assert why_not_undoable(covered, "wave") is None


def test_an_action_that_uses_the_dice_may_not(covered):
    assert str(why_not_undoable(covered, "roll")) == "It drew on chance."


def test_an_action_that_shows_the_actor_a_secret_may_not(covered):
    assert str(why_not_undoable(covered, "peek")) == "It showed something hidden."


def test_an_action_that_shows_others_the_actors_secret_may_not(covered):
    assert str(why_not_undoable(covered, f"name {covered.secrets[0]}")) == "It showed something hidden."


def test_a_private_action_from_what_the_actor_knew_may_be_taken_back(covered):
    assert why_not_undoable(covered, "note") is None


def test_a_card_turned_up_from_a_pile_without_the_dice_may_not(covered):
    assert str(why_not_undoable(covered, "turn")) == "It showed something hidden."


class LookingState(CoveredState):
    """Covered, but its redeal looks at what it draws, so the engine cannot tell what is hidden."""

    __slots__ = ()

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        super()._resample_hidden(seat, rng)
        self.secrets = [s if i == seat else (s if s < 1000 else 0) for i, s in enumerate(self.secrets)]


class LookingGame(CoveredGame):
    id = "looking"
    state = LookingState


def test_when_a_game_cannot_say_what_is_hidden_nothing_may_be_taken_back():
    state = LookingGame().new_state(2, {}, 11)
    assert str(why_not_undoable(state, "wave")) == "It showed something hidden."


def test_a_placeholder_may_be_moved_and_counted_with_but_not_looked_at():
    card, hand = Hidden(), []
    hand.append(card)
    assert hand.pop() is card and (card + 1).derived and not card.derived
    for look in (lambda: card == "atlas", lambda: hash(card), lambda: bool(card), lambda: f"{card}",
                 lambda: [0, 1][card], lambda: card.decade, lambda: sorted([card, Hidden()])):
        with pytest.raises(Looked):
            look()


def test_the_state_asked_about_is_not_changed(covered):
    before = covered.digest()
    for action in covered.legal_actions():
        why_not_undoable(covered, action)
    assert covered.digest() == before


def test_in_wsdv_a_card_from_the_open_display_may_be_taken_back_but_one_from_the_hand_not():
    state = get("wsdv").new_state(2, {}, 1)
    take = next(a for a in state.legal_actions() if a.startswith("take "))
    assert why_not_undoable(state, take) is None
    rng = Rng(3)
    while not any(a.startswith("play ") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    play = next(a for a in state.legal_actions() if a.startswith("play "))
    assert str(why_not_undoable(state, play)) == "It showed something hidden."


@pytest.mark.parametrize(("game", "players"), [("nuclear-war", 3), ("wsdv", 2), ("wsdv-2p2", 4), ("nationen", 3),
                                               ("e1815", 2), ("e1815-2vs2", 4)])
def test_in_every_game_some_actions_may_be_taken_back_and_none_that_moved_the_dice(game, players):
    """Seeded playouts: an action that may be taken back never moved the random generator."""
    state = get(game).new_state(players, dict(get(game).conformance_options), 5)
    rng, seen = Rng(9), {"yes": 0, "no": 0}
    for _ in range(60):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        verdict = why_not_undoable(state, action)
        if verdict is None:
            assert after.rng.state == state.rng.state
        seen["no" if verdict else "yes"] += 1
        state = after
    assert seen["yes"] > 0
