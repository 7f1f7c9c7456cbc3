"""Shared helpers of the Nuclear War rules: cards, turn order, and population changes."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from realpolitik.i18n import Text, listed, phrase, phrase_n, t, tn

from . import population

if TYPE_CHECKING:
    from .state import NuclearWarState as S


# the log lines written here (``log.say``: engine/log.py)
DRAWS_CARDS = phrase("{seat} draws {count} cards.", "seat", "count")
YOU_DRAW = phrase("You draw {cards}.", "cards")
DRAW_PILE_EMPTY_DISCARD = t("The draw pile is empty: the discard pile is shuffled into a new draw pile.")
LOSES_MILLION_PEOPLE_NO = phrase_n("{seat} loses {lost} million people (no exact change: {more} more).",
                                   "{seat} loses {lost} million people (no exact change: {more} more).",
                                   "seat", "lost", "more", count="lost")


def label(st: S, seat: int) -> str:
    return st.seats[seat]


#: the other seats clockwise from each seat, by the number of seats
AFTER = {n: tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n)) for n in range(2, 7)}


def enemies(st: S, seat: int) -> tuple[int, ...]:
    """The other nations still in the game, clockwise from ``seat``."""
    alive = st.alive
    after = AFTER[len(alive)][seat]
    if all(alive):  # nobody has fallen yet (most of a game): all of them
        return after
    return tuple([s for s in after if alive[s]])


def plain_enemies(st: S, seat: int) -> list[int]:
    """``enemies`` seat by seat, without the table of the seats after each."""
    n = len(st.seats)
    return [(seat + i) % n for i in range(1, n) if st.alive[(seat + i) % n]]


def unique(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def take_card(st: S) -> str | None:
    """The top card of the draw pile; an empty pile is refilled from the discards (decision #12 of
    docs/games/nuclear-war.md)."""
    if not st.draw:
        if not st.discard:
            return None
        st.draw, st.discard = st.discard, []
        st.rng.shuffle(st.draw)
        st.log.say(DRAW_PILE_EMPTY_DISCARD)
    return st.draw.pop()


def discard(st: S, key: str) -> None:
    st.discard.append(key)


def drop_face_up(st: S, seat: int, why: Text) -> None:
    """Discard the waiting carrier (or active bomber) of ``seat``."""
    key = st.face_up[seat]
    if key is not None:
        st.face_up[seat] = None
        st.payload[seat] = 0
        discard(st, key)
        if st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
            st.log.say(st.lines.discarded[why][seat][key])



def clockwise(st: S, start: int) -> list[int]:
    n = len(st.seats)
    return [(start + i) % n for i in range(n) if st.alive[(start + i) % n]]


def note_draw(st: S, seat: int, cards: list[str]) -> None:
    if not st.log.keeps:  # hot: a NullLog drops the line, the guard saves the lookups and the call (docs/engine.md)
        return
    if len(cards) == 1:
        st.log.say(st.lines.draws_a_card[seat], to=(seat,), private=(st.lines.you_draw[cards[0]],))
        return
    names = st.content.names
    st.log.say(DRAWS_CARDS, label(st, seat), len(cards), to=(seat,),
               private=(YOU_DRAW, listed([names[k] for k in cards])))


# ------------------------------------------------------------ lines written often (those of every turn: ``words``)
# Messages are immutable, so these are made once per seat and card and shared (a lookup
# instead of a new message; one object in many logs).


@lru_cache(maxsize=4096)
def undeliverable(card: Text) -> Text:
    return t("The {card} has no carrier that can deliver it and is discarded.", card=card)


@lru_cache(maxsize=4096)
def loses_people(seat: str, lost: int) -> Text:
    return tn("{seat} loses {lost} million people.", "{seat} loses {lost} million people.", "lost", seat=seat,
              lost=lost)


@lru_cache(maxsize=4096)
def people_leave(lost: int, seat: str, to: str, gained: int) -> Text:
    return tn("{lost} million people leave {seat}; {to} gains {gained}.",
              "{lost} million people leave {seat}; {to} gains {gained}.", "lost", lost=lost, seat=seat, to=to,
              gained=tn("{n} million", "{n} million", "n", n=gained))



# ====================================================================== population


def hurt(st: S, victim: int, millions: int, retaliation: bool) -> None:
    """Kill ``millions`` of the victim's people (they go to the bank)."""
    if not st.alive[victim] or millions <= 0:
        return
    lost = population.pay(st.pop[victim], st.bank, millions, st.content.denominations)
    st.net[victim] -= lost
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        if lost > millions:
            st.log.say(LOSES_MILLION_PEOPLE_NO, label(st, victim), lost, lost - millions)
        else:
            st.log.say(loses_people(st.seats[victim], lost))
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
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(people_leave(lost, st.seats[victim], st.seats[to], gained))
    check_elimination(st, victim, retaliation)


def check_elimination(st: S, seat: int, retaliation: bool) -> None:
    """A player without people leaves the game; weapons and secrets grant final retaliation."""
    if st.alive[seat] and not any(st.pop[seat]):  # no population card left
        st.alive[seat] = False
        st.out_tick[seat] = st.tick
        st.dying.append((seat, retaliation))
        st.fallen = True
        st.log.say(st.lines.eliminated[seat])
