"""The special card's price, the Stasi disbandment and the Guillaume affair (spec §4.5, §6.6, §6.7).

Three pieces of the event rules that deal with hands, the deck and police cards rather
than the map: what East pays for taking a special card (v2.0), what the Stasi's end costs
East, and what the spy in the Chancellery sees and may do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board
from .common import draw, forget, name, pkey, pname
from .content import EAST, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S


# ====================================================================== §4.5 the special card's drawback


def _legal_drawback(st: S, seat: int) -> list[str]:
    out = [f"discard {k}" for k in st.hands[seat]]
    if st.deck:
        out.append("west-draws")
    return out


def _act_drawback(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    west = st.seat_of(WEST)
    if action == "west-draws":
        key = draw(st, west)
        st.hands[west].append(key)
        st.log.add(f"{st.seats[west]} draws an extra hand card.", (west,), f"You draw {name(st, key)}.")
        return
    key = action.split(" ")[1]
    forget(st, seat)
    st.hands[seat].remove(key)
    st.out_seen[seat].append(key)
    st.log.add(f"{st.seats[seat]} discards a hand card for the special card.", (seat,), f"You discard {name(st, key)}.")


def _describe_drawback(st: S, mine: bool, seat: int) -> str:
    if mine:
        return "the special card's price: discard a hand card, or let West draw an extra card"
    return f"{st.seats[seat]} pays for the special card"


# ====================================================================== §6.6 Stasi disbandment


def stasi_disbandment(st: S) -> None:
    """All police cards leave the game; 1 unrest returns per police use this decade (§6.6)."""
    returns = st.police_used
    st.police = []
    st.police_used = 0
    st.stasi = True
    st.log.add(f"The Stasi is disbanded: the police cards leave the game; {returns} unrest return(s) to the East.")
    if returns:
        st.stack.append(("return_unrest", st.seat_of(EAST), returns, ()))


def _legal_return(st: S, seat: int, left: int, done: tuple) -> list[str]:
    provinces = st.content.of_side[EAST]
    free = [p for p in provinces if p not in done] or list(provinces)
    return [f"return {pkey(st, p)}" for p in free]


def _act_return(st: S, action: str, seat: int, left: int, done: tuple) -> None:
    st.stack.pop()
    p = st.content.province_index[action.split(" ")[1]]
    board.add_unrest(st, p)
    st.log.add(f"1 unrest returns to {pname(st, p)}.")
    if left > 1:
        st.stack.append(("return_unrest", seat, left - 1, done + (p,)))


def _describe_return(st: S, mine: bool, seat: int, left: int, done: tuple) -> str:
    if mine:
        return f"return {left} unrest for the police cards used this decade, at most 1 per province"
    return f"{st.seats[seat]} returns unrest after the Stasi disbandment"


# ====================================================================== §6.7 Guillaume affair


def guillaume_affair(st: S) -> None:
    """East's spy looks at West's hand or the top of the draw deck."""
    if st.hands[st.seat_of(WEST)] or st.deck:
        st.stack.append(("guillaume", st.seat_of(EAST)))



def _legal_guillaume(st: S, seat: int) -> list[str]:
    out = []
    if st.hands[st.seat_of(WEST)]:
        out.append("look hand")
    if st.deck:
        out.append("look deck")
    return out


def _act_guillaume(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    west = st.seat_of(WEST)
    if action == "look hand":
        hand = st.hands[west]
        st.known[seat] = list(dict.fromkeys(st.known[seat] + hand))
        st.log.add(f"{st.seats[seat]} looks at {st.seats[west]}'s hand.", (seat,),
                   f"{st.seats[west]} holds " + ", ".join(name(st, k) for k in hand) + ".")
        st.stack.append(("guillaume_use", seat, "hand"))
        return
    st.deck_seen[seat] = max(st.deck_seen[seat], min(2, len(st.deck)))
    top = st.deck[-2:][::-1]
    st.log.add(f"{st.seats[seat]} looks at the top cards of the draw deck.", (seat,),
               "The draw deck begins " + ", ".join(name(st, k) for k in top) + ".")
    st.stack.append(("guillaume_use", seat, "deck"))


def _describe_guillaume(st: S, mine: bool, seat: int) -> str:
    return ("Guillaume affair: look at West's hand or at the top 2 cards of the draw deck" if mine
            else f"{st.seats[seat]} chooses what the spy looks at")


def _seen(st: S, mode: str) -> list[str]:
    return list(st.hands[st.seat_of(WEST)]) if mode == "hand" else st.deck[-2:][::-1]


def _legal_guillaume_use(st: S, seat: int, mode: str) -> list[str]:
    seen = _seen(st, mode)
    out = [f"swap {mine} {theirs}" for mine in st.hands[seat] for theirs in seen]
    if mode == "deck":
        out += [f"remove {k}" for k in seen]
    return out + ["nothing"]


def _act_guillaume_use(st: S, action: str, seat: int, mode: str) -> None:
    st.stack.pop()
    words = action.split(" ")
    if words[0] == "nothing":
        st.log.add(f"{st.seats[seat]} leaves the cards as they are.")
        return
    west = st.seat_of(WEST)
    if words[0] == "remove":
        st.deck.remove(words[1])
        st.deck_seen[seat] -= 1
        st.out_seen[seat].append(words[1])
        st.log.add(f"{st.seats[seat]} removes one of the top cards of the draw deck from the game.", (seat,),
                   f"You remove {name(st, words[1])} from the game.")
        return
    mine, theirs = words[1], words[2]
    hand = st.hands[seat]
    hand[hand.index(mine)] = theirs
    if mode == "deck":
        st.deck[st.deck.index(theirs)] = mine
        st.log.add(f"{st.seats[seat]} swaps a hand card with a card of the draw deck.", (seat,),
                   f"You put {name(st, mine)} into the deck and take {name(st, theirs)}.")
        return
    other = st.hands[west]
    other[other.index(theirs)] = mine
    st.known[seat] = [k for k in st.known[seat] if k != theirs] + [mine]
    st.known[west] = [k for k in st.known[west] if k != mine] + [theirs]
    st.log.add(f"{st.seats[seat]} swaps a hand card with one of {st.seats[west]}'s.", (seat, west),
               f"{st.seats[seat]} takes {name(st, theirs)} and gives {name(st, mine)}.")


def _describe_guillaume_use(st: S, mine: bool, seat: int, mode: str) -> str:
    if mine:
        extra = ", remove one of them from the game" if mode == "deck" else ""
        return f"swap one of your hand cards with a card you saw{extra}, or do nothing"
    return f"{st.seats[seat]} decides what the spy does"


PROCEDURES: dict = {}
LEGAL = {"drawback": _legal_drawback, "return_unrest": _legal_return, "guillaume": _legal_guillaume,
         "guillaume_use": _legal_guillaume_use}
ACT = {"drawback": _act_drawback, "return_unrest": _act_return, "guillaume": _act_guillaume,
       "guillaume_use": _act_guillaume_use}
DESCRIBE = {"drawback": _describe_drawback, "return_unrest": _describe_return, "guillaume": _describe_guillaume,
            "guillaume_use": _describe_guillaume_use}
PUBLIC = {"return_unrest", "guillaume"}
