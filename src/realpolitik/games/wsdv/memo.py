"""Every cache of Wir sind das Volk! (engine/memo.py): where it lives, its key, its bound.

The caches kept with a loaded content (``PER_CONTENT``) are written once for all its cards, or
as asked under keys made of the content's own values; ``Content.turn_offers`` forgets them all
once it holds ``OFFERS``.
"""

from realpolitik.engine.memo import PER_CONTENT, Cache

#: the turn situations whose action texts a content keeps before it forgets them all
OFFERS = 4096

CACHES = (
    Cache("content.load", "the cards file", 8),
    Cache("common.made", "a frame class's fields (one cache per frame class)", 4096),
    Cache("common.shared", "a frame class and its fields", 256),
    Cache("events._next_icons", "an event's pool of icons", 4096),
    Cache("content.Content.texts", "the content", PER_CONTENT),
    Cache("content.Content.turn_offers", "the kind of turn and its situation (sequence.Turn.situation)", OFFERS),
    Cache("content.Content.turn_likeness", "the kind of turn, then the card key", PER_CONTENT),
    Cache("content.Content.raisable", "the content", PER_CONTENT),
    Cache("content.Content.network", "the content", PER_CONTENT),
    Cache("content.Content.card_values", "the content", PER_CONTENT),
    Cache("content.Content.card_arrows", "the content", PER_CONTENT),
    Cache("content.Content.card_flight", "the content", PER_CONTENT),
    Cache("content.Content.event_pools", "the content", PER_CONTENT),
    Cache("content.Content.card_names", "the content", PER_CONTENT),
    Cache("content.Content.province_words", "the content", PER_CONTENT),
    Cache("content.Content.city_words", "the content", PER_CONTENT),
)
