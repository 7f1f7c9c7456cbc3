"""Content files: the deck composition, and errors that name file, entry and field."""

from collections import Counter

import pytest

from realpolitik.engine import ContentError
from realpolitik.games import get
from realpolitik.games.nuclear_war.content import DATA, load


def test_the_deck_has_the_category_shares_of_the_faq():
    content = load()
    assert len(content.deck) == 100
    kinds = Counter(content.cards[k].kind for k in content.deck)
    assert kinds == {"warhead": 34, "carrier": 27, "anti-missile": 4, "propaganda": 20, "secret": 10,
                     "top-secret": 5}
    assert content.deck.count("100mt") == 1
    assert sum(content.population) == 40 and content.denominations == (1, 2, 5, 10, 25)


def test_stand_in_cards_are_marked():
    content = load()
    assert {"polaris", "atlas", "supergerm", "anti-b"} <= set(content.stand_in)
    assert "summit-talk" not in content.stand_in


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
