"""Triggering events: icons, arrows and track overflow, the wall (``docs/games/wsdv.md``).

An event's icons form a pool. The triggering player picks which icon to execute next
(``next <icon>``) whenever more than one kind is left; each icon then asks for its target
(province, site, factory). Icons with a coat of arms are decided by that state. The
arrows move the track markers after the icons; steps that would leave a track are turned
into the bonus icon printed beyond its end, which joins the pool (decision 16 of docs/games/wsdv.md).
The prestige phase of the end of decade reuses the same icon machinery; the special
card's price, the Stasi and the Guillaume affair are in ``specials``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, listed, phrase, t

from . import board, grammar, specials, words
from .board import NONE, RUNDOWN, WORKING
from .common import ROMAN, asks, finish, made, name, pkey, pname
from .content import EAST, WEST, Icon
from .options import ProtestRemoval
from .value_uses import build_frame, calm_frame, calm_targets, dismantle_frame

if TYPE_CHECKING:
    from .state import WsdvState as S

TRACKS = ("prestige", "currency", "socialism")
#: the tracks as the log names them
TRACK_NAMES = {"prestige": t("prestige"), "currency": t("currency"), "socialism": t("socialism")}


# the log lines written here at every step, made by ``phrase`` (i18n/messages.py)
TRACK_AT = phrase("{track} {pos}", "track", "pos")
TRACKS_MOVED = phrase("Tracks: {moves}.", "moves")
UNREST_GOES = phrase("1 unrest goes to {province} ({unrest}).", "province", "unrest")
N_1_UNREST_MOVES = phrase("1 unrest moves from {province} to {province2}.", "province", "province2")
MASS_PROTEST_ENDS_UNREST = phrase("The mass protest in {province} ends ({unrest} unrest left).", "province", "unrest")
LOSES_LIVING_STANDARD = phrase("{province} loses a living standard ({ls}).", "province", "ls")
FACTORY_RUNS_DOWN = phrase("The factory in {city} runs down.", "city")
FACTORY_REPAIRED = phrase("The factory in {city} is repaired.", "city")
FACTORY_CLOSED_ALL_INFRASTRUCTURE = phrase("The factory in {city} is closed with all its infrastructure.", "city")
IGNORES = phrase("{seat} ignores {item}.", "seat", "item")
GAINS_LIVING_STANDARD = phrase("{province} gains a living standard ({ls}).", "province", "ls")
PRESTIGE_BEYOND_TRACK_CALMS = phrase("Prestige beyond the track: 1 unrest leaves {province}.", "province")
PRESTIGE_BEYOND_TRACK_ADDS = phrase("Prestige beyond the track: 1 unrest goes to {province}.", "province")
STASI_DISBANDED_NO_POLICE = t("The Stasi is disbanded: no police card is gained.")
EAST_GAINS_POLICE_CARD = phrase("East gains a {colour} police card.", "colour")
BERLIN_WALL_BUILT_NOW = t("The Berlin Wall is built. From now on every end of decade costs East a build point and a "
                          "step of prestige.")
WALL_COMES_DOWN = t("The Wall comes down.")


# ====================================================================== triggering (§4.4)


def trigger(st: S, seat: int, key: str) -> None:
    """Trigger a card's event; the special card first asks for its drawback (§4.5)."""
    card = st.card(key)
    if card.is_special and st.content.setups[st.opts.setup].special_drawback:
        st.stack.append(Event(seat, key, ""))
        if st.hands[seat] or st.deck:
            st.stack.append(specials.SpecialCardPrice(seat))
        return
    if card.colour == "dual":
        st.stack.append(Ignore(seat, key))
        return
    _begin(st, seat, key, "")


@procedure
class Event(NamedTuple):
    """Run a card's event once its drawback is settled, minus an ignored icon or arrow (§4.4, §4.5)."""

    seat: int
    key: str
    ignored: str

    def run(self, st: S) -> None:
        seat, key, ignored = self
        _begin(st, seat, key, ignored)


def _begin(st: S, seat: int, key: str, ignored: str) -> None:
    """Build the icon pool (minus an ignored icon) and queue the arrows (§4.4.2–4.4.4)."""
    pool = list(st.content.event_pools[key])
    if ignored in pool:
        pool.remove(ignored)
    steps = list(st.content.card_arrows[key])
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
    st.stack.append(arrows_frame(seat, key, *steps))
    st.stack.append(icons_frame(seat, tuple(pool)))


@decision(public=True)
class Ignore(NamedTuple):
    """A dual card's event: the triggering player may ignore one icon or one arrow step (§4.4.1)."""

    seat: int
    key: str

    def legal(self, st: S) -> list[str]:
        key = self.key
        card = st.card(key)
        out = [grammar.ignore("nothing")] + [grammar.ignore(icon.slug) for icon in card.icons]
        return out + [grammar.ignore(t) for t in TRACKS if getattr(card.arrows, t)]

    def act(self, st: S, action: str) -> None:
        seat, key = self
        st.stack.pop()
        what = grammar.words(action)[1]
        if what != "nothing":
            st.log.say(IGNORES, st.seats[seat], words.item_words(st, what))
        _begin(st, seat, key, "" if what == "nothing" else what)

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, key = self
        return asks(st, viewer, seat,
                    t("dual card {card}: ignore one icon or one arrow step, or nothing", card=name(st, key)),
                    t("may ignore one icon or arrow of {card}", card=name(st, key)))


@procedure
class Arrows(NamedTuple):
    """Move the track markers; steps beyond ±6 were already turned into bonus icons."""

    seat: int
    key: str
    prestige: int
    currency: int
    socialism: int

    def run(self, st: S) -> None:
        _, _, prestige, currency, socialism = self
        moved = []
        for track, step in zip(TRACKS, (prestige, currency, socialism)):
            if step:
                setattr(st, track, max(-6, min(6, getattr(st, track) + step)))
                moved.append(track)
        if moved and st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            moves = [TRACK_AT(TRACK_NAMES[track], f"{getattr(st, track):+d}") for track in moved]
            st.log.say(TRACKS_MOVED, listed(moves))


@procedure
class Icons(NamedTuple):
    """Execute the pool: the triggering player chooses the next icon when several kinds are left."""

    seat: int
    pool: tuple

    def run(self, st: S) -> None:
        seat, pool = self
        if not pool:
            return
        kinds = list(dict.fromkeys(pool))
        if len(kinds) == 1:
            run_icon(st, seat, pool, kinds[0])
        else:
            st.stack.append(next_icon_frame(seat, pool))


@decision(public=True)
class NextIcon(NamedTuple):
    """Several kinds of icons are left in the pool: the triggering player chooses the next (§4.4.2)."""

    seat: int
    pool: tuple

    def legal(self, st: S) -> list[str]:
        return list(_next_icons(self.pool))

    def act(self, st: S, action: str) -> None:
        seat, pool = self
        st.stack.pop()
        run_icon(st, seat, pool, grammar.words(action)[1])

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("choose which icon to execute next"), t("chooses the order of the icons"))

    def units(self, slug: str) -> int:
        """How many of the icon ``next <slug>`` executes: its words count them."""
        return units(self.pool, slug)


@lru_cache(maxsize=4096)
def _next_icons(pool: tuple) -> tuple[str, ...]:
    """``NextIcon``'s action texts for a pool (pools come from the cards: a few hundred): one per kind of icon."""
    return tuple(map(grammar.next_item, dict.fromkeys(pool)))


def units(pool: tuple, slug: str) -> int:
    """How many of an icon of the pool run at once: every build icon of its kind (their points are
    built in one go), else one."""
    return pool.count(slug) if slug.startswith("build") else 1


def run_icon(st: S, seat: int, pool: tuple, slug: str) -> None:
    """Take one icon out of the pool (all build icons of a kind at once) and execute it."""
    n = units(pool, slug)
    rest = list(pool)
    if n > 1:
        rest = [s for s in rest if s != slug]
    else:
        rest.remove(slug)
    st.stack.append(icons_frame(seat, tuple(rest)))
    execute(st, seat, st.content.icons[slug], n)


#: the frames of an event's pool, each made once for the same fields (``common.made``)
arrows_frame, icons_frame = made(Arrows), made(Icons)


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
            st.stack.append(unrest_frame(decider, side, where, icon.cap or 0))
    elif kind == "calm":
        if calm_targets(st, side, where):
            st.stack.append(calm_frame(decider, side, where))
    elif kind == "move":
        if any(map(st.unrest.__getitem__, c.of_side[side])):
            st.stack.append(MoveUnrest(decider, side))
    elif kind == "build":
        if any(board.build_masks(st, side, where or None, n)):  # a site to build on
            st.stack.append(build_frame(decider, side, n, where, False))
    elif kind == "dismantle":
        _dismantle_or_fail(st, decider, side, where)
    elif kind == "end-protest":
        if any(st.unrest[p] >= 4 for p in c.of_side[EAST]):
            st.stack.append(EndProtest(decider))
    elif kind == "ls":
        if _free_ls_targets(st, side, where, icon.cap or 0):
            st.stack.append(free_ls_frame(decider, side, where, icon.cap or 0, icon.calms))
    elif kind == "reduce-ls":
        if any(map(st.ls.__getitem__, c.of_side[side])):
            st.stack.append(ReduceLivingStandard(decider, side))
    elif kind == "rundown":
        if board.rundown_sites(st):
            st.stack.append(Rundown(decider))
        elif icon.fallback:
            _dismantle_or_fail(st, decider, EAST, "")
    elif kind == "repair":
        if _repair_sites(st, where):
            st.stack.append(Repair(decider, where))
    elif kind == "stop":
        if _stop_sites(st, where):
            st.stack.append(CloseFactory(decider, where))
    elif kind == "police":
        if st.stasi:
            st.log.say(STASI_DISBANDED_NO_POLICE)
        else:
            st.police.append(icon.colour)
            st.log.say(EAST_GAINS_POLICE_CARD, t("red") if icon.colour == "red" else t("pink"))
    elif kind == "wall":
        st.wall = True
        st.log.say(BERLIN_WALL_BUILT_NOW)
    elif kind == "wall-down":
        st.wall = False
        st.log.say(WALL_COMES_DOWN)
    elif kind == "stasi-off":
        specials.stasi_disbandment(st)
    elif kind == "guillaume":
        specials.guillaume_affair(st)
    elif kind == "prestige-overflow":
        st.stack.append(PrestigeOverflow(decider, side))


def _dismantle_or_fail(st: S, seat: int, side: int, where: str) -> None:
    """A dismantle with nothing left to dismantle is skipped, except East's at the end of a decade."""
    if board.dismantle_sites(st, side, where or None):
        st.stack.append(dismantle_frame(seat, side, where, "icon"))
    elif st.eod >= 0 and side == EAST:
        finish(st, WEST, t("National insolvency: East had no build point left to dismantle at the end of decade "
                           "{decade}.", decade=ROMAN[st.decade]))


def _repair_sites(st: S, where: str) -> list[int]:
    c = st.content
    return [x for x in c.province_cities[c.province_index[where]] if st.factory[x] == RUNDOWN]


def _stop_sites(st: S, where: str) -> list[int]:
    c = st.content
    return [x for x in c.externals if c.cities[x].country == where and st.factory[x] != NONE]


@decision(public=True)
class PlaceUnrest(NamedTuple):
    """An unrest icon: 1 unrest into a province of ``side`` within its caption, at most ``cap`` per
    province from one event (§5.2)."""

    seat: int
    side: int
    where: str
    cap: int

    def legal(self, st: S) -> list[str]:
        _, side, where, cap = self
        return list(map(st.content.texts.unrest.__getitem__, unrest_targets(st, side, where, cap)))

    def act(self, st: S, action: str) -> None:
        cap = self.cap
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        board.add_unrest(st, p)
        if cap:
            st.hits.append(p)
        st.log.say(UNREST_GOES, pname(st, p), st.unrest[p])

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, side, _, _ = self
        if mine:
            return t("choose the {side} province that gets 1 unrest", side=t("West") if side == WEST else t("East"))
        return t("{seat} places 1 unrest", seat=st.seats[seat])


@decision(public=True)
class MoveUnrest(NamedTuple):
    """Move 1 unrest from one province of ``side`` to another (§5.2)."""

    seat: int
    side: int

    def legal(self, st: S) -> list[str]:
        side = self.side
        provinces = st.content.of_side[side]
        return [grammar.move(pkey(st, a), pkey(st, b)) for a in provinces if st.unrest[a] for b in provinces if b != a]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        _, a, b = grammar.words(action)
        pa, pb = st.content.province_index[a], st.content.province_index[b]
        board.remove_unrest(st, pa)
        board.add_unrest(st, pb)
        st.log.say(N_1_UNREST_MOVES, pname(st, pa), pname(st, pb))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("move 1 unrest from one East province to another"), t("moves 1 unrest"))


@decision(public=True)
class EndProtest(NamedTuple):
    """An East mass protest ends: the province goes back to 3 unrest, or loses 4 (decision 6 of docs/games/wsdv.md)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.end_protest(pkey(st, p)) for p in st.content.of_side[EAST] if st.unrest[p] >= 4]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        if st.opts.protest_removal == ProtestRemoval.TO_THREE:
            st.unrest[p] = 3
        else:
            st.unrest[p] -= 4
        st.log.say(MASS_PROTEST_ENDS_UNREST, pname(st, p), st.unrest[p])

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("choose the East mass protest that ends"), t("ends an East mass protest"))


def _free_ls_targets(st: S, side: int, where: str, cap: int) -> list[str]:
    c = st.content
    provinces = [p for p in board.scope(st, side, where) if p != c.wb]
    out = [pkey(st, p) for p in provinces if not (cap and st.hits.count(p) >= cap)]
    if side == WEST and not where:
        out += [f"wb-{c.sectors[i]}" for i in board.lowest_sectors(st)]
    return out


@decision(public=True)
class FreeLivingStandard(NamedTuple):
    """A living-standard icon: 1 free living standard in a province (or a West Berlin sector) of
    ``side`` (§5.2); ``calms`` removes 1 unrest there too."""

    seat: int
    side: int
    where: str
    cap: int
    calms: bool

    def legal(self, st: S) -> list[str]:
        _, side, where, cap, _ = self
        return [grammar.ls(t) for t in _free_ls_targets(st, side, where, cap)]

    def act(self, st: S, action: str) -> None:
        _, _, _, cap, calms = self
        st.stack.pop()
        c = st.content
        target = grammar.words(action)[1]
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
        st.log.say(GAINS_LIVING_STANDARD, pname(st, p), st.ls[p])

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("choose where the free living standard goes"),
                    t("places a free living standard"))


@decision(public=True)
class ReduceLivingStandard(NamedTuple):
    """A province of ``side`` loses 1 living standard (§5.2)."""

    seat: int
    side: int

    def legal(self, st: S) -> list[str]:
        side = self.side
        return [grammar.reduce(pkey(st, p)) for p in st.content.of_side[side] if st.ls[p] and p != st.content.wb]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        board.set_ls(st, p, st.ls[p] - 1)
        st.log.say(LOSES_LIVING_STANDARD, pname(st, p), st.ls[p])

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("choose the East province that loses 1 living standard"),
                    t("removes a living standard"))


@decision(public=True)
class Rundown(NamedTuple):
    """An East factory runs down (§5.2)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.rundown(st.content.cities[x].key) for x in board.rundown_sites(st)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        x = st.content.city_index[grammar.words(action)[1]]
        board.set_factory(st, x, RUNDOWN)
        st.log.say(FACTORY_RUNS_DOWN, t(st.content.cities[x].name))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("choose the East factory that runs down"), t("runs down an East factory"))


@decision(public=True)
class Repair(NamedTuple):
    """A run-down factory in province ``where`` is repaired (§5.2)."""

    seat: int
    where: str

    def legal(self, st: S) -> list[str]:
        where = self.where
        return [grammar.repair(st.content.cities[x].key) for x in _repair_sites(st, where)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        x = st.content.city_index[grammar.words(action)[1]]
        board.set_factory(st, x, WORKING)
        st.log.say(FACTORY_REPAIRED, t(st.content.cities[x].name))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("choose the run-down factory to repair"), t("repairs a factory"))


@decision(public=True)
class CloseFactory(NamedTuple):
    """An external factory in country ``where`` is closed with all its infrastructure (§5.2)."""

    seat: int
    where: str

    def legal(self, st: S) -> list[str]:
        where = self.where
        return [grammar.stop(st.content.cities[x].key) for x in _stop_sites(st, where)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        x = st.content.city_index[grammar.words(action)[1]]
        board.remove_external(st, x)
        st.log.say(FACTORY_CLOSED_ALL_INFRASTRUCTURE, t(st.content.cities[x].name))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("choose the external factory that is closed"),
                    t("closes an external factory"))


@decision(public=True)
class PrestigeOverflow(NamedTuple):
    """Prestige beyond the end of the track: remove 1 own unrest or put 1 into the other state (§4.4.4)."""

    seat: int
    side: int

    def legal(self, st: S) -> list[str]:
        side = self.side
        c = st.content
        out = [c.texts.calm[p] for p in c.of_side[side] if st.unrest[p]]
        return out + [grammar.unrest(pkey(st, p)) for p in c.of_side[board.other(side)]]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        verb, key = grammar.words(action)
        p = st.content.province_index[key]
        if verb == "calm":
            board.remove_unrest(st, p)
            st.log.say(PRESTIGE_BEYOND_TRACK_CALMS, pname(st, p))
        else:
            board.add_unrest(st, p)
            st.log.say(PRESTIGE_BEYOND_TRACK_ADDS, pname(st, p))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("prestige beyond the end of the track: remove 1 of your unrest or put 1 unrest into the other "
                      "state"),
                    t("cashes in prestige beyond the track"))


#: the icons' frames, each made once for the same fields (``common.made``)
next_icon_frame, unrest_frame, free_ls_frame = made(NextIcon), made(PlaceUnrest), made(FreeLivingStandard)
