"""The end of a decade: the ten phases in printed order, and the victory checks (``docs/games/wsdv.md``).

``PHASES`` lists the phases' procedures in printed order; 2+2 puts its own three in front of
these. A phase pushes the next phase first and its own work on top, so the
phases run strictly in order. Any East dismantle or rundown that cannot be paid is
national insolvency: West wins at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, listed, phrase, phrase_n, t, tn

from . import board, grammar, words
from .common import ROMAN, asks, finish, leader, made, pkey, pname, shared
from .content import EAST, WEST
from .events import execute, icons_frame
from .options import BerlinTolerance
from .protests import SOCIALISTS, SUPPLIERS, Purge
from .value_uses import RemoveUnrest

if TYPE_CHECKING:
    from .state import WsdvState as S


# the log lines written here at every step, made by ``phrase`` (i18n/messages.py)
PHASE_BEGINS = phrase("End of decade {decade}, phase {i}: {phase}.", "decade", "i", "phase")
PICKS = phrase("{seat} picks: {what} ({why}).", "seat", "what", "why")
SPILLS = phrase("{province}'s higher living standard puts {amount} unrest into {province2} ({unrest}).",
                "province", "amount", "province2", "unrest")
FLIGHT = phrase_n("Flight track: {flight} — East loses {n} build point, {side} picking first.",
                  "Flight track: {flight} — East loses {n} build points, {side} picking first.", "flight", "n", "side")
CURRENCY = phrase("Western currency: track {track} + {income} export income (West's weakest export factory {low}) "
                  "− {east_ls} East living standard = {balance}.", "track", "income", "low", "east_ls", "balance")
WALL_STANDS_EAST_DISMANTLES = t("The Wall stands: East dismantles 1 build point and prestige moves 1 step toward West.")
PRESTIGE_LEVEL_NO_BONUS = t("Prestige is level: no bonus.")
TAKES_PRESTIGE_BONUS_SPACE = phrase("{seat} takes the prestige bonus of space {n}: {icons}.", "seat", "n", "icons")
ALL_WORKING_EAST_FACTORIES = phrase("All {working} working East factories run down.", "working")
ALL_EAST_INFRASTRUCTURE_DISMANTLED = t("All East infrastructure is dismantled.")
POLICE_UPKEEP_EAST_DISMANTLES = phrase_n("Police upkeep: East dismantles {n} build point.",
                                         "Police upkeep: East dismantles {n} build points.", "n")
LOSES_LIVING_STANDARD = phrase("{sector} loses a living standard.", "sector")
UNUSED_POLICE_CARD_EAST = phrase_n("{left} unused police card: East removes as many unrest.",
                                   "{left} unused police cards: East removes as many unrest.", "left", count="left")
PICKS_FACTORY_RUNS_DOWN = phrase("{seat} picks: the factory in {city} runs down ({why}).", "seat", "city", "why")
HAMBURG_COUNTS = phrase("Hamburg counts for {province}.", "province")
PRESTIGE = phrase("Prestige {prestige}.", "prestige")
WEST_BERLIN_LIVING_STANDARD = phrase("West Berlin: living standard {wb} must fall to {limit}.", "wb", "limit")
EAST_GAINS_SOCIALIST_HOLDING = phrase_n("East gains {gain} socialist (holding box {box}).",
                                        "East gains {gain} socialists (holding box {box}).", "gain", "box",
                                        count="gain")
LIVING_STANDARD_FALLS_EXPORT = phrase("{province}: living standard {ls} falls to its export level {cap}.",
                                      "province", "ls", "cap")
LAGS_BEHIND_UNREST = phrase("{province} lags {ls} behind: {gap} unrest ({unrest}).", "province", "ls", "gap", "unrest")
EAST_LOSES_SOCIALIST_HOLDING = phrase_n("East loses {loss} socialist from the holding box ({box} left).",
                                        "East loses {loss} socialists from the holding box ({box} left).",
                                        "loss", "box", count="loss")
EAST_LOSES_SOCIALISTS_HOLDING = phrase("East loses {loss} socialists: the holding box is emptied and West removes "
                                       "{rest} from the map.", "loss", "rest")
WIR_SIND_DAS_VOLK = phrase("Wir sind das Volk? Not yet: West {west}, East {east} mass protests.", "west", "east")


@procedure
class EndOfDecade(NamedTuple):
    """Phase ``i`` of the end of decade, in the printed order (the state's ``PHASES``); after the last,
    the next decade (§7)."""

    i: int

    def run(self, st: S) -> None:
        i = self.i
        phases = st.PHASES
        if i >= len(phases):
            st.eod = -1
            st.stack.append(shared(st.StartDecade))  # 2+2 begins its decades by its own rules
            return
        st.eod = i
        st.stack.append(eod_frame(i + 1))
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(PHASE_BEGINS, ROMAN[st.decade], i + 1, PHASE_NAMES[phases[i].__name__])
        phases[i](st)


#: the phases' frames, each made once (``common.made``)
eod_frame = made(EndOfDecade)


# ====================================================================== paying build points


def charge(st: S, seat: int, n: int, mode: str, alternate: bool, why: Text) -> None:
    """East pays ``n`` build points or factories now (see ``Charge``)."""
    Charge(seat, n, mode, alternate, why).run_now(st)


@procedure
class Charge(NamedTuple):
    """East pays ``n`` build points (``dismantle``) or factories (``rundown``), one pick at a time.

    With ``alternate`` the picks alternate between the sides, ``seat`` first (§7 phases 1, 3).
    """

    seat: int
    n: int
    mode: str
    alternate: bool
    why: Text

    def run(self, st: S) -> None:
        seat, n, mode, alternate, why = self
        if n <= 0:
            return
        if not _pay_sites(st, mode):
            finish(st, WEST, t("National insolvency: East could not pay for {why} at the end of decade {decade}.",
                               why=why, decade=ROMAN[st.decade]))
            return
        nxt = st.seat_of(board.other(st.side(seat))) if alternate else seat
        st.stack.append(Charge(nxt, n - 1, mode, alternate, why))
        st.stack.append(Pay(seat, mode, why))


def _pay_sites(st: S, mode: str) -> list[int]:
    return board.rundown_sites(st) if mode == "rundown" else board.dismantle_sites(st, EAST)


@decision(public=True)
class Pay(NamedTuple):
    """East picks the factory to run down or the build point to dismantle for one charge (§7 phases 1, 3)."""

    seat: int
    mode: str
    why: Text

    def legal(self, st: S) -> list[str]:
        mode = self.mode
        c = st.content
        if mode == "rundown":
            return [grammar.rundown(c.cities[x].key) for x in _pay_sites(st, mode)]
        return [grammar.dismantle(c.site_name[x]) for x in _pay_sites(st, mode)]

    def act(self, st: S, action: str) -> None:
        seat, _, why = self
        st.stack.pop()
        c = st.content
        verb, arg = grammar.words(action)
        if verb == "rundown":
            x = c.city_index[arg]
            board.set_factory(st, x, board.RUNDOWN)
            st.log.say(PICKS_FACTORY_RUNS_DOWN, st.seats[seat], t(c.cities[x].name), why)
        else:
            what = board.dismantle(st, c.site_index[arg])
            st.log.say(PICKS, st.seats[seat], what, why)

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, mode, why = self
        what = t("an East factory to run down") if mode == "rundown" else t("an East build point to dismantle")
        if mine:
            return t("choose {what} ({why})", what=what, why=why)
        return t("{seat} chooses {what} ({why})", seat=st.seats[seat], what=what, why=why)


def _declare_hamburg(st: S) -> None:
    """Before phases 3 and 5 West declares where Hamburg counts (decision 24 of docs/games/wsdv.md)."""
    if st.factory[st.content.hamburg] != board.NONE:
        st.stack.append(declare_hamburg_frame(st.seat_of(WEST)))


@decision(public=True)
class DeclareHamburg(NamedTuple):
    """West declares which province Hamburg counts for before phases 3 and 5 (decision 24 of docs/games/wsdv.md)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.hamburg(pkey(st, p)) for p in st.content.hamburg_provinces]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        board.set_hamburg(st, st.content.province_index[grammar.words(action)[1]])
        st.log.say(HAMBURG_COUNTS, pname(st, st.hamburg))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("declare which province Hamburg counts for"),
                    t("declares Hamburg's province"))


# ====================================================================== phase 1: flight or the wall


def flight_value(st: S) -> int:
    """Cells on the flight track (§7 phase 1): icons + West's best LS − East's worst LS ± protests + red police."""
    c = st.content
    f = sum(map(c.card_flight.__getitem__, st.played))
    f += max(map(st.ls.__getitem__, c.of_side[WEST]))
    f -= min(map(st.ls.__getitem__, c.of_side[EAST]))
    f += 1 if board.side_protests(st, EAST) else 0
    f -= 1 if board.side_protests(st, WEST) else 0
    f += st.police.count("red")
    return max(0, min(c.flight_cells - 1, f))


def flight(st: S) -> None:
    if st.wall:
        st.log.say(WALL_STANDS_EAST_DISMANTLES)
        st.stack.append(WallPrestige())
        charge(st, st.seat_of(EAST), 1, "dismantle", False, t("the Wall"))
        return
    st.flight = flight_value(st)
    n = st.flight // 2
    st.log.say(FLIGHT, f"{st.flight / 2:g}", n, SIDE_NAMES[leader(st)])
    charge(st, st.seat_of(leader(st)), n, "dismantle", True, t("refugees"))


@procedure
class WallPrestige(NamedTuple):
    """With the Wall standing, prestige moves 1 step toward West at every end of decade (§7 phase 1)."""

    def run(self, st: S) -> None:
        if st.prestige > -6:
            st.prestige -= 1
            st.log.say(PRESTIGE, f"{st.prestige:+d}")
        else:
            execute(st, st.seat_of(WEST), st.content.overflow["prestige"][WEST])


# ====================================================================== phase 2: prestige


def prestige(st: S) -> None:
    if st.prestige == 0:
        st.log.say(PRESTIGE_LEVEL_NO_BONUS)
        return
    side = WEST if st.prestige < 0 else EAST
    st.stack.append(PrestigeBonus(st.seat_of(side), abs(st.prestige)))


def _bonus_spaces(st: S, side: int, reach: int) -> list[int]:
    spaces = st.content.prestige[side]
    return [n for n in range(1, reach + 1) if n == reach or spaces[n] != spaces[n + 1]]


@decision(public=True)
class PrestigeBonus(NamedTuple):
    """The prestige leader cashes the icons of a space it reaches on the prestige track (§7 phase 2)."""

    seat: int
    reach: int

    def legal(self, st: S) -> list[str]:
        seat, reach = self
        return [grammar.bonus(n) for n in _bonus_spaces(st, st.side(seat), reach)]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        n = int(grammar.words(action)[1])
        icons = st.content.prestige[st.side(seat)][n]
        st.log.say(TAKES_PRESTIGE_BONUS_SPACE, st.seats[seat], n, listed(words.icon_words(st, i) for i in icons))
        st.hits = []
        st.stack.append(icons_frame(seat, tuple(i.slug for i in icons)))

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, reach = self
        return asks(st, viewer, seat,
                    t("choose the prestige bonus: space {reach} or one closer to the centre", reach=reach),
                    t("chooses a prestige bonus"))


# ====================================================================== phase 3: Western currency


def western_currency(st: S) -> None:
    st.stack.append(CURRENCY_BALANCE)
    _declare_hamburg(st)


def currency_balance(st: S) -> tuple[int, int, int, int]:
    """(lowest West export level L, East income E, East LS, balance) of phase 3."""
    c = st.content
    levels = board.export_levels(st)
    low = min(map(levels.__getitem__, c.west_germany))
    if low < 0:  # a province without a factory counts 0
        low = 0
    east = c.of_side[EAST]
    income = sum(map(low.__le__, map(levels.__getitem__, east)))  # East provinces exporting at L or above
    east_ls = sum(map(st.ls.__getitem__, east))
    return low, income, east_ls, st.currency + income - east_ls


@procedure
class CurrencyBalance(NamedTuple):
    """Phase 3, western currency: currency track + export income − East's living standards; a
    shortfall runs down East factories, then dismantles East infrastructure (§7 phase 3)."""

    def run(self, st: S) -> None:
        low, income, east_ls, balance = currency_balance(st)
        st.log.say(CURRENCY, f"{st.currency:+d}", income, low, east_ls, f"{balance:+d}")
        if balance >= 0:
            return
        debt = -balance
        seat = st.seat_of(leader(st))
        working = len(board.rundown_sites(st))
        if working > debt:
            charge(st, seat, debt, "rundown", True, t("the currency shortfall"))
            return
        for x in board.rundown_sites(st):
            board.set_factory(st, x, board.RUNDOWN)
        st.log.say(ALL_WORKING_EAST_FACTORIES, working)
        rest = debt - working
        if rest <= 0:
            return
        sites = board.dismantle_sites(st, EAST)
        if rest < len(sites):
            charge(st, seat, rest, "dismantle", True, t("the currency shortfall"))
            return
        for x in sites:
            board.dismantle(st, x)
        st.log.say(ALL_EAST_INFRASTRUCTURE_DISMANTLED)
        if rest > len(sites):
            finish(st, WEST, t("National insolvency: East could not pay its Western-currency debt of {debt} at the end "
                               "of decade {decade}.", debt=debt, decade=ROMAN[st.decade]))


# ====================================================================== phase 4: police upkeep


def police_upkeep(st: S) -> None:
    n = len(st.police)
    if n:
        st.log.say(POLICE_UPKEEP_EAST_DISMANTLES, n)
    charge(st, st.seat_of(EAST), n, "dismantle", False, t("police upkeep"))


# ====================================================================== phase 5: LS limit


def living_standard_limit(st: S) -> None:
    st.stack.append(LivingStandardLimit())
    _declare_hamburg(st)


def berlin_limit(st: S) -> int | None:
    """West Berlin's LS limit: the weakest export level among suppliers that ever delivered (None: no limit)."""
    c = st.content
    if not any(st.delivered):
        return None
    levels = board.export_levels(st)
    return min(max(0, levels[c.supplier[i]]) for i, d in enumerate(st.delivered) if d)


@procedure
class LivingStandardLimit(NamedTuple):
    """Phase 5: no province keeps a living standard above its export level; West Berlin none above its
    delivering suppliers' weakest export level, West choosing the sectors (§7 phase 5)."""

    def run(self, st: S) -> None:
        c = st.content
        levels = board.export_levels(st)  # living standards do not change factory values
        for p in range(len(c.provinces)):
            if p == c.wb:
                continue
            cap = max(0, levels[p])
            if st.ls[p] > cap:
                st.log.say(LIVING_STANDARD_FALLS_EXPORT, pname(st, p), st.ls[p], cap)
                board.set_ls(st, p, cap)
        limit = berlin_limit(st)
        if limit is not None and st.ls[c.wb] > limit:
            st.log.say(WEST_BERLIN_LIVING_STANDARD, st.ls[c.wb], limit)
            st.stack.append(ReduceSector(st.seat_of(WEST), st.ls[c.wb] - limit))


@decision(public=True)
class ReduceSector(NamedTuple):
    """West takes ``excess`` living standards out of West Berlin's sectors (§7 phase 5)."""

    seat: int
    excess: int

    def legal(self, st: S) -> list[str]:
        return [grammar.reduce(f"wb-{s}") for i, s in enumerate(st.content.sectors) if st.sectors[i]]

    def act(self, st: S, action: str) -> None:
        seat, excess = self
        st.stack.pop()
        i = st.content.sectors.index(grammar.words(action)[1][3:])
        board.add_sector_ls(st, i, -1)
        st.log.say(LOSES_LIVING_STANDARD, words.place(st, f"wb-{st.content.sectors[i]}"))
        if excess > 1:
            st.stack.append(ReduceSector(seat, excess - 1))

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, excess = self
        return (tn("remove {excess} living standard from West Berlin's sectors",
                   "remove {excess} living standards from West Berlin's sectors", "excess", excess=excess) if mine
                else t("{seat} reduces West Berlin's living standard", seat=st.seats[seat]))


# ====================================================================== phase 6: internal comparison


def internal_comparison(st: S) -> None:
    c = st.content
    for side in (WEST, EAST):
        top = max(st.ls[p] for p in c.of_side[side])
        for p in c.of_side[side]:
            tolerance = 0 if p == c.wb and st.opts.berlin_tolerance == BerlinTolerance.NONE else 1
            gap = top - st.ls[p] - tolerance
            if gap > 0:
                board.add_unrest(st, p, gap)
                st.log.say(LAGS_BEHIND_UNREST, pname(st, p), top - st.ls[p], gap, st.unrest[p])
    st.stack.append(SUPPLIERS)


# ====================================================================== phase 7: East–West comparison


def east_west_comparison(st: S) -> None:
    snapshot = tuple(board.protest_counts(st))
    st.stack.append(SUPPLIERS)
    st.stack.append(Comparison(0, snapshot))


def comparison_targets(st: S, p: int, snapshot: tuple) -> list[tuple[int, int]]:
    """Neighbours across the border with a lower LS than p's LS minus its protests, and the unrest each would get."""
    eff = st.ls[p] - snapshot[p]
    return [(n, eff - st.ls[n]) for n in st.content.border[p] if st.ls[n] < eff]


@procedure
class Comparison(NamedTuple):
    """Phase 7, East–West comparison: each province from ``start`` on whose living standard, less its
    mass protests (``snapshot``, taken when the phase began), tops a neighbour across the border puts
    the difference into it as unrest (§7 phase 7)."""

    start: int
    snapshot: tuple

    def run(self, st: S) -> None:
        start, snapshot = self
        c = st.content
        for p in range(start, len(c.provinces)):
            targets = comparison_targets(st, p, snapshot)
            if not targets:
                continue
            if p == c.wb or len(targets) == 1:
                for n, amount in targets:
                    _spill(st, p, n, amount)
                continue
            st.stack.append(Comparison(p + 1, snapshot))
            st.stack.append(Retaliate(st.seat_of(c.side_of[p]), p, tuple(x for t in targets for x in t)))
            return


def _spill(st: S, p: int, n: int, amount: int) -> None:
    board.add_unrest(st, n, amount)
    st.log.say(SPILLS, pname(st, p), amount, pname(st, n), st.unrest[n])


@decision(public=True)
class Retaliate(NamedTuple):
    """A province that outshines several neighbours across the border: its state chooses the one that
    gets the unrest (``targets``: neighbour and amount, flattened) (§7 phase 7)."""

    seat: int
    p: int
    targets: tuple

    def legal(self, st: S) -> list[str]:
        targets = self.targets
        return [grammar.unrest(pkey(st, n)) for n in targets[::2]]

    def act(self, st: S, action: str) -> None:
        _, p, targets = self
        st.stack.pop()
        n = st.content.province_index[grammar.words(action)[1]]
        amounts = dict(zip(targets[::2], targets[1::2]))
        _spill(st, p, n, amounts[n])

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, p, _ = self
        return asks(st, viewer, seat,
                    t("{province} outshines its neighbours: choose the one that gets the unrest",
                      province=pname(st, p)),
                    t("chooses where {province}'s living standard causes unrest", province=pname(st, p)))


# ====================================================================== phase 8: police


def police(st: S) -> None:
    left = len(st.police) - st.police_used
    st.stack.append(POLICE_RESET)
    if left:
        st.log.say(UNUSED_POLICE_CARD_EAST, left)
        st.stack.append(leftover_police_frame(left))


@procedure
class LeftoverPolice(NamedTuple):
    """Phase 8: each police card left unused removes 1 East unrest (§7 phase 8)."""

    left: int

    def run(self, st: S) -> None:
        left = self.left
        if left and any(map(st.unrest.__getitem__, st.content.of_side[EAST])):
            st.stack.append(leftover_police_frame(left - 1))
            st.stack.append(RemoveUnrest(st.seat_of(EAST), EAST, ""))


@procedure
class PoliceReset(NamedTuple):
    """Phase 8: the police cards count as unused again for the next decade (§7 phase 8)."""

    def run(self, st: S) -> None:
        st.police_used = 0


#: phase 8's one frame, shared (frames are immutable values)
POLICE_RESET = PoliceReset()


# ====================================================================== phase 9: socialists


def socialists(st: S) -> None:
    c = st.content
    pos = st.socialism
    st.stack.append(SOCIALISTS)
    if pos > 0:
        gain = c.socialism_change[pos]
        supply = c.socialists - st.box - sum(st.socialists)
        if gain > supply:
            finish(st, EAST, t("Triumph of socialism: East had to gain {gain} socialists with only {supply} left in "
                               "the supply at the end of decade {decade}.",
                               gain=gain, supply=supply, decade=ROMAN[st.decade]))
            return
        st.box += gain
        st.log.say(EAST_GAINS_SOCIALIST_HOLDING, gain, st.box)
    elif pos < 0:
        loss = c.socialism_change[-pos]
        on_map = sum(st.socialists)
        if loss <= st.box:
            st.box -= loss
            st.log.say(EAST_LOSES_SOCIALIST_HOLDING, loss, st.box)
        elif loss > st.box + on_map:
            finish(st, WEST, t("Socialism failed: East had to lose {loss} socialists but had only {on_map} at the end "
                               "of decade {decade}.", loss=loss, on_map=st.box + on_map, decade=ROMAN[st.decade]))
        else:
            rest = loss - st.box
            st.log.say(EAST_LOSES_SOCIALISTS_HOLDING, loss, rest)
            st.box = 0
            st.stack.append(Purge(st.seat_of(WEST), rest))


# ====================================================================== phase 10: "Wir sind das Volk?"


def collapse(st: S) -> None:
    west, east = board.side_protests(st, WEST), board.side_protests(st, EAST)
    decade = ROMAN[st.decade]
    if west >= 4 and east >= 4:
        finish(st, EAST, t("Both states collapsed at the end of decade {decade} (West {west}, East {east} mass "
                           "protests): the East wins.", decade=decade, west=west, east=east))
    elif east >= 4:
        finish(st, WEST, t("East Germany collapsed: {east} mass protests at the end of decade {decade}.",
                           east=east, decade=decade))
    elif west >= 4:
        finish(st, EAST, t("West Germany collapsed: {west} mass protests at the end of decade {decade}.",
                           west=west, decade=decade))
    elif st.decade >= 4:
        finish(st, EAST, t("East Germany survived the 1980s (West {west}, East {east} mass protests): the East wins.",
                           west=west, east=east))
    else:
        st.log.say(WIR_SIND_DAS_VOLK, west, east)


#: the phases' names in the log, by their functions' names (which views show)
PHASE_NAMES = {
    "flight": t("flight"), "prestige": t("prestige"), "western_currency": t("western currency"),
    "police_upkeep": t("police upkeep"), "living_standard_limit": t("living standard limit"),
    "internal_comparison": t("internal comparison"), "east_west_comparison": t("east west comparison"),
    "police": t("police"), "socialists": t("socialists"), "collapse": t("collapse"), "arms_race": t("arms race"),
    "space_race": t("space race"), "dominance": t("dominance"),
}
#: the sides as the log names the one picking first
SIDE_NAMES = (t("West"), t("East"))

#: phases 1–10 in the order printed on the board's end-of-decade track (§7)
PHASES: tuple[Callable[[S], None], ...] = (
    flight, prestige, western_currency, police_upkeep, living_standard_limit, internal_comparison,
    east_west_comparison, police, socialists, collapse,
)


#: more phases' frames, made once (``common.made``) or shared
declare_hamburg_frame, leftover_police_frame = made(DeclareHamburg), made(LeftoverPolice)
CURRENCY_BALANCE = CurrencyBalance()
