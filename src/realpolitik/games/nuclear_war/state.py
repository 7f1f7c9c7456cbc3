"""Nuclear War game state: plain data, a cheap clone, per-seat views and determinization.

Visibility, declared once here:
- public: deterrent cards, the face-up carrier and its payload, face-down cards placed
  from the deterrent force (``exposed``), card and population-card *counts*, each
  player's net change of population since the deal (every change is announced), the bank,
  the discard pile, war or peace, skipped turns, eliminations;
- private to a seat: its hand, its face-down cards, the values of its population cards;
- nobody: the order of the draw pile and the future dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from realpolitik.engine import LIST, NESTED, SHARED, VALUE, FramedState, Outcome, Rng, fields
from realpolitik.i18n import Text

from . import grave, sequence, setup, words
from .combat import NameTarget
from .options import NuclearWarOptions
from .population import total


class NuclearWarState(FramedState):
    """A game of Nuclear War in progress."""

    __slots__ = fields(
        content=SHARED, hands=NESTED, shown=NESTED, queues=NESTED, exposed=NESTED, face_up=LIST, payload=LIST,
        pop=NESTED, bank=LIST, draw=LIST, discard=LIST, alive=LIST, net=LIST, out_tick=LIST, tick=VALUE,
        at_war=VALUE, skips=LIST, current=VALUE, next_turn=VALUE, moves=VALUE, dying=LIST, fallen=VALUE,
        salvo_lost=VALUE, world_ended=VALUE, lines=SHARED,
    )
    opts: NuclearWarOptions

    # ------------------------------------------------------------------ contract

    def why_illegal(self, action: str) -> str | None:
        """One set of reasons for every decision (unknown cards and players, the deterrent force)."""
        return sequence.why_illegal(self, action)

    def action_label(self, verb: str, args: tuple) -> str | None:
        return words.action_label(self, verb, args)

    def grave(self, action: str) -> Text | None:
        return grave.grave(self, action)

    def outcome(self) -> Outcome | None:
        if self.stack:
            return None
        return setup.outcome(self)

    # ------------------------------------------------------------------ helpers

    def population(self, seat: int) -> int:
        """Millions of people ``seat`` has left."""
        return total(self.pop[seat], self.content.denominations)

    def card(self, key: str):
        """The printed card with this key."""
        return self.content.cards[key]

    def name(self, key: str) -> Text:
        """The printed name of a card (German from the catalog; an own file's names stay as they are)."""
        return self.content.names[key]

    # ------------------------------------------------------------------ views

    def public_view(self) -> dict[str, Any]:
        players = []
        for s, label in enumerate(self.seats):
            players.append({
                "seat": label,
                "alive": self.alive[s],
                "population_cards": sum(self.pop[s]),
                "net_change": self.net[s],
                "hand": len(self.hands[s]) + len(self.shown[s]),
                "deterrent": sorted(self.shown[s]),
                "face_down": [k if x else None for k, x in zip(self.queues[s], self.exposed[s])],
                "face_up": self.face_up[s],
                "payload": self.payload[s] if self.face_up[s] else None,
                "skips": self.skips[s],
            })
        top = self.stack[-1] if self.stack else None
        return {
            "war": self.at_war,
            "turn": self.seats[self.current],
            # a target being named: by whom, for what (attack, propaganda, secret) and with which card
            "aim": {"seat": self.seats[top.seat], "purpose": top.purpose, "card": top.key}
            if isinstance(top, NameTarget) else None,
            "players": players,
            "draw_pile": len(self.draw),
            "discard": dict(sorted(Counter(self.discard).items())),
            "bank": {str(v): n for v, n in zip(self.content.denominations, self.bank)},
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        return {
            "hand": sorted(self.hands[seat]),
            "face_down": list(self.queues[seat]),
            "population": {str(v): n for v, n in zip(self.content.denominations, self.pop[seat])},
            "population_total": self.population(seat),
        }

    # ------------------------------------------------------------------ determinization

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Redeal other seats' hidden cards and population values; reshuffle the draw pile.

        Secrets never rest in a hand or a queue (but in the opening round's hands, which
        have not played theirs yet), so they only go back to the draw pile; face-down cards
        placed openly from the deterrent force stay where they are. The unseen cards are
        sorted before the shuffle, so the world drawn depends only on what the seat knows.
        """
        others = [s for s in range(len(self.seats)) if s != seat]
        hands, queues, exposed = self.hands, self.queues, self.exposed
        # the opening round: which hands still hold a Secret is hidden, so a Secret counts as
        # any other card (keeping out only those the true hands lack would depend on the truth)
        secret = self.content.secrets if any(queues) else frozenset()
        pool = self.draw  # the world's own list
        cut = len(pool)  # what lies above this after the shuffle is dealt
        hidden = []  # (seat, slot) of each face-down card placed from the hand
        for s in others:
            pool += hands[s]
            if not all(exposed[s]):
                for i, shown in enumerate(exposed[s]):
                    if not shown:
                        pool.append(queues[s][i])
                        hidden.append((s, i))
        pool.sort()
        rng.shuffle(pool)
        # Deal from the top of the shuffled pool, passing over the Secrets. The rest of a
        # uniformly shuffled pool is in uniform order, so a Secret passed over goes back
        # anywhere in it with the same odds as the Secrets left there.
        need = len(pool) - cut
        dealt = pool[cut:]
        del pool[cut:]
        if not secret.isdisjoint(dealt):
            passed = [k for k in dealt if k in secret]
            dealt = [k for k in dealt if k not in secret]
            while len(dealt) < need:
                key = pool.pop()
                (passed if key in secret else dealt).append(key)
            below = rng.below
            for key in passed:
                pool.insert(below(len(pool) + 1), key)
        for s, i in hidden:
            queues[s][i] = dealt.pop()
        start = 0
        for s in others:
            end = start + len(hands[s])
            hands[s] = dealt[start:end]
            start = end
        self.draw = pool
        if len(others) < 2:  # the one other seat holds every note not ours: nothing to redeal
            return
        pop = self.pop
        holders = [s for s in others if any(pop[s])]
        if len(holders) < 2:
            return
        notes = []  # the notes the holders hold between them, by denomination
        for i, n in enumerate(map(sum, zip(*[pop[s] for s in holders]))):
            notes += [i] * n
        rng.shuffle(notes)
        start = 0
        for s in holders:
            holding = [0] * len(pop[s])
            end = start + sum(pop[s])
            for i in notes[start:end]:
                holding[i] += 1
            start = end
            pop[s] = holding

    def _mask_hidden(self, seat: int, hidden: Callable[[], Any]) -> None:
        """Put ``hidden()`` wherever ``_resample_hidden(seat)`` may deal something else (for
        ``engine.undo``, which cannot run that redeal with placeholders: it looks at the cards
        it deals): the other seats' hands and face-down cards placed from the hand, the whole
        draw pile, and the population notes of the other seats when two or more hold some."""
        others = [s for s in range(len(self.seats)) if s != seat]
        for s in others:
            self.hands[s] = [hidden() for _ in self.hands[s]]
            row = self.queues[s]
            for i, shown in enumerate(self.exposed[s]):
                if not shown:
                    row[i] = hidden()
        self.draw = [hidden() for _ in self.draw]
        holders = [s for s in others if any(self.pop[s])] if len(others) > 1 else []
        if len(holders) > 1:
            for s in holders:
                self.pop[s] = [hidden() for _ in self.pop[s]]
