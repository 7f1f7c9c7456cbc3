"""The 2vs2 team actions (the 1815 2vs2 rules, "Team-Aktionen").

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

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, phrase, t

from . import grammar
from .content import KINDS
from .units import KIND_INDEX, NEUTRAL, lands_in, near_troops, next_to_own, place, take_land, troops

if TYPE_CHECKING:
    from .state import E1815State as S


# the log lines written here (``log.say``: engine/log.py)
BECOME_LOST_HAS_NO = phrase("{units} from {land} become {seat}'s; {lost} lost, {seat} has no more.",
                            "units", "land", "seat", "lost")
BECOME = phrase("{units} from {land} become {seat}'s.", "units", "land", "seat")
TEAM_CEDES_PLACING = phrase("Team action: {seat} cedes {land} to {seat2} (1 inf placed).", "seat", "land", "seat2")
TEAM_ACTION_CEDES_NO = phrase("Team action: {seat} cedes {land} to {seat2} (no infantry left to place).",
                              "seat", "land", "seat2")
TEAM_ACTION_HANDS_TROOPS = phrase("Team action: {seat} hands troops over to {seat2} in {land}.",
                                  "seat", "seat2", "land")
TEAM_ACTION_HANDS_SUCCESS = phrase("Team action: {seat} hands a success marker to {seat2}.", "seat", "seat2")


def cede_lands(st: S, seat: int, own: tuple[int, ...]) -> list[int]:
    """Own lands (``own``: ``st.lands_of(seat)``) other than the own capital."""
    cap = st.capital[seat]
    return [i for i in own if i != cap]


def transfer_targets(st: S, seat: int, own: tuple[int, ...]) -> list[int]:
    """Lands of the ally next to an own land (``own``: ``st.lands_of(seat)``) with troops."""
    ally = st.ally[seat]
    return lands_in(near_troops(st, own) & st.land_mask(ally)) if ally != NEUTRAL else []


def can_give_marker(st: S, seat: int) -> bool:
    """An own marker, and the ally below the cap of 5 [sure: the cap still holds]."""
    return st.markers[seat] > 0 and st.markers[st.ally[seat]] < st.content.rules.markers.cap


def can_act(st: S, seat: int) -> bool:
    """``seat`` has a team action to take: an ally, and a land to cede, troops to hand over or a marker to give."""
    if st.ally[seat] == NEUTRAL:
        return False
    own = st.lands_of(seat)
    # a land to cede: any own land but the capital (``cede_lands`` without listing them)
    return bool(len(own) > 1 or (own and own[0] != st.capital[seat]) or transfer_targets(st, seat, own)
                or can_give_marker(st, seat))


def options(st: S, seat: int) -> list[str]:
    """The team actions open to ``seat`` now (without ``no team action``)."""
    if st.ally[seat] == NEUTRAL:
        return []
    cached = st.content.map_cache
    own = st.lands_of(seat)
    out = [cached.cede[i] for i in cede_lands(st, seat, own)]
    out += [cached.transfer[i] for i in transfer_targets(st, seat, own)]
    if can_give_marker(st, seat):
        out.append(grammar.GIVE_MARKER)
    return out


def plain_options(st: S, seat: int) -> list[str]:
    """``options`` land by land in map order, each text written with ``grammar``: cede an own land but the
    capital, hand over troops to an ally's land next to an own land with troops, give a marker."""
    ally = st.ally[seat]
    if ally == NEUTRAL:
        return []
    lands = st.content.board.lands
    out = [grammar.cede(lands[i].key) for i, o in enumerate(st.owner) if o == seat and i != st.capital[seat]]
    out += [grammar.transfer(lands[t].key) for t, o in enumerate(st.owner)
            if o == ally and next_to_own(st, seat, t, lambda s: st.ep_in(s) > 0)]
    if st.markers[seat] > 0 and st.markers[ally] < st.content.rules.markers.cap:
        out.append(grammar.GIVE_MARKER)
    return out


@procedure
class TeamOffer(NamedTuple):
    """After a winter or summer turn of ``seat`` (and between the 1 and the ½): ask for a team
    action if one is possible, else there is nothing to ask."""

    seat: int

    def run(self, st: S) -> None:
        st.turn_seat = self.seat
        st.half = False
        if can_act(st, self.seat):
            st.stack.append(TeamAction(self.seat))


@decision
class TeamAction(NamedTuple):
    """Team-Aktionen: ``seat`` cedes a land, hands troops over or hands a marker to the ally — or
    takes no team action."""

    seat: int

    def legal(self, st: S) -> list[str]:
        out = options(st, self.seat)
        out.append(grammar.NO_TEAM_ACTION)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat = self.seat
        verb, args = grammar.read(action)
        ally = st.ally[seat]
        board = st.content.board
        if verb == "cede":
            land = board.index[args[0]]
            gone = [st.units[k][land] for k in range(3)]
            for k in range(3):
                st.pool[k][seat] += gone[k]
                st.units[k][land] = 0
            take_land(st, ally, land, conquest=False)
            placed = place(st, ally, land, 0, 1)
            if placed:
                st.log.say(TEAM_CEDES_PLACING, st.seats[seat], board.lands[land].name, st.seats[ally])
            else:
                st.log.say(TEAM_ACTION_CEDES_NO, st.seats[seat], board.lands[land].name, st.seats[ally])
        elif verb == "transfer":
            land = board.index[args[0]]
            st.log.say(TEAM_ACTION_HANDS_TROOPS, st.seats[seat], st.seats[ally], board.lands[land].name)
            st.stack.append(HandOver(seat, land, 0))
        elif action == grammar.GIVE_MARKER:
            st.markers[seat] -= 1
            st.markers[ally] += 1
            st.log.say(TEAM_ACTION_HANDS_SUCCESS, st.seats[seat], st.seats[ally])

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("take a team action for your ally {seat}, or none", seat=st.seats[st.ally[self.seat]])
        return t("{seat} may take a team action", seat=st.seats[self.seat])


@decision
class HandOver(NamedTuple):
    """Truppen übergeben: ``seat`` moves troops from own lands next to ``target``, the ally's
    land, by one Z-effect; each becomes a unit of the ally from his supply (done once something ``moved``)."""

    seat: int
    target: int
    moved: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        owner, units, moves = st.owner, st.units, st.content.map_cache.move
        out = []
        for s in st.content.board.adj[self.target]:
            if owner[s] == seat:
                for k in range(len(KINDS)):
                    out += moves[s][k][:units[k][s]]
        if self.moved:
            out.append(grammar.DONE)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        if action == grammar.DONE:
            return
        seat, target = self.seat, self.target
        source, n, kind = grammar.read(action)[1]
        board = st.content.board
        s, k = board.index[source], KIND_INDEX[kind]
        ally = st.ally[seat]
        st.units[k][s] -= n
        st.pool[k][seat] += n
        placed = place(st, ally, target, k, n)
        group = troops(tuple(n if i == k else 0 for i in range(3)))
        if placed < n:
            st.log.say(BECOME_LOST_HAS_NO, group, board.lands[s].name, st.seats[ally], n - placed)
        else:
            st.log.say(BECOME, group, board.lands[s].name, st.seats[ally])
        st.stack.append(HandOver(seat, target, 1))

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("hand troops over into {land} (one Z-effect), then done",
                     land=st.content.board.lands[self.target].name)
        return t("{seat} hands troops over", seat=st.seats[self.seat])
