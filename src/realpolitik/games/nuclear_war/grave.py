"""Actions that ask for a second thought in Nuclear War: the first attack, which ends the
peace — from then on the world is at war (Kriegszustand) and propaganda is worthless."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import parse
from realpolitik.i18n import Text, t

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def grave(st: S, action: str) -> Text | None:
    if st.at_war:
        return None
    verb, _ = parse(action)
    aiming = verb == "target" and getattr(st.stack[-1], "purpose", None) == "attack"  # the target of an attack
    if aiming or verb == "strike":  # or a carrier of the final retaliation
        return t("This is the first attack: war breaks out, and from then on propaganda is worthless.")
    return None
