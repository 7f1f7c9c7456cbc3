"""Malformed move texts are refused with a reason, never a crash (found by fuzzing action texts)."""

import pytest

from realpolitik.engine import IllegalAction
from tests.games.nationen.scenario import build, moves


@pytest.mark.parametrize("action,point", [
    ("move president kadhar-0 ٣", "٣"),  # an Arabic-Indic three: it used to raise KeyError in why_illegal
    ("move president kadhar-0 3", "3"),
    ("move president ٣ kadhar-1", "٣"),
    ("attack president kadhar-0 10000000000000000000000000000000", "10000000000000000000000000000000"),
])
def test_a_move_to_or_from_no_point_is_refused_and_changes_nothing(action, point):
    st = build(leaders=[(0, "president", "kadhar-0")], at="main")
    assert "move president kadhar-0 kadhar-1" in moves(st)
    before = st.snapshot(), st.ply, st.log.size, st.legal_actions()
    with pytest.raises(IllegalAction, match=f"There is no point '{point}'"):
        st.apply(action, 0)
    assert (st.snapshot(), st.ply, st.log.size, st.legal_actions()) == before


@pytest.mark.parametrize("action", ["tanker kadhar", "tanker", "tanker kadhar mahul harun"])
def test_a_tanker_move_of_too_few_or_too_many_words_is_refused_with_a_reason(action):
    st = build(leaders=[(0, "president", "kadhar-0")], tankers=[(0, "kadhar", 1)], at="main")
    before = st.snapshot(), st.ply, st.log.size
    with pytest.raises(IllegalAction, match="A tanker may only enter the port of a state you rule"):
        st.apply(action, 0)
    assert (st.snapshot(), st.ply, st.log.size) == before
