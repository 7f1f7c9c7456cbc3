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

from .game import TwoPlusTwo

GAME = TwoPlusTwo()

__all__ = ["GAME"]
