"""Nuclear War — the card game of Douglas Malewicki (1965), German rules (seed 004).

2–6 players build a row of face-down cards — carriers, warheads, propaganda — and reveal
one per turn; anti-missiles intercept, Secrets strike the moment they are drawn, and the
last nation with people left rules the world. Everything is in ``docs/games/nuclear-war.md``:
each rule with its section, every decision where the seed is silent (rule options), and
which content is stand-in (population counts, missile payloads, anti-missile stop lists,
most Secret effects — see ``data/``).
"""

from . import measures
from .game import NuclearWar
from .heuristic import HeuristicBot, evaluate

GAME = NuclearWar()
GAME.bots = {"heuristic": HeuristicBot}
GAME.evaluate = evaluate
GAME.measures = measures
#: measured (docs/bots.md): the heuristic's proposal kept unless search clearly beats it,
#: and short playouts scored by ``evaluate``; 40 000 apply calls take about 1.2 s of CPU a
#: decision with four players (the engine's 60 000 took 1.3–2.2 s)
GAME.bot_defaults = {"ismcts": {"prior": "heuristic", "depth": 20, "budget": 40000}}

__all__ = ["GAME"]
