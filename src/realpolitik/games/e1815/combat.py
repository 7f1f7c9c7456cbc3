"""Military actions (Angriff), success markers in battle, and diplomacy (Diplomatie).

All of this is our design (spec U15–U21), diceless: an attack comes from own lands next
to one target; attack = committed EP (+1 with the general, +1 per artillery against a
fortress); defence = EP in the land (+2 fortress, +1 general, +1 own capital). Both
sides may spend success markers, +1 each, the attacker first. The attacker wins only if
strictly stronger. The loser loses every unit in the fight, the winner ⌈loser's EP/2⌉
(infantry first); a winning attacker moves in. Winter battles cost the attacker 1 EP
more. In 2vs2 no attack and no diplomacy may ever target the ally [sure, seed 002].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .logistics import KIND_INDEX, owned_neighbour
from .state import NEUTRAL, NO_FORT
from .units import cheapest, clear, gain_markers, pay, place, take_land, text, value

if TYPE_CHECKING:
    from .state import E1815State as S


# ====================================================================== attack


def attack_targets(st: S, seat: int) -> list[int]:
    """Lands of neutrals or opponents (never an ally) next to an own land with units."""
    owner, adj = st.owner, st.content.board.adj
    out = []
    for t, o in enumerate(owner):
        if o == NEUTRAL or not st.friends(seat, o):
            if any(owner[s] == seat and st.ep_in(s) > 0 for s in adj[t]):
                out.append(t)
    return out


def start_attack(st: S, seat: int, target: int) -> None:
    d = st.owner[target]
    st.log.add(f"{st.seats[seat]} attacks {st.content.board.lands[target].name} ({st.label(d)}).")
    st.stack.append(("attack", seat, target, (0, 0, 0, 0)))


def legal_attack(st: S, seat: int, target: int, force: tuple) -> list[str]:
    owner, units, lands = st.owner, st.units, st.content.board.lands
    out = []
    for s in st.content.board.adj[target]:
        if owner[s] != seat:
            continue
        key = lands[s].key
        for k, kind in enumerate(("inf", "cav", "art")):
            out += [f"commit {key} {n} {kind}" for n in range(1, units[k][s] + 1)]
        if st.general[seat] == s and not force[3]:
            out.append(f"commit {key} general")
    if value(st, force) > 0:
        out.append("go")
    return out


def act_attack(st: S, action: str, seat: int, target: int, force: tuple) -> None:
    st.stack.pop()
    words = action.split(" ")
    if words[0] == "go":
        st.log.add(f"{st.seats[seat]} attacks with {text(force)}{' and the general' if force[3] else ''}.")
        if st.markers[seat] > 0:
            st.stack.append(("boost", seat, target, force))
        else:
            _defender_step(st, seat, target, force, 0)
        return
    source = st.content.board.index[words[1]]
    f = list(force)
    if words[2] == "general":
        st.general[seat] = NEUTRAL
        f[3] = 1
    else:
        n, k = int(words[2]), KIND_INDEX[words[3]]
        st.units[k][source] -= n
        f[k] += n
    st.stack.append(("attack", seat, target, tuple(f)))


def legal_boost(st: S, seat: int, target: int, force: tuple) -> list[str]:
    return [f"spend {k}" for k in range(st.markers[seat] + 1)]


def act_boost(st: S, action: str, seat: int, target: int, force: tuple) -> None:
    st.stack.pop()
    k = int(action.split(" ")[1])
    st.markers[seat] -= k
    if k:
        st.log.add(f"{st.seats[seat]} spends {k} success marker(s) on the attack.")
    _defender_step(st, seat, target, force, k)


def _defender_step(st: S, seat: int, target: int, force: tuple, boost: int) -> None:
    defender = st.owner[target]
    if defender != NEUTRAL and st.markers[defender] > 0:
        st.stack.append(("defend", defender, seat, target, force, boost))
    else:
        resolve(st, seat, target, force, boost, 0)


def legal_defend(st: S, seat: int, attacker: int, target: int, force: tuple, boost: int) -> list[str]:
    return [f"spend {k}" for k in range(st.markers[seat] + 1)]


def act_defend(st: S, action: str, seat: int, attacker: int, target: int, force: tuple, boost: int) -> None:
    st.stack.pop()
    k = int(action.split(" ")[1])
    st.markers[seat] -= k
    if k:
        st.log.add(f"{st.seats[seat]} spends {k} success marker(s) on the defence.")
    resolve(st, attacker, target, force, boost, k)


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
        st.log.add(f"{st.seats[seat]} wins {name}, {attack} against {defence}; "
                   f"the attackers lose {text(lost)}.")
        if defender != NEUTRAL or fortified:
            got = gain_markers(st, seat, r.markers.per_capture)
            if got:
                st.log.add(f"{st.seats[seat]} gains a success marker.")
    else:
        for k in range(3):
            st.pool[k][seat] += force[k]
        if force[3]:
            st.log.add(f"{st.seats[seat]}'s general falls back to the supply.")
        lost = pay(st, target, -(-value(st, force) // r.combat.loss_divisor))
        st.log.add(f"{name} holds, {defence} against {attack}; the attack is lost and "
                   f"{st.label(defender)} loses {text(lost)}.")


def battle(st: S) -> tuple | None:
    """The battle being prepared, as (attacker, target, force, boost), if any."""
    for frame in reversed(st.stack):
        if frame[0] in ("attack", "boost"):
            return frame[1], frame[2], frame[3], 0
        if frame[0] == "defend":
            return frame[2], frame[3], frame[4], frame[5]
    return None


# ====================================================================== diplomacy


def diplomacy_options(st: S, seat: int) -> list[str]:
    """Diplomatie (U21): convert a neutral land, meddle with or buy an opponent's — never the ally's."""
    d = st.content.rules.diplomacy
    have = st.markers[seat]
    if have < min(d.convert_cost, d.meddle_cost, d.buy_cost):
        return []
    lands = st.content.board.lands
    capitals = set(st.capital)
    out = []
    for t, o in enumerate(st.owner):
        if o == seat or not owned_neighbour(st, seat, t):
            continue
        key = lands[t].key
        if o == NEUTRAL:
            if have >= d.convert_cost and st.ep_in(t) <= d.convert_max_ep:
                out.append(f"convert {key}")
        elif not st.friends(seat, o) and t not in capitals:
            if have >= d.meddle_cost:
                out += [f"meddle {key} {kind}" for k, kind in enumerate(("inf", "cav", "art")) if st.units[k][t]]
            if have >= d.buy_cost and st.ep_in(t) <= d.buy_max_ep:
                out.append(f"buy {key}")
    return out


def do_diplomacy(st: S, seat: int, words: list[str]) -> None:
    d = st.content.rules.diplomacy
    board = st.content.board
    land = board.index[words[1]]
    name = board.lands[land].name
    victim = st.owner[land]
    if words[0] == "convert":
        st.markers[seat] -= d.convert_cost
        gone = clear(st, land)
        take_land(st, seat, land, conquest=True)
        place(st, seat, land, 0, 1)
        st.log.add(f"Diplomacy: {st.seats[seat]} wins over {name} for {d.convert_cost} markers"
                   f"{' (the garrison of ' + text(gone) + ' disbands)' if any(gone) else ''}.")
    elif words[0] == "meddle":
        st.markers[seat] -= d.meddle_cost
        k = KIND_INDEX[words[2]]
        st.units[k][land] -= 1
        st.pool[k][victim] += 1
        st.log.add(f"Diplomacy: {st.seats[seat]} meddles for {d.meddle_cost} markers; "
                   f"{st.seats[victim]} removes 1 {words[2]} from {name}.")
    else:
        st.markers[seat] -= d.buy_cost
        clear(st, land)
        take_land(st, seat, land, conquest=True)
        place(st, seat, land, 0, 1)
        st.log.add(f"Diplomacy: {st.seats[seat]} buys {name} from {st.seats[victim]} for {d.buy_cost} markers.")

