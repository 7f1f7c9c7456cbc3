"""What a player reads of a choice names the players as players know them ("Player 2",
"West"), in every game and language, never by the seat labels of the action texts (``p2``)."""

from __future__ import annotations

import re

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get, registry
from realpolitik.i18n import render


@pytest.mark.parametrize("game_id", registry().ids())
def test_choices_name_players_by_their_titles(game_id):
    game = get(game_id)
    players = game.max_players
    labels = "|".join(map(re.escape, game.seat_labels(players)))
    internal = re.compile(rf"(?<![\w-])({labels})(?![\w-])")
    said = set()
    for seed in range(3):
        state = game.new_state(players, game.conformance_options, seed)
        rng = Rng(seed)
        for _ in range(400):
            if state.is_over():
                break
            for choice in state.choices():
                for lang in ("en", "de"):
                    words = render(choice.label, lang)
                    said.add(words)
                    assert not internal.search(words), (choice.action, lang, words)
            state.apply(rng.choice(state.legal_actions()))
    assert said
