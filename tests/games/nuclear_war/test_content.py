"""Content files: the deck composition, and errors that name file, entry and field."""

from collections import Counter

import pytest

from realpolitik.engine import ContentError
from realpolitik.games import get
from realpolitik.games.nuclear_war.content import DATA, OLD_DECKS, load


def test_the_deck_has_the_category_shares_of_the_faq():
    content = load()
    assert len(content.deck) == 100
    kinds = Counter(content.cards[k].kind for k in content.deck)
    assert kinds == {"warhead": 34, "carrier": 27, "anti-missile": 4, "propaganda": 20, "secret": 10,
                     "top-secret": 5}
    assert content.deck.count("100mt") == 1
    assert sum(content.population) == 40 and content.denominations == (1, 2, 5, 10, 25)


def test_the_printed_deck_names_a_source_for_every_card_and_has_no_stand_in():
    content = load()
    assert content.stand_in == ()
    assert all(card.source for card in content.cards.values())


def test_warheads_kill_the_millions_printed_on_them_not_their_megatons():
    cards = load().cards
    assert {k: (cards[k].megatons, cards[k].kills) for k in ("10mt", "20mt", "50mt", "100mt")} == {
        "10mt": (10, 2), "20mt": (20, 5), "50mt": (50, 10), "100mt": (100, 25)}


def test_the_printed_stop_lists_and_payloads():
    cards = load().cards
    assert {k: set(cards[k].stops) for k in ("anti-p", "anti-a", "anti-b", "anti-s")} == {
        "anti-p": {"polaris"}, "anti-a": {"polaris", "atlas"}, "anti-b": {"polaris", "atlas", "b-70"},
        "anti-s": {"polaris", "atlas", "b-70", "saturn"}}
    assert {k: cards[k].payload for k in ("polaris", "atlas", "saturn", "b-70")} == {
        "polaris": 10, "atlas": 20, "saturn": 100, "b-70": 50}


def test_rules_version_2_keeps_its_stand_in_deck():
    old = load(OLD_DECKS["2"])
    assert {"polaris", "atlas", "supergerm", "anti-b"} <= set(old.stand_in)
    assert "summit-talk" not in old.stand_in
    assert old.cards["10mt"].kills == 10  # no kills field: as many millions as megatons
    assert old.deck == load().deck  # the same cards in the same order: only their values differ


def test_an_own_file_without_kills_kills_a_million_per_megaton(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text((DATA / "cards.toml").read_text().replace("kills = 5\n", ""))
    assert load(str(path)).cards["20mt"].kills == 20


def test_a_user_cards_file_replaces_the_deck(tmp_path):
    text = (DATA / "cards.toml").read_text()
    mine = tmp_path / "cards.toml"
    mine.write_text(text.replace('key = "10mt"\nname = "10 Megaton Warhead"\nkind = "warhead"\ncount = 19',
                                 'key = "10mt"\nname = "10 Megaton Warhead"\nkind = "warhead"\ncount = 29'))
    st = get("nuclear-war").new_state(4, {"content": str(mine)}, seed=1)
    assert len(st.content.deck) == 110


@pytest.mark.parametrize("bad,message", [
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "warhead"\ncount = 1\n',
     "entry cards 'x': field 'megatons': required for a warhead"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "bomb"\ncount = 1\nmegatons = 3\n',
     "entry cards 'x': field 'kind'"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "warhead"\ncount = "many"\nmegatons = 3\n',
     "entry cards 'x': field 'count'"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "anti-missile"\ncount = 1\nstops = ["y"]\n',
     "entry cards 'x': field 'stops': 'y' is not a carrier"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "warhead"\ncount = 1\nmegatons = 3\ncolour = "red"\n',
     "entry cards 'x': field 'colour'"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "carrier"\ncount = 1\npayload = 3\nkills = 2\n',
     "entry cards 'x': field 'kills': only for a warhead"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "propaganda"\ncount = 1\npeople = 3\npeace_only = true\n',
     "entry cards 'x': field 'peace_only': only for a secret or top-secret"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "secret"\ncount = 1\neffect = "give"\nvictim = "self"\n',
     "entry cards 'x': field 'victim': a player cannot give people to himself"),
    ('[[cards]]\nkey = "x"\nname = "X"\nkind = "warhead"\ncount = 1\nmegatons = 3\nsource = 3\n',
     "entry cards 'x': field 'source'"),
    ("cards = 3", "missing list of [[cards]] entries"),
    ("[[cards]\n", "not valid TOML"),
])
def test_bad_cards_files_name_file_entry_and_field(tmp_path, bad, message):
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    with pytest.raises(ContentError) as err:
        load(str(path))
    assert str(path) in str(err.value) and message in str(err.value)


def test_too_small_a_deck_is_refused(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text('[[cards]]\nkey = "x"\nname = "X"\nkind = "warhead"\ncount = 20\nmegatons = 3\n')
    with pytest.raises(ContentError, match="too few for 4 players"):
        get("nuclear-war").new_state(4, {"content": str(path)}, seed=1)
