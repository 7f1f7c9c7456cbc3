"""Grave actions ask for a second thought: each game marks the actions that eliminate or
bankrupt the player, give something to another player, start a war or end the game; a
view's choices carry the warning in the reader's language, the terminal asks y/n, and bots
never pay for it. Situations are found by seeded playouts and checked exactly."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from realpolitik.engine import Rng, State
from realpolitik.games import get
from realpolitik.i18n import render


def first(game: str, players: int, wanted: Callable[[State, str], bool], seeds: int = 12) -> tuple[State, str]:
    """The first position of seeded random playouts where an action satisfies ``wanted``."""
    g = get(game)
    for seed in range(seeds):
        state, rng = g.new_state(players, dict(g.conformance_options), seed), Rng(seed)
        while not state.is_over() and state.ply < 2000:
            for action in state.legal_actions():
                if wanted(state, action):
                    return state, action
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game}: no such position in {seeds} playouts")


def warning(state: State, action: str, lang: str = "en") -> str | None:
    found = state.grave(action)
    return None if found is None else render(found, lang)


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
