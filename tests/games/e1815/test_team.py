"""1815 2vs2 (the 1815 2vs2 rules): every rule of the team variant, one test (or more) each."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction, OptionError, Rng
from realpolitik.games import get
from realpolitik.games.e1815.scoring import Crown, PlaceReinforcements, Reinforce, strength
from realpolitik.games.e1815.sequence import ChooseCapital, ChoosePower, Claim, SpDistribution, Turn, TurnAction
from realpolitik.games.e1815.state import BUILT, GREY
from realpolitik.games.e1815.team import TeamAction, TeamOffer

TEAM = "e1815-2vs2"
P1, P2, P3, P4 = range(4)  # teams: p1 + p3 against p2 + p4


def _measure(st, seat):
    """What harm could take away from a player: lands, EP on the map, success markers."""
    lands, ep, markers, _ = strength(st, seat)
    return lands, ep, markers


# ---------------------------------------------------------------------- teams and seating


def test_four_players_in_two_teams_seated_alternately():
    game = get(TEAM)
    assert (game.min_players, game.max_players) == (4, 4)
    with pytest.raises(OptionError):
        game.new_state(3)
    teams = game.teams(4)
    assert teams == (0, 1, 0, 1)
    assert all(teams[s] != teams[(s + 1) % 4] for s in range(4))


def _schedule(st):
    """Who is to move, turn after turn, in the years played so far (the same player twice counts once)."""
    n = len(st.seats)
    out = []
    for year in range(1, st.year + 1):
        start = (1 - year) % n if st.options["start_player"] == "rotate" else 0
        order = [(start + i) % n for i in range(n)]
        out += (order if year > 1 else []) + order + order + [order[-1]]
    return [s for i, s in enumerate(out) if i == 0 or out[i - 1] != s]


@pytest.mark.parametrize("options", [{}, {"map": "1715"}, {"start_player": "fixed"}])
def test_no_two_allies_ever_act_one_after_the_other(options):
    for g in range(8):
        st = get(TEAM).new_state(4, options, seed=500 + g)
        rng = Rng(g)
        actors = []
        while not st.is_over():
            if st.season not in ("start", "scoring") and (not actors or actors[-1] != st.turn_seat):
                actors.append(st.turn_seat)
            st.apply(rng.choice(st.legal_actions()))
        schedule = _schedule(st)
        assert all(st.team_of[a] != st.team_of[b] for a, b in zip(schedule, schedule[1:])), schedule
        # every player who moved did so in his place of that schedule (players without land sit out)
        rest = iter(schedule)
        assert all(any(a == s for s in rest) for a in actors), (actors, schedule)
        assert len(actors) > 20


# ---------------------------------------------------------------------- allies never harm each other


@pytest.mark.parametrize("options", [{}, {"map": "1715"}])
def test_allies_never_attack_or_harm_each_other_in_random_games(kit, options):
    games = 25
    checked = 0
    for before, action, after in kit.playouts(TEAM, games, seed=900, **options):
        seat = before.to_act
        ally = before.ally[seat]
        words = action.split(" ")
        if words[0] in ("attack", "meddle", "buy"):
            assert before.owner[before.content.board.index[words[1]]] not in (seat, ally), action
        m0, m1 = _measure(before, ally), _measure(after, ally)
        assert all(b >= a for a, b in zip(m0, m1)), (action, m0, m1)
        checked += 1
    assert checked > games * 100


def test_an_attack_on_the_ally_is_refused_with_a_reason_and_changes_nothing(kit):
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=6, capital=True, general=True)
    kit.put(st, P3, "bayern", inf=1)
    kit.put(st, P2, "ungarn", inf=1)
    st.markers[P1] = 5
    kit.start_turn(st, P1)
    legal = st.legal_actions()
    assert "attack ungarn" in legal and "attack bayern" not in legal
    assert "meddle ungarn inf" in legal and "meddle bayern inf" not in legal and "buy bayern" not in legal
    before = st.snapshot()
    for bad in ("attack bayern", "meddle bayern inf", "buy bayern"):
        with pytest.raises(IllegalAction, match="your ally Player 3"):
            st.apply(bad)
        assert st.snapshot() == before


# ---------------------------------------------------------------------- victory points


def _score(st):
    st.stack = [SpDistribution()]
    st.advance()


def _four_lands(kit, st):
    """p1 two lands (rank 1), p2 one land with 2 EP, p3 one with 1 EP, p4 none: 3/2/1/0."""
    kit.put(st, P1, "wien", inf=1)
    kit.put(st, P1, "ungarn", inf=1)
    kit.put(st, P2, "rom", inf=2)
    kit.put(st, P3, "paris", inf=1)


def test_sp_are_distributed_as_with_four_players_and_summed_per_team(kit):
    st = kit.blank(TEAM, max_years=0)
    _four_lands(kit, st)
    _score(st)
    assert st.sp == [3, 2, 1, 0]
    assert st.view(None)["public"]["teams"] == [{"seats": ["p1", "p3"], "sp": 4}, {"seats": ["p2", "p4"], "sp": 2}]


def test_the_team_that_first_sums_13_sp_wins_and_12_is_not_enough(kit):
    st = kit.blank(TEAM, max_years=0)
    _four_lands(kit, st)
    st.sp = [4, 0, 4, 9]  # after the distribution: p1+p3 = 12, p2+p4 = 11; p4 alone is over 10
    _score(st)
    assert not st.is_over()
    st = kit.blank(TEAM, max_years=0)
    _four_lands(kit, st)
    st.sp = [5, 0, 4, 0]  # p1+p3 = 9 + 4 = 13
    _score(st)
    out = st.outcome()
    assert out.winners == (P1, P3) and out.places == (1, 2, 1, 2) and out.teams == (0, 1, 0, 1)
    assert out.details["team_sp"] == [13, 2]


def test_both_teams_over_13_more_sp_win_and_on_equal_sp_the_strongest_players_decide(kit):
    st = kit.blank(TEAM, max_years=0)
    _four_lands(kit, st)
    st.sp = [5, 11, 5, 0]  # p1+p3 = 8 + 6 = 14, p2+p4 = 13 + 0 = 13
    _score(st)
    assert st.outcome().winners == (P1, P3)
    st = kit.blank(TEAM, max_years=0)
    _four_lands(kit, st)
    st.sp = [5, 12, 5, 0]  # 14 against 14: p1 (two lands) is stronger than p2 (one land)
    _score(st)
    out = st.outcome()
    assert [14, 14] == out.details["team_sp"] and out.winners == (P1, P3)
    assert "strongest" in str(out.reason)


# ---------------------------------------------------------------------- when team actions come


def _record(st, choose):
    seen = []
    while not st.is_over():
        frame = st.stack[-1]
        seen.append((st.year, st.season, type(frame), frame.seat, st.half))
        st.apply(choose(frame, st.legal_actions()))
    return seen


def _pass(frame, legal):
    if isinstance(frame, (ChooseCapital, Claim, ChoosePower)):
        return legal[0]
    return "no team action" if isinstance(frame, TeamAction) else legal[-1]


def test_a_team_action_may_follow_every_winter_and_summer_turn_but_no_reinforcement(kit):
    st = get(TEAM).new_state(4, {"max_years": 2}, seed=11)
    seen = _record(st, _pass)
    turns = [(y, season, seat, kind) for y, season, kind, seat, half in seen
             if kind in (TurnAction, TeamAction, PlaceReinforcements) and not half]
    for y in (1, 2):
        year = [t for t in turns if t[0] == y]
        for season in ("winter", "summer"):
            steps = [(seat, kind) for yy, s, seat, kind in year if s == season]
            assert [k for _, k in steps] == [TurnAction, TeamAction] * 4  # each turn, then its team action
            seats = [s for s, _ in steps]
            assert seats[0::2] == seats[1::2]  # the team action is the mover's own
        assert not [t for t in year if t[1] == "reinforcement" and t[3] is TeamAction]


@pytest.mark.parametrize("when, expected", [
    ("before-half", [(TurnAction, False), (TeamAction, False), (TurnAction, True)]),
    ("after-half", [(TurnAction, False), (TurnAction, True), (TeamAction, False)]),
])
def test_the_last_summer_player_may_take_a_team_action_before_his_half_move(kit, when, expected):
    st = get(TEAM).new_state(4, {"max_years": 1, "last_team_action": when}, seed=11)
    seen = _record(st, _pass)
    last = [(kind, half) for y, season, kind, seat, half in seen
            if season == "summer" and seat == 3 and kind in (TurnAction, TeamAction)]
    assert last == expected


def _team_offer(st, seat, season="summer"):
    st.season = season
    st.stack = [TeamOffer(seat)]
    st.advance()


def test_one_team_action_then_the_other_team_moves(kit):
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=4, capital=True)
    kit.put(st, P1, "ungarn", inf=1)
    kit.put(st, P2, "rom", inf=1)
    kit.put(st, P3, "bayern", inf=1)
    st.markers[P1] = 2
    st.stack = [Turn(P2, "summer", 0), TeamOffer(P1)]
    st.advance()
    assert st.to_act == P1 and "no team action" in st.legal_actions()
    st.apply("give marker")
    assert st.to_act == P2 and st.stack[-1] == TurnAction(P2)


# ---------------------------------------------------------------------- cede a land


def test_ceding_a_land_sends_the_givers_units_home_places_one_allied_infantry_and_keeps_fortresses(kit):
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=4, capital=True)
    kit.put(st, P1, "ungarn", inf=2, cav=1, fort=BUILT, general=True)
    kit.put(st, P1, "karpaten", inf=1)
    _team_offer(st, P1)
    cedes = {a for a in st.legal_actions() if a.startswith("cede")}
    assert cedes == {"cede ungarn", "cede karpaten"}  # never the capital
    with pytest.raises(IllegalAction, match="capital can never be ceded"):
        st.apply("cede wien")
    pools = [st.pool[k][P1] for k in range(3)]
    ally_inf = st.pool[0][P3]
    st.apply("cede ungarn")
    assert kit.owner(st, "ungarn") == P3 and kit.units(st, "ungarn") == (1, 0, 0)
    assert st.fort[st.content.board.index["ungarn"]] == BUILT
    assert [st.pool[k][P1] for k in range(3)] == [pools[0] + 2, pools[1] + 1, pools[2]]
    assert st.pool[0][P3] == ally_inf - 1
    assert st.general[P1] == -1  # the general went back to the supply with the units
    st.pool[0][P3] = 0  # an ally without infantry still receives the land, empty
    _team_offer(st, P1)
    st.apply("cede karpaten")
    assert kit.owner(st, "karpaten") == P3 and kit.units(st, "karpaten") == (0, 0, 0)
    assert st.fort[st.content.board.index["karpaten"]] == GREY


# ---------------------------------------------------------------------- hand troops over


def _transfer_scene(kit, season="summer"):
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=4, art=1, capital=True, general=True)
    kit.put(st, P1, "boehmen", inf=3)
    kit.put(st, P1, "daenemark", inf=1)  # two grey fortresses: no extra Z-effect for a transfer
    kit.put(st, P1, "rhein", inf=1)
    kit.put(st, P3, "bayern", inf=1)
    kit.put(st, P3, "lombardei", inf=1)
    _team_offer(st, P1, season)
    return st


def test_handing_troops_over_is_one_z_effect_swapping_units_one_for_one(kit):
    st = _transfer_scene(kit)
    transfers = {a for a in st.legal_actions() if a.startswith("transfer")}
    assert transfers == {"transfer bayern", "transfer lombardei"}  # ally lands next to own troops
    p1 = [st.pool[k][P1] for k in range(3)]
    p3 = [st.pool[k][P3] for k in range(3)]
    st.apply("transfer bayern")
    assert "move wien general" not in st.legal_actions()  # troops only, never the general
    kit.play(st, "move wien 2 inf", "move boehmen 1 inf", "move wien 1 art", "done")
    assert kit.units(st, "bayern") == (4, 0, 1) and kit.owner(st, "bayern") == P3
    assert kit.units(st, "wien") == (2, 0, 0) and kit.units(st, "boehmen") == (2, 0, 0)
    assert [st.pool[k][P1] for k in range(3)] == [p1[0] + 3, p1[1], p1[2] + 1]
    assert [st.pool[k][P3] for k in range(3)] == [p3[0] - 3, p3[1], p3[2] - 1]
    assert st.stack == []  # exactly one Z-effect, although p1 owns two grey fortresses


def test_troops_the_ally_lacks_in_his_supply_are_lost(kit):
    st = _transfer_scene(kit)
    st.pool[2][P3] = 0
    st.pool[0][P3] = 1
    kit.play(st, "transfer bayern", "move wien 1 art", "move wien 3 inf", "done")
    assert kit.units(st, "bayern") == (2, 0, 0)
    assert st.pool[0][P3] == 0 and st.pool[2][P3] == 0
    assert st.pool[2][P1] == st.content.rules.supply.art  # the giver's artillery is back in his supply


def test_handing_troops_over_in_winter_costs_no_attrition(kit):
    st = _transfer_scene(kit, season="winter")
    kit.put(st, P1, "daenemark", inf=0)  # no grey fortress left
    kit.put(st, -1, "daenemark")
    kit.put(st, -1, "rhein")
    _team_offer(st, P1, "winter")
    kit.play(st, "transfer bayern", "move boehmen 3 inf", "done")
    assert kit.units(st, "wien") == (4, 0, 1)


# ---------------------------------------------------------------------- hand over a success marker


def test_a_success_marker_goes_to_the_ally_unless_he_already_holds_five(kit):
    st = kit.blank(TEAM)
    kit.put(st, P1, "wien", inf=1, capital=True)
    st.markers[P1], st.markers[P3] = 2, 4
    _team_offer(st, P1)
    st.apply("give marker")
    assert st.markers[P1] == 1 and st.markers[P3] == 5
    st.stack = [TeamAction(P1)]
    st.advance()
    assert st.legal_actions() == ("no team action",)
    with pytest.raises(IllegalAction, match="5 success markers"):
        st.apply("give marker")


# ---------------------------------------------------------------------- 1715 2vs2


def test_1715_no_player_may_choose_the_indian_chief():
    st = get(TEAM).new_state(4, {"map": "1715"}, seed=5)
    chosen = []
    for _ in range(4):
        legal = st.legal_actions()
        assert all(a.startswith("power ") for a in legal)
        assert "power indianerhaeuptling" not in legal
        with pytest.raises(IllegalAction, match="Indian chief"):
            st.apply("power indianerhaeuptling")
        chosen.append(legal[-1])
        st.apply(legal[-1])
    assert len(set(chosen)) == 4
    landing = {land.key for land in st.content.board.lands if land.landing}
    assert {a.split(" ")[1] for a in st.legal_actions()} <= landing  # capitals on the landing coast


def test_1715_sandwich_territories_do_not_change_reinforcements(kit):
    def reinforcements(sandwich):
        st = kit.blank(TEAM, map="1715")
        kit.put(st, P1, "virginia", inf=2, capital=True)
        kit.put(st, P1, "ohio", inf=1)
        kit.put(st, P2, "shenandoah" if sandwich else "piedmont", inf=1)
        kit.put(st, P2, "charleston", inf=2, capital=True)
        kit.put(st, -1, "cherokee", inf=2)  # a tribe land in Appalachen
        got = []
        for seat in range(4):
            st.stack = [Reinforce(seat)]
            st.advance()
            got.append(st.stack[-1].left if st.stack else 0)
            assert not st.stack or st.stack == [PlaceReinforcements(seat, got[-1])]
        return got

    # Appalachen holds lands of two powers and a tribe: a sandwich territory — and it changes nothing
    assert reinforcements(True) == reinforcements(False) == [2, 2, 0, 0]


def test_1715_loyalty_rolls_demand_and_judge(kit):
    from realpolitik.testing import ScriptedRng

    st = kit.blank(TEAM, map="1715", max_years=0)
    kit.put(st, P1, "virginia", inf=2, capital=True)
    kit.put(st, P2, "charleston", inf=2, capital=True)
    st.loyalty = [4, 1, 4, 4]
    demands = [d.key for d in st.content.board.demands]
    lands = demands.index("lands")
    conquer = demands.index("conquer-carolina")
    # rolls: p1 6 (> 4: demand "lands"), p2 2 (> 1: demand "conquer Carolina"), p3 4 and p4 1 (content)
    st.rng = ScriptedRng([5, lands, 1, conquer, 3, 0])
    st.stack = [Crown()]
    st.advance()
    assert st.demand == [lands, conquer, -1, -1]
    kit.put(st, P2, "creek", inf=1)
    st.conquered[P2] |= 1 << st.content.board.territory_index["carolina"]
    st.sp = [0, 3, 0, 0]
    _score(st)
    assert st.loyalty[P1] == 3  # too few lands
    assert st.loyalty[P2] == 2 and st.markers[P2] == 1  # demand met
    st.loyalty[P1] = 1
    st.demand[P1] = lands
    st.stack.clear()
    sp = st.sp[P1]
    _score(st)
    assert st.loyalty[P1] == 3 and st.sp[P1] == sp - 1 + 2  # fell to 0: -1 SP, back to 3; then rank 2
