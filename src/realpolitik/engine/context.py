"""What a bot is given: a seat's context, never the true state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Choice
from .rng import Rng

if TYPE_CHECKING:
    from .log import Log
    from .state import State


class SeatContext:
    """A seat's information set: its view, its legal actions and a sampler of worlds.

    The sampler holds one world determinized for the seat, never the true state; each
    ``sample`` resamples the hidden parts of that world again.

    A context made by :meth:`of` is lazy: its world is determinized when a bot first samples
    (or asks for its choices) and its view is built when first read, so a bot that looks
    at neither pays for neither. Until both are built it holds the true state privately —
    no attribute or method hands it out — and lets go of it as soon as both are built or
    :meth:`close` is called. The world is determinized with the generator given to
    :meth:`of`, whenever that happens, so the same draws give the same worlds as an eager
    context. Whoever made the context closes it before the true state changes.
    """

    __slots__ = ("seat", "legal_actions", "_view", "_world", "_choices", "_truth", "_rng", "_log", "_seen")

    def __init__(self, seat: int, view: dict[str, Any] | None, legal_actions: tuple[str, ...] | list[str],
                 world: State) -> None:
        """A context from a seat's ``view`` and a ``world`` already determinized for it; without a
        view, the seat's view of that world is made on first read (a search's playout bot
        seldom reads it)."""
        self.seat = seat
        self.legal_actions = tuple(legal_actions)
        self._view: dict[str, Any] | None = view
        self._world: State | None = world
        self._choices: tuple[Choice, ...] | None = None
        self._truth: State | None = world if view is None else None  # the view's source: the world itself
        self._rng: Rng | None = None
        self._log = False
        #: what ``history`` reads: the game's log while the context may reach the truth, the seat's own
        #: lines once it may not (``_let_go``), None for a playout's context or a closed one
        self._seen: Log | list[Any] | None = None

    @classmethod
    def of(cls, state: State, seat: int, rng: Rng, log: bool = False) -> SeatContext:
        """The lazy context of ``seat`` in ``state``; ``log`` adds the redacted log to the view."""
        ctx = cls.__new__(cls)
        ctx.seat = seat
        ctx.legal_actions = tuple(state.legal_actions()) if state.to_act == seat else ()
        ctx._view = ctx._world = ctx._choices = None
        ctx._truth, ctx._rng, ctx._log = state, rng, log
        # the game's log so far (a persistent list: the copy is one node and shares every entry), read
        # only through ``history``, which keeps to what the seat may read; it lets go of nothing else
        ctx._seen = state.log.copy()
        return ctx

    @property
    def view(self) -> dict[str, Any]:
        """What the seat sees: the public board and its own private part (made on first read)."""
        if self._view is None:
            self._view = self._source().view(self.seat, log_from=0 if self._log else None, choices=False)
            self._let_go()
        return self._view

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The legal actions with their verbs and arguments (empty when not to act), made on first
        use from the seat's world; their labels are the action texts (a bot needs no words)."""
        if self._choices is None:
            self._choices = self._seat_world().choices(words=False) if self.legal_actions else ()
        return self._choices

    def sample(self, rng: Rng) -> State:
        """A world consistent with everything this seat has seen, drawn afresh (it keeps no log)."""
        return self._seat_world().determinize(self.seat, rng, quiet=True)

    def history(self) -> list[Any]:
        """The log lines the seat may read, oldest first, as their messages (a ``Text`` keeps its
        key and values, so a bot's belief can read what happened without parsing words): the
        seat's own history, the same lines as its view's log. Empty for a context made from a world,
        and once the context is closed."""
        if self._seen is None:
            return []
        return list(self._seen) if isinstance(self._seen, list) else self._own_lines()

    def _own_lines(self) -> list[Any]:
        seat = self.seat
        return [t for e in self._seen.entries() if (t := e.text_for(seat)) is not None]

    def close(self) -> None:
        """Let go of the true state: what is not built yet can no longer be (the history neither)."""
        self._truth = self._rng = self._seen = None

    def _seat_world(self) -> State:
        """The world determinized for the seat, made on first use with the generator given to :meth:`of`."""
        if self._world is None:
            self._world = self._source().determinize(self.seat, self._rng, quiet=True)
            self._rng = None
            self._let_go()
        return self._world

    def _source(self) -> State:
        if self._truth is None:
            raise RuntimeError(f"the context of seat {self.seat} was closed before this was built")
        return self._truth

    def _let_go(self) -> None:
        """Drop the true state once the view and the world are both built."""
        if self._view is not None and self._world is not None:
            self._truth = None
            if self._seen is not None and not isinstance(self._seen, list):  # the log reaches every seat's lines
                self._seen = self._own_lines()
