"""Das Spiel der Nationen — the German edition (Parker, 1974) of Waddingtons' The Game of Nations.

2–4 great powers place heads of state on the capitals of the eight oil states of the
continent Kark, move them around the states' circles, earn from derrick/tanker pairs,
buy tankers and pipelines, attack each other's capitals, and the last power left wins
(the German Nationen rule book). Everything is in ``docs/games/nationen.md``: each rule with its section, the
20 decisions where the rule book is silent (A1–A20, rule options where cheap), and the
stand-in content — the board of Kark (``data/board.toml``: six of the eight state names,
every border, arrow and "?") and the 30 incident cards (``data/cards.toml``).
"""

from .game import Nationen

GAME = Nationen()

__all__ = ["GAME"]
