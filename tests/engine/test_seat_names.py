"""Seats read as the game names them: a seat's label (``p2``, ``ussr``) is what data, action
texts and records hold, its title ("Player 2", "Sowjetunion") what every log line, prompt,
refusal and outcome shows, in the reader's language."""

from __future__ import annotations

import json
import pickle

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games import get
from realpolitik.i18n import Named, render, t


def test_a_named_id_is_its_string_in_data_and_its_title_in_words():
    seat = Named("ussr", t("Soviet Union"))
    assert seat == "ussr" and hash(seat) == hash("ussr") and {"ussr": 1}[seat] == 1
    assert json.dumps([seat]) == '["ussr"]' and f"attack {seat}" == "attack ussr"
    assert render(seat, "en") == "Soviet Union" and render(seat, "de") == "Sowjetunion"
    assert render(t("{seat} to act", seat=seat), "de") == "Sowjetunion ist am Zug"
    copy = pickle.loads(pickle.dumps(seat))
    assert copy == "ussr" and render(copy, "de") == "Sowjetunion"


@pytest.mark.parametrize(("game", "players", "titles"), [
    ("nuclear-war", 3, ["Spieler 1", "Spieler 2", "Spieler 3"]),
    ("wsdv", 2, ["Bundesrepublik", "DDR"]),
    ("wsdv-2p2", 4, ["USA", "Sowjetunion", "Bundesrepublik", "DDR"]),
    ("e1815", 4, ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"]),
])
def test_every_game_names_its_seats_by_their_titles(game, players, titles):
    st = get(game).new_state(players, seed=5)
    assert [render(s, "de") for s in st.seats] == titles
    view = st.view(None, lang="de")
    assert view["seats"] == list(get(game).seat_labels(players))  # the protocol keeps the labels
    for _ in range(12):  # a few moves in: whoever acts is named by title to the others
        st.apply(st.legal_actions()[-1])
    if st.to_act is not None:
        waiting = render(st.describe_pending(None), "de")
        assert titles[st.to_act] in waiting and st.seats[st.to_act] not in waiting.split()


def test_log_prompts_refusals_and_outcome_use_titles_not_labels():
    st = get("nuclear-war").new_state(2, seed=11)
    assert "Spieler 1" in st.view(1, lang="de")["log"][0] and "p1" not in st.view(1, lang="de")["log"][0]
    with pytest.raises(IllegalAction) as refused:
        st.apply("fly away", seat=1)
    assert "Player 1's decision, not Player 2's" in str(refused.value)
    while not st.is_over():
        st.apply(st.legal_actions()[0])
    outcome = st.view(0, lang="de")["outcome"]
    assert outcome["titles"] == {"p1": "Spieler 1", "p2": "Spieler 2"}
    assert set(outcome["places"]) == {"p1", "p2"} and "p1" not in outcome["reason"]
