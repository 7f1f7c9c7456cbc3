"""2+2 game state: the base game's state plus the 2+2 board, the decks and the peacemakers.

Visibility, declared once here (on top of the base game's, ``wsdv.state``):
- public: the treasuries, the arms-race, space-race and dominance markers, the peace doves,
  the two reminders, each deck's count and its last drawn card (seed 001 §8: formerly
  executed cards may not be inspected), the cards each player collected for peacemaker
  icons, how many 2+2 cards wait for sub-decades B and C, the turn order;
- private to a seat: its hand (partners see nothing of each other's hands, §14);
- nobody: the order of the arms-race and conflict decks, the prepared sub-decade stacks
  and the 2+2 card discarded unseen.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Outcome, Rng

from ..content import EAST, SIDES, WEST
from ..state import WsdvState
from . import cold_war, rules
from .content import ExpansionContent

#: tournament points (seed 001 §13): nuclear war (winner, second-last, loser) and other wins
NUCLEAR_POINTS = (4, 1, -2)
WIN_POINTS = (4, 2, 0)


class TwoPlusTwoState(WsdvState):
    """A game of Wir sind das Volk! 2+2 in progress."""

    __slots__ = (
        "treasury", "arms", "space", "dominance", "doves", "arms_deck", "arms_used", "arms_last", "conflict_deck",
        "conflict_used", "conflict_last", "arms_cost", "soviet_penalty", "prepared", "unseen", "peacemakers",
        "active", "last_active", "space_bonus", "button", "victor",
    )

    content: ExpansionContent

    def _copy_into(self, twin: TwoPlusTwoState) -> None:
        super()._copy_into(twin)
        twin.treasury = self.treasury[:]
        twin.arms = self.arms
        twin.space = self.space
        twin.dominance = self.dominance
        twin.doves = self.doves
        twin.arms_deck = self.arms_deck[:]
        twin.arms_used = self.arms_used[:]
        twin.arms_last = self.arms_last
        twin.conflict_deck = self.conflict_deck[:]
        twin.conflict_used = self.conflict_used[:]
        twin.conflict_last = self.conflict_last
        twin.arms_cost = self.arms_cost
        twin.soviet_penalty = self.soviet_penalty
        twin.prepared = [p[:] for p in self.prepared]
        twin.unseen = self.unseen[:]
        twin.peacemakers = [p[:] for p in self.peacemakers]
        twin.active = self.active
        twin.last_active = self.last_active
        twin.space_bonus = self.space_bonus[:]
        twin.button = self.button
        twin.victor = self.victor

    # ------------------------------------------------------------------ contract

    def _legal_actions(self) -> list[str]:
        return rules.legal(self)

    def _apply(self, action: str) -> None:
        rules.act(self, action)

    def why_illegal(self, action: str) -> str | None:
        return rules.why_illegal(self, action)

    def describe_pending(self, seat: int | None) -> str:
        return rules.describe(self, seat)

    def outcome(self) -> Outcome | None:
        """Winner(s), ranking and tournament points (seed 001 §11–§13)."""
        if self.stack or self.result is None:
            return None
        side, reason = self.result
        n = len(self.seats)
        teams = tuple(self.layout.side)
        vp = [cold_war.victory_points(self, s) for s in (WEST, EAST)]
        details = {"decade": self.decade, "victory_points": dict(zip(("usa", "ussr"), vp))}
        if self.button >= 0:
            winners = cold_war.peacemaker_winners(self)
            places = tuple(1 if s in winners else (4 if s == self.button else len(winners) + 1) for s in range(n))
            points = tuple(NUCLEAR_POINTS[0] if s in winners else NUCLEAR_POINTS[2] if s == self.button
                           else NUCLEAR_POINTS[1] for s in range(n))
            details.update(ending="nuclear war", pressed_by=self.seats[self.button],
                           peacemakers={self.seats[s]: len(self.peacemakers[s]) for s in range(n)})
            return Outcome(places=places, winners=winners, reason=reason, points=points, teams=teams,
                           details=details)
        if self.victor >= 0:
            winner = self.victor
            details["ending"] = "arms race" if reason.startswith("Arms-race") else "space race"
        else:
            winner = cold_war.winning_player(self, side)
            details["ending"] = "base game"
        details["winning_side"] = SIDES[self.side(winner)]
        second = cold_war.ally(self, winner) if self.decade >= 4 else -1
        places = tuple(1 if s == winner else 2 if s == second else (3 if second >= 0 else 2) for s in range(n))
        points = tuple(WIN_POINTS[0] if s == winner else WIN_POINTS[1] if s == second else WIN_POINTS[2]
                       for s in range(n))
        return Outcome(places=places, winners=(winner,), reason=reason, points=points, teams=teams,
                       details=details)

    # ------------------------------------------------------------------ views

    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view["sub_decade"] = "ABC"[self.half - 1] if self.half else None
        view["cold_war"] = cold_war.public(self)
        return view

    def snapshot(self) -> dict[str, Any]:
        out = super().snapshot()
        out.update(
            treasury=self.treasury, arms=self.arms, space=self.space, dominance=self.dominance, doves=self.doves,
            arms_deck=self.arms_deck, arms_used=self.arms_used, arms_last=self.arms_last,
            conflict_deck=self.conflict_deck, conflict_used=self.conflict_used, conflict_last=self.conflict_last,
            arms_cost=self.arms_cost, soviet_penalty=self.soviet_penalty, prepared=self.prepared,
            unseen=self.unseen, peacemakers=self.peacemakers, active=self.active, last_active=self.last_active,
            space_bonus=self.space_bonus, button=self.button, victor=self.victor,
        )
        return out

    # ------------------------------------------------------------------ determinization

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """The base game's hands and deck, plus what nobody has seen: the prepared 2+2 cards and the decks."""
        super()._resample_hidden(seat, rng)
        unseen = self.prepared[0] + self.prepared[1] + self.unseen
        rng.shuffle(unseen)
        sizes = (len(self.prepared[0]), len(self.prepared[1]))
        self.prepared = [unseen[:sizes[0]], unseen[sizes[0]:sizes[0] + sizes[1]]]
        self.unseen = unseen[sizes[0] + sizes[1]:]
        rng.shuffle(self.arms_deck)
        rng.shuffle(self.conflict_deck)
