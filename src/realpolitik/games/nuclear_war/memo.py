"""Every cache of Nuclear War (engine/memo.py): where it lives, its key, its bound."""

from realpolitik.engine.memo import Cache

CACHES = (
    Cache("content.load", "the cards file", 8),
    Cache("words.turn_lines", "the cards file and the seats' names", 64),
    Cache("setup._notes", "the starting population", 8),
    Cache("common.undeliverable", "the card's name", 4096),
    Cache("common.loses_people", "the seat's name and the millions lost", 4096),
    Cache("common.people_leave", "the millions, both seats' names and the millions gained", 4096),
)
