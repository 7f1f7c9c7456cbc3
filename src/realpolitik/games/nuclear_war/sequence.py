"""The sequence of play: opening round, Secrets, targets and the turn (seed: Spielbeginn, Spielzug)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import population
from .combat import strike
from .common import (
    clockwise,
    discard,
    drop_face_up,
    enemies,
    hand_size,
    hurt,
    label,
    note_draw,
    take_card,
    transfer,
    unique,
)
from .tables import HAND_SIZE, REFILL_TARGET

if TYPE_CHECKING:
    from .state import NuclearWarState as S


# ====================================================================== opening round (Spielbeginn)


def opening(st: S, seat: int) -> None:
    """Spielbeginn: resolve every Secret in hand, refill to nine, repeat; then the next player."""
    if st.alive[seat]:
        hand = st.hands[seat]
        secret = next((k for k in hand if st.card(k).is_secret), None)
        if secret is not None:
            hand.remove(secret)
            st.stack.append(("opening", seat))
            start_secret(st, seat, secret)
            return
        missing = HAND_SIZE - len(hand)
        drawn = [c for c in (take_card(st) for _ in range(missing)) if c is not None]
        if drawn:
            hand += drawn
            note_draw(st, seat, drawn)
            st.stack.append(("opening", seat))
            return
    nxt = (seat + 1) % len(st.seats)
    if nxt != st.current:
        st.stack.append(("opening", nxt))
        return
    # Strategie wählen: everybody places two cards face down, starting with the opener.
    st.stack.append(("turn", st.current))
    for s in reversed(clockwise(st, st.current)):
        if st.hands[s]:
            st.stack.append(("commit", s))



# ====================================================================== secrets


def start_secret(st: S, seat: int, key: str) -> None:
    """A drawn Secret/Top Secret is played at once and discarded; its replacement follows."""
    card = st.card(key)
    discard(st, key)
    st.log.add(f"{label(st, seat)} plays the {card.kind.replace('-', ' ')} card {card.name}: {card.text}")
    if card.victim == "chosen-enemy":
        aim(st, seat, "secret", key)
        return
    victims = [seat] if card.victim == "self" else enemies(st, seat)
    for v in victims:
        secret_effect(st, seat, key, v)
    st.stack.append(("settle",))


def secret_effect(st: S, seat: int, key: str, victim: int) -> None:
    card = st.card(key)
    st.tick += 1
    if card.effect == "lose-turn":
        st.skips[victim] += 1
        st.log.add(f"{label(st, victim)} will lose its next turn.")
    elif card.effect == "defect":
        transfer(st, victim, seat, card.amount, retaliation=True)
    elif card.effect == "kill":
        hurt(st, victim, card.amount, retaliation=True)
    elif card.effect == "boom":
        gained = population.receive(st.pop[seat], st.bank, card.amount, st.content.denominations)
        st.net[seat] += gained
        st.log.add(f"{label(st, seat)} gains {gained} million people from the bank.")



# ====================================================================== choosing a target


def aim(st: S, seat: int, purpose: str, key: str) -> None:
    """Ask ``seat`` to name an opponent; with a single opponent left there is nothing to ask."""
    targets = enemies(st, seat)
    if len(targets) > 1:
        st.stack.append(("aim", seat, purpose, key))
    elif targets:
        resolve_aim(st, seat, purpose, key, targets[0])


def legal_aim(st: S, seat: int, purpose: str, key: str) -> list[str]:
    return [f"target {label(st, t)}" for t in enemies(st, seat)]


def act_aim(st: S, action: str, seat: int, purpose: str, key: str) -> None:
    st.stack.pop()
    resolve_aim(st, seat, purpose, key, st.seats.index(action.split(" ")[1]))


def resolve_aim(st: S, seat: int, purpose: str, key: str, target: int) -> None:
    if purpose == "attack":
        st.log.add(f"{label(st, seat)} attacks {label(st, target)}.")
        strike(st, seat, st.face_up[seat], key, target, -1)
        return
    if purpose == "propaganda":
        st.tick += 1
        transfer(st, target, seat, st.card(key).people, retaliation=False)
    else:
        secret_effect(st, seat, key, target)
    st.stack.append(("settle",))



# ====================================================================== the turn (Spielzug)


def start_turn(st: S, seat: int) -> None:
    """Spielzug: draw, place a third card face down, reveal the first one."""
    st.current = seat
    st.moves = 0
    st.stack.append(("end_turn", seat))
    if not st.alive[seat]:
        return
    if st.skips[seat]:
        st.skips[seat] -= 1
        st.log.add(f"{label(st, seat)} loses this turn.")
        return
    st.log.add(f"— {label(st, seat)}'s turn —")
    mode = "ten" if st.options["refill"] == "draw-to-ten" else "one"
    st.stack += [("reveal", seat), ("placing", seat), ("draw", seat, mode)]


def draw(st: S, seat: int, mode: str) -> None:
    """Draw one card (``one``) or up to ten cards in play (``ten``, spec §15 #2).

    A Secret drawn is played at once and replaced.
    """
    if not st.alive[seat] or (mode == "ten" and hand_size(st, seat) >= REFILL_TARGET):
        return
    key = take_card(st)
    if key is None:
        return
    if st.card(key).is_secret:
        st.stack.append(("draw", seat, mode))
        start_secret(st, seat, key)
        return
    st.hands[seat].append(key)
    note_draw(st, seat, [key])
    if mode == "ten":
        st.stack.append(("draw", seat, mode))


def placing(st: S, seat: int) -> None:
    if st.alive[seat] and (st.hands[seat] or st.shown[seat]) and len(st.queues[seat]) < 3:
        st.stack.append(("place", seat))


def legal_commit(st: S, seat: int) -> list[str]:
    return [f"place {k}" for k in unique(st.hands[seat])]


def act_commit(st: S, action: str, seat: int) -> None:
    put_face_down(st, seat, action.split(" ")[1], from_shown=False)
    if len(st.queues[seat]) >= 2 or not st.hands[seat]:
        st.stack.pop()


def legal_place(st: S, seat: int) -> list[str]:
    hand, shown = unique(st.hands[seat]), unique(st.shown[seat])
    out = [f"place {k}" for k in hand] + [f"place shown {k}" for k in shown]
    if st.moves < 2:  # Deterrent Force: one or two cards as part of the turn
        if len(st.shown[seat]) < 2:
            out += [f"show {k}" for k in hand]
        out += [f"hide {k}" for k in shown]
    return out


def act_place(st: S, action: str, seat: int) -> None:
    words = action.split(" ")
    if words[0] == "place":
        put_face_down(st, seat, words[-1], from_shown=len(words) == 3)
        if len(st.queues[seat]) >= 3 or not (st.hands[seat] or st.shown[seat]):
            st.stack.pop()
        return
    key = words[1]
    st.moves += 1
    src, dst = (st.hands, st.shown) if words[0] == "show" else (st.shown, st.hands)
    src[seat].remove(key)
    dst[seat].append(key)
    verb = "shows" if words[0] == "show" else "takes back"
    st.log.add(f"{label(st, seat)} {verb} {st.name(key)} {'in' if verb == 'shows' else 'from'} its deterrent force.")


def put_face_down(st: S, seat: int, key: str, from_shown: bool) -> None:
    (st.shown if from_shown else st.hands)[seat].remove(key)
    st.queues[seat].append(key)
    st.exposed[seat].append(from_shown)
    if from_shown:
        st.log.add(f"{label(st, seat)} places its deterrent {st.name(key)} face down.")
    else:
        st.log.add(f"{label(st, seat)} places a card face down.", (seat,), f"You place {st.name(key)} face down.")


def reveal(st: S, seat: int) -> None:
    """Turn the first face-down card up and resolve it (spec §6)."""
    if not st.alive[seat] or not st.queues[seat]:
        return
    key = st.queues[seat].pop(0)
    st.exposed[seat].pop(0)
    card = st.card(key)
    st.log.add(f"{label(st, seat)} reveals {card.name}.")
    waiting = st.face_up[seat]
    if card.kind == "carrier":
        drop_face_up(st, seat, "replaced by a new carrier")
        st.face_up[seat] = key
        st.payload[seat] = card.payload
        return
    if card.kind == "warhead" and waiting is not None and fits(st, seat, waiting, key):
        discard(st, key)
        aim(st, seat, "attack", key)
        return
    discard(st, key)
    if card.kind == "warhead":
        st.log.add(f"The {card.name} has no carrier that can deliver it and is discarded.")
    drop_face_up(st, seat, "no matching warhead followed")
    if card.kind == "propaganda":
        if st.at_war:
            st.log.add("Propaganda is worthless in war: the card is discarded.")
        else:
            aim(st, seat, "propaganda", key)
    elif card.kind == "anti-missile":
        st.log.add("An anti-missile is of no use from the face-down row: it is discarded.")


def fits(st: S, seat: int, carrier: str, warhead: str) -> bool:
    mt = st.card(warhead).megatons
    c = st.card(carrier)
    return mt <= (st.payload[seat] if c.bomber else c.payload)


def end_turn(st: S, seat: int) -> None:
    """Play passes clockwise, or to the player who intercepted this turn (Verteidigung)."""
    start = seat + 1
    if st.next_turn is not None:
        start, st.next_turn = st.next_turn, None
    n = len(st.seats)
    nxt = next(((start + i) % n for i in range(n) if st.alive[(start + i) % n]), None)
    if nxt is not None:
        st.stack.append(("turn", nxt))
