"""Attack, defence and their consequences (the German Nuclear War rule book: Geheimnisse, Angriff,
Verteidigung, Finaler Gegenschlag).

These rules call each other in a circle — an interception draws a card, a drawn Secret
may kill, a death brings a final retaliation, a retaliation strikes again — so their
frames live in one module; the effects without frames are in ``aftermath``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from realpolitik.engine import decision, procedure
from realpolitik.i18n import listed, phrase, t

from . import grammar
from .aftermath import PeaceSwap, destroy_carrier, end_of_the_world, retaliation_arms, secret_effect
from .common import (
    clockwise,
    discard,
    drop_face_up,
    enemies,
    hurt,
    label,
    take_card,
    transfer,
)
from .tables import REFILL_TARGET, SEATS
from .words import OUT_OF_FUEL, PAYLOAD_USED_UP, SPENT

if TYPE_CHECKING:
    from .state import NuclearWarState as S

    F = TypeVar("F")


# the log lines written here (``log.say``: engine/log.py)
SHOOTS_DOWN = phrase("{seat} shoots down the {carrier} with {anti}.", "seat", "carrier", "anti")
AIMED_LOST = phrase("The {warhead} aimed at {target} is lost.", "warhead", "target")
NATION_HAS_FALLEN_PEACE = t("A nation has fallen: peace is restored. Everyone may change strategy.")
STRIKES_BACK_EVERYTHING_IT = phrase("{seat} strikes back with everything it has: {carriers}; {warheads}.",
                                    "seat", "carriers", "warheads")
FINAL_RETALIATION = phrase("{seat}'s final retaliation: {plan}.", "seat", "plan")


#: the line that starts a war
WAR = t("War! From now on propaganda is worthless.")
NO_EFFECT_IN_WAR = phrase("{card} has no effect in war.", "card")
#: the frames of an attack are made as tuples of their class, without the Python call of a
#: NamedTuple's ``__new__`` (the same value: that call does just this)
if TYPE_CHECKING:
    def _new(frame: type[F], fields: Iterable[object]) -> F:
        """A frame of class ``frame`` with ``fields`` (``tuple.__new__``, as a type checker sees it)."""
else:
    _new = tuple.__new__


# ====================================================================== drawing (Spielzug 1)


@procedure
class Draw(NamedTuple):
    """Draw one card (``one``) or up to ten cards in play (``ten``, decision #2 of docs/games/nuclear-war.md).

    A Secret drawn is played at once and replaced.
    """

    seat: int
    mode: str

    def run(self, st: S) -> None:
        seat = self.seat
        if not st.alive[seat]:
            return
        hand = st.hands[seat]
        # hand, deterrent force and face-down cards count for the refill
        missing = REFILL_TARGET - len(hand) - len(st.shown[seat]) - len(st.queues[seat]) if self.mode == "ten" else 1
        if missing <= 0:
            return
        secrets, log, you_draw = st.content.secrets, st.log, st.lines.you_draw
        line = st.lines.draws_a_card[seat] if log.keeps else None  # a sampled world keeps no log
        for _ in range(missing):  # card by card: a Secret interrupts
            key = st.draw.pop() if st.draw else take_card(st)
            if key is None:
                return
            if key in secrets:
                st.stack.append(self)
                start_secret(st, seat, key)
                return
            hand.append(key)
            if line is not None:
                log.say(line, to=(seat,), private=(you_draw[key],))


#: a draw of each kind per seat, made once and shared (frames are immutable values)
DRAW_TEN = tuple(Draw(s, "ten") for s in SEATS)
DRAW_ONE = tuple(Draw(s, "one") for s in SEATS)


def start_secret(st: S, seat: int, key: str) -> None:
    """A drawn Secret/Top Secret is played at once and discarded; its replacement follows."""
    card = st.content.cards[key]
    discard(st, key)
    if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
        st.log.say(st.lines.plays_secret[seat][key])
    if card.peace_only and st.at_war:  # the card says it does nothing once war has broken out
        st.log.say(NO_EFFECT_IN_WAR, st.name(key))
    elif card.victim == "chosen-enemy":
        aim(st, seat, "secret", key)
        return
    else:
        for v in [seat] if card.victim == "self" else enemies(st, seat):
            secret_effect(st, seat, key, v)
    SETTLE.run_now(st)  # the settling that ends it


# ====================================================================== choosing a target


def aim(st: S, seat: int, purpose: str, key: str) -> None:
    """Ask ``seat`` to name an opponent; with a single opponent left there is nothing to ask."""
    targets = enemies(st, seat)
    if len(targets) > 1:
        st.stack.append(_new(NameTarget, (seat, purpose, key)))
    elif targets:
        resolve_aim(st, seat, purpose, key, targets[0])


@decision
class NameTarget(NamedTuple):
    """``seat`` names the opponent of its attack, propaganda or Secret (``purpose``; ``key``: the card)."""

    seat: int
    purpose: str
    key: str

    def legal(self, st: S) -> list[str]:
        seats = st.seats
        return [grammar.TARGET[seats[t]] for t in enemies(st, self.seat)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        (target,) = grammar.read(action)[1]
        resolve_aim(st, self.seat, self.purpose, self.key, st.seats.index(target))

    def describe(self, st: S, seat: int | None) -> str:
        mine = seat == self.seat
        if self.purpose == "attack":
            words = t("name the target of your attack") if mine else t("{seat} names the target of its attack")
        elif self.purpose == "propaganda":
            words = t("name the target of your propaganda") if mine else \
                t("{seat} names the target of its propaganda")
        else:
            words = t("name the target of {card}") if mine else t("{seat} names the target of {card}")
        return t(words.key, seat=label(st, self.seat), card=st.name(self.key))


def resolve_aim(st: S, seat: int, purpose: str, key: str, target: int) -> None:
    if purpose == "attack":
        if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
            st.log.say(st.lines.attacks[seat][target])
        _new(Strike, (seat, st.face_up[seat], key, target, -1)).run_now(st)
        return
    if purpose == "propaganda":
        st.tick += 1
        transfer(st, target, seat, st.content.cards[key].people, retaliation=False)
    else:
        secret_effect(st, seat, key, target)
    SETTLE.run_now(st)  # the settling that ends it


# ====================================================================== attack and defence (Angriff, Verteidigung)


@procedure
class Strike(NamedTuple):
    """Angriff: a warhead on its carrier heads for a named target.

    ``bomber_id`` is -1 for an attack from the face-up row, else the index of the carrier
    in a final retaliation salvo.
    """

    attacker: int
    carrier: str
    warhead: str
    target: int
    bomber_id: int

    def run(self, st: S) -> None:
        attacker, carrier, warhead, target, bomber_id = self
        if not st.alive[target] or bomber_id in st.salvo_lost:
            st.log.say(AIMED_LOST, st.name(warhead), label(st, target))
            return
        if not st.at_war:
            st.at_war = True
            st.log.say(WAR)
        if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
            st.log.say(st.lines.launches[attacker][target][warhead, carrier])
        st.stack.append(_new(FalloutRoll, self))  # the same fields
        st.stack.append(_new(Intercept, (target, attacker, carrier, warhead, bomber_id)))


def interceptors(st: S, seat: int, carrier: str) -> list[str]:
    """The anti-missiles in ``seat``'s hand and deterrent force that stop ``carrier``, card by card (Verteidigung)."""
    cards = st.content.cards
    return [k for k in st.hands[seat] + st.shown[seat] if carrier in cards[k].stops]


@decision
class Intercept(NamedTuple):
    """The target (``seat``) may shoot down the carrier with an anti-missile that stops it."""

    seat: int
    attacker: int
    carrier: str
    warhead: str
    bomber_id: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        stoppers = st.content.stoppers[self.carrier]  # the anti-missiles that stop it (``stops``), by carrier
        if stoppers.isdisjoint(st.hands[seat]) and stoppers.isdisjoint(st.shown[seat]):  # most often: none held
            return [grammar.NO_INTERCEPT]
        return grammar.intercepts(interceptors(st, seat, self.carrier)) + [grammar.NO_INTERCEPT]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        if action == grammar.NO_INTERCEPT:
            if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
                st.log.say(st.lines.does_not_intercept[seat])
            return
        st.stack.pop()  # the fallout roll
        st.tick += 1
        (anti,) = grammar.read(action)[1]
        (st.shown if anti in st.shown[seat] else st.hands)[seat].remove(anti)
        discard(st, anti)
        st.log.say(SHOOTS_DOWN, label(st, seat), st.name(self.carrier), st.name(anti))
        if self.bomber_id >= 0:
            st.salvo_lost = st.salvo_lost | {self.bomber_id}
        else:
            destroy_carrier(st, self.attacker)
            st.next_turn = seat
        st.stack.append(DRAW_ONE[seat])  # the anti-missile is replaced at once

    def describe(self, st: S, seat: int | None) -> str:
        shot = t("{attacker}'s {carrier} with a {warhead}", attacker=label(st, self.attacker),
                 carrier=st.name(self.carrier), warhead=st.name(self.warhead))
        if seat == self.seat:
            return t("intercept {shot} aimed at you, or not", shot=shot)
        return t("{seat} decides whether to intercept {shot}", seat=label(st, self.seat), shot=shot)


@procedure
class FalloutRoll(NamedTuple):
    """Roll the two fallout dice and apply the fallout table."""

    attacker: int
    carrier: str
    warhead: str
    target: int
    bomber_id: int

    def run(self, st: S) -> None:
        attacker, carrier, warhead, target, bomber_id = self
        st.tick += 1
        tens, units = st.rng.below(10), st.rng.below(10)
        result = st.content.fallout[tens * 10 + units]
        cards = st.content.cards
        printed = cards[warhead]
        mt, kills = printed.megatons, printed.kills  # the damage starts from the millions the card kills
        is_bomber = cards[carrier].bomber
        if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
            st.log.say(st.lines.fallout[tens * 10 + units])
        if result.effect == "misfire":
            if is_bomber:
                if bomber_id >= 0:
                    st.salvo_lost = st.salvo_lost | {bomber_id}
                else:
                    drop_face_up(st, attacker, OUT_OF_FUEL)
            else:
                hurt(st, attacker, kills, retaliation=True)
        elif result.effect != "dud":
            if result.world_ends_with == mt:
                end_of_the_world(st)
                return
            damage = kills + result.value if result.effect == "add" else kills * result.value
            hurt(st, target, damage, retaliation=True)
        if bomber_id < 0:
            if not is_bomber:
                drop_face_up(st, attacker, SPENT)
            elif st.face_up[attacker] is not None:
                st.payload[attacker] -= mt
                if st.payload[attacker] <= 0:
                    drop_face_up(st, attacker, PAYLOAD_USED_UP)
            SETTLE.run_now(st)  # the settling that ends it


# ============================================================ eliminations (Finaler Gegenschlag, Kriegszustand)


@procedure
class Settle(NamedTuple):
    """Process eliminations one by one (final retaliation first), then end the game or restore peace."""

    def run(self, st: S) -> None:
        if st.dying:
            seat, may_retaliate = st.dying.pop(0)
            st.stack.append(self)
            eliminate(st, seat, may_retaliate)
            return
        if not st.fallen:
            return
        st.fallen = False
        if sum(st.alive) <= 1:
            st.stack.clear()
            return
        if st.at_war:
            st.at_war = False
            st.log.say(NATION_HAS_FALLEN_PEACE)
            for s in reversed(clockwise(st, st.current)):
                if st.queues[s] and st.hands[s]:
                    st.stack.append(PeaceSwap(s, ()))


#: the one Settle every attack, propaganda and Secret ends with (frames are immutable values; where
#: the loop would run it next it runs at once, and it pushes itself while it settles one nation after another)
SETTLE = Settle()


def eliminate(st: S, seat: int, may_retaliate: bool) -> None:
    """Finaler Gegenschlag: the eliminated player lays his weapons face up, the rest is discarded."""
    carriers, warheads = retaliation_arms(st, seat, may_retaliate)
    frame = FinalRetaliation(seat, carriers, warheads, ())
    if frame.can_strike(st):
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(STRIKES_BACK_EVERYTHING_IT, label(st, seat), listed(st.name(k) for k, _ in carriers),
                       listed(st.name(k) for k in warheads))
        st.stack.append(frame)
    else:
        st.discard += [k for k, _ in carriers] + list(warheads)


@decision
class FinalRetaliation(NamedTuple):
    """The eliminated ``seat`` names its strikes one by one (``carriers``: (card, payload left)),
    then ``done``: every target is named before any die is rolled."""

    seat: int
    carriers: tuple
    warheads: tuple
    strikes: tuple

    def legal(self, st: S) -> list[str]:
        seats, alive, cards = st.seats, st.alive, st.content.cards
        targets = [seats[t] for t in range(len(seats)) if alive[t]]
        megatons = {wkey: cards[wkey].megatons for wkey in self.warheads}  # each warhead once, in order
        out = []
        for ckey, room in self.rooms().items():
            for wkey, mt in megatons.items():
                if mt <= room:
                    out += [grammar.strike(ckey, wkey, t) for t in targets]
        return out + [grammar.DONE]

    def rooms(self) -> dict[str, int]:
        """Each carrier that can still fly, once, in order, with the most payload one of that card has left."""
        rooms: dict[str, int] = {}
        for k, cap in self.carriers:
            if cap > 0 and cap > rooms.get(k, 0):
                rooms[k] = cap
        return rooms

    def can_strike(self, st: S) -> bool:
        """Whether a strike is left to name (``legal`` offers more than ``done``)."""
        if not self.warheads or sum(st.alive) == 0:
            return False
        rooms = self.rooms()
        return bool(rooms) and min(st.content.cards[w].megatons for w in self.warheads) <= max(rooms.values())

    def act(self, st: S, action: str) -> None:
        seat, carriers, warheads, strikes = self
        st.stack.pop()
        if action != grammar.DONE:
            ckey, wkey, target_label = grammar.read(action)[1]
            mt = st.card(wkey).megatons
            index = next(i for i, (k, cap) in enumerate(carriers) if k == ckey and cap >= mt)
            left = carriers[index][1] - mt if st.card(ckey).bomber else 0
            carriers = carriers[:index] + ((ckey, left),) + carriers[index + 1:]
            rest = list(warheads)
            rest.remove(wkey)
            strikes += ((index, ckey, wkey, st.seats.index(target_label)),)
            frame = FinalRetaliation(seat, carriers, tuple(rest), strikes)
            if frame.can_strike(st):
                st.stack.append(frame)
                return
            warheads = tuple(rest)
        st.discard += [k for k, _ in carriers] + list(warheads) + [w for _, _, w, _ in strikes]
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            plan = listed((t("{warhead} on {carrier} at {target}", warhead=st.name(w), carrier=st.name(c),
                             target=label(st, aim)) for _, c, w, aim in strikes), "; ")
            st.log.say(FINAL_RETALIATION, label(st, seat), plan if strikes else t("none"))
        salvo = st.ply * 64  # unique per salvo, so a bomber lost in one salvo is never confused with another's
        for index, ckey, wkey, target in reversed(strikes):
            st.stack.append(_new(Strike, (seat, ckey, wkey, target, salvo + index)))

    def describe(self, st: S, seat: int | None) -> str:
        if seat == self.seat:
            return t("name the strikes of your final retaliation (carrier, warhead, target), then done")
        return t("{seat} plans its final retaliation", seat=label(st, self.seat))
