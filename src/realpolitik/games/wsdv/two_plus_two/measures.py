"""What the balance lab reads of a 2+2 game (``realpolitik analyze``): the base game's tracks
and cards (see ``wsdv.measures``) plus the arms race, the space race, dominance, the peace
doves and each superpower's treasury, sampled at every sub-decade. All of it is public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import t

from .. import measures as base
from ..content import EAST, WEST

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

CLOCK = base.CLOCK
TRACKS = {**base.TRACKS, "arms_race": t("arms race"), "space_race": t("space race"), "dominance": t("dominance"),
          "doves": t("peace doves"), "treasury": t("treasury")}
#: sub-decades A, B and C
PARTS = 3
card = base.card


def clock(st: S) -> float:
    """The decade, each sub-decade a third of one."""
    return base.part_of_decade(st, PARTS)


def tracks(st: S) -> dict[str, dict[str, float]]:
    """The base game's tracks and the cold war's."""
    return {**base.tracks(st), "arms_race": {"": st.arms}, "space_race": {"": st.space},
            "dominance": {"": st.dominance}, "doves": {"": st.doves},
            "treasury": {"usa": st.treasury[WEST], "ussr": st.treasury[EAST]}}
