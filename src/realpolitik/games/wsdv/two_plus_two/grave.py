"""Actions that ask for a second thought in 2+2: besides the base game's (``wsdv.grave``), one
that surely makes its player press the red button — a peace dove must be flipped and none is
left: nuclear war ends the game at once, and whoever pressed the button loses (the 2+2 rule book, §6.4,
§11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine.foresight import surely
from realpolitik.i18n import Text, t

from .. import grave as base

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S


def grave(st: S, action: str) -> Text | None:
    seat = st.to_act
    if surely(st, action, lambda world: world.button == seat):
        return t("No peace dove is left: this makes you press the red button. Nuclear war ends the game, and "
                 "you lose.")
    return base.grave(st, action)
