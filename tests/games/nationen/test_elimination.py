"""Wer überlebt, gewinnt: the agent's last chance in the rule book's order, elimination, the winner, the round limit."""

import sys
from pathlib import Path

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games import get
from realpolitik.games.nationen import economy
from realpolitik.games.nationen.sequence import AgentSteps
from tests.games.nationen.scenario import build, leader_at, logged

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
from nationen_stalemates import heuristics_play  # noqa: E402

BROKE = dict(money=[0, 20], leaders=[(0, "king", "kadhar-0"), (1, "king", "zarqan-0")],
             tankers=[(0, "north", 0)], supply=[0] * 8)


def broke(deck=(), agent="kadhar-0", players=2, **kw):
    """p1 has no money and no income (its king rules a state without tankers), nothing in supply."""
    args = {**BROKE, **kw}
    if players == 3:
        args["money"] = [0, 20, 20]
        args["supply"] = [0] * 12
    return build(players, deck=list(deck), agents=[agent] + ["sahir-2"] * (players - 1), **args)


def test_the_agent_moves_first_even_without_money():
    st = broke()
    assert st.to_act == 0 and isinstance(st.stack[-1], AgentSteps)


def test_no_card_no_money_no_income_means_out():
    st = broke()
    st.apply("agent uor-7")  # not a '?'
    assert st.legal_actions() == ("end",)
    st.apply("end")
    assert not st.alive[0]
    assert "Player 1 has neither income nor money to move a head of state and is eliminated" in logged(st)
    assert leader_at(st, "kadhar-0") is None and st.agents[0] == -1
    assert st.is_over()
    out = st.outcome()
    assert out.winners == (1,) and out.places == (2, 1) and not out.limit
    assert "Player 2 is the last great power left" in str(out.reason)


def test_the_eliminated_powers_tankers_go_back_to_the_box_and_no_one_elses():
    """Wer überlebt, gewinnt — the power that is out takes all its pieces off the board (A19: its
    tankers go back to the pool); the others keep theirs. Of 16 tankers, Player 2 holds 2: 14 are
    in the box."""
    st = broke(players=3, tankers=[(0, "south", 1), (1, "north", 2)])
    st.apply("agent uor-7")
    st.apply("end")
    assert not st.alive[0]
    assert [economy.tankers_of(st, s) for s in range(3)] == [0, 2, 0]
    public = st.view(None)["public"]
    assert public["tanker_pool"] == 14
    assert [p["nationalised"] for p in public["players"]] == [None, None, None]


def test_a_favourable_card_with_money_saves_him_and_he_must_move():
    st = broke(deck=["oil-boom"])
    st.apply("agent kadhar-4")
    assert st.money[0] == 5
    assert "end" not in st.legal_actions()
    st.apply("move king kadhar-0 kadhar-1")
    st.apply("end")
    assert st.alive[0]


def test_a_free_leader_move_saves_him():
    st = broke(deck=["royal-visit"])
    st.apply("agent kadhar-4")
    st.apply("move king kadhar-0 kadhar-1")
    st.apply("end")
    assert st.alive[0] and st.money[0] == 0


def test_an_unfavourable_card_puts_him_out():
    st = broke(deck=["sanctions"])
    st.apply("agent kadhar-4")
    st.apply("end")
    assert not st.alive[0]


def test_declining_the_free_move_puts_him_out():
    st = broke(deck=["royal-visit"])
    st.apply("agent kadhar-4")
    st.apply("decline")
    st.apply("end")
    assert not st.alive[0]


def test_selling_a_tanker_raises_the_money_to_move():
    st = broke(tankers=[(0, "north", 1)])
    st.apply("agent uor-7")
    assert "sell tanker north" in st.legal_actions()
    st.apply("sell tanker north")
    assert "end" not in st.legal_actions()
    st.apply("move king kadhar-0 kadhar-1")
    st.apply("end")
    assert st.alive[0]


def test_income_keeps_a_player_in_even_without_money():
    st = build(money=[0, 20], leaders=[(0, "dictator", "kadhar-0"), (0, "king", "kadhar-2"),
                                       (1, "king", "kadhar-1"), (1, "king", "kadhar-3")],
               tankers=[(0, "kadhar", 1)], agents=["uor-0", "kadhar-7"], supply=[0] * 8, at="main")
    # nothing to pay with now, both leaders hemmed in — but income comes next turn
    assert economy.income(st, 0) == 1 and st.legal_actions()[-1] == "end"
    assert not any(a.startswith(("move", "attack", "place")) for a in st.legal_actions())
    st.apply("end")
    assert st.alive[0]


def test_a_blocked_player_with_money_passes_or_is_out_by_option():
    kw = dict(leaders=[(0, "king", "kadhar-2"), (1, "king", "kadhar-1"), (1, "king", "kadhar-3")],
              agents=["uor-0", "sahir-2"], supply=[0] * 8, at="main")
    st = build(**kw)
    assert not any(a.startswith(("move", "attack", "place")) for a in st.legal_actions())
    st.apply("end")
    assert st.alive[0] and "can neither move nor place" in logged(st)
    st = build(**kw, options={"blocked_player": "eliminated"})
    st.apply("end")
    assert not st.alive[0]


def test_a_player_without_any_head_of_state_is_out():
    st = build(leaders=[(1, "king", "kadhar-1")], supply=[0] * 4 + [2, 2, 1, 1], at="main")
    st.apply("end")
    assert not st.alive[0] and "has no head of state left" in logged(st)


def test_elimination_frees_capitals_and_returns_tankers_but_leaves_pipelines():
    st = broke(players=3, tankers=[(0, "north", 2)], pipes=[("uor", "abu"), ("kadhar", "harun")])
    st.apply("agent uor-7")
    with pytest.raises(IllegalAction):
        st.apply("place king mahul")
    st.apply("end")
    assert not st.alive[0] and not st.is_over()
    assert economy.tanker_pool(st) == 16 and st.pipes.bit_count() == 2
    assert st.board[st.content.board.capital[0]] == -1
    assert st.to_act == 1


def test_places_follow_the_order_of_elimination():
    st = broke(players=3)
    st.apply("agent uor-7")
    st.apply("end")
    st.alive[1] = False
    st.out_order[1] = 1
    st.stack.clear()
    out = st.outcome()
    assert out.winners == (2,) and out.places == (3, 2, 1)


def test_round_limit_is_100_rounds_by_default_and_60_for_the_bots_measurements():
    game = get("nationen")
    assert next(o for o in game.options if o.name == "round_limit").default == 100
    assert game.resolve_options({})["round_limit"] == 100
    assert game.conformance_options == {"round_limit": 60}


def test_bots_among_themselves_end_by_the_default_round_limit():
    """On this deal two of three heuristics keep their capitals from each other: by the rule book's own
    end alone (``round_limit=0``) both are still in after 150 rounds; by default the game ends."""
    endless = heuristics_play(2, 3, 150, {"round_limit": 0})
    assert not endless.is_over() and sum(endless.alive) == 2 and endless.round == 151
    st = heuristics_play(2, 3, 150, {})
    out = st.outcome()
    assert out is not None and out.limit and st.round == 101
    assert "round limit (100 rounds)" in str(out.reason)


def test_round_limit_ends_the_game_and_says_so():
    st = get("nationen").new_state(2, {"round_limit": 2}, seed=4)
    st.apply("place king kadhar")
    st.apply("station kadhar")
    st.apply("place dictator zarqan")
    st.apply("station north")
    rounds = 0
    while not st.is_over():
        legal = st.legal_actions()
        pick = next((a for a in legal if a.startswith(("agent", "move", "end"))), legal[0])
        st.apply(pick)
        rounds += 1
        assert rounds < 50
    out = st.outcome()
    assert out.limit and st.round == 3
    assert "round limit (2 rounds)" in str(out.reason)
    scores = [st.money[s] + 3 * economy.tankers_of(st, s) + economy.income(st, s) for s in range(2)]
    assert out.points == tuple(float(x) for x in scores)
    assert out.winners == tuple(s for s in range(2) if scores[s] == max(scores))


def test_round_limit_score_counts_every_seats_tankers_3_m_each():
    """A20 (docs/games/nationen.md): at the round limit the survivors rank by cash + 3 M per tanker
    they own + income. The second seat holds 10 M and two tankers on the high sea, no income:
    10 + 2 × 3 = 16, ahead of the first seat's 15 M in cash alone."""
    st = build(money=[15, 10], tankers=[(1, "north", 1), (1, "south", 1)], round=3, options={"round_limit": 2})
    out = st.outcome()
    assert out.limit and out.points == (15.0, 16.0)
    assert out.winners == (1,)
