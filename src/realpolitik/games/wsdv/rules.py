"""Wir sind das Volk! rules: the decision loop, set-up and the sequence of play (spec §2–§3).

Pending work is a stack of plain tuples ``(kind, seat, *data)``. A *decision* frame waits
for that seat's action; a *procedure* frame is run by ``advance`` and may push further
frames. The rule sections live in their own modules — ``actions`` (§4.1–4.3), ``events``
(§4.4, §5, §6.4), ``specials`` (§4.5, §6.6–6.7), ``protests`` (§6.1–6.3),
``end_of_decade`` (§7–§8) — each contributing its frames to the dispatch tables assembled
at the bottom of this file. A decision with a single answer on the open board is taken
without asking (``PUBLIC``); the legal actions computed on the way are kept for the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import actions, board, end_of_decade, events, protests, specials
from .board import NONE, WORKING
from .common import ROMAN, draw, forget, leader, name, unveil
from .content import EAST

if TYPE_CHECKING:
    from .state import WsdvState as S


# ====================================================================== set-up (§2)


def setup(st: S) -> None:
    """Vorbereitung (§2), then the first decade begins."""
    prepare(st)
    advance(st)


def prepare(st: S) -> None:
    """Unrest, socialists, the four starting factories, tracks at 0 (§2.1/§2.2); the first decade is due."""
    c = st.content
    version = c.setups[st.options["setup"]]
    st.unrest = [version.unrest_in.get(p.key, version.unrest) for p in c.provinces]
    st.ls = [0] * len(c.provinces)
    st.sectors = [0] * len(c.sectors)
    st.socialists = [0] * len(c.provinces)
    st.box = version.box
    st.factory = [NONE] * len(c.cities)
    for x in c.start_factories:
        st.factory[x] = WORKING
    st.lines = [0] * len(c.ends)
    st.hamburg = c.start_hamburg
    st.prestige = st.currency = st.socialism = st.flight = 0
    st.wall = st.stasi = False
    st.police = []
    st.police_used = 0
    st.delivered = [False] * len(c.sectors)
    st.supplier_mp = [0] * len(c.sectors)
    st.decade = st.half = 0
    st.deck, st.display, st.played, st.history = [], [], [], []
    st.special = None
    n = len(st.seats)
    st.hands = [[] for _ in range(n)]
    st.known = [[] for _ in range(n)]
    st.deck_seen = [0] * n
    st.out_seen = [[] for _ in range(n)]
    st.order = list(range(n))
    st.turn = 0
    st.stack = [("start_decade",)]
    st.hits = []
    st.eod = -1
    st.result = None
    st.log.add(f"Wir sind das Volk! — rules version {st.options['setup']} set-up.")


# ====================================================================== the loop


class Rulebook(NamedTuple):
    """The dispatch tables by frame kind; 2+2 runs the same loop on its own tables."""

    procedures: dict
    legal: dict
    act: dict
    describe: dict
    public: set


def advance(st: S, book: Rulebook | None = None) -> None:
    """Run procedures (and decisions with a single public answer) until a real decision is on top."""
    procedures, legal_of, act_of, _, public = book or BASE_RULES
    stack = st.stack
    while stack:
        kind = stack[-1][0]
        if kind in procedures:
            frame = stack.pop()
            procedures[kind](st, *frame[1:])
            continue
        legal_now = legal_of[kind](st, *stack[-1][1:])
        if kind in public and len(legal_now) == 1:
            act_of[kind](st, legal_now[0], *stack[-1][1:])
            continue
        st._legal = tuple(legal_now)
        return


def legal(st: S) -> list[str]:
    """The legal action texts of the decision on top of the stack."""
    frame = st.stack[-1]
    return LEGAL[frame[0]](st, *frame[1:])


def act(st: S, action: str) -> None:
    """Perform a legal action, then advance to the next decision."""
    frame = st.stack[-1]
    ACT[frame[0]](st, action, *frame[1:])
    advance(st)


# ====================================================================== start of a decade (§3.2)


def _start_decade(st: S) -> None:
    st.decade += 1
    st.log.add(f"— Decade {ROMAN[st.decade]} —")
    st.stack.append(("deal",))
    for s in reversed(range(len(st.seats))):
        if st.hands[s]:
            st.stack.append(("discard", s))


def _legal_discard(st: S, seat: int) -> list[str]:
    hand = st.hands[seat]
    out = [f"discard {k}" for k in hand]
    if len(hand) <= st.layout.hand:
        out.append("keep")
    return out


def _act_discard(st: S, action: str, seat: int) -> None:
    if action == "keep":
        st.stack.pop()
        st.log.add(f"{st.seats[seat]} keeps {len(st.hands[seat])} card(s) from earlier decades.")
        return
    key = action.split(" ")[1]
    forget(st, seat)
    st.hands[seat].remove(key)
    st.out_seen[seat].append(key)
    st.log.add(f"{st.seats[seat]} discards a card from an earlier decade.", (seat,), f"You discard {name(st, key)}.")
    if not st.hands[seat]:
        st.stack.pop()


def _deal(st: S) -> None:
    """Shuffle the decade's cards, refill hands to 2, lay out 7 + the special card (§3.2)."""
    c = st.content
    st.deck = list(c.decade_cards[st.decade])
    st.rng.shuffle(st.deck)
    st.deck_seen = [0] * len(st.seats)
    st.played = []
    for s in range(len(st.seats)):
        drawn = []
        while len(st.hands[s]) < st.layout.hand and st.deck:
            key = draw(st, s)
            st.hands[s].append(key)
            drawn.append(key)
        if drawn:
            st.log.add(f"{st.seats[s]} draws {len(drawn)} card(s).", (s,),
                       "You draw " + ", ".join(name(st, k) for k in drawn) + ".")
    st.half = 1
    st.display = []
    _fill_display(st)
    special = c.specials[st.decade]
    if st.decade == 4 and st.wall and c.mauerfall:
        special = c.mauerfall
    st.special = special or None
    st.order = turn_order(st)
    st.turn = 0
    first = st.order[0]
    if st.special:
        st.log.add(f"Special card: {name(st, st.special)}.")
    st.log.add(f"{st.seats[first]} holds the prestige advantage and begins." if st.prestige
               else f"{st.seats[first]} begins (prestige is level).")
    st.stack.append(("turn", first))


def _fill_display(st: S) -> None:
    n = st.layout.display[st.half - 1]
    cards = [k for k in (draw(st) for _ in range(n)) if k is not None]
    st.display += cards
    st.log.add(f"Sub-decade {st.half}: the display shows " + ", ".join(name(st, k) for k in cards) + ".")


# ====================================================================== turns (§3.3–3.4)


USES = ("calm", "build", "ls", "event")


def _uses(st: S, side: int, key: str, calm_free: bool, calm_paid: bool) -> list[str]:
    """How ``side`` may use a card (§4): remove unrest (free with its own colour), build, ls, event."""
    card = st.card(key)
    owner = card.owner()
    out = ["calm"] if (calm_free if owner == side else calm_paid) else []
    out += ["build", "ls"]
    if owner == side or card.colour == "dual":
        out.append("event")
    return out


def _legal_turn(st: S, seat: int) -> list[str]:
    side = st.side(seat)
    calm_free = any(st.unrest[p] for p in st.content.of_side[side])
    calm_paid = calm_free and board.can_dismantle(st, side)
    out = []
    for key in st.display:
        out += [f"take {key} {u}" for u in _uses(st, side, key, calm_free, calm_paid)]
    if st.special and side == EAST:
        out.append(f"take {st.special} event")
    for key in st.hands[seat]:
        out += [f"play {key} {u}" for u in _uses(st, side, key, calm_free, calm_paid)]
    if side == EAST and st.police_used < len(st.police):
        out += [f"police {st.content.provinces[p].key}" for p in st.content.of_side[EAST] if st.unrest[p]]
    return out


def _act_turn(st: S, action: str, seat: int) -> None:
    verb, *args = action.split(" ")
    side = st.side(seat)
    c = st.content
    if verb == "police":
        p = c.province_index[args[0]]
        board.remove_unrest(st, p)
        st.police_used += 1
        st.log.add(f"{st.seats[seat]} uses a police card: 1 unrest leaves {c.provinces[p].name}.")
        return
    key, use = args
    st.stack.pop()
    card = st.card(key)
    if verb == "take":
        if key == st.special:
            st.special = None
        else:
            st.display.remove(key)
        where = "takes"
    else:
        st.hands[seat].remove(key)
        unveil(st, key)
        where = "plays from hand"
    st.played.append(key)
    st.history.append(key)
    st.log.add(f"{st.seats[seat]} {where} {name(st, key)} — {_USE_WORDS[use]}.")
    st.stack.append(("end_turn", seat))
    if use == "calm":
        if card.owner() != side:
            st.stack.append(("dismantle", seat, side, "", "cost"))
        st.stack.append(("calm", seat, side, ""))
    elif use == "build":
        points = card.value_for(side)
        if points:
            st.stack.append(("build", seat, side, points, "", False))
    elif use == "ls":
        st.stack.append(("ls", seat, side, card.value_for(side), (), (), 0))
    else:
        events.trigger(st, seat, key)


_USE_WORDS = {"calm": "remove unrest", "build": "build up the economy", "ls": "raise living standards",
              "event": "trigger the event"}


def _end_turn(st: S, seat: int) -> None:
    """After every action: supplier protests, socialists absorb East mass protests (§6.2–6.3)."""
    st.stack += [("next_turn", seat), ("socialists",), ("suppliers",)]


def _next_turn(st: S, seat: int) -> None:
    """The next player acts, unless the display is down to its last card(s) (§3.4)."""
    if len(st.display) > st.layout.last_cards:
        st.turn = (st.turn + 1) % len(st.order)
        st.stack.append(("turn", st.order[st.turn]))
        return
    st.stack.append(("sub_decade_end",))


def _sub_decade_end(st: S) -> None:
    """Half-decade end (§3.4): deal the next display, or go to the end of the decade."""
    if st.half < len(st.layout.display):
        st.half += 1
        _fill_display(st)
        if len(st.display) > st.layout.last_cards:
            st.turn = (st.turn + 1) % len(st.order)
            st.stack.append(("turn", st.order[st.turn]))
            return
    if st.special:
        st.log.add(f"The unused special card {name(st, st.special)} is discarded.")
    st.special = None
    st.display.clear()
    st.deck = []
    st.deck_seen = [0] * len(st.seats)
    st.stack.append(("eod", 0))


def turn_order(st: S) -> list[int]:
    """Seats in turn order for a new decade: the prestige leader's seat first (§3.2)."""
    first = st.seat_of(leader(st))
    return [first] + [s for s in range(len(st.seats)) if s != first]


# ====================================================================== words


def describe(st: S, seat: int | None) -> str:
    """The pending decision: in full for the deciding seat, in public words for the others."""
    kind, who, *data = st.stack[-1]
    return DESCRIBE[kind](st, seat == who, who, *data)


def _describe_turn(st: S, mine: bool, seat: int) -> str:
    if mine:
        return "take a display card (or play a hand card) and use it: calm, build, ls or event"
    return f"{st.seats[seat]} chooses an action"


def _describe_discard(st: S, mine: bool, seat: int) -> str:
    if mine:
        must = " (you must discard at least one)" if len(st.hands[seat]) > st.layout.hand else ""
        return f"discard cards from earlier decades, or keep them{must}"
    return f"{st.seats[seat]} may discard cards from earlier decades"


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions."""
    words = action.split(" ")
    kind = st.stack[-1][0] if st.stack else None
    c = st.content
    if kind == "turn" and words[0] in ("take", "play") and len(words) == 3:
        key, use = words[1], words[2]
        if key not in c.cards:
            return f"There is no card {key!r}."
        if use not in USES:
            return f"{use!r} is not a use: say calm, build, ls or event."
        where = st.display if words[0] == "take" else st.hands[st.to_act]
        if key not in where and key != st.special:
            return f"Card {key} is not {'in the display' if words[0] == 'take' else 'in your hand'}."
        if use == "event":
            return "You may only trigger events of your own colour or of dual cards (special cards: East only)."
        if use == "calm":
            return ("Removing unrest needs unrest in one of your provinces and, with a foreign card, "
                    "a build point to dismantle.")
    if words[0] in ("calm", "unrest", "ls", "police") and len(words) == 2 and words[1] not in c.province_index:
        return f"There is no province {words[1]!r}."
    if words[0] in ("build", "dismantle") and len(words) == 2 and words[1] not in c.site_index:
        return f"There is no site {words[1]!r}."
    return None


# ====================================================================== dispatch tables

PROCEDURES = {
    "start_decade": _start_decade,
    "deal": _deal,
    "end_turn": _end_turn,
    "next_turn": _next_turn,
    "sub_decade_end": _sub_decade_end,
}
LEGAL = {"turn": _legal_turn, "discard": _legal_discard}
ACT = {"turn": _act_turn, "discard": _act_discard}
DESCRIBE = {"turn": _describe_turn, "discard": _describe_discard}
#: decisions whose options are public, so a single option may be taken without asking
PUBLIC: set[str] = set()

for _module in (actions, events, specials, protests, end_of_decade):
    PROCEDURES.update(_module.PROCEDURES)
    LEGAL.update(_module.LEGAL)
    ACT.update(_module.ACT)
    DESCRIBE.update(_module.DESCRIBE)
    PUBLIC |= _module.PUBLIC

BASE_RULES = Rulebook(PROCEDURES, LEGAL, ACT, DESCRIBE, PUBLIC)
