"""2+2's sequence of play: decades of three sub-decades, turn order, the actions (the 2+2 rule book,
§4–§6, §9–§10).

2+2 plays the base game's frames, and its own where it changes a rule: ``Deal`` (§4 steps
1–4) and ``SubDecadeEnd`` (§4 steps 6–7: the automatic event, §9) are its own; ``Discard``
(only cards of earlier decades), ``Turn`` (§6: six ways to play a card, the in-the-red
restriction) and ``SpecialCardPrice`` (§10: the yellow player with fewer cards draws)
extend the base game's classes. The state names them (``TwoPlusTwoState``) where the
shared rules push them. Everything the base rules do unchanged — removing unrest,
building, living standard, the base icons, the ten end-of-decade phases — runs from the
base modules.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, listed, phrase, t

from .. import grammar, specials
from .. import sequence as base_sequence
from ..common import asks, discard, draw, draw_many, name, names
from ..content import EAST, WEST, Card
from . import cold_war
from .cold_war import arms_room, in_the_red, is_power
from .events import ACTIVE, Collect, Ignore, card_items, collects, effects, effects_frame, event_items
from .tables import POWER

if TYPE_CHECKING:
    from .content import ExpansionContent
    from .state import TwoPlusTwoState as S

USES = grammar.USES  # the base game's four uses, the arms race and credit
SUB = "ABC"


# the log lines written here at every step, made when read (``Log.say``, ``i18n.phrase``)
DISPLAY_SHOWS = phrase("Sub-decade {sub}: the display shows {cards}.", "sub", "cards")  # thirds: Subdekaden
AUTOMATIC_EVENT = phrase("Automatic event: {card} ({power} ahead in the arms race, level {level}).",
                         "card", "power", "level")
AUTOMATIC_EVENT_NO_ADVANTAGE = phrase("Automatic event: {card}.", "card")
SPECIAL_CARD = phrase("Special card: {card}.", "card")
TURN_ORDER = phrase("Turn order: {seats}.", "seats")
DRAW_DECK_EMPTY_UNPLAYED = t("The draw deck is empty: an unplayed decade II card comes into play.")


# ====================================================================== a decade: sub-decade A (§4)


def older(st: S, seat: int) -> list[str]:
    """Hand cards from an earlier decade (a card received in the space race is of the new decade)."""
    return [k for k in st.hands[seat] if st.card(k).decade < st.decade]


def hand_target(st: S, seat: int) -> int:
    """Hand cards after the deal: 2, or 3 for a superpower with a space-race card (it then discards 1, §12.2)."""
    return st.layout.hand + st.space_bonus[seat]


@decision
class Discard(base_sequence.Discard):
    """The base game's discard before the deal, for cards of earlier decades only (§4 step 2)."""

    __slots__ = ()

    @staticmethod
    def due(st: S, seat: int) -> bool:
        return bool(older(st, seat))

    def older(self, st: S) -> list[str]:
        return older(st, self.seat)

    def limit(self, st: S) -> int:
        return hand_target(st, self.seat)

    def act(self, st: S, action: str) -> None:
        if action == grammar.KEEP:
            st.stack.pop()
            return
        super().act(st, action)


def draw_card(st: S, to_seat: int | None = None) -> str | None:
    """The top card of the draw deck; in decade III an unplayed decade II card when it is empty (§4)."""
    key = draw(st, to_seat)
    if key is None and st.decade == 3:
        spare = _spare(st)
        if spare:
            key = spare[st.rng.below(len(spare))]
            st.log.say(DRAW_DECK_EMPTY_UNPLAYED)
    return key


def _spare(st: S) -> list[str]:
    """Decade II cards set aside unplayed (not played, held or discarded)."""
    gone = set(st.history) | {k for h in st.hands for k in h} | {k for o in st.out_seen for k in o}
    return [k for k in st.content.decade_cards[2] if k not in gone]


@procedure
class Deal(NamedTuple):
    """Steps 1–4: turn order, special card, hands to 2, display 3 + 3, the B and C stacks, 1 card unseen out."""

    def run(self, st: S) -> None:
        c = st.content
        held = {k for h in st.hands for k in h}
        st.deck = list(filterfalse(held.__contains__, c.decade_cards[st.decade]))
        st.rng.shuffle(st.deck)
        st.deck_seen = [0] * len(st.seats)
        st.played = []
        st.order = turn_order(st)
        st.special = base_sequence.decade_special(st)
        base_sequence.refill_hands(st, [hand_target(st, s) for s in range(len(st.seats))].__getitem__, draw_card)
        extra = list(c.expansion_cards[st.decade])
        st.rng.shuffle(extra)
        st.prepared = [extra[3:6], extra[6:9]]
        st.unseen = extra[9:]
        st.half = 1
        st.display = []
        _fill_display(st, extra[:3])
        st.turn = 0
        if st.special:
            st.log.say(SPECIAL_CARD, name(st, st.special))
        st.log.say(TURN_ORDER, listed(st.seats[s] for s in st.order))
        st.stack.append(TURNS[st.order[0]])
        for s in range(len(st.seats)):
            if st.space_bonus[s]:
                st.stack.append(DiscardOne(s))


def _fill_display(st: S, extra: list[str]) -> None:
    n = st.layout.display[st.half - 1]
    cards = draw_many(st, n)
    if len(cards) < n and st.decade == 3:  # §4: the deck ran out, unplayed decade II cards (``draw_card``)
        cards += [k for k in (draw_card(st) for _ in range(n - len(cards))) if k is not None]
    cards += extra
    st.display += cards
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(DISPLAY_SHOWS, SUB[st.half - 1], names(st, cards))


@decision
class DiscardOne(NamedTuple):
    """A superpower that received a space-race card holds 3 hand cards after the deal and discards 1 (§12.2)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.discard(k) for k in st.hands[self.seat]]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        discard(st, self.seat, grammar.words(action)[1], t("1 of its 3 hand cards (space race)"))
        st.space_bonus[self.seat] = False

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat, t("discard 1 of your 3 hand cards (space race)"), t("discards a hand card"))


# ====================================================================== turn order (§5)


def turn_order(st: S) -> list[int]:
    """Seats by their steps from the start on the prestige and dominance tracks, with the tiebreakers.

    Decade I: USA, Soviet Union, West, East. Later the highest result begins; a superpower
    beats a German state on a tie; West beats East on a level prestige track; on a level
    dominance track the space race, then the arms race decide, then the USA goes first.
    """
    if st.decade <= 1:
        return [0, 1, 2, 3]
    steps = {0: -st.dominance, 1: st.dominance, 2: -st.prestige, 3: st.prestige}
    usa_first = st.space < 0 or (st.space == 0 and st.arms <= 0)
    within = {0: 0 if usa_first else 1, 1: 1 if usa_first else 0, 2: 0, 3: 1}
    return sorted(steps, key=lambda s: (-steps[s], 0 if is_power(s) else 1, within[s]))


# ====================================================================== a turn: the actions (§6)


def adds_income(card: Card, side: int) -> bool:
    """True when triggering the card adds income to ``side``'s treasury."""
    word = f"income-{('usa', 'ussr')[side]}-"
    return any(isinstance(i, str) and i.startswith(word) for i in event_items(card, side))


@decision
class Turn(base_sequence.Turn):
    """A turn of 2+2 (§6): the base game's four uses of a card, the arms race and a credit for a
    superpower, the restriction in the red; the card's own icons run after its value (§7)."""

    __slots__ = ()

    USE_WORDS = {**base_sequence.Turn.USE_WORDS, "arms": t("engage in the arms race"), "credit": t("take a credit")}

    def situation(self, st: S) -> tuple:
        """The base game's situation, then whether the seat is in the red, is a superpower and, if so, has
        room on the arms-race track."""
        seat = self.seat
        if is_power(seat):  # in the red: a negative treasury (``in_the_red``); a superpower's seat is its side
            return super().situation(st) + (st.treasury[seat] < 0, True, arms_room(st, seat))
        return super().situation(st) + (False, False, False)

    @classmethod
    def uses(cls, c: ExpansionContent, key: str, situation: tuple) -> list[str]:
        """The base game's uses for everybody, arms race and credit for superpowers; in the red only a
        credit, or an event that adds income (§6.6)."""
        side, _, _, red, power, arms = situation
        card = c.cards[key]
        if card.is_special:
            return ["event"] if side == EAST and (not red or (key, side) in c.income_events) else []
        may_trigger = card.owner() in (None, side)
        if red:
            return ["credit"] + (["event"] if may_trigger and (key, side) in c.income_events else [])
        out = super().uses(c, key, situation)
        if may_trigger and "event" not in out:
            out.append("event")
        if power:
            if arms and key not in c.arms_banned:
                out.append("arms")
            out.append("credit")
        return out

    @classmethod
    def likeness(cls, c: ExpansionContent, key: str) -> tuple:
        """The base game's likeness, whether the card bans the arms race and, per side, whether its event adds
        income."""
        income = c.income_events
        return (*super().likeness(c, key), key in c.arms_banned, (key, WEST) in income, (key, EAST) in income)

    def act(self, st: S, action: str) -> None:
        verb, *args = grammar.words(action)
        if verb == "police":  # §10: the Soviet Union may use East's police cards as if it were East
            super().act(st, action)
            return
        key, use = args
        seat = self.seat
        st.active = st.last_active = seat
        self.play_card(st, verb, key, use)
        side = st.layout.side[seat]
        c = st.content
        card = c.cards[key]
        if use == "event":
            if collects(card, use):
                st.stack.append(Collect(seat, key))
            trigger(st, seat, key)
            return
        collected, items = c.items_kept[key, side, "value"]  # §7: the value's items, executed after the action
        if collected:
            st.stack.append(Collect(seat, key))
        if items:
            st.stack.append(effects_frame(seat, items, ACTIVE))
        value = c.card_values[key][side]
        if use in ("build", "ls") and seat == POWER[EAST] and st.soviet_penalty:
            value = max(0, value - 1)
        if use == "arms":  # §6.5: one step in its favour, then the arms-race card
            step = ("arms", 1, 0, False) if side == WEST else ("arms", 0, 1, False)
            effects(st, seat, (step,), ACTIVE)
        elif use == "credit":  # §6.6: a credit worth the card value
            cold_war.income(st, side, value)
        else:
            self.use_value(st, card, use, value)

    def why_illegal(self, st: S, action: str) -> Text | None:
        """Why a card taken or played cannot be used so in 2+2 (in the red, the arms race and credits are a
        superpower's, the ban on arms race, the special card is red, §6), else the base game's reasons."""
        words = grammar.words(action)
        if words[0] in ("take", "play") and len(words) == 3 and words[1] in st.content.cards:
            seat = self.seat
            if words[2] not in USES:
                return t("{use} is not a use: say calm, build, ls, event, arms or credit.", use=repr(words[2]))
            if in_the_red(st, seat):
                return t("You are in the red: only a credit or an event that adds income to your treasury is allowed.")
            if words[2] in ("arms", "credit") and not is_power(seat):
                return t("Only a superpower may engage in the arms race or take a credit.")
            if words[2] == "arms" and words[1] in st.content.arms_banned:
                return t("This card shows the ban on arms race.")
            if words[1] == st.special and st.side(seat) == WEST:
                return t("Only a red player may take the special card.")
        return super().why_illegal(st, action)

    def describe(self, st: S, viewer: int | None) -> Text:
        seat = self.seat
        if viewer != seat:
            return t("{seat} chooses an action", seat=st.seats[seat])
        if in_the_red(st, seat):
            return t("you are in the red: take a credit, or trigger an event that adds income to your treasury")
        if is_power(seat):
            return t("take a display card (or play a hand card) and use it: calm, build, ls, event, arms or credit")
        return t("take a display card (or play a hand card) and use it: calm, build, ls, event")


#: a 2+2 turn per seat, made once and shared (``WsdvState.turns``)
TURNS = tuple(map(Turn, base_sequence.SEATS))


def trigger(st: S, seat: int, key: str) -> None:
    """Trigger an event (§6.4): the special card asks its price first, a dual card what to ignore."""
    card = st.card(key)
    items = card_items(st, key, st.side(seat), "event")
    if card.is_special and st.content.setups[st.opts.setup].special_drawback:
        st.stack.append(effects_frame(seat, items, ACTIVE))
        if st.hands[seat] or _can_draw(st):
            st.stack.append(SpecialCardPrice(seat))
        return
    if card.colour == "dual":
        st.stack.append(Ignore(seat, key, items, ACTIVE))
        return
    effects(st, seat, items, ACTIVE)


# ====================================================================== the special card's price (§10)


def _can_draw(st: S) -> bool:
    return bool(st.deck) or st.decade == 3 and bool(_spare(st))


@decision
class SpecialCardPrice(specials.SpecialCardPrice):
    """The special card's price (§10): a hand card, or the yellow player with fewer cards draws one."""

    __slots__ = ()

    DRAW = grammar.YELLOW_DRAWS

    def can_draw(self, st: S) -> bool:
        return _can_draw(st)

    def drawer(self, st: S) -> int:
        """The yellow player with fewer hand cards; on a tie the one whose turn comes next (§10)."""
        yellow = [s for s in range(len(st.seats)) if st.side(s) == WEST]
        fewest = min(len(st.hands[s]) for s in yellow)
        n = len(st.order)
        for i in range(1, n + 1):
            s = st.order[(st.turn + i) % n]
            if s in yellow and len(st.hands[s]) == fewest:
                return s
        return yellow[0]

    def draw(self, st: S, seat: int) -> str | None:
        return draw_card(st, seat)

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("the special card's price: discard a hand card, or let a yellow player draw an extra card"),
                    t("pays for the special card"))


# ====================================================================== sub-decades and the automatic event (§4, §9)


@procedure
class SubDecadeEnd(NamedTuple):
    """One normal card left: its event runs automatically, then the next sub-decade (or the decade's end)."""

    def run(self, st: S) -> None:
        st.active = -1
        st.stack.append(NEXT_SUB_DECADE)
        if st.display:
            auto_event(st, st.display[0])


def auto_event(st: S, key: str) -> None:
    """The automatic event (§9): advantage fixed before it runs; a level-3 advantage may ignore 1 item."""
    st.display.remove(key)
    st.played.append(key)
    st.history.append(key)
    side, level = cold_war.advantage(st)
    ctx = ("auto", side, level)

    if level:
        st.log.say(AUTOMATIC_EVENT, name(st, key), cold_war.POWER_NAME[side], level)
    else:
        st.log.say(AUTOMATIC_EVENT_NO_ADVANTAGE, name(st, key))
    items = card_items(st, key, side, "auto")
    if level >= 3:
        st.stack.append(Ignore(POWER[side], key, items, ctx))
    else:
        effects(st, cold_war.presser(st), items, ctx)


@procedure
class NextSubDecade(NamedTuple):
    """Sub-decades B and C: 3 prepared 2+2 cards and 3 (C: 4) base cards; the next player begins (§4)."""

    def run(self, st: S) -> None:
        if st.half == len(st.layout.display):
            base_sequence.close_decade(st)
            return
        st.half += 1
        _fill_display(st, st.prepared[st.half - 2])
        st.prepared[st.half - 2] = []
        st.turn = (st.turn + 1) % len(st.order)
        if len(st.display) > st.layout.last_cards:
            st.stack.append(TURNS[st.order[st.turn]])
        else:
            st.stack.append(SUB_DECADE_END)


#: the sub-decade's frames, shared (frames are immutable values)
SUB_DECADE_END, NEXT_SUB_DECADE = SubDecadeEnd(), NextSubDecade()
