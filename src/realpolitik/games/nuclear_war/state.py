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
from typing import Any

from realpolitik.engine import Outcome, Rng, State

from . import rules
from .population import total


class NuclearWarState(State):
    """A game of Nuclear War in progress."""

    __slots__ = (
        "content", "hands", "shown", "queues", "exposed", "face_up", "payload", "pop", "bank",
        "draw", "discard", "alive", "net", "out_tick", "tick", "at_war", "skips", "current", "next_turn",
        "moves", "stack", "dying", "fallen", "salvo_lost", "world_ended",
    )

    def _copy_into(self, twin: NuclearWarState) -> None:
        twin.content = self.content
        twin.hands = [h[:] for h in self.hands]
        twin.shown = [h[:] for h in self.shown]
        twin.queues = [q[:] for q in self.queues]
        twin.exposed = [e[:] for e in self.exposed]
        twin.face_up = self.face_up[:]
        twin.payload = self.payload[:]
        twin.pop = [p[:] for p in self.pop]
        twin.bank = self.bank[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.alive = self.alive[:]
        twin.net = self.net[:]
        twin.out_tick = self.out_tick[:]
        twin.tick = self.tick
        twin.at_war = self.at_war
        twin.skips = self.skips[:]
        twin.current = self.current
        twin.next_turn = self.next_turn
        twin.moves = self.moves
        twin.stack = self.stack[:]  # frames are immutable tuples
        twin.dying = self.dying[:]
        twin.fallen = self.fallen
        twin.salvo_lost = self.salvo_lost
        twin.world_ended = self.world_ended

    # ------------------------------------------------------------------ contract

    @property
    def to_act(self) -> int | None:
        """The seat of the decision on top of the stack."""
        return self.stack[-1][1] if self.stack else None

    def _legal_actions(self) -> list[str]:
        return rules.legal(self)

    def _apply(self, action: str) -> None:
        rules.act(self, action)

    def why_illegal(self, action: str) -> str | None:
        return rules.why_illegal(self, action)

    def describe_pending(self, seat: int | None) -> str:
        return rules.describe(self, seat)

    def outcome(self) -> Outcome | None:
        if self.stack:
            return None
        return rules.outcome(self)

    # ------------------------------------------------------------------ helpers

    def population(self, seat: int) -> int:
        """Millions of people ``seat`` has left."""
        return total(self.pop[seat], self.content.denominations)

    def card(self, key: str):
        """The printed card with this key."""
        return self.content.cards[key]

    def name(self, key: str) -> str:
        """The printed name of a card."""
        return self.content.cards[key].name

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
        return {
            "war": self.at_war,
            "turn": self.seats[self.current],
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

    def snapshot(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "shown": self.shown, "queues": self.queues, "exposed": self.exposed,
            "face_up": self.face_up, "payload": self.payload, "pop": self.pop, "bank": self.bank,
            "draw": self.draw, "discard": self.discard, "alive": self.alive, "net": self.net, "out_tick": self.out_tick,
            "tick": self.tick, "at_war": self.at_war, "skips": self.skips, "current": self.current,
            "next_turn": self.next_turn, "moves": self.moves, "stack": [list(f) for f in self.stack],
            "dying": self.dying, "fallen": self.fallen, "salvo_lost": sorted(self.salvo_lost),
            "world_ended": self.world_ended, "rng": self.rng.state, "ply": self.ply,
        }

    # ------------------------------------------------------------------ determinization

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Redeal other seats' hidden cards and population values; reshuffle the draw pile.

        Secrets never rest in a hand or a queue, so they only go back to the draw pile;
        face-down cards placed openly from the deterrent force stay where they are.
        """
        cards = self.content.cards
        others = [s for s in range(len(self.seats)) if s != seat]
        pool = list(self.draw)
        for s in others:
            pool += self.hands[s]
            pool += [k for k, x in zip(self.queues[s], self.exposed[s]) if not x]
        secrets = [k for k in pool if cards[k].is_secret]
        plain = [k for k in pool if not cards[k].is_secret]
        rng.shuffle(plain)
        for s in others:
            n = len(self.hands[s])
            self.hands[s] = plain[:n]
            del plain[:n]
            queue = self.queues[s]
            for i, exposed in enumerate(self.exposed[s]):
                if not exposed:
                    queue[i] = plain.pop()
        self.draw = plain + secrets
        rng.shuffle(self.draw)
        values = self.content.denominations
        notes = [i for s in others for i, n in enumerate(self.pop[s]) for _ in range(n)]
        rng.shuffle(notes)
        for s in others:
            n = sum(self.pop[s])
            holding = [0] * len(values)
            for i in notes[:n]:
                holding[i] += 1
            del notes[:n]
            self.pop[s] = holding
