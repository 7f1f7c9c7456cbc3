"""Nuclear War in German: every log line, prompt, button and outcome of whole games read in
German is German — nothing a player reads stays English."""

from __future__ import annotations

import re

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.nuclear_war.content import DATA
from realpolitik.i18n import render
from realpolitik.testing.words import view_texts

GAME = get("nuclear-war")
#: English words that have no place in a German text ("Million" and "war" are German too)
ENGLISH = re.compile(r"\b(the|and|of|draws?|cards?|people|plays|launches|with|your|you|turn|"
                     r"intercepts?|peace|nobody|wins|face|down|target|place|strike|swap|keep|done)\b")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_whole_games_read_in_german_hold_no_english(players):
    for seed in range(6):
        state, rng = GAME.new_state(players, None, seed=seed), Rng(seed)
        while True:
            for seat in (None, *range(players)):
                german = list(view_texts(state.view(seat, log_from=max(0, state.log.size - 3), lang="de")))
                english = list(view_texts(state.view(seat, log_from=max(0, state.log.size - 3), lang="en")))
                for de, en in zip(german, english, strict=True):
                    assert de != en or not ENGLISH.search(en), en
                    assert not ENGLISH.search(de.lower()), de
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_an_own_cards_file_keeps_its_own_words(tmp_path):
    """Card names come in German from the catalog; a name an own file changed stays as written."""
    own = tmp_path / "cards.toml"
    own.write_text((DATA / "cards.toml").read_text().replace('name = "Atlas Missile"', 'name = "Atlas-Langstrecke"'))
    state = GAME.new_state(2, {"content": str(own)}, seed=1)
    assert render(state.name("atlas"), "de") == "Atlas-Langstrecke"
    assert render(state.name("polaris"), "de") == "Polaris-Rakete"
