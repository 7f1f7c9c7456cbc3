"""Startphase, the year, winter and summer turns, the action menu and the 1½ move.

[sure] the order Startphase → winter turns / summer turns → reinforcement turns → SP
distribution; two actions per turn; the last summer player's 1-1/2 move before the SP
distribution; in 2vs2 a team action may follow every winter or summer turn and may come
between the 1 and the ½. Our design: a year is reinforcement (not in year 1) → winter
round → summer round → SP distribution (U12); at most one military action per turn
(U13); the ½ is one more action of any kind (U14); the player who had the 1½ move opens
the next year (option ``start_player``); capitals are chosen in the start phase, then
2 claims each in reverse order (U3/U4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat, logistics, team
from .scoring import loyalty_active
from .state import GREY, NEUTRAL
from .units import place, take_land

if TYPE_CHECKING:
    from .state import E1815State as S


# ====================================================================== set-up and start phase


def setup(st: S) -> None:
    """Put out grey fortresses and neutral garrisons; queue the start phase and the first year."""
    board = st.content.board
    for i, land in enumerate(board.lands):
        st.units[0][i] = land.garrison
        if land.grey_fortress:
            st.fort[i] = GREY
    n = len(st.seats)
    frames: list[tuple] = []
    if board.powers:
        frames += [("power", s) for s in range(n)]
    frames += [("capital", s) for s in range(n)]
    frames += [("claims", s, st.content.rules.start.claims) for s in reversed(range(n))]
    frames.append(("new_year",))
    st.stack.extend(reversed(frames))
    st.season = "start"
    st.log.add(f"{st.game.title} on the map {board.name}: {n} players"
               + (" in two teams (" + team_names(st) + ")" if st.team_of else "") + ".")


def team_names(st: S) -> str:
    teams = [[st.seats[s] for s in range(len(st.seats)) if st.team_of[s] == t] for t in (0, 1)]
    return " vs ".join(" + ".join(t) for t in teams)


def choosable_powers(st: S) -> list[int]:
    """Powers not yet taken; never the Indian chief [sure for 1715 2vs2]."""
    taken = set(st.power)
    return [i for i, p in enumerate(st.content.board.powers) if not p.indian and i not in taken]


def legal_power(st: S, seat: int) -> list[str]:
    powers = st.content.board.powers
    return [f"power {powers[i].key}" for i in choosable_powers(st)]


def act_power(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    powers = st.content.board.powers
    index = next(i for i, p in enumerate(powers) if p.key == action.split(" ")[1])
    st.power[seat] = index
    st.log.add(f"{st.seats[seat]} plays {powers[index].name}.")


def capital_sites(st: S) -> list[int]:
    """Empty neutral lands in a territory without a capital, not next to one (U3).

    No grey fortress or tribe land; on 1715 only landing coasts. If a small custom map
    leaves no such land, any empty neutral land will do.
    """
    board = st.content.board
    taken = [c for c in st.capital if c >= 0]
    used = {board.territory_of[c] for c in taken}
    near = 0
    for c in taken:
        near |= board.adj_mask[c] | 1 << c
    empty = [i for i, o in enumerate(st.owner) if o == NEUTRAL and st.ep_in(i) == 0]
    strict = [i for i in empty
              if board.territory_of[i] not in used and not near >> i & 1
              and not board.lands[i].grey_fortress and not board.lands[i].tribe
              and (board.lands[i].landing or not board.capitals_on_landing)]
    return strict or empty


def legal_capital(st: S, seat: int) -> list[str]:
    lands = st.content.board.lands
    return [f"capital {lands[i].key}" for i in capital_sites(st)]


def act_capital(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    board = st.content.board
    land = board.index[action.split(" ")[1]]
    start = st.content.rules.start
    st.capital[seat] = land
    take_land(st, seat, land, conquest=False)
    place(st, seat, land, 0, start.capital_inf)
    place(st, seat, land, 1, start.capital_cav)
    st.general[seat] = land
    st.log.add(f"{st.seats[seat]} founds the capital {board.lands[land].name}.")


def claim_sites(st: S, seat: int) -> list[int]:
    """Empty neutral lands next to the own capital (U4)."""
    board = st.content.board
    return [i for i in board.adj[st.capital[seat]] if st.owner[i] == NEUTRAL and st.ep_in(i) == 0]


def claims(st: S, seat: int, left: int) -> None:
    """Procedure: ask for the next claim while there is one to make."""
    if left > 0 and claim_sites(st, seat):
        st.stack.append(("claim", seat, left))


def legal_claim(st: S, seat: int, left: int) -> list[str]:
    lands = st.content.board.lands
    return [f"claim {lands[i].key}" for i in claim_sites(st, seat)]


def act_claim(st: S, action: str, seat: int, left: int) -> None:
    st.stack.pop()
    board = st.content.board
    land = board.index[action.split(" ")[1]]
    take_land(st, seat, land, conquest=False)
    place(st, seat, land, 0, st.content.rules.start.claim_inf)
    st.log.add(f"{st.seats[seat]} claims {board.lands[land].name}.")
    st.stack.append(("claims", seat, left - 1))


# ====================================================================== the year


def new_year(st: S) -> None:
    """Procedure: queue the year — crown, reinforcements, winter round, summer round, SP."""
    st.year += 1
    n = len(st.seats)
    start = (1 - st.year) % n if st.options["start_player"] == "rotate" else 0
    st.order = tuple((start + i) % n for i in range(n))
    st.log.add(f"— Year {st.year} —")
    frames: list[tuple] = []
    if loyalty_active(st):
        frames.append(("crown",))
    if st.year > 1:
        frames += [("reinforce", s) for s in st.order]
    frames += [("turn", s, "winter", 0) for s in st.order]
    frames += [("turn", s, "summer", int(i == n - 1)) for i, s in enumerate(st.order)]
    frames.append(("scoring",))
    st.stack.extend(reversed(frames))


def turn(st: S, seat: int, season: str, last: int) -> None:
    """Procedure: a winter or summer turn, then (2vs2) the team action, then the ½ move."""
    st.season = season
    st.turn_seat = seat
    st.half = False
    after: list[tuple] = []
    if st.team_of is not None:
        after.append(("team_offer", seat))
    if last:
        if st.options.get("last_team_action", "before-half") == "after-half":
            after.insert(0, ("half", seat))
        else:
            after.append(("half", seat))
    st.stack.extend(reversed(after))
    if not any(o == seat for o in st.owner):
        st.log.add(f"{st.seats[seat]} owns no land and sits out the {season} turn.")
        return
    st.log.add(f"{st.seats[seat]}'s {season} turn.")
    _begin(st, seat, st.content.rules.turn.actions)


def half_move(st: S, seat: int) -> None:
    """Procedure: the ½ of the last summer player's 1½ move (U14): one more action."""
    st.turn_seat = seat
    if not any(o == seat for o in st.owner):
        return
    st.half = True
    st.log.add(f"{st.seats[seat]}'s half move.")
    _begin(st, seat, st.content.rules.turn.half_move_actions)


def _begin(st: S, seat: int, actions: int) -> None:
    st.actions_left = actions
    st.military_left = st.content.rules.turn.military
    st.acted = 0
    st.stack.append(("action", seat))


# ====================================================================== the action menu


def legal_action(st: S, seat: int) -> list[str]:
    """Every action open now: civil ones (relocate, supply, fortify, diplomacy), attacks, end turn."""
    out: list[str] = []
    lands = st.content.board.lands
    if logistics.can_act_civil(st, seat):
        if logistics.can_relocate(st, seat):
            out.append("relocate")
        out += logistics.supply_options(st, seat)
        out += logistics.fortify_options(st, seat)
        out += combat.diplomacy_options(st, seat)
    if st.military_left > 0:
        out += [f"attack {lands[t].key}" for t in combat.attack_targets(st, seat)]
    out.append("end turn")
    return out


def act_action(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    words = action.split(" ")
    verb = words[0]
    if verb == "end":
        st.actions_left = 0
        return
    first = st.acted == 0
    st.acted += 1
    st.actions_left -= 1
    if verb == "attack":
        st.military_left -= 1
    elif verb == "supply" and first:
        st.actions_left = 0  # [sure] Nachschub as the 1st action ends the turn
    if st.actions_left > 0:
        st.stack.append(("action", seat))
    board = st.content.board
    if verb == "attack":
        combat.start_attack(st, seat, board.index[words[1]])
        return
    logistics.pay_attrition(st, seat)
    if verb == "relocate":
        logistics.start_relocation(st, seat)
    elif verb == "supply":
        logistics.do_supply(st, seat, words)
        if first:
            st.log.add(f"Supplies as the first action end {st.seats[seat]}'s turn.")
    elif verb == "fortify":
        logistics.do_fortify(st, seat, board.index[words[1]])
    else:
        combat.do_diplomacy(st, seat, words)


def team_offer(st: S, seat: int) -> None:
    """Procedure: the optional team action after a winter or summer turn (2vs2)."""
    st.turn_seat = seat
    st.half = False
    team.offer(st, seat)
