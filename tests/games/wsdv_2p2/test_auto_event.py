"""The automatic event at the end of a sub-decade (the 2+2 rule book, §9)."""

from __future__ import annotations

from realpolitik.games.wsdv.two_plus_two.sequence import SubDecadeEnd

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, card, deck_card

FILLER = card("xf", "dual", icons=[])


def _auto(t, key, last=WEST_SEAT):
    """End a sub-decade with ``key`` as the last normal card; ``last`` acted last."""
    st = t.st
    st.display = [key]
    st.deck = ["11", "12", "13"]  # sub-decade B is ready, so the test stops at its first turn
    st.prepared = [["x11", "x12", "x13"], []]
    st.last_active = last
    st.turn = st.order.index(last)
    t.push(SubDecadeEnd())
    return t


def test_dual_cards_ignore_nothing_and_blue_cards_execute_everything(table):
    dual = card("xd", "dual", icons=[{"icon": "dominance", "red": 1}, {"icon": "pay", "side": "west", "amount": 2}])
    arms = deck_card("a", [[{"icon": "pay", "side": "west", "amount": 1}]] * 4,
                     [[{"icon": "pay", "side": "east", "amount": 1}]] * 4)
    t = table().clear_board().with_cards(dual).with_deck("arms", arms, arms.model_copy(update={"key": "b"}))
    _auto(t, "xd")
    assert t.st.dominance == 1 and t.st.treasury == [4, 6] and t.st.half == 2
    t = table().clear_board().with_deck("arms", arms, arms.model_copy(update={"key": "b"}))
    _auto(t, "x10")  # First ICBM: arms race left-right (both draw), space race 0, both pay $2
    st = t.st
    assert (st.arms, st.space) == (0, 0) and st.treasury == [3, 3] and len(st.arms_used) == 2


def test_green_cards_ignore_shaded_icons_choice_and_peacemaker(table):
    t = table().clear_board()
    t.st.doves = 3
    _auto(t, "x9")  # Geneva Summit: undove, shaded undove, choice, peacemaker
    st = t.st
    assert st.doves == 4 and (st.prestige, st.dominance) == (0, 0) and not any(st.peacemakers)
    assert st.stack[-1].tag == "turn"


def test_printed_order_and_where_east_and_west_decide(table):
    t = table().clear_board().unrest(he=1, nrw=1, sn=1, th=1)
    both = card("xu", "dual", icons=[{"icon": "calm", "side": "west"}, {"icon": "calm", "side": "east"}])
    t.with_cards(both)
    _auto(t, "xu", last=USA)
    assert t.st.to_act == WEST_SEAT and set(t.legal) == {"calm he", "calm nrw"}  # yellow icon first: West
    t.run("calm he")
    assert t.st.to_act == EAST_SEAT and set(t.legal) == {"calm sn", "calm th"}


def test_arms_race_advantage_levels(table):
    both = card("xu", "dual", icons=[{"icon": "calm", "side": "west"}, {"icon": "calm", "side": "east", "by": "east"},
                                     {"icon": "calm", "side": "west", "by": "west"}])
    levels = {lvl: d for d, lvl in reversed(list(enumerate(table().c.arms.level)))}
    # level 1: the USA decides icons without a coat of arms; coats of arms stay with their state
    t = table().clear_board().unrest(he=1, nrw=1, sn=1, th=1, by=1).with_cards(both)
    t.st.arms = -levels[1]
    _auto(t, "xu")
    assert t.st.to_act == USA
    t.run("calm he")
    assert t.st.to_act == EAST_SEAT
    t.run("calm sn")
    assert t.st.to_act == WEST_SEAT
    # level 2: also the icons with East's coat of arms (not West's)
    t = table().clear_board().unrest(he=1, nrw=1, sn=1, th=1, by=1).with_cards(both)
    t.st.arms = -levels[2]
    _auto(t, "xu")
    t.run("calm he")
    assert t.st.to_act == USA and set(t.legal) == {"calm sn", "calm th"}
    t.run("calm th")
    assert t.st.to_act == WEST_SEAT
    # level 3: the Soviet Union may ignore one icon or arrow
    t = table().clear_board().unrest(he=1, nrw=1, sn=1, th=1, by=1).with_cards(both)
    t.st.arms = levels[3]
    _auto(t, "xu")
    assert t.st.to_act == USSR and set(t.legal) == {"ignore nothing", "ignore calm-west", "ignore calm-east-by-east",
                                                     "ignore calm-west-by-west"}
    t.run("ignore calm-west")
    assert t.st.to_act == EAST_SEAT and set(t.legal) == {"calm sn", "calm th"}  # its own state's coat of arms
    t.run("calm sn")
    assert t.st.to_act == USSR and set(t.legal) == {"calm he", "calm nrw", "calm by"}  # the other state's


def test_advantage_is_fixed_before_the_event(table):
    moving = card("xm", "dual", icons=[{"icon": "arms", "yellow": 3}, {"icon": "calm", "side": "east"}])
    quiet = deck_card("q", [[]] * 4, [[]] * 4)
    t = table().clear_board().unrest(sn=1, th=1).with_cards(moving).with_deck("arms", quiet, quiet.model_copy(
        update={"key": "r"}), quiet.model_copy(update={"key": "s"}))
    levels = {lvl: d for d, lvl in reversed(list(enumerate(t.c.arms.level)))}
    t.st.arms = levels[1]  # the Soviet Union ahead at level 1
    _auto(t, "xm")
    assert t.st.arms == levels[1] - 3 and t.st.to_act == USSR  # still the Soviet Union's choice


def test_nuclear_war_in_an_automatic_event_pressed_by_the_last_active_player(table):
    crisis = card("xk", "black", icons=[{"icon": "dove", "count": 2}])
    t = table().clear_board().with_cards(crisis)
    t.st.doves = 1
    _auto(t, "xk", last=EAST_SEAT)
    assert t.st.button == EAST_SEAT and t.st.is_over()


def test_prestige_arrows_are_not_converted_in_an_automatic_event(table):
    t = table().clear_board()
    _auto(t, "x22", last=USA)  # Nixon in China: dominance 2 and prestige 1 toward yellow
    assert (t.st.prestige, t.st.dominance) == (-1, -2)


def test_secondary_effects_follow_the_standard_rules(table):
    push = card("xn", "dual", icons=[{"icon": "dominance", "red": 2}])
    t = table().clear_board().unrest(sn=1).with_cards(push)
    t.st.dominance = t.c.dominance.spaces
    _auto(t, "xn")
    assert t.st.to_act == USSR and set(t.legal) == {"income", "calm sn"}  # the non-executable arrow's bonus


def test_overflow_bonuses_beyond_a_base_track_run_one_after_the_other(table):
    rise = card("xo", "dual", icons=[{"icon": "currency", "red": 2}])
    t = table().clear_board().unrest(sn=1).with_cards(rise)
    t.st.currency = 6
    _auto(t, "xo")
    assert t.st.unrest[t.p("sn")] == 0 and t.st.stack[-1].tag == "turn"  # the second bonus finds no unrest
