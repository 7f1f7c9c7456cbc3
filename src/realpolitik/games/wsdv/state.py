"""Wir sind das Volk! game state: plain data, a cheap clone, per-seat views and determinization.

Visibility, declared once here:
- public: the whole board (unrest, mass protests, LS, socialists, factories, lines,
  Hamburg), the tracks, police cards, the display, the special card, the cards played,
  how many cards each hand and the draw deck hold, and the decade printed on the back of
  every hand card;
- private to a seat: its hand; the opponent's hand cards and top deck cards it has seen
  (Guillaume affair) and the cards it put out of play face down (discards);
- nobody: the order of the draw deck and the cards set aside unseen.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import Any, ClassVar

from realpolitik.engine import CACHE, LIST, NESTED, SHARED, VALUE, FramedState, Outcome, Rng, fields
from realpolitik.i18n import Listed, Text

from . import board, end_of_decade, grave, sequence, words
from .board import NONE, RUNDOWN
from .content import EAST, LINE, SIDES, WEST, Card, Content
from .layout import Layout
from .options import WsdvOptions


class WsdvState(FramedState):
    """A game of Wir sind das Volk! in progress."""

    __slots__ = fields(
        content=SHARED, layout=SHARED, unrest=LIST, ls=LIST, sectors=LIST, socialists=LIST, box=VALUE,
        factory=LIST, lines=LIST, hamburg=VALUE, prestige=VALUE, currency=VALUE, socialism=VALUE, flight=VALUE,
        wall=VALUE, stasi=VALUE, police=LIST, police_used=VALUE, delivered=LIST, supplier_mp=LIST, decade=VALUE,
        half=VALUE, deck=LIST, display=LIST, special=VALUE, hands=NESTED, played=LIST, history=LIST,
        known=NESTED, deck_seen=LIST, out_seen=NESTED, order=LIST, turn=VALUE, hits=LIST, eod=VALUE,
        result=VALUE, works=CACHE,
    )
    opts: WsdvOptions

    content: Content
    layout: Layout

    #: a decision whose choices lie open on the board is taken when it has a single one
    answer_forced = True
    #: the frames the rules shared with 2+2 push (2+2's state names its own) and the next decade
    #: (which the end of decade, imported by sequence.py, cannot import)
    StartDecade = sequence.StartDecade
    Deal = sequence.Deal
    Discard = sequence.Discard
    Turn = sequence.Turn
    turns = sequence.TURNS  # a turn per seat, made once (sequence.TURNS)
    SubDecadeEnd = sequence.SubDecadeEnd
    PHASES: ClassVar[tuple] = end_of_decade.PHASES

    # ------------------------------------------------------------------ contract

    def why_illegal(self, action: str) -> str | None:
        """The decision's own reason (a turn's, ``sequence.Turn.why_illegal``), else one for every decision."""
        own = self.stack[-1].why_illegal(self, action) if self.stack else None
        return own or sequence.why_illegal(self, action)

    def action_label(self, verb: str, args: tuple) -> str | Text | Listed | None:
        return words.action_label(self, verb, args)

    def grave(self, action: str) -> Text | None:
        return grave.grave(self, action)

    def outcome(self) -> Outcome | None:
        if self.stack or self.result is None:
            return None
        winner, reason = self.result
        n = len(self.seats)
        winners = self.layout.seats_of(winner)
        places = tuple(1 if s in winners else 2 for s in range(n))
        return Outcome(places=places, winners=winners, reason=reason,
                       details={"winner": SIDES[winner], "decade": self.decade})

    # ------------------------------------------------------------------ helpers

    def card(self, key: str) -> Card:
        """The printed card with this key."""
        return self.content.cards[key]

    def side(self, seat: int) -> int:
        """The German state a seat plays for."""
        return self.layout.side[seat]

    def seat_of(self, side: int) -> int:
        """The seat that speaks for a German state."""
        return self.layout.state_seat[side]

    # ------------------------------------------------------------------ views

    def public_view(self) -> dict[str, Any]:
        c = self.content
        economies, levels, values = board.economies(self), board.export_levels(self), board.values(self)
        provinces = []
        for p, prov in enumerate(c.provinces):
            provinces.append({
                "key": prov.key, "name": prov.name, "side": prov.side, "unrest": self.unrest[p],
                "mass_protests": board.protests(self, p), "ls": self.ls[p], "socialists": self.socialists[p],
                "economy": economies[p], "export": max(0, levels[p]),
            })
        factories = {c.cities[x].key: {"value": values[x], "rundown": self.factory[x] == RUNDOWN}
                     for x in range(len(c.cities)) if self.factory[x] != NONE}
        lines = [c.site_name[LINE + 2 * k + end] for k, b in enumerate(self.lines) for end in (0, 1) if b & (1 << end)]
        return {
            "decade": self.decade,
            "half": self.half,
            "end_of_decade": None if self.eod < 0 else self.eod + 1,
            "phase": None if self.eod < 0 else self.PHASES[self.eod].__name__,
            "tracks": {"prestige": self.prestige, "currency": self.currency, "socialism": self.socialism,
                       "flight": self.flight},
            "wall": self.wall,
            "stasi_disbanded": self.stasi,
            "provinces": provinces,
            "west_berlin": {
                "sectors": dict(zip(c.sectors, self.sectors)),
                "delivered_by": [c.provinces[c.supplier[i]].key for i, d in enumerate(self.delivered) if d],
                "supplier_protests": {c.provinces[c.supplier[i]].key: n for i, n in enumerate(self.supplier_mp) if n},
            },
            "hamburg": c.provinces[self.hamburg].key,
            "factories": factories,
            "infrastructure": lines,
            "socialist_box": self.box,
            "socialist_supply": c.socialists - self.box - sum(self.socialists),
            "police": {"cards": list(self.police), "used": self.police_used},
            "mass_protests": {SIDES[s]: board.side_protests(self, s) for s in (WEST, EAST)},
            "display": list(self.display),
            "special": self.special,
            "played": list(self.played),
            "hands": {self.seats[s]: sorted(self.card(k).decade for k in h) for s, h in enumerate(self.hands)},
            "deck": len(self.deck),
            "turn_order": [self.seats[s] for s in self.order],
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        seen = self.deck_seen[seat]
        return {
            "hand": sorted(self.hands[seat], key=_order),
            "known": sorted(self.known[seat], key=_order),
            "deck_top": list(reversed(self.deck[len(self.deck) - seen:])) if seen else [],
            "set_aside": sorted(self.out_seen[seat], key=_order),
        }

    # ------------------------------------------------------------------ determinization

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Redeal every card ``seat`` has not seen, decade by decade, and reshuffle the deck.

        Fixed: the seat's hand, opponent cards it knows, the top deck cards it has seen, the
        cards it knows are out of play, and everything public. The decade printed on each
        hand card's back is public, so each unknown hand slot is refilled from its decade.
        """
        c = self.content
        fixed = set(self.hands[seat]) | set(self.known[seat]) | set(self.out_seen[seat])
        fixed |= set(self.display) | set(self.history)
        seen = self.deck_seen[seat]
        top = self.deck[len(self.deck) - seen:] if seen else []
        fixed |= set(top)
        # up to the next decade: 2+2's space race hands out a card of the next decade
        is_fixed = fixed.__contains__
        pools = {d: list(filterfalse(is_fixed, c.decade_cards[d])) for d in range(1, min(4, self.decade + 1) + 1)}
        for pool in pools.values():
            rng.shuffle(pool)
        others = [s for s in range(len(self.seats)) if s != seat]
        moved: dict[str, str] = {}

        def redraw(k: str) -> str:
            moved[k] = pools[self.card(k).decade].pop()
            return moved[k]

        for s in others:
            hand = self.hands[s]
            for i, k in enumerate(hand):
                if k not in fixed:
                    hand[i] = redraw(k)
        if self.deck:
            self.deck = [redraw(k) for k in self.deck[:len(self.deck) - seen]] + top
        for s in others:
            out = self.out_seen[s]
            for i, k in enumerate(out):
                if k not in fixed:
                    out[i] = redraw(k)
            self.known[s] = [moved.get(k, k) for k in self.known[s]]

def _order(key: str) -> tuple[int, str]:
    return (len(key), key)
