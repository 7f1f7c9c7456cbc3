"""Reinforcements, the SP distribution and the end of the game as the rule book states them (rulebook/en.md,
"Reinforcements", "SP distribution and the end of the game"; rulebook/e1815-2vs2.en.md for the teams): exact
positions built by hand, the EP and SP worked out from the rule book's words."""

from __future__ import annotations

from realpolitik.games.e1815.scoring import PlaceReinforcements, Reinforce
from realpolitik.games.e1815.sequence import SpDistribution


def _said(st) -> list[str]:
    return [str(entry.public) for entry in st.log.entries()]


def test_each_reinforcement_is_placed_one_unit_at_a_time_for_all_to_read(kit):
    """"Reinforcements": 2 EP + 1 EP for every 3 lands (here 1 land: 2 EP), placed one unit at a time; new
    cavalry only into the capital. Everybody sees everything, so the log names each unit placed."""
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=1, capital=True, general=True)
    st.stack = [Reinforce(0)]
    st.advance()
    assert st.stack == [PlaceReinforcements(0, 2)]
    st.apply("place wien cav")
    assert st.stack == [] and kit.units(st, "wien") == (1, 1, 0)
    assert _said(st)[-2:] == ["Reinforcements: Player 1 may place 2 EP.", "Player 1 places 1 cav in Wien."]


def _score(st):
    st.stack = [SpDistribution()]
    st.advance()


def test_several_players_over_ten_the_most_sp_win_and_the_reason_says_so(kit):
    """"SP distribution and the end of the game": whoever has 10 SP or more wins; "if several players reach it
    at once, the one with the most points wins". Player 1 ranks first (2 lands): 8 + 3 = 11; Player 2 second:
    9 + 1 = 10."""
    st = kit.blank(players=2, max_years=0)
    kit.put(st, 0, "wien", inf=1)
    kit.put(st, 0, "ungarn", inf=1)
    kit.put(st, 1, "rom", inf=1)
    st.sp = [8, 9]
    _score(st)
    out = st.outcome()
    assert st.sp == [11, 10] and out.winners == (0,)
    assert str(out.reason) == "Player 1 reaches 11 SP (10 needed) and wins (ahead of the others who reached it too)."


def test_both_teams_over_thirteen_with_more_sp_on_one_side_are_told_so(kit):
    """2vs2 rule book, "Victory": the team that first sums 13 SP wins; both at once — more SP decide. Ranks by
    lands: Player 1 (2 lands) 3, Player 2 (1 land, 2 EP) 2, Player 3 (1 land, 1 EP) 1, Player 4 0."""
    st = kit.blank("e1815-2vs2", max_years=0)
    kit.put(st, 0, "wien", inf=1)
    kit.put(st, 0, "ungarn", inf=1)
    kit.put(st, 1, "rom", inf=2)
    kit.put(st, 2, "paris", inf=1)
    st.sp = [5, 11, 5, 0]  # p1 + p3 = 8 + 6 = 14, p2 + p4 = 13 + 0 = 13
    _score(st)
    out = st.outcome()
    assert out.winners == (0, 2) and out.details["team_sp"] == [14, 13]
    assert str(out.reason) == ("Player 1 and Player 3 reach 14 SP together (13 needed) and win. "
                               "Both teams reached it; more SP decide.")


def test_at_the_year_limit_the_leading_team_wins(kit):
    """2vs2 rule book, "Victory" and the year limit: if no team has 13 SP when the limit is reached, the team
    with the most SP wins. Player 2 and Player 4 lead, (4 + 2) + (2 + 0) = 8 SP against (0 + 3) + (0 + 1) = 4."""
    st = kit.blank("e1815-2vs2", max_years=1)
    kit.put(st, 0, "wien", inf=1)
    kit.put(st, 0, "ungarn", inf=1)
    kit.put(st, 1, "rom", inf=2)
    kit.put(st, 2, "paris", inf=1)
    st.sp = [0, 4, 0, 2]
    _score(st)
    out = st.outcome()
    assert out.limit and out.winners == (1, 3) and out.places == (2, 1, 2, 1)
    assert str(out.reason) == "The year limit (1) is reached: Player 2 and Player 4 lead with 8 SP and win."
