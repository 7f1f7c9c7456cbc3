"""Mass protests that spread or are absorbed: West Berlin's suppliers and the socialists
(``docs/games/wsdv.md``).

``suppliers`` keeps one supplier mass protest per West Berlin mass protest: East names the
supplier province (NRW, RP or BW) of each new one; when West Berlin loses one, West takes
one back (decision 5 of docs/games/wsdv.md: symmetric). ``socialists`` moves socialists from the
holding box onto East mass protests, each turning 1 unrest into a socialist until the
province is back to 3 unrest; East chooses when the box cannot cover every protest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, phrase, phrase_n, t, tn

from . import grammar
from .common import asks, pkey, pname
from .content import EAST, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S

#: a line written at many turns, made when read (``Log.say``)
SOCIALISTS_CALM = phrase_n("{n} socialist from the holding box calms {province} ({unrest} unrest left).",
                           "{n} socialists from the holding box calm {province} ({unrest} unrest left).",
                           "n", "province", "unrest")
PROTEST_SPREADS_TO_SUPPLIER = phrase("West Berlin's mass protest spreads to its supplier {province}.", "province")
WEST_BERLIN_PROTEST_ENDS_TOO = phrase("With West Berlin's mass protest, the one in {province} ends too.", "province")
SOCIALIST_GIVES_UP = phrase("A socialist in {province} gives up: 1 unrest returns ({unrest}).", "province", "unrest")


# ====================================================================== §6.3 supplier mass protests


@procedure
class Suppliers(NamedTuple):
    """One supplier mass protest per West Berlin mass protest: East names where a new one spreads, West
    where one ends (decision 5 of docs/games/wsdv.md)."""

    @staticmethod
    def idle(st: S) -> bool:
        """True when there is nothing to spread or end: as many supplier mass protests as West Berlin's."""
        return not st.opts.supplier_protests or st.unrest[st.content.wb] // 4 == sum(st.supplier_mp)

    def run(self, st: S) -> None:
        if not st.opts.supplier_protests:
            return
        c = st.content
        berlin = st.unrest[c.wb] // 4
        held = sum(st.supplier_mp)
        if berlin > held:
            st.stack += [SUPPLIERS, SupplierProtest(st.seat_of(EAST))]
        elif berlin < held:
            st.stack += [SUPPLIERS, RelieveSupplier(st.seat_of(WEST))]


#: the check every action ends with (frames are immutable values: one is shared)
SUPPLIERS = Suppliers()


@decision(public=True)
class SupplierProtest(NamedTuple):
    """East names the supplier province (NRW, RP or BW) that gets West Berlin's new mass protest (§6.3)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.supplier(pkey(st, p)) for p in st.content.supplier]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        st.supplier_mp[st.content.supplier.index(p)] += 1
        st.log.say(PROTEST_SPREADS_TO_SUPPLIER, pname(st, p))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("West Berlin has a new mass protest: choose the supplier province that gets one too"),
                    t("chooses where West Berlin's mass protest spreads"))


@decision(public=True)
class RelieveSupplier(NamedTuple):
    """West names the supplier province whose mass protest ends with West Berlin's (§6.3)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        c = st.content
        return [grammar.relieve(pkey(st, p)) for i, p in enumerate(c.supplier) if st.supplier_mp[i]]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        st.supplier_mp[st.content.supplier.index(p)] -= 1
        st.log.say(WEST_BERLIN_PROTEST_ENDS_TOO, pname(st, p))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("West Berlin lost a mass protest: choose the supplier province whose protest ends"),
                    t("ends a supplier mass protest"))


# ====================================================================== §6.2 socialists


def protest_needs(st: S) -> list[tuple[int, int]]:
    """East provinces with a mass protest and the socialists needed to bring them back to 3 unrest."""
    unrest, east = st.unrest, st.content.of_side[EAST]
    if max(map(unrest.__getitem__, east)) < 4:  # most of the time: no mass protest in the East
        return []
    return [(p, unrest[p] - 3) for p in east if unrest[p] >= 4]


@procedure
class Socialists(NamedTuple):
    """Deploy the holding box onto East mass protests (mandatory, §6.2)."""

    @staticmethod
    def idle(st: S) -> bool:
        """True when no socialist can move: the holding box is empty or no East province has a mass protest."""
        return not st.box or max(map(st.unrest.__getitem__, st.content.of_side[EAST])) < 4

    def run(self, st: S) -> None:
        if not st.box:
            return
        needs = protest_needs(st)
        if not needs:
            return
        if sum(n for _, n in needs) <= st.box:
            for p, n in needs:
                _convert(st, p, n)
            return
        st.stack += [Socialists(), PlaceSocialist(st.seat_of(EAST))]


#: the check every action ends with (frames are immutable values: one is shared)
SOCIALISTS = Socialists()


def _convert(st: S, p: int, n: int) -> None:
    st.unrest[p] -= n
    st.socialists[p] += n
    st.box -= n
    st.log.say(SOCIALISTS_CALM, n, pname(st, p), st.unrest[p])


@decision(public=True)
class PlaceSocialist(NamedTuple):
    """The holding box cannot calm every East mass protest: East places one socialist at a time (§6.2)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.socialist(pkey(st, p)) for p, _ in protest_needs(st)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        _convert(st, st.content.province_index[grammar.words(action)[1]], 1)

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("the holding box ({box}) cannot calm every mass protest: place one socialist", box=st.box),
                    t("deploys socialists"))


@decision(public=True)
class Purge(NamedTuple):
    """West removes a socialist from the map; it turns back into 1 unrest there (§7 phase 9)."""

    seat: int
    left: int

    def legal(self, st: S) -> list[str]:
        return [grammar.purge(pkey(st, p)) for p in st.content.of_side[EAST] if st.socialists[p]]

    def act(self, st: S, action: str) -> None:
        seat, left = self
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        st.socialists[p] -= 1
        st.unrest[p] += 1
        st.log.say(SOCIALIST_GIVES_UP, pname(st, p), st.unrest[p])
        if left > 1:
            st.stack.append(Purge(seat, left - 1))

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, left = self
        return asks(st, viewer, seat,
                    tn("remove {left} socialist from East provinces; each becomes 1 unrest",
                       "remove {left} socialists from East provinces; each becomes 1 unrest", "left", left=left),
                    t("removes socialists from the map"))


