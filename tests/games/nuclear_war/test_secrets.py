"""Secrets and Top Secrets as printed (rules version 3): whom each one strikes and when it does nothing."""

from realpolitik.games.nuclear_war.combat import FinalRetaliation, NameTarget
from realpolitik.games.nuclear_war.sequence import PlaceCard
from tests.games.nuclear_war.scenario import build, logged


def drawn(secret, **kw):
    """p1 begins its turn by drawing ``secret`` (then a 20 MT warhead to replace it)."""
    kw.setdefault("people", [[25], [25], [25]])
    return build(3, draw=["20mt", secret], **kw)


def test_little_old_ladies_take_two_million_of_yours_to_the_enemy_you_name():
    st = drawn("little-old-ladies")
    assert st.stack[-1] == NameTarget(0, "secret", "little-old-ladies")
    st.apply("target p3")
    assert [st.population(s) for s in range(3)] == [23, 25, 27]
    assert st.net == [-2, 0, 2]


def test_giving_away_your_last_people_by_a_secret_grants_final_retaliation():
    st = drawn("little-old-ladies", people=[[2], [25], [25]],
               hands=[["atlas", "20mt"] + ["propaganda-5"] * 5] + [["propaganda-5"] * 7] * 2)
    st.apply("target p2")
    assert not st.alive[0] and st.population(1) == 27
    assert isinstance(st.stack[-1], FinalRetaliation) and st.stack[-1].seat == 0


def test_peace_corps_wins_two_million_in_peace():
    st = drawn("peace-corps")
    st.apply("target p2")
    assert [st.population(s) for s in range(3)] == [27, 23, 25]


def test_peace_corps_does_nothing_once_war_has_broken_out():
    st = drawn("peace-corps", war=True)
    assert st.stack[-1] == PlaceCard(0), "no target is asked for"
    assert [st.population(s) for s in range(3)] == [25, 25, 25]
    assert "Peace Corps has no effect in war." in logged(st)
    assert "peace-corps" in st.discard and "20mt" in st.hands[0]


def test_the_drunk_ambassador_costs_the_named_enemy_a_turn_but_only_in_peace():
    st = drawn("ambassador-gets-drunk")
    st.apply("target p2")
    assert st.skips == [0, 1, 0]
    st = drawn("ambassador-gets-drunk", war=True)
    assert st.skips == [0, 0, 0] and st.stack[-1] == PlaceCard(0)


def test_test_ban_costs_the_player_who_draws_it_his_next_turn():
    st = drawn("test-ban")
    assert st.stack[-1] == PlaceCard(0) and st.skips == [1, 0, 0]


def test_violent_tornado_and_the_ten_million_who_leave_strike_the_player_who_draws_them():
    for secret in ("violent-tornado", "ten-million-leave"):
        st = drawn(secret)
        assert st.stack[-1] == PlaceCard(0), secret
        assert [st.population(s) for s in range(3)] == [15, 25, 25], secret


def test_first_on_moon_and_raised_taxes_bring_five_million_from_the_enemy_you_name():
    for secret in ("first-on-moon", "raises-taxes"):
        st = drawn(secret)
        st.apply("target p3")
        assert [st.population(s) for s in range(3)] == [30, 25, 20], secret


def test_an_enemy_whose_last_people_a_secret_takes_away_strikes_back():
    """Finaler Gegenschlag: whoever is eliminated by a Secret or Top Secret may strike back at once —
    also when the Secret (First on the moon: 5 million from the enemy you name) takes his last 5
    million over to the player who drew it."""
    st = drawn("first-on-moon", people=[[25], [5], [25]],
               hands=[["propaganda-5"] * 7, ["atlas", "20mt"] + ["propaganda-5"] * 5, ["propaganda-5"] * 7])
    st.apply("target p2")
    assert not st.alive[1] and st.population(0) == 30
    assert isinstance(st.stack[-1], FinalRetaliation) and st.stack[-1].seat == 1
    assert "strike atlas 20mt p1" in st.legal_actions()


def test_supergerm_and_the_vaporized_kill_25_million_of_the_enemy_you_name():
    for secret in ("supergerm", "mysteriously-vaporized"):
        st = drawn(secret, people=[[25], [25, 10], [25]])
        st.apply("target p2")
        assert [st.population(s) for s in range(3)] == [25, 10, 25], secret


def test_population_explosion_brings_five_million_from_the_bank():
    st = drawn("population-explosion")
    assert [st.population(s) for s in range(3)] == [30, 25, 25]
