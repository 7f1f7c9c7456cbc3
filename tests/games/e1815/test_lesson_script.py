"""The first games with a guide of 1815 and 1815 2vs2 (rulebook/learn/e1815.toml and
e1815-2vs2.toml) played step by step: what the guide's words say about the map at a step is what
the learner's view shows there, so the scripts and the texts cannot drift apart silently."""

from __future__ import annotations

from realpolitik import rulebook
from realpolitik.games import get

BASE = get("e1815")
TEAMS = get("e1815-2vs2")


def _index(lesson, do: str, nth: int = 1) -> int:
    """The index of the ``nth`` learner's step of ``lesson`` that plays ``do``."""
    found = [i for i, step in enumerate(lesson.step) if lesson.learner(i) and step.do == do]
    return found[nth - 1]


def _played(game, upto: int | None = None):
    """``game``'s lesson and its game after the script's first ``upto`` steps (all of them by default)."""
    lesson = rulebook.lesson(game)
    st = game.new_state(lesson.players, lesson.options, lesson.seed)
    for step in lesson.step[:upto]:
        st.apply(step.do)
    return st


def _view(st, lang: str = "en") -> dict:
    return st.view(0, log_from=0, lang=lang)  # the learner is Player 1 in both lessons


def _player(view: dict, seat: str) -> dict:
    return next(p for p in view["public"]["players"] if p["seat"] == seat)


def _land(view: dict, key: str) -> dict:
    return view["public"]["lands"][key]


# ---------------------------------------------------------------------- 1815


def test_storming_karpaten_5_against_4_costs_2_infantry_and_ends_the_winter_attrition():
    lesson = rulebook.lesson(BASE)
    assert lesson.seat == "p1"
    i = _index(lesson, "supply karpaten 2 inf 1 cav")
    view = _view(_played(BASE, i))  # "Won, 5 against 4, for 2 infantry"
    assert any("5 against 4" in line for line in view["log"])
    karpaten = _land(view, "karpaten")
    assert (karpaten["owner"], karpaten["inf"], karpaten["generals"]) == ("p1", 2, ["p1"])
    me = _player(view, "p1")
    assert (me["markers"], me["grey_fortresses"]) == (1, 1)
    assert _land(view, "ungarn")["cav"] == 1  # the cavalry guards the capital
    view = _view(_played(BASE, i + 1))  # "thanks to its grey fortress this costs no winter attrition"
    assert (_land(view, "ungarn")["cav"], _land(view, "karpaten")["inf"], _land(view, "karpaten")["cav"]) == (1, 4, 1)
    assert not any("attrition" in line and "Player 1" in line for line in view["log"])


def test_polen_defends_with_6_and_falls_8_against_6_with_the_flag():
    lesson = rulebook.lesson(BASE)
    view = _view(_played(BASE, _index(lesson, "attack polen")))
    polen = _land(view, "polen")  # "2 infantry, 1 cavalry and his general: 4 EP, +1, +1 — 6"
    assert (polen["owner"], polen["inf"], polen["cav"], polen["generals"], polen["capital_of"]) == \
        ("p2", 2, 1, ["p2"], "p2")
    assert _player(view, "p2")["markers"] == 1  # "he got it for completing Russland"
    karpaten = _land(view, "karpaten")
    assert (karpaten["inf"], karpaten["cav"], karpaten["generals"]) == (4, 1, ["p1"])
    view = _view(_played(BASE, _index(lesson, "supply karpaten 2 inf 1 cav", 2)))
    assert any("8 against 6" in line for line in view["log"])
    assert _land(view, "polen")["owner"] == "p1"
    p2 = _player(view, "p2")
    assert (p2["holds_capital"], p2["general"]) == (False, None)
    assert _player(view, "p1")["markers"] == 1  # one spent, one won
    assert (_land(view, "karpaten")["owner"], _land(view, "karpaten")["inf"]) == ("p1", 0)


def test_the_sp_distribution_and_the_reinforcement_are_as_the_guide_says():
    lesson = rulebook.lesson(BASE)
    st = _played(BASE, _index(lesson, "place ungarn art"))
    view = _view(st)
    sp = {p["seat"]: p["sp"] for p in view["public"]["players"]}
    lands = {p["seat"]: p["lands"] for p in view["public"]["players"]}
    assert sp == {"p1": 1, "p2": 0, "p3": 4}
    assert (lands["p1"], lands["p3"]) == (5, 5)
    assert view["public"]["year"] == 2
    assert "3 EP" in view["pending"]["prompt"]
    st = _played(BASE)  # the outro: Böhmen and Bayern still empty, the game goes on
    view = _view(st)
    assert st.to_act is not None
    assert _land(view, "ungarn")["art"] == 1
    assert all(_land(view, key)["owner"] is None for key in ("boehmen", "bayern"))


# ---------------------------------------------------------------------- 1815 2vs2


def test_the_allys_polen_is_never_offered_as_a_target():
    lesson = rulebook.lesson(TEAMS)
    st = _played(TEAMS, _index(lesson, "attack preussen"))
    view = _view(st)
    assert _land(view, "polen")["owner"] == "p3" and _player(view, "p1")["ally"] == "p3"
    board = st.content.board
    assert board.index["polen"] in board.adj[board.index["boehmen"]]
    legal = st.legal_actions()
    assert "attack preussen" in legal and "attack polen" not in legal


def test_the_handed_over_cavalry_becomes_the_allys_and_completes_russland():
    lesson = rulebook.lesson(TEAMS)
    view = _view(_played(TEAMS, _index(lesson, "done") + 1))
    polen, boehmen = _land(view, "polen"), _land(view, "boehmen")
    assert (polen["owner"], polen["cav"]) == ("p3", 2)
    assert (boehmen["inf"], boehmen["cav"], boehmen["generals"]) == (2, 0, ["p1"])
    view = _view(_played(TEAMS, _index(lesson, "attack ungarn")))
    assert all(_land(view, key)["owner"] == "p3" for key in ("polen", "ukraine", "moskau", "baltikum"))
    assert _player(view, "p3")["markers"] == 1


def test_the_2vs2_script_ends_in_the_learners_summer_turn():
    st = _played(TEAMS)
    view = _view(st)
    assert st.seats[st.to_act] == "p1"
    assert (view["public"]["season"], view["public"]["actions_left"]) == ("summer", 1)
    assert _land(view, "ungarn")["owner"] == "p1"
