"""Rule options not covered elsewhere: the bank's 140 M (A18) and tankers on a peaceful takeover (A7)."""

import pytest

from realpolitik.games import get
from realpolitik.games.nationen import economy
from tests.games.nationen.scenario import build, held, start_turn


def test_unlimited_bank_by_default():
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "kadhar", 2)], money=[10, 10], at="main")
    st.bank = 0
    start_turn(st)
    assert st.money[0] == 14 and st.view(None)["public"]["bank"] is None


def test_bank_limit_pays_only_what_the_bank_holds():
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "kadhar", 2)], money=[10, 10], at="main",
               options={"bank_limit": True})
    st.bank = 3
    start_turn(st)
    assert st.money[0] == 13 and st.bank == 0
    assert "The bank had only 3 M." in "\n".join(st.log.redacted(None))
    st.apply("buy tanker north")
    assert st.bank == 5 and st.view(None)["public"]["bank"] == 5


def test_bank_starts_with_the_box_less_the_starting_money():
    from realpolitik.games import get

    st = get("nationen").new_state(3, {"bank_limit": True}, seed=0)
    assert st.bank == 140 - 21


def test_peaceful_takeover_keeps_or_takes_the_tankers_in_port():
    kw = dict(leaders=[(0, "dictator", "kadhar-1")], tankers=[(1, "kadhar", 2)], at="main")
    st = build(**kw)
    st.apply("move dictator kadhar-1 kadhar-0")
    assert held(st, 0, "kadhar") == 2
    st = build(**kw, options={"placement_takes_tankers": False})
    st.apply("move dictator kadhar-1 kadhar-0")
    assert held(st, 1, "kadhar") == 2 and economy.income(st, 0) == 0
    st = build(tankers=[(1, "kadhar", 2)], at="main", options={"placement_takes_tankers": False})
    st.apply("place king kadhar")
    assert held(st, 1, "kadhar") == 2


@pytest.mark.parametrize("variant,money", [("none", [7, 7, 7]), ("compensation", [7, 8, 9])])
def test_the_bank_starts_with_the_140_m_less_what_it_paid_out(variant, money):
    """Das Spielmaterial: 140 million KARK-Dollar; Vorbereitungen: the banker gives each player 7 M (with
    the compensation variant one more for each seat after the first): of 140 M, 119 or 116 stay."""
    st = get("nationen").new_state(3, {"bank_limit": True, "start_variant": variant}, seed=0)
    assert st.money == money
    assert st.view(None)["public"]["bank"] == 140 - sum(money)
