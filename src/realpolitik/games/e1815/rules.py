"""1815 rules as procedures over a decision stack: the dispatch, the words, the refusals.

Pending work is a stack of plain tuples ``(kind, seat, *data)``. A *decision* frame waits
for that seat's action; a *procedure* frame is run by ``advance`` and may push further
frames. The rule sections live in ``phases`` (start phase, year, turns, action menu),
``logistics`` (relocation, supply, winter attrition, fortresses), ``combat`` (attacks,
markers, diplomacy), ``team`` (the 2vs2 team actions) and ``scoring`` (reinforcement,
SP distribution, victory, the crown of 1715).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import combat, logistics, phases, scoring, team
from .state import NEUTRAL

if TYPE_CHECKING:
    from realpolitik.engine import Outcome

    from .state import E1815State as S

PROCEDURES = {
    "new_year": phases.new_year,
    "turn": phases.turn,
    "half": phases.half_move,
    "team_offer": phases.team_offer,
    "claims": phases.claims,
    "reinforce": scoring.reinforce,
    "crown": scoring.crown,
    "scoring": scoring.scoring,
}
LEGAL = {
    "power": phases.legal_power,
    "capital": phases.legal_capital,
    "claim": phases.legal_claim,
    "action": phases.legal_action,
    "relocate": logistics.legal_relocate,
    "zeffect": logistics.legal_zeffect,
    "attack": combat.legal_attack,
    "boost": combat.legal_boost,
    "defend": combat.legal_defend,
    "team": team.legal_team,
    "transfer": team.legal_transfer,
    "place": scoring.legal_place,
}
ACT = {
    "power": phases.act_power,
    "capital": phases.act_capital,
    "claim": phases.act_claim,
    "action": phases.act_action,
    "relocate": logistics.act_relocate,
    "zeffect": logistics.act_zeffect,
    "attack": combat.act_attack,
    "boost": combat.act_boost,
    "defend": combat.act_defend,
    "team": team.act_team,
    "transfer": team.act_transfer,
    "place": scoring.act_place,
}


def setup(st: S) -> None:
    """Set out the map and run to the first decision."""
    phases.setup(st)
    advance(st)


def advance(st: S) -> None:
    """Run procedures until a decision is on top of the stack or the game is over."""
    stack = st.stack
    while stack and stack[-1][0] in PROCEDURES:
        frame = stack.pop()
        PROCEDURES[frame[0]](st, *frame[1:])


def legal(st: S) -> list[str]:
    """The legal action texts of the decision on top of the stack."""
    frame = st.stack[-1]
    return LEGAL[frame[0]](st, *frame[1:])


def act(st: S, action: str) -> None:
    """Perform a legal action, then advance to the next decision."""
    frame = st.stack[-1]
    ACT[frame[0]](st, action, *frame[1:])
    advance(st)


def outcome(st: S, winners: tuple[int, ...], reason: str, limit: bool) -> Outcome:
    return scoring.outcome(st, winners, reason, limit)


#: frames whose third element is a land: the land the decision is about
_LAND_AT = {"zeffect": 2, "attack": 2, "boost": 2, "defend": 3, "transfer": 2}


def decision_view(st: S) -> dict[str, Any]:
    """The pending decision in data: its kind, who decides, and the land it concerns."""
    frame = st.stack[-1]
    at = _LAND_AT.get(frame[0])
    return {"kind": frame[0], "seat": st.seats[frame[1]],
            "land": None if at is None else st.content.board.lands[frame[at]].key}


def battle_view(st: S) -> dict[str, Any] | None:
    """The battle being prepared (public), for the view."""
    found = combat.battle(st)
    if found is None:
        return None
    seat, target, force, boost = found
    return {"attacker": st.seats[seat], "target": st.content.board.lands[target].key,
            "defender": None if st.owner[target] == NEUTRAL else st.seats[st.owner[target]],
            "inf": force[0], "cav": force[1], "art": force[2], "general": bool(force[3]),
            "markers_spent": boost}


# ====================================================================== words


def describe(st: S, seat: int | None) -> str:
    """The pending decision: in full for the deciding seat, in public words for the others."""
    kind, who, *data = st.stack[-1]
    name = st.seats[who]
    mine = seat == who
    lands = st.content.board.lands
    if kind == "power":
        return "choose the power you play" if mine else f"{name} chooses a power"
    if kind == "capital":
        return "choose the land of your capital" if mine else f"{name} chooses a capital"
    if kind == "claim":
        return (f"claim an empty land next to your capital ({data[0]} left)" if mine
                else f"{name} claims land")
    if kind == "action":
        if st.half:
            what = "your half move: one more action"
        else:
            what = f"your {st.season} turn: choose an action ({st.actions_left} left"
            what += ", no more attacks)" if st.military_left <= 0 else ")"
        return what if mine else f"{name} acts"
    if kind == "relocate":
        return (f"relocation: pick the land for the next Z-effect ({data[0]} left), move the general, "
                f"or end the relocation" if mine else f"{name} relocates")
    if kind == "zeffect":
        where = lands[data[0]].name
        return f"move troops from your lands next to {where} into it, then done" if mine else f"{name} relocates"
    if kind == "attack":
        where = lands[data[0]].name
        return f"commit troops from your lands next to {where}, then go" if mine else f"{name} prepares an attack"
    if kind == "boost":
        return "spend success markers on the attack (+1 each)" if mine else f"{name} may spend markers"
    if kind == "defend":
        where = lands[data[1]].name
        return (f"{st.seats[data[0]]} attacks {where}: spend success markers on the defence (+1 each)"
                if mine else f"{name} may spend markers on the defence")
    if kind == "team":
        return (f"take a team action for your ally {st.seats[st.ally[who]]}, or none" if mine
                else f"{name} may take a team action")
    if kind == "transfer":
        where = lands[data[0]].name
        return f"hand troops over into {where} (one Z-effect), then done" if mine else f"{name} hands troops over"
    return f"place reinforcements ({data[0]} EP left)" if mine else f"{name} places reinforcements"


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest refused actions."""
    if not st.stack:
        return None
    kind, seat = st.stack[-1][0], st.stack[-1][1]
    words = action.split(" ")
    board = st.content.board
    if len(words) >= 2 and words[0] in ("attack", "meddle", "buy", "convert", "cede", "transfer", "fortify",
                                        "capital", "claim", "to"):
        if words[1] not in board.index:
            return f"There is no land called {words[1]!r}."
        land = board.index[words[1]]
        owner = st.owner[land]
        if words[0] in ("attack", "meddle", "buy") and owner != NEUTRAL and owner != seat and st.friends(seat, owner):
            return (f"{board.lands[land].name} belongs to your ally {st.seats[owner]}: allies never attack "
                    f"or otherwise harm each other.")
        if words[0] == "attack" and kind == "action" and st.military_left <= 0:
            return "Only one military action is allowed per turn."
        if words[0] == "cede" and land == st.capital[seat]:
            return "A capital can never be ceded."
    if words[0] == "power" and len(words) == 2:
        if any(p.key == words[1] and p.indian for p in board.powers):
            return "No player may choose the Indian chief (1715 played as 2vs2)."
    if action == "give marker" and kind == "team" and st.ally[seat] != NEUTRAL:
        if st.markers[st.ally[seat]] >= st.content.rules.markers.cap:
            return f"Your ally already holds {st.content.rules.markers.cap} success markers, the most allowed."
    if kind == "action" and words[0] in ("relocate", "supply", "fortify", "convert", "meddle", "buy"):
        if not logistics.can_act_civil(st, seat):
            return ("In winter, without a grey fortress, every civil action costs 2 EP disbanded in your own "
                    "capital — and you cannot pay them.")
    return None
