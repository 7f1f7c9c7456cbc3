"""The 2vs2 team actions (seed 002, "Team-Aktionen").

After each of his winter or summer turns — and also between the 1 and the ½ of the last
summer player's move — a player may (!) take one of three team actions, which never
help himself, only his ally; then the next player, of the other team, moves:

* Land abgeben: one own land except the capital goes to the ally; the giver's units
  there go back to his supply, the ally places 1 infantry; fortresses stay.
* Truppen übergeben: one Z-effect into a land of the ally, by the relocation rules; every
  moved unit goes back to the giver's supply and is replaced 1:1 by a unit of the ally
  from the ally's supply (units the ally lacks are lost). Always exactly one Z-effect,
  whatever grey fortresses, and no winter attrition.
* Erfolgsmarker übergeben: one own success marker to the ally, whose cap of 5 holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .logistics import KIND_INDEX
from .state import NEUTRAL
from .units import place, take_land

if TYPE_CHECKING:
    from .state import E1815State as S


def cede_lands(st: S, seat: int) -> list[int]:
    """Own lands other than the own capital."""
    cap = st.capital[seat]
    return [i for i, o in enumerate(st.owner) if o == seat and i != cap]


def transfer_targets(st: S, seat: int) -> list[int]:
    """Lands of the ally next to an own land with troops."""
    ally, owner, adj, units = st.ally[seat], st.owner, st.content.board.adj, st.units
    return [t for t, o in enumerate(owner) if o == ally and any(
        owner[s] == seat and units[0][s] + units[1][s] + units[2][s] > 0 for s in adj[t])]


def can_give_marker(st: S, seat: int) -> bool:
    """An own marker, and the ally below the cap of 5 [sure: the cap still holds]."""
    return st.markers[seat] > 0 and st.markers[st.ally[seat]] < st.content.rules.markers.cap


def options(st: S, seat: int) -> list[str]:
    """The team actions open to ``seat`` now (without ``no team action``)."""
    if st.ally[seat] == NEUTRAL:
        return []
    lands = st.content.board.lands
    out = [f"cede {lands[i].key}" for i in cede_lands(st, seat)]
    out += [f"transfer {lands[i].key}" for i in transfer_targets(st, seat)]
    if can_give_marker(st, seat):
        out.append("give marker")
    return out


def offer(st: S, seat: int) -> None:
    """Procedure: ask for a team action if one is possible (else there is nothing to ask)."""
    if options(st, seat):
        st.stack.append(("team", seat))


def legal_team(st: S, seat: int) -> list[str]:
    return options(st, seat) + ["no team action"]


def act_team(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    words = action.split(" ")
    ally = st.ally[seat]
    board = st.content.board
    if words[0] == "cede":
        land = board.index[words[1]]
        gone = [st.units[k][land] for k in range(3)]
        for k in range(3):
            st.pool[k][seat] += gone[k]
            st.units[k][land] = 0
        take_land(st, ally, land, conquest=False)
        placed = place(st, ally, land, 0, 1)
        st.log.add(f"Team action: {st.seats[seat]} cedes {board.lands[land].name} to {st.seats[ally]}"
                   f"{' (1 inf placed)' if placed else ' (no infantry left to place)'}.")
    elif words[0] == "transfer":
        land = board.index[words[1]]
        st.log.add(f"Team action: {st.seats[seat]} hands troops over to {st.seats[ally]} in "
                   f"{board.lands[land].name}.")
        st.stack.append(("transfer", seat, land, 0))
    elif words[0] == "give":
        st.markers[seat] -= 1
        st.markers[ally] += 1
        st.log.add(f"Team action: {st.seats[seat]} hands a success marker to {st.seats[ally]}.")


def legal_transfer(st: S, seat: int, target: int, moved: int) -> list[str]:
    owner, units, lands = st.owner, st.units, st.content.board.lands
    out = []
    for s in st.content.board.adj[target]:
        if owner[s] == seat:
            key = lands[s].key
            for k, kind in enumerate(("inf", "cav", "art")):
                out += [f"move {key} {n} {kind}" for n in range(1, units[k][s] + 1)]
    return out + ["done"] if moved else out


def act_transfer(st: S, action: str, seat: int, target: int, moved: int) -> None:
    st.stack.pop()
    if action == "done":
        return
    _, source, n, kind = action.split(" ")
    board = st.content.board
    s, n, k = board.index[source], int(n), KIND_INDEX[kind]
    ally = st.ally[seat]
    st.units[k][s] -= n
    st.pool[k][seat] += n
    placed = place(st, ally, target, k, n)
    lost = f"; {n - placed} lost, {st.seats[ally]} has no more" if placed < n else ""
    st.log.add(f"{n} {kind} from {board.lands[s].name} become {st.seats[ally]}'s{lost}.")
    st.stack.append(("transfer", seat, target, 1))
