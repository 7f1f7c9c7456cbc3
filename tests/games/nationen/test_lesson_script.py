"""The first game with a guide (rulebook/learn/nationen.toml) played step by step: what the guide's
words say about the board at a step is what the learner's view shows there, so the script and the
texts cannot drift apart silently."""

from __future__ import annotations

import pytest

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.games.nationen import movement

GAME = get("nationen")
LESSON = rulebook.lesson(GAME)


def _index(do: str, nth: int = 1) -> int:
    """The index of the ``nth`` learner's step that plays ``do``."""
    found = [i for i, step in enumerate(LESSON.step) if LESSON.learner(i) and step.do == do]
    return found[nth - 1]


def _played(upto: int):
    """The game after the script's first ``upto`` steps."""
    st = GAME.new_state(LESSON.players, LESSON.options, LESSON.seed)
    for step in LESSON.step[:upto]:
        st.apply(step.do)
    return st


def _public(st) -> dict:
    return st.view(st.seats.index(LESSON.seat), log_from=None)["public"]


def _player(st, seat: str) -> dict:
    return next(p for p in _public(st)["players"] if p["seat"] == seat)


def _state(st, key: str) -> dict:
    return next(s for s in _public(st)["states"] if s["key"] == key)


def _steps(st, seat: str, src: str, dst: str) -> int | None:
    """The fewest steps the head of state of ``seat`` on ``src`` needs to ``dst`` (None: no way at all)."""
    b = st.content.board
    return movement.reach(st, st.seats.index(seat), b.point_id[src], 99).get(b.point_id[dst])


@pytest.fixture(scope="module")
def script_end():
    return _played(len(LESSON.step))


def test_the_opening_king_pays_2_m_and_the_agent_draws_an_oil_boom():
    st = _played(_index("agent kadhar-4"))  # "one pair under a king, 2 M, so you have 7 M"
    me = _player(st, "p1")
    assert (me["money"], _state(st, "kadhar")["port"]) == (7, {"p1": 1})
    st = _played(_index("place dictator uor"))  # "Lucky: Oil boom, 5 M from the bank — you have 12 M"
    assert _public(st)["last_card"] == "oil-boom"
    assert _player(st, "p1")["money"] == 12
    st = _played(_index("end"))  # "your income rises from 2 to 4 M"; "You keep 6 M"
    assert (_player(st, "p1")["income"], _player(st, "p1")["money"]) == (4, 6)


def test_the_agent_on_djebel_harun_1_lengthens_the_dictators_way_from_7_to_8_steps():
    i = _index("agent harun-1")
    st = _played(i)  # "you have 10 M"; Player 3 drew a strike; his dictator is 7 steps from your capital
    assert _player(st, "p1")["money"] == 10
    assert _player(st, "p3")["strike"] is True
    assert _state(st, "harun")["ruler"] == {"seat": "p2", "kind": "dictator"}
    assert _steps(st, "p2", "harun-0", "kadhar-0") == 7
    st = _played(i + 1)
    assert _player(st, "p1")["agent"] == "harun-1"
    assert _steps(st, "p2", "harun-0", "kadhar-0") == 8


def test_the_attack_takes_ras_mahul_with_its_tankers_and_leaves_uor_free():
    st = _played(_index("end", 2))  # after the attack: 2 pairs under a dictator, income 6 M, U.O.R. free
    mahul = _state(st, "mahul")
    assert mahul["ruler"] == {"seat": "p1", "kind": "dictator"}
    assert mahul["port"] == {"p1": 2}
    assert _player(st, "p1")["income"] == 6
    assert _state(st, "uor")["ruler"] is None
    assert _player(st, "p1")["money"] == 3


def test_the_agent_on_uor_6_bars_every_way_from_djebel_harun_into_uor():
    i = _index("agent uor-6")
    st = _played(i)  # "you have 9 M"; the dictator reaches the U.O.R. capital in 5 steps; Player 2 on strike
    assert _player(st, "p1")["money"] == 9
    assert _steps(st, "p2", "harun-0", "uor-0") == 5
    assert (_player(st, "p2")["strike"], _player(st, "p2")["money"]) == (True, 4)
    assert _steps(_played(i + 1), "p2", "harun-0", "uor-0") is None


def test_the_script_ends_with_8_m_income_and_the_threats_the_outro_names(script_end):
    st = script_end
    assert st.seats[st.to_act] == "p1"
    me = _player(st, "p1")
    assert (me["income"], me["money"]) == (8, 2)
    assert _state(st, "uor")["ruler"] == {"seat": "p1", "kind": "president"}
    assert _state(st, "abu")["ruler"] is None and ["uor", "abu"] in _public(st)["pipelines"]
    assert _steps(st, "p2", "zarqan-0", "uor-0") == 5  # his guerrilla leader, 5 steps from your president
    assert _steps(st, "p2", "harun-0", "kadhar-0") == 7  # his dictator, 7 steps from your king
    assert _steps(st, "p2", "harun-0", "uor-0") is None  # the agent still bars U.O.R. 6
    p3 = _player(st, "p3")
    assert (p3["money"], p3["income"], p3["alive"]) == (0, 0, True)
