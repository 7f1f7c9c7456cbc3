"""The game-agnostic core: the state contract, actions, RNG, logs, records, registry.

A game subclasses :class:`Game` and :class:`State`; everything else (bots, the command
line, the server) talks to it only through this contract.
"""

from .actions import Choice, action, normalize, parse
from .context import SeatContext
from .errors import ContentError, IllegalAction, OptionError, RecordError, ReplayError
from .fields import CACHE, FRAMES, LIST, NESTED, SHARED, VALUE, fields
from .framed import FramedState
from .frames import decision, procedure
from .game import Game
from .log import Log
from .options import Option, OptionChoices, Options, option
from .outcome import Outcome
from .record import Record
from .registry import Registry
from .rng import Rng, Sampler, generator, secret_seed
from .state import State

__all__ = [
    "CACHE", "FRAMES", "LIST", "NESTED", "SHARED", "VALUE", "Choice", "ContentError", "FramedState", "Game",
    "IllegalAction", "Log", "Option", "OptionChoices", "OptionError", "Options", "Outcome", "Record", "RecordError",
    "Registry", "ReplayError", "Rng", "Sampler", "SeatContext", "State", "action", "decision", "fields",
    "generator", "normalize", "option", "parse", "procedure", "secret_seed",
]
