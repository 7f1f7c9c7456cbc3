"""Wir sind das Volk! and 2+2 in German: every log line, prompt, button, refusal and outcome of
whole games read in German is German, in the German edition's words."""

from __future__ import annotations

import re

import pytest

from realpolitik.engine import IllegalAction, Rng
from realpolitik.games import get
from realpolitik.i18n import render
from realpolitik.testing.words import view_texts

#: English words that have no place in a German text (card titles and places are printed German)
ENGLISH = re.compile(r"\b(the|and|of|draws?|cards?|unrest|living|standard|build|point|protest|decade|takes|plays|"
                     r"your|you|choose|track|factory|ignores?|dismantles?|treasury|arms|race|space|dove)\b")


@pytest.mark.parametrize(("game_id", "players"), [("wsdv", 2), ("wsdv-2p2", 4)])
def test_whole_games_read_in_german_hold_no_english(game_id, players):
    game = get(game_id)
    for seed in range(3):
        state, rng = game.new_state(players, {}, seed), Rng(seed)
        while True:
            seats = (state.to_act,) if not state.is_over() else (None, *range(players))
            for seat in seats:
                start = max(0, state.log.size - 4)
                german = list(view_texts(state.view(seat, log_from=start, lang="de")))
                english = list(view_texts(state.view(seat, log_from=start, lang="en")))
                for de, en in zip(german, english, strict=True):
                    assert not ENGLISH.search(de), (de, en)
            if state.is_over():
                assert state.view(None, lang="de")["outcome"]["reason"] != state.view(None, lang="en")["outcome"][
                    "reason"]
                break
            state.apply(rng.choice(state.legal_actions()))


def test_refusals_in_german():
    state = get("wsdv").new_state(2, {}, 1)
    while not any(a.startswith("take ") for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply("take 999 calm")
    assert render(refused.value.args[0], "de").startswith("Es gibt keine Karte '999'.")
    with pytest.raises(IllegalAction) as refused:
        state.apply("calm nowhere")
    assert "Es gibt keine Provinz 'nowhere'." in render(refused.value.args[0], "de")
