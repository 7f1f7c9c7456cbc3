"""The terminal boards of 1815 and 1815 2vs2 render every land and the players from a view."""

from __future__ import annotations

from rich.console import Console

from realpolitik.cli.boards import board_for
from realpolitik.engine import Rng
from realpolitik.games import get


def _text(view):
    console = Console(width=160, record=True, color_system=None)
    console.print(board_for(view["game"])(view))
    return console.export_text()


def test_both_games_have_a_board_that_shows_every_land_owner_and_troops():
    for game_id, options in (("e1815", {}), ("e1815-2vs2", {}), ("e1815-2vs2", {"map": "1715"})):
        st = get(game_id).new_state(4, options, seed=9)
        rng = Rng(9)
        for _ in range(120):
            if st.is_over():
                break
            st.apply(rng.choice(st.legal_actions()))
        view = st.view(0)
        out = _text(view)
        for land in st.content.board.lands:
            assert land.name[:14] in out
        assert "stand-in map" in out and "★" in out
        for title in view["titles"]:  # every seat, as the game names it
            assert title in out
        capital = view["public"]["players"][0]["capital"]
        cell = view["public"]["lands"][capital]
        troops = " ".join(f"{cell[k]}{k[0]}" for k in ("inf", "cav", "art") if cell[k])
        if troops:
            assert f"{troops} " in out  # under the owner's name
        if options:
            assert "Player 1 + Player 3:" in out and "crown demands" in out


def test_the_board_shows_a_battle_in_preparation():
    st = get("e1815").new_state(2, {}, seed=1)
    rng = Rng(1)
    while "battle" not in st.view(None)["public"]:
        st.apply(rng.choice(st.legal_actions()))
    assert "Battle: " in _text(st.view(None))


def test_a_battle_before_its_troops_reads_as_one_sentence_in_german():
    """Issue 78: "… greift … an (neutral) mit noch keine Truppen eingesetzt"."""
    st = get("e1815").new_state(2, {}, seed=1)
    rng = Rng(1)
    while "battle" not in st.view(None)["public"]:
        st.apply(rng.choice(st.legal_actions()))
    view = st.view(None, lang="de")
    battle = view["public"]["battle"]
    assert not any(battle[k] for k in ("inf", "cav", "art", "general"))  # no troops committed yet
    console = Console(width=200, record=True, color_system=None)
    console.print(board_for(view["game"])(view, "de"))
    out = console.export_text()
    assert "noch keine Truppen eingesetzt" in out and "mit noch keine" not in out
