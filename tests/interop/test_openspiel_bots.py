"""OpenSpiel's bots in our arena: ``os-ismcts`` and ``os-mcts`` through the adapter."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from realpolitik import bots  # noqa: E402
from realpolitik.bots import bot_kinds, make_bot  # noqa: E402
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.sim.arena import play  # noqa: E402

from .conftest import SHORT  # noqa: E402


@pytest.mark.parametrize("game_id, kind", [("e1815", "os-ismcts"), ("nationen", "os-mcts")])
def test_an_openspiel_bot_plays_a_full_arena_game(game_id, kind):
    game = get(game_id)
    options = game.resolve_options({**game.conformance_options, **SHORT.get(game_id, {})})
    seats = [f"{kind}:simulations=3", "random"]
    result = play(game.new_state(2, options, 3), [make_bot(s, game, i) for i, s in enumerate(seats)], seats, seed=3)
    assert result.plies > 10 and sum(result.decisions) == result.plies


def test_an_openspiel_bot_is_reproducible_and_never_given_the_true_state():
    game = get("nuclear-war")
    state, rng = game.new_state(3, {}, 2), Rng(1)
    while state.ply < 8 or len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[rng.below(len(state.legal_actions()))])
    chosen = set()
    for _ in range(2):
        ctx = SeatContext.of(state, state.to_act, Rng(5))
        ctx.close()  # the bot may only use the world already drawn; none is, so it must fail
        with pytest.raises(RuntimeError, match="closed"):
            make_bot("os-ismcts:simulations=4", game, 9).choose(ctx)
        ctx = SeatContext.of(state, state.to_act, Rng(5))
        chosen.add(make_bot("os-ismcts:simulations=4", game, 9).choose(ctx))
    assert len(chosen) == 1 and chosen <= set(state.legal_actions())


def test_openspiel_kinds_are_research_kinds_with_checked_parameters():
    game = get("wsdv")
    assert "os-ismcts" not in bot_kinds(game) and "os-ismcts" in bot_kinds(game, research=True)
    with pytest.raises(ValueError, match="unknown parameter 'budget'"):
        make_bot("os-ismcts:budget=5", game)
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("os-mcts:simulations=0", game)


def test_without_open_spiel_the_kinds_are_refused_with_how_to_install(monkeypatch):
    monkeypatch.setattr(bots, "RESEARCH", {})
    with pytest.raises(ValueError, match=r"needs open-spiel: pip install 'realpolitik\[rl\]'"):
        make_bot("os-ismcts", get("wsdv"))
