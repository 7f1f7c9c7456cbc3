"""The pending decision in words, and specific reasons why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import economy, movement
from .content import LEADERS
from .tables import OPEN

if TYPE_CHECKING:
    from .state import NationenState as S


def describe(st: S, seat: int | None) -> str:
    """The pending decision: in full for the deciding seat, in public words for the others."""
    kind, who, *data = st.stack[-1]
    name = st.seats[who]
    mine = seat == who
    cards = st.content.cards
    if kind == "first_place":
        return ("place your first head of state on a capital (your agent stands beside it)" if mine
                else f"{name} places its first head of state")
    if kind == "first_tanker":
        return "station your free tanker in the port or on a high sea" if mine else f"{name} stations its tanker"
    if kind == "agent":
        steps = st.content.board.components.agent_steps
        return (f"move your agent {steps} steps (you may first buy, sell or move a tanker, or lay a pipeline)"
                if mine else f"{name} moves its agent")
    if kind == "main":
        if st.step3 == OPEN:
            return ("place a head of state on a free capital or move one; a tanker action and a pipeline "
                    "are optional" if mine else f"{name} places or moves a head of state")
        return "a tanker action or a pipeline if you like, then end your turn" if mine else f"{name} ends its turn"
    if kind == "order":
        card = cards[data[0]]
        return (f"“{card.name}”: {card.text}" if mine else f"{name} carries out “{card.name}”")
    titles = {
        "takeover": ("choose the state and the head of state to take it over, or decline", "takes over a state"),
        "depose": ("choose the leader to send back to its owner's supply, or decline", "chooses whom to depose"),
        "kill": ("choose the head of state that leaves the game", "chooses which head of state it loses"),
        "sink": ("choose the tanker you lose", "chooses which tanker it loses"),
        "gift": ("put the gift tanker on a high sea, or decline", "places the gift tanker"),
        "pipeline_gift": ("choose where to lay the free pipeline, or decline", "lays a free pipeline"),
        "sabotage": ("choose the pipeline that is destroyed", "chooses the pipeline it loses"),
        "spy": ("move your agent a few more steps (as the card says), or decline", "moves its agent again"),
    }
    own, public = titles[kind]
    return own if mine else f"{name} {public}"


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions."""
    if not st.stack:
        return None
    words = action.split(" ")
    kind, seat = st.stack[-1][0], st.stack[-1][1]
    b = st.content.board
    verb = words[0]
    move = verb in ("move", "attack") and len(words) == 4
    points = [w for w in words[1:] if "-" in w] + (words[2:] if move else [])
    for w in points:
        if w not in b.point_id:
            return f"There is no point {w!r} (points are named like {b.point_name[0]!r})."
    if verb in ("move", "attack", "place") and len(words) >= 2 and words[1] not in LEADERS:
        return f"{words[1]!r} is not a head of state (kinds: {', '.join(LEADERS)})."
    if move:
        if kind == "main" and st.step3 != OPEN:
            return "You have already placed or moved a head of state this turn."
        src = b.point_id[words[2]]
        occ = st.board[src]
        if occ < 0 or occ // 4 != seat or LEADERS[occ % 4] != words[1]:
            return f"You have no {words[1]} on {words[2]}."
        dst = b.point_id[words[3]]
        if verb == "attack" and (b.capital_of[dst] < 0 or st.board[dst] < 0):
            return "An attack must end on a capital held by an opponent's head of state."
        if verb == "attack" and st.board[dst] % 4 == occ % 4:
            return f"A {words[1]} cannot attack a {words[1]} (seed §3 b)."
        if kind == "main":
            far = movement.reach(st, seat, src, 10 ** 6)
            if dst in far:
                cost = far[dst] * b.rate[occ % 4]
                return f"That move costs {cost} M; you have {st.money[seat]} M."
        return (f"The {words[1]} cannot get to {words[3]}: a move keeps its direction, may not pass or "
                "share a point with another head of state, may not pass an opponent's agent and must stop on '?'.")
    if verb == "place" and len(words) == 3:
        if words[2] not in b.state_index:
            return f"There is no state {words[2]!r} (states: {', '.join(b.keys)})."
        if kind == "main" and st.step3 != OPEN:
            return "You have already placed or moved a head of state this turn."
        if st.board[b.capital[b.state_index[words[2]]]] >= 0:
            return f"The capital of {b.states[b.state_index[words[2]]].name} is not free."
        if not st.supply[seat * 4 + LEADERS.index(words[1])]:
            return f"You have no {words[1]} left to place."
        return f"Placing a {words[1]} costs {b.rate[LEADERS.index(words[1])]} M; you have {st.money[seat]} M."
    if verb in ("buy", "sell", "tanker"):
        if kind not in ("agent", "main"):
            return "Tankers can only be bought, sold or moved in your own turn."
        if st.tanker_done:
            return "You have already bought, sold or moved a tanker this turn."
        if verb == "buy" and st.money[seat] < b.components.tanker_price:
            return f"A tanker costs {b.components.tanker_price} M; you have {st.money[seat]} M."
        if verb == "buy" and economy.tanker_pool(st) <= 0:
            return "The bank has no tanker left."
        if verb == "tanker" and len(words) == 3 and words[1] in b.state_index and words[2] in b.state_index:
            return "A tanker never sails from port to port: it must first go out to the high sea."
        if verb == "tanker" and len(words) == 3 and words[1] in ("north", "south") and words[2] in ("north", "south"):
            return "Only the ruler of U.O.R. may pass the canal (anyone while nobody rules U.O.R.)."
        return "A tanker may only enter the port of a state you rule, from the sea that port lies on."
    if verb == "pipeline" and kind in ("agent", "main"):
        if st.pipeline_done:
            return "You have already laid a pipeline this turn."
        if st.money[seat] < b.components.pipeline_price:
            return f"A pipeline costs {b.components.pipeline_price} M; you have {st.money[seat]} M."
        return ("A pipeline joins an inland state to a neighbour with a port, once per pair, and one of the two "
                "must be yours.")
    if verb == "end" and kind == "main" and st.step3 == OPEN:
        return "You must first place or move a head of state (seed: step 3 is compulsory)."
    if verb == "agent" and kind == "agent":
        return f"The agent moves exactly {b.components.agent_steps} steps in one direction."
    return None
