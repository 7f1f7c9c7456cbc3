"""The sequence of play: opening round, strategy, the turn and its order (seed: Spielbeginn, Spielzug)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import t

from . import grammar
from .combat import Draw, aim, start_secret
from .common import (
    clockwise,
    discard,
    drop_face_up,
    label,
    note_draw,
    places_face_down,
    reveals,
    take_card,
    turn_begins,
    unique,
    you_place,
)
from .tables import HAND_SIZE

if TYPE_CHECKING:
    from .state import NuclearWarState as S


#: why a waiting carrier is discarded when the next card is revealed
REPLACED = t("replaced by a new carrier")
NO_WARHEAD = t("no matching warhead followed")


# ====================================================================== opening round (Spielbeginn)


@procedure
class Opening(NamedTuple):
    """Spielbeginn: ``seat`` resolves every Secret in hand and refills to nine, repeatedly; then
    the next player; after the last, everybody chooses a strategy."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        if st.alive[seat]:
            hand = st.hands[seat]
            secret = next((k for k in hand if st.card(k).is_secret), None)
            if secret is not None:
                hand.remove(secret)
                st.stack.append(self)
                start_secret(st, seat, secret)
                return
            missing = HAND_SIZE - len(hand)
            drawn = [c for c in (take_card(st) for _ in range(missing)) if c is not None]
            if drawn:
                hand += drawn
                note_draw(st, seat, drawn)
                st.stack.append(self)
                return
        nxt = (seat + 1) % len(st.seats)
        if nxt != st.current:
            st.stack.append(Opening(nxt))
            return
        # Strategie wählen: everybody places two cards face down, starting with the opener.
        st.stack.append(Turn(st.current))
        for s in reversed(clockwise(st, st.current)):
            if st.hands[s]:
                st.stack.append(ChooseStrategy(s))


@decision(tag="commit")
class ChooseStrategy(NamedTuple):
    """Strategie wählen: ``seat`` places its first two cards face down."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return grammar.places(unique(st.hands[self.seat]))

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        (key,) = grammar.read(action)[1]
        put_face_down(st, seat, key, from_shown=False)
        if len(st.queues[seat]) >= 2 or not st.hands[seat]:
            st.stack.pop()

    def describe(self, st: S, seat: int | None) -> str:
        if seat == self.seat:
            return t("choose your strategy: place face-down card {number} of 2", number=len(st.queues[self.seat]) + 1)
        return t("{seat} chooses a strategy", seat=label(st, self.seat))


# ====================================================================== the turn (Spielzug)


@procedure
class Turn(NamedTuple):
    """Spielzug: draw, place a third card face down, reveal the first one."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        st.current = seat
        st.moves = 0
        st.stack.append(EndTurn(seat))
        if not st.alive[seat]:
            return
        if st.skips[seat]:
            st.skips[seat] -= 1
            st.log.add(t("{seat} loses this turn.", seat=label(st, seat)))
            return
        if st.log.keeps:
            st.log.add(turn_begins(label(st, seat)))
        mode = "ten" if st.options["refill"] == "draw-to-ten" else "one"
        st.stack += [Reveal(seat), Placing(seat), Draw(seat, mode)]


@procedure
class Placing(NamedTuple):
    """A player with cards and fewer than three face down places one (or changes his deterrent)."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        if st.alive[seat] and (st.hands[seat] or st.shown[seat]) and len(st.queues[seat]) < 3:
            st.stack.append(PlaceCard(seat))


@decision(tag="place")
class PlaceCard(NamedTuple):
    """``seat`` shows or takes back deterrent cards (two moves at most), then places a card face down."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        hand, shown = unique(st.hands[seat]), unique(st.shown[seat])
        out = grammar.places(hand) + grammar.places(shown, from_deterrent=True)
        if st.moves < 2:  # Deterrent Force: one or two cards as part of the turn
            if len(st.shown[seat]) < 2:
                out += grammar.shows(hand)
            out += grammar.hides(shown)
        return out

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        verb, args = grammar.read(action)
        key = args[-1]
        if verb == "place":
            put_face_down(st, seat, key, from_shown=len(args) == 2)
            if len(st.queues[seat]) >= 3 or not (st.hands[seat] or st.shown[seat]):
                st.stack.pop()
            return
        st.moves += 1
        src, dst = (st.hands, st.shown) if verb == "show" else (st.shown, st.hands)
        src[seat].remove(key)
        dst[seat].append(key)
        if not st.log.keeps:  # searched worlds keep no log: their lines are not even put together
            return
        if verb == "show":
            st.log.add(t("{seat} shows {card} in its deterrent force.", seat=label(st, seat), card=st.name(key)))
        else:
            st.log.add(t("{seat} takes back {card} from its deterrent force.", seat=label(st, seat),
                         card=st.name(key)))

    def describe(self, st: S, seat: int | None) -> str:
        if seat == self.seat:
            return t("show or take back deterrent cards, then place a card face down behind your row")
        return t("{seat} places a card face down", seat=label(st, self.seat))


def put_face_down(st: S, seat: int, key: str, from_shown: bool) -> None:
    (st.shown if from_shown else st.hands)[seat].remove(key)
    st.queues[seat].append(key)
    st.exposed[seat].append(from_shown)
    if not st.log.keeps:
        return
    if from_shown:
        st.log.add(t("{seat} places its deterrent {card} face down.", seat=label(st, seat), card=st.name(key)))
    else:
        st.log.add(places_face_down(label(st, seat)), (seat,), you_place(st.name(key)))


@procedure
class Reveal(NamedTuple):
    """Turn the first face-down card up and resolve it (spec §6)."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        if not st.alive[seat] or not st.queues[seat]:
            return
        key = st.queues[seat].pop(0)
        st.exposed[seat].pop(0)
        card = st.card(key)
        if st.log.keeps:
            st.log.add(reveals(label(st, seat), st.name(key)))
        waiting = st.face_up[seat]
        if card.kind == "carrier":
            drop_face_up(st, seat, REPLACED)
            st.face_up[seat] = key
            st.payload[seat] = card.payload
            return
        if card.kind == "warhead" and waiting is not None and fits(st, seat, waiting, key):
            discard(st, key)
            aim(st, seat, "attack", key)
            return
        discard(st, key)
        if card.kind == "warhead" and st.log.keeps:
            st.log.add(t("The {card} has no carrier that can deliver it and is discarded.", card=st.name(key)))
        drop_face_up(st, seat, NO_WARHEAD)
        if card.kind == "propaganda":
            if st.at_war:
                st.log.add(t("Propaganda is worthless in war: the card is discarded."))
            else:
                aim(st, seat, "propaganda", key)
        elif card.kind == "anti-missile":
            st.log.add(t("An anti-missile is of no use from the face-down row: it is discarded."))


def fits(st: S, seat: int, carrier: str, warhead: str) -> bool:
    mt = st.card(warhead).megatons
    c = st.card(carrier)
    return mt <= (st.payload[seat] if c.bomber else c.payload)


@procedure
class EndTurn(NamedTuple):
    """Play passes clockwise, or to the player who intercepted this turn (Verteidigung)."""

    seat: int

    def run(self, st: S) -> None:
        start = self.seat + 1
        if st.next_turn is not None:
            start, st.next_turn = st.next_turn, None
        n = len(st.seats)
        nxt = next(((start + i) % n for i in range(n) if st.alive[(start + i) % n]), None)
        if nxt is not None:
            st.stack.append(Turn(nxt))
