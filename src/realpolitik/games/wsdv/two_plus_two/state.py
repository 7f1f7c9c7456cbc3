"""2+2 game state: the base game's state plus the 2+2 board, the decks and the peacemakers.

Visibility, declared once here (on top of the base game's, ``wsdv.state``):
- public: the treasuries, the arms-race, space-race and dominance markers, the peace doves,
  the two reminders, each deck's count and its last drawn card (the 2+2 rule book, §8: formerly
  executed cards may not be inspected), the cards each player collected for peacemaker
  icons, how many 2+2 cards wait for sub-decades B and C, the turn order;
- private to a seat: its hand (partners see nothing of each other's hands, §14);
- nobody: the order of the arms-race and conflict decks, the prepared sub-decade stacks
  and the 2+2 card discarded unseen.
"""

from __future__ import annotations

from typing import Any, ClassVar

from realpolitik.engine import LIST, NESTED, VALUE, Outcome, Rng, fields
from realpolitik.i18n import Listed, Text

from ..content import EAST, SIDES, WEST
from ..state import WsdvState
from . import cold_war, end_of_decade, grave, sequence, words
from .content import ExpansionContent
from .options import TwoPlusTwoOptions

#: tournament points (the 2+2 rule book, §13): nuclear war (winner, second-last, loser) and other wins
NUCLEAR_POINTS = (4, 1, -2)
WIN_POINTS = (4, 2, 0)


class TwoPlusTwoState(WsdvState):
    """A game of Wir sind das Volk! 2+2 in progress."""

    __slots__ = fields(
        treasury=LIST, arms=VALUE, space=VALUE, dominance=VALUE, doves=VALUE, arms_deck=LIST, arms_used=LIST,
        arms_last=VALUE, conflict_deck=LIST, conflict_used=LIST, conflict_last=VALUE, arms_cost=VALUE,
        soviet_penalty=VALUE, prepared=NESTED, unseen=LIST, peacemakers=NESTED, active=VALUE, last_active=VALUE,
        space_bonus=LIST, button=VALUE, victor=VALUE,
    )

    content: ExpansionContent
    opts: TwoPlusTwoOptions

    #: 2+2's own frames where the shared rules push them (sequence.py), and its end-of-decade phases
    Deal = sequence.Deal
    Discard = sequence.Discard
    Turn = sequence.Turn
    turns = sequence.TURNS
    SubDecadeEnd = sequence.SubDecadeEnd
    PHASES: ClassVar[tuple] = end_of_decade.PHASES
    #: the frame whose ``bonus`` actions are dominance boxes (``words.action_label``, which the rules import)
    DominanceBox = end_of_decade.DominanceBox

    # ------------------------------------------------------------------ contract

    def grave(self, action: str) -> Text | None:
        return grave.grave(self, action)

    def outcome(self) -> Outcome | None:
        """Winner(s), ranking and tournament points (the 2+2 rule book, §11–§13)."""
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
            details["ending"] = "arms race" if reason.key.startswith("Arms-race") else "space race"
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

    def action_label(self, verb: str, args: tuple) -> str | Text | Listed | None:
        return words.action_label(self, verb, args)

    # ------------------------------------------------------------------ views

    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view["sub_decade"] = "ABC"[self.half - 1] if self.half else None
        view["cold_war"] = cold_war.public(self)
        return view

    # ------------------------------------------------------------------ determinization

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """The base game's hands and deck, plus what nobody has seen: the prepared 2+2 cards and the decks.

        The unseen cards are sorted first, so the world drawn depends only on what the seat knows.
        """
        super()._resample_hidden(seat, rng)
        unseen = sorted(self.prepared[0] + self.prepared[1] + self.unseen)
        rng.shuffle(unseen)
        sizes = (len(self.prepared[0]), len(self.prepared[1]))
        self.prepared = [unseen[:sizes[0]], unseen[sizes[0]:sizes[0] + sizes[1]]]
        self.unseen = unseen[sizes[0] + sizes[1]:]
        for deck in (self.arms_deck, self.conflict_deck):
            deck.sort()
            rng.shuffle(deck)
