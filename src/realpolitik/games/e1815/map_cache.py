"""The per-map cache: tables worked out once from the content and shared by every state on that map.

The action menu is asked for at every step of a playout and of a search. Its texts name
lands, and the unit mixes a supply can bring depend only on how much of each kind is left
(up to what one supply could take). So they are written here once per map
(``Content.map_cache``), by the same functions that write or work out one at a time.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from . import grammar
from .content import KINDS
from .logistics import supply_mixes

if TYPE_CHECKING:
    from .content import Content


class MapCache:
    """Action texts per land (indexed like ``Board.lands``) and supply mixes per supply level."""

    def __init__(self, content: Content) -> None:
        keys = [land.key for land in content.board.lands]
        self.attack = tuple(grammar.attack(key) for key in keys)
        self.fortify = tuple(grammar.fortify(key) for key in keys)
        self.convert = tuple(grammar.convert(key) for key in keys)
        self.buy = tuple(grammar.buy(key) for key in keys)
        self.cede = tuple(grammar.cede(key) for key in keys)
        self.transfer = tuple(grammar.transfer(key) for key in keys)
        #: per land, per kind
        self.meddle = tuple(tuple(grammar.meddle(key, kind) for kind in KINDS) for key in keys)
        self.place = tuple(tuple(grammar.place(key, kind) for kind in KINDS) for key in keys)
        # per land, per kind, per count - 1: a player never has more units of a kind in one land than
        # his whole supply of them (every unit comes from it and goes back to it)
        supply = content.rules.supply
        most = (supply.inf, supply.cav, supply.art)
        self.move = tuple(tuple(tuple(grammar.move(key, n, kind) for n in range(1, most[k] + 1))
                                for k, kind in enumerate(KINDS)) for key in keys)
        self.commit = tuple(tuple(tuple(grammar.commit(key, n, kind) for n in range(1, most[k] + 1))
                                  for k, kind in enumerate(KINDS)) for key in keys)
        self.move_general = tuple(grammar.move_general(key) for key in keys)
        board = content.board
        #: the lands with a grey fortress, as a bitmask
        self.grey_mask = sum(1 << i for i in board.grey_lands)
        #: per territory: its lands as a bitmask (a territory is a seat's whole when inside ``land_mask``)
        self.territory_masks = tuple(sum(1 << i for i in lands) for lands in board.territory_lands)
        #: per land: whether its kind allows a capital (U3: no grey fortress, no tribe; on 1715 a landing coast)
        self.capital_kind = tuple(not land.grey_fortress and not land.tribe
                                  and (land.landing or not board.capitals_on_landing) for land in board.lands)
        self.commit_general = tuple(grammar.commit_general(key) for key in keys)
        #: what each commitment text commits: (land, kind, count), the general as kind 3 (a force's 4th place)
        self.commit_parts = {text: (land, k, n + 1) for land, kinds in enumerate(self.commit)
                             for k, texts in enumerate(kinds) for n, text in enumerate(texts)}
        self.commit_parts.update((text, (land, 3, 1)) for land, text in enumerate(self.commit_general))
        budget, ep = content.rules.nachschub.ep, content.ep
        #: the most of each kind one supply could bring: more in the supply changes nothing
        self.supply_caps = tuple(budget // e for e in ep)
        #: the mixes a supply can bring, by ``supply_level``
        self.mixes = {level: supply_mixes(level, budget, ep)
                      for level in product(*(range(cap + 1) for cap in self.supply_caps))}
        #: per land, by ``supply_level``: the supply actions into it
        self.supply = tuple({level: tuple(grammar.supply(key, m) for m in mixes) for level, mixes in self.mixes.items()}
                            for key in keys)

    def supply_level(self, pool: list[list[int]], seat: int) -> tuple[int, int, int]:
        """What ``seat`` has left of each kind, as far as it matters to one supply (a key of ``mixes``)."""
        a, b, c = self.supply_caps
        return (min(pool[0][seat], a), min(pool[1][seat], b), min(pool[2][seat], c))
