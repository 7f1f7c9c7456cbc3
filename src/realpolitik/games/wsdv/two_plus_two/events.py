"""Triggering events in 2+2: card colours, arrows, the new icons, the automatic event (the 2+2 rule book, §6.4, §7, §9).

An event, a card value's icons, a deck card or a track box becomes a *pool* of items in
printed order: icon slugs (the base game's icons run through ``wsdv.events.execute``) and
arrows ``(track, yellow steps, red steps, strict)``. One frame runs a pool:
``("effects", seat, pool, ctx)`` where ``ctx`` says who orders and who decides:

- ``ACTIVE`` ``()``: the active player picks the next item whenever several kinds are left
  (the base game's icon order, decision 16 of docs/games/wsdv.md, with 2+2's arrows joining the choice) and
  makes every choice; an active superpower may turn prestige arrows into dominance ones;
- ``CARD`` ``("card",)``: an arms-race or conflict card or a track box — printed order, the
  superpower ``seat`` decides (§8);
- ``("auto", side, level)``: the automatic event — printed order, East decides red icons and
  West yellow ones unless the side ahead in the arms race has the advantage (§9).
Icons with a coat of arms are always decided by that German state (base rule), unless a
level-2 advantage takes over the other state's coat of arms.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, phrase, t, tn

from .. import board, grammar
from ..common import asks, made, name, pname
from ..content import EAST, SIDES, WEST
from ..events import TRACKS, execute
from . import cold_war
from .cold_war import POWER_NAME, is_power, items_of
from .content import BASE_ICONS, ExpansionCard
from .tables import POWER, STATE_SEAT
from .words import TRACK, item_words, label

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

ACTIVE: tuple = ()
CARD = ("card",)
TRACK_NAMES = TRACK


# the log lines written here at every step, made when read (``Log.say``, ``i18n.phrase``)
TRACK_MOVES = phrase("Track {track} {position}.", "track", "position")
COLLECTS = phrase("{seat} collects {card} as a peacemaker ({n}).", "seat", "card", "n")
RECEIVES_HAND_CARD_NEXT = phrase("{seat} receives a hand card of the next decade.", "seat")
YOU_RECEIVE = phrase("You receive {card}.", "card")
THERE_NO_NEXT_DECADE = t("There is no next decade: no card is drawn.")
DOMINANCE_BEYOND_TRACK = phrase("Dominance beyond the track: 1 unrest leaves {province}.", "province")
IGNORES = phrase("{seat} ignores {item} of {card}.", "seat", "item", "card")
NOW_EVERY_ARMS_RACE = t("From now on every arms-race step costs $1 more.")
NOW_SOVIET_UNION_CARD = t("From now on the Soviet Union's card values for building and living standard are 1 lower.")


# ====================================================================== the items of an event


def event_items(card, side: int, auto: bool = False) -> tuple:
    """What triggering ``card`` executes, in printed order (§6.4, §9).

    A player of ``side`` ignores the other colour's icons and arrows of a Blue card; the
    automatic event executes them all, ignores a Green card's shaded icons, the choice icon
    and the peacemaker. Peacemakers never enter the pool: collecting is the action's end.
    Base cards: their icons, then their arrows.
    """
    if not isinstance(card, ExpansionCard):
        out = [i.slug for i in card.icons for _ in range(i.count)]
        for track in TRACKS:
            steps = getattr(card.arrows, track)
            if steps:
                out.append((track, max(0, -steps), max(0, steps), False))
        return tuple(out)
    blue = card.colour == "blue" and not auto
    out = []
    for e in card.icons:
        if e.icon == "peacemaker" or auto and (e.icon == "choice" or card.colour == "green" and e.shaded):
            continue
        if e.is_arrow:
            yellow, red = e.yellow, e.red
            if blue:
                yellow, red = (yellow, 0) if side == WEST else (0, red)
            out.append((e.icon, yellow, red, e.strict))
        elif not (blue and e.side in SIDES and SIDES.index(e.side) != side):
            out += [e.slug] * e.count
    return tuple(out)


def card_items(st: S, key: str, side: int, use: str) -> tuple:
    """``event_items`` of card ``key`` (``use`` "event", or "auto" for the automatic event) or, for any
    other use, whether it collects the card and its ``value_items``: a card's are fixed, so they are
    kept with the content (a value's once for all the uses of a value)."""
    return st.content.items_kept[key, side, use if use in ("event", "auto") else "value"]


def every_card_items(c) -> dict[tuple, tuple]:
    """``card_items`` of every card, side and event, automatic event or value."""
    out: dict[tuple, tuple] = {}
    for key, card in c.cards.items():
        for side in (WEST, EAST):
            out[key, side, "event"] = event_items(card, side)
            out[key, side, "auto"] = event_items(card, side, auto=True)
            out[key, side, "value"] = collects(card, "value"), value_items(card, side)
    return out


def value_items(card, side: int) -> tuple:
    """Icons a card value brings (§7): those below it always, the conflict icon right of it for its colour."""
    if not isinstance(card, ExpansionCard):
        return ()
    out = items_of(card.value_icons)
    if card.value_conflict is not None and SIDES.index(card.value_conflict) == side:
        out += ("conflict-" + ("usa", "ussr")[side],)
    return out


def collects(card, use: str) -> bool:
    """A peacemaker card goes in front of its player: a Green event, a Black card's value (§11)."""
    if not isinstance(card, ExpansionCard):
        return False
    if use == "event":
        return any(e.icon == "peacemaker" for e in card.icons)
    return any(e.icon == "peacemaker" for e in card.value_icons)


def ignore_options(items: tuple) -> list[str]:
    """One icon or one arrow step that may be ignored (dual cards, arms-race advantage 3)."""
    out = []
    for item in dict.fromkeys(items):
        if isinstance(item, tuple):
            track, yellow, red, _ = item
            if yellow and red:
                out += [f"{track}-yellow", f"{track}-red"]
            elif yellow or red:
                out.append(track)
        else:
            out.append(item)
    return out


def drop(items: tuple, what: str) -> tuple:
    """``items`` without one unit of ``what``: an icon, or one step of an arrow (``track``, ``track-yellow`` …)."""
    out = list(items)
    for i, item in enumerate(out):
        if not isinstance(item, tuple):
            if item == what:
                del out[i]
                return tuple(out)
            continue
        track, yellow, red, strict = item
        if what == f"{track}-yellow" or what == track and yellow:
            out[i] = (track, yellow - 1, red, strict)
        elif what == f"{track}-red" or what == track:
            out[i] = (track, yellow, red - 1, strict)
        else:
            continue
        return tuple(out)
    return tuple(out)


# ====================================================================== running a pool


@procedure
class Effects(NamedTuple):
    """Run an event's pool of icons and arrows (the 2+2 rule book, §6.4, §7); ``ctx`` says whose event it is:
    the active player's, a drawn card's or the automatic event's (§9)."""

    seat: int
    pool: tuple
    ctx: tuple

    def run(self, st: S) -> None:
        effects(st, *self)


def effects(st: S, seat: int, pool: tuple, ctx: tuple, item=None, framed: bool = False) -> None:
    """Run a pool: its items in printed order, except that the active player chooses the next kind of item
    whenever several are left (§6.4; ``item``: the one chosen). The rules call this where they would push a
    pool's frame last, which the frame loop would run next: what ``Effects.run_now`` does, without making the
    frame (a frame made for the rest of a pool, through ``effects_frame``, cost 1 % of an action).

    The item leaves the pool (all build icons of a kind at once) and is executed. The rest of the pool waits
    as a frame beneath what the item pushes; when the item pushes nothing, the rest runs at once, the same
    way (unless the game is over). ``framed``: as the frame loop plays a pool's frames, the rest pushed before the
    item runs, whatever the item does — the plain form, with which tests/games/wsdv_2p2/test_fast_paths.py
    plays every pool beside the shortcut."""
    if item is None:
        if not pool:
            return
        if ctx == ACTIVE and len(_kinds(pool)) > 1:
            st.stack.append(next_effect_frame(seat, pool, ctx))
            return
        item = pool[0]
    if item is pool[0] and not _builds(item):  # the first item alone: the rest is the rest as printed
        rest, n = pool[1:], 1
    else:
        rest, n = _taken(pool, item)
    stack = st.stack
    depth = len(stack)
    if framed:
        stack.append(effects_frame(seat, rest, ctx))
    if isinstance(item, tuple):
        arrow(st, seat, item, ctx)
    else:
        icon(st, seat, item, n, ctx)
    if framed:
        return
    if len(stack) > depth:
        stack.insert(depth, effects_frame(seat, rest, ctx))
    elif rest and st.result is None:
        effects(st, seat, rest, ctx)  # the rest's frame, run at once


@lru_cache(maxsize=4096)
def _kinds(pool: tuple) -> dict:
    """The kinds of item in a pool, by their words (``label``) in printed order, each with its first item
    (pools come from the cards: a few hundred). Read it only."""
    out: dict = {}
    for item in pool:
        out.setdefault(label(item), item)
    return out


@lru_cache(maxsize=4096)
def _next_items(pool: tuple) -> tuple[str, ...]:
    """``NextEffect``'s action texts for a pool: one per kind of item."""
    return tuple(map(grammar.next_item, _kinds(pool)))


def _builds(item) -> bool:
    """Build icons: all of a kind leave a pool together, their points built in one go (as the base game's
    ``run_icon`` takes them)."""
    return isinstance(item, str) and item.startswith("build")


@lru_cache(maxsize=4096)
def _taken(pool: tuple, item) -> tuple[tuple, int]:
    """The pool without ``item`` (without every build icon of its kind), and how many units were taken."""
    rest = list(pool)
    n = 1
    if _builds(item):
        n = rest.count(item)
        rest = [i for i in rest if i != item]
    else:
        rest.remove(item)
    return tuple(rest), n


@decision(public=True)
class NextEffect(NamedTuple):
    """Several kinds of items are left in the active player's pool: the player chooses the next (§6.4)."""

    seat: int
    pool: tuple
    ctx: tuple

    def legal(self, st: S) -> list[str]:
        return list(_next_items(self.pool))

    def act(self, st: S, action: str) -> None:
        seat, pool, ctx = self
        st.stack.pop()
        word = grammar.words(action)[1]
        effects(st, seat, pool, ctx, _kinds(pool)[word])

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("choose which icon or arrow to execute next"),
                    t("orders the event's icons"))

    def units(self, word: str) -> int:
        """How many of the item ``next <word>`` executes: its words count them."""
        return _taken(self.pool, _kinds(self.pool)[word])[1]


def decider(st: S, seat: int, icon, ctx: tuple):
    """Who makes a base icon's choices in the automatic event (``ctx`` ``("auto", side, level)``), and the
    icon as that seat executes it (§9 'Where?')."""
    adv_side, level = ctx[1], ctx[2]
    if icon.executor is None:
        return (POWER[adv_side] if level >= 1 else STATE_SEAT[icon.who]), icon
    if level >= 2 and icon.executor != adv_side:
        return POWER[adv_side], icon.model_copy(update={"by": None})
    return seat, icon


def icon(st: S, seat: int, slug: str, n: int, ctx: tuple) -> None:
    """Execute one icon: base icons as in the base game, the new icons of §6.4."""
    c = st.content
    kind, side, amount = c.icon_parts[slug]
    if kind in BASE_ICONS:
        e = c.icons[slug]
        if ctx[:1] == ("auto",):  # the automatic event's decider (§9); else the event's own player
            seat, e = decider(st, seat, e, ctx)
        execute(st, seat, e, n)
    elif kind == "dove":
        cold_war.flip_dove(st)
    elif kind == "undove":
        cold_war.reflip_dove(st)
    elif kind == "pay":
        cold_war.pay(st, side, amount)
    elif kind == "income":
        cold_war.income(st, side, amount)
    elif kind == "conflict":  # a black one: the active side's superpower draws
        st.stack.append(conflict_card_frame(st.side(cold_war.presser(st)) if side is None else side))
    elif kind == "arms-cost":
        st.arms_cost = 1
        st.log.say(NOW_EVERY_ARMS_RACE)
    elif kind == "soviet-penalty":
        st.soviet_penalty = True
        st.log.say(NOW_SOVIET_UNION_CARD)
    elif kind == "choice":
        st.stack.append(ShiftMarker(seat))
    elif kind == "next-card":
        _next_decade_card(st, seat)


def _next_decade_card(st: S, seat: int) -> None:
    """Space race: a hand card from the next decade's draw deck (§12.2)."""
    if st.decade >= 4:
        st.log.say(THERE_NO_NEXT_DECADE)
        return
    held = {k for h in st.hands for k in h}
    pool = [k for k in st.content.decade_cards[st.decade + 1] if k not in held]
    key = pool[st.rng.below(len(pool))]
    st.hands[seat].append(key)
    st.space_bonus[seat] = True
    st.log.say(RECEIVES_HAND_CARD_NEXT, st.seats[seat], to=(seat,), private=(YOU_RECEIVE, name(st, key)))


# ====================================================================== arrows (§6.4)


def arrow(st: S, seat: int, item: tuple, ctx: tuple) -> None:
    """An arrow: an active superpower may turn prestige steps into dominance steps (never in the
    automatic event, which has no active player); everything else moves as printed."""
    track, yellow, red, strict = item
    if track == "prestige" and is_power(seat) and seat == st.active and not strict and yellow != red \
            and ctx[:1] != ("auto",):
        st.stack.append(ConvertPrestige(seat, red - yellow))
        return
    move(st, seat, track, yellow, red, ctx)


def move(st: S, seat: int, track: str, yellow: int, red: int, ctx: tuple) -> None:
    """Move a marker by the net sum of its arrows; steps off a track turn into their bonuses."""
    c = st.content
    net = red - yellow
    if track in TRACKS:
        pos = getattr(st, track)
        new = max(-6, min(6, pos + net))
        setattr(st, track, new)
        if new != pos and st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(TRACK_MOVES, TRACK_NAMES[track], f"{new:+d}")
        excess = abs(pos + net) - 6
        if excess > 0:  # the bonus printed beyond the end, once per step, each executed in turn
            slug = c.overflow[track][WEST if net < 0 else EAST].slug
            st.stack.append(effects_frame(seat, (slug,) * excess, CARD))
        return
    spaces = getattr(c, track).spaces
    pos = getattr(st, track)
    new = max(-spaces, min(spaces, pos + net))
    setattr(st, track, new)
    if new != pos and st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(TRACK_MOVES, TRACK_NAMES[track], f"{new:+d}")
    if track == "dominance":
        side = WEST if net < 0 else EAST
        for _ in range(abs(pos + net) - spaces):
            st.stack.append(DominanceBonus(POWER[side]))
    elif track == "arms":
        if not (yellow and red):
            draw_arms_cards(st, [EAST if new > pos else WEST] * abs(new - pos), WEST)
        elif ctx == ACTIVE and st.active >= 0 and st.game.active_orders_draws:
            st.stack.append(FirstDraw(st.active, yellow, red))  # §8: the active player decides, as for conflicts
        else:  # left-right arrows: both still draw (§6.4); rules version 1: the active side's superpower first
            first = st.side(st.active) if ctx == ACTIVE and st.active >= 0 else WEST
            draw_arms_cards(st, [WEST] * yellow + [EAST] * red, first)


def draw_arms_cards(st: S, draws: list[int], first: int) -> None:
    """Each superpower in ``draws`` draws an arms-race card, those of ``first`` before the other's (§8)."""
    for side in sorted(draws, key=first.__eq__):  # the frame pushed last runs first
        st.stack.append(arms_card_frame(side))


#: the ``FirstDraw`` choices, in seat order of the superpowers
FIRST_DRAWS = (grammar.first("usa"), grammar.first("ussr"))


@decision(public=True)
class FirstDraw(NamedTuple):
    """Both superpowers draw arms-race cards (a left-right arrow, §6.4): the active player decides which
    draws first — the 2+2 rule book settles it so for conflict cards drawn together (§8, "as usual")."""

    seat: int
    yellow: int
    red: int

    def legal(self, st: S) -> list[str]:
        return list(FIRST_DRAWS)

    def act(self, st: S, action: str) -> None:
        seat, yellow, red = self
        st.stack.pop()
        first = WEST if action == FIRST_DRAWS[WEST] else EAST
        draw_arms_cards(st, [WEST] * yellow + [EAST] * red, first)

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("both superpowers draw arms-race cards: choose which draws first"),
                    t("decides which superpower draws its arms-race card first"))


@decision(public=True)
class ConvertPrestige(NamedTuple):
    """An active superpower may move the dominance marker instead of prestige for an arrow (§6.4)."""

    seat: int
    steps: int

    def legal(self, st: S) -> list[str]:
        steps = self.steps
        n = abs(steps)
        return [grammar.convert(n - d, d) for d in range(n + 1)]

    def act(self, st: S, action: str) -> None:
        seat, steps = self
        st.stack.pop()
        words = grammar.words(action)
        moved = dict(zip(words[::2], map(int, words[1::2])))
        for track in ("prestige", "dominance"):
            k = moved.get(track, 0)
            if k:
                move(st, seat, track, k if steps < 0 else 0, k if steps > 0 else 0, ACTIVE)

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat, steps = self
        if mine:
            toward = t("West") if steps < 0 else t("East")
            return tn("prestige arrow ({steps} step toward {toward}): move the prestige marker, or the dominance "
                      "marker instead, or split a double arrow", "prestige arrow ({steps} steps toward {toward}): move "
                      "the prestige marker, or the dominance marker instead, or split a double arrow", "steps",
                      steps=abs(steps), toward=toward)
        return t("{seat} decides between prestige and dominance", seat=st.seats[seat])


@decision(public=True)
class ShiftMarker(NamedTuple):
    """The choice icon: the dominance or the prestige marker 1 step toward yellow or red (§6.4)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        return [grammar.shift(t, c) for t in ("dominance", "prestige") for c in ("yellow", "red")]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        _, track, colour = grammar.words(action)
        move(st, seat, track, int(colour == "yellow"), int(colour == "red"), ACTIVE)

    def describe(self, st: S, viewer: int | None) -> Text:
        return asks(st, viewer, self.seat,
                    t("move the dominance or the prestige marker 1 step toward yellow or toward red"),
                    t("moves the dominance or the prestige marker"))


@decision(public=True)
class DominanceBonus(NamedTuple):
    """A dominance arrow beyond the track: +$1 for the treasury or 1 allied unrest removed (§6.4)."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        side = st.side(seat)
        calm = st.content.texts.calm
        return [grammar.INCOME] + [calm[p] for p in st.content.of_side[side] if st.unrest[p]]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        side = st.side(seat)
        if action == grammar.INCOME:
            cold_war.income(st, side, 1)
            return
        p = st.content.province_index[grammar.words(action)[1]]
        board.remove_unrest(st, p)
        st.log.say(DOMINANCE_BEYOND_TRACK, pname(st, p))

    def describe(self, st: S, viewer: int | None) -> Text:
        mine = viewer == self.seat
        seat = self.seat
        if mine:
            return t("a dominance arrow beyond the track: +$1 for your treasury, or remove 1 {ally} unrest",
                     ally=t("West") if st.side(seat) == WEST else t("East"))
        return t("{power} cashes in a dominance arrow beyond the track", power=POWER_NAME[st.side(seat)])


# ====================================================================== ignoring (dual cards, advantage 3)


@decision(public=True)
class Ignore(NamedTuple):
    """A dual card's event: the triggering player may ignore one icon or one arrow step (§4.4.1)."""

    seat: int
    key: str
    items: tuple
    ctx: tuple

    def legal(self, st: S) -> list[str]:
        options = ignore_options(self.items)
        seat = self.seat
        if self.ctx == ACTIVE and cold_war.in_the_red(st, seat) and st.game.red_keeps_income:
            own = ("income-usa-", "income-ussr-")[st.side(seat)]  # §6.6: in the red, only events adding income
            options = [w for w in options if not w.startswith(own)]
        return [grammar.ignore("nothing")] + [grammar.ignore(w) for w in options]

    def act(self, st: S, action: str) -> None:
        seat, key, items, ctx = self
        st.stack.pop()
        what = grammar.words(action)[1]
        if what != "nothing":
            items = drop(items, what)
            st.log.say(IGNORES, st.seats[seat], item_words(st, what), name(st, key))
        doer = seat if ctx == ACTIVE else cold_war.presser(st)
        effects(st, doer, items, ctx)

    def describe(self, st: S, viewer: int | None) -> Text:
        seat, key, _, _ = self
        return asks(st, viewer, seat,
                    t("{card}: ignore one icon or one arrow step, or nothing", card=name(st, key)),
                    t("may ignore one icon or arrow of {card}", card=name(st, key)))


@procedure
class ArmsCard(NamedTuple):
    """A superpower draws an arms-race card and executes its decade's row (§8)."""

    side: int

    def run(self, st: S) -> None:
        effects(st, POWER[self.side], cold_war.draw_arms_card(st, self.side), CARD)


@procedure
class ConflictCard(NamedTuple):
    """A superpower draws a conflict card and executes its column (§8)."""

    side: int

    def run(self, st: S) -> None:
        effects(st, POWER[self.side], cold_war.draw_conflict_card(st, self.side), CARD)


@procedure
class Collect(NamedTuple):
    """Peacemaker: the active player puts the card in front of himself (§6.4, §11)."""

    seat: int
    key: str

    def run(self, st: S) -> None:
        seat, key = self
        if key in st.played:
            st.played.remove(key)
        st.peacemakers[seat].append(key)
        st.log.say(COLLECTS, st.seats[seat], name(st, key), len(st.peacemakers[seat]))


#: the frames of a pool and of the drawn cards, each made once for the same fields (``common.made``)
effects_frame, next_effect_frame = made(Effects), made(NextEffect)
arms_card_frame, conflict_card_frame = made(ArmsCard), made(ConflictCard)
