"""2+2 rules: set-up, decades of three sub-decades, turn order, the actions (seed 001 §3–§6, §9–§10).

The base game's decision loop runs on 2+2's own dispatch tables (``BOOK``): the base
tables with the 2+2 frames added and these base frames replaced — ``start_decade`` and
``deal`` (§4 steps 1–4), ``discard`` (the space-race card is kept), ``sub_decade_end``
(§4 steps 6–7: the automatic event, §9), ``turn`` (§6: six ways to play a card, the
in-the-red restriction), ``drawback`` (§10: the yellow player with fewer cards draws).
Everything the base rules do unchanged — removing unrest, building, living standard, the
base icons, the ten end-of-decade phases — runs from the base modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from .. import rules as base_rules
from ..common import ROMAN, draw, forget, name, unveil
from ..content import EAST, WEST
from . import cold_war, end_of_decade, events
from .cold_war import POWER, arms_room, in_the_red, is_power
from .events import ACTIVE, collects, event_items, value_items

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

USES = ("calm", "build", "ls", "event", "arms", "credit")
SUB = "ABC"


# ====================================================================== set-up (§3)


def setup(st: S) -> None:
    """The base game's set-up, the 2+2 board: treasuries at $6, markers on their start spaces, 6 doves."""
    base_rules.prepare(st)
    c = st.content
    n = len(st.seats)
    st.treasury = [c.treasury.start, c.treasury.start]
    st.arms = st.space = st.dominance = 0
    st.doves = c.doves
    st.arms_deck = list(c.arms_deck)
    st.conflict_deck = list(c.conflict_deck)
    st.rng.shuffle(st.arms_deck)
    st.rng.shuffle(st.conflict_deck)
    st.arms_used, st.conflict_used = [], []
    st.arms_last = st.conflict_last = ""
    st.arms_cost = 0
    st.soviet_penalty = False
    st.prepared = [[], []]
    st.unseen = []
    st.peacemakers = [[] for _ in range(n)]
    st.active = -1
    st.last_active = 0
    st.space_bonus = [False] * n
    st.button = st.victor = -1
    st.log.add("2+2: the USA, the Soviet Union, West and East. The USA begins.")
    advance(st)


# ====================================================================== the loop


def advance(st: S) -> None:
    """The base game's loop on the 2+2 tables."""
    base_rules.advance(st, BOOK)


def legal(st: S) -> list[str]:
    frame = st.stack[-1]
    return BOOK.legal[frame[0]](st, *frame[1:])


def act(st: S, action: str) -> None:
    frame = st.stack[-1]
    BOOK.act[frame[0]](st, action, *frame[1:])
    advance(st)


def describe(st: S, seat: int | None) -> str:
    kind, who, *data = st.stack[-1]
    return BOOK.describe[kind](st, seat == who, who, *data)


# ====================================================================== a decade: sub-decade A (§4)


def _start_decade(st: S) -> None:
    st.decade += 1
    st.log.add(f"— Decade {ROMAN[st.decade]} —")
    st.stack.append(("deal",))
    for s in reversed(range(len(st.seats))):
        if _older(st, s):
            st.stack.append(("discard", s))


def _older(st: S, seat: int) -> list[str]:
    """Hand cards from an earlier decade (a card received in the space race is of the new decade)."""
    return [k for k in st.hands[seat] if st.card(k).decade < st.decade]


def hand_target(st: S, seat: int) -> int:
    """Hand cards after the deal: 2, or 3 for a superpower with a space-race card (it then discards 1, §12.2)."""
    return st.layout.hand + st.space_bonus[seat]


def _legal_discard(st: S, seat: int) -> list[str]:
    out = [f"discard {k}" for k in _older(st, seat)]
    if len(st.hands[seat]) <= hand_target(st, seat):
        out.append("keep")
    return out


def _act_discard(st: S, action: str, seat: int) -> None:
    if action == "keep":
        st.stack.pop()
        return
    _discard(st, seat, action.split(" ")[1], "a card from an earlier decade")
    if not _older(st, seat):
        st.stack.pop()


def _discard(st: S, seat: int, key: str, what: str) -> None:
    forget(st, seat)
    st.hands[seat].remove(key)
    st.out_seen[seat].append(key)
    st.log.add(f"{st.seats[seat]} discards {what}.", (seat,), f"You discard {name(st, key)}.")


def _describe_discard(st: S, mine: bool, seat: int) -> str:
    if mine:
        must = " (you must discard at least one)" if len(st.hands[seat]) > hand_target(st, seat) else ""
        return f"discard cards from earlier decades, or keep them{must}"
    return f"{st.seats[seat]} may discard cards from earlier decades"


def draw_card(st: S, to_seat: int | None = None) -> str | None:
    """The top card of the draw deck; in decade III an unplayed decade II card when it is empty (§4)."""
    key = draw(st, to_seat)
    if key is None and st.decade == 3:
        spare = _spare(st)
        if spare:
            key = spare[st.rng.below(len(spare))]
            st.log.add("The draw deck is empty: an unplayed decade II card comes into play.")
    return key


def _spare(st: S) -> list[str]:
    """Decade II cards set aside unplayed (not played, held or discarded)."""
    gone = set(st.history) | {k for h in st.hands for k in h} | {k for o in st.out_seen for k in o}
    return [k for k in st.content.decade_cards[2] if k not in gone]


def _deal(st: S) -> None:
    """Steps 1–4: turn order, special card, hands to 2, display 3 + 3, the B and C stacks, 1 card unseen out."""
    c = st.content
    held = {k for h in st.hands for k in h}
    st.deck = [k for k in c.decade_cards[st.decade] if k not in held]
    st.rng.shuffle(st.deck)
    st.deck_seen = [0] * len(st.seats)
    st.played = []
    st.order = turn_order(st)
    special = c.specials[st.decade]
    if st.decade == 4 and st.wall and c.mauerfall:
        special = c.mauerfall
    st.special = special or None
    for s in range(len(st.seats)):
        drawn = []
        while len(st.hands[s]) < hand_target(st, s):
            key = draw_card(st, s)
            if key is None:
                break
            st.hands[s].append(key)
            drawn.append(key)
        if drawn:
            st.log.add(f"{st.seats[s]} draws {len(drawn)} card(s).", (s,),
                       "You draw " + ", ".join(name(st, k) for k in drawn) + ".")
    extra = list(c.expansion_cards[st.decade])
    st.rng.shuffle(extra)
    st.prepared = [extra[3:6], extra[6:9]]
    st.unseen = extra[9:]
    st.half = 1
    st.display = []
    _fill_display(st, extra[:3])
    st.turn = 0
    if st.special:
        st.log.add(f"Special card: {name(st, st.special)}.")
    st.log.add("Turn order: " + ", ".join(st.seats[s] for s in st.order) + ".")
    st.stack.append(("turn", st.order[0]))
    for s in range(len(st.seats)):
        if st.space_bonus[s]:
            st.stack.append(("discard_one", s))


def _fill_display(st: S, extra: list[str]) -> None:
    n = st.layout.display[st.half - 1]
    cards = [k for k in (draw_card(st) for _ in range(n)) if k is not None] + list(extra)
    st.display += cards
    st.log.add(f"Sub-decade {SUB[st.half - 1]}: the display shows " + ", ".join(name(st, k) for k in cards) + ".")


def _legal_discard_one(st: S, seat: int) -> list[str]:
    return [f"discard {k}" for k in st.hands[seat]]


def _act_discard_one(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    _discard(st, seat, action.split(" ")[1], "1 of its 3 hand cards (space race)")
    st.space_bonus[seat] = False


def _describe_discard_one(st: S, mine: bool, seat: int) -> str:
    return "discard 1 of your 3 hand cards (space race)" if mine else f"{st.seats[seat]} discards a hand card"


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


def uses(st: S, seat: int, key: str, calm_free: bool, calm_paid: bool, red: bool) -> list[str]:
    """The ways ``seat`` may use a card (§6): four for everybody, arms race and credit for superpowers."""
    card = st.card(key)
    side = st.side(seat)
    owner = card.owner()
    may_trigger = owner in (None, side)
    if card.is_special:
        return ["event"] if side == EAST and (not red or adds_income(st, key, side)) else []
    if red:  # §6.6: only a credit, or an event that adds income
        return ["credit"] + (["event"] if may_trigger and adds_income(st, key, side) else [])
    out = ["calm"] if (calm_free if owner == side else calm_paid) else []
    out += ["build", "ls"]
    if may_trigger:
        out.append("event")
    if is_power(seat):
        if not getattr(card, "arms_ban", False) and arms_room(st, side):
            out.append("arms")
        out.append("credit")
    return out


def adds_income(st: S, key: str, side: int) -> bool:
    """True when triggering the card adds income to ``side``'s treasury."""
    word = f"income-{('usa', 'ussr')[side]}-"
    return any(isinstance(i, str) and i.startswith(word) for i in event_items(st.card(key), side))


def _legal_turn(st: S, seat: int) -> list[str]:
    side = st.side(seat)
    red = in_the_red(st, seat)
    calm_free = any(st.unrest[p] for p in st.content.of_side[side])
    calm_paid = calm_free and board.can_dismantle(st, side)
    out = []
    for key in st.display:
        out += [f"take {key} {u}" for u in uses(st, seat, key, calm_free, calm_paid, red)]
    if st.special:
        out += [f"take {st.special} {u}" for u in uses(st, seat, st.special, calm_free, calm_paid, red)]
    for key in st.hands[seat]:
        out += [f"play {key} {u}" for u in uses(st, seat, key, calm_free, calm_paid, red)]
    if side == EAST and st.police_used < len(st.police):
        out += [f"police {st.content.provinces[p].key}" for p in st.content.of_side[EAST] if st.unrest[p]]
    return out


def _act_turn(st: S, action: str, seat: int) -> None:
    verb, *args = action.split(" ")
    if verb == "police":  # §10: the Soviet Union may use East's police cards as if it were East
        base_rules.ACT["turn"](st, action, seat)
        return
    key, use = args
    st.stack.pop()
    card = st.card(key)
    side = st.side(seat)
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
    st.active = st.last_active = seat
    st.log.add(f"{st.seats[seat]} {'takes' if verb == 'take' else 'plays from hand'} {name(st, key)} — "
               f"{_USE_WORDS[use]}.")
    st.stack.append(("end_turn", seat))
    if collects(card, use):
        st.stack.append(("collect", seat, key))
    if use == "event":
        trigger(st, seat, key)
        return
    items = value_items(card, side)  # §7: executed after the action
    if items:
        st.stack.append(("effects", seat, items, ACTIVE))
    value = card.value_for(side)
    if use in ("build", "ls") and seat == POWER[EAST] and st.soviet_penalty:
        value = max(0, value - 1)
    if use == "calm":
        if card.owner() != side:
            st.stack.append(("dismantle", seat, side, "", "cost"))
        st.stack.append(("calm", seat, side, ""))
    elif use == "build":
        if value:
            st.stack.append(("build", seat, side, value, "", False))
    elif use == "ls":
        st.stack.append(("ls", seat, side, value, (), (), 0))
    elif use == "arms":  # §6.5: one step in its favour, then the arms-race card
        step = ("arms", 1, 0, False) if side == WEST else ("arms", 0, 1, False)
        st.stack.append(("effects", seat, (step,), ACTIVE))
    else:  # §6.6: a credit worth the card value
        cold_war.income(st, side, value)


_USE_WORDS = {"calm": "remove unrest", "build": "build up the economy", "ls": "raise living standards",
              "event": "trigger the event", "arms": "engage in the arms race", "credit": "take a credit"}


def trigger(st: S, seat: int, key: str) -> None:
    """Trigger an event (§6.4): the special card asks its price first, a dual card what to ignore."""
    card = st.card(key)
    items = event_items(card, st.side(seat))
    if card.is_special and st.content.setups[st.options["setup"]].special_drawback:
        st.stack.append(("effects", seat, items, ACTIVE))
        if st.hands[seat] or _can_draw(st):
            st.stack.append(("drawback", seat))
        return
    if card.colour == "dual":
        st.stack.append(("ignore", seat, key, items, ACTIVE))
        return
    st.stack.append(("effects", seat, items, ACTIVE))


def _describe_turn(st: S, mine: bool, seat: int) -> str:
    if not mine:
        return f"{st.seats[seat]} chooses an action"
    if in_the_red(st, seat):
        return "you are in the red: take a credit, or trigger an event that adds income to your treasury"
    extra = ", arms or credit" if is_power(seat) else ""
    return f"take a display card (or play a hand card) and use it: calm, build, ls, event{extra}"


# ====================================================================== the special card's price (§10)


def _can_draw(st: S) -> bool:
    return bool(st.deck) or st.decade == 3 and bool(_spare(st))


def _legal_drawback(st: S, seat: int) -> list[str]:
    out = [f"discard {k}" for k in st.hands[seat]]
    if _can_draw(st):
        out.append("yellow-draws")
    return out


def _act_drawback(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    if action != "yellow-draws":
        _discard(st, seat, action.split(" ")[1], "a hand card for the special card")
        return
    drawer = yellow_drawer(st)
    key = draw_card(st, drawer)
    st.hands[drawer].append(key)
    st.log.add(f"{st.seats[drawer]} draws an extra hand card.", (drawer,), f"You draw {name(st, key)}.")


def yellow_drawer(st: S) -> int:
    """The yellow player with fewer hand cards; on a tie the one whose turn comes next (§10)."""
    yellow = [s for s in range(len(st.seats)) if st.side(s) == WEST]
    fewest = min(len(st.hands[s]) for s in yellow)
    n = len(st.order)
    for i in range(1, n + 1):
        s = st.order[(st.turn + i) % n]
        if s in yellow and len(st.hands[s]) == fewest:
            return s
    return yellow[0]


def _describe_drawback(st: S, mine: bool, seat: int) -> str:
    if mine:
        return "the special card's price: discard a hand card, or let a yellow player draw an extra card"
    return f"{st.seats[seat]} pays for the special card"


# ====================================================================== sub-decades and the automatic event (§4, §9)


def _sub_decade_end(st: S) -> None:
    """One normal card left: its event runs automatically, then the next sub-decade (or the decade's end)."""
    st.active = -1
    st.stack.append(("next_sub_decade",))
    if st.display:
        auto_event(st, st.display[0])


def auto_event(st: S, key: str) -> None:
    """The automatic event (§9): advantage fixed before it runs; a level-3 advantage may ignore 1 item."""
    st.display.remove(key)
    st.played.append(key)
    st.history.append(key)
    side, level = cold_war.advantage(st)
    ctx = ("auto", side, level)
    lead = f" ({cold_war.POWER_NAME[side]} ahead in the arms race, level {level})" if level else ""
    st.log.add(f"Automatic event: {name(st, key)}{lead}.")
    items = event_items(st.card(key), side, auto=True)
    if level >= 3:
        st.stack.append(("ignore", POWER[side], key, items, ctx))
    else:
        st.stack.append(("effects", cold_war.presser(st), items, ctx))


def _next_sub_decade(st: S) -> None:
    """Sub-decades B and C: 3 prepared 2+2 cards and 3 (C: 4) base cards; the next player begins (§4)."""
    if st.half < len(st.layout.display):
        st.half += 1
        _fill_display(st, st.prepared[st.half - 2])
        st.prepared[st.half - 2] = []
        st.turn = (st.turn + 1) % len(st.order)
        if len(st.display) > st.layout.last_cards:
            st.stack.append(("turn", st.order[st.turn]))
        else:
            st.stack.append(("sub_decade_end",))
        return
    if st.special:
        st.log.add(f"The unused special card {name(st, st.special)} is discarded.")
    st.special = None
    st.display.clear()
    st.deck = []
    st.deck_seen = [0] * len(st.seats)
    st.stack.append(("eod", 0))


# ====================================================================== refusals


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong turn actions; the base game's for the rest."""
    words = action.split(" ")
    kind = st.stack[-1][0] if st.stack else None
    if kind == "turn" and words[0] in ("take", "play") and len(words) == 3 and words[1] in st.content.cards:
        seat = st.to_act
        if words[2] not in USES:
            return f"{words[2]!r} is not a use: say calm, build, ls, event, arms or credit."
        if in_the_red(st, seat):
            return "You are in the red: only a credit or an event that adds income to your treasury is allowed."
        if words[2] in ("arms", "credit") and not is_power(seat):
            return "Only a superpower may engage in the arms race or take a credit."
        if words[2] == "arms" and getattr(st.card(words[1]), "arms_ban", False):
            return "This card shows the ban on arms race."
        if words[1] == st.special and st.side(seat) == WEST:
            return "Only a red player may take the special card."
    return base_rules.why_illegal(st, action)


# ====================================================================== dispatch tables

PROCEDURES = {"start_decade": _start_decade, "deal": _deal, "sub_decade_end": _sub_decade_end,
              "next_sub_decade": _next_sub_decade}
LEGAL = {"turn": _legal_turn, "discard": _legal_discard, "discard_one": _legal_discard_one,
         "drawback": _legal_drawback}
ACT = {"turn": _act_turn, "discard": _act_discard, "discard_one": _act_discard_one, "drawback": _act_drawback}
DESCRIBE = {"turn": _describe_turn, "discard": _describe_discard, "discard_one": _describe_discard_one,
            "drawback": _describe_drawback}
PUBLIC: set[str] = set()

BOOK = base_rules.Rulebook(dict(base_rules.PROCEDURES), dict(base_rules.LEGAL), dict(base_rules.ACT),
                           dict(base_rules.DESCRIBE), set(base_rules.PUBLIC))
for _module in (events, end_of_decade):
    BOOK.procedures.update(_module.PROCEDURES)
    BOOK.legal.update(_module.LEGAL)
    BOOK.act.update(_module.ACT)
    BOOK.describe.update(_module.DESCRIBE)
    BOOK.public.update(_module.PUBLIC)
BOOK.procedures.update(PROCEDURES)
BOOK.legal.update(LEGAL)
BOOK.act.update(ACT)
BOOK.describe.update(DESCRIBE)
BOOK.public.update(PUBLIC)
