"""A report's numbers from hand-made games: win rates, endings, seat order, tracks, card effects."""

from __future__ import annotations

from math import erfc, sqrt
from string import Formatter

import pytest

from realpolitik.analysis.measure import Measured
from realpolitik.analysis.report import build
from realpolitik.analysis.stats import holm
from realpolitik.games import get
from realpolitik.i18n import t
from realpolitik.sim.stats import GameResult


def game(index: int, winners: tuple[int, ...], cards: tuple, key: str, samples: tuple, first: int = 0) -> Measured:
    result = GameResult(index=index, seed=index, seats=("random", "random"), rewards=(0.0, 0.0), winners=winners,
                        places=(1, 2), points=None, plies=10 * (index + 1), limit=False, reason=key)
    fields = tuple(name for _, name, _, _ in Formatter().parse(key) if name)
    return Measured(result, t(key, **dict.fromkeys(fields, "…")), samples, cards, {"a": "Card A", "b": "B"}, first)


COLLAPSE = "West Germany collapsed: {west} mass protests at the end of decade {decade}."
GAMES = [
    game(0, (0,), ((0, "a"), (1, "b")), "other", ((1.0, {"prestige": {"": 0}}), (1.5, {"prestige": {"": 2}}))),
    game(1, (1,), ((1, "a"),), COLLAPSE, ((1.0, {"prestige": {"": 0}}), (1.5, {"prestige": {"": 4}}),
                                         (2.0, {"prestige": {"": 5}}))),
    game(2, (0,), ((0, "a"), (0, "a")), "other", ((1.0, {"prestige": {"": 0}}),)),
    game(3, (1,), (), COLLAPSE, ((1.0, {"prestige": {"": 0}}), (1.5, {"prestige": {"": -2}}))),
]


def test_win_rates_endings_lengths_and_seat_order():
    r = build(get("wsdv"), ["random", "random"], GAMES, "de")
    assert r["win_rates"]["seats"]["west"]["wins"] == 2 and r["win_rates"]["seats"]["east"]["rate"] == 0.5
    assert "bots" not in r["win_rates"] and "teams" not in r["win_rates"]
    assert [(e["key"], e["games"]) for e in r["ends"]] == [
        ("other", 2), ("West Germany collapsed: … mass protests at the end of decade ….", 2)]
    assert r["ends"][1]["text"] == "Die BRD ist zusammengebrochen: … Massenproteste am Ende der Dekade ….", \
        "the reason in German, its values left out"
    assert r["length"]["actions"]["mean"] == 25 and r["length"]["clock"]["max"] == 2.0
    assert r["finals"]["prestige"][""]["median"] == 1.0  # final values 2, 5, 0, -2
    # bands for clock values at least a quarter of the games (1) reached: 1.0 in 4, 1.5 in 3, 2.0 in 1
    assert [(b["x"], b["n"], b["median"]) for b in r["tracks"]["prestige"][""]] == [(1.0, 4, 0), (1.5, 3, 2),
                                                                                     (2.0, 1, 5)]
    first = r["seat_order"]["first_mover"]
    assert (first["wins"], first["games"], first["others"]["wins"], first["p"]) == (2, 4, 2, 1.0)
    assert r["seat_order"]["seats"]["west"]["first"] == 4 and not r["seat_order"]["seats"]["west"]["flagged"]


def test_card_effects_compare_within_each_side_and_correct_for_all_cards():
    cards = {c["card"]: c for c in build(get("wsdv"), ["random", "random"], GAMES)["cards"]}
    a, b = cards["a"], cards["b"]
    # card a: West played it in games 0 and 2 (won both), not in 1 and 3 (lost both); East played it in game 1
    # (won), not in 0, 2 (lost) and 3 (won). Played 3/3, not played 1/5.
    played, other = a["played"], a["not_played"]
    assert (played["wins"], played["games"], other["wins"], other["games"]) == (3, 3, 1, 5)
    # Mantel–Haenszel: West (2*2 - 0*2)/4 = 1 over weight 1, East (1*3 - 1*1)/4 = 0.5 over weight 0.75
    assert a["difference"] == pytest.approx(1.5 / 1.75)
    # CMH: deviations 2 - 2*2/4 = 1 and 1 - 1*2/4 = 0.5; variances 2*2*2*2/(16*3) and 1*3*2*2/(16*3)
    p_a = erfc(1.5 / sqrt(2 * (1 / 3 + 1 / 4)))
    assert a["p"] == pytest.approx(p_a)
    # card b: only East played it, in game 0 (lost); East won 2 of the 3 games it did not
    assert b["difference"] == pytest.approx(-0.5 / 0.75) and b["p"] == pytest.approx(erfc(0.5 / sqrt(0.5)))
    assert [a["p_holm"], b["p_holm"]] == pytest.approx(holm([p_a, erfc(0.5 / sqrt(0.5))]))
    assert a["name"] == "Card A" and not a["flagged"] and not b["flagged"]
