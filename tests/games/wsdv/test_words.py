"""Every legal action of Wir sind das Volk! and 2+2 has button words in English and German,
naming cards, provinces, cities and lines as printed, never by their action words."""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.i18n import render


def _labels(game_id: str, players: int, seeds: range) -> dict[str, tuple[str, str, str]]:
    """One (action, English, German) per verb seen in seeded random games."""
    out: dict[str, tuple[str, str, str]] = {}
    for seed in seeds:
        st = get(game_id).new_state(players, {}, seed)
        rng = Rng(seed)
        while not st.is_over():
            for choice in st.choices():
                english, german = render(choice.label, "en"), render(choice.label, "de")
                assert english != choice.action and german != choice.action, choice
                assert "{" not in english + german and "None" not in english + german, (choice, english, german)
                out.setdefault(choice.verb, (choice.action, english, german))
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    return out


@pytest.mark.parametrize(("game_id", "players"), [("wsdv", 2), ("wsdv-2p2", 4)])
def test_every_action_has_words_in_both_languages(game_id, players):
    labels = _labels(game_id, players, range(12))
    assert {"take", "play", "calm", "build", "ls", "discard", "done"} <= set(labels)
    for action, english, german in labels.values():
        assert english != german or action.split(" ")[0] in ("build", "dismantle"), (action, english)


def test_places_and_cards_are_named_as_printed():
    st = get("wsdv").new_state(2, {}, 1)
    label = st.action_label
    assert render(label("move", ("sn", "th")), "de") == "1 Unruhe von Sachsen nach Thüringen verschieben"
    assert render(label("ls", ("wb-us",)), "en") == "Living standard +1 in West Berlin's US sector"
    assert render(label("build", ("dresden/leipzig",)), "en") == "Build: the line Dresden–Leipzig"
    assert render(label("discard", ("16",)), "en") == f"Discard 16 {st.card('16').title}"


def test_places_with_german_names_read_in_german():
    """The board's places are messages: the two Berlins and the neighbours' halves have German
    names, the German places read the same in both languages."""
    st = get("wsdv").new_state(2, {}, 1)
    label = st.action_label
    assert render(label("calm", ("wb",)), "en") == "Remove 1 unrest in West Berlin"
    assert "West-Berlin" in render(label("calm", ("wb",)), "de")
    assert "Ost-Berlin" in render(label("calm", ("eb",)), "de")
    assert "Sachsen" in render(label("calm", ("sn",)), "de") and "Sachsen" in render(label("calm", ("sn",)), "en")


def test_next_counts_the_build_points_its_icon_then_builds(table):
    """Card 7 shows two build points for the ČSSR: ``next`` runs both at once, and says so."""
    from realpolitik.games.wsdv.content import EAST

    t = table().clear_board().factories("cottbus")
    t.turn(EAST, display=("7",))
    t.run("take 7 event")
    choice = next(c for c in t.st.choices() if c.action == "next build-east-in-cssr")
    t.run(choice.action)
    points = t.st.stack[-1].points  # the build decision the icon started
    assert points == 2
    assert render(choice.label, "en") == f"Next: {points} East build points in the ČSSR"
    assert render(choice.label, "de") == f"Als Nächstes: {points} Aufbaupunkte (DDR) in der ČSSR"
