"""Content: the stand-in maps, the known anchor lands, the rule constants, bad files."""

from __future__ import annotations

import pytest

from realpolitik.engine import ContentError
from realpolitik.games import get
from realpolitik.games.e1815.content import DATA, load, load_rules

ANCHORS = {  # [sure]: anchor lands and their codes on the graph of the 1815 map
    "england": "X1''", "schweden": "X2", "daenemark": "F", "ukraine": "X1", "tuerkei": "X2'",
    "karpaten": "F'", "kastilien": "X2''", "neapel": "X1'", "korsika-sardinien": "F''",
}


def test_the_1815_map_has_the_nine_known_anchor_lands_in_eight_territories():
    board = load("1815").board
    anchors = {land.key: land.anchor for land in board.lands if land.anchor}
    assert anchors == ANCHORS
    assert len(board.territories) == 8
    per_territory = {}
    for land in board.lands:
        if land.anchor:
            per_territory.setdefault(land.territory, []).append(land.key)
    assert sorted(len(v) for v in per_territory.values()) == [1] * 7 + [2]  # Spain holds two anchors
    assert sorted(per_territory["spanien"]) == ["kastilien", "korsika-sardinien"]


def test_maps_and_constants_are_marked_stand_in_and_symmetric():
    for name in ("1815", "1715"):
        board = load(name).board
        assert board.stand_in
        for i, near in enumerate(board.adj):
            assert i not in near
            assert all(i in board.adj[j] for j in near)
    assert load_rules().stand_in


def test_sure_constants_hold_their_stated_values():
    r = load_rules()
    assert r.markers.cap == 5
    assert r.scoring.team_win == 13
    assert r.nachschub.ep == 4
    assert (r.relocation.z_effects, r.relocation.per_grey_fortress, r.relocation.winter_disband_ep) == (1, 1, 2)
    assert r.turn.actions == 2


def test_the_1715_map_has_an_indian_chief_tribes_and_crown_demands():
    board = load("1715").board
    assert [p.key for p in board.powers if p.indian] == ["indianerhaeuptling"]
    assert sum(land.tribe for land in board.lands) >= 4
    assert board.demands and board.capitals_on_landing


def _write(tmp_path, text):
    path = tmp_path / "map.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
key = "mini"
name = "Mini"
[[territories]]
key = "north"
name = "North"
[[lands]]
key = "a"
name = "A"
territory = "north"
adjacent = ["b"]
pos = [0, 0]
[[lands]]
key = "b"
name = "B"
territory = "north"
adjacent = ["c"]
pos = [0, 1]
[[lands]]
key = "c"
name = "C"
territory = "north"
pos = [0, 2]
"""


def test_an_own_map_file_replaces_the_built_in_map(tmp_path):
    path = _write(tmp_path, GOOD)
    st = get("e1815").new_state(2, {"map_file": str(path)}, seed=1)
    assert [land.key for land in st.content.board.lands] == ["a", "b", "c"]
    assert st.legal_actions() == ("capital a", "capital b", "capital c")


@pytest.mark.parametrize("old, new, words", [
    ('territory = "north"\nadjacent = ["b"]', 'territory = "south"\nadjacent = ["b"]',
     ["entry lands 'a'", "field 'territory'", "south"]),
    ('adjacent = ["c"]', 'adjacent = ["x"]', ["entry lands 'b'", "field 'adjacent'", "'x'"]),
    ('adjacent = ["c"]', 'adjacent = []', ["entry lands 'c'", "not connected"]),
    ('pos = [0, 2]', 'pos = "far"', ["entry lands 'c'", "field 'pos'"]),
    ('key = "c"', 'key = "C C"', ["entry lands", "field 'key'"]),
    ('key = "c"', 'key = "42"', ["entry lands", "field 'key'"]),  # "move 42 2 inf" would read 42 as a number
])
def test_a_bad_map_file_names_file_entry_and_field(tmp_path, old, new, words):
    path = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load("1815", str(path))
    message = str(err.value)
    assert str(path) in message
    for w in words:
        assert w in message


def test_a_missing_map_file_is_named(tmp_path):
    with pytest.raises(ContentError, match="nowhere.toml"):
        load("1815", str(tmp_path / "nowhere.toml"))
    assert (DATA / "map_1815.toml").exists()
