"""1815 and 1815 2vs2 in German: every log line, prompt, button, refusal and outcome of whole
games read in German is German."""

from __future__ import annotations

import re

import pytest

from realpolitik.engine import IllegalAction, Rng
from realpolitik.games import get
from realpolitik.i18n import render
from realpolitik.testing.words import view_texts

#: English words that have no place in a German text
ENGLISH = re.compile(r"\b(the|and|of|attacks?|troops|general|turn|year|your|you|choose|land|lands|markers?|wins?|"
                     r"relocates?|supplies|reinforcements|team|action|winter|summer|claims?|no units)\b")


@pytest.mark.parametrize(("game_id", "players"), [("e1815", 2), ("e1815", 3), ("e1815-2vs2", 4)])
def test_whole_games_read_in_german_hold_no_english(game_id, players):
    game = get(game_id)
    for seed in range(2):
        state, rng = game.new_state(players, {"max_years": 3}, seed), Rng(seed)
        while True:
            seats = (state.to_act,) if not state.is_over() else (None, *range(players))
            for seat in seats:
                for text in view_texts(state.view(seat, log_from=max(0, state.log.size - 4), lang="de")):
                    assert not ENGLISH.search(text), text
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_refusals_in_german():
    state = get("e1815").new_state(2, {}, 1)
    with pytest.raises(IllegalAction) as refused:
        state.apply("claim atlantis")
    assert "Es gibt kein Land namens 'atlantis'." in render(refused.value.args[0], "de")
