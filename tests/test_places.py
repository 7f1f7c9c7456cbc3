"""German place names with their articles where the grammar needs them (issue 78: "Hauptstadt in
Niederlande gründen", "nach Walachei"): a German message asks for the form it needs, ``{land:in}``,
and the table of places (``locale/de/places.toml``) gives it — "in den Niederlanden", "in die
Walachei", "im Baltikum" —, a name without an article takes the plain phrase ("in Preußen")."""

from __future__ import annotations

import pytest

from realpolitik.games import get
from realpolitik.games.e1815.content import load
from realpolitik.i18n import places, render, t


@pytest.mark.parametrize(("name", "form", "words"), [
    ("Niederlande", "in", "in den Niederlanden"), ("Niederlande", "nach", "in die Niederlande"),
    ("Walachei", "nach", "in die Walachei"), ("Walachei", "aus", "aus der Walachei"),
    ("Baltikum", "in", "im Baltikum"), ("Baltikum", "nach", "ins Baltikum"), ("Baltikum", "von", "vom Baltikum"),
    ("Osmanisches Reich", "acc", "das Osmanische Reich"), ("Osmanisches Reich", "in", "im Osmanischen Reich"),
    ("Rhein", "in", "am Rhein"), ("Huronen", "nach", "zu den Huronen"), ("U.O.R.", "gen", "der U.O.R."),
    ("Preußen", "in", "in Preußen"), ("Preußen", "nach", "nach Preußen"), ("Kadhar", "gen", "von Kadhar"),
    ("Walachei", "Nom", "Die Walachei"), ("Preußen", "In", "In Preußen"),
])
def test_a_place_takes_the_form_the_words_ask_for(name, form, words):
    assert places("de").form(name, form) == words


def test_a_form_there_is_not_is_refused():
    with pytest.raises(ValueError, match="no place form"):
        places("de").form("Walachei", "akk")


def test_every_place_of_the_table_is_a_place_of_a_game():
    maps = [load(name).board for name in ("1815", "1715")]
    names = {x.name for board in maps for x in (*board.lands, *board.territories, *board.powers)}
    names |= {render(p.name, "de") for p in get("wsdv").new_state(2, {}, 0).content.provinces}
    names |= {render(s.name, "de") for s in get("nationen").new_state(3, {}, 0).content.board.states}
    assert set(places("de").named) <= names


def _capitals(lang: str) -> list[str]:
    state = get("e1815").new_state(4, {}, 1)  # the first seat founds its capital: one button per land
    return [choice["label"] for choice in state.view(state.to_act, log_from=None, lang=lang)["pending"]["choices"]]


def test_the_1815_buttons_name_each_land_with_its_article():
    german = _capitals("de")
    for words in ("Hauptstadt in den Niederlanden gründen", "Hauptstadt in der Walachei gründen",
                  "Hauptstadt im Baltikum gründen", "Hauptstadt in Preußen gründen"):
        assert words in german
    assert "Found the capital in Niederlande" in _capitals("en")  # English names the land as the map prints it


def test_a_log_line_names_the_land_with_its_article():
    state = get("e1815").new_state(4, {}, 1)
    choice = next(c for c in state.view(state.to_act, log_from=None)["pending"]["choices"]
                  if "Walachei" in c["label"])
    state.apply(choice["action"])
    assert state.view(None, log_from=0, lang="de")["log"][-1] == "Spieler 1 gründet die Hauptstadt in der Walachei."


def test_the_nationen_states_read_with_the_u_o_r_s_article():
    assert render(t("{state} capital", state="U.O.R."), "de") == "Hauptstadt der U.O.R."
    assert render(t("{state} capital", state="Kadhar"), "de") == "Hauptstadt von Kadhar"
    assert render(t("in the port of {state}", state="U.O.R."), "de") == "im Hafen der U.O.R."
