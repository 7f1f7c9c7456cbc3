"""What may play a seat of a game: a person, a bot kind of the game, or a level of the lobby
(stored as its bot spec), as a new game, a rematch or a seat given to a bot asks for it, and
as a stored game names it when it is loaded again (a lesson's bot seat: its spec, marked)."""

from __future__ import annotations

import functools

from realpolitik.bots import bot_kinds, make_bot, parse_spec
from realpolitik.bots.levels import levels, specs
from realpolitik.engine import Game
from realpolitik.i18n import Text, t

from .lessons import is_marked, spec_of
from .table import HUMAN, Refusal


def seat_kind(game: Game, kind: str, where: Text, players: int, again: bool = False) -> str:
    """What plays a seat asked for as ``kind`` (``where`` names the seat in a refusal) in a game of
    ``players``: a person, a bot kind of the game, or a level of the lobby at that count — played by
    its spec. The spec of any of the game's levels may be sent too (as a rematch does; ``again``
    takes any playable spec a finished game stored)."""
    allowed = [HUMAN, *bot_kinds(game)]
    ranked = {level.name: level.spec for level in levels(game.id, players)}
    if kind in allowed or kind in specs(game.id) or (again and playable(game, kind)):
        return kind
    if kind in ranked:
        return ranked[kind]
    raise Refusal("bad-seat", t("{where}: {kind} is not one of {allowed}", where=where, kind=repr(kind),
                                allowed=", ".join([*allowed, *ranked])))


@functools.cache
def playable(game: Game, kind: str) -> bool:
    """Whether a stored seat's kind can be played here: a person, or a bot spec of one of the
    game's bot kinds that the bot accepts (a level's spec, also one an older levels file named),
    also marked as a lesson's bot seat (:mod:`.lessons`)."""
    if is_marked(kind):
        return playable(game, spec_of(kind))
    if kind == HUMAN:
        return True
    try:
        return parse_spec(kind)[0] in bot_kinds(game) and make_bot(kind, game) is not None
    except (KeyError, ValueError):
        return False
