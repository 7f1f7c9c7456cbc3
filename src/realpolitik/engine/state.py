"""The state contract every game implements.

A game's ``State`` subclass keeps its rules data in plain attributes and provides the
hooks marked *game hook* below; this base class turns them into the public contract:
``to_act``, ``legal_actions``, ``apply``, ``clone``, ``view``, ``determinize``,
``outcome``. Pending work lives in the state as plain data (a decision stack), never in
generators or closures, so a clone or a saved record is complete at any moment.
"""

from __future__ import annotations

import functools
import hashlib
import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import DEFAULT, Listed, Named, Sentence, Text, render, t

from .actions import Choice, normalize, parse
from .errors import IllegalAction
from .fields import build
from .log import Log, NullLog
from .rng import Rng, generator

if TYPE_CHECKING:
    from .game import Game
    from .options import Options
    from .outcome import Outcome


class State(ABC):
    """Base of every game state. Subclasses declare their own data as ``__slots__ =
    fields(...)`` (engine/fields.py), which also gives them ``_copy_into`` and ``snapshot``."""

    __slots__ = ("game", "seats", "options", "opts", "rng", "log", "ply", "_legal")
    #: the options as the game's ``Options`` (what rules read); ``options`` is their plain form by name,
    #: what records, views and the server carry
    opts: Options
    options: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        build(cls, State)

    def _init_base(self, game: Game, players: int, options: dict[str, Any], seed: int) -> None:
        """Set the fields every state has; called first by a game's set-up."""
        self.game = game
        self.seats: tuple[str, ...] = _seats(game, players)
        self.options = options
        self.opts = game.Options.of(options)
        self.rng = generator(seed)
        self.log = Log()
        self.ply = 0
        self._legal: tuple[str, ...] | None = None

    # ------------------------------------------------------------------ contract

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.to_act is None

    def legal_actions(self) -> tuple[str, ...]:
        """Every legal action text for the seat to act (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            self._legal = legal = () if self.is_over() else tuple(self._legal_actions())
        return legal

    def choices(self, words: bool = True) -> tuple[Choice, ...]:
        """The legal actions with their parts and words (what a view's pending decision lists),
        grave ones with their warning; without ``words`` each label is the action text and no
        warning is worked out (for bots, which need neither)."""
        out = []
        for text in self.legal_actions():
            verb, args = parse(text)
            if words:
                out.append(Choice(text, verb, args, self.action_label(verb, args) or text, self.grave(text)))
            else:
                out.append(Choice(text, verb, args, text))
        return tuple(out)

    def apply(self, action: str, seat: int | None = None) -> None:
        """Perform ``action`` for the seat to act; if ``seat`` is given it must be that seat.

        Raises ``IllegalAction`` with a reason and leaves the state unchanged when the
        action is not legal now.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if seat is not None or action not in legal:  # the common case, a listed action and no seat, skips this
            if seat is not None and seat != self.to_act:
                raise IllegalAction(self._refusal(action, seat))
            if action not in legal:
                action = normalize(action)
                if action not in legal:
                    raise IllegalAction(self._refusal(action))
        self._legal = None
        self.ply += 1
        self._apply(action)

    def clone(self) -> State:
        """An independent copy: immutable content and the log are shared, game data copied."""
        return self._twin(self.rng.copy(), self.log.copy(), self._legal)

    def _twin(self, rng: Rng, log: Log, legal: tuple[str, ...] | None) -> State:
        """A copy of the game data with the given RNG, log and cached legal actions."""
        twin = object.__new__(type(self))
        twin.game = self.game
        twin.seats = self.seats
        twin.options = self.options
        twin.opts = self.opts
        twin.rng = rng
        twin.log = log
        twin.ply = self.ply
        twin._legal = legal
        self._copy_into(twin)
        return twin

    def view(self, seat: int | None, log_from: int | None = 0, choices: bool = True,
             lang: str = DEFAULT) -> dict[str, Any]:
        """Everything ``seat`` may see, as JSON-ready data; ``None`` is the spectator.

        Holds the public data, the seat's private data, the pending decision with its
        legal actions when the seat is to act (with ``choices``: also their parts and words),
        the log redacted for the seat (from entry ``log_from``; ``None`` leaves the log out)
        and the outcome once the game is over. Every sentence is put into ``lang``.
        """
        actor = self.to_act
        out: dict[str, Any] = {
            "game": self.game.id,
            "options": self.options,
            "seats": list(self.seats),
            "titles": [render(label, lang) for label in self.seats],
            "seat": None if seat is None else self.seats[seat],
            "ply": self.ply,
            "to_act": None if actor is None else self.seats[actor],
            "public": self.public_view(),
            "private": None if seat is None else self.private_view(seat),
        }
        if actor is not None:
            out["waiting"] = render(self.describe_pending(None), lang)
            if seat == actor:
                out["pending"] = {"prompt": render(self.describe_pending(seat), lang),
                                  "actions": list(self.legal_actions())}
                if choices:
                    out["pending"]["choices"] = [
                        {**c._asdict(), "label": render(c.label, lang),
                         "grave": None if c.grave is None else render(c.grave, lang)} for c in self.choices()]
        else:
            out["outcome"] = self.outcome().to_dict(self.seats, lang)
        if log_from is not None:
            out["log_from"] = log_from
            out["log"] = self.log.redacted(seat, log_from, lang)
        return out

    def determinize(self, seat: int, rng: Rng, quiet: bool = False) -> State:
        """A clone in which everything ``seat`` cannot know is resampled, and the RNG reseeded.

        A ``quiet`` world keeps no log (cheaper; for bots that only simulate).
        """
        world = self._twin(Rng(rng.next64()), NullLog() if quiet else self.log.copy(), None)
        world._resample_hidden(seat, rng)
        return world

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    # ------------------------------------------------------------------ records & checks

    def digest(self) -> str:
        """A hash of the complete state (hidden parts included), for replay checks."""
        blob = json.dumps(_english(self.snapshot()), sort_keys=True, separators=(",", ":"), default=_plain)
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    # ------------------------------------------------------------------ game hooks

    @abstractmethod
    def _legal_actions(self) -> list[str]:
        """Game hook: the legal action texts for ``to_act`` (game not over)."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Game hook: perform a legal action and advance to the next decision."""

    @abstractmethod
    def _copy_into(self, twin: State) -> None:
        """Game hook: copy the game's own fields into ``twin`` (base fields are done)."""

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """Game hook: what every seat and spectator may see."""

    @abstractmethod
    def private_view(self, seat: int) -> dict[str, Any]:
        """Game hook: what only ``seat`` (and its team, where the rules say so) may see."""

    @abstractmethod
    def describe_pending(self, seat: int | None) -> str:
        """Game hook: the pending decision in words — full for the actor, public otherwise."""

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Game hook: resample, in place, everything hidden from ``seat``."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """Game hook: the complete state as JSON-ready data (for digests and debugging)."""

    def why_illegal(self, action: str) -> str | Text | None:
        """Game hook (optional): a specific reason why ``action`` is refused now."""
        return None

    def grave(self, action: str) -> str | Text | None:
        """Game hook: why the legal ``action`` of the seat to act deserves a confirmation — it
        eliminates or bankrupts the actor, gives something away to another player, starts a
        war, ends the game — in a sentence; ``None`` for an ordinary action. Asked only for
        people's choices (views, the terminal), never by bots; it must not reveal anything the
        actor cannot know (no peeking at the RNG or hidden cards)."""
        return None

    def action_label(self, verb: str, args: tuple[str | int, ...]) -> str | Text | None:
        """Game hook (optional): the words for a legal action (a button's text), from its
        parts; ``None`` shows the action text itself."""
        return None

    # ------------------------------------------------------------------ helpers

    def _refusal(self, action: str, seat: int | None = None) -> Text:
        """Why ``action`` is refused, as a message (``IllegalAction`` carries it; ``str`` is English)."""
        actor = self.to_act
        if actor is None:
            return t("The game is over; {action} cannot be played.", action=repr(action))
        if seat is not None and seat != actor:
            return t("It is {actor}'s decision, not {seat}'s.", actor=self.seats[actor], seat=self.seats[seat])
        legal = self.legal_actions()
        shown = ", ".join(legal[:12]) + (", …" if len(legal) > 12 else "")
        return t("{reason} {seat} must {prompt} (legal: {legal}).",
                 reason=self.why_illegal(action) or t("{action} is not possible now.", action=repr(action)),
                 seat=self.seats[actor], prompt=self.describe_pending(actor), legal=shown)


@functools.lru_cache(maxsize=128)
def _seats(game: Game, players: int) -> tuple[Named, ...]:
    """The seat labels of a game for this many players, each read as its title ("Player 2")."""
    return tuple(Named(label, title)
                 for label, title in zip(game.seat_labels(players), game.seat_titles(players), strict=True))


def _english(value: Any) -> Any:
    """Snapshot data with every message (a reason kept in the state) as its English text, so a
    digest does not depend on how a game keeps its words."""
    if isinstance(value, (Text, Listed, Sentence)):
        return str(value)
    if isinstance(value, dict):
        return {k: _english(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_english(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    """Snapshot values JSON does not know: sets as sorted lists."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"a snapshot holds a {type(value).__name__}, which has no JSON form")
