"""Pending work as named frames on a state's stack, and the one loop that runs them.

A state keeps what is still to be done as a stack of frames (``state.stack``, top last).
A frame is an immutable value whose class is named after the rule it plays: a
``NamedTuple`` made a frame by ``@decision`` or ``@procedure``, defined beside its rule.

- A **decision** waits for its ``seat`` (always the first field) and keeps together what
  may be chosen (``legal``), what a choice does (``act``) and what is being decided
  (``describe``), optionally why a refused choice is wrong (``why_illegal``). ``act`` is
  called with its frame still on top: it pops it, replaces it (the same decision with new
  data) or leaves it (the same decision is asked again).
- A **procedure** is work the rules do by themselves — deal, score, start the next turn:
  ``run`` is called after the frame was popped, and may push further frames.

:func:`advance` runs procedures until a decision is on top or the stack is empty (the game
is over). A decision marked ``public`` — its choices are visible to everyone — is
answered by itself when it has a single choice, in games that ask for that
(``FramedState.answer_forced``). Each frame has a ``tag``, its class name in snake case
(``EndOfDecade`` → ``end_of_decade``), which snapshots write as ``[tag, *fields]``; rules,
words and bots tell frames apart by their class (a method of the frame, ``isinstance``),
never by the tag.

**Running a procedure now.** A rule that would push a procedure last and return — so that
the loop pops it and runs it next — runs it at once instead with the procedure's
``run_now`` (``END_TURNS[seat].run_now(st)``): the same state, without the push and the
pop. So does a rule that has just taken that procedure off the top
(``st.stack.pop().run_now(st)``). Nothing may follow in the rule but what the loop would
do next. ``@procedure`` gives every procedure ``run_now``: its own ``run``, under the name
that says it stands for the loop, at no cost (a call through a helper function costs about
300 machine instructions, several times an action); a decision has none. Games never call
``run`` themselves: ``tests/engine/test_frames.py`` looks.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias

if TYPE_CHECKING:
    from .state import State


class Framed(Protocol):
    """What every frame class has (given by ``@decision`` or ``@procedure``)."""

    decision: ClassVar[bool]
    tag: ClassVar[str]


class Decision(Framed, Protocol):
    """A choice one seat must make."""

    seat: int
    public: bool

    def legal(self, st: Any) -> list[str]: ...

    def act(self, st: Any, action: str) -> None: ...

    def describe(self, st: Any, seat: int | None) -> str: ...

    def why_illegal(self, st: Any, action: str) -> str | None: ...


class Procedure(Framed, Protocol):
    """Work the rules do by themselves."""

    def run(self, st: Any) -> None: ...

    def run_now(self, st: Any) -> None: ...


#: a frame on a state's stack: a decision (``decision`` true) or a procedure; each game's frame
#: classes (NamedTuples, which cannot derive from a base class) match one of the two protocols
Frame: TypeAlias = Decision | Procedure


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def tag_of(cls: type) -> str:
    """A frame class's tag: its name in snake case."""
    return _snake(cls.__name__)


def _frame(cls: type, is_decision: bool) -> type:
    if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise TypeError(f"{cls.__name__}: a frame is a NamedTuple class")
    cls.decision = is_decision
    cls.tag = tag_of(cls)
    # a frame equals only a frame of its own class (two NamedTuples with equal fields are equal tuples)
    cls.__eq__ = lambda self, other: type(self) is type(other) and tuple.__eq__(self, other)
    cls.__ne__ = lambda self, other: not cls.__eq__(self, other)
    cls.__hash__ = lambda self: hash((cls.tag, *self))
    return cls


def decision(cls: type | None = None, *, public: bool = False):
    """Make a NamedTuple class (first field ``seat``) a decision frame; ``public``: its choices
    are visible to every seat, so a single one may be taken without asking."""
    def make(klass: type) -> type:
        if klass._fields[:1] != ("seat",):
            raise TypeError(f"{klass.__name__}: a decision's first field is its seat")
        for hook in ("legal", "act", "describe"):
            if not callable(getattr(klass, hook, None)):
                raise TypeError(f"{klass.__name__}: a decision defines {hook}()")
        if not hasattr(klass, "why_illegal"):
            klass.why_illegal = lambda self, st, action: None
        klass.public = public
        return _frame(klass, True)
    return make if cls is None else make(cls)


def procedure(cls: type | None = None):
    """Make a NamedTuple class a procedure frame (it defines ``run(st)``), with ``run_now``: ``run``, called
    where the loop would run the frame next (the rule would push it last and return, or has just taken it
    off the top), so that it runs at once without the push and the pop. A subclass that overrides ``run``
    is a procedure of its own (``@procedure`` again)."""
    def make(klass: type) -> type:
        if not callable(getattr(klass, "run", None)):
            raise TypeError(f"{klass.__name__}: a procedure defines run()")
        klass.run_now = klass.run
        return _frame(klass, False)
    return make if cls is None else make(cls)


def snapshot(stack: list[Frame]) -> list[list[Any]]:
    """A stack as JSON-ready data: each frame as ``[tag, *fields]``."""
    return [[frame.tag, *frame] for frame in stack]


def advance(st: State, answer_forced: bool = False) -> None:
    """Run procedures (and, with ``answer_forced``, public decisions with a single choice)
    until a decision waits on top of ``st.stack`` or the stack is empty."""
    stack = st.stack
    while stack:
        top = stack[-1]
        if not top.decision:
            stack.pop()
            top.run(st)  # every game's procedures, whose run this is, by module: docs/frames.md
            continue
        if answer_forced and top.public:
            legal = top.legal(st)
            if len(legal) == 1:
                top.act(st, legal[0])
                continue
            st._legal = tuple(legal)  # the engine's cache of the decision's choices, computed already
        return
