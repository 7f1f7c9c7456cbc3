"""Every registered game as an OpenSpiel game: ``pyspiel.load_game("realpolitik_<id>", {...})``.

Importing this module registers them all (a game id's ``-`` becomes ``_``:
``realpolitik_nuclear_war``, ``realpolitik_wsdv_2p2``). Parameters: ``players``, ``seed``
(each new initial state is seeded from a generator seeded with it) and the game's options;
their defaults are the game's, except that the options keeping random play finite
(``Game.conformance_options``, e.g. Das Spiel der Nationen's round limit) are on.

Chance is sampled: dice and shuffles come from the game's own RNG, never as chance nodes.
Actions are the ids of ``actions.table``; returns are the outcome's rewards (in [0, 1],
general-sum: teams share theirs); information-state and observation strings and the
observation tensor are made from the seat's view only (``observation``); and
``resample_from_infostate`` draws a world through ``State.determinize``.

OpenSpiel's C++ ``MCTSBot`` and ``ISMCTSBot`` release the GIL in ``step``, yet a Python state's
``Clone`` and observers call back into Python without taking it again: on any Python game the
first search crashes the process. Importing this module also makes their ``step`` on these
games' states run through ``step_with_policy``, the same search and draw holding the GIL
(``_step_holding_the_gil``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from realpolitik.engine import Game, Rng
from realpolitik.games import registry

from . import observation
from .actions import ActionTable, table

#: a bound OpenSpiel asks for; no rule ends a game there, random games end far sooner
MAX_GAME_LENGTH = 20000


def short_name(game: Game) -> str:
    """The OpenSpiel name of a game: ``realpolitik_`` and its id with ``-`` as ``_``."""
    return "realpolitik_" + game.id.replace("-", "_")


def defaults(game: Game) -> dict[str, Any]:
    """The OpenSpiel parameters of a game with their defaults."""
    options = {o.name: o.default for o in game.options}
    options.update(game.conformance_options)
    return {"players": game.default_players(), "seed": 0, **options}


class RealpolitikGame(pyspiel.Game):
    """One realpolitik game with fixed players and options; states are seeded one after another."""

    game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**defaults(self.game), **(params or {})}
        players = int(given.pop("players"))
        self.seeds = Rng(int(given.pop("seed")))
        self.players = players
        self.options = self.game.resolve_options(given)
        self.table: ActionTable = table(self.game, players, self.options)
        info = pyspiel.GameInfo(num_distinct_actions=len(self.table), max_chance_outcomes=0, num_players=players,
                                min_utility=0.0, max_utility=1.0, utility_sum=None,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(self.game_type, info, params or {})

    def new_initial_state(self) -> RealpolitikState:
        """A fresh game, seeded by the next draw of this game's generator when first looked at."""
        return RealpolitikState(self)

    def fresh(self) -> Any:
        """A new realpolitik state, seeded by the next draw of this game's generator."""
        return self.game.new_state(self.players, self.options, self.seeds.next64())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer of information states (perfect recall: with the seat's log) or observations."""
        return Observer(self.game.max_players, iig_obs_type is not None and iig_obs_type.perfect_recall)


class RealpolitikState(pyspiel.State):
    """An OpenSpiel state around a realpolitik state (``truth``).

    OpenSpiel clones a Python state by making a new initial state and deep-copying its
    attributes: the game is shared and the realpolitik state cloned (``_Kept``), and a new
    initial state sets its game up only when first looked at, so a clone costs one
    ``State.clone`` and draws no seed.
    """

    def __init__(self, game: RealpolitikGame) -> None:
        super().__init__(game)
        self._game = _Kept(game)
        self._truth = _Kept(None)

    @property
    def truth(self) -> Any:
        """The realpolitik state (set up on first use)."""
        kept = self._truth
        if kept.value is None:
            kept.value = self._game.value.fresh()
        return kept.value

    @property
    def table(self) -> ActionTable:
        return self._game.value.table

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.TERMINAL``."""
        seat = self.truth.to_act
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the legal actions, ascending."""
        if player != self.truth.to_act:
            return []
        return sorted(self.table.ids(self.truth.legal_actions()))

    def _apply_action(self, action: int) -> None:
        """Plays the action with this id."""
        self.truth.apply(self.table.text(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action text of an id."""
        return self.table.text(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.truth.to_act is None

    def returns(self) -> list[float]:
        """The outcome's rewards once over, else zeros."""
        outcome = self.truth.outcome()
        return list(outcome.rewards) if outcome is not None else [0.0] * len(self.truth.seats)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RealpolitikState:
        """A state consistent with everything ``player_id`` has seen (``determinize``), with a fresh RNG."""
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        return wrap(self._game.value, self.truth.determinize(player_id, Rng(seed)))

    def __str__(self) -> str:
        return json.dumps(self.truth.view(None, log_from=None, choices=False), sort_keys=True, default=str)


def load(game: Game, players: int, options: dict[str, Any]) -> RealpolitikGame:
    """The OpenSpiel game of ``game`` for these players and (complete) options."""
    return pyspiel.load_game(short_name(game), {"players": players, **options})


def wrap(game: RealpolitikGame, truth: Any) -> RealpolitikState:
    """An OpenSpiel state around the realpolitik state ``truth`` (a sampled world, for a bot)."""
    state = RealpolitikState(game)
    state._truth.value = truth
    return state


class _Kept:
    """An attribute of an OpenSpiel state: a game deep-copies as itself, a realpolitik state as its clone."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Kept:
        if isinstance(self.value, RealpolitikGame):
            return self
        return _Kept(None if self.value is None else self.value.clone())


class Observer:
    """Information-state or observation strings and the observation tensor of a seat, from its view."""

    def __init__(self, max_players: int, perfect_recall: bool) -> None:
        self.max_players = max_players
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observation.header_size(max_players) + observation.BODY, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RealpolitikState, player: int) -> None:
        """Writes the seat's observation tensor."""
        observation.tensor(state.truth, player, self.max_players, self.tensor)

    def string_from(self, state: RealpolitikState, player: int) -> str:
        """The seat's view as JSON; for an information state followed by the log lines the seat read."""
        truth = state.truth
        text = json.dumps(truth.view(player, log_from=None, choices=False), sort_keys=True, ensure_ascii=False,
                          default=str)
        if not self.perfect_recall:
            return text
        lines = (_english(line) for entry in truth.log.entries() if (line := entry.text_for(player)) is not None)
        return "\n".join((text, *lines))


def _english(line: Any) -> str:
    """A log line in English, rendered once where it can be remembered (a line recurs in every
    information state of a game)."""
    try:
        return _remembered(line)
    except TypeError:  # a message holding a list: not hashable
        return str(line)


@lru_cache(maxsize=65536)
def _remembered(line: Any) -> str:
    return str(line)


def _register(game: Game) -> None:
    game_type = pyspiel.GameType(
        short_name=short_name(game), long_name=f"realpolitik {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=defaults(game))
    cls = type(f"Realpolitik_{short_name(game)}", (RealpolitikGame,), {"game": game, "game_type": game_type})
    pyspiel.register_game(game_type, cls)


def _step_holding_the_gil(step: Any) -> Any:
    """A C++ bot's ``step`` that searches these games' states with the GIL held; other states as before.

    C++ ISMCTS draws its worlds through the C++ ``ResampleFromInfostate``, which OpenSpiel does
    not forward to a Python state's ``resample_from_infostate``: it refuses, and says so here.
    """

    def step_(bot: Any, state: Any) -> int:
        if not isinstance(state, RealpolitikState):
            return step(bot, state)
        try:
            return bot.step_with_policy(state)[1]
        except pyspiel.SpielError as error:
            if "ResampleFromInfostate" not in str(error):
                raise
            raise pyspiel.SpielError(
                f"{error} OpenSpiel's C++ {type(bot).__name__} cannot draw worlds of a Python game (a Python "
                "state's resample_from_infostate is not called from C++): use "
                "open_spiel.python.algorithms.ismcts.ISMCTSBot") from error

    return step_


def register_all() -> list[str]:
    """Registers every realpolitik game with OpenSpiel (once); returns their OpenSpiel names."""
    known = set(pyspiel.registered_names())
    for game in registry():
        if short_name(game) not in known:
            _register(game)
    return [short_name(game) for game in registry()]


NAMES = register_all()
pyspiel.MCTSBot.step = _step_holding_the_gil(pyspiel.MCTSBot.step)
pyspiel.ISMCTSBot.step = _step_holding_the_gil(pyspiel.ISMCTSBot.step)
