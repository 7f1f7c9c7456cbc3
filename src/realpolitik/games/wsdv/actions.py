"""The card values: remove unrest, build up the economy, increase living standard (spec §4.1–4.3).

The same small decisions serve the actions, the event icons and the end of decade:
``calm`` (take 1 unrest out of a province), ``dismantle`` (lose 1 build point), ``build``
(spend build points one at a time, then ``done``) and ``ls`` (up to three living-standard
markers, each in another province, card points topping up the economy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision

from . import board, grammar
from .common import asks, pkey, pname
from .content import LINE, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S

TOPPED, DELIVERED, SWITCHED = 1, 2, 4  # flags of an ls frame


# ====================================================================== §4.1 remove unrest


def calm_targets(st: S, side: int, where: str) -> list[int]:
    """Provinces of ``side`` with unrest, within an icon caption (wg, wb, eb)."""
    return [p for p in board.scope(st, side, where) if st.unrest[p]]


@decision(tag="calm", public=True)
class RemoveUnrest(NamedTuple):
    """Take 1 unrest out of a province of ``side`` (within an icon's caption ``where``) (§4.1, §5.2)."""

    seat: int
    side: int
    where: str

    def legal(self, st: S) -> list[str]:
        _, side, where = self
        return [grammar.calm(pkey(st, p)) for p in calm_targets(st, side, where)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        board.remove_unrest(st, p)
        st.log.add(f"1 unrest leaves {pname(st, p)} ({st.unrest[p]} left).")

    def describe(self, st: S, viewer: int | None) -> str:
        return asks(st, viewer, self.seat, "choose a province to remove 1 unrest from", "removes 1 unrest")


# ====================================================================== §4.2.5 dismantling


@decision(tag="dismantle", public=True)
class Dismantle(NamedTuple):
    """Lose 1 build point of ``side``: a factory level or a blue line (§4.2.5); ``why`` says what it pays for."""

    seat: int
    side: int
    where: str
    why: str

    def legal(self, st: S) -> list[str]:
        _, side, where, _ = self
        names = st.content.site_name
        return [grammar.dismantle(names[x]) for x in board.dismantle_sites(st, side, where or None)]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        site = st.content.site_index[grammar.words(action)[1]]
        st.log.add(f"{st.seats[seat]}: {board.dismantle(st, site)}.")

    def describe(self, st: S, viewer: int | None) -> str:
        mine = viewer == self.seat
        seat, side, _, why = self
        whose = "your" if mine and st.side(seat) == side else ("West's" if side == WEST else "East's")
        reason = " to pay for removing unrest with a foreign card" if why == "cost" else ""
        if mine:
            return f"dismantle one of {whose} build points{reason}"
        return f"{st.seats[seat]} dismantles a build point{reason}"


# ====================================================================== §4.2 build up economy


def _hamburg_switch(st: S, side: int) -> list[str]:
    """West may count Hamburg for the other province when that lifts a mass-protest ban (§1.2)."""
    if side != WEST:
        return []
    a, b = st.content.hamburg_provinces
    if (board.protests(st, a) == 0) == (board.protests(st, b) == 0):
        return []
    other = b if st.hamburg == a else a
    return [grammar.hamburg(pkey(st, other))]


@decision(tag="build", public=True)
class Build(NamedTuple):
    """Spend ``points`` build points one at a time on factories and blue lines, then ``done`` (§4.2); West may
    first let Hamburg count for the other province (§1.2)."""

    seat: int
    side: int
    points: int
    where: str
    switched: bool

    def legal(self, st: S) -> list[str]:
        _, side, points, where, switched = self
        names = st.content.site_name
        out = [grammar.build(names[x]) for x in board.build_sites(st, side, where or None, points)]
        if not switched and not where:
            out += _hamburg_switch(st, side)
        return out + [grammar.DONE]

    def act(self, st: S, action: str) -> None:
        seat, side, points, where, switched = self
        st.stack.pop()
        verb, arg = (grammar.words(action) + [""])[:2]
        c = st.content
        if verb == grammar.DONE:
            if points:
                st.log.add(f"{st.seats[seat]} leaves {points} build point(s) unused.")
            return
        if verb == "hamburg":
            st.hamburg = c.province_index[arg]
            st.log.add(f"Hamburg now counts for {pname(st, st.hamburg)}.")
            st.stack.append(Build(seat, side, points, where, True))
            return
        site = c.site_index[arg]
        points -= board.build(st, site)
        if site < LINE:
            st.log.add(f"{st.seats[seat]} builds a factory in {c.cities[site].name}.")
        else:
            st.log.add(f"{st.seats[seat]} builds infrastructure {arg}.")
        if points:
            st.stack.append(Build(seat, side, points, where, switched))

    def describe(self, st: S, viewer: int | None) -> str:
        mine = viewer == self.seat
        seat, _, points, where, _ = self
        if mine:
            caption = {"cssr": " in the ČSSR", "pl": " in Poland", "rheinsberg": " on Rheinsberg"}.get(where, "")
            return f"spend {points} build point(s){caption}: a factory or a blue line, or done"
        return f"{st.seats[seat]} builds up the economy"


# ====================================================================== §4.3 increase living standard


def ls_targets(st: S, side: int, points: int, placed: tuple, choice: tuple, flags: int) -> list[int]:
    """Provinces that may receive the next LS of this action (§4.3.1–4.3.3)."""
    c = st.content
    top_up = min(2, points)
    if flags & TOPPED and st.options["ls_top_up"] == "one-province":
        top_up = 0
    return [p for p in c.of_side[side] if p != c.wb and p not in placed
            and board.ls_requirement(st, p, choice) <= top_up]


@decision(tag="ls", public=True)
class LivingStandard(NamedTuple):
    """Raise living standards: up to 3 markers, each in another province, card points topping up the
    economy (§4.3.1–4.3.3); ``placed``, ``choice`` (external factories assigned) and ``flags`` carry the action on."""

    seat: int
    side: int
    points: int
    placed: tuple
    choice: tuple
    flags: int

    def legal(self, st: S) -> list[str]:
        _, side, points, placed, choice, flags = self
        out = [grammar.ls(pkey(st, p)) for p in ls_targets(st, side, points, placed, choice, flags)]
        if not placed:
            c = st.content
            if side == WEST and not flags & SWITCHED and st.factory[c.hamburg] != board.NONE:
                a, b = c.hamburg_provinces
                out.append(grammar.hamburg(pkey(st, b if st.hamburg == a else a)))
            if side != WEST:
                assigned = dict(zip(choice[::2], choice[1::2]))
                now = board.external_assignment(st, choice)
                for ext in c.externals:
                    links = board.external_links(st, ext) if st.factory[ext] != board.NONE else []
                    if len(links) == 2 and ext not in assigned:
                        out += [grammar.assign(c.cities[ext].key, pkey(st, p)) for p in links if p != now[ext]]
        return out + [grammar.DONE]

    def act(self, st: S, action: str) -> None:
        seat, side, points, placed, choice, flags = self
        st.stack.pop()
        words = grammar.words(action)
        c = st.content
        if words[0] == grammar.DONE:
            return
        if words[0] == "hamburg":
            st.hamburg = c.province_index[words[1]]
            st.log.add(f"Hamburg now counts for {pname(st, st.hamburg)}.")
            st.stack.append(LivingStandard(seat, side, points, placed, choice, flags | SWITCHED))
            return
        if words[0] == "assign":
            ext, p = c.city_index[words[1]], c.province_index[words[2]]
            st.log.add(f"The factory in {c.cities[ext].name} counts for {pname(st, p)} in this action.")
            st.stack.append(LivingStandard(seat, side, points, placed, choice + (ext, p), flags))
            return
        p = c.province_index[words[1]]
        need = board.ls_requirement(st, p, choice)
        economy = board.economy(st, p, choice)
        board.set_ls(st, p, st.ls[p] + 1)
        removed = board.remove_unrest(st, p)
        help_text = f", {need} card point(s)" if need else ""
        st.log.add(f"{st.seats[seat]} raises the living standard of {pname(st, p)} to {st.ls[p]} "
                   f"(economy {economy}{help_text}).")
        points -= need
        if need:
            flags |= TOPPED
        placed += (p,)
        if len(placed) < 3:
            st.stack.append(LivingStandard(seat, side, points, placed, choice, flags))
        if side == WEST and not flags & DELIVERED and _may_deliver(st, p):
            st.stack.append(Deliver(seat, p, removed))

    def describe(self, st: S, viewer: int | None) -> str:
        mine = viewer == self.seat
        seat, _, points, placed, _, _ = self
        if mine:
            return (f"place living standard {len(placed) + 1} of up to 3 (each in another province; "
                    f"{points} card point(s) left, at most 2 per province), or done")
        return f"{st.seats[seat]} raises living standards"


# ====================================================================== §4.3.4 West Berlin via its suppliers


def _may_deliver(st: S, p: int) -> bool:
    """A supplier now above West Berlin's total LS may pass this LS to its own, lowest sector."""
    c = st.content
    if p not in c.supplier:
        return False
    sector = c.supplier.index(p)
    return st.ls[p] > st.ls[c.wb] and sector in board.lowest_sectors(st)


@decision(tag="deliver", public=True)
class Deliver(NamedTuple):
    """A supplier province now above West Berlin may pass its new living standard to its own sector (§4.3.4)."""

    seat: int
    p: int
    removed: int

    def legal(self, st: S) -> list[str]:
        return [grammar.DELIVER, grammar.KEEP]

    def act(self, st: S, action: str) -> None:
        _, p, removed = self
        st.stack.pop()
        if action == grammar.KEEP:
            return
        c = st.content
        sector = c.supplier.index(p)
        board.set_ls(st, p, st.ls[p] - 1)
        board.add_unrest(st, p, removed)
        board.add_sector_ls(st, sector, 1)
        board.remove_unrest(st, c.wb)
        st.delivered[sector] = True
        st.log.add(f"{pname(st, p)} delivers the living standard to the {c.sectors[sector]} sector of West Berlin "
                   f"(West Berlin now {st.ls[c.wb]}).")
        if st.stack and isinstance(st.stack[-1], LivingStandard):  # the rest of the action delivers no more
            rest = st.stack[-1]
            st.stack[-1] = rest._replace(flags=rest.flags | DELIVERED)

    def describe(self, st: S, viewer: int | None) -> str:
        seat, p, _ = self
        return asks(st, viewer, seat,
                    f"deliver this living standard from {pname(st, p)} to its West Berlin sector, or keep it",
                    f"decides whether {pname(st, p)} supplies West Berlin")


