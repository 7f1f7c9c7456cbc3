"""The pending decision in words, and specific reasons why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Text, t

from . import economy, grammar, movement
from .content import LEADERS
from .names import LEADER_NAMES, location_words, point_words, state_name
from .tables import OPEN

if TYPE_CHECKING:
    from .state import NationenState as S


def asks(st: S, viewer: int | None, seat: int, prompt: Text, waiting: Text) -> Text:
    """A pending decision in words: ``prompt`` for the deciding seat, for everyone else its name
    and ``waiting``."""
    return prompt if viewer == seat else t("{seat} {waiting}", seat=st.seats[seat], waiting=waiting)


def why_illegal(st: S, action: str) -> Text | None:
    """A specific reason for the commonest wrong actions."""
    if not st.stack:
        return None
    words = grammar.words(action)
    kind, seat = st.stack[-1].tag, st.stack[-1].seat
    b = st.content.board
    verb = words[0]
    move = verb in ("move", "attack") and len(words) == 4
    points = [w for w in words[1:] if "-" in w] + (words[2:] if move else [])
    for w in points:
        if w not in b.point_id:
            return t("There is no point {point} (points are named like {example}).",
                     point=repr(w), example=repr(b.point_name[0]))
    if verb in ("move", "attack", "place") and len(words) >= 2 and words[1] not in LEADERS:
        return t("{word} is not a head of state (kinds: {leaders}).", word=repr(words[1]), leaders=", ".join(LEADERS))
    if move:
        if kind == "main" and st.step3 != OPEN:
            return t("You have already placed or moved a head of state this turn.")
        src = b.point_id[words[2]]
        occ = st.board[src]
        if occ < 0 or occ // 4 != seat or LEADERS[occ % 4] != words[1]:
            return t("You have no {leader} on {point}.", leader=LEADER_NAMES[words[1]], point=point_words(st, words[2]))
        dst = b.point_id[words[3]]
        if verb == "attack" and (b.capital_of[dst] < 0 or st.board[dst] < 0):
            return t("An attack must end on a capital held by an opponent's head of state.")
        if verb == "attack" and st.board[dst] % 4 == occ % 4:
            return t("A {leader} cannot attack a {leader} (seed §3 b).", leader=LEADER_NAMES[words[1]])
        if kind == "main":
            far = movement.reach(st, seat, src, 10 ** 6)
            if dst in far:
                cost = far[dst] * b.rate[occ % 4]
                return t("That move costs {cost} M; you have {money} M.", cost=cost, money=st.money[seat])
        return t("The {leader} cannot get to {point}: a move keeps its direction, may not pass or share a point with "
                 "another head of state, may not pass an opponent's agent and must stop on '?'.",
                 leader=LEADER_NAMES[words[1]], point=point_words(st, words[3]))
    if verb == "place" and len(words) == 3:
        if words[2] not in b.state_index:
            return t("There is no state {state} (states: {keys}).", state=repr(words[2]), keys=", ".join(b.keys))
        if kind == "main" and st.step3 != OPEN:
            return t("You have already placed or moved a head of state this turn.")
        if st.board[b.capital[b.state_index[words[2]]]] >= 0:
            return t("The capital of {state} is not free.", state=b.states[b.state_index[words[2]]].name)
        if not st.supply[seat * 4 + LEADERS.index(words[1])]:
            return t("You have no {leader} left to place.", leader=LEADER_NAMES[words[1]])
        return t("Placing a {leader} costs {cost} M; you have {money} M.",
                 leader=LEADER_NAMES[words[1]], cost=b.rate[LEADERS.index(words[1])], money=st.money[seat])
    if verb in ("buy", "sell", "tanker"):
        if kind not in ("agent", "main"):
            return t("Tankers can only be bought, sold or moved in your own turn.")
        if st.tanker_done:
            return t("You have already bought, sold or moved a tanker this turn.")
        if verb == "buy" and st.money[seat] < b.components.tanker_price:
            return t("A tanker costs {cost} M; you have {money} M.", cost=b.components.tanker_price,
                     money=st.money[seat])
        if verb == "buy" and economy.tanker_pool(st) <= 0:
            return t("The bank has no tanker left.")
        if verb == "tanker" and len(words) == 3 and words[1] in b.state_index and words[2] in b.state_index:
            return t("A tanker never sails from port to port: it must first go out to the high sea.")
        if verb == "tanker" and len(words) == 3 and words[1] in ("north", "south") and words[2] in ("north", "south"):
            return t("Only the ruler of U.O.R. may pass the canal (anyone while nobody rules U.O.R.).")
        return t("A tanker may only enter the port of a state you rule, from the sea that port lies on.")
    if verb == "pipeline" and kind in ("agent", "main"):
        if st.pipeline_done:
            return t("You have already laid a pipeline this turn.")
        if st.money[seat] < b.components.pipeline_price:
            return t("A pipeline costs {cost} M; you have {money} M.", cost=b.components.pipeline_price,
                     money=st.money[seat])
        return (t("A pipeline joins an inland state to a neighbour with a port, once per pair, and one of the two must "
                  "be yours."))
    if verb == "end" and kind == "main" and st.step3 == OPEN:
        return t("You must first place or move a head of state (seed: step 3 is compulsory).")
    if verb == "agent" and kind == "agent":
        return t("The agent moves exactly {steps} steps in one direction.", steps=b.components.agent_steps)
    return None


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
