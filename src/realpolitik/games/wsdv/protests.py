"""Mass protests that spread or are absorbed: West Berlin's suppliers and the socialists (spec §6.2–6.3).

``suppliers`` keeps one supplier mass protest per West Berlin mass protest: East names the
supplier province (NRW, RP or BW) of each new one; when West Berlin loses one, West takes
one back (spec §11.1 #5, symmetric as §12 asks). ``socialists`` moves socialists from the
holding box onto East mass protests, each turning 1 unrest into a socialist until the
province is back to 3 unrest; East chooses when the box cannot cover every protest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import pkey, pname
from .content import EAST, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S


# ====================================================================== §6.3 supplier mass protests


def _suppliers(st: S) -> None:
    if not st.options["supplier_protests"]:
        return
    c = st.content
    berlin = st.unrest[c.wb] // 4
    held = sum(st.supplier_mp)
    if berlin > held:
        st.stack += [("suppliers",), ("supplier_protest", st.seat_of(EAST))]
    elif berlin < held:
        st.stack += [("suppliers",), ("relieve_supplier", st.seat_of(WEST))]


def _legal_supplier(st: S, seat: int) -> list[str]:
    return [f"supplier {pkey(st, p)}" for p in st.content.supplier]


def _act_supplier(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    st.supplier_mp[st.content.supplier.index(p)] += 1
    st.log.add(f"West Berlin's mass protest spreads to its supplier {pname(st, p)}.")


def _describe_supplier(st: S, mine: bool, seat: int) -> str:
    if mine:
        return "West Berlin has a new mass protest: choose the supplier province that gets one too"
    return f"{st.seats[seat]} chooses where West Berlin's mass protest spreads"


def _legal_relieve(st: S, seat: int) -> list[str]:
    c = st.content
    return [f"relieve {pkey(st, p)}" for i, p in enumerate(c.supplier) if st.supplier_mp[i]]


def _act_relieve(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    st.supplier_mp[st.content.supplier.index(p)] -= 1
    st.log.add(f"With West Berlin's mass protest, the one in {pname(st, p)} ends too.")


def _describe_relieve(st: S, mine: bool, seat: int) -> str:
    if mine:
        return "West Berlin lost a mass protest: choose the supplier province whose protest ends"
    return f"{st.seats[seat]} ends a supplier mass protest"


# ====================================================================== §6.2 socialists


def protest_needs(st: S) -> list[tuple[int, int]]:
    """East provinces with a mass protest and the socialists needed to bring them back to 3 unrest."""
    return [(p, st.unrest[p] - 3) for p in st.content.of_side[EAST] if st.unrest[p] >= 4]


def _socialists(st: S) -> None:
    """Deploy the holding box onto East mass protests (mandatory, §6.2)."""
    if not st.box:
        return
    needs = protest_needs(st)
    if not needs:
        return
    if sum(n for _, n in needs) <= st.box:
        for p, n in needs:
            _convert(st, p, n)
        return
    st.stack += [("socialists",), ("socialist", st.seat_of(EAST))]


def _convert(st: S, p: int, n: int) -> None:
    st.unrest[p] -= n
    st.socialists[p] += n
    st.box -= n
    st.log.add(f"{n} socialist(s) from the holding box calm {pname(st, p)} ({st.unrest[p]} unrest left).")


def _legal_socialist(st: S, seat: int) -> list[str]:
    return [f"socialist {pkey(st, p)}" for p, _ in protest_needs(st)]


def _act_socialist(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    _convert(st, st.content.province_index[action.split(" ")[1]], 1)


def _describe_socialist(st: S, mine: bool, seat: int) -> str:
    if mine:
        return f"the holding box ({st.box}) cannot calm every mass protest: place one socialist"
    return f"{st.seats[seat]} deploys socialists"


def _legal_purge(st: S, seat: int, left: int) -> list[str]:
    return [f"purge {pkey(st, p)}" for p in st.content.of_side[EAST] if st.socialists[p]]


def _act_purge(st: S, action: str, seat: int, left: int) -> None:
    """West removes a socialist from the map; it turns back into 1 unrest there (§7 phase 9)."""
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    st.socialists[p] -= 1
    st.unrest[p] += 1
    st.log.add(f"A socialist in {pname(st, p)} gives up: 1 unrest returns ({st.unrest[p]}).")
    if left > 1:
        st.stack.append(("purge", seat, left - 1))


def _describe_purge(st: S, mine: bool, seat: int, left: int) -> str:
    if mine:
        return f"remove {left} socialist(s) from East provinces; each becomes 1 unrest"
    return f"{st.seats[seat]} removes socialists from the map"


PROCEDURES = {"suppliers": _suppliers, "socialists": _socialists}
LEGAL = {"supplier_protest": _legal_supplier, "relieve_supplier": _legal_relieve, "socialist": _legal_socialist,
         "purge": _legal_purge}
ACT = {"supplier_protest": _act_supplier, "relieve_supplier": _act_relieve, "socialist": _act_socialist,
       "purge": _act_purge}
DESCRIBE = {"supplier_protest": _describe_supplier, "relieve_supplier": _describe_relieve,
            "socialist": _describe_socialist, "purge": _describe_purge}
PUBLIC = {"supplier_protest", "relieve_supplier", "socialist", "purge"}
