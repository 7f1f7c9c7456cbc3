"""Das Spiel der Nationen — the German edition (Parker, 1974) of Waddingtons' The Game of Nations.

2–4 great powers place heads of state on the capitals of the eight oil states of the
continent Kark, move them around the states' circles, earn from derrick/tanker pairs,
buy tankers and pipelines, attack each other's capitals, and the last power left wins
(the German Nationen rule book). Everything is in ``docs/games/nationen.md``: each rule with its section, the
20 decisions where the rule book is silent (A1–A20, rule options where cheap), and the
stand-in content — the board of Kark (``data/board.toml``: six of the eight state names,
every border, arrow and "?") and the 30 incident cards (``data/cards.toml``).
"""

from . import action_texts, measures
from .game import Nationen
from .heuristic import HeuristicBot, evaluate, rollout_policy

GAME = Nationen()
GAME.bots = {"heuristic": HeuristicBot}
GAME.evaluate = evaluate
GAME.rollout_policy = rollout_policy
GAME.measures = measures
GAME.action_texts = action_texts.every_text
#: measured (lab/strength.md, *Das Spiel der Nationen*): random playouts spend money as no
#: power would, so the heuristic plays the playouts (``rollout_policy``: the bot's own rule of thumb, asked in
#: the sampled world), cut after 20 plies and scored by ``evaluate``; 3000 apply calls then
#: take about 1.2–1.3 s of CPU a decision with two and three players (1000 had been level
#: with the heuristic; 3000 won four games in five against it)
GAME.bot_defaults = {"ismcts": {"rollout": "game", "depth": 20, "budget": 3000}}
#: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
#: ``python tools/calibrate_review.py nationen --fit --games 6 --seed 1000 --workers 2``
GAME.pseudo_playouts = 1

__all__ = ["GAME"]
