"""The Nuclear War analyses in ``benchmarks/`` run and measure what they say they measure."""

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.testing.load import allowance

BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


def _run(script: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                          capture_output=True, text=True, timeout=allowance(300))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def test_endgame_accounts_for_every_game():
    out = _run("nuclear_war_endgame.py", "--bot", "random", "--games", "6", "--seed", "3")
    duel = out["duel"]
    assert sum(duel[w]["games"] for w in ("alive", "dead", "none")) == 6
    assert duel["ended_at_war"]["games"] + duel["ended_at_peace"]["games"] == duel["alive"]["games"]
    assert out["won"] == sum(duel[w]["won"] for w in ("alive", "dead", "none"))
    assert abs(sum(out["fell"].values()) - (1 - out["won_share"])) < 0.01  # every lost game has one cause


def test_falls_name_the_decision_behind_each_elimination():
    endgame = _module("nuclear_war_endgame")
    fell = {0: ("attack", 2), 1: ("retaliation", 0), 2: ("retaliation", 0), 3: ("attack", 3)}
    assert endgame.how_it_fell(fell, 0) == "attack"
    assert endgame.how_it_fell(fell, 2) == "retaliation of a nation it destroyed"  # 2 destroyed 0, 0 struck back
    assert endgame.how_it_fell(fell, 1) == "retaliation of another's victim"
    assert endgame.how_it_fell(fell, 3) == "its own misfire"
    assert endgame.how_it_fell({}, 0) is None


def test_oracle_counts_every_game():
    out = _run("nuclear_war_oracle.py", "--games", "2", "--workers", "1", "--bot", "budget=300")
    assert out["won"] + out["nobody"] + out["other"] == 2
    assert out["won_95"][0] <= out["won_share"] <= out["won_95"][1]


def test_revealed_worlds_show_the_true_hands_and_redraw_chance_unless_all_is_revealed():
    revealed = _module("nuclear_war_oracle").Revealed
    state = get("nuclear-war").new_state(4, {}, 5)
    seat = state.to_act
    hands_only = revealed(seat, state.view(seat, log_from=None), state.legal_actions(), state)
    world = hands_only.sample(Rng(1))
    assert (world.hands, world.queues, world.pop) == (state.hands, state.queues, state.pop)
    assert sorted(world.draw) == sorted(state.draw) and world.draw != state.draw
    everything = revealed(seat, state.view(seat, log_from=None), state.legal_actions(), state, "all")
    world = everything.sample(Rng(1))
    assert world.draw == state.draw and world.rng.next64() == state.rng.copy().next64()
    people = revealed(seat, state.view(seat, log_from=None), state.legal_actions(), state, "population")
    world = people.sample(Rng(1))  # an honest world but for the population cards
    assert world.pop == state.pop and world.hands[seat] == state.hands[seat]
    assert [world.hands[s] for s in range(4) if s != seat] != [state.hands[s] for s in range(4) if s != seat]


def test_revealed_anti_missiles_or_rows_are_the_true_ones_and_the_rest_is_dealt_again():
    revealed = _module("nuclear_war_oracle").Revealed
    state, rng, checked = get("nuclear-war").new_state(4, {}, 6), Rng(6), 0
    cards = state.content.cards

    def anti(hand):
        return sorted(k for k in hand if cards[k].kind == "anti-missile")

    def everything(st):
        return Counter(st.draw + [k for s in range(4) for k in st.hands[s] + st.queues[s]])

    while not state.is_over():
        seat = state.to_act
        others = [s for s in range(4) if s != seat and state.hands[s]]
        if state.ply % 5 == 2 and others:  # some other seat holds cards to deal again
            for reveal in ("anti-missiles", "rows"):
                ctx = revealed(seat, state.view(seat, log_from=None), state.legal_actions(), state, reveal)
                world = ctx.sample(Rng(state.ply))
                assert world.view(seat, log_from=None) == state.view(seat, log_from=None)
                assert everything(world) == everything(state)
                if reveal == "anti-missiles":
                    assert [anti(world.hands[s]) for s in others] == [anti(state.hands[s]) for s in others]
                else:
                    assert [world.queues[s] for s in others] == [state.queues[s] for s in others]
                    assert [sorted(world.hands[s]) for s in others] != [sorted(state.hands[s]) for s in others]
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 10


def test_split_leaves_the_named_decisions_to_the_heuristic():
    out = _run("nuclear_war_split.py", "--leave", "place,show,hide", "--games", "2", "--bot", "budget=200")
    assert out["won"] + out["nobody"] + out["other"] == 2
    assert out["decisions_left"] > 0 and out["decisions_searched"] > 0
    never = _run("nuclear_war_split.py", "--leave", "none-such", "--games", "1", "--bot", "budget=200")
    assert never["decisions_left"] == 0 and never["decisions_searched"] > 0

    class Says:
        def __init__(self, word):
            self.word = word

        def choose(self, ctx):
            return self.word

    split = _module("nuclear_war_split").Split(Says("searched"), Says("left"), frozenset({"target"}))
    state = get("nuclear-war").new_state(4, {}, 5)  # a Secret in the opening: name its target
    ctx = SeatContext.of(state, state.to_act, Rng(1))
    assert ctx.legal_actions == ("target p2", "target p3", "target p4")
    assert split.choose(ctx) == "left" and (split.left, split.searched) == (1, 0)
    split.leave = frozenset({"place", "show"})
    assert split.choose(ctx) == "searched" and (split.left, split.searched) == (1, 1)


def test_kinds_counts_what_players_keep_face_down_beside_a_uniform_deal():
    out = _run("nuclear_war_kinds.py", "--games", "3", "--seed", "1000")
    peace = out["kinds"]["peace none"]
    assert peace["cards"] > 20
    for where in out["kinds"].values():
        if where["cards"]:
            assert abs(sum(where["per_mille"].values()) - 1000) <= 3
    # heuristics place propaganda in peace far more often than a uniform deal puts it there
    assert peace["per_mille"]["propaganda"] > peace["uniform_per_mille"]["propaganda"] + 200
    # the game's belief puts the others' face-down cards where the heuristics put them far more often
    for when in ("peace", "war"):
        assert out["guessed"][f"belief {when}"]["kind"] > out["guessed"][f"uniform {when}"]["kind"] + 0.1


def test_the_belief_comparison_scores_every_belief_on_the_same_cards():
    out = _run("nuclear_war_belief.py", "--games", "1", "--seed", "5", "--every", "20", "--worlds", "4")
    beliefs = out["beliefs"]
    assert set(beliefs) == {"uniform", "rows_as_placed", "particles"} and out["positions"] > 0
    for place in ("hand", "row", "anti-missiles"):
        assert len({beliefs[how][place]["cards"] for how in beliefs}) == 1  # the same true cards for each
        assert all(0 <= beliefs[how][place]["exact"] <= 1 and beliefs[how][place]["loglik"] <= 0 for how in beliefs)


def test_the_pilot_keeps_its_games_and_goes_on_where_it_stopped(tmp_path):
    kept = tmp_path / "pilot.jsonl"
    spec = "ismcts:worlds=game:budget=50:depth=2"  # the belief from play costs 0.3 s a decision: not needed here
    out = _run("nuclear_war_pilot.py", "--spec", spec, "--games", "4", "--store", str(kept),
               "--baseline", str(tmp_path / "none.jsonl"))
    assert out["games"] == 4 == len(kept.read_text().splitlines()) and out["trials"] == 4
    again = _run("nuclear_war_pilot.py", "--spec", spec, "--games", "4", "--store", str(kept),
                 "--baseline", str(tmp_path / "none.jsonl"))
    assert again["games"] == 4 == len(kept.read_text().splitlines())  # nothing played twice
