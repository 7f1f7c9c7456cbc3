"""Game definitions: identity, seats, options and the factory for new states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import Text, t

from .errors import ContentError, OptionError
from .options import Option, Options

if TYPE_CHECKING:
    from .rng import Rng
    from .state import State


class Game(ABC):
    """A registered game. Subclasses set the class attributes and implement ``_new_state``."""

    id: str = ""
    title: str = ""
    #: one line for players on what the game is, and its typical length at a table
    summary: Text | None = None
    length: Text | None = None
    rules_version: str = "1"
    #: older rules versions whose records the game still replays (``at_version``), oldest first
    older_versions: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 2
    #: the game's rule options, one frozen class of typed fields (engine/options.py): a state holds them
    #: as ``st.opts``; ``options`` are its declarations, set from it
    Options: type[Options] = Options
    options: tuple[Option, ...] = ()
    #: bot kinds this game brings beyond ``random`` (e.g. ``heuristic``): name -> factory(seed)
    bots: dict[str, Callable[[int], Any]] = {}
    #: false for games where every seat sees everything (dice aside)
    hidden_information: bool = True
    #: options that keep random playouts finite (e.g. a round limit), used by tests and simulators
    conformance_options: dict[str, Any] = {}
    #: optional fast playout policy for search bots, run only on sampled worlds (never the
    #: true state): ``policy(state, rng)`` -> one of ``state.legal_actions()``; None: uniform
    rollout_policy: Callable[[State, Rng], str] | None = None
    #: further fast playout policies by name, the same kind of function (e.g. a sharper play
    #: for a search's own moves, ``ismcts:rollout=NAME``, while ``model`` plays the others)
    rollout_policies: dict[str, Callable[[State, Rng], str]] = {}
    #: optional model of where the other seats keep the cards a seat cannot see, for search
    #: bots (``ismcts:worlds=game``): ``belief(world, seat, rng)`` rearranges, among themselves,
    #: the cards of a world sampled for ``seat`` that it cannot see; None: uniform worlds
    belief: Callable[[State, int, Rng], None] | None = None
    #: optional belief from play, for search bots (``ismcts:worlds=particles``): ``particles(ctx, rng)``
    #: reads the seat's context and history (``SeatContext.history``) once and returns a sampler,
    #: ``sampler(rng)`` -> a world for that seat, drawn where the others' play puts the unseen cards
    particles: Callable[[Any, Rng], Callable[[Rng], State]] | None = None
    #: optional estimate of an unfinished game, ``evaluate(state)`` -> reward per seat in
    #: [0, 1]; lets search bots cut long playouts short
    evaluate: Callable[[State], tuple[float, ...]] | None = None
    #: how many playouts' weight a review's or hint's chance of winning leans toward what the
    #: rest of its search says (``bots/evaluate.py``); measured per game by
    #: ``tools/calibrate_review.py GAME --fit`` on games other than the calibration's
    pseudo_playouts: float = 2.0
    #: apply calls of each search of a game review when none is asked for, where the review's
    #: standard (``bots.evaluate.BUDGET``) leaves its chances noisier than the review's bar
    #: (docs/bots/review.md); None: the standard. A server's smaller budget scales with it
    #: (``analysis.review.budget_for``)
    review_budget: int | None = None
    #: rounds of deals a review's second pass judges a move on where its first round shows a loss
    #: (``analysis.review.verdict``); a game whose turning points differ between two seeds more
    #: than the review's bar allows declares more (docs/bots/review.md)
    review_rounds: int = 4
    #: how many of the alternatives that did best in that first round the later rounds play beside
    #: the move played: the best alone, or more where one round's luck would choose between
    #: alternatives as good as each other
    review_rivals: int = 1
    #: parameters per bot kind that suit this game better than the bot's own defaults
    #: (``{"ismcts": {"prior": "heuristic"}}``); a bot spec's own parameters win
    bot_defaults: dict[str, dict[str, Any]] = {}
    #: per player count, parameters that go over ``bot_defaults`` at a table of that size
    #: (``{4: {"ismcts": {"opponents": "policy"}}}``)
    bot_defaults_by_players: dict[int, dict[str, dict[str, Any]]] = {}
    #: what the balance lab (``realpolitik analyze``) reads of a game: its package's ``measures``
    #: module (``CLOCK``, ``TRACKS``, ``clock``, ``tracks``, ``card``; see realpolitik.analysis.measure)
    measures: Any = None
    #: the file of this game's bot levels for the lobby (``realpolitik.bots.levels``): its entry is the game's
    #: id, an entry ``"GAME@N"`` its levels at another player count; ``tools/levels.py`` writes it. None: no levels
    levels: Path | None = None
    #: optional, for the adapters' action ids (``realpolitik.interop.actions``): ``action_texts(state)``
    #: yields every action text the game's grammar can write with a freshly set-up state's content and
    #: seats, in a fixed order (the package's ``action_texts.every_text``); None: the game has no table
    action_texts: Callable[[State], Iterable[str]] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "Options" in cls.__dict__:
            cls.options = cls.Options.declared()

    def at_version(self, version: str) -> Game | None:
        """This game as played under rules ``version``, for a record of that version: the game
        itself for its own ``rules_version``, an older version the game still replays (its own
        override, e.g. with the content of that version), else ``None``."""
        return self if version == self.rules_version else None

    def bot_settings(self, kind: str, players: int | None = None) -> dict[str, Any]:
        """The parameters a bot of ``kind`` gets in this game at a table of ``players`` (any
        size when ``None``) where its spec sets nothing."""
        return {**self.bot_defaults.get(kind, {}), **self.bot_defaults_by_players.get(players, {}).get(kind, {})}

    def seat_labels(self, players: int) -> tuple[str, ...]:
        """The seat names used in action texts and views, for this many players."""
        return tuple(f"p{i + 1}" for i in range(players))

    def seat_titles(self, players: int) -> tuple[Text, ...]:
        """What players call each seat ("West", "Player 1"), in the order of ``seat_labels``."""
        return tuple(t("Player {number}", number=i + 1) for i in range(players))

    def teams(self, players: int) -> tuple[int, ...] | None:
        """Team number per seat, or ``None`` when everybody plays for himself."""
        return None

    def team_titles(self, players: int) -> tuple[Text, ...] | None:
        """What players call each team of ``teams(players)``, by team number; ``None`` without teams."""
        teams = self.teams(players)
        if teams is None:
            return None
        return tuple(t("Team {number}", number=n + 1) for n in range(max(teams) + 1))

    def content_problems(self, option: str, path: str) -> list[str]:
        """Every problem of the file at ``path`` given as the file option ``option`` (one with
        ``local_file``), each naming the file, the entry and the field; empty: the file is good.

        The file is loaded as a game loads it, for every player count: a loader that stops
        at the first problem reports that one. Raises OptionError when ``option`` names no
        file option or ``path`` is no option value.
        """
        files = [o.name for o in self.options if o.local_file]
        if option not in files:
            raise OptionError(t("{game}: {option} is not a file option (file options: {files})", game=self.id,
                                option=repr(option), files=", ".join(files) or t("none")))
        found: list[str] = []
        for players in range(self.min_players, self.max_players + 1):
            try:
                self.new_state(players, {option: path})
            except ContentError as exc:
                found += str(exc).splitlines()
        return list(dict.fromkeys(found))

    def default_players(self) -> int:
        """The player count used when none is given."""
        return self.min_players

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in and values checked; unknown names are refused."""
        known = {o.name: o for o in self.options}
        given = dict(options or {})
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or t("none")
            raise OptionError(t("{game}: unknown option {option} (options: {names})", game=self.id,
                                option=repr(unknown[0]), names=names))
        return {name: opt.coerce(given[name]) if name in given else opt.default for name, opt in known.items()}

    def new_state(self, players: int | None = None, options: dict[str, Any] | None = None, seed: int = 0) -> State:
        """A fresh game for ``players`` seats with the given options, fully determined by ``seed``."""
        players = self.default_players() if players is None else players
        if not self.min_players <= players <= self.max_players:
            raise OptionError(t("{game} takes {minimum}–{maximum} players, not {players}", game=self.title,
                                minimum=self.min_players, maximum=self.max_players, players=players))
        return self._new_state(players, self.resolve_options(options), seed)

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """Set up a new game; options are already checked and complete."""
