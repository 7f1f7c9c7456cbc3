"""What the balance lab reads of an 1815 game, also 2vs2 (``realpolitik analyze``): each
power's victory points (SP), sampled at every year. The game has no cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import t

if TYPE_CHECKING:
    from .state import E1815State as S

CLOCK = t("year")
TRACKS = {"sp": t("victory points (SP)")}


def clock(st: S) -> int:
    return st.year


def tracks(st: S) -> dict[str, dict[str, float]]:
    """Each power's victory points."""
    return {"sp": {label: st.sp[s] for s, label in enumerate(st.seats)}}


def card(st: S, action: str) -> None:
    return None
