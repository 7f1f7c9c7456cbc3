"""Every cache of 1815 (engine/memo.py): where it lives, its key, its bound."""

from realpolitik.engine.memo import PER_CONTENT, Cache

CACHES = (
    Cache("content.load_rules", "nothing: the rules file is built in", 4),
    Cache("content.load", "the map's name and the map file", 8),
    Cache("content.Content.map_cache", "the content", PER_CONTENT),
    Cache("units.cheapest", "the unit counts, the EP due and the unit values", 4096),
    Cache("units._troops", "the unit counts", 1024),
    Cache("sequence._turn_begins", "the seat, the game's title and the season", 256),
)
