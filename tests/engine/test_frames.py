"""Decision and procedure frames, and the engine's one loop (engine/frames.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest

from realpolitik.engine import IllegalAction, Rng, decision, procedure
from realpolitik.engine.frames import advance, snapshot, tag_of
from realpolitik.games import registry
from realpolitik.testing.playout import random_playout
from realpolitik.testing.toy import CallOrFold, HighCard


@procedure
class Deal(NamedTuple):
    cards: int

    def run(self, st) -> None:
        st.dealt += self.cards


@decision(public=True)
class Pick(NamedTuple):
    seat: int
    options: tuple[str, ...]

    def legal(self, st) -> list[str]:
        return list(self.options)

    def act(self, st, action: str) -> None:
        st.stack.pop()
        st.picked.append(action)

    def describe(self, st, seat) -> str:
        return "pick"


class Table:
    def __init__(self, *stack) -> None:
        self.stack = list(stack)
        self.dealt = 0
        self.picked: list[str] = []
        self._legal = None


def test_procedures_run_until_a_decision_waits():
    st = Table(Pick(1, ("a", "b")), Deal(2), Deal(3))
    advance(st)
    assert st.dealt == 5 and st.stack == [Pick(1, ("a", "b"))]


def test_a_public_decision_with_one_choice_is_answered_only_when_the_game_asks():
    st = Table(Pick(0, ("last",)), Pick(1, ("only",)))
    advance(st)
    assert st.picked == [] and len(st.stack) == 2
    advance(st, answer_forced=True)
    assert st.picked == ["only", "last"] and st.stack == []
    st = Table(Pick(0, ("a", "b")))
    advance(st, answer_forced=True)
    assert st.picked == [] and st._legal == ("a", "b")  # computed once, kept for the state


def test_a_procedure_run_now_leaves_what_the_loop_leaves():
    """``run_now`` where the rule would push the procedure last and return, or has just taken it off the top."""
    pushed, now = Table(Pick(1, ("a", "b"))), Table(Pick(1, ("a", "b")))
    pushed.stack.append(Deal(2))
    advance(pushed)
    Deal(2).run_now(now)
    assert (now.stack, now.dealt) == (pushed.stack, pushed.dealt)
    taken = Table(Pick(1, ("a", "b")), Deal(2))
    taken.stack.pop().run_now(taken)
    assert (taken.stack, taken.dealt) == (pushed.stack, pushed.dealt)
    assert not hasattr(Pick(0, ("a",)), "run_now")  # a decision waits on the stack for its seat


def _frame_classes(cls: type = tuple):
    for sub in cls.__subclasses__():
        if hasattr(sub, "decision") and hasattr(sub, "tag"):
            yield sub
        yield from _frame_classes(sub)


def test_the_games_run_a_procedure_at_once_only_by_its_run_now():
    """Every procedure of every game runs its own ``run`` as ``run_now`` (a subclass that overrides ``run`` is
    declared again), and no game calls a frame's ``run`` itself: the engine's loop and ``run_now`` do."""
    list(registry())  # every game loaded
    procedures = [cls for cls in _frame_classes() if not cls.decision]
    assert len(procedures) > 20
    for cls in procedures:
        assert cls.run_now is cls.run, cls
    games = Path(registry.__code__.co_filename).parent
    calls = [f"{path.relative_to(games)}:{n}" for path in games.rglob("*.py")
             for n, line in enumerate(path.read_text().splitlines(), 1) if re.search(r"\.run\(", line)]
    assert calls == []


def test_frames_are_named_values():
    assert (Deal.tag, Pick.tag, CallOrFold.tag) == ("deal", "pick", "call_or_fold")
    assert Pick(0, ("a",)).seat == 0 and Pick.decision and not Deal.decision and Pick.public
    assert Deal(1) != (1,) and Deal(1) == Deal(1) and len({Deal(1), Deal(1)}) == 1
    assert snapshot([Pick(0, ("a",)), Deal(2)]) == [["pick", 0, ("a",)], ["deal", 2]]
    with pytest.raises(AttributeError):
        Deal(1).cards = 2


def test_a_frame_is_tagged_by_its_class_name():
    """No frame names its own tag: every frame of every game is tagged by its class name in snake case."""
    list(registry())  # every game loaded
    frames = list(_frame_classes())
    assert len(frames) > 100
    assert [cls for cls in frames if cls.tag != tag_of(cls)] == []
    assert tag_of(Pick) == "pick" and tag_of(CallOrFold) == "call_or_fold"
    with pytest.raises(TypeError):
        decision(tag="other")  # the tag cannot be chosen


@pytest.mark.parametrize("game", list(registry()), ids=lambda game: game.id)
def test_no_two_frames_of_a_game_share_a_tag(game):
    """A snapshot's tag names one frame class within a game: seeded random playouts collect every frame class
    on the stack (2+2 plays its own ``Turn``, ``Deal``, ``Discard``… in place of the base game's, never both)."""
    seen: set[type] = set()
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            state = game.new_state(players, game.conformance_options, seed)
            random_playout(state, Rng(seed), 20000, lambda st: seen.update(map(type, st.stack)))
    by_tag: dict[str, set[type]] = {}
    for cls in seen:
        by_tag.setdefault(cls.tag, set()).add(cls)
    assert len(seen) >= 5
    assert {tag: classes for tag, classes in by_tag.items() if len(classes) > 1} == {}


def test_frame_classes_are_checked_when_declared():
    with pytest.raises(TypeError, match="first field is its seat"):
        @decision
        class NoSeat(NamedTuple):
            who: int
    with pytest.raises(TypeError, match="defines act"):
        @decision
        class NoAct(NamedTuple):
            seat: int

            def legal(self, st):
                return []

            def describe(self, st, seat):
                return ""
    with pytest.raises(TypeError, match="NamedTuple"):
        @procedure
        class NotATuple:
            def run(self, st):
                pass


def test_a_framed_state_follows_its_top_frame():
    st = HighCard().deal(7, 3)
    assert st.to_act == 0 and st.legal_actions() == ("call", "fold") and st.describe_pending(1) == "p1 decides"
    twin = st.clone()
    assert twin.stack == st.stack and twin.stack is not st.stack
    with pytest.raises(IllegalAction):
        st.apply("raise")
    st.apply("call")
    assert st.is_over() and st.outcome().winners == (0,) and twin.to_act == 0
    assert st.snapshot()["stack"] == [] and twin.snapshot()["stack"] == [["call_or_fold", 0]]
    assert twin.determinize(0, Rng(1)).cards[0] == 7
