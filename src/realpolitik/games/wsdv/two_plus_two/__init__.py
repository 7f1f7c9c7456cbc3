"""Wir sind das Volk! 2+2 — Richard Sivél and Peer Sylvester (Histogame 2017), the four-player expansion.

USA and West against the Soviet Union and East, allied yet with one winner: every section of
the 2+2 rule book (German and English) on top of the base game's rules, which run
unchanged from the ``wsdv`` package: three sub-decades with an automatic event, turn order by
prestige and dominance, arms race and credit, Blue, Green and Black cards, the arms-race and
conflict decks, peace doves and nuclear war, three more end-of-decade phases, the two-step
winner, ranking and tournament points. The 40 2+2 cards, the 2+2 special cards, both decks and
the 2+2 board are STAND-IN content (``data/expansion.toml``), replaceable with the
``expansion`` option. Decisions and stand-ins: ``docs/games/wsdv-2p2.md``.
"""

from . import action_texts, measures
from .game import TwoPlusTwo
from .heuristic import HeuristicBot, win_chances

GAME = TwoPlusTwo()
GAME.bots = {"heuristic": HeuristicBot}
GAME.evaluate = win_chances
GAME.measures = measures
GAME.action_texts = action_texts.every_text
#: measured: longer random 2+2 playouts drown the estimate; 12 000 apply calls take about
#: a second of CPU per decision (60 000 took 4.7–5.9 s)
GAME.bot_defaults = {"ismcts": {"depth": 10, "budget": 12000}}
#: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
#: ``python tools/calibrate_review.py wsdv-2p2 --fit --games 15 --seed 1000 --workers 2``
GAME.pseudo_playouts = 2

__all__ = ["GAME"]
