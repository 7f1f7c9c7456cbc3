"""The sequence of play: opening round, strategy, the turn and its order (the German Nuclear War rule book:
Spielbeginn, Spielzug); and why an action is refused, read from the pending decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import t

from . import grammar
from .combat import DRAW_ONE, DRAW_TEN, aim, start_secret
from .common import (
    clockwise,
    drop_face_up,
    label,
    note_draw,
    take_card,
    undeliverable,
)
from .options import Refill
from .tables import HAND_SIZE, SEATS
from .words import NO_WARHEAD, REPLACED

if TYPE_CHECKING:
    from .state import NuclearWarState as S


#: what a card revealed to no effect leaves in the log
WORTHLESS_IN_WAR = t("Propaganda is worthless in war: the card is discarded.")
USELESS_ANTI_MISSILE = t("An anti-missile is of no use from the face-down row: it is discarded.")


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
            secrets = st.content.secrets
            if not secrets.isdisjoint(hand):
                secret = next(k for k in hand if k in secrets)
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
        st.stack.append(TURNS[st.current])
        for s in reversed(clockwise(st, st.current)):
            if st.hands[s]:
                st.stack.append(ChooseStrategy(s))


@decision
class ChooseStrategy(NamedTuple):
    """Strategie wählen: ``seat`` places its first two cards face down."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return grammar.places(st.hands[self.seat])

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        (key,) = grammar.read(action)[1]
        put_face_down(st, seat, key, False)
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
        st.stack.append(END_TURNS[seat])
        if not st.alive[seat]:
            return
        if st.skips[seat]:
            st.skips[seat] -= 1
            st.log.say(st.lines.loses_turn[seat])
            return
        if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
            st.log.say(st.lines.turn_begins[seat])
        stack = st.stack
        stack += (REVEALS[seat], PLACINGS[seat])
        DRAWS[st.opts.refill][seat].run_now(st)  # the draw comes first
        if stack[-1] is PLACINGS[seat]:  # the draw pushed nothing (no Secret): the placing runs at once too
            stack.pop().run_now(st)


@procedure
class Placing(NamedTuple):
    """A player with cards and fewer than three face down places one (or changes his deterrent)."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        if st.alive[seat] and (st.hands[seat] or st.shown[seat]) and len(st.queues[seat]) < 3:
            st.stack.append(PLACE_CARDS[seat])


@decision
class PlaceCard(NamedTuple):
    """``seat`` shows or takes back deterrent cards (two moves at most), then places a card face down."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        shown = st.shown[seat]
        may_move = st.moves < 2  # Deterrent Force: one or two cards as part of the turn
        return grammar.placing(st.hands[seat], shown, may_move and len(shown) < 2, may_move)

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        verb, args = grammar.read(action)
        key = args[-1]
        if verb == "place":
            put_face_down(st, seat, key, len(args) == 2)  # from the deterrent force
            if len(st.queues[seat]) >= 3 or not (st.hands[seat] or st.shown[seat]):
                # this decision and the reveal beneath it (the turn pushed them together, and nothing lies
                # between): the reveal runs at once, as the loop would run it
                del st.stack[-2:]
                REVEALS[seat].run_now(st)
            return
        st.moves += 1
        src, dst = (st.hands, st.shown) if verb == "show" else (st.shown, st.hands)
        src[seat].remove(key)
        dst[seat].append(key)
        if not st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            return
        if verb == "show":
            st.log.say(st.lines.shows[seat][key])
        else:
            st.log.say(st.lines.takes_back[seat][key])

    def describe(self, st: S, seat: int | None) -> str:
        if seat == self.seat:
            return t("show or take back deterrent cards, then place a card face down behind your row")
        return t("{seat} places a card face down", seat=label(st, self.seat))


def put_face_down(st: S, seat: int, key: str, from_shown: bool) -> None:
    (st.shown if from_shown else st.hands)[seat].remove(key)
    st.queues[seat].append(key)
    st.exposed[seat].append(from_shown)
    if not st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
        return
    if from_shown:
        st.log.say(st.lines.places_shown[seat][key])
    else:
        st.log.say(st.lines.places_face_down[seat], to=(seat,), private=(st.lines.you_place[key],))


@procedure
class Reveal(NamedTuple):
    """Turn the first face-down card up and resolve it (Spielzug)."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        if st.alive[seat] and st.queues[seat]:
            key = st.queues[seat].pop(0)
            st.exposed[seat].pop(0)
            card = st.content.cards[key]
            kind = card.kind
            if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
                st.log.say(st.lines.reveals[seat][key])
            waiting = st.face_up[seat]
            if kind == "carrier":
                if waiting is not None:
                    drop_face_up(st, seat, REPLACED)
                st.face_up[seat] = key
                st.payload[seat] = card.payload
            else:
                st.discard.append(key)
                if kind == "warhead" and waiting is not None and fits(st, seat, waiting, key):
                    aim(st, seat, "attack", key)
                    return
                if kind == "warhead" and st.log.keeps:
                    st.log.say(undeliverable(st.content.names[key]))
                if waiting is not None:
                    drop_face_up(st, seat, NO_WARHEAD)
                if kind == "propaganda":
                    if not st.at_war:
                        aim(st, seat, "propaganda", key)
                        return
                    st.log.say(WORTHLESS_IN_WAR)
                elif kind == "anti-missile":
                    st.log.say(USELESS_ANTI_MISSILE)
        # nothing pushed: the end of the turn beneath (the turn pushed it first) runs at once, as the loop would
        st.stack.pop().run_now(st)


def fits(st: S, seat: int, carrier: str, warhead: str) -> bool:
    mt = st.content.cards[warhead].megatons
    c = st.content.cards[carrier]
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
        alive = st.alive
        for i in range(start, start + n):
            if alive[i % n]:
                TURNS[i % n].run_now(st)  # the next turn begins at once
                return


# Frames are immutable values: the ones every turn pushes are made once per seat and shared
# (making a NamedTuple frame is a Python call).
TURNS = tuple(map(Turn, SEATS))
END_TURNS = tuple(map(EndTurn, SEATS))
PLACE_CARDS = tuple(map(PlaceCard, SEATS))
REVEALS = tuple(map(Reveal, SEATS))
PLACINGS = tuple(map(Placing, SEATS))
#: a turn's draw by the rule option ``refill``
DRAWS = {Refill.DRAW_TO_TEN: DRAW_TEN, Refill.DRAW_ONE: DRAW_ONE}


# ====================================================================== refusals


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions, whatever the decision."""
    words = action.split(" ")  # any text: what was typed need not be an action at all
    placing = bool(st.stack) and isinstance(st.stack[-1], PlaceCard)
    if words[0] in ("place", "show", "hide", "intercept", "swap") and len(words) >= 2:
        key = words[-1]
        if key not in st.content.cards:
            return t("There is no card called {card}.", card=repr(key))
    if words[0] == "target" and len(words) == 2:
        if words[1] not in st.seats:
            return t("There is no player {seat}.", seat=repr(words[1]))
        return t("{seat} is not an opponent you can choose now.", seat=words[1])
    if not placing and words[0] in ("show", "hide"):
        return t("The deterrent force can only be changed in your own turn, before you place a card.")
    if placing and words[0] in ("show", "hide") and st.moves >= 2:
        return t("You have already moved two cards to or from your deterrent force this turn.")
    return None
