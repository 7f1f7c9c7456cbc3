"""Military actions (Angriff), success markers in battle, and diplomacy (Diplomatie).

All of this is our design (U15–U21), diceless: an attack comes from own lands next
to one target; attack = committed EP (+1 with the general, +1 per artillery against a
fortress); defence = EP in the land (+2 fortress, +1 general, +1 own capital). Both
sides may spend success markers, +1 each, the attacker first. The attacker wins only if
strictly stronger. The loser loses every unit in the fight, the winner ⌈loser's EP/2⌉
(infantry first); a winning attacker moves in. Winter battles cost the attacker 1 EP
more. In 2vs2 no attack and no diplomacy may ever target the ally [sure, the 1815 2vs2 rules].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision
from realpolitik.i18n import Text, phrase, phrase_n, t

from . import grammar
from .content import KINDS
from .units import (
    KIND_INDEX,
    NEUTRAL,
    NO_FORT,
    cheapest,
    clear,
    gain_markers,
    lands_in,
    near_troops,
    next_to_own,
    pay,
    place,
    take_land,
    troops,
    value,
)

if TYPE_CHECKING:
    from .state import E1815State as S

#: log lines written at most fights, made when read (``Log.say``)
ATTACKS = phrase("{seat} attacks {land} ({defender}).", "seat", "land", "defender")
ATTACKS_WITH = phrase("{seat} attacks with {force}.", "seat", "force")
ATTACKS_WITH_GENERAL = phrase("{seat} attacks with {force} and the general.", "seat", "force")
WINS = phrase("{seat} wins {land}, {attack} against {defence}; the attackers lose {lost}.",
              "seat", "land", "attack", "defence", "lost")
GENERAL_FALLS_BACK_SUPPLY = phrase("{seat}'s general falls back to the supply.", "seat")
HOLDS_AGAINST_ATTACK_LOST = phrase("{land} holds, {defence} against {attack}; the attack is lost and {defender} "
                                   "loses {lost}.", "land", "defence", "attack", "defender", "lost")
DIPLOMACY_WINS_OVER_GARRISON = phrase_n("Diplomacy: {seat} wins over {land} for {cost} marker (the garrison of {gone} "
                                       "disbands).", "Diplomacy: {seat} wins over {land} for {cost} markers (the "
                                       "garrison of {gone} disbands).", "seat", "land", "cost", "gone", count="cost")
DIPLOMACY_WINS_OVER = phrase_n("Diplomacy: {seat} wins over {land} for {cost} marker.",
                               "Diplomacy: {seat} wins over {land} for {cost} markers.", "seat", "land", "cost",
                               count="cost")
DIPLOMACY_MEDDLES_MARKERS_REMOVES = phrase_n("Diplomacy: {seat} meddles for {cost} marker; {seat2} removes {unit} "
                                             "from {land}.", "Diplomacy: {seat} meddles for {cost} markers; {seat2} "
                                             "removes {unit} from {land}.", "seat", "cost", "seat2", "unit", "land",
                                             count="cost")
DIPLOMACY_BUYS_MARKERS = phrase_n("Diplomacy: {seat} buys {land} from {seat2} for {cost} marker.",
                                  "Diplomacy: {seat} buys {land} from {seat2} for {cost} markers.",
                                  "seat", "land", "seat2", "cost", count="cost")
GAINS_SUCCESS_MARKER = phrase("{seat} gains a success marker.", "seat")
SPENDS_ON_ATTACK = phrase_n("{seat} spends {k} success marker on the attack.",
                            "{seat} spends {k} success markers on the attack.", "seat", "k", count="k")
SPENDS_ON_DEFENCE = phrase_n("{seat} spends {k} success marker on the defence.",
                             "{seat} spends {k} success markers on the defence.", "seat", "k", count="k")


# ====================================================================== attack


def attack_targets(st: S, seat: int, own: tuple[int, ...]) -> list[int]:
    """Lands of neutrals or opponents (never an ally) next to an own land (``own``: ``st.lands_of(seat)``)
    with units."""
    return lands_in(near_troops(st, own) & ~st.team_mask(seat))


def start_attack(st: S, seat: int, target: int) -> None:
    st.log.say(ATTACKS, st.seats[seat], st.content.board.lands[target].name, st.label(st.owner[target]))
    st.stack.append(Attack(seat, target, (0, 0, 0, 0)))


@decision
class Attack(NamedTuple):
    """Angriff (U15/U16): ``seat`` commits troops (and the general) from own lands next to
    ``target``; ``force`` is (inf, cav, art, general) committed so far; then go."""

    seat: int
    target: int
    force: tuple

    def legal(self, st: S) -> list[str]:
        seat, force = self.seat, self.force
        owner, cached = st.owner, st.content.map_cache
        inf, cav, art = st.units
        general = -2 if force[3] else st.general[seat]  # the general is committed once
        out: list[str] = []
        for s in st.content.board.adj[self.target]:
            if owner[s] != seat:
                continue
            commits = cached.commit[s]
            if inf[s]:
                out += commits[0][:inf[s]]
            if cav[s]:
                out += commits[1][:cav[s]]
            if art[s]:
                out += commits[2][:art[s]]
            if s == general:
                out.append(cached.commit_general[s])
        if value(st, force) > 0:
            out.append(grammar.GO)
        return out

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        seat, target, force = self.seat, self.target, self.force
        if action == grammar.GO:
            if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
                st.log.say(ATTACKS_WITH_GENERAL if force[3] else ATTACKS_WITH, st.seats[seat], troops(force))
            if st.markers[seat] > 0:
                st.stack.append(AttackerMarkers(seat, target, force))
            else:
                _defender_step(st, seat, target, force, 0)
            return
        source, k, n = st.content.map_cache.commit_parts[action]
        f = list(force)
        if k == 3:  # the general
            st.general[seat] = NEUTRAL
            f[3] = 1
        else:
            st.units[k][source] -= n
            f[k] += n
        st.stack.append(Attack(seat, target, tuple(f)))

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("commit troops from your lands next to {land}, then go",
                     land=st.content.board.lands[self.target].name)
        return t("{seat} prepares an attack", seat=st.seats[self.seat])


@decision
class AttackerMarkers(NamedTuple):
    """Success markers in battle (U20), the attacker first: ``seat`` spends some on the attack
    on ``target`` with ``force``, +1 each."""

    seat: int
    target: int
    force: tuple

    def legal(self, st: S) -> list[str]:
        return _spendable(st, self.seat)

    def act(self, st: S, action: str) -> None:
        k = _spend(st, self.seat, action, SPENDS_ON_ATTACK)
        _defender_step(st, self.seat, self.target, self.force, k)

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("spend success markers on the attack (+1 each)")
        return t("{seat} may spend markers", seat=st.seats[self.seat])


def _spendable(st: S, seat: int) -> list[str]:
    """Spending 0 up to all of ``seat``'s success markers (U20)."""
    return [grammar.spend(k) for k in range(st.markers[seat] + 1)]


def _spend(st: S, seat: int, action: str, line: Callable[..., Text]) -> int:
    """The markers an answer spends (its decision popped), taken from ``seat`` and logged."""
    st.stack.pop()
    (k,) = grammar.read(action)[1]
    st.markers[seat] -= k
    if k:
        st.log.say(line, st.seats[seat], k)
    return k


def _defender_step(st: S, seat: int, target: int, force: tuple, boost: int) -> None:
    defender = st.owner[target]
    if defender != NEUTRAL and st.markers[defender] > 0:
        st.stack.append(DefenderMarkers(defender, seat, target, force, boost))
    else:
        resolve(st, seat, target, force, boost, 0)


@decision
class DefenderMarkers(NamedTuple):
    """Success markers in battle (U20), then the defender: ``seat`` spends some on the defence of
    ``target`` against ``attacker``'s ``force`` and ``boost`` markers, +1 each; then the battle."""

    seat: int
    attacker: int
    target: int
    force: tuple
    boost: int

    def legal(self, st: S) -> list[str]:
        return _spendable(st, self.seat)

    def act(self, st: S, action: str) -> None:
        k = _spend(st, self.seat, action, SPENDS_ON_DEFENCE)
        resolve(st, self.attacker, self.target, self.force, self.boost, k)

    def describe(self, st: S, seat: int | None) -> Text:
        if seat == self.seat:
            return t("{seat} attacks {land}: spend success markers on the defence (+1 each)",
                     seat=st.seats[self.attacker], land=st.content.board.lands[self.target].name)
        return t("{seat} may spend markers on the defence", seat=st.seats[self.seat])


def strengths(st: S, seat: int, target: int, force: tuple, boost: int, guard: int) -> tuple[int, int]:
    """(attack, defence) of a battle as it stands."""
    r = st.content.rules
    c = r.combat
    fortified = st.fort[target] != NO_FORT
    attack = value(st, force) + boost * r.markers.combat_bonus
    if force[3]:
        attack += c.general_bonus
    if fortified:
        attack += c.art_vs_fortress * force[2]
    defence = st.ep_in(target) + guard * r.markers.combat_bonus
    if fortified:
        defence += r.fortress.defence
    d = st.owner[target]
    if d != NEUTRAL:
        if st.general[d] == target:
            defence += c.general_bonus
        if st.capital[d] == target:
            defence += c.capital_bonus
    return attack, defence


def resolve(st: S, seat: int, target: int, force: tuple, boost: int, guard: int) -> None:
    """Decide the battle; the loser loses everything in it, the winner ⌈loser's EP / 2⌉."""
    r = st.content.rules
    ep = st.content.ep
    board = st.content.board
    name = board.lands[target].name
    defender = st.owner[target]
    attack, defence = strengths(st, seat, target, force, boost, guard)
    defenders_ep = st.ep_in(target)
    fortified = st.fort[target] != NO_FORT
    if attack > defence:
        clear(st, target)
        survivors = list(force[:3])
        loss = -(-defenders_ep // r.combat.loss_divisor)
        if st.season == "winter":
            loss += r.combat.winter_attacker_loss
        lost = cheapest(tuple(survivors), loss, ep)
        for k in range(3):
            survivors[k] -= lost[k]
            st.pool[k][seat] += lost[k]
        take_land(st, seat, target, conquest=True)
        for k in range(3):
            st.units[k][target] += survivors[k]
        if force[3]:
            st.general[seat] = target
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(WINS, st.seats[seat], name, attack, defence, troops(lost))
        if defender != NEUTRAL or fortified:
            got = gain_markers(st, seat, r.markers.per_capture)
            if got:
                st.log.say(GAINS_SUCCESS_MARKER, st.seats[seat])
    else:
        for k in range(3):
            st.pool[k][seat] += force[k]
        if force[3]:
            st.log.say(GENERAL_FALLS_BACK_SUPPLY, st.seats[seat])
        lost = pay(st, target, -(-value(st, force) // r.combat.loss_divisor))
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(HOLDS_AGAINST_ATTACK_LOST, name, defence, attack, st.label(defender), troops(lost))


def battle(st: S) -> tuple | None:
    """The battle being prepared, as (attacker, target, force, boost), if any."""
    for frame in reversed(st.stack):
        if isinstance(frame, (Attack, AttackerMarkers)):
            return frame.seat, frame.target, frame.force, 0
        if isinstance(frame, DefenderMarkers):
            return frame.attacker, frame.target, frame.force, frame.boost
    return None


# ====================================================================== diplomacy


def diplomacy_options(st: S, seat: int, own: tuple[int, ...]) -> list[str]:
    """Diplomatie (U21): convert a neutral land, meddle with or buy an opponent's — never the ally's
    (``own``: ``st.lands_of(seat)``)."""
    d = st.content.rules.diplomacy
    have = st.markers[seat]
    if have < min(d.convert_cost, d.meddle_cost, d.buy_cost):
        return []
    cached = st.content.map_cache
    owner, adj_mask = st.owner, st.content.board.adj_mask
    near = 0
    for s in own:
        near |= adj_mask[s]
    near &= ~st.team_mask(seat)  # the other lands next to an own land, the ally's left out
    capitals = st.capital
    out = []
    while near:  # lowest bit first: map order
        low = near & -near
        near ^= low
        land = low.bit_length() - 1
        o = owner[land]
        if o == NEUTRAL:
            if have >= d.convert_cost and st.ep_in(land) <= d.convert_max_ep:
                out.append(cached.convert[land])
        elif land not in capitals:
            if have >= d.meddle_cost:
                out += [cached.meddle[land][k] for k in range(len(KINDS)) if st.units[k][land]]
            if have >= d.buy_cost and st.ep_in(land) <= d.buy_max_ep:
                out.append(cached.buy[land])
    return out


def plain_diplomacy_options(st: S, seat: int) -> list[str]:
    """``diplomacy_options`` land by land in map order, each text written with ``grammar``."""
    d = st.content.rules.diplomacy
    have = st.markers[seat]
    out = []
    for land, o in enumerate(st.owner):
        if o == seat or not next_to_own(st, seat, land):
            continue
        key = st.content.board.lands[land].key
        if o == NEUTRAL:
            if have >= d.convert_cost and st.ep_in(land) <= d.convert_max_ep:
                out.append(grammar.convert(key))
        elif o != st.ally[seat] and land not in st.capital:
            if have >= d.meddle_cost:
                out += [grammar.meddle(key, kind) for k, kind in enumerate(KINDS) if st.units[k][land]]
            if have >= d.buy_cost and st.ep_in(land) <= d.buy_max_ep:
                out.append(grammar.buy(key))
    return out


def do_diplomacy(st: S, seat: int, verb: str, args: tuple) -> None:
    """Diplomatie (U21): ``convert``, ``meddle`` or ``buy`` the land ``args[0]``."""
    d = st.content.rules.diplomacy
    board = st.content.board
    land = board.index[args[0]]
    name = board.lands[land].name
    victim = st.owner[land]
    if verb == "convert":
        st.markers[seat] -= d.convert_cost
        gone = clear(st, land)
        take_land(st, seat, land, conquest=True)
        place(st, seat, land, 0, 1)
        if any(gone):
            st.log.say(DIPLOMACY_WINS_OVER_GARRISON, st.seats[seat], name, d.convert_cost, troops(gone))
        else:
            st.log.say(DIPLOMACY_WINS_OVER, st.seats[seat], name, d.convert_cost)
    elif verb == "meddle":
        st.markers[seat] -= d.meddle_cost
        k = KIND_INDEX[args[1]]
        st.units[k][land] -= 1
        st.pool[k][victim] += 1
        st.log.say(DIPLOMACY_MEDDLES_MARKERS_REMOVES, st.seats[seat], d.meddle_cost, st.seats[victim],
                   troops(tuple(int(kind == args[1]) for kind in KINDS)), name)
    else:
        st.markers[seat] -= d.buy_cost
        clear(st, land)
        take_land(st, seat, land, conquest=True)
        place(st, seat, land, 0, 1)
        st.log.say(DIPLOMACY_BUYS_MARKERS, st.seats[seat], name, st.seats[victim], d.buy_cost)

