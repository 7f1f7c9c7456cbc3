"""Shared helpers of the Nuclear War rules: cards, turn order, and population changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import population

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def label(st: S, seat: int) -> str:
    return st.seats[seat]


def enemies(st: S, seat: int) -> list[int]:
    n = len(st.seats)
    return [(seat + i) % n for i in range(1, n) if st.alive[(seat + i) % n]]


def unique(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def take_card(st: S) -> str | None:
    """The top card of the draw pile; an empty pile is refilled from the discards (spec §15 #12)."""
    if not st.draw:
        if not st.discard:
            return None
        st.draw, st.discard = st.discard, []
        st.rng.shuffle(st.draw)
        st.log.add("The draw pile is empty: the discard pile is shuffled into a new draw pile.")
    return st.draw.pop()


def hand_size(st: S, seat: int) -> int:
    """Cards counted for the refill: hand, deterrent force and face-down cards."""
    return len(st.hands[seat]) + len(st.shown[seat]) + len(st.queues[seat])


def discard(st: S, key: str) -> None:
    st.discard.append(key)


def drop_face_up(st: S, seat: int, why: str) -> None:
    """Discard the waiting carrier (or active bomber) of ``seat``."""
    key = st.face_up[seat]
    if key is not None:
        st.face_up[seat] = None
        st.payload[seat] = 0
        discard(st, key)
        st.log.add(f"{label(st, seat)}'s {st.name(key)} is discarded ({why}).")



def clockwise(st: S, start: int) -> list[int]:
    n = len(st.seats)
    return [(start + i) % n for i in range(n) if st.alive[(start + i) % n]]


def note_draw(st: S, seat: int, cards: list[str]) -> None:
    names = ", ".join(st.name(k) for k in cards)
    count = f"{len(cards)} card" + ("s" if len(cards) > 1 else "")
    st.log.add(f"{label(st, seat)} draws {count}.", (seat,), f"You draw {names}.")



# ====================================================================== population


def hurt(st: S, victim: int, millions: int, retaliation: bool) -> None:
    """Kill ``millions`` of the victim's people (they go to the bank)."""
    if not st.alive[victim] or millions <= 0:
        return
    lost = population.pay(st.pop[victim], st.bank, millions, st.content.denominations)
    st.net[victim] -= lost
    extra = f" (no exact change: {lost - millions} more)" if lost > millions else ""
    st.log.add(f"{label(st, victim)} loses {lost} million people{extra}.")
    check_elimination(st, victim, retaliation)


def transfer(st: S, victim: int, to: int, millions: int, retaliation: bool) -> None:
    """Move ``millions`` people from ``victim`` to ``to`` through the bank."""
    if not st.alive[victim] or millions <= 0:
        return
    values = st.content.denominations
    lost = population.pay(st.pop[victim], st.bank, millions, values)
    gained = population.receive(st.pop[to], st.bank, lost, values)
    st.net[victim] -= lost
    st.net[to] += gained
    st.log.add(f"{lost} million people leave {label(st, victim)}; {label(st, to)} gains {gained} million.")
    check_elimination(st, victim, retaliation)


def check_elimination(st: S, seat: int, retaliation: bool) -> None:
    """A player without people leaves the game; weapons and secrets grant final retaliation."""
    if st.alive[seat] and st.population(seat) == 0:
        st.alive[seat] = False
        st.out_tick[seat] = st.tick
        st.dying.append((seat, retaliation))
        st.fallen = True
        st.log.add(f"{label(st, seat)} has lost its entire population and is eliminated.")
