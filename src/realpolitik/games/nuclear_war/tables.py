"""Nuclear War rule constants from the German Nuclear War rule book ("Vorbereitung" and "Spielbeginn")."""

#: population cards dealt to each player, by number of players
DEAL = {2: 15, 3: 10, 4: 8, 5: 7, 6: 6}
#: action cards dealt to each player, and the hand kept during the opening round
HAND_SIZE = 9
#: cards in hand, deterrent force and face-down row after the draw ("draw to ten": decision #2 of
#: docs/games/nuclear-war.md)
REFILL_TARGET = 10
#: the seats a game may have (2–6 players): frames pushed on every turn are made once for each
SEATS = range(6)
