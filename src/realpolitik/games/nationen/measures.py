"""What the balance lab reads of a Nationen game (``realpolitik analyze``): each great power's
money, sampled at every round. Its cards are drawn, never chosen, so no action plays one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import t

if TYPE_CHECKING:
    from .state import NationenState as S

CLOCK = t("round")
TRACKS = {"money": t("money")}


def clock(st: S) -> int:
    return st.round


def tracks(st: S) -> dict[str, dict[str, float]]:
    """Each great power's money."""
    return {"money": {label: st.money[s] for s, label in enumerate(st.seats)}}


def card(st: S, action: str) -> None:
    return None
