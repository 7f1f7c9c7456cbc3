"""The end of a decade: the ten phases in printed order, and the victory checks (spec §7–§8).

``PHASES`` maps each phase name of the layout to its procedure; 2+2 adds its own phases
in front of these. A phase pushes the next phase first and its own work on top, so the
phases run strictly in order. Any East dismantle or rundown that cannot be paid is
national insolvency: West wins at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import board
from .common import ROMAN, finish, leader, pkey, pname
from .content import EAST, SIDES, WEST
from .events import execute

if TYPE_CHECKING:
    from .state import WsdvState as S

def _eod(st: S, i: int) -> None:
    phases = st.layout.phases
    if i >= len(phases):
        st.eod = -1
        st.stack.append(("start_decade",))
        return
    st.eod = i
    st.stack.append(("eod", i + 1))
    st.log.add(f"End of decade {ROMAN[st.decade]}, phase {i + 1}: {phases[i].replace('_', ' ')}.")
    PHASES[phases[i]](st)


# ====================================================================== paying build points


def _charge(st: S, seat: int, n: int, mode: str, alternate: bool, why: str) -> None:
    """East pays ``n`` build points (``dismantle``) or factories (``rundown``), one pick at a time.

    With ``alternate`` the picks alternate between the sides, ``seat`` first (§7 phases 1, 3).
    """
    if n <= 0:
        return
    if not _pay_sites(st, mode):
        finish(st, WEST, f"National insolvency: East could not pay for {why} at the end of decade "
                         f"{ROMAN[st.decade]}.")
        return
    nxt = st.seat_of(board.other(st.side(seat))) if alternate else seat
    st.stack.append(("charge", nxt, n - 1, mode, alternate, why))
    st.stack.append(("pay", seat, mode, why))


def _pay_sites(st: S, mode: str) -> list[int]:
    return board.rundown_sites(st) if mode == "rundown" else board.dismantle_sites(st, EAST)


def _legal_pay(st: S, seat: int, mode: str, why: str) -> list[str]:
    c = st.content
    if mode == "rundown":
        return [f"rundown {c.cities[x].key}" for x in _pay_sites(st, mode)]
    return [f"dismantle {c.site_name[x]}" for x in _pay_sites(st, mode)]


def _act_pay(st: S, action: str, seat: int, mode: str, why: str) -> None:
    st.stack.pop()
    c = st.content
    verb, arg = action.split(" ")
    if verb == "rundown":
        x = c.city_index[arg]
        st.factory[x] = board.RUNDOWN
        st.log.add(f"{st.seats[seat]} picks: the factory in {c.cities[x].name} runs down ({why}).")
    else:
        st.log.add(f"{st.seats[seat]} picks: {board.dismantle(st, c.site_index[arg])} ({why}).")


def _describe_pay(st: S, mine: bool, seat: int, mode: str, why: str) -> str:
    what = "an East factory to run down" if mode == "rundown" else "an East build point to dismantle"
    return f"choose {what} ({why})" if mine else f"{st.seats[seat]} chooses {what} ({why})"


def _declare_hamburg(st: S) -> None:
    """Before phases 3 and 5 West declares where Hamburg counts (spec §11.1 #24)."""
    if st.factory[st.content.hamburg] != board.NONE:
        st.stack.append(("declare_hamburg", st.seat_of(WEST)))


def _legal_declare(st: S, seat: int) -> list[str]:
    return [f"hamburg {pkey(st, p)}" for p in st.content.hamburg_provinces]


def _act_declare(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    st.hamburg = st.content.province_index[action.split(" ")[1]]
    st.log.add(f"Hamburg counts for {pname(st, st.hamburg)}.")


def _describe_declare(st: S, mine: bool, seat: int) -> str:
    return "declare which province Hamburg counts for" if mine else f"{st.seats[seat]} declares Hamburg's province"


# ====================================================================== phase 1: flight or the wall


def flight_value(st: S) -> int:
    """Cells on the flight track (§7 phase 1): icons + West's best LS − East's worst LS ± protests + red police."""
    c = st.content
    f = sum(st.card(k).flight for k in st.played)
    f += max(st.ls[p] for p in c.of_side[WEST])
    f -= min(st.ls[p] for p in c.of_side[EAST])
    f += 1 if board.side_protests(st, EAST) else 0
    f -= 1 if board.side_protests(st, WEST) else 0
    f += st.police.count("red")
    return max(0, min(c.flight_cells - 1, f))


def flight(st: S) -> None:
    if st.wall:
        st.log.add("The Wall stands: East dismantles 1 build point and prestige moves 1 step toward West.")
        st.stack.append(("wall_prestige",))
        _charge(st, st.seat_of(EAST), 1, "dismantle", False, "the Wall")
        return
    st.flight = flight_value(st)
    n = st.flight // 2
    st.log.add(f"Flight track: {st.flight / 2:g} — East loses {n} build point(s), "
               f"{SIDES[leader(st)].capitalize()} picking first.")
    _charge(st, st.seat_of(leader(st)), n, "dismantle", True, "refugees")


def _wall_prestige(st: S) -> None:
    if st.prestige > -6:
        st.prestige -= 1
        st.log.add(f"Prestige {st.prestige:+d}.")
    else:
        execute(st, st.seat_of(WEST), st.content.overflow["prestige"][WEST])


# ====================================================================== phase 2: prestige


def prestige(st: S) -> None:
    if st.prestige == 0:
        st.log.add("Prestige is level: no bonus.")
        return
    side = WEST if st.prestige < 0 else EAST
    st.stack.append(("prestige_bonus", st.seat_of(side), abs(st.prestige)))


def _bonus_spaces(st: S, side: int, reach: int) -> list[int]:
    spaces = st.content.prestige[side]
    return [n for n in range(1, reach + 1) if n == reach or spaces[n] != spaces[n + 1]]


def _legal_bonus(st: S, seat: int, reach: int) -> list[str]:
    return [f"bonus {n}" for n in _bonus_spaces(st, st.side(seat), reach)]


def _act_bonus(st: S, action: str, seat: int, reach: int) -> None:
    st.stack.pop()
    n = int(action.split(" ")[1])
    icons = st.content.prestige[st.side(seat)][n]
    st.log.add(f"{st.seats[seat]} takes the prestige bonus of space {n}: "
               + ", ".join(i.slug for i in icons) + ".")
    st.hits = []
    st.stack.append(("icons", seat, tuple(i.slug for i in icons)))


def _describe_bonus(st: S, mine: bool, seat: int, reach: int) -> str:
    if mine:
        return f"choose the prestige bonus: space {reach} or one closer to the centre"
    return f"{st.seats[seat]} chooses a prestige bonus"


# ====================================================================== phase 3: Western currency


def western_currency(st: S) -> None:
    st.stack.append(("currency_balance",))
    _declare_hamburg(st)


def currency_balance(st: S) -> tuple[int, int, int, int]:
    """(lowest West export level L, East income E, East LS, balance) of phase 3."""
    c = st.content
    low = min(max(0, board.export_level(st, p)) for p in c.west_germany)
    income = sum(1 for p in c.of_side[EAST] if board.export_level(st, p) >= max(0, low))
    east_ls = sum(st.ls[p] for p in c.of_side[EAST])
    return low, income, east_ls, st.currency + income - east_ls


def _currency_balance(st: S) -> None:
    low, income, east_ls, balance = currency_balance(st)
    st.log.add(f"Western currency: track {st.currency:+d} + {income} export income (West's weakest export "
               f"factory {low}) − {east_ls} East living standard = {balance:+d}.")
    if balance >= 0:
        return
    debt = -balance
    seat = st.seat_of(leader(st))
    working = len(board.rundown_sites(st))
    if working > debt:
        _charge(st, seat, debt, "rundown", True, "the currency shortfall")
        return
    for x in board.rundown_sites(st):
        st.factory[x] = board.RUNDOWN
    st.log.add(f"All {working} working East factories run down.")
    rest = debt - working
    if rest <= 0:
        return
    sites = board.dismantle_sites(st, EAST)
    if rest < len(sites):
        _charge(st, seat, rest, "dismantle", True, "the currency shortfall")
        return
    for x in sites:
        board.dismantle(st, x)
    st.log.add("All East infrastructure is dismantled.")
    if rest > len(sites):
        finish(st, WEST, f"National insolvency: East could not pay its Western-currency debt of {debt} at the "
                         f"end of decade {ROMAN[st.decade]}.")


# ====================================================================== phase 4: police upkeep


def police_upkeep(st: S) -> None:
    n = len(st.police)
    if n:
        st.log.add(f"Police upkeep: East dismantles {n} build point(s).")
    _charge(st, st.seat_of(EAST), n, "dismantle", False, "police upkeep")


# ====================================================================== phase 5: LS limit


def living_standard_limit(st: S) -> None:
    st.stack.append(("ls_limit",))
    _declare_hamburg(st)


def berlin_limit(st: S) -> int | None:
    """West Berlin's LS limit: the weakest export level among suppliers that ever delivered (None: no limit)."""
    c = st.content
    levels = [max(0, board.export_level(st, c.supplier[i])) for i, d in enumerate(st.delivered) if d]
    return min(levels) if levels else None


def _ls_limit(st: S) -> None:
    c = st.content
    for p in range(len(c.provinces)):
        if p == c.wb:
            continue
        cap = max(0, board.export_level(st, p))
        if st.ls[p] > cap:
            st.log.add(f"{pname(st, p)}: living standard {st.ls[p]} falls to its export level {cap}.")
            board.set_ls(st, p, cap)
    limit = berlin_limit(st)
    if limit is not None and st.ls[c.wb] > limit:
        st.log.add(f"West Berlin: living standard {st.ls[c.wb]} must fall to {limit}.")
        st.stack.append(("reduce_sector", st.seat_of(WEST), st.ls[c.wb] - limit))


def _legal_reduce_sector(st: S, seat: int, excess: int) -> list[str]:
    return [f"reduce wb-{s}" for i, s in enumerate(st.content.sectors) if st.sectors[i]]


def _act_reduce_sector(st: S, action: str, seat: int, excess: int) -> None:
    st.stack.pop()
    i = st.content.sectors.index(action.split(" ")[1][3:])
    board.add_sector_ls(st, i, -1)
    st.log.add(f"The {st.content.sectors[i]} sector loses a living standard.")
    if excess > 1:
        st.stack.append(("reduce_sector", seat, excess - 1))


def _describe_reduce_sector(st: S, mine: bool, seat: int, excess: int) -> str:
    return (f"remove {excess} living standard(s) from West Berlin's sectors" if mine
            else f"{st.seats[seat]} reduces West Berlin's living standard")


# ====================================================================== phase 6: internal comparison


def internal_comparison(st: S) -> None:
    c = st.content
    for side in (WEST, EAST):
        top = max(st.ls[p] for p in c.of_side[side])
        for p in c.of_side[side]:
            tolerance = 0 if p == c.wb and st.options["berlin_tolerance"] == "none" else 1
            gap = top - st.ls[p] - tolerance
            if gap > 0:
                board.add_unrest(st, p, gap)
                st.log.add(f"{pname(st, p)} lags {top - st.ls[p]} behind: {gap} unrest ({st.unrest[p]}).")
    st.stack.append(("suppliers",))


# ====================================================================== phase 7: East–West comparison


def east_west_comparison(st: S) -> None:
    snapshot = tuple(board.protests(st, p) for p in range(len(st.content.provinces)))
    st.stack.append(("suppliers",))
    st.stack.append(("comparison", 0, snapshot))


def comparison_targets(st: S, p: int, snapshot: tuple) -> list[tuple[int, int]]:
    """Neighbours across the border with a lower LS than p's LS minus its protests, and the unrest each would get."""
    eff = st.ls[p] - snapshot[p]
    return [(n, eff - st.ls[n]) for n in st.content.border[p] if st.ls[n] < eff]


def _comparison(st: S, start: int, snapshot: tuple) -> None:
    c = st.content
    for p in range(start, len(c.provinces)):
        targets = comparison_targets(st, p, snapshot)
        if not targets:
            continue
        if p == c.wb or len(targets) == 1:
            for n, amount in targets:
                _spill(st, p, n, amount)
            continue
        st.stack.append(("comparison", p + 1, snapshot))
        st.stack.append(("retaliate", st.seat_of(c.side_of[p]), p, tuple(x for t in targets for x in t)))
        return


def _spill(st: S, p: int, n: int, amount: int) -> None:
    board.add_unrest(st, n, amount)
    st.log.add(f"{pname(st, p)}'s higher living standard puts {amount} unrest into {pname(st, n)} ({st.unrest[n]}).")


def _legal_retaliate(st: S, seat: int, p: int, targets: tuple) -> list[str]:
    return [f"unrest {pkey(st, n)}" for n in targets[::2]]


def _act_retaliate(st: S, action: str, seat: int, p: int, targets: tuple) -> None:
    st.stack.pop()
    n = st.content.province_index[action.split(" ")[1]]
    amounts = dict(zip(targets[::2], targets[1::2]))
    _spill(st, p, n, amounts[n])


def _describe_retaliate(st: S, mine: bool, seat: int, p: int, targets: tuple) -> str:
    if mine:
        return f"{pname(st, p)} outshines its neighbours: choose the one that gets the unrest"
    return f"{st.seats[seat]} chooses where {pname(st, p)}'s living standard causes unrest"


# ====================================================================== phase 8: police


def police(st: S) -> None:
    left = len(st.police) - st.police_used
    st.stack.append(("police_reset",))
    if left:
        st.log.add(f"{left} unused police card(s): East removes as many unrest.")
        st.stack.append(("leftover_police", left))


def _leftover_police(st: S, left: int) -> None:
    if left and any(st.unrest[p] for p in st.content.of_side[EAST]):
        st.stack.append(("leftover_police", left - 1))
        st.stack.append(("calm", st.seat_of(EAST), EAST, ""))


def _police_reset(st: S) -> None:
    st.police_used = 0


# ====================================================================== phase 9: socialists


def socialists(st: S) -> None:
    c = st.content
    pos = st.socialism
    st.stack.append(("socialists",))
    if pos > 0:
        gain = c.socialism_change[pos]
        supply = c.socialists - st.box - sum(st.socialists)
        if gain > supply:
            finish(st, EAST, f"Triumph of socialism: East had to gain {gain} socialists with only {supply} "
                             f"left in the supply at the end of decade {ROMAN[st.decade]}.")
            return
        st.box += gain
        st.log.add(f"East gains {gain} socialist(s) (holding box {st.box}).")
    elif pos < 0:
        loss = c.socialism_change[-pos]
        on_map = sum(st.socialists)
        if loss <= st.box:
            st.box -= loss
            st.log.add(f"East loses {loss} socialist(s) from the holding box ({st.box} left).")
        elif loss > st.box + on_map:
            finish(st, WEST, f"Socialism failed: East had to lose {loss} socialists but had only "
                             f"{st.box + on_map} at the end of decade {ROMAN[st.decade]}.")
        else:
            rest = loss - st.box
            st.log.add(f"East loses {loss} socialists: the holding box is emptied and West removes {rest} "
                       f"from the map.")
            st.box = 0
            st.stack.append(("purge", st.seat_of(WEST), rest))


# ====================================================================== phase 10: "Wir sind das Volk?"


def collapse(st: S) -> None:
    west, east = board.side_protests(st, WEST), board.side_protests(st, EAST)
    decade = ROMAN[st.decade]
    if west >= 4 and east >= 4:
        finish(st, EAST, f"Both states collapsed at the end of decade {decade} (West {west}, East {east} mass "
                         f"protests): the East wins.")
    elif east >= 4:
        finish(st, WEST, f"East Germany collapsed: {east} mass protests at the end of decade {decade}.")
    elif west >= 4:
        finish(st, EAST, f"West Germany collapsed: {west} mass protests at the end of decade {decade}.")
    elif st.decade >= 4:
        finish(st, EAST, f"East Germany survived the 1980s (West {west}, East {east} mass protests): "
                         f"the East wins.")
    else:
        st.log.add(f"Wir sind das Volk? Not yet: West {west}, East {east} mass protests.")


PHASES: dict[str, Callable[[S], None]] = {
    "flight": flight, "prestige": prestige, "western_currency": western_currency, "police_upkeep": police_upkeep,
    "living_standard_limit": living_standard_limit, "internal_comparison": internal_comparison,
    "east_west_comparison": east_west_comparison, "police": police, "socialists": socialists,
    "collapse": collapse,
}
PROCEDURES = {
    "eod": _eod, "charge": _charge, "wall_prestige": _wall_prestige, "currency_balance": _currency_balance,
    "ls_limit": _ls_limit, "comparison": _comparison, "leftover_police": _leftover_police,
    "police_reset": _police_reset,
}
LEGAL = {"pay": _legal_pay, "declare_hamburg": _legal_declare, "prestige_bonus": _legal_bonus,
         "reduce_sector": _legal_reduce_sector, "retaliate": _legal_retaliate}
ACT = {"pay": _act_pay, "declare_hamburg": _act_declare, "prestige_bonus": _act_bonus,
       "reduce_sector": _act_reduce_sector, "retaliate": _act_retaliate}
DESCRIBE = {"pay": _describe_pay, "declare_hamburg": _describe_declare, "prestige_bonus": _describe_bonus,
            "reduce_sector": _describe_reduce_sector, "retaliate": _describe_retaliate}
PUBLIC = {"pay", "declare_hamburg", "prestige_bonus", "reduce_sector", "retaliate"}
