"""The Cold War of the superpowers: treasuries, peace doves and nuclear war, the arms-race and
conflict decks, the 2+2 tracks, victory points (the 2+2 rule book, §2, §6.5–6.6, §8, §11, §12.4).

Seats: 0 USA, 1 Soviet Union, 2 West, 3 East. A superpower's seat number equals its side
(0 yellow, 1 red), so ``POWER[side]`` and ``side`` name the same seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import procedure
from realpolitik.i18n import Text, phrase, t

from ..common import ROMAN
from ..content import EAST, WEST
from .tables import POWER, STATE_SEAT
from .words import effects_words

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

POWER_NAME = (t("the USA"), t("the Soviet Union"))
POWER_TITLE = (t("The USA"), t("The Soviet Union"))  # at the start of a sentence


# the log lines written here at every step, made when read (``Log.say``, ``i18n.phrase``)
PAYS = phrase("{power} pays ${amount} (treasury {treasury}).", "power", "amount", "treasury")
RECEIVES = phrase("{power} receives ${amount} (treasury {treasury}).", "power", "amount", "treasury")
DOVE_FLIPPED = phrase("A peace dove is flipped ({doves} left).", "doves")
ARMS_CARD = phrase("{power} draws arms-race card {card} (decade {decade}): {effects}.",
                   "power", "card", "decade", "effects")
CONFLICT_CARD = phrase("{power} draws conflict card {card}: {effects}.", "power", "card", "effects")
DOVE_RETURNS = phrase("A peace dove returns ({doves} in the pool).", "doves")
GAME_OVER = phrase("Game over: {reason}", "reason")


def is_power(seat: int) -> bool:
    """True for the USA and the Soviet Union."""
    return seat in POWER


def ally(st: S, seat: int) -> int:
    """The partner of a seat (USA–West, Soviet Union–East)."""
    side = st.side(seat)
    return STATE_SEAT[side] if is_power(seat) else POWER[side]


#: per side: the direction of a step in its favour, −1 toward yellow, +1 toward red
TOWARD = (-1, 1)


def holder(pos: int) -> int | None:
    """The side a marker favours (None on the start space)."""
    return None if pos == 0 else (WEST if pos < 0 else EAST)


# ====================================================================== treasuries (§6.5–6.6)


def pay(st: S, side: int, amount: int) -> None:
    """A superpower pays from its treasury (down to the flipped marker's last space)."""
    track = st.content.treasury
    st.treasury[side] = max(track.lowest, st.treasury[side] - amount)
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(PAYS, POWER_TITLE[side], amount, money(st.treasury[side]))


def income(st: S, side: int, amount: int) -> None:
    """A superpower adds income to its treasury (up to the +10 marker's last space)."""
    track = st.content.treasury
    st.treasury[side] = min(track.highest, st.treasury[side] + amount)
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(RECEIVES, POWER_TITLE[side], amount, money(st.treasury[side]))


def money(value: int) -> str:
    """$ in words: $6, -$2."""
    return f"-${-value}" if value < 0 else f"${value}"


def in_the_red(st: S, seat: int) -> bool:
    """A superpower with a negative treasury is severely restricted (§6.6)."""
    return is_power(seat) and st.treasury[seat] < 0


# ====================================================================== peace doves and nuclear war (§6.4, §11)


def presser(st: S) -> int:
    """The player who presses the red button: the active one, else the one last active (§6.4)."""
    return st.active if st.active >= 0 else st.last_active


def flip_dove(st: S) -> None:
    """Flip a peace dove; with none left the active player presses the red button."""
    if st.doves > 0:
        st.doves -= 1
        st.log.say(DOVE_FLIPPED, st.doves)
        return
    seat = presser(st)
    st.button = seat
    reason = t("Nuclear war: {seat} had to press the red button in decade {decade}.", seat=st.seats[seat],
               decade=ROMAN[st.decade])
    st.result = (-1, reason)
    st.stack.clear()
    st.log.say(GAME_OVER, reason)


def reflip_dove(st: S) -> None:
    """Reflip a flipped peace dove, if there is one."""
    if st.doves < st.content.doves:
        st.doves += 1
        st.log.say(DOVE_RETURNS, st.doves)


def peacemaker_winners(st: S) -> tuple[int, ...]:
    """Nuclear war: the other players with the most peacemaker cards; the trigger's ally loses ties (§11)."""
    others = [s for s in range(len(st.seats)) if s != st.button]
    best = max(len(st.peacemakers[s]) for s in others)
    top = [s for s in others if len(st.peacemakers[s]) == best]
    partner = ally(st, st.button)
    if len(top) > 1 and partner in top:
        top.remove(partner)
    return tuple(top)


# ====================================================================== the arms race (§6.5, §8, §9)


def arms_room(st: S, side: int) -> bool:
    """True when the arms-race marker can still move a step in ``side``'s favour."""
    return abs(st.arms + TOWARD[side]) <= st.content.arms.spaces


def advantage(st: S) -> tuple[int, int]:
    """(side ahead in the arms race, its advantage level 0–4); level 0 on the start space (§9)."""
    side = holder(st.arms)
    if side is None:
        return (WEST, 0)
    return (side, st.content.arms.level[abs(st.arms)])


def draw_arms_card(st: S, side: int) -> tuple:
    """A superpower draws the top arms-race card; its decade's row as pool items (§8)."""
    key = _draw(st, st.arms_deck, st.arms_used)
    st.arms_last = key
    card = st.content.arms_deck[key]
    where = ("arms", key, side, card.row(st.decade))
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(ARMS_CARD, POWER_TITLE[side], key.upper(), ROMAN[st.decade], effects_words(st, where))
    if card.reshuffle:
        st.stack.append(Reshuffle("arms"))
    items = st.content.pools_kept[where]
    if st.arms_cost:
        items += (f"pay-{('usa', 'ussr')[side]}-1",) * st.arms_cost  # the reminder: +$1 per step
    return items


def draw_conflict_card(st: S, side: int) -> tuple:
    """A superpower draws the top conflict card; its column as pool items (§8)."""
    key = _draw(st, st.conflict_deck, st.conflict_used)
    st.conflict_last = key
    card = st.content.conflict_deck[key]
    where = ("conflict", key, side, 0)
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(CONFLICT_CARD, POWER_TITLE[side], key.upper(), effects_words(st, where))
    if card.reshuffle:
        st.stack.append(Reshuffle("conflict"))
    return st.content.pools_kept[where]


def items_of(effects) -> tuple:
    """Pool items of an effect list in printed order: icon slugs (repeated by count), arrows as tuples.

    An arrow item is ``(track, yellow steps, red steps, strict)``. The rules read the items of the content's
    lists as kept by it (``content.pools_kept``, ``content.items_kept``: ``memo.py``).
    """
    out: list = []
    for e in effects:
        if e.is_arrow:
            out.append((e.icon, e.yellow, e.red, e.strict))
        elif e.icon != "peacemaker":
            out += [e.slug] * e.count
    return tuple(out)


def _draw(st: S, deck: list[str], used: list[str]) -> str:
    if not deck:  # only with a deck that holds no reshuffle card
        deck += used
        used.clear()
        st.rng.shuffle(deck)
    key = deck.pop()
    used.append(key)
    return key


@procedure
class Reshuffle(NamedTuple):
    """All 10 cards of a deck, discards included, form a new draw deck (§8)."""

    which: str

    def run(self, st: S) -> None:
        arms = self.which == "arms"
        deck, used = (st.arms_deck, st.arms_used) if arms else (st.conflict_deck, st.conflict_used)
        deck += used
        used.clear()
        st.rng.shuffle(deck)
        st.log.say(t("The arms-race deck is reshuffled.") if arms else t("The conflict deck is reshuffled."))


# ====================================================================== victory points (§12.4)


def victory_points(st: S, side: int) -> int:
    """A superpower's VP: its spaces on the three 2+2 tracks, −1 per full $2 of deficit."""
    c = st.content
    vp = 0
    for pos, track in ((st.arms, c.arms), (st.space, c.space), (st.dominance, c.dominance)):
        if holder(pos) == side:
            vp += track.vp[abs(pos)]
    if st.treasury[side] < 0:
        vp -= -st.treasury[side] // 2
    return vp


def winning_player(st: S, side: int) -> int:
    """The winning side's superpower if it has more VP than the other one, else its German state (§12.4)."""
    if victory_points(st, side) > victory_points(st, 1 - side):
        return POWER[side]
    return STATE_SEAT[side]


def instant_victory(st: S, side: int, reason: Text) -> None:
    """Arms-race or space-race victory: the superpower wins at once (§12.1–12.2)."""
    st.victor = POWER[side]
    st.result = (side, reason)
    st.stack.clear()
    st.log.say(GAME_OVER, reason)


# ====================================================================== view


def public(st: S) -> dict:
    """The 2+2 board as everybody sees it."""
    adv_side, level = advantage(st)
    return {
        "treasury": {"usa": st.treasury[WEST], "ussr": st.treasury[EAST]},
        "in_the_red": [st.seats[s] for s in POWER if st.treasury[s] < 0],
        "arms_race": st.arms, "space_race": st.space, "dominance": st.dominance,
        "arms_advantage": {"side": ("usa", "ussr")[adv_side], "level": level} if level else None,
        "victory_points": {"usa": victory_points(st, WEST), "ussr": victory_points(st, EAST)},
        "doves": st.doves, "doves_total": st.content.doves,
        "red_button": st.seats[st.button] if st.button >= 0 else None,
        "arms_deck": {"count": len(st.arms_deck), "last": st.arms_last or None},
        "conflict_deck": {"count": len(st.conflict_deck), "last": st.conflict_last or None},
        "reminders": {"arms_cost": st.arms_cost, "soviet_penalty": st.soviet_penalty},
        "peacemakers": {st.seats[s]: list(p) for s, p in enumerate(st.peacemakers)},
        "prepared": [len(p) for p in st.prepared],
        "active": st.seats[st.active] if st.active >= 0 else None,
        "space_bonus": [st.seats[s] for s, b in enumerate(st.space_bonus) if b],
    }
