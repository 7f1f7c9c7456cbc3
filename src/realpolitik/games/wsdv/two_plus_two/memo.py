"""Every cache of 2+2 beyond the base game's (engine/memo.py): where it lives, its key, its bound.

An effect list of the decks and the tracks is known by its content key,
``("arms" or "conflict", card, side, row)`` or ``(track, side, box)`` (``content.effect_lists``).
"""

from realpolitik.engine.memo import PER_CONTENT, Cache

CACHES = (
    Cache("content.load", "the cards file and the expansion file", 8),
    Cache("content.ExpansionContent.arms_banned", "the content", PER_CONTENT),
    Cache("content.ExpansionContent.items_kept", "the card key, the side and the use", PER_CONTENT),
    Cache("content.ExpansionContent.income_events", "the content", PER_CONTENT),
    Cache("content.ExpansionContent.icon_parts", "the icon's slug", PER_CONTENT),
    Cache("content.ExpansionContent.pools_kept", "an effect list's content key", PER_CONTENT),
    Cache("content.ExpansionContent.words_kept", "an effect list's content key", PER_CONTENT),
    Cache("events._kinds", "a pool of items", 4096),
    Cache("events._next_items", "a pool of items", 4096),
    Cache("events._taken", "a pool of items and the item taken", 4096),
)
