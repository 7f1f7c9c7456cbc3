"""State fields declared once: slots, clone and snapshot follow, for subclasses too."""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng, State
from realpolitik.engine.fields import CACHE, LIST, NESTED, SHARED, VALUE, declared, fields


class Base(State):
    __slots__ = fields(content=SHARED, hands=NESTED, draw=LIST, turn=VALUE)
    to_act = None
    _legal_actions = _apply = public_view = private_view = describe_pending = _resample_hidden = outcome = None


class Extended(Base):
    __slots__ = fields(treasury=LIST, seen=VALUE, tally=CACHE)


def _made(cls):
    st = object.__new__(cls)
    st.rng, st.ply = Rng(3), 7
    st.content, st.hands, st.draw, st.turn = {"cards": ("a", "b")}, [["a"], ["b"]], ["c", "d"], 1
    return st


def test_slots_copies_and_snapshot_follow_from_one_declaration():
    st = _made(Extended)
    st.treasury, st.seen, st.tally = [5, 6], frozenset({"x"}), (11,)
    twin = object.__new__(Extended)
    st._copy_into(twin)
    assert twin.content is st.content and twin.seen is st.seen and twin.tally is st.tally  # shared
    assert twin.hands == st.hands and twin.hands is not st.hands and twin.hands[0] is not st.hands[0]
    assert twin.draw == st.draw and twin.draw is not st.draw and twin.treasury is not st.treasury
    assert st.snapshot() == {"hands": [["a"], ["b"]], "draw": ["c", "d"], "turn": 1, "treasury": [5, 6],
                             "seen": frozenset({"x"}), "rng": st.rng.state, "ply": 7}
    assert list(declared(Extended)) == ["content", "hands", "draw", "turn", "treasury", "seen", "tally"]
    with pytest.raises(AttributeError):
        st.undeclared = 1  # slots only


def test_a_class_may_still_write_its_own_snapshot():
    class Own(Base):
        __slots__ = fields(extra=VALUE)

        def snapshot(self):
            return {"own": True}

    assert Own.snapshot(object.__new__(Own)) == {"own": True}
    assert "extra" in Own._copy_into.__code__.co_names


def test_a_base_with_plain_slots_cannot_be_extended_by_fields():
    class Plain(State):
        __slots__ = ("x",)

    with pytest.raises(TypeError, match="declare them with fields"):
        class Mixed(Plain):
            __slots__ = fields(extra=VALUE)


def test_unknown_kinds_are_refused():
    with pytest.raises(TypeError, match="unknown kind 'deep'"):
        fields(board="deep")
