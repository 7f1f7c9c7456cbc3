"""What a seat's log tells of where the other seats' cards went, event by event (the belief from play,
``particles``).

Every way a card moves into or out of a hand or a face-down row leaves a line in every seat's log
(``SeatContext.history``), though not always the card: a draw ("draws a card", "draws {count}
cards", the anti-missile replaced after an interception too), a card placed face down from the
hand (hidden) or from the deterrent force (named), a card shown in or taken back from the
deterrent force, a card revealed at the front of a row, the face-down warheads a B-70 takes along
when it is shot down, an anti-missile that shoots a carrier down (from the deterrent force when it
lay there, else from the hand), a Secret played from the hand in the opening round (later a Secret
drawn is played at once and never reaches a hand), and a face-down card changed for a hand card
when peace returns (hidden: neither the slot nor the cards). :func:`read` turns those lines into
:class:`Event` s, oldest first, each with what the table showed then and the heuristic reads — war
or peace, the seat's face-up carrier and the payload it has left, its deterrent force — followed
through the lines that change them (a carrier revealed, discarded, shot down; a bomber's payload
spent by a launch; an elimination; war and peace).

Only the seats still in the game besides the reader are followed (``seats``): a fallen nation's
cards lie in the discard pile, which the log does not list card by card. The same gap leaves one
thing unread: which cards the discard pile held when an empty draw pile was refilled from it.
"""

from __future__ import annotations

from typing import NamedTuple

from realpolitik.i18n import Text

from .words import REPLACED

#: the message keys of the lines read (``words.py``, ``common.py``, ``combat.py``, ``aftermath.py``, ``sequence.py``)
DRAWS_ONE = "{seat} draws a card."
DRAWS = "{seat} draws {count} cards."
PLACES = "{seat} places a card face down."
YOU_PLACE = "You place {card} face down."  # the reader's own placement: the opening round is over too
PLACES_SHOWN = "{seat} places its deterrent {card} face down."
SHOWS = "{seat} shows {card} in its deterrent force."
TAKES_BACK = "{seat} takes back {card} from its deterrent force."
REVEALS = "{seat} reveals {card}."
DISCARDED = "{seat}'s {card} is discarded ({why})."
LAUNCHES = "{seat} launches a {warhead} on its {carrier} at {target}."
PASSES = "{seat} does not intercept."
SHOOTS_DOWN = "{seat} shoots down the {carrier} with {anti}."
DESTROYED = "The bomber's face-down warheads are destroyed with it: {cards}."
SECRET = "{seat} plays the secret card {card}: {text}"
TOP_SECRET = "{seat} plays the top secret card {card}: {text}"
CHANGES = "{seat} changes a face-down card."
ELIMINATED = "{seat} has lost its entire population and is eliminated."
WAR = "War! From now on propaganda is worthless."
PEACE = "A nation has fallen: peace is restored. Everyone may change strategy."


class Event(NamedTuple):
    """One move of a followed seat's cards, with what the table showed when it happened."""

    #: draw, place, place-shown, show, hide, reveal, destroyed, pass, intercept, secret, swap
    kind: str
    seat: int
    #: the cards the line names: the card shown, taken back, revealed, placed from the deterrent force,
    #: played (a Secret), the anti-missile that shot down (intercept), the warheads destroyed
    keys: tuple[str, ...] = ()
    #: draw: the cards drawn; swap: the swaps the seat made before it since peace returned
    count: int = 0
    war: bool = False
    face_up: str | None = None
    payload: int = 0
    #: pass, intercept: the carrier attacking the seat
    carrier: str | None = None
    #: the seat's deterrent force (pass, intercept: after the anti-missile left it)
    shown: tuple[str, ...] = ()
    #: the opening round: a draw that may bring Secrets into the hand, which are played from it
    opening: bool = False
    #: intercept: the anti-missile came from the deterrent force, not the hand
    from_shown: bool = False


def read(history: list, labels: tuple[str, ...], cards: dict, names: dict[str, Text],
         seats: set[int]) -> list[Event]:
    """The events of ``seats`` in ``history`` (the lines a seat may read), oldest first."""
    index = {label: s for s, label in enumerate(labels)}
    by_name = {name: key for key, name in names.items()}
    n = len(labels)
    face_up: list[str | None] = [None] * n
    payload, shown, alive = [0] * n, [[] for _ in range(n)], [True] * n
    war, opening, swaps = False, True, [0] * n
    attacker = carrier = None
    out: list[Event] = []
    for line in history:
        if type(line) is not Text:  # plain lines and counted ones (people lost or gained): no card moves
            continue
        key, values = line[0], dict(zip(line[1::2], line[2::2]))
        s = index.get(values.get("seat"), -1)
        followed = s in seats
        if key == DRAWS_ONE or key == DRAWS:
            if followed:
                out.append(Event("draw", s, count=values.get("count", 1), opening=opening))
        elif key == YOU_PLACE:
            opening = False
        elif key == PLACES:
            opening = False
            if followed:
                out.append(Event("place", s, war=war, face_up=face_up[s], payload=payload[s] if face_up[s] else 0,
                                 shown=tuple(shown[s])))
        elif key == PLACES_SHOWN or key == SHOWS or key == TAKES_BACK:
            card = by_name[values["card"]]
            if key == SHOWS:
                shown[s].append(card)
            elif card in shown[s]:
                shown[s].remove(card)
            if followed:
                kind = {PLACES_SHOWN: "place-shown", SHOWS: "show", TAKES_BACK: "hide"}[key]
                out.append(Event(kind, s, (card,)))
        elif key == REVEALS:
            card = by_name[values["card"]]
            if cards[card].kind == "carrier":
                face_up[s], payload[s] = card, cards[card].payload
            if followed:
                out.append(Event("reveal", s, (card,)))
        elif key == DISCARDED:
            if values["why"] != REPLACED:  # a carrier replaced: the new one, revealed just before, stays
                face_up[s], payload[s] = None, 0
        elif key == LAUNCHES:
            attacker, carrier = s, by_name[values["carrier"]]
            if alive[s] and face_up[s] == carrier and cards[carrier].bomber:
                payload[s] -= cards[by_name[values["warhead"]]].megatons  # what it can still take
        elif key == PASSES:
            if followed and carrier is not None:
                out.append(Event("pass", s, carrier=carrier, shown=tuple(shown[s])))
        elif key == SHOOTS_DOWN:
            anti = by_name[values["anti"]]
            from_shown = anti in shown[s]
            if from_shown:
                shown[s].remove(anti)
            if followed:
                out.append(Event("intercept", s, (anti,), carrier=by_name[values["carrier"]], shown=tuple(shown[s]),
                                 from_shown=from_shown))
            if attacker is not None and alive[attacker]:  # not a final retaliation's: the carrier is lost
                face_up[attacker], payload[attacker] = None, 0
        elif key == DESTROYED:
            if attacker in seats:
                out.append(Event("destroyed", attacker, tuple(by_name[name] for name in values["cards"].items)))
        elif key == SECRET or key == TOP_SECRET:
            if followed and opening:  # in the opening round a Secret is played from the hand
                out.append(Event("secret", s, (by_name[values["card"]],)))
        elif key == CHANGES:
            if followed:
                out.append(Event("swap", s, count=swaps[s]))
            swaps[s] += 1
        elif key == ELIMINATED:
            alive[s], face_up[s], payload[s], shown[s] = False, None, 0, []
        elif key == WAR:
            war = True
        elif key == PEACE:
            war, swaps = False, [0] * n
    return out
