"""Units, supplies, markers and land ownership: the small operations every rule uses.

Units of a player only ever come from and go back to his own supply (Vorrat), which is
finite [sure, the 1815 2vs2 rules]; neutral garrisons simply vanish when beaten.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, Text, listed, phrase, phrase_n, t

from .content import KINDS

if TYPE_CHECKING:
    from .state import E1815State as S


# the log lines written here (``log.say``: engine/log.py)
CONTROLS_ALL_FIRST_TIME = phrase_n("{seat} controls all of {territory} for the first time (+{got} success marker).",
                                   "{seat} controls all of {territory} for the first time (+{got} success markers).",
                                   "seat", "territory", "got", count="got")
GENERAL_LEAVES_SUPPLY = phrase("{seat}'s general leaves {land} for the supply.", "seat", "land")

#: the owner of a land nobody holds, and "none" wherever a seat or a land is expected
NEUTRAL = -1
#: fortress kinds in ``fort``
NO_FORT, GREY, BUILT = 0, 1, 2
#: index of a unit kind's word in every per-kind list
KIND_INDEX = {kind: k for k, kind in enumerate(KINDS)}


@lru_cache(maxsize=4096)  # a pure function of few small numbers, asked for at every attrition and battle
def cheapest(counts: tuple[int, int, int], ep: int, values: tuple[int, int, int]) -> tuple[int, int, int]:
    """Units worth at least ``ep`` EP with the least overpay, infantry first, then cavalry.

    Used wherever EP must be disbanded or lost (winter attrition, fortress building,
    battle losses — U15 "Inf first"). With too few units, all of them.
    """
    inf, cav, art = counts
    if ep <= 0:
        return (0, 0, 0)
    if inf * values[0] + cav * values[1] + art * values[2] <= ep:
        return counts
    best = None
    for c in range(art + 1):
        for b in range(cav + 1):
            rest = ep - b * values[1] - c * values[2]
            a = 0 if rest <= 0 else -(-rest // values[0])
            if a > inf:
                continue
            key = (a * values[0] + b * values[1] + c * values[2], c, b)
            if best is None or key < best[0]:
                best = (key, (a, b, c))
            if rest <= 0:  # paid without infantry: more cavalry only pays more
                break
        if c * values[2] >= ep:  # artillery alone pays it: more artillery only pays more
            break
    return best[1]


def plain_cheapest(counts: tuple[int, int, int], ep: int, values: tuple[int, int, int]) -> tuple[int, int, int]:
    """``cheapest`` with every way to pay tried: the least value first, then the least artillery, then the least
    cavalry; with too few units, all of them."""
    ways = [((a * values[0] + b * values[1] + c * values[2], c, b), (a, b, c))
            for a in range(counts[0] + 1) for b in range(counts[1] + 1) for c in range(counts[2] + 1)
            if a * values[0] + b * values[1] + c * values[2] >= ep]
    return min(ways)[1] if ways else counts


def counts_in(st: S, land: int) -> tuple[int, int, int]:
    """(inf, cav, art) standing in ``land``."""
    u = st.units
    return (u[0][land], u[1][land], u[2][land])


def near_troops(st: S, own: tuple[int, ...]) -> int:
    """The lands next to a land of ``own`` (``st.lands_of(seat)``) that holds units, as a bitmask
    (the own lands among them: what an attack or a hand-over can reach once they are masked out)."""
    adj_mask = st.content.board.adj_mask
    inf, cav, art = st.units
    near = 0
    for s in own:
        if inf[s] or cav[s] or art[s]:
            near |= adj_mask[s]
    return near


def next_to_own(st: S, seat: int, land: int, where: Callable[[int], bool] | None = None) -> bool:
    """Whether a land of ``seat`` (one ``where`` holds for) lies next to ``land``, read neighbour by neighbour
    (``near_troops`` reads the lands next to troops as a mask)."""
    return any(st.owner[s] == seat and (where is None or where(s)) for s in st.content.board.adj[land])


def plain_groups(st: S, seat: int, target: int, write: Callable[..., str],
                 general: Callable[[str], str] | None = None) -> list[str]:
    """``write(source, n, kind)`` for every group of units in an own land next to ``target`` — land by land in
    map order, kind by kind, 1 up to all of them —, and ``general(source)`` where the general stands, if given:
    what a battle's commitment, a Z-effect and a hand-over offer (their ``legal`` reads texts written once)."""
    out = []
    for s in st.content.board.adj[target]:
        if st.owner[s] == seat:
            key = st.content.board.lands[s].key
            out += [write(key, n, kind) for k, kind in enumerate(KINDS) for n in range(1, st.units[k][s] + 1)]
            if general is not None and st.general[seat] == s:
                out.append(general(key))
    return out


def lands_in(mask: int) -> list[int]:
    """The lands of a bitmask, in map order."""
    out = []
    while mask:  # lowest bit first: map order
        out.append((mask & -mask).bit_length() - 1)
        mask &= mask - 1
    return out


def value(st: S, counts: tuple[int, ...]) -> int:
    """EP of a (inf, cav, art[, …]) group."""
    ep = st.content.ep
    return counts[0] * ep[0] + counts[1] * ep[1] + counts[2] * ep[2]


def text(counts: tuple[int, ...]) -> str:
    """``2 inf 1 cav`` — the words of a unit group, as used in action texts."""
    return " ".join(f"{n} {k}" for n, k in zip(counts, KINDS) if n) or "no units"


#: a unit group in the log, kind by kind
_GROUP = (t("{n} inf"), t("{n} cav"), t("{n} art"))


def troops(counts: tuple[int, ...] | list[int]) -> Listed | Text:
    """A unit group for the log: ``2 inf 1 cav`` (German ``2 Inf. 1 Kav.``), or "no units"."""
    return _troops(tuple(counts[:3]))


@lru_cache(maxsize=1024)
def _troops(counts: tuple[int, ...]) -> Listed | Text:
    # made once per unit group and shared (messages are immutable): battles name groups often
    parts = [t(_GROUP[k].key, n=n) for k, n in enumerate(counts) if n]
    return listed(parts, " ") if parts else t("no units")


#: the unit kinds by name
KIND_NAMES = {"inf": t("infantry"), "cav": t("cavalry"), "art": t("artillery")}


def disband(st: S, land: int, counts: tuple[int, int, int]) -> None:
    """Take units out of ``land`` back to its owner's supply (neutral units vanish)."""
    owner = st.owner[land]
    for k in range(3):
        n = counts[k]
        if n:
            st.units[k][land] -= n
            if owner != NEUTRAL:
                st.pool[k][owner] += n


def pay(st: S, land: int, ep: int) -> tuple[int, int, int]:
    """Disband at least ``ep`` EP from ``land`` (cheapest first); returns what went."""
    gone = cheapest(counts_in(st, land), ep, st.content.ep)
    disband(st, land, gone)
    return gone


def clear(st: S, land: int) -> tuple[int, int, int]:
    """Every unit in ``land`` back to its owner's supply; returns what went."""
    gone = counts_in(st, land)
    disband(st, land, gone)
    return gone


def place(st: S, seat: int, land: int, kind: int, n: int) -> int:
    """Put up to ``n`` units of ``kind`` from ``seat``'s supply into ``land``; returns how many."""
    n = min(n, st.pool[kind][seat])
    st.pool[kind][seat] -= n
    st.units[kind][land] += n
    return n


def gain_markers(st: S, seat: int, n: int) -> int:
    """Add success markers up to the cap of 5 [sure]; returns how many were gained."""
    cap = st.content.rules.markers.cap
    got = max(0, min(n, cap - st.markers[seat]))
    st.markers[seat] += got
    return got


def take_land(st: S, seat: int, land: int, conquest: bool) -> None:
    """``seat`` becomes the owner of ``land`` (its units already cleared or moved).

    Fortresses and a flag stay with the land [sure]; another player's general there goes
    back to his supply. ``conquest`` (by attack or diplomacy) counts for the crown's
    demands (1715). Completing a territory for the first time earns a marker (U19).
    """
    board = st.content.board
    if land in st.general:
        for s, g in enumerate(st.general):
            if g == land and s != seat:
                st.general[s] = NEUTRAL
                st.log.say(GENERAL_LEAVES_SUPPLY, st.seats[s], board.lands[land].name)
    old = st.owner[land]
    st.owner[land] = seat
    if old != seat:  # what the state keeps per seat follows
        held, masks = st.held, st.held_masks
        if held is not None:  # the lands (lands_of)
            changed = list(held)
            if old >= 0:
                changed[old] = tuple(i for i in held[old] if i != land)
            if seat >= 0:
                changed[seat] = tuple(sorted((*held[seat], land)))
            st.held = tuple(changed)
        if masks is not None:  # the same as bitmasks (land_mask)
            bit, changed = 1 << land, list(masks)
            if old >= 0:
                changed[old] &= ~bit
            if seat >= 0:
                changed[seat] |= bit
            st.held_masks = tuple(changed)
        if st.fort[land]:  # the fortress lands are worked out again when next asked for
            st.strongholds = None
    territory = board.territory_of[land]
    if conquest:
        st.conquered[seat] |= 1 << territory
    bit = 1 << territory
    lands = st.content.map_cache.territory_masks[territory]
    if not st.completed[seat] & bit and lands & st.land_mask(seat) == lands:
        st.completed[seat] |= bit
        got = gain_markers(st, seat, st.content.rules.markers.per_territory)
        st.log.say(CONTROLS_ALL_FIRST_TIME, st.seats[seat], board.territories[territory].name, got)
