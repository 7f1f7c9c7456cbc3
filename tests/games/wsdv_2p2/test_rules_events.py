"""Triggering events at their edges (the 2+2 rule book, §6.4, §11): a base card's yellow arrows, what a dual card's
ignored icon or arrow step leaves, build icons that leave the pool together, a marker's move in the log, the
space race at its end, the dominance bonus's words and its answer as the server receives it, who collects."""

from __future__ import annotations

import json

from realpolitik.games.wsdv.two_plus_two.events import collects

from .conftest import EAST_SEAT, USA, USSR, WEST_SEAT, card


def _event(t, seat, key, *actions):
    t.turn(seat, display=(key,))
    t.run(f"take {key} event", *actions)
    return t


def test_a_base_cards_yellow_arrows_move_their_markers_toward_west(table):
    # §6.4, "the base game rules are not changed": West triggers card 38 (US-Jet shot down in East Germany), which
    # shows a prestige arrow and a Western-currency arrow, each 1 step toward West
    t = table().clear_board()
    _event(t, WEST_SEAT, "38", "next prestige")
    assert (t.st.prestige, t.st.currency) == (-1, -1) and t.st.to_act == EAST_SEAT


def test_a_dual_card_whose_icon_is_ignored_keeps_every_step_of_its_arrows(table):
    # §6.4, Dual Cards: the player ignores 1 arrow or 1 icon — ignoring the payment leaves the dominance arrow's
    # 2 steps whole, whichever colour they are
    for steps, position in (({"red": 2}, 2), ({"yellow": 2}, -2)):
        dual = card("xd", "dual", icons=[{"icon": "dominance", **steps}, {"icon": "pay", "side": "east", "amount": 2}])
        t = table().clear_board().with_cards(dual)
        t.turn(WEST_SEAT, display=("xd",))
        t.run("take xd event", "ignore pay-ussr-2")
        assert t.st.dominance == position and t.st.treasury == [6, 6], steps


def test_ignoring_the_red_step_of_a_left_right_arrow(table):
    # §6.4: a left-right arrow moves by the net sum; ignoring its red step leaves the yellow one: 1 toward yellow
    dual = card("xd", "dual", icons=[{"icon": "dominance", "yellow": 1, "red": 1}])
    t = table().clear_board().with_cards(dual)
    t.turn(USSR, display=("xd",))
    t.run("take xd event", "ignore dominance-red")
    assert t.st.dominance == -1 and t.st.to_act == WEST_SEAT


def test_a_cards_build_icons_are_built_in_one_go_and_only_once(table):
    # §6.4 with the base game's icons: card 3 (Monetary reform in the East) shows 2 East build points and a
    # currency arrow. East takes the build points first: one build decision for both; when East is done, only
    # the arrow is left, and it runs at once — no build point comes back.
    t = table().clear_board().factories("leipzig")
    _event(t, EAST_SEAT, "3", "next build-east")
    assert t.top == "build" and t.st.stack[-1].points == 2
    t.run("done")
    assert t.st.currency == 1 and t.top == "turn" and t.st.to_act == USA


def test_a_prestige_move_is_written_in_the_log(table):
    # §6.4: East triggers card 31 (East Germany at the Olympics): the prestige marker 2 steps toward red — the
    # log says where it stands now
    t = table().clear_board()
    _event(t, EAST_SEAT, "31")
    assert t.st.prestige == 2 and "Track prestige +2." in t.st.log.redacted(None, 0)


def test_a_space_race_arrow_beyond_the_victory_space_brings_no_bonus(table):
    # §6.4: only a non-executable *dominance* arrow gives +$1 or a calmed unrest. The Soviet Union's space-race
    # marker stands in its victory space (5): Sputnik's red space arrow is lost, and the event goes on at once.
    t = table().clear_board()
    t.st.space = 5
    _event(t, USSR, "x7", "next space", "next dominance")
    assert (t.st.space, t.st.dominance) == (5, 1) and t.st.treasury == [6, 3] and t.st.to_act == WEST_SEAT


def test_the_dominance_bonus_as_the_server_receives_it(table):
    # §6.4, non-executable dominance arrows: the Soviet Union takes +$1. Over the wire an action is decoded from
    # JSON — a string of its own, not the program's constant — and means the same.
    push = card("xn", "east", icons=[{"icon": "dominance", "red": 2}])
    t = table().clear_board().unrest(sn=2).with_cards(push)
    t.st.dominance = t.c.dominance.spaces - 1
    _event(t, EAST_SEAT, "xn")
    assert t.st.to_act == USSR
    t.run(json.loads('"income"'))
    assert t.st.treasury == [6, 7] and t.st.unrest[t.p("sn")] == 2


def test_the_dominance_bonus_is_offered_to_its_superpower_alone(table):
    # §6.4: the Soviet Union chooses +$1 or an East unrest removed; the others see only that it cashes in
    push = card("xn", "east", icons=[{"icon": "dominance", "red": 2}])
    t = table().clear_board().unrest(sn=2).with_cards(push)
    t.st.dominance = t.c.dominance.spaces - 1
    _event(t, EAST_SEAT, "xn")
    st = t.st
    assert st.view(USSR)["pending"]["prompt"] == (
        "a dominance arrow beyond the track: +$1 for your treasury, or remove 1 East unrest")
    for seat in (USA, WEST_SEAT, EAST_SEAT):
        assert st.view(seat)["waiting"] == "the Soviet Union cashes in a dominance arrow beyond the track", seat


def test_who_collects_a_peacemaker_card(table):
    # §11: "You collect such a card, when you: a) trigger the event of a Green Card, or b) use a Black Card for
    # any action, except triggering the event."
    green = card("xg", "green", icons=[{"icon": "undove"}, {"icon": "peacemaker"}])
    black = card("xk", "black", icons=[{"icon": "dove"}], value_icons=[{"icon": "peacemaker"}])
    assert collects(green, "event") and not collects(black, "event")
    for use in ("calm", "build", "ls", "arms", "credit"):
        assert not collects(green, use) and collects(black, use), use
