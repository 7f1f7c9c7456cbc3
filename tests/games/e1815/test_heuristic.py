"""The heuristic bot: legal, stronger than random, and a helpful team member in 2vs2."""

from __future__ import annotations

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get
from realpolitik.games.e1815.combat import Attack
from realpolitik.games.e1815.team import TeamAction

TEAM = "e1815-2vs2"


def _match(game_id, kinds, seed, **options):
    game = get(game_id)
    st = game.new_state(len(kinds), options, seed)
    bots = [make_bot(k, game, seed * 7 + i) for i, k in enumerate(kinds)]
    rng = Rng(seed)
    while not st.is_over():
        seat = st.to_act
        st.apply(bots[seat].choose(SeatContext.of(st, seat, rng.fork())))
    return st


def test_a_heuristic_team_beats_a_random_team():
    wins = 0
    for i in range(12):
        kinds = ["heuristic", "random"] * 2 if i % 2 == 0 else ["random", "heuristic"] * 2
        st = _match(TEAM, kinds, 300 + i, map="1715" if i % 4 >= 2 else "1815")
        out = st.outcome()
        assert out.teams == (0, 1, 0, 1) and len(out.winners) == 2
        wins += kinds[out.winners[0]] == "heuristic"
    assert wins >= 10


def test_a_heuristic_player_beats_three_random_ones_most_of_the_time():
    wins = 0
    for i in range(12):
        kinds = ["random"] * 4
        kinds[i % 4] = "heuristic"
        wins += kinds[_match("e1815", kinds, 400 + i).outcome().winners[0]] == "heuristic"
    assert wins >= 8


def test_heuristic_teams_play_each_other_to_the_end_and_use_team_actions():
    used = 0
    for i in range(4):
        st = _match(TEAM, ["heuristic"] * 4, 600 + i)
        assert not st.outcome().limit
        used += sum(1 for e in st.log.entries() if e.public and str(e.public).startswith("Team action"))
    assert used >= 4


def _decide(st, seat):
    return make_bot("heuristic", st.game, 1).choose(SeatContext.of(st, seat, Rng(1)))


def _team_scene(kit):
    st = kit.blank(TEAM)
    kit.put(st, 0, "wien", inf=4, capital=True, general=True)
    kit.put(st, 0, "boehmen", inf=5)
    kit.put(st, 2, "bayern", inf=1)
    return st


def test_the_bot_sends_spare_troops_into_a_threatened_allied_land(kit):
    st = _team_scene(kit)
    kit.put(st, 1, "rhein", inf=6)  # p2 threatens p3's Bayern
    st.stack = [TeamAction(0)]
    st.advance()
    assert _decide(st, 0) == "transfer bayern"
    st.apply("transfer bayern")
    assert _decide(st, 0) == "move boehmen 5 inf"  # Böhmen is quiet; Wien keeps its guard


def test_the_bot_hands_markers_to_an_ally_who_has_fewer_and_otherwise_keeps_them(kit):
    st = _team_scene(kit)
    st.markers[0], st.markers[2] = 3, 0
    st.stack = [TeamAction(0)]
    st.advance()
    assert _decide(st, 0) == "give marker"
    st.markers[0], st.markers[2] = 1, 1
    st._legal = None
    assert _decide(st, 0) == "no team action"


def test_the_bot_takes_a_winnable_attack_and_commits_enough(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=6, capital=True, general=True)
    kit.put(st, 0, "ungarn", inf=4)
    kit.put(st, 1, "bayern", inf=2)
    kit.put(st, 1, "boehmen", inf=9)
    kit.start_turn(st, 0)
    assert _decide(st, 0) == "attack bayern"
    st.apply("attack bayern")
    while isinstance(st.stack[-1], Attack):
        st.apply(_decide(st, 0))
    assert kit.owner(st, "bayern") == 0


def test_the_defender_spends_just_enough_markers(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=6, capital=True)
    kit.put(st, 1, "bayern", inf=3)
    st.markers[1] = 4
    kit.start_turn(st, 0)
    kit.play(st, "attack bayern", "commit wien 5 inf", "go")
    assert st.to_act == 1
    assert _decide(st, 1) == "spend 2"  # 3 + 2 holds against 5
    assert str(st.describe_pending(1)).startswith("Player 1 attacks Bayern")
    assert str(st.describe_pending(0)) == "Player 2 may spend markers on the defence"
