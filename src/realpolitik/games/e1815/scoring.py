"""Verstärkungszüge, SP-Verteilung and victory; the crown's demands of 1715.

Reinforcement (U22): 2 EP + 1 per 3 lands + 2 per fully owned territory, placed in the
held capital, own fortress lands or the general's land; new cavalry and artillery only in
the capital (U9). SP distribution (U24): rank by lands (then EP on the map, markers,
later seat) and award 3/1 (2 players), 3/1/0 (3), 3/2/1/0 (4) — 2vs2 uses the 4-player
scale [sure] — plus 1 SP per fully owned territory. A player wins at 10 SP (U25), a team
at 13 SP together [sure]; several at once: more SP, then the stronger (strongest)
player (U26; for teams [sure]: between each team's currently strongest player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import Outcome, decision, procedure
from realpolitik.i18n import Listed, Text, listed, phrase, phrase_n, t

from . import grammar
from .content import KINDS
from .units import NEUTRAL, NO_FORT, gain_markers, place, troops

if TYPE_CHECKING:
    from .state import E1815State as S

#: log lines written often, made when read (``Log.say``)
GENERAL_RETURNS = phrase("{seat}'s general returns to {land}.", "seat", "land")
REINFORCEMENTS = phrase("Reinforcements: {seat} may place {budget} EP.", "seat", "budget")
PLACES = phrase("{seat} places {unit} in {land}.", "seat", "unit", "land")
SP_DISTRIBUTION_YEAR = phrase("SP distribution, year {year}: {scores}.", "year", "scores")
OWNS_NO_LAND_GETS = phrase("{seat} owns no land and gets no reinforcements.", "seat")
HAS_MET_CROWN_DEMAND = phrase_n("{seat} has met the crown's demand: loyalty {s}, +{got} marker.",
                                "{seat} has met the crown's demand: loyalty {s}, +{got} markers.", "seat", "s", "got",
                                count="got")
HAS_FAILED_CROWN_ONCE = phrase("{seat} has failed the crown once too often: -{sp_penalty} SP, loyalty back to "
                               "{reset}.", "seat", "sp_penalty", "reset")
HAS_FAILED_CROWN_DEMAND = phrase("{seat} has failed the crown's demand: loyalty {s}.", "seat", "s")
CROWN_CONTENT = phrase("{seat} rolls {roll} against loyalty {s}: the crown is content.",
                                     "seat", "roll", "s")
CROWN_DEMANDS = phrase("{seat} rolls {roll} against loyalty {loyalty}: the crown demands {demand}.",
                                       "seat", "roll", "loyalty", "demand")


def strength(st: S, seat: int) -> tuple[int, int, int, int]:
    """The ranking metric of the SP distribution: lands, EP on the map, markers, later seat."""
    own = st.lands_of(seat)
    e0, e1, e2 = st.content.ep
    inf, cav, art = st.units
    ep = sum(inf[i] * e0 + cav[i] * e1 + art[i] * e2 for i in own)
    return (len(own), ep, st.markers[seat], seat)


# ====================================================================== reinforcement


def reinforcement_ep(st: S, seat: int) -> int:
    r = st.content.rules.reinforcement
    lands = len(st.lands_of(seat))
    return r.base + lands // r.lands_per_ep + r.per_territory * len(st.full_territories(seat))


def reinforcement_lands(st: S, seat: int) -> list[int]:
    """The held capital, own fortress lands and the own general's land."""
    owner = st.owner
    out = st.fortresses_of(seat)
    more = [land for land in (st.capital[seat], st.general[seat]) if land >= 0 and owner[land] == seat]
    if more:
        out = sorted({*out, *more})
    return out


@procedure
class Reinforce(NamedTuple):
    """Verstärkungszug (U22): ``seat``'s reinforcement turn; a general in the supply comes back first."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        st.season = "reinforcement"
        st.turn_seat = seat
        st.half = False
        board = st.content.board
        if not st.lands_of(seat):
            st.log.say(OWNS_NO_LAND_GETS, st.seats[seat])
            return
        if st.general[seat] == NEUTRAL:
            home = reinforcement_lands(st, seat)
            cap = st.capital[seat]
            spot = cap if st.holds_capital(seat) else (home[0] if home else NEUTRAL)
            if spot != NEUTRAL:
                st.general[seat] = spot
                st.log.say(GENERAL_RETURNS, st.seats[seat], board.lands[spot].name)
        budget = reinforcement_ep(st, seat)
        st.log.say(REINFORCEMENTS, st.seats[seat], budget)
        _keep_placing(st, seat, budget)


def placements(st: S, seat: int, left: int) -> list[str]:
    """``place <land> <kind>``: infantry in every reinforcement land, cavalry and artillery only in the capital."""
    ep = st.content.ep
    texts = st.content.map_cache.place
    cap = st.capital[seat] if st.holds_capital(seat) else NEUTRAL
    kinds = [k for k in range(len(KINDS)) if ep[k] <= left and st.pool[k][seat] > 0]
    if not kinds:
        return []
    infantry = kinds[0] == 0
    out = []
    for land in reinforcement_lands(st, seat):
        if land == cap:
            out += [texts[land][k] for k in kinds]
        elif infantry:
            out.append(texts[land][0])
    return out


def plain_placements(st: S, seat: int, left: int) -> list[str]:
    """``placements`` land by land in map order: the own fortress lands, the capital while held and the
    general's own land; infantry anywhere, cavalry and artillery in the capital, each worth at most ``left``
    EP and still in the pool."""
    lands = st.content.board.lands
    cap = st.capital[seat]
    held = cap >= 0 and st.owner[cap] == seat
    home = {i for i, f in enumerate(st.fort) if f != NO_FORT and st.owner[i] == seat}
    if held:
        home.add(cap)
    g = st.general[seat]
    if g >= 0 and st.owner[g] == seat:
        home.add(g)
    return [grammar.place(lands[i].key, kind) for i in sorted(home) for k, kind in enumerate(KINDS)
            if (k == 0 or (held and i == cap)) and st.content.ep[k] <= left and st.pool[k][seat] > 0]


def _keep_placing(st: S, seat: int, left: int) -> None:
    if placements(st, seat, left):
        st.stack.append(PlaceReinforcements(seat, left))


@decision
class PlaceReinforcements(NamedTuple):
    """Verstärkungszug (U22, U9): ``seat`` places one unit at a time, ``left`` EP still to place, or is done."""

    seat: int
    left: int

    def legal(self, st: S) -> list[str]:
        out = placements(st, self.seat, self.left)
        out.append(grammar.DONE)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        if action == grammar.DONE:
            return
        seat = self.seat
        key, kind = grammar.read(action)[1]
        board = st.content.board
        k = KINDS.index(kind)
        place(st, seat, board.index[key], k, 1)
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(PLACES, st.seats[seat], troops(tuple(int(i == k) for i in range(3))),
                       board.lands[board.index[key]].name)
        _keep_placing(st, seat, self.left - st.content.ep[k])

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("place reinforcements ({left} EP left)", left=self.left)
        return t("{seat} places reinforcements", seat=st.seats[self.seat])


# ====================================================================== the crown (1715)


def loyalty_active(st: S) -> bool:
    """Loyalty is played on maps with crown demands (1715), unless switched off."""
    return st.opts.loyalty and bool(st.content.board.demands)


@procedure
class Crown(NamedTuple):
    """The crown (U28), at the start of a year: each player rolls; above his loyalty the crown demands."""

    def run(self, st: S) -> None:
        lo = st.content.rules.loyalty
        demands = st.content.board.demands
        for s in range(len(st.seats)):
            st.conquered[s] = 0
            roll = st.rng.randint(1, lo.die)
            if roll <= st.loyalty[s]:
                st.demand[s] = NEUTRAL
                st.log.say(CROWN_CONTENT, st.seats[s], roll, st.loyalty[s])
            else:
                st.demand[s] = st.rng.below(len(demands))
                st.log.say(CROWN_DEMANDS, st.seats[s], roll, st.loyalty[s],
                           demand_text(st, st.demand[s]))


def demand_text(st: S, index: int) -> Text:
    """The crown's demand in words (1715, U30)."""
    d = st.content.board.demands[index]
    board = st.content.board
    if d.kind == "conquer":
        return t("a land in {territory} this year",
                 territory=board.territories[board.territory_index[d.territory]].name)
    if d.kind == "hold-capital":
        return t("the capital held with at least {amount} EP at the SP distribution", amount=d.amount)
    return t("at least {amount} lands at the SP distribution", amount=d.amount)


def demand_met(st: S, seat: int, index: int) -> bool:
    d = st.content.board.demands[index]
    if d.kind == "conquer":
        return bool(st.conquered[seat] >> st.content.board.territory_index[d.territory] & 1)
    if d.kind == "hold-capital":
        return st.holds_capital(seat) and st.ep_in(st.capital[seat]) >= d.amount
    return len(st.lands_of(seat)) >= d.amount


def judge_demands(st: S) -> None:
    """Fulfilled: loyalty +1 and a marker; failed: loyalty −1, at 0 lose 1 SP and reset to 3."""
    lo = st.content.rules.loyalty
    for s in range(len(st.seats)):
        index = st.demand[s]
        if index < 0:
            continue
        st.demand[s] = NEUTRAL
        if demand_met(st, s, index):
            st.loyalty[s] = min(lo.max, st.loyalty[s] + 1)
            got = gain_markers(st, s, 1)
            st.log.say(HAS_MET_CROWN_DEMAND, st.seats[s], st.loyalty[s], got)
            continue
        st.loyalty[s] -= 1
        if st.loyalty[s] <= 0:
            st.sp[s] = max(0, st.sp[s] - lo.sp_penalty)
            st.loyalty[s] = lo.reset
            st.log.say(HAS_FAILED_CROWN_ONCE, st.seats[s], lo.sp_penalty, lo.reset)
        else:
            st.log.say(HAS_FAILED_CROWN_DEMAND, st.seats[s], st.loyalty[s])


# ====================================================================== SP distribution and victory


def team_sp(st: S) -> list[int]:
    return [sum(st.sp[s] for s in range(len(st.seats)) if st.team_of[s] == t) for t in (0, 1)]


def _best_of_team(st: S, team: int) -> tuple:
    return max(strength(st, s) for s in range(len(st.seats)) if st.team_of[s] == team)


def _team_key(st: S, team: int) -> tuple:
    return (team_sp(st)[team], _best_of_team(st, team))


def _seat_key(st: S, seat: int) -> tuple:
    return (st.sp[seat], strength(st, seat))


def distribute(st: S) -> bool:
    """The SP distribution at the end of the year (U24), then the victory check (U25–U27); True
    when the game is over."""
    st.season = "scoring"
    st.turn_seat = NEUTRAL
    st.half = False
    if loyalty_active(st):
        judge_demands(st)
    n = len(st.seats)
    sc = st.content.rules.scoring
    ranking = sorted(range(n), key=lambda s: strength(st, s), reverse=True)
    table = sc.sp_by_rank[str(n)]
    parts = []
    for rank, s in enumerate(ranking):
        full = len(st.full_territories(s))
        gain = table[rank] + sc.per_territory * full
        st.sp[s] += gain
        parts.append((s, gain))
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        scores = [t("{seat} +{gain} ({sp})", seat=st.seats[s], gain=gain, sp=st.sp[s]) for s, gain in parts]
        st.log.say(SP_DISTRIBUTION_YEAR, st.year, listed(scores))
    won = victory(st)
    if won is not None:
        st.result = (*won, False)
        st.log.say(won[1])
        return True
    limit = st.opts.max_years
    if limit and st.year >= limit:
        winners, reason = best_at_limit(st)
        st.result = (winners, reason, True)
        st.log.say(reason)
        return True
    return False


def victory(st: S) -> tuple[tuple[int, ...], Text | Listed] | None:
    """The winners and the reason, if a player (team) has reached the SP needed."""
    sc = st.content.rules.scoring
    n = len(st.seats)
    if st.team_of is not None:
        sums = team_sp(st)
        reached = [t for t in (0, 1) if sums[t] >= sc.team_win]
        if not reached:
            return None
        team = max(reached, key=lambda t: _team_key(st, t))
        members = tuple(s for s in range(n) if st.team_of[s] == team)
        won = t("{seats} reach {sp} SP together ({needed} needed) and win.", seats=_and(st, members), sp=sums[team],
                needed=sc.team_win)
        if len(reached) == 2:
            tie = (t("Both teams reached it; more SP decide.") if sums[0] != sums[1]
                   else t("Both teams tie on SP; the stronger of the two strongest players decides."))
            return members, listed((won, tie), " ")
        return members, won
    reached = [s for s in range(n) if st.sp[s] >= sc.win]
    if not reached:
        return None
    seat = max(reached, key=lambda s: _seat_key(st, s))
    if len(reached) > 1:
        return (seat,), t("{seat} reaches {sp} SP ({needed} needed) and wins (ahead of the others who reached it "
                          "too).", seat=st.seats[seat], sp=st.sp[seat], needed=sc.win)
    return (seat,), t("{seat} reaches {sp} SP ({needed} needed) and wins.", seat=st.seats[seat], sp=st.sp[seat],
                      needed=sc.win)


def _and(st: S, seats: tuple[int, ...]) -> Text:
    """Two teammates by name: "p1 and p3"."""
    return t("{a} and {b}", a=st.seats[seats[0]], b=st.seats[seats[1]])


def best_at_limit(st: S) -> tuple[tuple[int, ...], Text]:
    """Year limit (U27): most SP wins, ties as at the SP distribution."""
    n = len(st.seats)
    limit = st.opts.max_years
    if st.team_of is not None:
        team = max((0, 1), key=lambda t: _team_key(st, t))
        members = tuple(s for s in range(n) if st.team_of[s] == team)
        return members, t("The year limit ({limit}) is reached: {seats} lead with {sp} SP and win.", limit=limit,
                          seats=_and(st, members), sp=team_sp(st)[team])
    seat = max(range(n), key=lambda s: _seat_key(st, s))
    return (seat,), t("The year limit ({limit}) is reached: {seat} leads with {sp} SP and wins.", limit=limit,
                      seat=st.seats[seat], sp=st.sp[seat])


def outcome(st: S, winners: tuple[int, ...], reason: str, limit: bool) -> Outcome:
    n = len(st.seats)
    details: dict = {"years": st.year}
    if st.team_of is not None:
        places = tuple(1 if s in winners else 2 for s in range(n))
        details["team_sp"] = team_sp(st)
    else:
        order = sorted(range(n), key=lambda s: _seat_key(st, s), reverse=True)
        places = tuple(order.index(s) + 1 for s in range(n))
    return Outcome(places=places, winners=tuple(winners), reason=reason, points=tuple(float(p) for p in st.sp),
                   teams=st.team_of, limit=limit, details=details)
