"""Wir sind das Volk! — Richard Sivél and Peer Sylvester (Histogame 2014), the base game.

West (FRG) against East (GDR) over four decades: cards build factories and
infrastructure, raise living standards, calm unrest or trigger history's events; at the
end of every decade flight, prestige, Western currency and living-standard comparisons
take their toll, and a state with four mass protests collapses. Rules version 2.0
(January 2016) with the 2014 set-up as an option. The 2+2 expansion (game ``wsdv-2p2``,
subpackage ``two_plus_two``) builds on this package through ``layout.Layout``. Everything
— each rule with its section, every decision where the rule book is not available to us
(rule options), the content sources — is in ``docs/games/wsdv.md``. No content is stand-in: map, cards and tracks are
printed data (``data/``).
"""

from .game import Wsdv
from .two_plus_two import GAME as TWO_PLUS_TWO

GAME = Wsdv()

#: the base game and 2+2, for the registry
GAMES = (GAME, TWO_PLUS_TWO)

__all__ = ["GAME", "GAMES", "TWO_PLUS_TWO"]
