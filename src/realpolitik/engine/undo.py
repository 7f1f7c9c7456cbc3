"""Whether an action may be taken back: it drew on no chance and told no seat anything new.

Taking back is fair only when replaying the game without the action leaves every seat
knowing what it knew before: the actor saw no hidden card it could now use, and no other
seat learned a secret it would keep. The engine decides this for every game alike, from
the contract alone — no game has to say which of its actions are safe:

- **chance**: the action consumed the state's RNG (a die, a shuffle, a random draw);
- **sight**: for every seat, worlds are sampled that agree with everything that seat
  could see before the action (``determinize``); the action is played in each, and the
  seat's view afterwards is compared with its view in the real game. A view that differs
  in some world means the action showed the seat something hidden — a drawn card, a card
  played from a hand, a secret target. An action that could not even be played in such a
  world named something the seat could not know, so it reveals too.

Sampling errs only one way and only by a tiny chance: a reveal is missed only when every
sampled world happened to agree with the real hidden facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realpolitik.i18n import Text, t

from .errors import IllegalAction
from .rng import Rng

if TYPE_CHECKING:
    from .state import State

#: worlds sampled per seat; a reveal with two equally likely outcomes escapes with 2**-SAMPLES
SAMPLES = 16


def why_not_undoable(before: State, action: str, samples: int = SAMPLES) -> Text | None:
    """Why ``action``, played by the seat to act in ``before``, may not be taken back;
    ``None`` when it may (``before`` itself is not changed)."""
    seat = before.to_act
    if seat is None:
        return t("The game is over.")
    after = before.clone()
    after.apply(action, seat)
    if after.rng.state != before.rng.state:
        return t("It drew on chance.")
    rng = Rng(before.rng.state ^ before.ply)
    for viewer in range(len(before.seats)):
        seen = _sight(after, viewer, before.log.size)
        for _ in range(samples):
            world = before.determinize(viewer, rng, quiet=False)
            try:
                world.apply(action, seat)
            except IllegalAction:
                return t("It showed something hidden.")
            if _sight(world, viewer, before.log.size) != seen:
                return t("It showed something hidden.")
    return None


def _sight(state: State, seat: int, log_from: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state``, with the log lines written since ``log_from``."""
    return state.view(seat, log_from=log_from, choices=False)
