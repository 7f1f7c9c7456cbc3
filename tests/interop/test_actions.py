"""Action ids: every legal action of many seeded random games has one, and ids and texts round-trip."""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.interop.actions import TABLE_VERSION, table

from .conftest import SHORT, ids, setups


@pytest.mark.parametrize("setup", setups(), ids=ids)
def test_every_legal_action_of_random_games_has_an_id(setup):
    _check_random_games(*setup, games=12, short=True)


@pytest.mark.slow
@pytest.mark.parametrize("setup", setups(), ids=ids)
def test_every_legal_action_of_many_full_random_games_has_an_id(setup):
    _check_random_games(*setup, games=150, short=False)


def _check_random_games(game_id: str, players: int, options: dict, games: int, short: bool) -> None:
    game = get(game_id)
    options = {**game.conformance_options, **(SHORT.get(game_id, {}) if short else {}), **options}
    actions = table(game, players, options)
    assert len(set(actions.texts)) == len(actions)
    seen = 0
    for seed in range(games):
        state, rng = game.new_state(players, options, seed), Rng(seed + 7)
        while not state.is_over():
            legal = state.legal_actions()
            numbers = actions.ids(legal)
            assert len(set(numbers)) == len(legal)
            assert [actions.text(n) for n in numbers] == list(legal)
            seen += len(legal)
            state.apply(legal[rng.below(len(legal))])
    assert seen > 100


@pytest.mark.parametrize("setup", setups(), ids=ids)
def test_every_id_round_trips(setup):
    game_id, players, options = setup
    actions = table(get(game_id), players, options)
    assert all(actions.id(actions.text(n)) == n for n in range(len(actions)))


def test_a_table_is_versioned_and_fixed():
    game = get("nuclear-war")
    first = table(game, 3)
    assert first.version == f"nuclear-war/{game.rules_version}/t{TABLE_VERSION}"
    rebuilt = type(first)(game, 3, first.texts)
    assert rebuilt.digest == first.digest and rebuilt.texts == first.texts
    assert table(game, 4).digest != first.digest  # a fourth seat adds targets and strikes


def test_seats_and_content_choose_the_table():
    game = get("e1815-2vs2")
    assert "attack wien" in table(game, 4).texts
    assert "attack wien" not in table(game, 4, {"map": "1715"}).texts
    assert table(get("nuclear-war"), 2).id("target p2") != table(get("nuclear-war"), 2).id("target p1")


def test_unknown_texts_and_ids_are_refused():
    actions = table(get("nuclear-war"), 2)
    assert actions.id("  Target   P2 ") == actions.id("target p2")
    with pytest.raises(KeyError, match="no action id for 'target p9'"):
        actions.id("target p9")
    for bad in (-1, len(actions), "3", 1.0):
        with pytest.raises(KeyError, match="no action with id"):
            actions.text(bad)
