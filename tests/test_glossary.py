"""German words a player reads follow the rule books' own terms, one name per thing: the log, the
menus and the rules for players say what the printed rules say (SP-Verteilung, Verschleiß, the
Subdekaden of 2+2, the Sowjetunion, the seats Bundesrepublik and DDR of Wir sind das Volk!), and a
place is spelled one way everywhere (West-Berlin, Ost-Berlin). The printed cards keep their own
titles ("Währungsreform West")."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from realpolitik.games import get
from realpolitik.i18n import render

SRC = Path(__file__).resolve().parent.parent / "src" / "realpolitik"
#: a word once used for a rule book's term → the term
OUSTED = {
    "SP-Vergabe": "SP-Verteilung",  # 1815: the rule book's name for the yearly scoring
    "Winterverlust": "Verschleiß",  # 1815: losses in winter
    "Westberlin": "West-Berlin",
    "Ostberlin": "Ost-Berlin",
    "Teildekade": "Subdekade",  # 2+2: each decade has three Subdekaden (the base game's two halves: Halbdekaden)
    "UdSSR": "Sowjetunion",  # 2+2: the superpower as the rule book names it
}
#: the seats of Wir sind das Volk! as the German rule books name them, not by a point of the compass
#: (West-Berlin, Ost-Berlin and the Ost-West-Vergleich are names of their own)
COMPASS = {re.compile(r"(?<![-–\w])(West|Westen|Westens)(?![-–\w])"): "Bundesrepublik",
           re.compile(r"(?<![-–\w])(Ost|Osten|Ostens)(?![-–\w])"): "DDR"}


def _german_of(data: object) -> Iterator[str]:
    """The German strings of a rules file: every ``de`` value, and what a German check ``says``."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "de" and isinstance(value, str):
                yield value
            elif key == "says" and data.get("lang") == "de":
                yield value
            else:
                yield from _german_of(value)
    elif isinstance(data, list):
        for value in data:
            yield from _german_of(value)


def _german_texts(games: str = "*") -> list[tuple[str, str]]:
    """``(where, text)`` of every German text: the catalog's translations and the rules for players
    (of the ``games`` a glob names)."""
    out = []
    with (SRC / "locale" / "de" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        for message in read_po(po):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            out += [(f"messages.po {message.id!r}", form) for form in forms if message.id and form]
    for path in sorted(SRC.glob(f"games/{games}/**/rulebook/**/*.md")):
        if path.name == "de.md":
            out += [(f"{path.relative_to(SRC)}:{n}", line)
                    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]
    for path in sorted(SRC.glob(f"games/{games}/**/rulebook/**/*.toml")):
        out += [(str(path.relative_to(SRC)), text) for text in _german_of(tomllib.loads(path.read_text("utf-8")))]
    return out


def _card_titles() -> list[str]:
    """The printed German titles of Wir sind das Volk!'s cards, longest first."""
    titles = set()
    for game in ("wsdv", "wsdv-2p2"):
        state = get(game).new_state(get(game).min_players, {}, 0)
        titles |= {render(card.title, "de") for card in state.content.cards.values()}
    return sorted(titles, key=len, reverse=True)


TEXTS = _german_texts()


@pytest.mark.parametrize("ousted", sorted(OUSTED))
def test_german_words_are_the_rule_books_terms(ousted):
    found = [where for where, text in TEXTS if ousted in text]
    assert not found, f"{ousted!r} where the rule book says {OUSTED[ousted]!r}: {found}"


@pytest.mark.parametrize("compass", list(COMPASS), ids=COMPASS.values())
def test_the_german_states_are_named_as_the_rule_books_name_them(compass):
    titles = _card_titles()
    found = []
    for where, text in _german_texts("wsdv"):  # elsewhere the compass is the compass (1815: "im Westen")
        for title in titles:
            text = text.replace(title, "")
        if compass.search(text):
            found.append(f"{where}: {text!r}")
    assert not found, f"a seat named by a point of the compass where the rules say {COMPASS[compass]}: {found}"


def test_the_seats_of_wir_sind_das_volk_read_as_the_rules_name_them():
    assert [render(title, "de") for title in get("wsdv-2p2").seat_titles(4)] == \
        ["USA", "Sowjetunion", "Bundesrepublik", "DDR"]


def test_a_2p2_decade_has_subdekaden_and_the_base_game_s_halbdekaden():
    """Issue 78: 2+2's log said "Halbdekade" where its board said "Teildekade" (its rules: Subdekade)."""
    for game, word, other in (("wsdv-2p2", "Subdekade A:", "Halbdekade"), ("wsdv", "Halbdekade 1:", "Subdekade")):
        state = get(game).new_state(get(game).min_players, {}, 3)
        log = state.view(None, log_from=0, lang="de")["log"]
        assert any(line.startswith(word) for line in log), log
        assert not any(other in line for line in log)
