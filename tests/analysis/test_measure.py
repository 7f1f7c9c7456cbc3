"""Measuring a game: it is the arena's game (measuring changes nothing), its samples follow the
game's clock and end on the final state, its cards are the actions that play one, and it is
plain data that crosses processes."""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest

from realpolitik.analysis.measure import ending, measured_game, run_games
from realpolitik.engine import parse
from realpolitik.games import get, registry
from realpolitik.i18n import Listed, Sentence, render, t, tn
from realpolitik.sim.arena import arena_options, play_game
from realpolitik.sim.stats import TIMINGS

#: the action verbs that play a card, per game with cards
CARD_VERBS = {"wsdv": ("play", "take"), "wsdv-2p2": ("play", "take"), "nuclear-war": ("place", "intercept")}


def _same(result) -> dict:
    return {k: v for k, v in dataclasses.asdict(result).items() if k not in TIMINGS | {"actions"}}


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_a_measured_game_is_the_arena_game_with_its_tracks_and_cards(game_id):
    game = get(game_id)
    players = game.default_players()
    options = arena_options(game)
    seats = ["random"] * players
    measured = measured_game(game_id, seats, 7, options, 3, 1)
    played = play_game(game_id, seats, 7, options, 3, 1, keep_actions=True)
    assert _same(measured.result) == _same(played) and measured.result.actions == ()
    clocks = [x for x, _ in measured.samples]
    assert clocks == sorted(clocks) and len(set(clocks)) == len(clocks) and len(clocks) >= 2
    state = game.new_state(players, options, 7)
    assert measured.samples[0] == (game.measures.clock(state), game.measures.tracks(state))
    assert measured.first == state.to_act
    replayed = {}  # read during play, the tracks are those of a replay at each new clock
    for action in played.actions:
        replayed.setdefault(game.measures.clock(state), game.measures.tracks(state))
        state.apply(action)
    assert list(measured.samples[:-1]) == list(replayed.items())[:len(measured.samples) - 1]
    assert measured.samples[-1] == (game.measures.clock(state), game.measures.tracks(state))
    assert set(measured.samples[-1][1]) == set(game.measures.TRACKS)
    verbs = CARD_VERBS.get(game_id, ())
    assert len(measured.cards) == sum(parse(a)[0] in verbs for a in played.actions)
    assert set(measured.card_names) == {key for _, key in measured.cards}
    assert pickle.loads(pickle.dumps(measured)) == measured
    assert "…" in render(measured.ending, "en") or not re.search(r"\d", str(state.outcome().reason))


def test_the_same_games_in_one_process_or_two():
    alone = run_games("nuclear-war", ["random", "heuristic", "random"], 4, seed=2)
    pooled = run_games("nuclear-war", ["random", "heuristic", "random"], 4, seed=2, workers=2)
    assert [m.index for m in pooled] == [0, 1, 2, 3]
    assert [(_same(m.result), m.samples, m.cards) for m in alone] == [(_same(m.result), m.samples, m.cards)
                                                                       for m in pooled]
    assert [m.result.seats for m in alone][:2] == [("random", "heuristic", "random"), ("random", "random", "heuristic")]


def test_the_kind_of_an_end_leaves_out_its_values_also_inside_and_reads_in_both_languages():
    win = "{seats} reach {sp} SP together ({needed} needed) and win."
    more = t("Both teams reached it; more SP decide.")
    both = Listed((t(win, seats=t("{a} and {b}", a="p1", b="p3"), sp=17, needed=13), more), " ")
    other = Listed((t(win, seats=t("{a} and {b}", a="p2", b="p4"), sp=16, needed=13), more), " ")
    assert ending(both) == ending(other)
    assert render(ending(both), "en") == "… reach … SP together (… needed) and win. " + render(more, "en")
    assert render(ending(Sentence(t("{seat} is the last great power left and rules Kark alone.", seat="p2"))),
                  "de").startswith("…")
    assert ending("plain") == "plain"


def test_the_kind_of_an_end_about_a_number_reads_in_its_plural():
    """Issue 78: a reason about a number (Nationen's round limit: "{lead} leads"/"{lead} lead") is a
    plural message; its kind counts one lead and two alike and reads in either language."""
    limit = ("The round limit ({limit} rounds) ended the game with {n} powers left; {lead} leads on cash + 3 M per "
             "tanker + income.", "The round limit ({limit} rounds) ended the game with {n} powers left; {lead} lead "
             "on cash + 3 M per tanker + income.", "leaders")
    one = tn(*limit, limit=20, n=3, lead="p2", leaders=1)
    two = tn(*limit, limit=20, n=3, lead=Listed(("p1", "p2")), leaders=2)
    assert ending(one) == ending(two)
    assert render(ending(one), "de") == ("Die Rundengrenze (… Runden) hat das Spiel mit … verbliebenen Mächten "
                                         "beendet; … führen nach Bargeld + 3 M je Tanker + Einkünften.")
