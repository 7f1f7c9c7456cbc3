"""1815 and 1815 2vs2 (strandfabrik) — and 1715 2vs2 — as one package, two games.

``e1815`` is the base game for 2–4 players, each for himself; ``e1815-2vs2`` is the team
variant of the 1815 2vs2 rules for four players in two teams, on the 1815 map or (option ``map``)
the 1715 map. Only fragments of the base rules are public: relocation with Z-effects,
winter attrition, supply, generals, fortresses, the turn structure and the success
marker cap are implemented as stated; everything else is our reconstruction "1815-R v0"
(``docs/games/e1815.md``), with every number in ``data/rules.toml``. Both maps are stand-in
(``data/map_*.toml``). Details and what is reconstructed: ``docs/games/e1815.md``.
"""

from .game import E1815, E1815TwoVsTwo

GAME = E1815()
GAME_2VS2 = E1815TwoVsTwo()

#: both games of this package, for the registry
GAMES = (GAME, GAME_2VS2)

__all__ = ["GAME", "GAME_2VS2", "GAMES"]
