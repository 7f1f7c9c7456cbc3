"""The ten end-of-decade phases on hand-computed positions, and every victory condition."""

from __future__ import annotations

from realpolitik.games.wsdv import board, end_of_decade
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.end_of_decade import EndOfDecade


def _east_build_points(t):
    """East: Magdeburg–Bitterfeld linked (the line is the only dismantlable part there), Rostock, Jena alone."""
    t.factories("magdeburg", "bitterfeld", "rostock", "jena").connect("magdeburg/bitterfeld")


# ---------------------------------------------------------------------- phase 1


def test_flight_value_and_alternating_dismantles(table):
    t = table().clear_board()
    _east_build_points(t)
    st = t.st
    st.played = ["2", "i", "19"]  # 1 + 2 flight icons
    t.ls(nrw=2, mv=1, bb=1, eb=1, sa=1, sn=1, th=1)
    st.sectors = [1, 1, 1]
    st.ls[t.p("wb")] = 3  # West Berlin's three sectors: the West's highest LS
    t.unrest(sn=4, he=4)  # an East and a West mass protest
    st.police = ["red", "pink"]
    assert end_of_decade.flight_value(st) == 3 + 3 + 1 - 1 - 1 + 1
    t.phase("flight")
    assert st.flight == 6 and st.to_act == WEST  # 3 dismantles, West (prestige level) first
    assert set(t.legal) == {"dismantle rostock", "dismantle jena", "dismantle magdeburg/bitterfeld"}
    t.run("dismantle magdeburg/bitterfeld")
    assert st.to_act == EAST and "dismantle magdeburg" in t.legal
    t.run("dismantle rostock")
    assert st.to_act == WEST
    t.run("dismantle jena")
    assert t.done() and sum(1 for f in st.factory if f) == 2


def test_flight_is_never_negative(table):
    t = table().clear_board()
    t.ls(mv=3, bb=3, eb=3, sa=3, sn=3, th=3)
    assert end_of_decade.flight_value(t.st) == 0


def test_flight_dismantle_that_cannot_be_paid_is_national_insolvency(table):
    t = table().clear_board()
    t.st.played = ["i"]
    t.phase("flight")
    assert t.st.result[0] == WEST and "National insolvency" in str(t.st.outcome().reason)
    assert t.st.outcome().winners == (WEST,)


def test_the_wall_replaces_flight(table):
    t = table().clear_board().factories("jena")
    t.st.wall = True
    t.st.played = ["i", "2"]
    t.phase("flight")
    assert t.done() and t.st.factory[t.city("jena")] == board.NONE and t.st.prestige == -1
    t = table().clear_board().factories("jena").unrest(he=1)
    t.st.wall, t.st.prestige = True, -6
    t.phase("flight")  # the prestige step beyond −6 becomes West's bonus
    assert set(t.legal) == {"calm he"} | {f"unrest {k}" for k in ("mv", "bb", "eb", "sa", "sn", "th")}
    t.run("unrest sn")
    assert t.st.prestige == -6 and t.st.unrest[t.p("sn")] == 1


# ---------------------------------------------------------------------- phase 2


def test_prestige_west_small_advantage_runs_down_or_dismantles(table):
    t = table().clear_board().factories("berlin", "jena")
    t.st.prestige = -2
    t.phase("prestige")  # spaces 1 and 2 show the same icon: no choice
    assert set(t.legal) == {"rundown berlin", "rundown jena"} and t.st.to_act == WEST
    t.run("rundown jena")
    assert t.st.factory[t.city("jena")] == board.RUNDOWN
    t = table().clear_board().factories("jena", rundown=("berlin",))
    board.set_factory(t.st, t.city("jena"), board.RUNDOWN)
    t.lines("berlin/bitterfeld")
    t.st.prestige = -1
    t.phase("prestige")  # nothing left to run down: 1 East build point is dismantled instead
    assert t.done() and t.st.lines == [0] * 68


def test_prestige_holder_may_take_a_space_closer_to_the_centre(table):
    t = table().clear_board().factories("berlin").unrest(sn=2)
    t.st.prestige = 4
    t.phase("prestige")
    assert t.st.to_act == EAST and set(t.legal) == {"bonus 1", "bonus 2", "bonus 3", "bonus 4"}
    t.run("bonus 4", "ls sn")
    assert t.st.ls[t.p("sn")] == 1 and t.st.unrest[t.p("sn")] == 1
    t = table().clear_board().factories("jena").ls(sn=2)
    t.st.prestige = -5
    t.phase("prestige")
    assert set(t.legal) == {"bonus 2", "bonus 3", "bonus 4", "bonus 5"}
    t.run("bonus 5", "next reduce-ls-east", "unrest th")
    assert t.st.ls[t.p("sn")] == 1 and t.st.unrest[t.p("th")] == 1


def test_prestige_dismantle_without_build_points_is_insolvency(table):
    t = table().clear_board()
    t.st.prestige = -4
    t.phase("prestige")
    t.run("bonus 4", "next dismantle-east")
    assert t.st.result[0] == WEST


# ---------------------------------------------------------------------- phase 3


def test_western_currency_balance_and_rundowns(table):
    t = table().clear_board().factories("berlin", "bitterfeld", "jena")
    t.ls(eb=2, sa=2, th=1)
    t.st.currency = 1
    assert end_of_decade.currency_balance(t.st) == (0, 3, 5, -1)
    t.st.currency = 0
    t.phase("western_currency")  # Hamburg holds no factory: no declaration; shortfall 2 of 3 factories
    assert t.st.to_act == WEST and len(t.legal) == 3
    t.run("rundown jena")
    assert t.st.to_act == EAST
    t.run("rundown berlin")
    assert t.done() and t.st.factory[t.city("bitterfeld")] == board.WORKING


def test_western_currency_weakest_west_export_level(table):
    t = table().clear_board().factories("kiel", "bremen", "dortmund", "kassel", "koblenz", "ulm", "bayreuth")
    t.factories("berlin", "bitterfeld", "jena", rundown=("rostock",))
    t.connect("magdeburg/bitterfeld").factories("magdeburg")
    # every West German province exports 1; East: EB 1, SA 2, TH 1 count, MV (run down, 0) does not
    assert end_of_decade.currency_balance(t.st) == (1, 3, 0, 3)


def test_western_currency_debt_beyond_factories_dismantles_and_can_bankrupt(table):
    t = table().clear_board().factories("berlin", "magdeburg").connect("berlin/magdeburg").ls(eb=3)
    t.st.currency = -1  # balance −1 + 2 − 3 = −2: both factories run down, nothing left over
    t.phase("western_currency")
    assert t.done() and t.st.factory[t.city("berlin")] == board.RUNDOWN and t.st.result is None
    t.st.ls[t.p("eb")] = 4
    t.factories("berlin", "magdeburg")
    t.phase("western_currency")  # −3: two rundowns, 1 line dismantled: exactly paid
    assert t.done() and t.st.lines == [0] * 68 and t.st.result is None
    t.st.ls[t.p("eb")] = 5
    t.factories("berlin", "magdeburg")
    t.connect("berlin/magdeburg")
    t.phase("western_currency")  # −4: one more than East can pay
    assert t.st.result[0] == WEST and "Western-currency" in str(t.st.result[1])


def test_western_currency_remainder_picks_alternate(table):
    t = table().clear_board().factories("berlin", "magdeburg", "bitterfeld")
    t.connect("berlin/magdeburg", "magdeburg/bitterfeld").ls(eb=6)
    t.st.prestige = 1  # East leads the picks
    t.phase("western_currency")  # 0 + 2 − 6 = −4: 3 rundowns, then 1 of the 2 lines
    assert t.st.to_act == EAST and set(t.legal) == {"dismantle berlin/magdeburg", "dismantle magdeburg/bitterfeld"}


def test_hamburg_is_declared_before_phases_three_and_five(table):
    t = table().clear_board().factories("hamburg")
    t.phase("western_currency")
    assert set(t.legal) == {"hamburg sh", "hamburg ns"} and t.st.to_act == WEST
    t.run("hamburg ns")
    assert t.st.hamburg == t.p("ns")


# ---------------------------------------------------------------------- phases 4 and 5


def test_police_upkeep(table):
    t = table().clear_board()
    _east_build_points(t)
    t.st.police = ["red", "pink"]
    t.phase("police_upkeep")
    assert t.st.to_act == EAST
    t.run("dismantle rostock", "dismantle jena")
    assert t.done()


def test_living_standard_limit(table):
    t = table().clear_board().factories("dortmund", "koeln", "berlin").connect("dortmund/koeln")
    t.ls(nrw=3, sa=1, eb=1)
    t.st.sectors = [1, 2, 1]
    t.st.ls[t.p("wb")] = 4
    t.phase("living_standard_limit")  # no supplier ever delivered: no limit for West Berlin
    assert [t.st.ls[t.p(k)] for k in ("nrw", "sa", "eb", "wb")] == [2, 0, 1, 4]
    t.st.delivered = [False, True, False]
    t.phase("living_standard_limit")  # NRW exports 2: West Berlin falls from 4 to 2
    assert t.st.to_act == WEST and set(t.legal) == {"reduce wb-french", "reduce wb-british", "reduce wb-us"}
    t.run("reduce wb-british", "reduce wb-british")
    assert t.st.sectors == [1, 0, 1] and t.st.ls[t.p("wb")] == 2 and t.done()


# ---------------------------------------------------------------------- phase 6


def test_internal_comparison(table):
    t = table().clear_board().ls(nrw=4, sh=2, wb=3, he=3, sa=2, sn=1)
    t.st.sectors = [1, 1, 1]
    t.phase("internal_comparison")
    u = {k: t.st.unrest[t.p(k)] for k in ("nrw", "sh", "by", "wb", "he", "sa", "sn", "mv")}
    assert u == {"nrw": 0, "sh": 1, "by": 3, "wb": 0, "he": 0, "sa": 0, "sn": 0, "mv": 1}
    t = table(berlin_tolerance="none").clear_board().ls(nrw=4, wb=3)
    t.st.sectors = [1, 1, 1]
    t.phase("internal_comparison")
    assert t.st.unrest[t.p("wb")] == 1


# ---------------------------------------------------------------------- phase 7


def test_east_west_comparison_uses_the_mass_protests_at_its_start(table):
    t = table().clear_board().ls(ns=5, sa=4).unrest(sa=3)
    t.phase("east_west_comparison")
    assert t.st.to_act == WEST and set(t.legal) == {"unrest mv", "unrest bb", "unrest sa"}
    t.run("unrest sa")  # 5 − 4 = 1: Sachsen-Anhalt now has a mass protest …
    assert t.st.unrest[t.p("sa")] == 4
    assert t.st.unrest[t.p("he")] == 4  # … but compares with its start-of-phase protests: 4 − 0 − 0
    assert t.done()


def test_mass_protests_lower_the_effective_living_standard(table):
    t = table().clear_board().ls(sn=3).unrest(sn=4)
    t.phase("east_west_comparison")  # 3 − 1 protest = 2 against Bayern's 0
    assert t.st.unrest[t.p("by")] == 2 and t.done()


def test_west_berlin_hits_every_lower_neighbour(table):
    t = table().clear_board().ls(wb=2, bb=1)
    t.st.sectors = [1, 1, 0]
    t.phase("east_west_comparison")
    assert t.st.unrest[t.p("bb")] == 1 and t.st.unrest[t.p("eb")] == 2 and t.done()


# ---------------------------------------------------------------------- phase 8


def test_unused_police_cards_remove_unrest(table):
    t = table().clear_board().unrest(sn=2, th=1)
    t.st.police, t.st.police_used = ["red", "red", "pink"], 1
    t.phase("police")
    t.run("calm sn", "calm th")
    assert t.done() and t.st.unrest[t.p("sn")] == 1 and t.st.police_used == 0


# ---------------------------------------------------------------------- phase 9


def test_socialists_gained_and_deployed(table):
    t = table().clear_board().unrest(sn=5)
    t.st.socialism, t.st.box = 3, 0
    t.phase("socialists")
    assert t.st.box == 0 and t.st.unrest[t.p("sn")] == 3 and t.st.socialists[t.p("sn")] == 2


def test_triumph_of_socialism(table):
    t = table().clear_board()
    t.st.socialism, t.st.box = 6, 5
    t.st.socialists[t.p("sn")] = 4  # supply 3, but 4 are due
    t.phase("socialists")
    assert t.st.result[0] == EAST and "Triumph of socialism" in str(t.st.result[1])


def test_socialists_lost_from_box_then_map(table):
    t = table().clear_board()
    t.st.socialism, t.st.box = -4, 1
    t.st.socialists[t.p("sn")] = 2
    t.st.socialists[t.p("th")] = 1
    t.phase("socialists")  # lose 2: the box's 1, then West removes 1 from the map
    assert t.st.box == 0 and t.st.to_act == WEST and set(t.legal) == {"purge sn", "purge th"}
    t.run("purge th")
    assert t.st.socialists[t.p("th")] == 0 and t.st.unrest[t.p("th")] == 1 and t.done()


def test_socialism_fails(table):
    t = table().clear_board()
    t.st.socialism, t.st.box = -6, 2
    t.st.socialists[t.p("sn")] = 1
    t.phase("socialists")
    assert t.st.result[0] == WEST and "Socialism failed" in str(t.st.result[1])


# ---------------------------------------------------------------------- phase 10 and the game's end


def test_collapse_conditions(table):
    cases = [({"he": 8, "by": 8}, {}, EAST, "West Germany collapsed"),
             ({}, {"sn": 12, "th": 4}, WEST, "East Germany collapsed"),
             ({"he": 16}, {"sn": 16}, EAST, "Both states collapsed"),
             ({"he": 12}, {"sn": 12}, None, "")]
    for west, east, winner, reason in cases:
        t = table().clear_board().unrest(**west, **east)
        t.st.decade = 2
        t.phase("collapse")
        if winner is None:
            assert t.st.result is None and t.done()
        else:
            assert t.st.result[0] == winner and reason in str(t.st.result[1])


def test_supplier_protests_count_toward_collapse(table):
    t = table().clear_board().unrest(wb=8, he=4)
    t.st.supplier_mp = [1, 1, 0]
    t.st.decade = 1
    t.phase("collapse")
    assert t.st.result[0] == EAST


def test_east_wins_when_decade_four_ends(table):
    t = table().clear_board()
    t.st.decade = 4
    t.phase("collapse")
    assert t.st.result[0] == EAST and "survived" in str(t.st.result[1])
    out = t.st.outcome()
    assert out.winners == (EAST,) and out.places == (2, 1)


def test_a_whole_end_of_decade_runs_all_phases_in_order_and_starts_the_next_decade(table):
    t = table().clear_board().factories("berlin", "dortmund")
    st = t.st
    st.played = []
    st.stack = [EndOfDecade(0)]
    st._legal = None
    st.advance()
    assert st.decade == 2 and st.eod == -1 and st.stack[-1].tag == "turn" and len(st.display) == 7
    phases = [e for e in st.view(None)["log"] if "End of decade I, phase" in e]
    assert [p.split("phase ")[1].split(":")[0] for p in phases] == [str(i) for i in range(1, 11)]
