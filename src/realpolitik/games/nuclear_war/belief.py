"""Where the other players keep the cards a seat cannot see (``Game.belief``, ``ismcts:worlds=game``).

A world drawn uniformly from a seat's information set deals every unseen card anywhere: a
face-down row then holds propaganda about one time in five and a warhead behind a waiting
carrier about two times in five. Players do not place at random. In games of four
heuristics (``benchmarks/nuclear_war_kinds.py``) a warhead follows a carrier nine times in
ten, in peace two thirds of the other face-down cards are propaganda, and the hands keep
what could not be placed. This belief redraws the *kind* of each unseen card of the other
seats by those shares, then swaps in a card of that kind from the draw pile: every card
stays unseen, and the seat's view does not change.
"""

from __future__ import annotations

from realpolitik.engine import Rng

#: per mille of each kind, measured in 200 games of four heuristics (``nuclear_war_kinds.py
#: --games 200 --seed 1000``; each row rounded to sum to 1000): (war, what lies in front) ->
#: kinds of a face-down card, (war, "hand") -> kinds of a card in hand. docs/bots/nuclear-war.md:
#: as a search's worlds (``ismcts:worlds=game``) they won 58 of 400 games against three
#: heuristics, uniform worlds 65 — an option, not the default
SHARES: dict[tuple[bool, str], dict[str, int]] = {
    (False, "none"): {"warhead": 34, "carrier": 312, "propaganda": 654, "anti-missile": 0},
    (False, "carrier"): {"warhead": 973, "carrier": 2, "propaganda": 25, "anti-missile": 0},
    (False, "hand"): {"warhead": 485, "carrier": 356, "propaganda": 102, "anti-missile": 57},
    (True, "none"): {"warhead": 137, "carrier": 653, "propaganda": 210, "anti-missile": 0},
    (True, "carrier"): {"warhead": 918, "carrier": 69, "propaganda": 13, "anti-missile": 0},
    (True, "hand"): {"warhead": 498, "carrier": 337, "propaganda": 100, "anti-missile": 65},
}


def _kind(shares: dict[str, int], rng: Rng) -> str:
    pick = rng.below(1000)
    for kind, share in shares.items():
        if pick < share:
            return kind
        pick -= share
    return kind


def kinds_as_played(world, seat: int, rng: Rng) -> None:
    """Redraw the kinds of the other seats' unseen cards by ``SHARES``, swapping with the draw pile."""
    cards, war, draw, secrets = world.content.cards, world.at_war, world.draw, world.content.secrets
    pile: dict[str, list[int]] = {}
    for i, k in enumerate(draw):
        if k not in secrets:
            pile.setdefault(cards[k].kind, []).append(i)

    def swap(holder: list[str], j: int, kind: str, room: int | None) -> None:
        """Put a card of ``kind`` from the pile at ``holder[j]`` (a warhead within ``room`` if any)."""
        spots = pile.get(kind)
        if not spots or holder[j] in secrets:  # a Secret dealt before the first turn stays where it is
            return
        if room is not None:
            fitting = [i for i in spots if cards[draw[i]].megatons <= room]
            spots = fitting or spots
        at = spots[rng.below(len(spots))]
        old = holder[j]
        holder[j], draw[at] = draw[at], old
        pile[kind].remove(at)
        pile.setdefault(cards[old].kind, []).append(at)

    hand_shares = SHARES[war, "hand"]
    for s in range(len(world.seats)):
        if s == seat or not world.alive[s]:
            continue
        up = world.face_up[s]
        room = world.payload[s] if up else None
        row = world.queues[s]
        for j, shown in enumerate(world.exposed[s]):
            if not shown:
                kind = _kind(SHARES[war, "carrier" if room is not None else "none"], rng)
                fits = room is not None and kind == "warhead"
                if cards[row[j]].kind != kind or (fits and cards[row[j]].megatons > room):
                    swap(row, j, kind, room if fits else None)
            card = cards[row[j]]
            room = card.payload if card.kind == "carrier" else None
        hand = world.hands[s]
        for j in range(len(hand)):
            kind = _kind(hand_shares, rng)
            if cards[hand[j]].kind != kind:
                swap(hand, j, kind, None)
