"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass, field

from realpolitik.i18n import DEFAULT, Text, render


@dataclass(frozen=True)
class Outcome:
    """Per seat: place (1 = best, ties share a place), reward for bots, optional points.

    ``winners`` may be empty (Nuclear War: nobody survives). ``reason`` says in words why
    the game ended. ``limit`` is true when a safety limit (not the rules) ended the game.
    """

    places: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str | Text
    rewards: tuple[float, ...] = ()
    points: tuple[float, ...] | None = None
    teams: tuple[int, ...] | None = None
    limit: bool = False
    details: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.rewards:
            object.__setattr__(
                self, "rewards", tuple(1.0 if s in self.winners else 0.0 for s in range(len(self.places)))
            )

    def reward(self, seat: int) -> float:
        """The seat's utility in [0, 1], used by bots and the arena."""
        return self.rewards[seat]

    def to_dict(self, labels: tuple[str, ...], lang: str = DEFAULT) -> dict:
        """JSON form, with seats named by their labels (and ``titles``: what each label reads
        as in ``lang``) and the reason in ``lang``."""
        out = {
            "titles": {label: render(label, lang) for label in labels},
            "winners": [labels[s] for s in self.winners],
            "places": {labels[s]: p for s, p in enumerate(self.places)},
            "reason": render(self.reason, lang),
            "limit": self.limit,
        }
        if self.points is not None:
            out["points"] = {labels[s]: p for s, p in enumerate(self.points)}
        if self.teams is not None:
            out["teams"] = {labels[s]: t for s, t in enumerate(self.teams)}
        if self.details:
            out["details"] = self.details
        return out
