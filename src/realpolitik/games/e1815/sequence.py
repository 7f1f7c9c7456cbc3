"""The sequence of play: Startphase, the year, winter and summer turns, the action menu and the 1½ move;
and why an action is refused, read from the pending decision.

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

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Named, Text, phrase, t

from . import combat, grammar, logistics, scoring
from .logistics import can_act_civil
from .options import LastTeamAction, StartPlayer
from .scoring import Crown, Reinforce, loyalty_active
from .team import TeamAction, TeamOffer
from .units import NEUTRAL, NO_FORT, cheapest, counts_in, next_to_own, place, take_land

if TYPE_CHECKING:
    from .state import E1815State as S

#: log lines written often, made when read (``Log.say``)
CLAIMS = phrase("{seat} claims {land}.", "seat", "land")
SUPPLIES_END_TURN = phrase("Supplies as the first action end {seat}'s turn.", "seat")
PLAYS = phrase("{seat} plays {power}.", "seat", "power")
FOUNDS_CAPITAL = phrase("{seat} founds the capital {land}.", "seat", "land")
YEAR = phrase("— Year {year} —", "year")
OWNS_NO_LAND_SITS = phrase("{seat} owns no land and sits out the {season} turn.", "seat", "season")
HALF_MOVE = phrase("{seat}'s half move.", "seat")

#: the turns' seasons in words
SEASONS = {"winter": t("winter"), "summer": t("summer")}


# ====================================================================== start phase


def choosable_powers(st: S) -> list[int]:
    """Powers not yet taken; never the Indian chief [sure for 1715 2vs2]."""
    taken = set(st.power)
    return [i for i, p in enumerate(st.content.board.powers) if not p.indian and i not in taken]


@decision
class ChoosePower(NamedTuple):
    """Startphase (1715): ``seat`` chooses the power it plays."""

    seat: int

    def legal(self, st: S) -> list[str]:
        powers = st.content.board.powers
        return [grammar.power(powers[i].key) for i in choosable_powers(st)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        powers = st.content.board.powers
        (key,) = grammar.read(action)[1]
        index = next(i for i, p in enumerate(powers) if p.key == key)
        st.power[self.seat] = index
        st.log.say(PLAYS, st.seats[self.seat], powers[index].name)

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("choose the power you play")
        return t("{seat} chooses a power", seat=st.seats[self.seat])


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
    inf, cav, art = st.units  # a land without units: every count 0 (each kind is worth some EP)
    empty = [i for i, o in enumerate(st.owner) if o == NEUTRAL and not (inf[i] or cav[i] or art[i])]
    fit, territory_of = st.content.map_cache.capital_kind, board.territory_of
    strict = [i for i in empty if fit[i] and not near >> i & 1 and territory_of[i] not in used]
    return strict or empty


@decision
class ChooseCapital(NamedTuple):
    """Startphase (U3): ``seat`` founds its capital — flag, general, infantry and a cavalry."""

    seat: int

    def legal(self, st: S) -> list[str]:
        lands = st.content.board.lands
        return [grammar.capital(lands[i].key) for i in capital_sites(st)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat = self.seat
        board = st.content.board
        land = board.index[grammar.read(action)[1][0]]
        start = st.content.rules.start
        st.capital[seat] = land
        take_land(st, seat, land, conquest=False)
        place(st, seat, land, 0, start.capital_inf)
        place(st, seat, land, 1, start.capital_cav)
        st.general[seat] = land
        st.log.say(FOUNDS_CAPITAL, st.seats[seat], board.lands[land].name)

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("choose the land of your capital")
        return t("{seat} chooses a capital", seat=st.seats[self.seat])


def claim_sites(st: S, seat: int) -> list[int]:
    """Empty neutral lands next to the own capital (U4)."""
    board = st.content.board
    owner, (inf, cav, art) = st.owner, st.units
    return [i for i in board.adj[st.capital[seat]] if owner[i] == NEUTRAL and not (inf[i] or cav[i] or art[i])]


@procedure
class Claims(NamedTuple):
    """Startphase (U4): ``seat`` claims ``left`` more lands while there is one to claim."""

    seat: int
    left: int

    def run(self, st: S) -> None:
        if self.left > 0 and claim_sites(st, self.seat):
            st.stack.append(Claim(self.seat, self.left))


@decision
class Claim(NamedTuple):
    """Startphase (U4): ``seat`` claims an empty land next to its capital (``left`` claims to make)."""

    seat: int
    left: int

    def legal(self, st: S) -> list[str]:
        lands = st.content.board.lands
        return [grammar.claim(lands[i].key) for i in claim_sites(st, self.seat)]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat = self.seat
        board = st.content.board
        land = board.index[grammar.read(action)[1][0]]
        take_land(st, seat, land, conquest=False)
        place(st, seat, land, 0, st.content.rules.start.claim_inf)
        st.log.say(CLAIMS, st.seats[seat], board.lands[land].name)
        st.stack.append(Claims(seat, self.left - 1))

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("claim an empty land next to your capital ({left} left)", left=self.left)
        return t("{seat} claims land", seat=st.seats[self.seat])


# ====================================================================== the year


@procedure
class NewYear(NamedTuple):
    """The year (U12): the crown (1715), reinforcements (not in year 1), the winter round, the
    summer round, the SP distribution."""

    def run(self, st: S) -> None:
        st.year += 1
        n = len(st.seats)
        start = (1 - st.year) % n if st.opts.start_player == StartPlayer.ROTATE else 0
        st.order = tuple((start + i) % n for i in range(n))
        st.log.say(YEAR, st.year)
        frames: list[tuple] = []
        if loyalty_active(st):
            frames.append(Crown())
        if st.year > 1:
            frames += [Reinforce(s) for s in st.order]
        frames += [Turn(s, "winter", 0) for s in st.order]
        frames += [Turn(s, "summer", int(i == n - 1)) for i, s in enumerate(st.order)]
        frames.append(SpDistribution())
        st.stack.extend(reversed(frames))


@procedure
class Turn(NamedTuple):
    """A winter or summer turn of ``seat`` (U13), then (2vs2) the team action, and after the
    ``last`` summer turn the ½ move (U14), before or after that team action (option)."""

    seat: int
    season: str
    last: int

    def run(self, st: S) -> None:
        seat, season = self.seat, self.season
        st.season = season
        st.turn_seat = seat
        st.half = False
        after: list[tuple] = []
        if st.team_of is not None:
            after.append(TeamOffer(seat))
        if self.last:
            if st.opts.last_team_action == LastTeamAction.AFTER_HALF:
                after.insert(0, HalfMove(seat))
            else:
                after.append(HalfMove(seat))
        st.stack.extend(reversed(after))
        if not st.lands_of(seat):
            st.log.say(OWNS_NO_LAND_SITS, st.seats[seat], SEASONS[season])
            return
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            label = st.seats[seat]
            st.log.say(_turn_begins(label, label.title, season))
        _begin(st, seat, st.content.rules.turn.actions)


@procedure
class HalfMove(NamedTuple):
    """The ½ of the last summer player's 1½ move (U14): one more action."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        st.turn_seat = seat
        if not st.lands_of(seat):
            return
        st.half = True
        st.log.say(HALF_MOVE, st.seats[seat])
        _begin(st, seat, st.content.rules.turn.half_move_actions)


@lru_cache(maxsize=256)  # a line of every turn, made once per seat and season and shared (messages are immutable)
def _turn_begins(seat: Named, title: Text, season: str) -> Text:
    """The line that opens a turn; ``title`` keeps apart seats of two games labelled alike."""
    return t("{seat}'s {season} turn.", seat=seat, season=SEASONS[season])


def _begin(st: S, seat: int, actions: int) -> None:
    st.actions_left = actions
    st.military_left = st.content.rules.turn.military
    st.acted = 0
    st.stack.append(TurnAction(seat))


@procedure
class SpDistribution(NamedTuple):
    """The end of the year: the SP distribution and the victory check (U24–U27); the next year
    unless the game is over."""

    def run(self, st: S) -> None:
        if not scoring.distribute(st):
            st.stack.append(NewYear())


# ====================================================================== the action menu


def plain_menu(st: S, seat: int) -> list[str]:
    """``TurnAction.legal`` land by land, every text written with ``grammar``: the civil actions while none is
    due or the capital can pay the winter's attrition — relocate, supply, fortify, diplomacy —, the attacks
    while a military action is left, ``end turn``."""
    r, ep, lands = st.content.rules, st.content.ep, st.content.board.lands
    out = []
    cap = st.capital[seat]
    winter = logistics.attrition_due(st, seat)
    if not winter or (cap >= 0 and st.owner[cap] == seat and st.ep_in(cap) >= r.relocation.winter_disband_ep):
        if logistics.plain_relocation_targets(st, seat) or logistics.plain_general_jumps(st, seat):
            out.append(grammar.RELOCATE)
        home = {i for i, f in enumerate(st.fort) if f != NO_FORT and st.owner[i] == seat}
        g = st.general[seat]
        if g >= 0 and st.owner[g] == seat:
            home.add(g)
        out += [grammar.supply(lands[i].key, m) for i in sorted(home) for m in logistics.plain_supply_mixes(st, seat)]
        if st.forts_left[seat] > 0:  # in winter the capital first pays this action's attrition
            paid = cheapest(counts_in(st, cap), r.relocation.winter_disband_ep, ep) if winter else (0, 0, 0)
            cost = sum(n * e for n, e in zip(paid, ep))
            out += [grammar.fortify(lands[i].key) for i, o in enumerate(st.owner) if o == seat and st.fort[i] == NO_FORT
                    and st.ep_in(i) - (cost if i == cap else 0) >= r.fortress.build_min_ep]
        out += combat.plain_diplomacy_options(st, seat)
    if st.military_left > 0:
        out += [grammar.attack(lands[t].key) for t, o in enumerate(st.owner)
                if o != seat and (o == NEUTRAL or o != st.ally[seat])
                and next_to_own(st, seat, t, lambda s: st.ep_in(s) > 0)]
    out.append(grammar.END_TURN)
    return out


@decision
class TurnAction(NamedTuple):
    """An action of ``seat``'s turn (two per turn [sure], one in the ½ move, at most one military,
    U13): relocate, supply, fortify, diplomacy, attack — or end the turn."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        out: list[str] = []
        own = st.lands_of(seat)
        if logistics.can_act_civil(st, seat):
            if logistics.can_relocate(st, seat, own):
                out.append(grammar.RELOCATE)
            out += logistics.supply_options(st, seat)
            out += logistics.fortify_options(st, seat, own)
            out += combat.diplomacy_options(st, seat, own)
        if st.military_left > 0:
            texts = st.content.map_cache.attack
            out += [texts[t] for t in combat.attack_targets(st, seat, own)]
        out.append(grammar.END_TURN)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat = self.seat
        if action == grammar.END_TURN:
            st.actions_left = 0
            return
        verb, args = grammar.read(action)
        first = st.acted == 0
        st.acted += 1
        st.actions_left -= 1
        if verb == "attack":
            st.military_left -= 1
        elif verb == "supply" and first:
            st.actions_left = 0  # [sure] Nachschub as the 1st action ends the turn
        if st.actions_left > 0:
            st.stack.append(self)
        board = st.content.board
        if verb == "attack":
            combat.start_attack(st, seat, board.index[args[0]])
            return
        logistics.pay_attrition(st, seat)
        if action == grammar.RELOCATE:
            logistics.start_relocation(st, seat)
        elif verb == "supply":
            logistics.do_supply(st, seat, args)
            if first and st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
                st.log.say(SUPPLIES_END_TURN, st.seats[seat])
        elif verb == "fortify":
            logistics.do_fortify(st, seat, board.index[args[0]])
        else:
            combat.do_diplomacy(st, seat, verb, args)

    def describe(self, st: S, seat: int | None) -> Text:
        if seat != self.seat:
            return t("{seat} acts", seat=st.seats[self.seat])
        if st.half:
            return t("your half move: one more action")
        if st.military_left <= 0:
            return t("your {season} turn: choose an action ({left} left, no more attacks)", season=SEASONS[st.season],
                     left=st.actions_left)
        return t("your {season} turn: choose an action ({left} left)", season=SEASONS[st.season], left=st.actions_left)


# ====================================================================== refusals


def why_illegal(st: S, action: str) -> Text | None:
    """A specific reason for the commonest refused actions."""
    if not st.stack:
        return None
    top = st.stack[-1]
    seat = top.seat
    words = action.split(" ")  # any text: what was typed need not be an action at all
    board = st.content.board
    if len(words) >= 2 and words[0] in ("attack", "meddle", "buy", "convert", "cede", "transfer", "fortify",
                                        "capital", "claim", "to"):
        if words[1] not in board.index:
            return t("There is no land called {land}.", land=repr(words[1]))
        land = board.index[words[1]]
        owner = st.owner[land]
        if words[0] in ("attack", "meddle", "buy") and owner != NEUTRAL and owner != seat and st.friends(seat, owner):
            return (t("{land} belongs to your ally {seat}: allies never attack or otherwise harm each other.",
                      land=board.lands[land].name, seat=st.seats[owner]))
        if words[0] == "attack" and isinstance(top, TurnAction) and st.military_left <= 0:
            return t("Only one military action is allowed per turn.")
        if words[0] == "cede" and land == st.capital[seat]:
            return t("A capital can never be ceded.")
    if words[0] == "power" and len(words) == 2:
        if any(p.key == words[1] and p.indian for p in board.powers):
            return t("No player may choose the Indian chief (1715 played as 2vs2).")
    if action == grammar.GIVE_MARKER and isinstance(top, TeamAction) and st.ally[seat] != NEUTRAL:
        if st.markers[st.ally[seat]] >= st.content.rules.markers.cap:
            return t("Your ally already holds {cap} success markers, the most allowed.",
                     cap=st.content.rules.markers.cap)
    if isinstance(top, TurnAction) and words[0] in ("relocate", "supply", "fortify", "convert", "meddle", "buy"):
        if not can_act_civil(st, seat):
            return (t("In winter, without a grey fortress, every civil action costs 2 EP disbanded in your own capital "
                      "— and you cannot pay them."))
    return None
