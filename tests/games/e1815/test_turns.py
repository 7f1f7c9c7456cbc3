"""The turn structure: start phase, the year, two actions per turn, the 1½ move, reinforcements."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction
from realpolitik.games import get
from realpolitik.games.e1815.scoring import PlaceReinforcements, Reinforce
from realpolitik.games.e1815.sequence import ChooseCapital, ChoosePower, Claim, TurnAction
from realpolitik.games.e1815.units import gain_markers


def _passive(st):
    """Play capitals/claims by the first choice and pass everything else; record who decides what."""
    seen = []
    while not st.is_over():
        frame = st.stack[-1]
        seen.append((st.year, st.season, type(frame), frame.seat, st.half))
        legal = st.legal_actions()
        st.apply(legal[0] if isinstance(frame, (ChooseCapital, Claim, ChoosePower)) else legal[-1])
    return seen


def test_the_start_phase_picks_capitals_in_seat_order_then_claims_in_reverse(kit):
    st = get("e1815").new_state(4, {}, seed=3)
    seen = _passive(st)
    start = [(kind, seat) for _, season, kind, seat, _ in seen if season == "start"]
    assert start[:4] == [(ChooseCapital, s) for s in range(4)]
    claims = [seat for kind, seat in start if kind is Claim]
    assert claims == sorted(claims, reverse=True) and claims.count(3) == 2


def test_a_capital_starts_with_flag_general_four_infantry_and_a_cavalry(kit):
    st = get("e1815").new_state(2, {}, seed=3)
    st.apply("capital norwegen")
    assert kit.units(st, "norwegen") == (4, 1, 0)
    assert st.general[0] == st.capital[0] == st.content.board.index["norwegen"]
    near = {"schottland", "schweden", "finnland"}  # Skandinavien is taken, Schottland and Schweden border it
    assert not near & {a.split(" ")[1] for a in st.legal_actions()}
    st.apply("capital wien")
    st.apply("claim bayern")
    assert kit.units(st, "bayern") == (1, 0, 0) and kit.owner(st, "bayern") == 1


def test_a_year_is_reinforcement_winter_summer_then_sp_and_the_last_summer_player_moves_one_and_a_half():
    st = get("e1815").new_state(4, {"max_years": 2}, seed=3)
    seen = _passive(st)
    year1 = [(season, kind, seat, half) for y, season, kind, seat, half in seen if y == 1 and kind is TurnAction]
    assert year1 == ([("winter", TurnAction, s, False) for s in range(4)]
                     + [("summer", TurnAction, s, False) for s in range(4)] + [("summer", TurnAction, 3, True)])
    year2 = [(season, seat, half) for y, season, kind, seat, half in seen
             if y == 2 and kind in (TurnAction, PlaceReinforcements)]
    # the player who had the 1½ move opens the next year; reinforcements come first
    assert year2 == ([("reinforcement", s, False) for s in (3, 0, 1, 2)]
                     + [("winter", s, False) for s in (3, 0, 1, 2)]
                     + [("summer", s, False) for s in (3, 0, 1, 2)] + [("summer", 2, True)])
    assert "SP distribution, year 2" in str(st.log.entries()[-2].public)


def test_with_a_fixed_start_player_p1_opens_every_year():
    st = get("e1815").new_state(3, {"max_years": 2, "start_player": "fixed"}, seed=3)
    seen = _passive(st)
    halves = [(y, seat) for y, season, kind, seat, half in seen if half]
    assert halves == [(1, 2), (2, 2)]


def test_the_half_move_is_one_action(kit):
    st = kit.blank()
    kit.put(st, 0, "wien", inf=4, capital=True, general=True)
    kit.put(st, 0, "ungarn", inf=2)
    kit.start_turn(st, 0, actions=1)
    st.half = True
    st.apply("fortify ungarn")
    assert st.stack == []


def test_a_turn_has_two_actions_and_at_most_one_attack(kit):
    st = kit.blank()
    kit.put(st, 0, "wien", inf=6, capital=True, general=True)
    kit.put(st, 0, "ungarn", inf=4)
    kit.start_turn(st, 0)
    kit.play(st, "attack bayern", "commit wien 2 inf", "go")
    assert st.stack == [TurnAction(0)]  # the battle is over, the second action comes
    assert not [a for a in st.legal_actions() if a.startswith("attack")]
    with pytest.raises(IllegalAction, match="one military action"):
        st.apply("attack walachei")
    st.apply("fortify ungarn")
    assert st.stack == []


def test_success_markers_never_exceed_five(kit):
    st = kit.blank()
    st.markers[0] = 4
    assert gain_markers(st, 0, 3) == 1 and st.markers[0] == 5
    for _, _, after in kit.playouts("e1815", 10, players=4, seed=70):
        assert max(after.markers) <= 5


def test_reinforcements_follow_the_formula_and_cavalry_and_artillery_only_come_in_the_capital(kit):
    st = kit.blank()
    kit.put(st, 0, "irland", inf=1)
    kit.put(st, 0, "schottland", inf=1)
    kit.put(st, 0, "england", inf=1, capital=True)
    kit.put(st, 0, "norwegen", inf=1, general=True)
    kit.put(st, 0, "daenemark", inf=1)  # grey fortress
    kit.put(st, 0, "paris", inf=1)
    st.stack = [Reinforce(0)]
    st.advance()
    # 6 lands, Britannien complete: 2 + 6 // 3 + 2 = 6 EP
    assert st.stack == [PlaceReinforcements(0, 6)]
    legal = set(st.legal_actions())
    assert {"place england inf", "place england cav", "place england art", "place norwegen inf",
            "place daenemark inf", "done"} == legal
    kit.play(st, "place england art", "place norwegen inf", "place daenemark inf")
    assert set(st.legal_actions()) == {"place england inf", "place norwegen inf", "place daenemark inf", "done"}
    st.apply("place england inf")
    assert st.stack == []  # 6 EP spent


def test_a_general_lost_in_battle_returns_at_the_next_reinforcement(kit):
    st = kit.blank()
    kit.put(st, 0, "wien", inf=2, capital=True)
    st.stack = [Reinforce(0)]
    st.advance()
    assert st.general[0] == st.content.board.index["wien"]
