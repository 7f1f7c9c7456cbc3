"""Nuclear War — the card game of Douglas Malewicki (1965), German rules (the German Nuclear War rule book).

2–6 players build a row of face-down cards — carriers, warheads, propaganda — and reveal
one per turn; anti-missiles intercept, Secrets strike the moment they are drawn, and the
last nation with people left rules the world. Everything is in ``docs/games/nuclear-war.md``:
each rule with its section, every decision where the rule book is silent (rule options), and
which content is printed (the action cards, with their sources) and which is ours (the
population cards' counts — see ``data/``).
"""

from . import action_texts, measures
from .belief import rows_as_placed
from .game import NuclearWar
from .heuristic import HeuristicBot, evaluate, rollout_policy, sharp_rollout_policy
from .particles import from_play

GAME = NuclearWar()
GAME.bots = {"heuristic": HeuristicBot}
GAME.evaluate = evaluate
GAME.rollout_policy = rollout_policy
GAME.rollout_policies = {"sharp": sharp_rollout_policy}
GAME.belief = rows_as_placed
GAME.particles = from_play
GAME.measures = measures
GAME.action_texts = action_texts.every_text
#: measured with rules version 2 (lab/nuclear-war-search.md, *The default search*): the
#: heuristic plays every playout to the end of the game (``rollout_policy``, asked in the sampled world) — short
#: random playouts scored by ``evaluate`` won 10.8 % of 204 games as one seat among three
#: heuristics, heuristic playouts to the end 14.4 % of 800 (a heuristic seat wins 9.1 %);
#: more budget did not help (40 000: 11.5 %), so 10 000 apply calls. The sharp heuristic
#: proposes each move and the search overrides it only when clearly better
#: (``prior=sharp``): 17.1 % on the same 800 deals, where the sharp heuristic alone wins
#: 14.2 %. ``evaluate`` stays for playouts cut short (``rollout=random``, a smaller depth)
GAME.bot_defaults = {"ismcts": {"rollout": "game", "depth": 1000, "budget": 10000, "prior": "sharp"}}
#: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
#: ``python tools/calibrate_review.py nuclear-war --fit --games 40 --seed 1000 --workers 2``
GAME.pseudo_playouts = 16

__all__ = ["GAME"]
