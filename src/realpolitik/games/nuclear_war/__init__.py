"""Nuclear War — the card game of Douglas Malewicki (1965), German rules (the German Nuclear War rule book).

2–6 players build a row of face-down cards — carriers, warheads, propaganda — and reveal
one per turn; anti-missiles intercept, Secrets strike the moment they are drawn, and the
last nation with people left rules the world. Everything is in ``docs/games/nuclear-war.md``:
each rule with its section, every decision where the rule book is silent (rule options), and
which content is printed (the action cards, with their sources) and which is ours (the
population cards' counts — see ``data/``).
"""

from .game import NuclearWar

GAME = NuclearWar()

__all__ = ["GAME"]
