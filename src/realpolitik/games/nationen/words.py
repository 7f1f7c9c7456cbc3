"""The pending decision and the legal actions in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Text, t

from . import grammar
from .content import LEADERS
from .names import LEADER_NAMES, location_words, point_words, state_name

if TYPE_CHECKING:
    from .state import NationenState as S


def asks(st: S, viewer: int | None, seat: int, prompt: Text, waiting: Text) -> Text:
    """A pending decision in words: ``prompt`` for the deciding seat, for everyone else its name
    and ``waiting``."""
    return prompt if viewer == seat else t("{seat} {waiting}", seat=st.seats[seat], waiting=waiting)


# ====================================================================== actions in words


def action_label(st: S, verb: str, args: tuple) -> Text | None:
    """A legal action in words (a button's text)."""
    a = [str(x) for x in args]
    comp = st.content.board.components
    if verb == "place":
        return t("Place a {leader} in {state}", leader=LEADER_NAMES[a[0]], state=state_name(st, a[1]))
    if verb == "move":
        return t("Move the {leader} from {source} to {destination}", leader=LEADER_NAMES[a[0]],
                 source=point_words(st, a[1]), destination=point_words(st, a[2]))
    if verb == "attack":
        held = st.board[st.content.board.point_id[a[2]]]
        return t("Attack {state} ({owner}'s {defender}) with the {leader} from {source}", state=point_words(st, a[2]),
                 owner=st.seats[held // 4], defender=LEADER_NAMES[LEADERS[held % 4]], leader=LEADER_NAMES[a[0]],
                 source=point_words(st, a[1]))
    if verb == "agent":
        return t("Agent to {point}", point=point_words(st, a[0]))
    if verb == "station":
        return t("Tanker {place}", place=location_words(st, a[0], "into"))
    if verb == "buy":
        return t("Buy a tanker ({price} M) {place}", price=comp.tanker_price, place=location_words(st, a[1], "into"))
    if verb == "sell":
        return t("Sell a tanker ({price} M) {place}", price=comp.tanker_refund, place=location_words(st, a[1]))
    if verb == "tanker" and a[0] in ("north", "south") and a[1] in ("north", "south"):
        return t("Tanker through the canal {destination}", destination=location_words(st, a[1], "into"))
    if verb == "tanker":
        return t("Tanker {source} {destination}", source=location_words(st, a[0], "from"),
                 destination=location_words(st, a[1], "into"))
    if verb == "pipeline":
        return t("Lay a pipeline {state} – {other}", state=state_name(st, a[0]), other=state_name(st, a[1]))
    if verb == "sabotage":
        return t("Destroy the pipeline {state} – {other}", state=state_name(st, a[0]), other=state_name(st, a[1]))
    if verb == "depose":
        held = st.board[st.content.board.point_id[a[1]]]
        return t("Depose {owner}'s {leader} from {point}", owner=st.seats[held // 4], leader=LEADER_NAMES[a[0]],
                 point=point_words(st, a[1]))
    if verb == "kill":
        return t("Lose your {leader} on {point}", leader=LEADER_NAMES[a[0]], point=point_words(st, a[1]))
    if verb == "sink":
        return t("Lose a tanker {place}", place=location_words(st, a[0]))
    return {grammar.END: t("End the turn"), grammar.DECLINE: t("Decline")}.get(verb)
