"""A card's value used: remove unrest, build up the economy, increase living standard (``docs/games/wsdv.md``).

The same small decisions serve the actions, the event icons and the end of decade:
``calm`` (take 1 unrest out of a province), ``dismantle`` (lose 1 build point), ``build``
(spend build points one at a time, then ``done``) and ``ls`` (up to three living-standard
markers, each in another province, card points topping up the economy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision
from realpolitik.i18n import Text, phrase, phrase_n, t, tn

from . import board, grammar, words
from .common import asks, made, pkey, pname
from .content import LINE, WEST
from .options import LsTopUp

if TYPE_CHECKING:
    from .state import WsdvState as S

TOPPED, DELIVERED, SWITCHED = 1, 2, 4  # flags of an ls frame


# the log lines written here at every step, made by ``phrase`` (i18n/messages.py)
UNREST_LEAVES = phrase("1 unrest leaves {province} ({unrest} left).", "province", "unrest")
DOES = phrase("{seat}: {what}.", "seat", "what")
BUILDS_FACTORY = phrase("{seat} builds a factory in {city}.", "seat", "city")
BUILDS = phrase("{seat} builds {site}.", "seat", "site")
RAISES_LS = phrase_n("{seat} raises the living standard of {province} to {ls} (economy {economy}, {need} card point).",
                     "{seat} raises the living standard of {province} to {ls} (economy {economy}, {need} card points).",
                     "seat", "province", "ls", "economy", "need", count="need")
DELIVERS_LIVING_STANDARD_WEST = phrase("{province} delivers the living standard to {sector} (West Berlin now {wb}).",
                                       "province", "sector", "wb")
HAMBURG_NOW_COUNTS = phrase("Hamburg now counts for {province}.", "province")
FACTORY_COUNTS_THIS_ACTION = phrase("The factory in {city} counts for {province} in this action.", "city", "province")
LEAVES_BUILD_POINT_UNUSED = phrase_n("{seat} leaves {points} build point unused.",
                                     "{seat} leaves {points} build points unused.", "seat", "points", count="points")
RAISES_LIVING_STANDARD_ECONOMY = phrase("{seat} raises the living standard of {province} to {ls} (economy {economy}).",
                                        "seat", "province", "ls", "economy")


# ====================================================================== §4.1 remove unrest


def calm_targets(st: S, side: int, where: str) -> list[int]:
    """Provinces of ``side`` with unrest, within an icon caption (wg, wb, eb)."""
    return [p for p in board.scope(st, side, where) if st.unrest[p]]


@decision(public=True)
class RemoveUnrest(NamedTuple):
    """Take 1 unrest out of a province of ``side`` (within an icon's caption ``where``) (§4.1, §5.2)."""

    seat: int
    side: int
    where: str

    def legal(self, st: S) -> list[str]:
        _, side, where = self
        calm, unrest = st.content.texts.calm, st.unrest
        return [calm[p] for p in board.scope(st, side, where) if unrest[p]]  # ``calm_targets``

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        board.remove_unrest(st, p)
        st.log.say(UNREST_LEAVES, pname(st, p), st.unrest[p])

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("choose a province to remove 1 unrest from"), t("removes 1 unrest"))


# ====================================================================== §4.2.5 dismantling


@decision(public=True)
class Dismantle(NamedTuple):
    """Lose 1 build point of ``side``: a factory level or a blue line (§4.2.5); ``why`` says what it pays for."""

    seat: int
    side: int
    where: str
    why: str

    def legal(self, st: S) -> list[str]:
        _, side, where, _ = self
        texts = st.content.texts.dismantle
        return [texts[x] for x in board.dismantle_sites(st, side, where or None)]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        site = st.content.site_index[grammar.words(action)[1]]
        what = board.dismantle(st, site)
        st.log.say(DOES, st.seats[seat], what)

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, side, _, why = self
        paying = why == "cost"
        if mine and st.side(seat) == side:
            return (t("dismantle one of your build points to pay for removing unrest with a foreign card") if paying
                    else t("dismantle one of your build points"))
        if mine:
            whose = t("West's") if side == WEST else t("East's")
            return (t("dismantle one of {whose} build points to pay for removing unrest with a foreign card",
                      whose=whose) if paying else t("dismantle one of {whose} build points", whose=whose))
        if paying:
            return t("{seat} dismantles a build point to pay for removing unrest with a foreign card",
                     seat=st.seats[seat])
        return t("{seat} dismantles a build point", seat=st.seats[seat])


# ====================================================================== §4.2 build up economy


def _hamburg_switch(st: S, side: int) -> list[str]:
    """West may count Hamburg for the other province when that lifts a mass-protest ban (§1.2)."""
    if side != WEST or max(st.unrest) < 4 and not any(st.supplier_mp):  # no mass protest anywhere
        return []
    a, b = st.content.hamburg_provinces
    if (board.protests(st, a) == 0) == (board.protests(st, b) == 0):
        return []
    other = b if st.hamburg == a else a
    return [grammar.hamburg(pkey(st, other))]


@decision(public=True)
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
        texts = st.content.texts
        cities, lines = board.build_masks(st, side, where or None, points)  # the sites, as their texts
        out = board.picked(texts.build_cities, cities) + board.picked(texts.build_lines, lines)
        if not switched and not where:
            out += _hamburg_switch(st, side)
        out.append(grammar.DONE)
        return out

    def act(self, st: S, action: str) -> None:
        seat, side, points, where, switched = self
        st.stack.pop()
        verb, _, arg = action.partition(" ")  # ``done`` has no argument
        c = st.content
        if verb == grammar.DONE:
            if points:
                st.log.say(LEAVES_BUILD_POINT_UNUSED, st.seats[seat], points)
            return
        if verb == "hamburg":
            board.set_hamburg(st, c.province_index[arg])
            st.log.say(HAMBURG_NOW_COUNTS, pname(st, st.hamburg))
            st.stack.append(build_frame(seat, side, points, where, True))
            return
        site = c.site_index[arg]
        points -= board.build(st, site)
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            if site < LINE:
                st.log.say(BUILDS_FACTORY, st.seats[seat], c.city_words[site])
            else:
                st.log.say(BUILDS, st.seats[seat], words.site(st, arg))
        if points:
            st.stack.append(build_frame(seat, side, points, where, switched))

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, _, points, where, _ = self
        if mine:
            if where in ("cssr", "pl", "rheinsberg"):
                return tn("spend {points} build point {where}: a factory or a blue line, or done",
                          "spend {points} build points {where}: a factory or a blue line, or done", "points",
                          points=points, where=words.where(where))
            return tn("spend {points} build point: a factory or a blue line, or done",
                      "spend {points} build points: a factory or a blue line, or done", "points", points=points)
        return t("{seat} builds up the economy", seat=st.seats[seat])


# ====================================================================== §4.3 increase living standard


def ls_targets(st: S, side: int, points: int, placed: tuple, choice: tuple, flags: int) -> list[int]:
    """Provinces that may receive the next LS of this action (§4.3.1–4.3.3)."""
    c = st.content
    top_up = min(2, points)
    if flags & TOPPED and st.opts.ls_top_up == LsTopUp.ONE_PROVINCE:
        top_up = 0
    economies, ls = board.economies(st, choice), st.ls
    # the card points missing (``board.ls_requirement``: 3·(LS + 1) − economy) are at most the top-up
    need = top_up - 3
    return [p for p in c.raisable[side] if p not in placed and 3 * ls[p] - economies[p] <= need]


@decision(public=True)
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
        texts = st.content.texts.ls
        out = [texts[p] for p in ls_targets(st, side, points, placed, choice, flags)]
        if not placed:
            c = st.content
            if side == WEST and not flags & SWITCHED and st.factory[c.hamburg] != board.NONE:
                a, b = c.hamburg_provinces
                out.append(grammar.hamburg(pkey(st, b if st.hamburg == a else a)))
            if side != WEST:
                assigned = choice[::2]
                for ext in c.externals:
                    if st.factory[ext] != board.NONE and ext not in assigned:
                        links = board.external_links(st, ext)
                        if len(links) == 2:
                            now = board.external_assignment(st, choice)[ext]
                            out += [grammar.assign(c.cities[ext].key, pkey(st, p)) for p in links if p != now]
        out.append(grammar.DONE)
        return out

    def act(self, st: S, action: str) -> None:
        seat, side, points, placed, choice, flags = self
        st.stack.pop()
        words = grammar.words(action)
        c = st.content
        if words[0] == grammar.DONE:
            return
        if words[0] == "hamburg":
            board.set_hamburg(st, c.province_index[words[1]])
            st.log.say(HAMBURG_NOW_COUNTS, pname(st, st.hamburg))
            st.stack.append(ls_frame(seat, side, points, placed, choice, flags | SWITCHED))
            return
        if words[0] == "assign":
            ext, p = c.city_index[words[1]], c.province_index[words[2]]
            st.log.say(FACTORY_COUNTS_THIS_ACTION, t(c.cities[ext].name), pname(st, p))
            st.stack.append(ls_frame(seat, side, points, placed, choice + (ext, p), flags))
            return
        p = c.province_index[words[1]]
        need = board.ls_requirement(st, p, choice)
        economy = board.economy(st, p, choice)
        board.set_ls(st, p, st.ls[p] + 1)
        removed = board.remove_unrest(st, p)
        if st.log.keeps and need:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(RAISES_LS, st.seats[seat], pname(st, p), st.ls[p], economy, need)
        st.log.say(RAISES_LIVING_STANDARD_ECONOMY, st.seats[seat], pname(st, p), st.ls[p], economy)
        points -= need
        if need:
            flags |= TOPPED
        placed += (p,)
        if len(placed) < 3:
            st.stack.append(ls_frame(seat, side, points, placed, choice, flags))
        if side == WEST and not flags & DELIVERED and _may_deliver(st, p):
            st.stack.append(Deliver(seat, p, removed))

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, _, points, placed, _, _ = self
        if mine:
            return tn("place living standard {n} of up to 3 (each in another province; {points} card point left, at "
                      "most 2 per province), or done", "place living standard {n} of up to 3 (each in another "
                      "province; {points} card points left, at most 2 per province), or done", "points",
                      n=len(placed) + 1, points=points)
        return t("{seat} raises living standards", seat=st.seats[seat])


# ====================================================================== the frames above, made once


calm_frame, dismantle_frame = made(RemoveUnrest), made(Dismantle)
build_frame, ls_frame = made(Build), made(LivingStandard)


# ====================================================================== §4.3.4 West Berlin via its suppliers


def _may_deliver(st: S, p: int) -> bool:
    """A supplier now above West Berlin's total LS may pass this LS to its own, lowest sector."""
    c = st.content
    if p not in c.supplier:
        return False
    sector = c.supplier.index(p)
    return st.ls[p] > st.ls[c.wb] and sector in board.lowest_sectors(st)


@decision(public=True)
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
        st.log.say(DELIVERS_LIVING_STANDARD_WEST, pname(st, p), words.place(st, f"wb-{c.sectors[sector]}"), st.ls[c.wb])
        if st.stack and isinstance(st.stack[-1], LivingStandard):  # the rest of the action delivers no more
            rest = st.stack[-1]
            st.stack[-1] = rest._replace(flags=rest.flags | DELIVERED)

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, p, _ = self
        return asks(st, viewer, seat,
                    t("deliver this living standard from {province} to its West Berlin sector, or keep it",
                      province=pname(st, p)),
                    t("decides whether {province} supplies West Berlin", province=pname(st, p)))


