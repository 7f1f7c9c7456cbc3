"""1815 game state: plain data, a cheap clone, board queries and the views.

Nothing is hidden in 1815: units, supplies, success markers, SP and the crown's demands
are on the table for everyone; only future dice (1715 loyalty rolls) are unknown, and
``determinize`` reseeds them. So every seat gets the same public view and an empty
private part.

Per-land data lives in flat lists indexed by land (``owner``, ``fort``, ``units[kind]``),
per-player data in lists indexed by seat; a clone slices them.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from realpolitik.engine import CACHE, LIST, NESTED, SHARED, VALUE, FramedState, Outcome, Rng, fields
from realpolitik.i18n import Text, t

from . import grave, sequence, words
from .combat import battle
from .content import KINDS
from .options import E1815Options
from .scoring import loyalty_active, outcome
from .units import BUILT, GREY, NEUTRAL, NO_FORT


class E1815State(FramedState):
    """A game of 1815 (or 1715) in progress."""

    __slots__ = fields(
        content=SHARED, team_of=SHARED, ally=SHARED,
        owner=LIST, units=NESTED, fort=LIST, capital=LIST, general=LIST, pool=NESTED, forts_left=LIST,
        sp=LIST, markers=LIST, completed=LIST, power=LIST, loyalty=LIST, demand=LIST, conquered=LIST,
        year=VALUE, season=VALUE, order=VALUE, turn_seat=VALUE, actions_left=VALUE, military_left=VALUE,
        acted=VALUE, half=VALUE, result=VALUE,
        held=CACHE,  # each seat's lands (lands_of), None until asked for; units.take_land keeps it up to date
        held_masks=CACHE,  # the same as bitmasks (land_mask), kept the same way
        strongholds=CACHE,  # each seat's fortress lands (fortresses_of), None until asked for and after a change
    )
    #: the team variant's are an ``E1815TwoVsTwoOptions``
    opts: E1815Options

    # ------------------------------------------------------------------ contract

    def why_illegal(self, action: str) -> str | None:
        """One set of reasons for every decision (unknown lands, allies, the winter rule)."""
        return sequence.why_illegal(self, action)

    def action_label(self, verb: str, args: tuple) -> Text | None:
        return words.action_label(self, verb, args)

    def grave(self, action: str) -> Text | None:
        return grave.grave(self, action)

    def outcome(self) -> Outcome | None:
        if self.stack or self.result is None:
            return None
        winners, reason, limit = self.result
        return outcome(self, winners, reason, limit)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Nothing is hidden; only the RNG (future dice) is reseeded by ``determinize``."""

    # ------------------------------------------------------------------ board queries

    def ep_in(self, land: int) -> int:
        """EP of the units standing in ``land`` (the general counts 0)."""
        ep = self.content.ep
        u = self.units
        return u[0][land] * ep[0] + u[1][land] * ep[1] + u[2][land] * ep[2]

    def grey_fortresses(self, seat: int) -> int:
        """Grey fortresses ``seat`` owns (they stand on their lands all game)."""
        return (self.content.map_cache.grey_mask & self.land_mask(seat)).bit_count()

    def lands_of(self, seat: int) -> tuple[int, ...]:
        """The lands ``seat`` owns, in map order (the menu asks for them at every action, owners
        change rarely: worked out for every seat at once and kept, ``units.take_land`` moving
        a land from one to the other)."""
        held = self.held
        if held is None:
            lands: list[list[int]] = [[] for _ in self.seats]
            for i, o in enumerate(self.owner):
                if o >= 0:
                    lands[o].append(i)
            held = self.held = tuple(map(tuple, lands))
        return held[seat]

    def land_mask(self, seat: int) -> int:
        """``lands_of(seat)`` as a bitmask over the map (kept like it, ``units.take_land`` moving a bit)."""
        masks = self.held_masks
        if masks is None:
            masks = self.held_masks = tuple(sum(1 << i for i in self.lands_of(s)) for s in range(len(self.seats)))
        return masks[seat]

    def team_mask(self, seat: int) -> int:
        """The lands of ``seat`` and of its ally (2vs2) as a bitmask."""
        ally = self.ally[seat]
        return self.land_mask(seat) | (self.land_mask(ally) if ally != NEUTRAL else 0)

    def fortresses_of(self, seat: int) -> list[int]:
        """The lands ``seat`` owns that have a fortress, grey or built, in map order (asked for at
        every menu, changed rarely: worked out for every seat at once and kept until a fortress
        land changes hands or a fortress is built, which set ``strongholds`` back to ``None``)."""
        kept = self.strongholds
        if kept is None:
            owner = self.owner
            lands: list[list[int]] = [[] for _ in self.seats]
            # NO_FORT is 0: compress picks the lands with any fortress without a Python step per land
            for i in compress(range(len(self.fort)), self.fort):
                if owner[i] >= 0:
                    lands[owner[i]].append(i)
            kept = self.strongholds = tuple(map(tuple, lands))
        return list(kept[seat])

    def holds_capital(self, seat: int) -> bool:
        """True while ``seat`` owns its own capital (has its flag)."""
        cap = self.capital[seat]
        return cap >= 0 and self.owner[cap] == seat

    def friends(self, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` are the same player or allies (2vs2); neutral is nobody's friend."""
        return b != NEUTRAL and (a == b or self.ally[a] == b)

    def full_territories(self, seat: int) -> list[int]:
        """Territories every land of which ``seat`` owns."""
        mine = self.land_mask(seat)
        return [t for t, lands in enumerate(self.content.map_cache.territory_masks) if lands & mine == lands]

    def capital_of(self, land: int) -> int:
        """The seat whose capital ``land`` is, or ``NEUTRAL``."""
        for s, cap in enumerate(self.capital):
            if cap == land:
                return s
        return NEUTRAL

    def label(self, seat: int) -> str | Text:
        """The seat's name, or ``neutral``."""
        return t("neutral") if seat == NEUTRAL else self.seats[seat]

    # ------------------------------------------------------------------ views

    def public_view(self) -> dict[str, Any]:
        board = self.content.board
        lands = {}
        for i, land in enumerate(board.lands):
            cap = self.capital_of(i)
            lands[land.key] = {
                "name": land.name,
                "territory": land.territory,
                "owner": None if self.owner[i] == NEUTRAL else self.seats[self.owner[i]],
                "inf": self.units[0][i], "cav": self.units[1][i], "art": self.units[2][i],
                "fortress": {NO_FORT: None, GREY: "grey", BUILT: "built"}[self.fort[i]],
                "capital_of": None if cap == NEUTRAL else self.seats[cap],
                "generals": [self.seats[s] for s, g in enumerate(self.general) if g == i],
            }
        players = []
        loyalty = loyalty_active(self)
        for s, label in enumerate(self.seats):
            demand = self.demand[s]
            players.append({
                "seat": label,
                "team": None if self.team_of is None else self.team_of[s],
                "ally": None if self.ally[s] == NEUTRAL else self.seats[self.ally[s]],
                "power": None if self.power[s] < 0 else board.powers[self.power[s]].key,
                "capital": None if self.capital[s] < 0 else board.lands[self.capital[s]].key,
                "holds_capital": self.holds_capital(s),
                "general": None if self.general[s] < 0 else board.lands[self.general[s]].key,
                "sp": self.sp[s],
                "markers": self.markers[s],
                "supply": {k: self.pool[j][s] for j, k in enumerate(KINDS)},
                "fortresses_left": self.forts_left[s],
                "lands": sum(1 for o in self.owner if o == s),
                "grey_fortresses": self.grey_fortresses(s),
                "loyalty": self.loyalty[s] if loyalty else None,
                "demand": None if demand < 0 else board.demands[demand].key,
            })
        out: dict[str, Any] = {
            "map": board.key,
            "map_file": self.opts.map_file,
            "year": self.year,
            "max_years": self.opts.max_years,
            "season": self.season,
            "turn": None if self.turn_seat < 0 else self.seats[self.turn_seat],
            "actions_left": self.actions_left,
            "half_move": self.half,
            "lands": lands,
            "players": players,
            "teams": None,
        }
        if self.team_of is not None:
            out["teams"] = [{"seats": [self.seats[s] for s in range(len(self.seats)) if self.team_of[s] == t],
                             "sp": sum(self.sp[s] for s in range(len(self.seats)) if self.team_of[s] == t)}
                            for t in (0, 1)]
        if self.stack:
            out["decision"] = decision_view(self)
        battle = battle_view(self)
        if battle is not None:
            out["battle"] = battle
        return out

    def private_view(self, seat: int) -> dict[str, Any]:
        return {}


def decision_view(st: E1815State) -> dict[str, Any]:
    """The pending decision in data: its kind, who decides, and the land it concerns (a frame's ``target``)."""
    frame = st.stack[-1]
    at = getattr(frame, "target", None)
    return {"kind": frame.tag, "seat": st.seats[frame.seat],
            "land": None if at is None else st.content.board.lands[at].key}


def battle_view(st: E1815State) -> dict[str, Any] | None:
    """The battle being prepared (public), for the view."""
    found = battle(st)
    if found is None:
        return None
    seat, target, force, boost = found
    return {"attacker": st.seats[seat], "target": st.content.board.lands[target].key,
            "defender": None if st.owner[target] == NEUTRAL else st.seats[st.owner[target]],
            "inf": force[0], "cav": force[1], "art": force[2], "general": bool(force[3]),
            "markers_spent": boost}
