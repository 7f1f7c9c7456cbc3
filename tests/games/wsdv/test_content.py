"""The printed content: map, cards and tracks are complete and checked on load."""

from __future__ import annotations

import pytest

from realpolitik.engine import ContentError
from realpolitik.games.wsdv.content import DATA, EAST, WEST, load


def test_map_has_every_province_city_and_connection():
    c = load()
    assert len(c.provinces) == 14
    assert [len(c.of_side[WEST]), len(c.of_side[EAST])] == [8, 6]
    assert [c.provinces[p].key for p in c.west_germany] == ["sh", "ns", "nrw", "he", "rp", "bw", "by"]
    kinds = [city.kind for city in c.cities]
    west = [x for x in range(len(c.cities)) if c.city_side[x] == WEST]
    assert len(west) == 25 and c.hamburg in west
    assert kinds.count("external") == 4 and kinds.count("rheinsberg") == 1
    assert len([x for x in range(len(c.cities)) if c.city_side[x] == EAST and kinds[x] != "external"]) == 13
    assert len(c.ends) == 68 and sum(c.lines) == 76 and c.lines.count(2) == 8
    assert [c.connection_side.count(s) for s in (WEST, EAST)] == [42, 26]
    assert c.city_connections[c.rheinsberg] == ()
    assert c.province_cities[c.province_index["eb"]] == (c.city_index["berlin"],)


def test_border_sectors_and_external_provinces():
    c = load()
    pairs = {frozenset((c.provinces[a].key, c.provinces[b].key)) for a in range(14) for b in c.border[a]}
    assert pairs == {frozenset(x) for x in [("sh", "mv"), ("ns", "mv"), ("ns", "bb"), ("ns", "sa"), ("he", "sa"),
                                             ("he", "th"), ("by", "sn"), ("by", "th"), ("wb", "bb"), ("wb", "eb")]}
    assert [c.provinces[p].key for p in c.supplier] == ["rp", "nrw", "bw"]
    assert c.sectors == ("french", "british", "us")
    ext = {c.cities[x].key: tuple(c.provinces[p].key for p in ps) for x, ps in c.external_provinces.items()}
    assert ext == {"polska-n": ("mv", "bb"), "polska-s": ("bb", "eb"), "cssr-n": ("bb", "sn"), "cssr-s": ("sn", "th")}


def test_cards_complete():
    c = load()
    normal = [card for card in c.cards.values() if not card.is_special]
    assert len(normal) == 80 and [len(c.decade_cards[d]) for d in range(1, 5)] == [20] * 4
    colours = [card.colour for card in normal]
    assert (colours.count("west"), colours.count("east"), colours.count("dual")) == (31, 37, 12)
    assert sorted(int(k.key) for k in normal if k.colour == "dual") == [11, 15, 21, 22, 30, 41, 42, 45, 48, 51, 61, 62]
    flight = {k: card.flight for k, card in c.cards.items() if card.flight}
    assert flight == {"2": 1, "12": 1, "28": 1, "32": 1, "48": 1, "52": 1, "60": 1, "61": 1, "62": 1, "75": 1,
                      "78": 1, "i": 2, "iv-wall": 1}
    police = {k: card.police for k, card in c.cards.items() if card.police}
    assert police == {"5": "red", "21": "red", "49": "red", "15": "pink", "51": "pink", "66": "pink"}
    assert c.specials[1:] == ("i", "ii", "iii", "iv") and c.mauerfall == "iv-wall"
    assert c.cards["2"].value_for(WEST) == 1 and c.cards["2"].value_for(EAST) == 3
    assert c.cards["31"].icons == () and c.cards["31"].arrows.prestige == 2


def test_tracks():
    c = load()
    assert c.socialism_change == (0, 1, 1, 2, 2, 3, 4)
    assert [len(space) for space in c.prestige[WEST][1:]] == [1, 1, 1, 2, 2, 3]
    assert [i.slug for i in c.prestige[EAST][6]] == ["ls-east", "calm-east", "build-east"]
    assert c.setups["2016"].box == 1 and c.setups["2014"].box == 2


def test_bad_cards_file_names_file_entry_and_field(tmp_path):
    good = (DATA / "cards.toml").read_text()
    bad = tmp_path / "cards.toml"
    bad.write_text(good.replace('key = "23"\ndecade = 2', 'key = "23"\ndecade = 7'))
    with pytest.raises(ContentError) as err:
        load(str(bad))
    assert str(bad) in str(err.value) and "'23'" in str(err.value) and "decade" in str(err.value)
    bad.write_text(good.replace('{ icon = "unrest", side = "west", where = "rp" }',
                                '{ icon = "unrest", side = "west", where = "rheinsberg" }'))
    with pytest.raises(ContentError) as err:
        load(str(bad))
    assert "'8'" in str(err.value) and "where" in str(err.value)


def test_an_own_cards_file_replaces_the_built_in_cards(tmp_path, table):
    good = (DATA / "cards.toml").read_text()
    own = tmp_path / "cards.toml"
    own.write_text(good.replace('title_en = "Land reform"', 'title_en = "Land reform (house rule)"'))
    st = table(content=str(own)).st
    assert st.card("1").title_en == "Land reform (house rule)"
    with pytest.raises(ContentError):
        table(content=str(tmp_path / "missing.toml"))
