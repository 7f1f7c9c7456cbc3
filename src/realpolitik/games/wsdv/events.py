"""Triggering events: icons, arrows and track overflow, the wall (spec §4.4, §5, §6.4).

An event's icons form a pool. The triggering player picks which icon to execute next
(``next <icon>``) whenever more than one kind is left; each icon then asks for its target
(province, site, factory). Icons with a coat of arms are decided by that state. The
arrows move the track markers after the icons; steps that would leave a track are turned
into the bonus icon printed beyond its end, which joins the pool (§4.4.4, spec §11.1 #16).
The prestige phase of the end of decade reuses the same icon machinery; the special
card's price, the Stasi and the Guillaume affair are in ``specials``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board, specials
from .actions import calm_targets
from .board import NONE, RUNDOWN, WORKING
from .common import ROMAN, finish, name, pkey, pname
from .content import EAST, WEST, Icon

if TYPE_CHECKING:
    from .state import WsdvState as S

TRACKS = ("prestige", "currency", "socialism")


# ====================================================================== triggering (§4.4)


def trigger(st: S, seat: int, key: str) -> None:
    """Trigger a card's event; the special card first asks for its drawback (§4.5)."""
    card = st.card(key)
    if card.is_special and st.content.setups[st.options["setup"]].special_drawback:
        st.stack.append(("event", seat, key, ""))
        if st.hands[seat] or st.deck:
            st.stack.append(("drawback", seat))
        return
    if card.colour == "dual":
        st.stack.append(("ignore", seat, key))
        return
    _begin(st, seat, key, "")


def _event(st: S, seat: int, key: str, ignored: str) -> None:
    _begin(st, seat, key, ignored)


def _begin(st: S, seat: int, key: str, ignored: str) -> None:
    """Build the icon pool (minus an ignored icon) and queue the arrows (§4.4.2–4.4.4)."""
    card = st.card(key)
    pool = [icon.slug for icon in card.icons for _ in range(icon.count)]
    if ignored in pool:
        pool.remove(ignored)
    steps = [card.arrows.prestige, card.arrows.currency, card.arrows.socialism]
    if ignored in TRACKS:
        i = TRACKS.index(ignored)
        steps[i] -= 1 if steps[i] > 0 else -1
    for i, track in enumerate(TRACKS):
        pos = getattr(st, track)
        excess = abs(pos + steps[i]) - 6
        if excess > 0:
            end = st.content.overflow[track][WEST if steps[i] < 0 else EAST]
            pool += [end.slug] * excess
    st.hits = []
    st.stack.append(("arrows", seat, key, *steps))
    st.stack.append(("icons", seat, tuple(pool)))


def _legal_ignore(st: S, seat: int, key: str) -> list[str]:
    card = st.card(key)
    out = ["ignore nothing"] + [f"ignore {icon.slug}" for icon in card.icons]
    return out + [f"ignore {t}" for t in TRACKS if getattr(card.arrows, t)]


def _act_ignore(st: S, action: str, seat: int, key: str) -> None:
    st.stack.pop()
    what = action.split(" ")[1]
    if what != "nothing":
        st.log.add(f"{st.seats[seat]} ignores one {what.replace('-', ' ')} {'arrow' if what in TRACKS else 'icon'}.")
    _begin(st, seat, key, "" if what == "nothing" else what)


def _describe_ignore(st: S, mine: bool, seat: int, key: str) -> str:
    if mine:
        return f"dual card {name(st, key)}: ignore one icon or one arrow step, or nothing"
    return f"{st.seats[seat]} may ignore one icon or arrow of {name(st, key)}"


def _arrows(st: S, seat: int, key: str, prestige: int, currency: int, socialism: int) -> None:
    """Move the track markers; steps beyond ±6 were already turned into bonus icons."""
    moved = []
    for track, step in zip(TRACKS, (prestige, currency, socialism)):
        if step:
            pos = max(-6, min(6, getattr(st, track) + step))
            setattr(st, track, pos)
            moved.append(f"{track} {pos:+d}")
    if moved:
        st.log.add("Tracks: " + ", ".join(moved) + ".")


def _icons(st: S, seat: int, pool: tuple) -> None:
    """Execute the pool: the triggering player chooses the next icon when several kinds are left."""
    if not pool:
        return
    kinds = list(dict.fromkeys(pool))
    if len(kinds) == 1:
        run_icon(st, seat, pool, kinds[0])
    else:
        st.stack.append(("next_icon", seat, pool))


def _legal_next_icon(st: S, seat: int, pool: tuple) -> list[str]:
    return [f"next {slug}" for slug in dict.fromkeys(pool)]


def _act_next_icon(st: S, action: str, seat: int, pool: tuple) -> None:
    st.stack.pop()
    run_icon(st, seat, pool, action.split(" ")[1])


def _describe_next_icon(st: S, mine: bool, seat: int, pool: tuple) -> str:
    return "choose which icon to execute next" if mine else f"{st.seats[seat]} chooses the order of the icons"


def run_icon(st: S, seat: int, pool: tuple, slug: str) -> None:
    """Take one icon out of the pool (all build icons of a kind at once) and execute it."""
    rest = list(pool)
    if slug.startswith("build"):
        n = rest.count(slug)
        rest = [s for s in rest if s != slug]
    else:
        n = 1
        rest.remove(slug)
    st.stack.append(("icons", seat, tuple(rest)))
    execute(st, seat, st.content.icons[slug], n)


# ====================================================================== the icon dictionary (§5.2)


def unrest_targets(st: S, side: int, where: str, cap: int) -> list[int]:
    """Provinces an unrest icon may hit (caption and per-province cap respected)."""
    return [p for p in board.scope(st, side, where) if not cap or st.hits.count(p) < cap]


def execute(st: S, seat: int, icon: Icon, n: int = 1) -> None:
    """Push the decision an icon needs, or perform it when it needs none (§5.2, §4.4.5)."""
    c = st.content
    decider = seat if icon.executor is None else st.seat_of(icon.executor)
    side, where = icon.who, icon.where or ""
    kind = icon.icon
    if kind == "unrest":
        if unrest_targets(st, side, where, icon.cap or 0):
            st.stack.append(("unrest", decider, side, where, icon.cap or 0))
    elif kind == "calm":
        if calm_targets(st, side, where):
            st.stack.append(("calm", decider, side, where))
    elif kind == "move":
        if any(st.unrest[p] for p in c.of_side[side]):
            st.stack.append(("move", decider, side))
    elif kind == "build":
        if board.build_sites(st, side, where or None, n):
            st.stack.append(("build", decider, side, n, where, False))
    elif kind == "dismantle":
        _dismantle_or_fail(st, decider, side, where)
    elif kind == "end-protest":
        if any(st.unrest[p] >= 4 for p in c.of_side[EAST]):
            st.stack.append(("end_protest", decider))
    elif kind == "ls":
        if _free_ls_targets(st, side, where, icon.cap or 0):
            st.stack.append(("free_ls", decider, side, where, icon.cap or 0, icon.calms))
    elif kind == "reduce-ls":
        if any(st.ls[p] for p in c.of_side[side]):
            st.stack.append(("reduce_ls", decider, side))
    elif kind == "rundown":
        if board.rundown_sites(st):
            st.stack.append(("rundown", decider))
        elif icon.fallback:
            _dismantle_or_fail(st, decider, EAST, "")
    elif kind == "repair":
        if _repair_sites(st, where):
            st.stack.append(("repair", decider, where))
    elif kind == "stop":
        if _stop_sites(st, where):
            st.stack.append(("stop", decider, where))
    elif kind == "police":
        if st.stasi:
            st.log.add("The Stasi is disbanded: no police card is gained.")
        else:
            st.police.append(icon.colour)
            st.log.add(f"East gains a {icon.colour} police card.")
    elif kind == "wall":
        st.wall = True
        st.log.add("The Berlin Wall is built. From now on every end of decade costs East a build point "
                   "and a step of prestige.")
    elif kind == "wall-down":
        st.wall = False
        st.log.add("The Wall comes down.")
    elif kind == "stasi-off":
        specials.stasi_disbandment(st)
    elif kind == "guillaume":
        specials.guillaume_affair(st)
    elif kind == "prestige-overflow":
        st.stack.append(("overflow", decider, side))


def _dismantle_or_fail(st: S, seat: int, side: int, where: str) -> None:
    """A dismantle with nothing left to dismantle is skipped, except East's at the end of a decade."""
    if board.dismantle_sites(st, side, where or None):
        st.stack.append(("dismantle", seat, side, where, "icon"))
    elif st.eod >= 0 and side == EAST:
        finish(st, WEST, "National insolvency: East had no build point left to dismantle at the end of "
                         f"decade {ROMAN[st.decade]}.")


def _repair_sites(st: S, where: str) -> list[int]:
    c = st.content
    return [x for x in c.province_cities[c.province_index[where]] if st.factory[x] == RUNDOWN]


def _stop_sites(st: S, where: str) -> list[int]:
    c = st.content
    return [x for x in c.externals if c.cities[x].country == where and st.factory[x] != NONE]


def _legal_unrest(st: S, seat: int, side: int, where: str, cap: int) -> list[str]:
    return [f"unrest {pkey(st, p)}" for p in unrest_targets(st, side, where, cap)]


def _act_unrest(st: S, action: str, seat: int, side: int, where: str, cap: int) -> None:
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    board.add_unrest(st, p)
    if cap:
        st.hits.append(p)
    st.log.add(f"1 unrest goes to {pname(st, p)} ({st.unrest[p]}).")


def _describe_unrest(st: S, mine: bool, seat: int, side: int, where: str, cap: int) -> str:
    whose = "West" if side == WEST else "East"
    return f"choose the {whose} province that gets 1 unrest" if mine else f"{st.seats[seat]} places 1 unrest"


def _legal_move(st: S, seat: int, side: int) -> list[str]:
    provinces = st.content.of_side[side]
    return [f"move {pkey(st, a)} {pkey(st, b)}" for a in provinces if st.unrest[a] for b in provinces if b != a]


def _act_move(st: S, action: str, seat: int, side: int) -> None:
    st.stack.pop()
    _, a, b = action.split(" ")
    pa, pb = st.content.province_index[a], st.content.province_index[b]
    board.remove_unrest(st, pa)
    board.add_unrest(st, pb)
    st.log.add(f"1 unrest moves from {pname(st, pa)} to {pname(st, pb)}.")


def _describe_move(st: S, mine: bool, seat: int, side: int) -> str:
    return "move 1 unrest from one East province to another" if mine else f"{st.seats[seat]} moves 1 unrest"


def _legal_end_protest(st: S, seat: int) -> list[str]:
    return [f"end-protest {pkey(st, p)}" for p in st.content.of_side[EAST] if st.unrest[p] >= 4]


def _act_end_protest(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    if st.options["protest_removal"] == "to-three":
        st.unrest[p] = 3
    else:
        st.unrest[p] -= 4
    st.log.add(f"The mass protest in {pname(st, p)} ends ({st.unrest[p]} unrest left).")


def _describe_end_protest(st: S, mine: bool, seat: int) -> str:
    return "choose the East mass protest that ends" if mine else f"{st.seats[seat]} ends an East mass protest"


def _free_ls_targets(st: S, side: int, where: str, cap: int) -> list[str]:
    c = st.content
    provinces = [p for p in board.scope(st, side, where) if p != c.wb]
    out = [pkey(st, p) for p in provinces if not (cap and st.hits.count(p) >= cap)]
    if side == WEST and not where:
        out += [f"wb-{c.sectors[i]}" for i in board.lowest_sectors(st)]
    return out


def _legal_free_ls(st: S, seat: int, side: int, where: str, cap: int, calms: bool) -> list[str]:
    return [f"ls {t}" for t in _free_ls_targets(st, side, where, cap)]


def _act_free_ls(st: S, action: str, seat: int, side: int, where: str, cap: int, calms: bool) -> None:
    st.stack.pop()
    c = st.content
    target = action.split(" ")[1]
    if target.startswith("wb-"):
        p = c.wb
        board.add_sector_ls(st, c.sectors.index(target[3:]), 1)
    else:
        p = c.province_index[target]
        board.set_ls(st, p, st.ls[p] + 1)
    if calms:
        board.remove_unrest(st, p)
    if cap:
        st.hits.append(p)
    st.log.add(f"{pname(st, p)} gains a living standard ({st.ls[p]}).")


def _describe_free_ls(st: S, mine: bool, seat: int, side: int, where: str, cap: int, calms: bool) -> str:
    return "choose where the free living standard goes" if mine else f"{st.seats[seat]} places a free living standard"


def _legal_reduce_ls(st: S, seat: int, side: int) -> list[str]:
    return [f"reduce {pkey(st, p)}" for p in st.content.of_side[side] if st.ls[p] and p != st.content.wb]


def _act_reduce_ls(st: S, action: str, seat: int, side: int) -> None:
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    board.set_ls(st, p, st.ls[p] - 1)
    st.log.add(f"{pname(st, p)} loses a living standard ({st.ls[p]}).")


def _describe_reduce_ls(st: S, mine: bool, seat: int, side: int) -> str:
    if mine:
        return "choose the East province that loses 1 living standard"
    return f"{st.seats[seat]} removes a living standard"


def _legal_rundown(st: S, seat: int) -> list[str]:
    return [f"rundown {st.content.cities[x].key}" for x in board.rundown_sites(st)]


def _act_rundown(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    x = st.content.city_index[action.split(" ")[1]]
    st.factory[x] = RUNDOWN
    st.log.add(f"The factory in {st.content.cities[x].name} runs down.")


def _describe_rundown(st: S, mine: bool, seat: int) -> str:
    return "choose the East factory that runs down" if mine else f"{st.seats[seat]} runs down an East factory"


def _legal_repair(st: S, seat: int, where: str) -> list[str]:
    return [f"repair {st.content.cities[x].key}" for x in _repair_sites(st, where)]


def _act_repair(st: S, action: str, seat: int, where: str) -> None:
    st.stack.pop()
    x = st.content.city_index[action.split(" ")[1]]
    st.factory[x] = WORKING
    st.log.add(f"The factory in {st.content.cities[x].name} is repaired.")


def _describe_repair(st: S, mine: bool, seat: int, where: str) -> str:
    return "choose the run-down factory to repair" if mine else f"{st.seats[seat]} repairs a factory"


def _legal_stop(st: S, seat: int, where: str) -> list[str]:
    return [f"stop {st.content.cities[x].key}" for x in _stop_sites(st, where)]


def _act_stop(st: S, action: str, seat: int, where: str) -> None:
    st.stack.pop()
    x = st.content.city_index[action.split(" ")[1]]
    board.remove_external(st, x)
    st.log.add(f"The factory in {st.content.cities[x].name} is closed with all its infrastructure.")


def _describe_stop(st: S, mine: bool, seat: int, where: str) -> str:
    return "choose the external factory that is closed" if mine else f"{st.seats[seat]} closes an external factory"


def _legal_overflow(st: S, seat: int, side: int) -> list[str]:
    c = st.content
    out = [f"calm {pkey(st, p)}" for p in c.of_side[side] if st.unrest[p]]
    return out + [f"unrest {pkey(st, p)}" for p in c.of_side[board.other(side)]]


def _act_overflow(st: S, action: str, seat: int, side: int) -> None:
    st.stack.pop()
    verb, key = action.split(" ")
    p = st.content.province_index[key]
    if verb == "calm":
        board.remove_unrest(st, p)
        st.log.add(f"Prestige beyond the track: 1 unrest leaves {pname(st, p)}.")
    else:
        board.add_unrest(st, p)
        st.log.add(f"Prestige beyond the track: 1 unrest goes to {pname(st, p)}.")


def _describe_overflow(st: S, mine: bool, seat: int, side: int) -> str:
    if mine:
        return "prestige beyond the end of the track: remove 1 of your unrest or put 1 unrest into the other state"
    return f"{st.seats[seat]} cashes in prestige beyond the track"


PROCEDURES = {"event": _event, "arrows": _arrows, "icons": _icons}
LEGAL = {
    "ignore": _legal_ignore, "next_icon": _legal_next_icon, "unrest": _legal_unrest, "move": _legal_move,
    "end_protest": _legal_end_protest, "free_ls": _legal_free_ls, "reduce_ls": _legal_reduce_ls,
    "rundown": _legal_rundown, "repair": _legal_repair, "stop": _legal_stop, "overflow": _legal_overflow,
}
ACT = {
    "ignore": _act_ignore, "next_icon": _act_next_icon, "unrest": _act_unrest, "move": _act_move,
    "end_protest": _act_end_protest, "free_ls": _act_free_ls, "reduce_ls": _act_reduce_ls,
    "rundown": _act_rundown, "repair": _act_repair, "stop": _act_stop, "overflow": _act_overflow,
}
DESCRIBE = {
    "ignore": _describe_ignore, "next_icon": _describe_next_icon, "unrest": _describe_unrest,
    "move": _describe_move, "end_protest": _describe_end_protest, "free_ls": _describe_free_ls,
    "reduce_ls": _describe_reduce_ls, "rundown": _describe_rundown, "repair": _describe_repair,
    "stop": _describe_stop, "overflow": _describe_overflow,
}
PUBLIC = {"ignore", "next_icon", "unrest", "move", "end_protest", "free_ls", "reduce_ls", "rundown", "repair",
          "stop", "overflow"}
