"""Das Spiel der Nationen in German: every log line, prompt, button, refusal and outcome of whole
games read in German is German, in the rule book's words (Staatsoberhaupt, Geheimagent, hohe See …),
the stand-in incident cards too (their names and texts are messages, found in the card file)."""

from __future__ import annotations

import re

import pytest

from realpolitik.engine import IllegalAction, Rng
from realpolitik.games import get
from realpolitik.i18n import render, t
from realpolitik.testing.words import view_texts

GAME = get("nationen")
#: English words that have no place in a German text
ENGLISH = re.compile(r"\b(the|and|of|moves?|tankers?|agent|head|state|turn|your|you|choose|capital|high sea|port|"
                     r"pays?|receives?|income|round|places?|attacks?|lays?|king|president|dictator|guerrilla)\b")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_read_in_german_hold_no_english(players):
    for seed in range(3):
        state, rng = GAME.new_state(players, {"round_limit": 12}, seed), Rng(seed)
        while True:
            seats = (state.to_act,) if not state.is_over() else (None, *range(players))
            for seat in seats:
                for text in view_texts(state.view(seat, log_from=max(0, state.log.size - 4), lang="de")):
                    assert not ENGLISH.search(text), text
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_refusals_in_german():
    state = GAME.new_state(2, {}, 1)
    with pytest.raises(IllegalAction) as refused:
        state.apply("place king atlantis")
    assert "Es gibt keinen Staat 'atlantis'" in render(refused.value.args[0], "de")


def test_an_incident_card_reads_in_german():
    state, rng = GAME.new_state(2, {}, 4), Rng(4)
    while not state.last_card:
        state.apply(rng.choice(state.legal_actions()))
    card = state.content.cards[state.last_card]
    german = render(state.view(None, lang="de")["log"], "de")
    assert card.text not in german and render(t(card.text), "de") in german
    assert card.text in render(state.view(None, lang="en")["log"], "en")
