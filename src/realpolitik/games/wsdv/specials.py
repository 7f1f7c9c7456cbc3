"""The special card's price, the Stasi disbandment and the Guillaume affair (``docs/games/wsdv.md``).

Three pieces of the event rules that deal with hands, the deck and police cards rather
than the map: what East pays for taking a special card (v2.0), what the Stasi's end costs
East, and what the spy in the Chancellery sees and may do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision
from realpolitik.i18n import Text, listed, phrase, phrase_n, t

from . import board, grammar
from .common import asks, discard, draw, name, pkey, pname
from .content import EAST, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S


# the log lines written here (``log.say``: engine/log.py)
STASI_DISBANDED_POLICE_CARDS = phrase_n("The Stasi is disbanded: the police cards leave the game; {returns} unrest "
                                        "returns to the East.", "The Stasi is disbanded: the police cards leave the "
                                        "game; {returns} unrest return to the East.", "returns", count="returns")
DRAWS_EXTRA_HAND_CARD = phrase("{seat} draws an extra hand card.", "seat")
YOU_DRAW = phrase("You draw {card}.", "card")
N_1_UNREST_RETURNS = phrase("1 unrest returns to {province}.", "province")
LOOKS_TOP_CARDS_DRAW = phrase("{seat} looks at the top cards of the draw deck.", "seat")
DRAW_DECK_BEGINS = phrase("The draw deck begins {cards}.", "cards")
SWAPS_HAND_CARD_ONE = phrase("{seat} swaps a hand card with one of {seat2}'s.", "seat", "seat2")
TAKES_GIVES = phrase("{seat} takes {card} and gives {card2}.", "seat", "card", "card2")
LOOKS_HAND = phrase("{seat} looks at {seat2}'s hand.", "seat", "seat2")
HOLDS = phrase("{seat} holds {cards}.", "seat", "cards")
LEAVES_CARDS_AS_THEY = phrase("{seat} leaves the cards as they are.", "seat")
REMOVES_ONE_TOP_CARDS = phrase("{seat} removes one of the top cards of the draw deck from the game.", "seat")
YOU_REMOVE_GAME = phrase("You remove {card} from the game.", "card")
SWAPS_HAND_CARD_CARD = phrase("{seat} swaps a hand card with a card of the draw deck.", "seat")
YOU_PUT_INTO_DECK = phrase("You put {card} into the deck and take {card2}.", "card", "card2")


# ====================================================================== §4.5 the special card's drawback


@decision
class SpecialCardPrice(NamedTuple):
    """Taking a special card costs East a hand card, or West draws an extra one (§4.5, version 2.0)."""

    seat: int

    #: the action that lets the other side draw
    DRAW = grammar.WEST_DRAWS

    def can_draw(self, st: S) -> bool:
        """Whether a card is left to draw."""
        return bool(st.deck)

    def drawer(self, st: S) -> int:
        """The seat that draws the extra card."""
        return st.seat_of(WEST)

    def draw(self, st: S, seat: int) -> str | None:
        """The card ``seat`` draws."""
        return draw(st, seat)

    def legal(self, st: S) -> list[str]:
        out = [grammar.discard(k) for k in st.hands[self.seat]]
        if self.can_draw(st):
            out.append(self.DRAW)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        if action != self.DRAW:
            discard(st, self.seat, grammar.words(action)[1], t("a hand card for the special card"))
            return
        drawer = self.drawer(st)
        key = self.draw(st, drawer)
        st.hands[drawer].append(key)
        st.log.say(DRAWS_EXTRA_HAND_CARD, st.seats[drawer], to=(drawer,), private=(YOU_DRAW, name(st, key)))

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("the special card's price: discard a hand card, or let West draw an extra card"),
                    t("pays for the special card"))


# ====================================================================== §6.6 Stasi disbandment


def stasi_disbandment(st: S) -> None:
    """All police cards leave the game; 1 unrest returns per police use this decade (§6.6)."""
    returns = st.police_used
    st.police = []
    st.police_used = 0
    st.stasi = True
    st.log.say(STASI_DISBANDED_POLICE_CARDS, returns)
    if returns:
        st.stack.append(ReturnUnrest(st.seat_of(EAST), returns, ()))


@decision(public=True)
class ReturnUnrest(NamedTuple):
    """After the Stasi disbandment East returns ``left`` unrest, at most 1 per province (§6.6)."""

    seat: int
    left: int
    done: tuple

    def legal(self, st: S) -> list[str]:
        done = self.done
        provinces = st.content.of_side[EAST]
        free = [p for p in provinces if p not in done] or list(provinces)
        return [grammar.return_unrest(pkey(st, p)) for p in free]

    def act(self, st: S, action: str) -> None:
        seat, left, done = self
        st.stack.pop()
        p = st.content.province_index[grammar.words(action)[1]]
        board.add_unrest(st, p)
        st.log.say(N_1_UNREST_RETURNS, pname(st, p))
        if left > 1:
            st.stack.append(ReturnUnrest(seat, left - 1, done + (p,)))

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, left, _ = self
        return asks(st, viewer, seat,
                    t("return {left} unrest for the police cards used this decade, at most 1 per province", left=left),
                    t("returns unrest after the Stasi disbandment"))


# ====================================================================== §6.7 Guillaume affair


def guillaume_affair(st: S) -> None:
    """East's spy looks at West's hand or the top of the draw deck."""
    if st.hands[st.seat_of(WEST)] or st.deck:
        st.stack.append(Guillaume(st.seat_of(EAST)))


@decision(public=True)
class Guillaume(NamedTuple):
    """Guillaume affair: East's spy looks at West's hand or at the top 2 cards of the draw deck (§6.7)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        out = []
        if st.hands[st.seat_of(WEST)]:
            out.append(grammar.look("hand"))
        if st.deck:
            out.append(grammar.look("deck"))
        return out

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        west = st.seat_of(WEST)
        if action == grammar.look("hand"):
            hand = st.hands[west]
            st.known[seat] = list(dict.fromkeys(st.known[seat] + hand))
            st.log.say(LOOKS_HAND, st.seats[seat], st.seats[west], to=(seat,),
                       private=(HOLDS, st.seats[west], listed(name(st, k) for k in hand)))
            st.stack.append(GuillaumeUse(seat, "hand"))
            return
        st.deck_seen[seat] = max(st.deck_seen[seat], min(2, len(st.deck)))
        top = st.deck[-2:][::-1]
        st.log.say(LOOKS_TOP_CARDS_DRAW, st.seats[seat], to=(seat,),
                   private=(DRAW_DECK_BEGINS, listed(name(st, k) for k in top)))
        st.stack.append(GuillaumeUse(seat, "deck"))

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat = self.seat
        return (t("Guillaume affair: look at West's hand or at the top 2 cards of the draw deck") if mine
                else t("{seat} chooses what the spy looks at", seat=st.seats[seat]))


def _seen(st: S, mode: str) -> list[str]:
    return list(st.hands[st.seat_of(WEST)]) if mode == "hand" else st.deck[-2:][::-1]


@decision
class GuillaumeUse(NamedTuple):
    """What the spy does with what it saw (``mode``: hand or deck): swap, remove a deck card, or nothing (§6.7)."""

    seat: int
    mode: str

    def legal(self, st: S) -> list[str]:
        seat, mode = self
        seen = _seen(st, mode)
        out = [grammar.swap(mine, theirs) for mine in st.hands[seat] for theirs in seen]
        if mode == "deck":
            out += [grammar.remove(k) for k in seen]
        return out + [grammar.NOTHING]

    def act(self, st: S, action: str) -> None:
        seat, mode = self
        st.stack.pop()
        words = grammar.words(action)
        if words[0] == grammar.NOTHING:
            st.log.say(LEAVES_CARDS_AS_THEY, st.seats[seat])
            return
        west = st.seat_of(WEST)
        if words[0] == "remove":
            st.deck.remove(words[1])
            st.deck_seen[seat] -= 1
            st.out_seen[seat].append(words[1])
            st.log.say(REMOVES_ONE_TOP_CARDS, st.seats[seat], to=(seat,), private=(YOU_REMOVE_GAME, name(st, words[1])))
            return
        mine, theirs = words[1], words[2]
        hand = st.hands[seat]
        hand[hand.index(mine)] = theirs
        if mode == "deck":
            st.deck[st.deck.index(theirs)] = mine
            st.log.say(SWAPS_HAND_CARD_CARD, st.seats[seat], to=(seat,),
                       private=(YOU_PUT_INTO_DECK, name(st, mine), name(st, theirs)))
            return
        other = st.hands[west]
        other[other.index(theirs)] = mine
        st.known[seat] = [k for k in st.known[seat] if k != theirs] + [mine]
        st.known[west] = [k for k in st.known[west] if k != mine] + [theirs]
        st.log.say(SWAPS_HAND_CARD_ONE, st.seats[seat], st.seats[west], to=(seat, west),
                   private=(TAKES_GIVES, st.seats[seat], name(st, theirs), name(st, mine)))

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, mode = self
        if mine:
            if mode == "deck":
                return t("swap one of your hand cards with a card you saw, remove one of them from the game, or do "
                         "nothing")
            return t("swap one of your hand cards with a card you saw, or do nothing")
        return t("{seat} decides what the spy does", seat=st.seats[seat])


