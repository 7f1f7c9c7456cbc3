"""Das Spiel der Nationen — the German edition (Parker, 1974) of Waddingtons' The Game of Nations.

2–4 great powers place heads of state on the capitals of the eight oil states of the
continent Kark, move them around the states' circles, earn from derrick/tanker pairs,
buy tankers and pipelines, attack each other's capitals, and the last power left wins
(seed 003). Everything is in ``docs/games/nationen.md``: each rule with its section, the
20 decisions where the seed is silent (spec A1–A20, rule options where cheap), and the
stand-in content — the board of Kark (``data/board.toml``: six of the eight state names,
every border, arrow and "?") and the 30 incident cards (``data/cards.toml``).
"""

from . import measures
from .game import Nationen
from .heuristic import HeuristicBot, evaluate

GAME = Nationen()
GAME.bots = {"heuristic": HeuristicBot}
GAME.evaluate = evaluate
GAME.measures = measures
#: measured (docs/bots.md): random playouts spend money as no power would, so the
#: heuristic plays the playouts, cut after 20 plies and scored by ``evaluate``; 1000 apply
#: calls then take about a second of CPU with four players (3000 took 2.8–4.4 s)
GAME.bot_defaults = {"ismcts": {"rollout": "heuristic", "depth": 20, "budget": 1000}}

__all__ = ["GAME"]
