"""1815 and 1815 2vs2 (strandfabrik) — and 1715 2vs2 — as one package, two games.

``e1815`` is the base game for 2–4 players, each for himself; ``e1815-2vs2`` is the team
variant of the 1815 2vs2 rules for four players in two teams, on the 1815 map or (option ``map``)
the 1715 map. Only fragments of the base rules are public: relocation with Z-effects,
winter attrition, supply, generals, fortresses, the turn structure and the success
marker cap are implemented as stated; everything else is our reconstruction "1815-R v0"
(``docs/games/e1815.md``), with every number in ``data/rules.toml``. Both maps are stand-in
(``data/map_*.toml``). Details and what is reconstructed: ``docs/games/e1815.md``.
"""

from . import action_texts, measures
from .game import E1815, E1815TwoVsTwo
from .heuristic import HeuristicBot, evaluate, rollout_policy

GAME = E1815()
GAME_2VS2 = E1815TwoVsTwo()
for _game in (GAME, GAME_2VS2):
    _game.bots = {"heuristic": HeuristicBot}
    _game.evaluate = evaluate
    _game.rollout_policy = rollout_policy
    _game.measures = measures
    _game.action_texts = action_texts.every_text
#: CPU per decision at the engine's 60 000 apply calls: 2.3–3.9 s; these take about 1 s (2vs2: 1.7 s)
GAME.bot_defaults = {"ismcts": {"budget": 20000}}
GAME_2VS2.bot_defaults = {"ismcts": {"budget": 30000}}
#: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
#: ``python tools/calibrate_review.py GAME --fit --games 20 --bot ismcts:budget=300 --seed 1000 --workers 2``
GAME.pseudo_playouts = 1
GAME_2VS2.pseudo_playouts = 2
#: with four players each for himself the search leaves the others' moves to the playout
#: policy; with three, searching them measured better (docs/bots/strength.md, "1815 with
#: three and four players")
GAME.bot_defaults_by_players = {4: {"ismcts": {"opponents": "policy"}}}

#: both games of this package, for the registry
GAMES = (GAME, GAME_2VS2)

__all__ = ["GAME", "GAME_2VS2", "GAMES"]
