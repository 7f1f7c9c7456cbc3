"""The end of a decade (the 2+2 rule book, §12): arms race, space race, dominance, then the base phases; the winner."""

from __future__ import annotations

from realpolitik.games.wsdv.sequence import StartDecade
from realpolitik.games.wsdv.two_plus_two import cold_war

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT


def _distance(track, level=None, victory=False):
    if victory:
        return track.victory
    return next(d for d, lvl in enumerate(track.level) if lvl == level)


def test_arms_race_victory_ends_the_game_at_once(table):
    t = table().clear_board()
    t.st.arms = -_distance(t.c.arms, level=4)
    t.phase("arms_race")
    st = t.st
    assert st.is_over() and st.victor == USA
    out = st.outcome()
    assert out.winners == (USA,) and out.details["ending"] == "arms race" and out.points == (4, 0, 0, 0)
    assert out.places == (1, 2, 2, 2) and out.teams == (0, 1, 0, 1)


def test_no_arms_race_victory_below_the_victory_spaces(table):
    t = table().clear_board()
    t.st.arms = _distance(t.c.arms, level=3)
    t.phase("arms_race")
    assert t.done()


def test_space_race_income_and_victory(table):
    t = table().clear_board()
    t.st.space = 1
    t.phase("space_race")
    assert t.st.treasury == [6, 7] and t.done()
    t = table().clear_board()
    t.st.space = -t.c.space.victory
    t.phase("space_race")
    assert t.st.victor == USA and t.st.outcome().details["ending"] == "space race"


def test_space_race_card_of_the_next_decade_refill_to_three_discard_one(table):
    t = table().clear_board()
    st = t.st
    st.space = 2
    st.hands = [["1"], ["2", "3"], ["4"], ["5"]]
    t.phase("space_race")
    bonus = [k for k in st.hands[USSR] if st.card(k).decade == 2]
    assert len(bonus) == 1 and st.space_bonus == [False, True, False, False]
    assert st.view(USA)["public"]["hands"]["ussr"] == [1, 1, 2]  # the back shows the decade
    assert bonus[0] not in repr(st.view(USA)) and bonus[0] in repr(st.view(USSR)["private"])
    st.stack = [StartDecade()]
    st.advance()
    while st.to_act != USSR:
        st.apply("keep")
    assert set(st.legal_actions()) == {"discard 2", "discard 3", "keep"}  # not the card just received
    st.apply("discard 2")
    st.apply("keep")
    while st.stack[-1].tag == "discard":
        st.apply("keep")
    assert st.to_act == USSR and st.stack[-1].tag == "discard_one" and len(st.hands[USSR]) == 3
    assert bonus[0] in st.hands[USSR] and bonus[0] not in st.deck
    st.apply(f"discard {bonus[0]}")  # any card of its choice
    assert len(st.hands[USSR]) == 2 and not st.space_bonus[USSR] and st.stack[-1].tag == "turn"


def test_no_next_decade_card_in_decade_four(table):
    t = table().clear_board()
    t.st.decade = 4
    t.st.space = -2
    t.phase("space_race")
    assert t.st.hands[USA] == [] and not t.st.space_bonus[USA]


def test_dominance_box_or_a_lower_one_then_income_for_both(table):
    t = table().clear_board().unrest(he=2).factories("koeln")
    st = t.st
    st.dominance = -3
    t.phase("dominance")
    assert st.to_act == USA and set(t.legal) == {"bonus 1", "bonus 2", "bonus 3"}
    t.run("bonus 1")  # the lower box: remove 1 West unrest
    assert st.unrest[t.p("he")] == 1
    income = t.c.dominance
    assert st.treasury == [6 + income.income[3], 6 + income.income_other[3]] and t.done()


def test_dominance_income_on_the_start_space_and_after_the_last_decade(table):
    t = table().clear_board()
    t.st.decade = 4
    t.phase("dominance")
    assert t.st.treasury == [6 + t.c.dominance.income[0]] * 2


def test_vp_example_two_step_winner(table):
    # East collapses (4 mass protests): yellow wins. USA 2 + 1 = 3 VP, Soviet Union 4 - 1 = 3 VP:
    # the USA is not better than the Soviet Union, so West wins.
    t = table().clear_board().unrest(mv=4, bb=4, eb=4, sa=4)
    st = t.st
    c = t.c
    st.arms = -c.arms.vp.index(2)
    st.space = -c.space.vp.index(1)
    st.dominance = c.dominance.vp.index(4)
    st.treasury = [3, -2]
    assert (cold_war.victory_points(st, 0), cold_war.victory_points(st, 1)) == (3, 3)
    t.phase("collapse")
    out = st.outcome()
    assert out.winners == (WEST_SEAT,) and out.details["winning_side"] == "west"
    assert out.points == (0, 0, 4, 0) and out.places == (2, 2, 1, 2)
    st.treasury = [3, 0]  # now the Soviet Union has more VP — but the yellow side won: still West
    assert st.outcome().winners == (WEST_SEAT,)
    st.space = -c.space.vp.index(2)  # USA 4 VP: more than the Soviet Union's 4 - 1
    st.treasury = [3, -3]
    assert st.outcome().winners == (USA,)


def test_red_side_wins_after_decade_four_and_the_ally_is_second(table):
    t = table().clear_board()
    st = t.st
    st.decade = 4
    st.dominance = 3
    t.phase("collapse")
    out = st.outcome()
    assert out.winners == (USSR,) and out.places == (3, 1, 3, 2) and out.points == (0, 4, 0, 2)


def test_the_phases_in_order(table):
    st = table().st
    assert tuple(phase.__name__ for phase in st.PHASES) == (
        "arms_race", "space_race", "dominance", "flight", "prestige", "western_currency", "police_upkeep",
        "living_standard_limit", "internal_comparison", "east_west_comparison", "police", "socialists", "collapse")
    assert st.seat_of(0) == WEST_SEAT and st.seat_of(1) == EAST_SEAT
