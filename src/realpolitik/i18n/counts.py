"""Counts the platform's own tools speak of, each noun in the form its number asks for."""

from __future__ import annotations

from .messages import phrase_n

#: "1 game", "3 games" — "1 Partie", "3 Partien"
games_n = phrase_n("{n} game", "{n} games", "n")
