"""Every kind of Nationen action has words a player reads: states, points, ports and seas by their
printed names, the heads of state by kind — in English and German."""

from __future__ import annotations

from realpolitik.engine import Rng
from realpolitik.i18n import render

from .scenario import build

LABELS = {
    "place guerrilla uor": "Place a guerrilla leader in U.O.R.",
    "move king harun-0 harun-4": "Move the king from Djebel Harun capital to Djebel Harun 4 (?)",
    "attack president harun-3 kadhar-0":
        "Attack Kadhar capital (Player 2's dictator) with the president from Djebel Harun 3",
    "agent abu-7": "Agent to Abu Akar 7",
    "station north": "Tanker onto the northern high sea",
    "buy tanker kadhar": "Buy a tanker (5 M) into the port of Kadhar",
    "sell tanker south": "Sell a tanker (3 M) on the southern high sea",
    "tanker kadhar north": "Tanker from the port of Kadhar onto the northern high sea",
    "tanker south qaraza": "Tanker from the southern high sea into the port of Qaraza",
    "tanker north south": "Tanker through the canal onto the southern high sea",
    "pipeline harun kadhar": "Lay a pipeline Djebel Harun – Kadhar",
    "sabotage abu zarqan": "Destroy the pipeline Abu Akar – Zarqan",
    "depose dictator kadhar-0": "Depose Player 2's dictator from Kadhar capital",
    "kill king sahir-0": "Lose your king on Wadi Sahir capital",
    "sink mahul": "Lose a tanker in the port of Ras Mahul",
    "end": "End the turn",
    "decline": "Decline",
}


def test_every_kind_of_action_has_readable_words():
    st = build(leaders=[(1, "dictator", "kadhar-0")])
    for action, words in LABELS.items():
        verb, *args = action.split(" ")
        assert render(st.action_label(verb, tuple(args)), "en") == words
    german = render(st.action_label("place", ("president", "kadhar")), "de")
    assert german == "Staatsoberhaupt (Präsident) in Kadhar setzen"


def test_every_legal_action_of_whole_games_has_words_in_both_languages():
    st = build()
    game = st.game
    for seed in range(4):
        st, rng = game.new_state(3, {"round_limit": 10}, seed), Rng(seed)
        while not st.is_over():
            for choice in st.choices():
                for lang in ("en", "de"):
                    words = render(choice.label, lang)
                    assert words != choice.action and "{" not in words, (choice, words)
            st.apply(rng.choice(st.legal_actions()))
