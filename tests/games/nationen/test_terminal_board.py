"""The terminal board: circles with leaders, agents, '?' and capitals; ports, tankers and money."""

from rich.console import Console

from realpolitik.cli.render import board
from tests.games.nationen.scenario import build


def text_of(view, width=140) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(board(view))
    return console.export_text()


def test_board_shows_every_state_its_pieces_ports_and_money():
    st = build(3, leaders=[(0, "king", "kadhar-0"), (1, "dictator", "uor-5"), (2, "guerrilla", "sahir-0")],
               agents=["kadhar-0", "abu-4", "sahir-2"], tankers=[(0, "kadhar", 2), (1, "south", 1)],
               money=[12, 9, 4], at="main")
    out = text_of(st.view(1))
    for name in ("Kadhar", "Ras Mahul", "Djebel Harun", "U.O.R.", "Abu Akar", "Zarqan", "Qaraza", "Wadi Sahir"):
        assert name in out
    assert "Kadhar*  Player 1 king" in out  # ruler in the title; * marks an invented name
    assert "0◉ K1 a1" in out  # p1's king and agent on the capital
    assert "5· D2" in out and "4? a2" in out  # a dictator on a plain point, an agent on '?'
    assert "3→uor7 5→harun3" in out and "port N: Player 1×2" in out
    assert "south sea" in out and "Player 2×1" in out
    assert "12 M" in out and "9 M" in out and "4 M" in out
    assert "Pipelines: U.O.R.–Abu Akar" in out


def test_board_renders_at_every_stage_of_a_game():
    from realpolitik.engine import Rng
    from realpolitik.games import get

    st = get("nationen").new_state(4, {"round_limit": 60}, seed=9)
    rng = Rng(9)
    text_of(st.view(None))
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
        if st.ply % 10 == 0:
            text_of(st.view(st.to_act))
    assert "✝" in text_of(st.view(None))
