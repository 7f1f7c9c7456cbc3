"""Verlegung und Nachschub (relocation and supply), winter attrition and fortress building.

The [sure] core (the 1815 base rules, "Verlegung und Nachschub"): a relocation is a series of Z-effects — each moves any
number of troops into one own land from own lands next to it — 1 + one per grey
fortress owned; troops may move on in a later Z-effect of the same action; capitals and
fortresses never move; the general may instead jump to the own capital or an own
fortress for one Z-effect. In winter a player without a grey fortress pays 2 EP from his
own capital, and without his flag cannot relocate at all. Nachschub places any 4 EP in
one land with the own general or a fortress and, as a 1st action, ends the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision
from realpolitik.i18n import Text, phrase, phrase_n, t

from . import grammar
from .content import KINDS
from .units import BUILT, KIND_INDEX, NO_FORT, cheapest, counts_in, next_to_own, pay, place, troops, value

if TYPE_CHECKING:
    from .state import E1815State as S

#: the log lines written at most steps, made when read (``Log.say``)
ATTRITION = phrase("Winter attrition: {seat} disbands {gone} in {land}.", "seat", "gone", "land")
RELOCATES = phrase_n("{seat} relocates ({z} Z-effect).", "{seat} relocates ({z} Z-effects).", "seat", "z", count="z")
SUPPLIES = phrase("{seat} brings up supplies: {placed} to {land}.", "seat", "placed", "land")
BUILDS_FORTRESS_DISBANDING = phrase("{seat} builds a fortress in {land} (disbanding {gone}).", "seat", "land", "gone")
MOVES_TROOPS_INTO = phrase("{seat} moves troops into {land}.", "seat", "land")
GENERAL_RIDES_ONE_Z = phrase("{seat}'s general rides to {land} (one Z-effect).", "seat", "land")


# ====================================================================== winter attrition


def attrition_due(st: S, seat: int) -> bool:
    """Winter, and no grey fortress: every civil action costs 2 EP in the own capital (§2.6, U13)."""
    return st.season == "winter" and st.grey_fortresses(seat) == 0


def can_act_civil(st: S, seat: int) -> bool:
    """A civil action is possible now: no attrition due, or the capital is held and can pay it.

    [sure] without flag and grey fortress, no relocation in winter at all.
    """
    if not attrition_due(st, seat):
        return True
    return st.holds_capital(seat) and st.ep_in(st.capital[seat]) >= st.content.rules.relocation.winter_disband_ep


def attrition_payment(st: S, seat: int) -> tuple[int, int, int]:
    """The units the winter attrition would take from the capital now (none if not due)."""
    if not attrition_due(st, seat):
        return (0, 0, 0)
    cap = st.capital[seat]
    return cheapest(counts_in(st, cap), st.content.rules.relocation.winter_disband_ep, st.content.ep)


def pay_attrition(st: S, seat: int) -> None:
    """Verschleiß: disband 2 EP in the own capital before a civil winter action."""
    if attrition_due(st, seat):
        cap = st.capital[seat]
        gone = pay(st, cap, st.content.rules.relocation.winter_disband_ep)
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(ATTRITION, st.seats[seat], troops(gone), st.content.board.lands[cap].name)


# ====================================================================== relocation


def z_effects(st: S, seat: int) -> int:
    """Z-effects per relocation action: 1 + one per grey fortress owned [sure]."""
    r = st.content.rules.relocation
    return r.z_effects + r.per_grey_fortress * st.grey_fortresses(seat)


def relocation_targets(st: S, seat: int, own: tuple[int, ...]) -> list[int]:
    """Own lands (``own``: ``st.lands_of(seat)``) that some own neighbour could move troops (or the
    general) into."""
    adj_mask = st.content.board.adj_mask
    inf, cav, art = st.units
    general = st.general[seat]
    near = 0  # the lands next to an own land with troops or the general
    for s in own:
        if inf[s] or cav[s] or art[s] or s == general:
            near |= adj_mask[s]
    return [t for t in own if near >> t & 1]


def general_jumps(st: S, seat: int) -> list[int]:
    """Where the general may jump for one Z-effect: the own capital (held) or an own fortress [sure]."""
    at = st.general[seat]
    if at < 0:
        return []
    out = [i for i in st.fortresses_of(seat) if i != at]
    cap = st.capital[seat]
    if st.holds_capital(seat) and cap != at and cap not in out:
        out.append(cap)
        out.sort()
    return out


def plain_relocation_targets(st: S, seat: int) -> list[int]:
    """``relocation_targets`` land by land: own lands next to an own land with troops or the general."""
    def movable(s: int) -> bool:
        return st.ep_in(s) > 0 or st.general[seat] == s
    return [t for t, o in enumerate(st.owner) if o == seat and next_to_own(st, seat, t, movable)]


def plain_general_jumps(st: S, seat: int) -> list[int]:
    """``general_jumps`` land by land: own lands with a fortress, and the own capital while held."""
    at = st.general[seat]
    if at < 0:
        return []
    out = {i for i, f in enumerate(st.fort) if f != NO_FORT and st.owner[i] == seat and i != at}
    cap = st.capital[seat]
    if cap >= 0 and st.owner[cap] == seat and cap != at:
        out.add(cap)
    return sorted(out)


def can_relocate(st: S, seat: int, own: tuple[int, ...]) -> bool:
    """Some relocation target or general jump exists (``relocation_targets`` without listing them)."""
    adj_mask = st.content.board.adj_mask
    inf, cav, art = st.units
    general = st.general[seat]
    near = 0
    for s in own:
        if inf[s] or cav[s] or art[s] or s == general:
            near |= adj_mask[s]
    return bool(near & st.land_mask(seat) or general_jumps(st, seat))


def start_relocation(st: S, seat: int) -> None:
    z = z_effects(st, seat)
    st.log.say(RELOCATES, st.seats[seat], z)
    st.stack.append(Relocation(seat, z))


@decision
class Relocation(NamedTuple):
    """Verlegung (§2.5 [sure]): ``seat`` picks the own land of the next Z-effect (``left`` of them
    remain), lets the general jump home for one, or ends the relocation."""

    seat: int
    left: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        lands = st.content.board.lands
        own = st.lands_of(seat)
        out = [grammar.to(lands[t].key) for t in relocation_targets(st, seat, own)]
        out += [grammar.general_to(lands[t].key) for t in general_jumps(st, seat)]
        out.append(grammar.END_RELOCATION)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat, left = self.seat, self.left
        board = st.content.board
        verb, args = grammar.read(action)
        if verb == "to":
            st.stack.append(ZEffect(seat, board.index[args[0]], left, 0))
        elif verb == grammar.GENERAL:
            land = board.index[args[1]]
            st.general[seat] = land
            st.log.say(GENERAL_RIDES_ONE_Z, st.seats[seat], board.lands[land].name)
            if left > 1:
                st.stack.append(Relocation(seat, left - 1))

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return (t("relocation: pick the land for the next Z-effect ({left} left), move the general, or end the "
                      "relocation", left=self.left))
        return t("{seat} relocates", seat=st.seats[self.seat])


def move_options(st: S, seat: int, target: int, general: bool) -> list[str]:
    """``move <source> <n> <kind>`` from every own neighbour of ``target`` (and the general)."""
    owner, units, cached = st.owner, st.units, st.content.map_cache
    out = []
    for s in st.content.board.adj[target]:
        if owner[s] != seat:
            continue
        moves = cached.move[s]
        for k in range(len(KINDS)):
            out += moves[k][:units[k][s]]
        if general and st.general[seat] == s:
            out.append(cached.move_general[s])
    return out


@decision
class ZEffect(NamedTuple):
    """One Z-effect (§2.5 [sure]): ``seat`` moves troops (or the general) from own lands next to
    ``target`` into it until done (once something ``moved``); ``left`` Z-effects remain with this one."""

    seat: int
    target: int
    left: int
    moved: int

    def legal(self, st: S) -> list[str]:
        out = move_options(st, self.seat, self.target, general=True)
        if self.moved:
            out.append(grammar.DONE)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat, target = self.seat, self.target
        board = st.content.board
        if action == grammar.DONE:
            st.log.say(MOVES_TROOPS_INTO, st.seats[seat], board.lands[target].name)
            if self.left > 1:
                st.stack.append(Relocation(seat, self.left - 1))
            return
        _, args = grammar.read(action)
        source = board.index[args[0]]
        if args[1] == grammar.GENERAL:
            st.general[seat] = target
        else:
            n, k = args[1], KIND_INDEX[args[2]]
            st.units[k][source] -= n
            st.units[k][target] += n
        st.stack.append(ZEffect(seat, target, self.left, 1))

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("move troops from your lands next to {land} into it, then done",
                     land=st.content.board.lands[self.target].name)
        return t("{seat} relocates", seat=st.seats[self.seat])


# ====================================================================== Nachschub


def supply_lands(st: S, seat: int) -> list[int]:
    """Own lands with the own general or a fortress [sure]."""
    out = st.fortresses_of(seat)
    g = st.general[seat]
    if g >= 0 and st.owner[g] == seat and g not in out:
        out.append(g)
        out.sort()
    return out


def supply_mixes(pool: tuple[int, int, int], budget: int, ep: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Unit mixes worth exactly ``budget`` EP a supply holding ``pool`` can give (else the most it can,
    below that), largest infantry first; worked out once per map (``map_cache``).

    [sure] any 4 EP; the usual limits on new cavalry and artillery do not apply.
    """
    mixes = []
    for c in range(min(pool[2], budget // ep[2]) + 1):
        for b in range(min(pool[1], (budget - c * ep[2]) // ep[1]) + 1):
            a = min(pool[0], (budget - c * ep[2] - b * ep[1]) // ep[0])
            mixes.append((a, b, c))
    worth = [m[0] * ep[0] + m[1] * ep[1] + m[2] * ep[2] for m in mixes]
    best = max(worth, default=0)
    if best == 0:
        return []
    return sorted({m for m, w in zip(mixes, worth) if w == best}, reverse=True)


def plain_supply_mixes(st: S, seat: int) -> list[tuple[int, int, int]]:
    """``supply_mixes`` of ``seat``'s supply, every mix tried: those worth the most EP up to the budget."""
    budget, ep = st.content.rules.nachschub.ep, st.content.ep
    pool = [st.pool[k][seat] for k in range(len(KINDS))]
    mixes = [(a, b, c) for a in range(pool[0] + 1) for b in range(pool[1] + 1) for c in range(pool[2] + 1)
             if a * ep[0] + b * ep[1] + c * ep[2] <= budget]
    best = max(a * ep[0] + b * ep[1] + c * ep[2] for a, b, c in mixes)
    return [] if best == 0 else sorted((m for m in mixes if sum(n * e for n, e in zip(m, ep)) == best), reverse=True)


def supply_options(st: S, seat: int) -> list[str]:
    """``supply <land> <mix>`` for every supply land and every mix the supply can bring (``map_cache``)."""
    cached = st.content.map_cache
    level = cached.supply_level(st.pool, seat)
    texts = cached.supply
    out: list[str] = []
    for land in supply_lands(st, seat):
        out += texts[land][level]
    return out


def do_supply(st: S, seat: int, args: tuple) -> None:
    """Nachschub: put the chosen mix from the supply into one land (``args``: the land, then count and kind)."""
    land = st.content.board.index[args[0]]
    placed = [0, 0, 0]
    for n, kind in zip(args[1::2], args[2::2]):
        placed[KIND_INDEX[kind]] = place(st, seat, land, KIND_INDEX[kind], n)
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(SUPPLIES, st.seats[seat], troops(placed), st.content.board.lands[land].name)


# ====================================================================== fortress building


def fortify_options(st: S, seat: int, own: tuple[int, ...]) -> list[str]:
    """Festungsbau (U10): an own land (``own``: ``st.lands_of(seat)``) without fortress, holding 2 EP,
    one of 3 tokens left."""
    if st.forts_left[seat] <= 0:
        return []
    need = st.content.rules.fortress.build_min_ep
    texts = st.content.map_cache.fortify
    fort = st.fort
    e0, e1, e2 = st.content.ep
    inf, cav, art = st.units
    # ``not fort[i]``: no fortress (NO_FORT is 0)
    out = [texts[i] for i in own if not fort[i] and inf[i] * e0 + cav[i] * e1 + art[i] * e2 >= need]
    cap = st.capital[seat]
    if cap >= 0 and texts[cap] in out and attrition_due(st, seat):
        # in winter the capital first pays this civil action's attrition
        if st.ep_in(cap) - value(st, attrition_payment(st, seat)) < need:
            out.remove(texts[cap])
    return out


def do_fortify(st: S, seat: int, land: int) -> None:
    gone = pay(st, land, st.content.rules.fortress.build_cost_ep)
    st.fort[land] = BUILT
    st.strongholds = None  # fortresses_of works the fortress lands out again
    st.forts_left[seat] -= 1
    st.log.say(BUILDS_FORTRESS_DISBANDING, st.seats[seat], st.content.board.lands[land].name, troops(gone))
