"""Grave actions ask for a second thought: each game marks the actions that eliminate or
bankrupt the player, give something to another player, start a war or end the game; a
view's choices carry the warning in the reader's language, the terminal asks y/n, and bots
never pay for it. Situations are found by seeded playouts and checked exactly."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from realpolitik.engine import Rng, SeatContext, State
from realpolitik.games import get
from realpolitik.games.nuclear_war.combat import Intercept
from realpolitik.games.wsdv.grave import decade_may_end
from realpolitik.i18n import render
from tests.games.nuclear_war.scenario import build

GAMES = [("nuclear-war", 3), ("wsdv", 2), ("wsdv-2p2", 4), ("nationen", 3), ("e1815", 2), ("e1815-2vs2", 4)]
RED_BUTTON = "No peace dove is left: this makes you press the red button. Nuclear war ends the game, and you lose."


def first(game: str, players: int, wanted: Callable[[State, str], bool], seeds: int = 12,
          options: dict | None = None) -> tuple[State, str]:
    """The first position of seeded random playouts where an action satisfies ``wanted``."""
    g = get(game)
    for seed in range(seeds):
        state, rng = g.new_state(players, dict(options or g.conformance_options), seed), Rng(seed)
        while not state.is_over() and state.ply < 2000:
            for action in state.legal_actions():
                if wanted(state, action):
                    return state, action
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game}: no such position in {seeds} playouts")


def warning(state: State, action: str, lang: str = "en") -> str | None:
    found = state.grave(action)
    return None if found is None else render(found, lang)


def played(state: State, action: str) -> State:
    """The true game after ``action`` (a clone: ``state`` stays as it was)."""
    after = state.clone()
    after.apply(action)
    return after


@cache
def red_button() -> tuple[State, str]:
    """A 2+2 position whose player surely presses the red button with one of the actions."""
    return first("wsdv-2p2", 4, lambda s, a: s.doves <= 3 and warning(s, a) == RED_BUTTON, seeds=80)


def test_nuclear_war_the_first_attack_starts_the_war_and_later_ones_do_not_ask():
    state, action = first("nuclear-war", 3, lambda s, a: a.startswith("target ") and not s.at_war
                          and s.stack[-1].purpose == "attack")
    said = warning(state, action)
    assert said == "This is the first attack: war breaks out, and from then on propaganda is worthless."
    assert warning(state, action, "de").startswith("Das ist der erste Angriff: Der Kriegszustand beginnt")
    later, attack = first("nuclear-war", 3, lambda s, a: a.startswith("target ") and s.at_war
                          and s.stack[-1].purpose == "attack")
    assert warning(later, attack) is None
    propaganda, aim = first("nuclear-war", 3, lambda s, a: a.startswith("target ") and not s.at_war
                            and s.stack[-1].purpose == "propaganda")
    assert warning(propaganda, aim) is None


@pytest.mark.parametrize("game,players", [("wsdv", 2), ("wsdv-2p2", 4)])
def test_wsdv_calming_with_a_foreign_card_costs_a_build_point_and_says_so(game, players):
    def calm(foreign: bool):
        def wanted(s, a):
            verb, *args = a.split()
            return (verb in ("take", "play") and args[1] == "calm"
                    and (s.card(args[0]).owner() != s.side(s.to_act)) == foreign)
        return wanted
    state, action = first(game, players, calm(True))
    assert warning(state, action).startswith("This card is not of your colour")
    assert warning(state, action, "de").startswith("Diese Karte hat nicht deine Farbe")
    own, action = first(game, players, calm(False))
    assert warning(own, action) is None


def test_nationen_spending_the_last_money_and_ending_a_turn_that_eliminates():
    from realpolitik.games.nationen.grave import broke

    def leaves_broke(s, a):
        if a == "end" or broke(s, s.to_act):
            return False
        after = s.clone()
        after.apply(a)
        return after.alive[s.to_act] and broke(after, s.to_act) and after.rng.state == s.rng.state
    state, action = first("nationen", 3, leaves_broke)
    assert warning(state, action).startswith("After this you have too little money to move a head of state")

    def eliminates(s, a):
        after = s.clone()
        after.apply(a)
        return not after.alive[s.to_act]
    fine = [a for a in state.legal_actions() if not leaves_broke(state, a) and not eliminates(state, a)]
    assert fine and all(warning(state, a) is None for a in fine)
    state, action = first("nationen", 3, lambda s, a: a == "end" and eliminates(s, a))
    assert warning(state, action, "de") == "Damit scheidest du aus: alle deine Figuren verlassen das Spielfeld."


def test_1815_2vs2_team_actions_that_give_to_the_ally():
    state, action = first("e1815-2vs2", 4, lambda s, a: a.startswith("cede "))
    ally = render(state.seats[state.ally[state.to_act]], "en")
    board = state.content.board
    land = render(board.lands[board.index[action.split()[1]]].name, "en")
    assert warning(state, action) == f"This gives {land} to your ally {ally} for good."
    marker, give = first("e1815-2vs2", 4, lambda s, a: a == "give marker")
    assert warning(marker, give).startswith("This gives one of your success markers to your ally")
    none, quiet = first("e1815-2vs2", 4, lambda s, a: a == "no team action")
    assert warning(none, quiet) is None


def test_1815_the_action_that_surely_ends_the_game_says_so_and_an_earlier_one_does_not():
    def ends(s, a):
        after = s.clone()
        after.apply(a)
        return a == "end turn" and after.is_over()
    state, action = first("e1815", 2, ends)
    before = state.digest()
    assert warning(state, action) == "This ends the game." and warning(state, action, "de") == "Damit endet das Spiel."
    assert state.digest() == before  # foreseen in sampled worlds, the true state untouched
    early, turn = first("e1815", 2, lambda s, a: a == "end turn" and s.ply > 5)
    assert warning(early, turn) is None


def test_views_carry_the_warning_in_the_readers_language_and_bots_never_ask(monkeypatch):
    state, action = first("wsdv", 2, lambda s, a: a.endswith(" calm")
                          and s.card(a.split()[1]).owner() != s.side(s.to_act))
    seat = state.to_act
    for lang, start in (("en", "This card is not of your colour"), ("de", "Diese Karte hat nicht deine Farbe")):
        choices = {c["action"]: c for c in state.view(seat, lang=lang)["pending"]["choices"]}
        assert choices[action]["grave"].startswith(start)
        assert all(c["grave"] is None or c["action"].endswith(" calm") for c in choices.values())
    monkeypatch.setattr(type(state), "grave", lambda self, action: pytest.fail("a bot asked for a warning"))
    assert [c.grave for c in state.choices(words=False)] == [None] * len(state.legal_actions())


def test_nuclear_war_letting_through_a_strike_that_takes_the_last_people():
    def shot(people: list[int], hand: list[str]) -> State:
        """p1's Atlas with a 20 megaton warhead (it kills 5 million) flies at p2 in war; the dice will say
        'shelters save 2 million'."""
        st = build(3, hands=[["10mt"] * 7, hand, ["10mt"] * 7], queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2,
                   face_up=["atlas", None, None], people=[[25, 25], people, [25, 25]], draw=["10mt"] * 9,
                   war=True, dice=(1, 0))
        st.apply("place 10mt")
        st.apply("target p2")
        assert isinstance(st.stack[-1], Intercept) and st.to_act == 1
        return st
    anti = ["anti-a"] + ["10mt"] * 6
    doomed = shot([2, 1], anti)  # 3 million: even the mildest hit (5 - 2) takes them all
    assert warning(doomed, "no intercept") == ("If the 20 Megaton Warhead hits, you lose your last people: only a "
                                               "misfire or a dud can save you.")
    assert warning(doomed, "no intercept", "de").startswith("Trifft der 20-Megatonnen-Sprengkopf, verlierst du")
    assert warning(doomed, "intercept anti-a") is None
    assert not played(doomed, "no intercept").alive[1]
    assert warning(shot([2, 2], anti), "no intercept") is None  # 4 million: a hit may leave one
    assert warning(shot([2, 1], ["10mt"] * 7), "no intercept") is None  # nothing to intercept with: no choice


def test_wsdv_the_action_that_surely_ends_the_game_says_so_and_an_earlier_end_of_decade_does_not():
    state, action = first("wsdv", 2, lambda s, a: decade_may_end(s) and warning(s, a) == "This ends the game.")
    before = state.digest()
    assert warning(state, action, "de") == "Damit endet das Spiel."
    assert state.digest() == before  # foreseen in sampled worlds, the true state untouched
    assert played(state, action).is_over()
    step, choice = first("wsdv", 2, lambda s, a: s.eod >= 0 and len(s.legal_actions()) > 1
                         and not played(s, a).is_over())
    assert warning(step, choice) is None


def test_wsdv_2p2_the_action_that_makes_its_player_press_the_red_button():
    state, action = red_button()
    seat = state.to_act
    assert warning(state, action, "de").startswith("Es ist keine Friedenstaube mehr übrig: Damit musst du den Roten")
    war = played(state, action)
    places = war.outcome().places
    assert war.is_over() and war.button == seat and places[seat] == max(places)
    calm = [a for a in state.legal_actions() if played(state, a).button < 0]  # the same card used otherwise, …
    assert calm and all(warning(state, a) != RED_BUTTON for a in calm)
    assert all(played(state, a).button == seat for a in state.legal_actions() if warning(state, a) == RED_BUTTON)


def test_nationen_the_last_turn_under_a_round_limit_ends_the_game():
    state, action = first("nationen", 3, lambda s, a: a == "end" and played(s, a).is_over()
                          and played(s, a).alive[s.to_act], options={"round_limit": 2})
    assert warning(state, action) == "This ends the game."
    assert warning(state, action, "de") == "Damit endet das Spiel."
    early, end = first("nationen", 3, lambda s, a: a == "end", options={"round_limit": 2})
    assert warning(early, end) is None


@pytest.mark.parametrize("game,players", GAMES)
def test_every_game_s_views_carry_its_warnings_in_both_languages(game, players):
    state, action = first(game, players, lambda s, a: s.grave(a) is not None)
    seat = state.to_act
    said = {}
    for lang in ("en", "de"):
        choices = {c["action"]: c["grave"] for c in state.view(seat, lang=lang)["pending"]["choices"]}
        assert choices == {a: warning(state, a, lang) for a in state.legal_actions()}
        said[lang] = choices[action]
    assert said["en"] and said["de"] and said["en"] != said["de"]
    assert all("pending" not in state.view(other) for other in range(players) if other != seat)


@pytest.mark.parametrize("game,players", GAMES)
def test_bots_never_ask_for_a_warning(game, players, monkeypatch):
    state, _ = first(game, players, lambda s, a: s.grave(a) is not None)
    monkeypatch.setattr(type(state), "grave", lambda self, action: pytest.fail("a bot asked for a warning"))
    assert [c.grave for c in state.choices(words=False)] == [None] * len(state.legal_actions())
    assert [c.grave for c in SeatContext.of(state, state.to_act, Rng(1)).choices] == [None] * len(state.legal_actions())


def test_a_foreseen_warning_depends_only_on_what_the_player_sees():
    """Foresight plays the action in worlds drawn from what the player knows: a game that differs
    only in the order of cards nobody has seen gives the same worlds, hence the same warnings."""
    state, _ = red_button()
    seat, legal = state.to_act, state.legal_actions()
    twin = state.clone()
    assert not twin.deck_seen[seat]
    for cards in (twin.arms_deck, twin.conflict_deck, twin.deck):
        cards.reverse()
    pool = (twin.prepared[0] + twin.prepared[1] + twin.unseen)[::-1]
    sizes = len(twin.prepared[0]), len(twin.prepared[1])
    twin.prepared, twin.unseen = [pool[:sizes[0]], pool[sizes[0]:sum(sizes)]], pool[sum(sizes):]
    assert twin.digest() != state.digest()
    assert twin.determinize(seat, Rng(5)).digest() == state.determinize(seat, Rng(5)).digest()
    assert [warning(twin, a) for a in legal] == [warning(state, a) for a in legal]
    broke, _ = first("nationen", 3, lambda s, a: (warning(s, a) or "").startswith("After this you have too little"))
    said = [warning(broke, a) for a in broke.legal_actions()]
    for k in range(3):  # worlds the player cannot tell from the true one
        world = broke.determinize(broke.to_act, Rng(k))
        assert [warning(world, a) for a in broke.legal_actions()] == said
