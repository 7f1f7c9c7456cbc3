"""SP distribution and victory for every player for himself (U24–U27)."""

from __future__ import annotations

from realpolitik.games.e1815.sequence import SpDistribution


def _score(st):
    st.stack = [SpDistribution()]
    st.advance()


def test_sp_go_by_lands_with_ep_markers_and_later_seat_breaking_ties(kit):
    st = kit.blank(players=4, max_years=0)
    kit.put(st, 0, "wien", inf=1)
    kit.put(st, 0, "ungarn", inf=1)
    kit.put(st, 1, "rom", inf=3)
    kit.put(st, 1, "neapel", inf=0)
    kit.put(st, 2, "paris", inf=1)
    kit.put(st, 3, "moskau", inf=1)
    st.markers = [0, 0, 1, 0]
    _score(st)
    # p1 and p2 own two lands (p2 more EP); p3 and p4 one land and 1 EP (p3 more markers)
    assert st.sp == [2, 3, 1, 0]
    assert not st.is_over() and st.year == 2


def test_sp_scale_for_two_and_three_players_and_territory_bonus(kit):
    st = kit.blank(players=3, max_years=0)
    for key in ("england", "schottland", "irland"):
        kit.put(st, 0, key, inf=1)
    kit.put(st, 1, "paris", inf=1)
    _score(st)
    assert st.sp == [3 + 1, 1, 0]  # 3/1/0 and +1 for all of Britannien
    st = kit.blank(players=2, max_years=0)
    kit.put(st, 1, "paris", inf=1)
    _score(st)
    assert st.sp == [1, 3]


def test_ten_sp_win_and_the_stronger_player_wins_a_tie(kit):
    st = kit.blank(players=3, max_years=0)
    kit.put(st, 0, "paris", inf=1)
    kit.put(st, 1, "rom", inf=1)
    st.sp = [7, 9, 0]
    _score(st)  # equal lands, EP and markers: the later seat p2 ranks first, 9 + 3 = 12; p1 7 + 1 = 8
    assert st.is_over() and st.outcome().winners == (1,)
    st = kit.blank(players=3, max_years=0)
    kit.put(st, 0, "paris", inf=2)
    kit.put(st, 1, "rom", inf=1)
    st.sp = [7, 9, 0]  # p1 ranks first (more EP): 10; p2 second: 10 — a tie on SP
    _score(st)
    out = st.outcome()
    assert st.sp[:2] == [10, 10] and out.winners == (0,) and out.places == (1, 2, 3)
    assert not out.limit and out.points == (10.0, 10.0, 0.0)


def test_below_ten_sp_the_game_goes_on_until_the_year_limit(kit):
    st = kit.blank(players=2, max_years=3)
    kit.put(st, 1, "rom", inf=1)
    st.sp = [0, 3]
    st.year = 2
    _score(st)
    assert not st.is_over()
    st.stack.clear()
    st.year = 3
    _score(st)
    out = st.outcome()
    assert out.limit and out.winners == (1,) and "year limit" in str(out.reason)
