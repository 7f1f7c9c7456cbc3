"""The state of a game that keeps its pending work as frames (engine/frames.py)."""

from __future__ import annotations

from typing import ClassVar

from .fields import FRAMES, fields
from .frames import Frame, advance
from .state import State


class FramedState(State):
    """A state whose decision hooks follow from the frame on top of ``stack``: the seat to
    act, the legal actions, their effect, the words for the pending decision and why a
    refused action is wrong. The game is over when the stack is empty."""

    __slots__ = fields(stack=FRAMES)
    #: pending work, top last: ``stack[-1]`` is the decision waiting or the procedure to run next
    stack: list[Frame]

    #: answer a public decision with a single choice without asking (engine/frames.py)
    answer_forced: ClassVar[bool] = False

    @property
    def to_act(self) -> int | None:
        """The seat of the decision on top of the stack."""
        return self.stack[-1].seat if self.stack else None

    def is_over(self) -> bool:
        """True when the stack is empty (what ``to_act is None`` says, without the property)."""
        return not self.stack

    def legal_actions(self) -> tuple[str, ...]:
        """What ``State.legal_actions`` gives, reading the stack instead of calling ``is_over`` and
        asking the decision on top itself (what ``_legal_actions`` does, without the call)."""
        legal = self._legal
        if legal is None:
            stack = self.stack
            self._legal = legal = tuple(stack[-1].legal(self)) if stack else ()
        return legal

    def _legal_actions(self) -> list[str]:
        return self.stack[-1].legal(self)

    def _apply(self, action: str) -> None:
        # every game's decisions, whose act this is, by module: docs/frames.md
        self.stack[-1].act(self, action)
        advance(self, self.answer_forced)

    def advance(self) -> None:
        """Run the rules until the next decision (after set-up, or after changing the stack)."""
        self._legal = None  # choices computed before the stack changed are stale
        advance(self, self.answer_forced)

    def describe_pending(self, seat: int | None) -> str:
        return self.stack[-1].describe(self, seat)

    def why_illegal(self, action: str) -> str | None:
        return self.stack[-1].why_illegal(self, action) if self.stack else None
