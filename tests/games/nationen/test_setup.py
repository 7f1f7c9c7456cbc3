"""Vorbereitungen and the first round; the stand-in board and cards as data; content errors."""

import re

import pytest

from realpolitik.engine import ContentError, OptionError
from realpolitik.games import get
from realpolitik.games.nationen import economy
from realpolitik.games.nationen.content import DATA, load
from realpolitik.games.nationen.sequence import AgentSteps
from tests.games.nationen.scenario import held, leader_at, logged

GAME = get("nationen")


def test_set_up():
    st = GAME.new_state(4, {}, seed=2)
    assert st.money == [7, 7, 7, 7]
    assert st.supply == [2, 2, 1, 1] * 4
    assert economy.tanker_pool(st) == 16 and economy.pipeline_pool(st) == 11
    assert sorted(st.deck) == sorted(st.content.deck) and st.unknown == 30
    assert all(p == -1 for p in st.board) and st.agents == [-1] * 4
    assert st.to_act == 0 and st.stack[-1].tag == "first_place"


def test_first_round_place_a_leader_agent_beside_it_and_station_the_free_tanker():
    st = GAME.new_state(2, {}, seed=2)
    acts = st.legal_actions()
    assert len(acts) == 4 * 8 and "place guerrilla uor" in acts  # any leader on any capital
    st.apply("place president mahul")
    assert st.money[0] == 5 and leader_at(st, "mahul-0") == (0, "president")
    assert st.agents[0] == st.content.board.capital[1]
    assert set(st.legal_actions()) == {"station mahul", "station north", "station south"}
    st.apply("station mahul")
    assert held(st, 0, "mahul") == 1
    assert st.to_act == 1 and "place king mahul" not in st.legal_actions()
    st.apply("place dictator harun")
    assert set(st.legal_actions()) == {"station north", "station south"}  # inland: no port (A11)
    st.apply("station south")
    assert st.round == 2 and st.to_act == 0 and isinstance(st.stack[-1], AgentSteps)
    assert "Player 1 collects 2 M income." in logged(st)


def test_the_first_round_offers_nothing_else():
    st = GAME.new_state(2, {}, seed=2)
    assert all(a.startswith("place ") for a in st.legal_actions())


def test_first_player_and_start_variants():
    firsts = {GAME.new_state(3, {"first_player": "random"}, seed=s).to_act for s in range(20)}
    assert firsts == {0, 1, 2}
    st = GAME.new_state(3, {"start_variant": "reverse"}, seed=0)
    assert st.to_act == 2 and st.opening == (2, 1, 0)
    st = GAME.new_state(3, {"start_variant": "compensation"}, seed=0)
    assert st.money == [7, 8, 9]
    st = GAME.new_state(3, {"start_variant": "random-states"}, seed=0)
    key = st.content.board.keys[st.assigned[0]]
    assert {a.split(" ")[2] for a in st.legal_actions()} == {key}
    assert len(set(st.assigned)) == 3


def test_reverse_opening_then_clockwise_from_the_first_player():
    st = GAME.new_state(3, {"start_variant": "reverse"}, seed=0)
    for state in ("kadhar", "zarqan", "mahul"):
        st.apply(f"place dictator {state}")
        st.apply("station north")
    assert st.round == 2 and st.to_act == 0


def test_bad_options_are_refused():
    with pytest.raises(OptionError):
        GAME.new_state(2, {"direction": "sideways"})
    with pytest.raises(OptionError):
        GAME.new_state(2, {"round_limit": -1})
    with pytest.raises(OptionError):
        GAME.new_state(5, {})


def test_board_is_stand_in_with_display_names_for_the_six_unnamed_states():
    board = load().board
    assert board.stand_in
    invented = {s.name for s in board.states if s.stand_in}
    assert len(invented) == 6
    assert {s.name for s in board.states if not s.stand_in} == {"U.O.R.", "Abu Akar"}
    kinds = [s.kind for s in board.states]
    assert kinds.count("coastal") == 4 and kinds.count("inland") == 3 and kinds.count("canal") == 1
    assert sorted(s.derricks for s in board.states) == [1, 2, 2, 2, 2, 4, 4, 4]
    assert sum(1 for s in board.states if s.port == "north") == 2
    assert sum(1 for s in board.states if s.port == "south") == 2
    assert len([p for p, q in enumerate(board.arrow) if q >= 0]) == 26  # 13 borders, an arrow each way


def test_spec_capital_distances():
    """Spec §6: shortest capital-to-neighbour-capital walks of 5–7 steps."""
    from realpolitik.games.nationen import movement
    from tests.games.nationen.scenario import build

    table = {("abu", "sahir"): 7, ("abu", "zarqan"): 6, ("abu", "qaraza"): 7, ("abu", "uor"): 5,
             ("harun", "kadhar"): 7, ("harun", "mahul"): 7, ("harun", "uor"): 5, ("sahir", "zarqan"): 6,
             ("sahir", "qaraza"): 5, ("kadhar", "uor"): 5, ("zarqan", "uor"): 5, ("mahul", "uor"): 7,
             ("qaraza", "uor"): 7}
    for (a, b), steps in table.items():
        st = build(leaders=[(0, "dictator", f"{a}-0")], agents=["uor-4", "uor-4"], at="main")
        target = st.content.board.point_id[f"{b}-0"]
        assert movement.reach(st, 0, st.content.board.point_id[f"{a}-0"], 20)[target] == steps, (a, b)


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("old,new,message", [
    ('{ at = 3, to = "uor", point = 7 }, ', "", "states 'uor': field 'arrows': the arrow uor-7→kadhar-3 is not "
                                                "listed on the other side"),
    ('to = "harun", point = 3 }', 'to = "atlantis", point = 3 }', "states 'kadhar': field 'arrows': "
                                                                   "'atlantis' is not a neighbouring state"),
    ('kind = "inland"\nderricks = 4\nstand_in = true\narrows = [\n  { at = 3, to = "kadhar"',
     'kind = "desert"\nderricks = 4\nstand_in = true\narrows = [\n  { at = 3, to = "kadhar"',
     "states 'harun': field 'kind'"),
    ('key = "mahul"', 'key = "kadhar"', "states 'kadhar': field 'key': used twice"),
    ("tanker_price = 5", "tanker_price = -5", "field 'components.tanker_price'"),
])
def test_a_bad_board_file_names_file_entry_and_field(tmp_path, old, new, message):
    text = (DATA / "board.toml").read_text(encoding="utf-8")
    assert old in text
    path = _write(tmp_path, "board.toml", text.replace(old, new, 1))
    with pytest.raises(ContentError, match=re.escape(path)) as err:
        GAME.new_state(2, {"board": path})
    assert message in str(err.value)


def test_a_bad_cards_file_names_file_entry_and_field(tmp_path):
    text = (DATA / "cards.toml").read_text(encoding="utf-8")
    path = _write(tmp_path, "cards.toml", text.replace("amount = 3\n", "", 1))
    with pytest.raises(ContentError) as err:
        GAME.new_state(2, {"cards": path})
    assert str(err.value) == f"{path}: entry cards 'foreign-aid': field 'amount': required for the effect 'gain'"
    path = _write(tmp_path, "cards2.toml", text.replace('effect = "gain"', 'effect = "miracle"', 1))
    with pytest.raises(ContentError, match="entry cards 'oil-boom': field 'effect'"):
        GAME.new_state(2, {"cards": path})


def test_an_own_board_file_replaces_the_stand_in(tmp_path):
    text = (DATA / "board.toml").read_text(encoding="utf-8").replace('name = "Kadhar"', 'name = "Al Kadar"')
    path = _write(tmp_path, "board.toml", text)
    st = GAME.new_state(2, {"board": path}, seed=0)
    assert st.content.board.states[0].name == "Al Kadar"
    st.apply("place king kadhar")
    assert "capital of Al Kadar" in logged(st)


def _plain_turn(st):
    """The agent and a head of state each a step that ends on no '?', then the end of the turn."""
    for verb in ("agent", "move"):
        st.apply(next(a for a in st.legal_actions() if a.startswith(verb) and not a.endswith("-4")))
    st.apply("end")


def test_a_round_ends_when_the_turn_comes_back_to_the_first_player():
    """Das Spiel beginnt: the first player begins and the turn passes clockwise (seat by seat); every
    one's turn once is a round. With Player 2 first of three, round 2 is Player 2's, Player 3's and
    Player 1's turns; round 3 begins with Player 2 again."""
    st = next(s for s in (GAME.new_state(3, {"first_player": "random"}, seed=n) for n in range(20)) if s.to_act == 1)
    for state in ("kadhar", "zarqan", "mahul"):
        st.apply(f"place dictator {state}")
        st.apply("station north")
    rounds = []
    for _ in range(4):
        rounds.append((st.to_act, st.round))
        _plain_turn(st)
    assert rounds == [(1, 2), (2, 2), (0, 2), (1, 3)]
