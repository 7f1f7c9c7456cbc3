"""engine.foresight: what a player can foresee of an action, from worlds sampled from their own
view (high card, where p1 sees its own card only)."""

from __future__ import annotations

from realpolitik.engine import foresight
from realpolitik.testing.toy import HighCard, HighCardState

GAME = HighCard()


def p1_wins(world: HighCardState) -> bool:
    return world.outcome().winners == (0,)


def test_a_sure_consequence_is_foreseen_and_the_true_game_is_untouched():
    state = GAME.deal(9, 3)
    before = state.digest()
    assert foresight.surely(state, "call", p1_wins)  # a 9 beats whatever p2 holds
    assert foresight.ends_the_game(state, "fold") and foresight.ends_the_game(state, "call")
    assert state.digest() == before and not state.is_over()


def test_a_likely_consequence_is_not_foreseen_though_it_is_true(monkeypatch):
    state = GAME.deal(5, 1)  # p1 would win, but with a 5 it wins only every other world
    seen = foresight.foreseen(state, "call", p1_wins, samples=foresight.SURELY)
    assert True in seen and False in seen
    assert len(foresight.foreseen(state, "call", p1_wins)) == foresight.SAMPLES
    played = []
    real = HighCardState.determinize

    def counted(self, seat, rng, quiet=False):
        played.append(seat)
        return real(self, seat, rng, quiet)
    monkeypatch.setattr(HighCardState, "determinize", counted)
    assert not foresight.surely(state, "call", p1_wins)
    assert played == [0] * (seen.index(False) + 1)  # the same worlds, and none after the first against it
