"""Random games on every map: conservation of units, replay and clone checks for the 1715 option."""

from __future__ import annotations

import json

import pytest

from realpolitik.engine import Record, Rng
from realpolitik.games import get
from realpolitik.games.e1815 import combat
from realpolitik.testing import random_playout, shared_mutables


def _census(st, seat):
    """Every unit of ``seat``: in its supply, on the map, or in an attack being prepared."""
    total = [st.pool[k][seat] for k in range(3)]
    for k in range(3):
        total[k] += sum(n for n, o in zip(st.units[k], st.owner) if o == seat)
    found = combat.battle(st)
    if found is not None and found[0] == seat:
        for k in range(3):
            total[k] += found[2][k]
    return total


@pytest.mark.parametrize("game_id, options, players", [
    ("e1815", {}, 2), ("e1815", {}, 3), ("e1815-2vs2", {}, 4), ("e1815-2vs2", {"map": "1715"}, 4),
])
def test_units_only_move_between_supply_and_map_and_are_never_made_or_lost(kit, game_id, options, players):
    rules = get(game_id).new_state(players, options).content.rules
    full = [rules.supply.inf, rules.supply.cav, rules.supply.art]
    for _, _, after in kit.playouts(game_id, 10, players=players, seed=77, **options):
        for seat in range(players):
            assert _census(after, seat) == full


def test_the_1715_option_replays_clones_cleanly_and_ends(tmp_path):
    game = get("e1815-2vs2")
    options = {"map": "1715"}
    for i in range(30):
        st = game.new_state(4, options, seed=i)
        record = Record.start(st, i, ["random"] * 4)
        rng = Rng(i)
        mid = None
        while not st.is_over():
            if st.ply == 60:
                mid = st.clone()
                assert shared_mutables(st, mid) == []
            act = rng.choice(st.legal_actions())
            st.apply(act)
            record.actions.append(act)
        record.finish(st)
        assert st.outcome().teams == (0, 1, 0, 1)
        json.dumps(st.view(None))
        if i < 5:
            path = tmp_path / f"{i}.json"
            record.save(path)
            assert Record.load(path).replay(get).snapshot() == st.snapshot()
        if mid is not None:
            random_playout(mid, Rng(i + 1), 20_000)
            assert mid.is_over()
