"""Actions that ask for a second thought in Nuclear War: the first attack, which ends the
peace — from then on the world is at war (Kriegszustand) and propaganda is worthless —, and
letting through a strike that takes your last people when you hold an anti-missile to stop
it (Anti-Missile-Karte; the fallout table: only a misfire or a dud spares the target of a hit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import parse
from realpolitik.i18n import Text, t

from . import grammar

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def least_hit(st: S, kills: int) -> int:
    """The fewest millions a warhead that ``kills`` (as printed) kills when it hits (the fallout table)."""
    return min(kills + r.value if r.effect == "add" else kills * r.value
               for r in st.content.fallout if r.effect in ("add", "multiply"))


def grave(st: S, action: str) -> Text | None:
    frame = st.stack[-1]
    if action == grammar.NO_INTERCEPT:
        could_intercept = len(st.legal_actions()) > 1
        warhead = st.card(frame.warhead)
        if could_intercept and least_hit(st, warhead.kills) >= st.population(frame.seat):
            return t("If the {warhead} hits, you lose your last people: only a misfire or a dud can save you.",
                     warhead=st.name(frame.warhead))
        return None
    if st.at_war:
        return None
    verb, _ = parse(action)
    aiming = verb == "target" and getattr(frame, "purpose", None) == "attack"  # the target of an attack
    if aiming or verb == "strike":  # or a carrier of the final retaliation
        return t("This is the first attack: war breaks out, and from then on propaganda is worthless.")
    return None
