"""Triggering events (the 2+2 rule book, §6.4): colours, arrows, prestige and dominance, the new icons."""

from __future__ import annotations

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, card, deck_card

QUIET = deck_card("q", [[]] * 4, [[]] * 4)
QUIET_CONFLICT = deck_card("qc", [[]], [[]])


def _event(t, seat, key, *actions):
    t.turn(seat, display=(key,))
    t.run(f"take {key} event", *actions)
    return t


def test_who_may_trigger_which_colour(table):
    cards = [card("xw", "west"), card("xe", "east"), card("xd", "dual"), card("xb", "blue"), card("xg", "green"),
             card("xk", "black")]
    for seat in (USA, USSR, WEST_SEAT, EAST_SEAT):
        t = table().clear_board().with_cards(*cards)
        t.turn(seat, display=tuple(c.key for c in cards))
        events = {a.split(" ")[1] for a in t.legal if a.endswith(" event") and a.startswith("take x")}
        own = "xw" if seat % 2 == 0 else "xe"
        assert events == {own, "xd", "xb", "xg", "xk"}, seat


def test_example_1_blue_card_for_the_soviet_union(table):
    # The Soviet Union ignores all yellow icons and arrows: space race and dominance 1 to the
    # right, then it pays $3.
    sputnik = "x7"  # the stand-in card drawn after the example
    t = table().clear_board()
    _event(t, USSR, sputnik, "next space", "next dominance")
    st = t.st
    assert (st.space, st.dominance) == (1, 1) and st.treasury == [6, 3] and t.st.to_act == WEST_SEAT


def test_blue_card_for_a_yellow_player(table):
    t = table().clear_board()
    _event(t, WEST_SEAT, "x7", "next pay-usa-3", "next dominance")
    assert (t.st.space, t.st.dominance) == (-1, -1) and t.st.treasury == [3, 6]


def test_example_2_green_card_east_for_world_peace(table):
    # East triggers the event: 2 doves return, East moves prestige 1 in its favour and
    # collects the card (the peacemaker).
    t = table().clear_board()
    t.st.doves = 3
    _event(t, EAST_SEAT, "x9", "next undove", "next undove", "shift prestige red")
    st = t.st
    assert st.doves == 5 and st.prestige == 1 and st.peacemakers[EAST_SEAT] == ["x9"] and "x9" not in st.played


def test_example_2_variant_and_the_german_version(table):
    t = table().clear_board()
    t.st.doves = 3
    _event(t, EAST_SEAT, "x9", "next choice", "shift dominance yellow")  # East sabotages the Soviet plans
    assert t.st.dominance == -1 and t.st.doves == 5
    t = table().clear_board()
    t.st.doves = 4
    _event(t, USA, "x9", "next choice", "shift dominance yellow")  # German 2+2 rule book: the USA, dominance its way
    assert t.st.dominance == -1 and t.st.doves == 6 and t.st.peacemakers[USA] == ["x9"]


def test_black_and_green_cards_execute_everything(table):
    black = card("xk", "black", icons=[{"icon": "dove"}, {"icon": "pay", "side": "west", "amount": 1},
                                       {"icon": "pay", "side": "east", "amount": 2}])
    t = table().clear_board().with_cards(black)
    _event(t, WEST_SEAT, "xk", "next dove", "next pay-usa-1")
    assert t.st.doves == 5 and t.st.treasury == [5, 4] and t.st.peacemakers[WEST_SEAT] == []


def test_dual_card_may_ignore_one_icon_or_arrow(table):
    dual = card("xd", "dual", icons=[{"icon": "dominance", "red": 2}, {"icon": "pay", "side": "east", "amount": 2}])
    t = table().clear_board().with_cards(dual)
    t.turn(WEST_SEAT, display=("xd",))
    t.run("take xd event")
    assert set(t.legal) == {"ignore nothing", "ignore dominance", "ignore pay-ussr-2"}
    t.run("ignore dominance", "next dominance")
    assert t.st.dominance == 1 and t.st.treasury == [6, 4]


def test_left_right_arrows_move_by_the_net_sum_and_both_superpowers_draw(table):
    dual = card("xd", "green", icons=[{"icon": "undove"}, {"icon": "dominance", "yellow": 1, "red": 2},
                                      {"icon": "arms", "yellow": 1, "red": 1}])
    arms = deck_card("a", [[{"icon": "pay", "side": "west", "amount": 1}]] * 4,
                     [[{"icon": "pay", "side": "east", "amount": 2}]] * 4)
    t = table().clear_board().with_cards(dual).with_deck("arms", arms, arms.model_copy(update={"key": "b"}))
    _event(t, WEST_SEAT, "xd", "next dominance", "next arms", "first usa")
    st = t.st
    assert st.dominance == 1 and st.arms == 0 and st.treasury == [5, 4] and len(st.arms_used) == 2


def _both_draw(table, version: str = ""):
    """West triggers a left-right arms-race arrow: both superpowers draw from a deck whose top card ``a``
    costs the drawer $1 and whose next card ``b`` $2 (yellow and red column alike)."""
    left_right = card("xd", "green", icons=[{"icon": "arms", "yellow": 1, "red": 1}])
    a = deck_card("a", [[{"icon": "pay", "side": "west", "amount": 1}]] * 4,
                  [[{"icon": "pay", "side": "east", "amount": 1}]] * 4)
    b = deck_card("b", [[{"icon": "pay", "side": "west", "amount": 2}]] * 4,
                  [[{"icon": "pay", "side": "east", "amount": 2}]] * 4)
    t = table(version=version).clear_board().with_cards(left_right).with_deck("arms", a, b)
    return _event(t, WEST_SEAT, "xd")


def test_the_active_player_decides_which_superpower_draws_its_arms_race_card_first(table):
    # §8, conflict cards: "In the case that both superpowers are affected simultaneously, it is – as usual – up
    # to the active player to decide who draws the card first." Arms-race cards drawn together (a left-right
    # arrow, §6.4) follow the same reading: West, the active player, chooses — even the red superpower.
    t = _both_draw(table)
    assert t.st.to_act == WEST_SEAT and set(t.legal) == {"first usa", "first ussr"}
    t.run("first ussr")
    assert t.st.treasury == [4, 5]  # the Soviet Union drew the top card ($1), the USA the next ($2)
    t = _both_draw(table)
    t.run("first usa")
    assert t.st.treasury == [5, 4]


def test_rules_version_1_let_the_active_sides_superpower_draw_first(table):
    t = _both_draw(table, version="1")
    # West's superpower, the USA, drew the top card; nobody was asked
    assert t.st.treasury == [5, 4] and "first usa" not in t.legal


def test_active_superpower_may_move_dominance_instead_of_prestige(table):
    double = card("xp", "west", icons=[{"icon": "prestige", "yellow": 2}])
    t = table().clear_board().with_cards(double)
    t.turn(USA, display=("xp",))
    t.run("take xp event")
    assert set(t.legal) == {"prestige 2", "prestige 1 dominance 1", "dominance 2"}
    t.run("prestige 1 dominance 1")  # a double arrow split to both tracks
    assert (t.st.prestige, t.st.dominance) == (-1, -1)
    t.turn(WEST_SEAT, display=("xp",))  # a German state has no such choice
    t.run("take xp event")
    assert (t.st.prestige, t.st.dominance) == (-3, -1)


def test_base_card_prestige_arrows_convert_too_and_strict_ones_never(table):
    t = table().clear_board()
    t.turn(USSR, display=("50",))  # Guillaume affair: a red prestige arrow
    t.run("take 50 event", "next prestige")
    assert set(t.legal) == {"prestige 1", "dominance 1"}
    strict = card("xs", "east", icons=[{"icon": "prestige", "red": 1, "strict": True}])
    t = table().clear_board().with_cards(strict)
    _event(t, USSR, "xs")
    assert t.st.prestige == 1 and t.st.dominance == 0 and t.st.to_act == WEST_SEAT


def test_non_executable_dominance_arrows_give_a_dollar_or_calm(table):
    push = card("xn", "east", icons=[{"icon": "dominance", "red": 2}])
    t = table().clear_board().unrest(sn=2).with_cards(push)
    t.st.dominance = t.c.dominance.spaces - 1
    _event(t, EAST_SEAT, "xn")
    assert t.st.dominance == t.c.dominance.spaces and t.st.to_act == USSR  # the Soviet Union decides
    assert set(t.legal) == {"income", "calm sn"}
    t.run("income")
    assert t.st.treasury == [6, 7]


def test_doves_and_nuclear_war_pressed_by_the_active_player(table):
    crisis = card("xk", "black", icons=[{"icon": "dove", "count": 2}])
    t = table().clear_board().with_cards(crisis)
    t.st.doves = 1
    _event(t, WEST_SEAT, "xk")
    st = t.st
    assert st.doves == 0 and st.button == WEST_SEAT and st.is_over()
    out = st.outcome()
    assert "West had to press the red button" in str(out.reason) and out.details["ending"] == "nuclear war"


def test_undove_only_when_a_dove_is_flipped(table):
    peace = card("xg", "green", icons=[{"icon": "undove", "count": 2}])
    t = table().clear_board().with_cards(peace)
    t.st.doves = 5
    _event(t, USSR, "xg")
    assert t.st.doves == 6


def test_conflict_icons_red_yellow_and_black(table):
    war = card("xc", "dual", icons=[{"icon": "conflict", "side": "west"}, {"icon": "conflict", "side": "east"}])
    conflict = deck_card("c", [[{"icon": "pay", "side": "west", "amount": 1}]],
                         [[{"icon": "pay", "side": "east", "amount": 2}]])
    t = table().clear_board().with_cards(war).with_deck("conflict", conflict, conflict.model_copy(update={"key": "d"}))
    t.turn(EAST_SEAT, display=("xc",))
    t.run("take xc event", "ignore nothing")
    assert set(t.legal) == {"next conflict-usa", "next conflict-ussr"}  # the active player orders the draws
    t.run("next conflict-ussr")
    assert t.st.treasury == [5, 4] and t.st.conflict_used == ["c", "d"]
    black = card("xa", "black", icons=[{"icon": "dove"}, {"icon": "conflict", "side": "active"}])
    t = table().clear_board().with_cards(black).with_deck("conflict", conflict)
    _event(t, WEST_SEAT, "xa", "next conflict-active")
    assert t.st.treasury == [5, 6]  # the USA: the superpower of the active side


def test_payments_income_and_the_treasury_limits(table):
    rich = card("xr", "west", icons=[{"icon": "income", "side": "west", "amount": 9}])
    t = table().clear_board().with_cards(rich)
    t.st.treasury[0] = 15
    _event(t, USA, "xr")
    assert t.st.treasury[0] == t.c.treasury.highest == 20


def test_reminders(table):
    t = table().clear_board()
    _event(t, WEST_SEAT, "x29", "next soviet-penalty")
    assert t.st.soviet_penalty and t.st.dominance == -1
    t = table().clear_board().with_deck("arms", QUIET)
    _event(t, WEST_SEAT, "x33", "next arms-cost", "next arms")
    assert t.st.arms_cost == 1 and t.st.arms == -2 and t.st.treasury == [6 - 2 - 2, 6]  # 2 steps, $1 each


def test_coat_of_arms_icons_are_executed_by_the_german_state(table):
    t = table().clear_board().unrest(he=1, nrw=1)
    t.st.decade = 4
    t.turn(USSR, display=("64",))  # Strauß: West removes 2 West unrest (coat of arms), the rest is the trigger's
    t.run("take 64 event")
    assert t.st.to_act in (USSR, WEST_SEAT)
    while t.st.to_act == USSR and t.top == "next_effect":
        t.run(next(a for a in t.legal if "by-west" in a))
    assert t.st.to_act == WEST_SEAT and set(t.legal) == {"calm he", "calm nrw"}


def test_guillaume_clarification(table):
    # Even if the Soviet Union triggers the event, East benefits; East may look only at West's
    # hand or the draw deck — never at a superpower's hand or the 2+2 cards.
    t = table().clear_board()
    st = t.st
    st.decade = 3
    st.hands = [["55"], [], ["56", "57"], ["41"]]
    st.deck = ["58", "59", "60"]
    t.turn(USSR, display=("50",))
    t.run("take 50 event", "next guillaume")
    assert st.to_act == EAST_SEAT and set(t.legal) == {"look hand", "look deck"}
    t.run("look hand")
    assert st.view(EAST_SEAT)["private"]["known"] == ["56", "57"]
    assert st.view(USSR)["private"]["known"] == [] and "55" not in st.view(EAST_SEAT)["private"]["known"]
    assert all(a.split(" ")[2] in ("56", "57") for a in t.legal if a.startswith("swap"))


def test_ignoring_one_colour_of_a_left_right_arrow(table):
    dual = card("xd", "dual", icons=[{"icon": "dominance", "yellow": 1, "red": 1}])
    t = table().clear_board().with_cards(dual)
    t.turn(USSR, display=("xd",))
    t.run("take xd event")
    assert set(t.legal) == {"ignore nothing", "ignore dominance-yellow", "ignore dominance-red"}
    t.run("ignore dominance-yellow")
    assert t.st.dominance == 1


def test_an_active_superpower_converts_a_prestige_arrow_of_its_own_conflict_card(table):
    war = card("xw", "west", icons=[{"icon": "conflict", "side": "west"}])
    conflict = deck_card("c", usa=[[{"icon": "prestige", "yellow": 1}]], ussr=[[]])
    t = table().clear_board().with_cards(war).with_deck("conflict", conflict)
    t.turn(USA, display=("xw",))
    t.run("take xw event")
    assert set(t.legal) == {"prestige 1", "dominance 1"}
    t.run("dominance 1")
    assert t.st.dominance == -1 and t.st.prestige == 0
    t = table().clear_board().with_cards(war).with_deck("conflict", conflict)
    t.turn(WEST_SEAT, display=("xw",))  # West is active: the USA draws but is not the active player
    t.run("take xw event")
    assert t.st.prestige == -1 and t.st.dominance == 0


def test_the_usa_cashes_a_yellow_dominance_arrow_beyond_the_track(table):
    push = card("xn", "west", icons=[{"icon": "dominance", "yellow": 1}])
    t = table().clear_board().unrest(nrw=1).with_cards(push)
    t.st.dominance = -t.c.dominance.spaces
    _event(t, WEST_SEAT, "xn")
    assert t.st.to_act == USA and set(t.legal) == {"income", "calm nrw"}
    t.run("calm nrw")
    assert t.st.unrest[t.p("nrw")] == 0 and t.st.treasury == [6, 6]


def test_next_counts_the_build_points_its_icon_then_builds(table):
    """Card 7 shows two build points for Poland: ``next`` runs both at once, and says so."""
    from realpolitik.i18n import render

    t = table().clear_board().factories("cottbus")
    _event(t, EAST_SEAT, "7")
    choice = next(c for c in t.st.choices() if c.action == "next build-east-in-pl")
    t.run(choice.action)
    points = t.st.stack[-1].points  # the build decision the icon started
    assert points == 2 and render(choice.label, "en") == f"Next: {points} East build points in Poland"


def test_in_the_red_the_income_of_a_dual_event_cannot_be_ignored(table):
    # §6.6: a superpower in the red "can only: take a credit, or trigger events which add income to its
    # treasury" — a dual event triggered so must add that income: ignoring it is not offered (§4.4.1 lets the
    # triggering player ignore one icon otherwise).
    dual = card("xi", "dual", icons=[{"icon": "income", "side": "east", "amount": 2},
                                     {"icon": "dominance", "red": 1}])
    t = table().clear_board().with_cards(dual)
    t.st.treasury[USSR] = -1
    t.turn(USSR, display=("xi",))
    t.run("take xi event")
    assert set(t.legal) == {"ignore nothing", "ignore dominance"}
    t.run("ignore dominance", "next income-ussr-2")
    assert t.st.treasury[USSR] == 1
    t = table().clear_board().with_cards(dual)  # out of the red, the income may be ignored
    t.turn(USSR, display=("xi",))
    t.run("take xi event")
    assert "ignore income-ussr-2" in t.legal
    t = table(version="1").clear_board().with_cards(dual)  # rules version 1 offered it in the red too
    t.st.treasury[USSR] = -1
    t.turn(USSR, display=("xi",))
    t.run("take xi event")
    assert "ignore income-ussr-2" in t.legal
