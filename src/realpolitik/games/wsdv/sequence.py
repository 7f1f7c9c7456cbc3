"""Wir sind das Volk!'s sequence of play (as reconstructed in ``docs/games/wsdv.md``): the decade, the
turn and its end; and why an action is refused, whatever the decision.

Pending work is a stack of frames (engine/frames.py): decisions and procedures, each
defined beside its rule — the decade, the turn and its end here, ``value_uses`` (§4.1–4.3),
``events`` (§4.4, §5, §6.4), ``specials`` (§4.5, §6.6–6.7), ``protests`` (§6.1–6.3),
``end_of_decade`` (§7–§8). The engine's loop runs them; a decision whose choices lie open
on the board is answered by itself when it has a single one (``public``). Three frames
are pushed through the state (``st.StartDecade``, ``st.Turn``, ``st.SubDecadeEnd``) because
2+2 plays them by its own rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, phrase, phrase_n, t

from . import board, events, grammar
from .common import ROMAN, asks, discard, draw, draw_many, leader, name, names, shared, unveil
from .content import EAST, Card, Content
from .end_of_decade import eod_frame
from .memo import OFFERS
from .protests import SOCIALISTS, SUPPLIERS, Socialists, Suppliers
from .value_uses import build_frame, calm_frame, dismantle_frame, ls_frame

if TYPE_CHECKING:
    from .state import WsdvState as S


# the log lines written here at every step, made by ``phrase`` (i18n/messages.py)
DRAWS = phrase_n("{seat} draws {n} card.", "{seat} draws {n} cards.", "seat", "n")
YOU_DRAW = phrase("You draw {cards}.", "cards")
DISPLAY_SHOWS = phrase("Sub-decade {half}: the display shows {cards}.", "half", "cards")
TAKES = phrase("{seat} takes {card} — {use}.", "seat", "card", "use")
PLAYS_FROM_HAND = phrase("{seat} plays from hand {card} — {use}.", "seat", "card", "use")
DECADE_BEGINS = phrase("— Decade {decade} —", "decade")
SPECIAL_CARD = phrase("Special card: {card}.", "card")
BEGINS_AHEAD = phrase("{seat} holds the prestige advantage and begins.", "seat")
BEGINS_LEVEL = phrase("{seat} begins (prestige is level).", "seat")
UNUSED_SPECIAL_CARD_DISCARDED = phrase("The unused special card {card} is discarded.", "card")
KEEPS_CARD_EARLIER_DECADES = phrase_n("{seat} keeps {n} card from earlier decades.",
                                      "{seat} keeps {n} cards from earlier decades.", "seat", "n")
USES_POLICE_CARD = phrase("{seat} uses a police card: 1 unrest leaves {province}.", "seat", "province")


# ====================================================================== start of a decade (§3.2)


@procedure
class StartDecade(NamedTuple):
    """A new decade (§3.2): whoever holds cards from earlier decades may discard them, then the deal."""

    def run(self, st: S) -> None:
        st.decade += 1
        st.log.say(DECADE_BEGINS, ROMAN[st.decade])
        st.stack.append(shared(st.Deal))
        for s in reversed(range(len(st.seats))):
            if st.Discard.due(st, s):
                st.stack.append(shared(st.Discard, s))


@decision
class Discard(NamedTuple):
    """Cards kept from earlier decades may be discarded before the deal (§3.2); keeping more than
    a hand's worth is not allowed."""

    seat: int

    @staticmethod
    def due(st: S, seat: int) -> bool:
        """Whether ``seat`` is asked at all."""
        return bool(st.hands[seat])

    def older(self, st: S) -> list[str]:
        """The hand cards that may be discarded."""
        return st.hands[self.seat]

    def limit(self, st: S) -> int:
        """How many hand cards may be kept."""
        return st.layout.hand

    def legal(self, st: S) -> list[str]:
        out = [grammar.discard(k) for k in self.older(st)]
        if len(st.hands[self.seat]) <= self.limit(st):
            out.append(grammar.KEEP)
        return out

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        if action == grammar.KEEP:
            st.stack.pop()
            st.log.say(KEEPS_CARD_EARLIER_DECADES, st.seats[seat], len(st.hands[seat]))
            return
        discard(st, seat, grammar.words(action)[1], t("a card from an earlier decade"))
        if not self.older(st):
            st.stack.pop()

    def describe(self, st: S, viewer: int | None) -> Text:
        seat = self.seat
        if viewer == seat:
            if len(st.hands[seat]) > self.limit(st):
                return t("discard cards from earlier decades, or keep them (you must discard at least one)")
            return t("discard cards from earlier decades, or keep them")
        return t("{seat} may discard cards from earlier decades", seat=st.seats[seat])


@procedure
class Deal(NamedTuple):
    """Shuffle the decade's cards, refill hands to 2, lay out 7 + the special card (§3.2)."""

    def run(self, st: S) -> None:
        st.deck = list(st.content.decade_cards[st.decade])
        st.rng.shuffle(st.deck)
        st.deck_seen = [0] * len(st.seats)
        st.played = []
        refill_hands(st, lambda s: st.layout.hand, draw)
        st.half = 1
        st.display = []
        _fill_display(st)
        st.special = decade_special(st)
        st.order = turn_order(st)
        st.turn = 0
        first = st.order[0]
        if st.special:
            st.log.say(SPECIAL_CARD, name(st, st.special))
        st.log.say(BEGINS_AHEAD if st.prestige else BEGINS_LEVEL, st.seats[first])
        st.stack.append(st.turns[first])


def refill_hands(st: S, target: Callable[[int], int], draw_one: Callable[[S, int], str | None]) -> None:
    """Every seat draws up to ``target(seat)`` hand cards while there are cards (§3.2)."""
    for s in range(len(st.seats)):
        drawn = []
        while len(st.hands[s]) < target(s):
            key = draw_one(st, s)
            if key is None:
                break
            st.hands[s].append(key)
            drawn.append(key)
        if drawn and st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(DRAWS, st.seats[s], len(drawn), to=(s,), private=(YOU_DRAW, names(st, drawn)))


def decade_special(st: S) -> str | None:
    """The decade's special card; in decade IV with the Wall standing, the fall of the Wall (§3.2)."""
    c = st.content
    if st.decade == 4 and st.wall and c.mauerfall:
        return c.mauerfall
    return c.specials[st.decade] or None


def _fill_display(st: S) -> None:
    n = st.layout.display[st.half - 1]
    cards = draw_many(st, n)
    st.display += cards
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(DISPLAY_SHOWS, st.half, names(st, cards))


# ====================================================================== turns (§3.3–3.4)


USES = ("calm", "build", "ls", "event")


class Offers(dict):
    """The action texts of a turn's cards in one situation (``Turn.situation``): per card key, the texts
    of taking it from the display and of playing it from the hand, each in the order of its uses.
    Written on a card's first ask and kept with the content (``Content.turn_offers``): legal actions
    are listed on every step of every game and search. Cards alike in everything ``uses`` reads of them
    (``Turn.likeness``) share the uses worked out for the first of them."""

    def __init__(self, turn: type[Turn], c: Content, situation: tuple) -> None:
        super().__init__()
        self.turn, self.content, self.situation = turn, c, situation
        #: per card key: its likeness (``Turn.likeness``), shared by every situation of this kind of turn
        self.likeness: dict[str, tuple] = c.turn_likeness.setdefault(turn, {})
        #: per likeness: the uses in this situation
        self.uses: dict[tuple, list[str]] = {}

    def __missing__(self, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        c = self.content
        alike = self.likeness.get(key)
        if alike is None:
            alike = self.likeness[key] = self.turn.likeness(c, key)
        uses = self.uses.get(alike)
        if uses is None:
            uses = self.uses[alike] = self.turn.uses(c, key, self.situation)
        texts = c.texts
        found = self[key] = tuple(map(texts.take[key].__getitem__, uses)), tuple(map(texts.play[key].__getitem__, uses))
        return found


@decision
class Turn(NamedTuple):
    """A player's turn (§3.3): take a display card or play a hand card and use it — remove unrest,
    build up the economy, raise living standards or trigger its event; East may use a police card."""

    seat: int

    #: the log's words for each use of a card
    USE_WORDS = {"calm": t("remove unrest"), "build": t("build up the economy"), "ls": t("raise living standards"),
                 "event": t("trigger the event")}

    def situation(self, st: S) -> tuple:
        """What the uses of a card depend on this turn besides the card (``uses``): the seat's side,
        whether it may remove unrest with a card of its own colour (there is unrest in its provinces)
        and with a foreign one (then it also needs a build point to dismantle, §4.1)."""
        side = st.layout.side[self.seat]
        calm_free = any(map(st.unrest.__getitem__, st.content.of_side[side]))
        return side, calm_free, calm_free and board.can_dismantle(st, side)

    @classmethod
    def uses(cls, c: Content, key: str, situation: tuple) -> list[str]:
        """How card ``key`` may be used in ``situation`` (§4): remove unrest (free with its own colour,
        else for a build point), build, ls, event (own colour or dual; special cards: East only)."""
        side, calm_free, calm_paid = situation[:3]
        card = c.cards[key]
        if card.is_special:
            return ["event"] if side == EAST else []
        owner = card.owner()
        out = ["calm"] if (calm_free if owner == side else calm_paid) else []
        out += ["build", "ls"]
        if owner == side or card.colour == "dual":
            out.append("event")
        return out

    @classmethod
    def likeness(cls, c: Content, key: str) -> tuple:
        """Everything ``uses`` reads of card ``key``: two cards alike here have the same uses in every situation."""
        card = c.cards[key]
        return card.is_special, card.colour

    def offers(self, st: S) -> Offers:
        """Per card: its action texts this turn (``Offers``), shared by every turn in the same situation."""
        c = st.content
        situation = (type(self), self.situation(st))
        found = c.turn_offers.get(situation)
        if found is None:
            if len(c.turn_offers) >= OFFERS:  # declared in memo.py: bounded like every cache
                c.turn_offers.clear()
            found = c.turn_offers[situation] = Offers(type(self), c, situation[1])
        return found

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        offers = self.offers(st)
        out = []
        for key in st.display:
            out += offers[key][0]
        if st.special:
            out += offers[st.special][0]
        for key in st.hands[seat]:
            out += offers[key][1]
        if st.layout.side[seat] == EAST and st.police_used < len(st.police):
            police, unrest = st.content.texts.police, st.unrest
            out += [police[p] for p in st.content.of_side[EAST] if unrest[p]]
        return out

    def act(self, st: S, action: str) -> None:
        parts = st.content.texts.card_use.get(action)
        if parts is None:  # a police card
            self.police(st, grammar.words(action)[1])
            return
        verb, key, use = parts
        self.play_card(st, verb, key, use)
        if use == "event":
            events.trigger(st, self.seat, key)
            return
        c = st.content
        self.use_value(st, c.cards[key], use, c.card_values[key][st.layout.side[self.seat]])

    def police(self, st: S, where: str) -> None:
        """A police card removes 1 unrest from an East province; the turn goes on (§6.5)."""
        p = st.content.province_index[where]
        board.remove_unrest(st, p)
        st.police_used += 1
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(USES_POLICE_CARD, st.seats[self.seat], t(st.content.provinces[p].name))

    def play_card(self, st: S, verb: str, key: str, use: str) -> None:
        """The card leaves the display (or the hand) and is played; the turn ends after its use."""
        seat = self.seat
        st.stack.pop()
        if verb == "take":
            if key == st.special:
                st.special = None
            else:
                st.display.remove(key)
        else:
            st.hands[seat].remove(key)
            unveil(st, key)
        st.played.append(key)
        st.history.append(key)
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            who, card, how = st.seats[seat], name(st, key), self.USE_WORDS[use]
            if verb == "take":
                st.log.say(TAKES, who, card, how)
            else:
                st.log.say(PLAYS_FROM_HAND, who, card, how)
        st.stack.append(END_TURNS[seat])

    def use_value(self, st: S, card: Card, use: str, value: int) -> None:
        """Remove unrest (a foreign card costs a build point), build up or raise living standards (§4.1–4.3)."""
        seat = self.seat
        side = st.layout.side[seat]
        if use == "calm":
            if costs_a_build_point(card, side):
                st.stack.append(dismantle_frame(seat, side, "", "cost"))
            st.stack.append(calm_frame(seat, side, ""))
        elif use == "build":
            if value:
                st.stack.append(build_frame(seat, side, value, "", False))
        elif use == "ls":
            st.stack.append(ls_frame(seat, side, value, (), (), 0))

    def why_illegal(self, st: S, action: str) -> Text | None:
        """Why a card taken or played cannot be used so: an unknown card or use, a card not at hand, an event
        of the other colour, unrest that cannot be removed (§4)."""
        words = grammar.words(action)
        if words[0] not in ("take", "play") or len(words) != 3:
            return None
        c = st.content
        key, use = words[1], words[2]
        if key not in c.cards:
            return t("There is no card {card}.", card=repr(key))
        if use not in USES:
            return t("{use} is not a use: say calm, build, ls or event.", use=repr(use))
        where = st.display if words[0] == "take" else st.hands[self.seat]
        if key not in where and key != st.special:
            if words[0] == "take":
                return t("Card {card} is not in the display.", card=key)
            return t("Card {card} is not in your hand.", card=key)
        if use == "event":
            return t("You may only trigger events of your own colour or of dual cards (special cards: East only).")
        if use == "calm":
            return t("Removing unrest needs unrest in one of your provinces and, with a foreign card, a build point "
                     "to dismantle.")
        return None

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("take a display card (or play a hand card) and use it: calm, build, ls or event"),
                    t("chooses an action"))


@procedure
class EndTurn(NamedTuple):
    """After every action: supplier protests, socialists absorb East mass protests (§6.2–6.3)."""

    seat: int

    def run(self, st: S) -> None:
        if Suppliers.idle(st) and Socialists.idle(st):  # most turns: nothing spreads or is absorbed
            NEXT_TURNS[self.seat].run_now(st)
            return
        st.stack += (NEXT_TURNS[self.seat], SOCIALISTS, SUPPLIERS)


@procedure
class NextTurn(NamedTuple):
    """The next player acts, unless the display is down to its last card(s) (§3.4)."""

    seat: int

    def run(self, st: S) -> None:
        if len(st.display) > st.layout.last_cards:
            st.turn = (st.turn + 1) % len(st.order)
            st.stack.append(st.turns[st.order[st.turn]])  # 2+2 plays its own turn and sub-decade end
            return
        st.stack.append(shared(st.SubDecadeEnd))


@procedure
class SubDecadeEnd(NamedTuple):
    """Half-decade end (§3.4): deal the next display, or go to the end of the decade."""

    def run(self, st: S) -> None:
        if st.half < len(st.layout.display):
            st.half += 1
            _fill_display(st)
            if len(st.display) > st.layout.last_cards:
                st.turn = (st.turn + 1) % len(st.order)
                st.stack.append(st.turns[st.order[st.turn]])
                return
        close_decade(st)


# Frames are immutable values: the ones every action pushes are made once per seat and shared
# (making a NamedTuple frame is a Python call).
SEATS = range(4)
END_TURNS = tuple(map(EndTurn, SEATS))
NEXT_TURNS = tuple(map(NextTurn, SEATS))
TURNS = tuple(map(Turn, SEATS))


def close_decade(st: S) -> None:
    """The last sub-decade is over: the unused special card and the display go, the end of decade begins (§3.4)."""
    if st.special:
        st.log.say(UNUSED_SPECIAL_CARD_DISCARDED, name(st, st.special))
    st.special = None
    st.display.clear()
    st.deck = []
    st.deck_seen = [0] * len(st.seats)
    st.stack.append(eod_frame(0))


def turn_order(st: S) -> list[int]:
    """Seats in turn order for a new decade: the prestige leader's seat first (§3.2)."""
    first = st.seat_of(leader(st))
    return [first] + [s for s in range(len(st.seats)) if s != first]


# ====================================================================== refusals


def costs_a_build_point(card: Card, side: int) -> bool:
    """Removing unrest with a card not of the side's own colour costs a build point (§4.1)."""
    return card.owner() != side


def why_illegal(st: S, action: str) -> Text | None:
    """A specific reason for the commonest wrong actions of every decision: an unknown province or site
    (the decision's own reasons come first, ``WsdvState.why_illegal``)."""
    words = grammar.words(action)
    c = st.content
    if words[0] in ("calm", "unrest", "ls", "police") and len(words) == 2 and words[1] not in c.province_index:
        return t("There is no province {province}.", province=repr(words[1]))
    if words[0] in ("build", "dismantle") and len(words) == 2 and words[1] not in c.site_index:
        return t("There is no site {site}.", site=repr(words[1]))
    return None
