"""What strikes and Secrets leave behind: their effects, a lost carrier, the arms of a dead
nation, the end of the world, and the return of peace (the German Nuclear War rule book: Geheimnisse, Verteidigung,
Finaler Gegenschlag, Kriegszustand)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision
from realpolitik.i18n import listed, phrase, phrase_n, t

from . import grammar, population
from .common import discard, hurt, label, transfer, unique
from .options import B70Intercept, RetaliationCards

if TYPE_CHECKING:
    from .state import NuclearWarState as S


# the log lines written here (``log.say``: engine/log.py)
CHAIN_REACTION_DESTROYS_WHOLE = t("The chain reaction destroys the whole world. Nobody wins.")
BOMBER_FACE_DOWN_WARHEADS = phrase("The bomber's face-down warheads are destroyed with it: {cards}.", "cards")
GAINS_MILLION_PEOPLE_BANK = phrase_n("{seat} gains {gained} million people from the bank.",
                                     "{seat} gains {gained} million people from the bank.", "seat", "gained",
                                     count="gained")


def secret_effect(st: S, seat: int, key: str, victim: int) -> None:
    """What the Secret ``key`` played by ``seat`` does to ``victim``."""
    card = st.content.cards[key]
    st.tick += 1
    if card.effect == "lose-turn":
        st.skips[victim] += 1
        st.log.say(st.lines.will_lose_turn[victim])
    elif card.effect == "defect":
        transfer(st, victim, seat, card.amount, retaliation=True)
    elif card.effect == "give":  # the people leave the player who drew it, for the one he names
        transfer(st, seat, victim, card.amount, retaliation=True)
    elif card.effect == "kill":
        hurt(st, victim, card.amount, retaliation=True)
    elif card.effect == "boom":
        gained = population.receive(st.pop[seat], st.bank, card.amount, st.content.denominations)
        st.net[seat] += gained
        st.log.say(GAINS_MILLION_PEOPLE_BANK, label(st, seat), gained)


def destroy_carrier(st: S, attacker: int) -> None:
    """An intercepted carrier is lost; a B-70 takes its face-down warheads along (decision #9 of
    docs/games/nuclear-war.md)."""
    key = st.face_up[attacker]
    st.face_up[attacker] = None
    st.payload[attacker] = 0
    discard(st, key)
    if not st.card(key).bomber or st.opts.b70_intercept != B70Intercept.WARHEAD_RUN:
        return
    queue, exposed = st.queues[attacker], st.exposed[attacker]
    lost = []
    while queue and st.card(queue[0]).kind == "warhead":
        lost.append(queue.pop(0))
        exposed.pop(0)
    for k in lost:
        discard(st, k)
    if lost:
        st.log.say(BOMBER_FACE_DOWN_WARHEADS, listed(st.name(k) for k in lost))


def end_of_the_world(st: S) -> None:
    """The 100 MT warhead set off a nuclear stockpile: every remaining player dies."""
    st.world_ended = True
    for s in range(len(st.seats)):
        if st.alive[s]:
            st.alive[s] = False
            st.out_tick[s] = st.tick
    st.log.say(CHAIN_REACTION_DESTROYS_WHOLE)
    st.stack.clear()


def retaliation_arms(st: S, seat: int, may_retaliate: bool) -> tuple[tuple, tuple]:
    """Finaler Gegenschlag: the eliminated player lays his weapons face up, the rest is discarded.

    The German Nuclear War rule book: "jede passende Kombination von Trägersystemen und Sprengköpfen aus den neun
    Karten seiner Spielhand" — the nine he holds outside his turn: hand (deterrent force
    included) and face-down row (``retaliation_cards=nine``); ``all`` also fires the carrier
    lying face up with its remaining payload, ``hand`` leaves the face-down row out.
    Returns the carriers (card, payload) and warheads he may fire (none without ``may_retaliate``).
    """
    reading = st.opts.retaliation_cards
    pool = st.hands[seat] + st.shown[seat]
    if reading == RetaliationCards.HAND:
        st.discard += st.queues[seat]
    else:
        pool += st.queues[seat]
    st.hands[seat], st.shown[seat], st.queues[seat], st.exposed[seat] = [], [], [], []
    carriers: list[tuple[str, int]] = []
    face_up = st.face_up[seat]
    if face_up is not None:
        st.face_up[seat] = None
        if may_retaliate and reading == RetaliationCards.ALL:
            carriers.append((face_up, st.payload[seat]))
        else:
            st.discard.append(face_up)
        st.payload[seat] = 0
    warheads = []
    cards = st.content.cards
    for key in pool:
        kind = cards[key].kind
        if may_retaliate and kind == "carrier":
            carriers.append((key, cards[key].payload))
        elif may_retaliate and kind == "warhead":
            warheads.append(key)
        else:
            st.discard.append(key)
    return tuple(carriers), tuple(warheads)


@decision
class PeaceSwap(NamedTuple):
    """Kriegszustand ends: ``seat`` may swap face-down cards (slots not in ``done``) for hand cards."""

    seat: int
    done: tuple

    def legal(self, st: S) -> list[str]:
        slots = [i + 1 for i in range(len(st.queues[self.seat])) if i + 1 not in self.done]
        return [grammar.swap(i, k) for i in slots for k in unique(st.hands[self.seat])] + [grammar.KEEP]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        if action == grammar.KEEP:
            return
        slot, key = grammar.read(action)[1]
        i = slot - 1
        hand = st.hands[seat]
        hand.remove(key)
        hand.append(st.queues[seat][i])
        st.queues[seat][i] = key
        st.exposed[seat][i] = False
        st.log.say(st.lines.changes[seat], to=(seat,), private=(st.lines.you_swap[slot, key],))
        done = self.done + (slot,)
        if len(done) < len(st.queues[seat]) and st.hands[seat]:
            st.stack.append(PeaceSwap(seat, done))

    def describe(self, st: S, seat: int | None) -> str:
        if seat == self.seat:
            return t("peace: swap your face-down cards for hand cards, or keep them")
        return t("{seat} may change its face-down cards", seat=label(st, self.seat))
