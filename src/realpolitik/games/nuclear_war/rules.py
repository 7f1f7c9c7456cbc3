"""Nuclear War rules (seed 004, spec nuclear_war.md) as procedures over a decision stack.

Pending work is a stack of plain tuples ``(kind, seat, *data)``. A *decision* frame
waits for that seat's action (``legal``/``act``); a *procedure* frame is run by
``advance`` and may push further frames. Everything lives in the state, so a clone or
a replayed record is complete at every decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import Outcome

from . import population
from .tables import DEAL, HAND_SIZE, REFILL_TARGET

if TYPE_CHECKING:
    from .state import NuclearWarState as S

DECISIONS = frozenset({"commit", "place", "aim", "intercept", "retaliate", "swap"})


# ====================================================================== set-up


def setup(st: S) -> None:
    """Vorbereitung: deal population cards and nine action cards; start the opening round."""
    n = len(st.seats)
    values = st.content.denominations
    notes = [i for i, count in enumerate(st.content.population) for _ in range(count)]
    st.rng.shuffle(notes)
    st.pop = []
    for s in range(n):
        holding = [0] * len(values)
        for i in notes[s * DEAL[n]:(s + 1) * DEAL[n]]:
            holding[i] += 1
        st.pop.append(holding)
    st.bank = [0] * len(values)
    for i in notes[n * DEAL[n]:]:
        st.bank[i] += 1
    st.draw = list(st.content.deck)
    st.rng.shuffle(st.draw)
    st.hands = [[st.draw.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
    first = st.rng.below(n) if st.options["first_player"] == "random" else 0
    st.current = first
    st.log.add(f"{st.seats[first]} opens the game. Everyone holds {HAND_SIZE} cards.")
    st.stack.append(("opening", first))
    advance(st)


# ====================================================================== the loop


def advance(st: S) -> None:
    """Run procedures until a decision is on top of the stack or the game is over."""
    stack = st.stack
    while stack and stack[-1][0] not in DECISIONS:
        frame = stack.pop()
        PROCEDURES[frame[0]](st, *frame[1:])


def legal(st: S) -> list[str]:
    """The legal action texts of the decision on top of the stack."""
    frame = st.stack[-1]
    return LEGAL[frame[0]](st, *frame[1:])


def act(st: S, action: str) -> None:
    """Perform a legal action, then advance to the next decision."""
    frame = st.stack[-1]
    ACT[frame[0]](st, action, *frame[1:])
    advance(st)


# ====================================================================== helpers


def _label(st: S, seat: int) -> str:
    return st.seats[seat]


def _enemies(st: S, seat: int) -> list[int]:
    n = len(st.seats)
    return [(seat + i) % n for i in range(1, n) if st.alive[(seat + i) % n]]


def _unique(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _take_card(st: S) -> str | None:
    """The top card of the draw pile; an empty pile is refilled from the discards (spec §15 #12)."""
    if not st.draw:
        if not st.discard:
            return None
        st.draw, st.discard = st.discard, []
        st.rng.shuffle(st.draw)
        st.log.add("The draw pile is empty: the discard pile is shuffled into a new draw pile.")
    return st.draw.pop()


def _hand_size(st: S, seat: int) -> int:
    """Cards counted for the refill: hand, deterrent force and face-down cards."""
    return len(st.hands[seat]) + len(st.shown[seat]) + len(st.queues[seat])


def _discard(st: S, key: str) -> None:
    st.discard.append(key)


def _drop_face_up(st: S, seat: int, why: str) -> None:
    """Discard the waiting carrier (or active bomber) of ``seat``."""
    key = st.face_up[seat]
    if key is not None:
        st.face_up[seat] = None
        st.payload[seat] = 0
        _discard(st, key)
        st.log.add(f"{_label(st, seat)}'s {st.name(key)} is discarded ({why}).")


# ====================================================================== population


def _hurt(st: S, victim: int, millions: int, retaliation: bool) -> None:
    """Kill ``millions`` of the victim's people (they go to the bank)."""
    if not st.alive[victim] or millions <= 0:
        return
    lost = population.pay(st.pop[victim], st.bank, millions, st.content.denominations)
    st.net[victim] -= lost
    extra = f" (no exact change: {lost - millions} more)" if lost > millions else ""
    st.log.add(f"{_label(st, victim)} loses {lost} million people{extra}.")
    _check_elimination(st, victim, retaliation)


def _transfer(st: S, victim: int, to: int, millions: int, retaliation: bool) -> None:
    """Move ``millions`` people from ``victim`` to ``to`` through the bank."""
    if not st.alive[victim] or millions <= 0:
        return
    values = st.content.denominations
    lost = population.pay(st.pop[victim], st.bank, millions, values)
    gained = population.receive(st.pop[to], st.bank, lost, values)
    st.net[victim] -= lost
    st.net[to] += gained
    st.log.add(f"{lost} million people leave {_label(st, victim)}; {_label(st, to)} gains {gained} million.")
    _check_elimination(st, victim, retaliation)


def _check_elimination(st: S, seat: int, retaliation: bool) -> None:
    """A player without people leaves the game; weapons and secrets grant final retaliation."""
    if st.alive[seat] and st.population(seat) == 0:
        st.alive[seat] = False
        st.out_tick[seat] = st.tick
        st.dying.append((seat, retaliation))
        st.fallen = True
        st.log.add(f"{_label(st, seat)} has lost its entire population and is eliminated.")


# ====================================================================== opening round


def _opening(st: S, seat: int) -> None:
    """Spielbeginn: resolve every Secret in hand, refill to nine, repeat; then the next player."""
    if st.alive[seat]:
        hand = st.hands[seat]
        secret = next((k for k in hand if st.card(k).is_secret), None)
        if secret is not None:
            hand.remove(secret)
            st.stack.append(("opening", seat))
            _start_secret(st, seat, secret)
            return
        missing = HAND_SIZE - len(hand)
        drawn = [c for c in (_take_card(st) for _ in range(missing)) if c is not None]
        if drawn:
            hand += drawn
            _note_draw(st, seat, drawn)
            st.stack.append(("opening", seat))
            return
    nxt = (seat + 1) % len(st.seats)
    if nxt != st.current:
        st.stack.append(("opening", nxt))
        return
    # Strategie wählen: everybody places two cards face down, starting with the opener.
    st.stack.append(("turn", st.current))
    for s in reversed(_clockwise(st, st.current)):
        if st.hands[s]:
            st.stack.append(("commit", s))


def _clockwise(st: S, start: int) -> list[int]:
    n = len(st.seats)
    return [(start + i) % n for i in range(n) if st.alive[(start + i) % n]]


def _note_draw(st: S, seat: int, cards: list[str]) -> None:
    names = ", ".join(st.name(k) for k in cards)
    count = f"{len(cards)} card" + ("s" if len(cards) > 1 else "")
    st.log.add(f"{_label(st, seat)} draws {count}.", (seat,), f"You draw {names}.")


# ====================================================================== secrets


def _start_secret(st: S, seat: int, key: str) -> None:
    """A drawn Secret/Top Secret is played at once and discarded; its replacement follows."""
    card = st.card(key)
    _discard(st, key)
    st.log.add(f"{_label(st, seat)} plays the {card.kind.replace('-', ' ')} card {card.name}: {card.text}")
    if card.victim == "chosen-enemy":
        _aim(st, seat, "secret", key)
        return
    victims = [seat] if card.victim == "self" else _enemies(st, seat)
    for v in victims:
        _secret_effect(st, seat, key, v)
    st.stack.append(("settle",))


def _secret_effect(st: S, seat: int, key: str, victim: int) -> None:
    card = st.card(key)
    st.tick += 1
    if card.effect == "lose-turn":
        st.skips[victim] += 1
        st.log.add(f"{_label(st, victim)} will lose its next turn.")
    elif card.effect == "defect":
        _transfer(st, victim, seat, card.amount, retaliation=True)
    elif card.effect == "kill":
        _hurt(st, victim, card.amount, retaliation=True)
    elif card.effect == "boom":
        gained = population.receive(st.pop[seat], st.bank, card.amount, st.content.denominations)
        st.net[seat] += gained
        st.log.add(f"{_label(st, seat)} gains {gained} million people from the bank.")


# ====================================================================== choosing a target


def _aim(st: S, seat: int, purpose: str, key: str) -> None:
    """Ask ``seat`` to name an opponent; with a single opponent left there is nothing to ask."""
    enemies = _enemies(st, seat)
    if len(enemies) > 1:
        st.stack.append(("aim", seat, purpose, key))
    elif enemies:
        _resolve_aim(st, seat, purpose, key, enemies[0])


def _legal_aim(st: S, seat: int, purpose: str, key: str) -> list[str]:
    return [f"target {_label(st, t)}" for t in _enemies(st, seat)]


def _act_aim(st: S, action: str, seat: int, purpose: str, key: str) -> None:
    st.stack.pop()
    _resolve_aim(st, seat, purpose, key, st.seats.index(action.split(" ")[1]))


def _resolve_aim(st: S, seat: int, purpose: str, key: str, target: int) -> None:
    if purpose == "attack":
        st.log.add(f"{_label(st, seat)} attacks {_label(st, target)}.")
        _strike(st, seat, st.face_up[seat], key, target, -1)
        return
    if purpose == "propaganda":
        st.tick += 1
        _transfer(st, target, seat, st.card(key).people, retaliation=False)
    else:
        _secret_effect(st, seat, key, target)
    st.stack.append(("settle",))


# ====================================================================== the turn


def _turn(st: S, seat: int) -> None:
    """Spielzug: draw, place a third card face down, reveal the first one."""
    st.current = seat
    st.moves = 0
    st.stack.append(("end_turn", seat))
    if not st.alive[seat]:
        return
    if st.skips[seat]:
        st.skips[seat] -= 1
        st.log.add(f"{_label(st, seat)} loses this turn.")
        return
    st.log.add(f"— {_label(st, seat)}'s turn —")
    mode = "ten" if st.options["refill"] == "draw-to-ten" else "one"
    st.stack += [("reveal", seat), ("placing", seat), ("draw", seat, mode)]


def _draw(st: S, seat: int, mode: str) -> None:
    """Draw one card (``one``) or up to ten cards in play (``ten``, spec §15 #2).

    A Secret drawn is played at once and replaced.
    """
    if not st.alive[seat] or (mode == "ten" and _hand_size(st, seat) >= REFILL_TARGET):
        return
    key = _take_card(st)
    if key is None:
        return
    if st.card(key).is_secret:
        st.stack.append(("draw", seat, mode))
        _start_secret(st, seat, key)
        return
    st.hands[seat].append(key)
    _note_draw(st, seat, [key])
    if mode == "ten":
        st.stack.append(("draw", seat, mode))


def _placing(st: S, seat: int) -> None:
    if st.alive[seat] and (st.hands[seat] or st.shown[seat]) and len(st.queues[seat]) < 3:
        st.stack.append(("place", seat))


def _legal_commit(st: S, seat: int) -> list[str]:
    return [f"place {k}" for k in _unique(st.hands[seat])]


def _act_commit(st: S, action: str, seat: int) -> None:
    _put_face_down(st, seat, action.split(" ")[1], from_shown=False)
    if len(st.queues[seat]) >= 2 or not st.hands[seat]:
        st.stack.pop()


def _legal_place(st: S, seat: int) -> list[str]:
    hand, shown = _unique(st.hands[seat]), _unique(st.shown[seat])
    out = [f"place {k}" for k in hand] + [f"place shown {k}" for k in shown]
    if st.moves < 2:  # Deterrent Force: one or two cards as part of the turn
        if len(st.shown[seat]) < 2:
            out += [f"show {k}" for k in hand]
        out += [f"hide {k}" for k in shown]
    return out


def _act_place(st: S, action: str, seat: int) -> None:
    words = action.split(" ")
    if words[0] == "place":
        _put_face_down(st, seat, words[-1], from_shown=len(words) == 3)
        if len(st.queues[seat]) >= 3 or not (st.hands[seat] or st.shown[seat]):
            st.stack.pop()
        return
    key = words[1]
    st.moves += 1
    src, dst = (st.hands, st.shown) if words[0] == "show" else (st.shown, st.hands)
    src[seat].remove(key)
    dst[seat].append(key)
    verb = "shows" if words[0] == "show" else "takes back"
    st.log.add(f"{_label(st, seat)} {verb} {st.name(key)} {'in' if verb == 'shows' else 'from'} its deterrent force.")


def _put_face_down(st: S, seat: int, key: str, from_shown: bool) -> None:
    (st.shown if from_shown else st.hands)[seat].remove(key)
    st.queues[seat].append(key)
    st.exposed[seat].append(from_shown)
    if from_shown:
        st.log.add(f"{_label(st, seat)} places its deterrent {st.name(key)} face down.")
    else:
        st.log.add(f"{_label(st, seat)} places a card face down.", (seat,), f"You place {st.name(key)} face down.")


def _reveal(st: S, seat: int) -> None:
    """Turn the first face-down card up and resolve it (spec §6)."""
    if not st.alive[seat] or not st.queues[seat]:
        return
    key = st.queues[seat].pop(0)
    st.exposed[seat].pop(0)
    card = st.card(key)
    st.log.add(f"{_label(st, seat)} reveals {card.name}.")
    waiting = st.face_up[seat]
    if card.kind == "carrier":
        _drop_face_up(st, seat, "replaced by a new carrier")
        st.face_up[seat] = key
        st.payload[seat] = card.payload
        return
    if card.kind == "warhead" and waiting is not None and _fits(st, seat, waiting, key):
        _discard(st, key)
        _aim(st, seat, "attack", key)
        return
    _discard(st, key)
    if card.kind == "warhead":
        st.log.add(f"The {card.name} has no carrier that can deliver it and is discarded.")
    _drop_face_up(st, seat, "no matching warhead followed")
    if card.kind == "propaganda":
        if st.at_war:
            st.log.add("Propaganda is worthless in war: the card is discarded.")
        else:
            _aim(st, seat, "propaganda", key)
    elif card.kind == "anti-missile":
        st.log.add("An anti-missile is of no use from the face-down row: it is discarded.")


def _fits(st: S, seat: int, carrier: str, warhead: str) -> bool:
    mt = st.card(warhead).megatons
    c = st.card(carrier)
    return mt <= (st.payload[seat] if c.bomber else c.payload)


def _end_turn(st: S, seat: int) -> None:
    """Play passes clockwise, or to the player who intercepted this turn (Verteidigung)."""
    start = seat + 1
    if st.next_turn is not None:
        start, st.next_turn = st.next_turn, None
    n = len(st.seats)
    nxt = next(((start + i) % n for i in range(n) if st.alive[(start + i) % n]), None)
    if nxt is not None:
        st.stack.append(("turn", nxt))


# ====================================================================== attack and defence


def _strike(st: S, attacker: int, carrier: str, warhead: str, target: int, bomber_id: int) -> None:
    """Angriff: a warhead on its carrier heads for a named target.

    ``bomber_id`` is -1 for an attack from the face-up row, else the index of the carrier
    in a final retaliation salvo.
    """
    if not st.alive[target] or bomber_id in st.salvo_lost:
        st.log.add(f"The {st.name(warhead)} aimed at {_label(st, target)} is lost.")
        return
    if not st.at_war:
        st.at_war = True
        st.log.add("War! From now on propaganda is worthless.")
    st.log.add(f"{_label(st, attacker)} launches a {st.name(warhead)} on its {st.name(carrier)} "
               f"at {_label(st, target)}.")
    st.stack.append(("roll", attacker, carrier, warhead, target, bomber_id))
    st.stack.append(("intercept", target, attacker, carrier, warhead, bomber_id))


def _legal_intercept(st: S, seat: int, attacker: int, carrier: str, warhead: str, bomber_id: int) -> list[str]:
    antis = _unique([k for k in st.hands[seat] + st.shown[seat] if carrier in st.card(k).stops])
    return [f"intercept {k}" for k in antis] + ["no intercept"]


def _act_intercept(st: S, action: str, seat: int, attacker: int, carrier: str, warhead: str, bomber_id: int) -> None:
    st.stack.pop()
    if action == "no intercept":
        st.log.add(f"{_label(st, seat)} does not intercept.")
        return
    st.stack.pop()  # the roll
    st.tick += 1
    anti = action.split(" ")[1]
    (st.shown if anti in st.shown[seat] else st.hands)[seat].remove(anti)
    _discard(st, anti)
    st.log.add(f"{_label(st, seat)} shoots down the {st.name(carrier)} with {st.name(anti)}.")
    if bomber_id >= 0:
        st.salvo_lost = st.salvo_lost | {bomber_id}
    else:
        _destroy_carrier(st, attacker)
        st.next_turn = seat
    st.stack.append(("draw", seat, "one"))  # the anti-missile is replaced at once


def _destroy_carrier(st: S, attacker: int) -> None:
    """An intercepted carrier is lost; a B-70 takes its face-down warheads along (spec §15 #9)."""
    key = st.face_up[attacker]
    st.face_up[attacker] = None
    st.payload[attacker] = 0
    _discard(st, key)
    if not st.card(key).bomber or st.options["b70_intercept"] != "warhead-run":
        return
    queue, exposed = st.queues[attacker], st.exposed[attacker]
    lost = []
    while queue and st.card(queue[0]).kind == "warhead":
        lost.append(queue.pop(0))
        exposed.pop(0)
    for k in lost:
        _discard(st, k)
    if lost:
        st.log.add(f"The bomber's face-down warheads are destroyed with it: {', '.join(st.name(k) for k in lost)}.")


def _roll(st: S, attacker: int, carrier: str, warhead: str, target: int, bomber_id: int) -> None:
    """Roll the two fallout dice and apply the table (spec §7)."""
    st.tick += 1
    tens, units = st.rng.below(10), st.rng.below(10)
    result = st.content.fallout[tens * 10 + units]
    mt = st.card(warhead).megatons
    is_bomber = st.card(carrier).bomber
    st.log.add(f"Fallout dice: {tens}{units} — {result.text}.")
    if result.effect == "misfire":
        if is_bomber:
            if bomber_id >= 0:
                st.salvo_lost = st.salvo_lost | {bomber_id}
            else:
                _drop_face_up(st, attacker, "out of fuel")
        else:
            _hurt(st, attacker, mt, retaliation=True)
    elif result.effect != "dud":
        if result.world_ends_with == mt:
            _end_of_the_world(st)
            return
        damage = mt + result.value if result.effect == "add" else mt * result.value
        _hurt(st, target, damage, retaliation=True)
    if bomber_id < 0:
        if not is_bomber:
            _drop_face_up(st, attacker, "spent")
        elif st.face_up[attacker] is not None:
            st.payload[attacker] -= mt
            if st.payload[attacker] <= 0:
                _drop_face_up(st, attacker, "payload used up")
        st.stack.append(("settle",))


def _end_of_the_world(st: S) -> None:
    """The 100 MT warhead set off a nuclear stockpile: every remaining player dies."""
    st.world_ended = True
    for s in range(len(st.seats)):
        if st.alive[s]:
            st.alive[s] = False
            st.out_tick[s] = st.tick
    st.log.add("The chain reaction destroys the whole world. Nobody wins.")
    st.stack.clear()


# ====================================================================== elimination, retaliation, peace


def _settle(st: S) -> None:
    """Process eliminations one by one (final retaliation first), then end the game or restore peace."""
    if st.dying:
        seat, may_retaliate = st.dying.pop(0)
        st.stack.append(("settle",))
        _eliminate(st, seat, may_retaliate)
        return
    if not st.fallen:
        return
    st.fallen = False
    if sum(st.alive) <= 1:
        st.stack.clear()
        return
    if st.at_war:
        st.at_war = False
        st.log.add("A nation has fallen: peace is restored. Everyone may change strategy.")
        for s in reversed(_clockwise(st, st.current)):
            if st.queues[s] and st.hands[s]:
                st.stack.append(("swap", s, ()))


def _eliminate(st: S, seat: int, may_retaliate: bool) -> None:
    """Finaler Gegenschlag: the eliminated player lays his weapons face up, the rest is discarded."""
    pool = st.hands[seat] + st.shown[seat]
    if st.options["retaliation_cards"] == "all":
        pool += st.queues[seat]
    else:
        st.discard += st.queues[seat]
    st.hands[seat], st.shown[seat], st.queues[seat], st.exposed[seat] = [], [], [], []
    carriers: list[tuple[str, int]] = []
    face_up = st.face_up[seat]
    if face_up is not None:
        st.face_up[seat] = None
        if may_retaliate and st.options["retaliation_cards"] == "all":
            carriers.append((face_up, st.payload[seat]))
        else:
            st.discard.append(face_up)
        st.payload[seat] = 0
    warheads = []
    for key in pool:
        kind = st.card(key).kind
        if may_retaliate and kind == "carrier":
            carriers.append((key, st.card(key).payload))
        elif may_retaliate and kind == "warhead":
            warheads.append(key)
        else:
            st.discard.append(key)
    frame = ("retaliate", seat, tuple(carriers), tuple(warheads), ())
    if _legal_retaliate(st, *frame[1:])[:-1]:
        shown = ", ".join(st.name(k) for k, _ in carriers) + "; " + ", ".join(st.name(k) for k in warheads)
        st.log.add(f"{_label(st, seat)} strikes back with everything it has: {shown}.")
        st.stack.append(frame)
    else:
        st.discard += [k for k, _ in carriers] + warheads


def _legal_retaliate(st: S, seat: int, carriers: tuple, warheads: tuple, strikes: tuple) -> list[str]:
    targets = [_label(st, t) for t in range(len(st.seats)) if st.alive[t]]
    out = []
    for ckey in _unique([k for k, cap in carriers if cap > 0]):
        room = max(cap for k, cap in carriers if k == ckey)
        for wkey in _unique(list(warheads)):
            if st.card(wkey).megatons <= room:
                out += [f"strike {ckey} {wkey} {t}" for t in targets]
    return out + ["done"]


def _act_retaliate(st: S, action: str, seat: int, carriers: tuple, warheads: tuple, strikes: tuple) -> None:
    st.stack.pop()
    if action != "done":
        _, ckey, wkey, label = action.split(" ")
        mt = st.card(wkey).megatons
        index = next(i for i, (k, cap) in enumerate(carriers) if k == ckey and cap >= mt)
        left = carriers[index][1] - mt if st.card(ckey).bomber else 0
        carriers = carriers[:index] + ((ckey, left),) + carriers[index + 1:]
        rest = list(warheads)
        rest.remove(wkey)
        strikes += ((index, ckey, wkey, st.seats.index(label)),)
        frame = ("retaliate", seat, carriers, tuple(rest), strikes)
        if _legal_retaliate(st, *frame[1:])[:-1]:
            st.stack.append(frame)
            return
        warheads = tuple(rest)
    # All targets are named before any dice roll; then the strikes fly in announced order.
    st.discard += [k for k, _ in carriers] + list(warheads) + [w for _, _, w, _ in strikes]
    plan = "; ".join(f"{st.name(w)} on {st.name(c)} at {_label(st, t)}" for _, c, w, t in strikes)
    st.log.add(f"{_label(st, seat)}'s final retaliation: {plan or 'none'}.")
    salvo = st.ply * 64  # unique per salvo, so a bomber lost in one salvo is never confused with another's
    for index, ckey, wkey, target in reversed(strikes):
        st.stack.append(("strike", seat, ckey, wkey, target, salvo + index))


def _legal_swap(st: S, seat: int, done: tuple) -> list[str]:
    slots = [i + 1 for i in range(len(st.queues[seat])) if i + 1 not in done]
    return [f"swap {i} {k}" for i in slots for k in _unique(st.hands[seat])] + ["keep"]


def _act_swap(st: S, action: str, seat: int, done: tuple) -> None:
    st.stack.pop()
    if action == "keep":
        return
    _, slot, key = action.split(" ")
    i = int(slot) - 1
    hand = st.hands[seat]
    hand.remove(key)
    hand.append(st.queues[seat][i])
    st.queues[seat][i] = key
    st.exposed[seat][i] = False
    st.log.add(f"{_label(st, seat)} changes a face-down card.", (seat,),
               f"You swap face-down card {slot} for {st.name(key)}.")
    done += (int(slot),)
    if len(done) < len(st.queues[seat]) and st.hands[seat]:
        st.stack.append(("swap", seat, done))


# ====================================================================== outcome


def outcome(st: S) -> Outcome:
    """Sieg: the last player with at least one million people wins; otherwise nobody does."""
    n = len(st.seats)
    keys = [(1, 0) if st.alive[s] else (0, st.out_tick[s]) for s in range(n)]
    places = tuple(1 + sum(k > keys[s] for k in keys) for s in range(n))
    survivors = tuple(s for s in range(n) if st.alive[s])
    if len(survivors) == 1:
        reason = f"{_label(st, survivors[0])} is the last nation with people left and rules the world."
    elif st.world_ended:
        reason = "The 100 megaton warhead set off a nuclear stockpile and destroyed the world. Nobody wins."
    else:
        reason = "The last nations annihilated each other. Nobody wins."
    return Outcome(places=places, winners=survivors if len(survivors) == 1 else (), reason=reason)


# ====================================================================== words


def describe(st: S, seat: int | None) -> str:
    """The pending decision: in full for the deciding seat, in public words for the others."""
    kind, who, *data = st.stack[-1]
    name = _label(st, who)
    mine = seat == who
    if kind == "commit":
        n = len(st.queues[who]) + 1
        return f"choose your strategy: place face-down card {n} of 2" if mine else f"{name} chooses a strategy"
    if kind == "place":
        return ("show or take back deterrent cards, then place a card face down behind your row"
                if mine else f"{name} places a card face down")
    if kind == "aim":
        purpose, key = data
        what = {"attack": "attack", "propaganda": "propaganda", "secret": st.name(key)}[purpose]
        return f"name the target of your {what}" if mine else f"{name} names the target of its {what}"
    if kind == "intercept":
        attacker, carrier, warhead, _ = data
        shot = f"{_label(st, attacker)}'s {st.name(carrier)} with a {st.name(warhead)}"
        return f"intercept {shot} aimed at you, or not" if mine else f"{name} decides whether to intercept {shot}"
    if kind == "retaliate":
        return ("name the strikes of your final retaliation (carrier, warhead, target), then done"
                if mine else f"{name} plans its final retaliation")
    return ("peace: swap your face-down cards for hand cards, or keep them" if mine
            else f"{name} may change its face-down cards")


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions."""
    words = action.split(" ")
    kind = st.stack[-1][0] if st.stack else None
    if words[0] in ("place", "show", "hide", "intercept", "swap") and len(words) >= 2:
        key = words[-1]
        if key not in st.content.cards:
            return f"There is no card called {key!r}."
    if words[0] == "target" and len(words) == 2:
        if words[1] not in st.seats:
            return f"There is no player {words[1]!r}."
        return f"{words[1]} is not an opponent you can choose now."
    if kind != "place" and words[0] in ("show", "hide"):
        return "The deterrent force can only be changed in your own turn, before you place a card."
    if kind == "place" and words[0] in ("show", "hide") and st.moves >= 2:
        return "You have already moved two cards to or from your deterrent force this turn."
    return None


# ====================================================================== dispatch tables

PROCEDURES = {
    "opening": _opening,
    "turn": _turn,
    "draw": _draw,
    "placing": _placing,
    "reveal": _reveal,
    "end_turn": _end_turn,
    "strike": _strike,
    "roll": _roll,
    "settle": _settle,
}
LEGAL = {
    "commit": _legal_commit,
    "place": _legal_place,
    "aim": _legal_aim,
    "intercept": _legal_intercept,
    "retaliate": _legal_retaliate,
    "swap": _legal_swap,
}
ACT = {
    "commit": _act_commit,
    "place": _act_place,
    "aim": _act_aim,
    "intercept": _act_intercept,
    "retaliate": _act_retaliate,
    "swap": _act_swap,
}
