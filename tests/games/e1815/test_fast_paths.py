"""The per-map tables and fast option functions agree with the rules read plainly.

The legal actions of the busiest decisions (the action menu, a battle's commitments, a
Z-effect, a hand-over, reinforcements, team actions) are built from texts written once per
map (``Content.tables``) and from bitmasks. Here each is worked out the straightforward
way — every land looked at, every text written with ``grammar`` — and compared, texts and
order, at every step of seeded random games on both maps; so are the rollout policy's pick
on the action menu and each seat's lands, which a state keeps until an owner changes.
"""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.e1815 import grammar, heuristic
from realpolitik.games.e1815.combat import Attack, strengths
from realpolitik.games.e1815.content import KINDS
from realpolitik.games.e1815.logistics import Relocation, ZEffect
from realpolitik.games.e1815.phases import TurnAction
from realpolitik.games.e1815.scoring import PlaceReinforcements
from realpolitik.games.e1815.state import GREY, NEUTRAL, NO_FORT
from realpolitik.games.e1815.team import HandOver, TeamAction
from realpolitik.games.e1815.units import cheapest, counts_in


def _ep(st, land):
    return sum(st.units[k][land] * st.content.ep[k] for k in range(3))


def _grey(st, seat):
    return sum(1 for i, f in enumerate(st.fort) if f == GREY and st.owner[i] == seat)


def _attrition_due(st, seat):
    return st.season == "winter" and _grey(st, seat) == 0


def _own_next_to(st, seat, land, pred=lambda s: True):
    return any(st.owner[s] == seat and pred(s) for s in st.content.board.adj[land])


def _relocation_targets(st, seat):
    movable = lambda s: _ep(st, s) > 0 or st.general[seat] == s  # noqa: E731
    return [t for t, o in enumerate(st.owner) if o == seat and _own_next_to(st, seat, t, movable)]


def _general_jumps(st, seat):
    at = st.general[seat]
    if at < 0:
        return []
    out = {i for i, f in enumerate(st.fort) if f != NO_FORT and st.owner[i] == seat and i != at}
    cap = st.capital[seat]
    if cap >= 0 and st.owner[cap] == seat and cap != at:
        out.add(cap)
    return sorted(out)


def _supply_mixes(st, seat):
    budget, ep = st.content.rules.nachschub.ep, st.content.ep
    pool = [st.pool[k][seat] for k in range(3)]
    mixes = [(a, b, c) for a in range(pool[0] + 1) for b in range(pool[1] + 1) for c in range(pool[2] + 1)
             if a * ep[0] + b * ep[1] + c * ep[2] <= budget]
    best = max(a * ep[0] + b * ep[1] + c * ep[2] for a, b, c in mixes)
    return [] if best == 0 else sorted((m for m in mixes if sum(n * e for n, e in zip(m, ep)) == best), reverse=True)


def _menu(st, seat):
    """The action menu (U13): relocate, supply, fortify, diplomacy, attack, end turn."""
    lands = st.content.board.lands
    out = []
    cap = st.capital[seat]
    winter = _attrition_due(st, seat)
    if not winter or (cap >= 0 and st.owner[cap] == seat and _ep(st, cap) >= 2):
        if _relocation_targets(st, seat) or _general_jumps(st, seat):
            out.append(grammar.RELOCATE)
        home = {i for i, f in enumerate(st.fort) if f != NO_FORT and st.owner[i] == seat}
        g = st.general[seat]
        if g >= 0 and st.owner[g] == seat:
            home.add(g)
        out += [grammar.supply(lands[i].key, m) for i in sorted(home) for m in _supply_mixes(st, seat)]
        if st.forts_left[seat] > 0:
            paid = cheapest(counts_in(st, cap), 2, st.content.ep) if winter else (0, 0, 0)
            cost = sum(n * e for n, e in zip(paid, st.content.ep))
            out += [grammar.fortify(lands[i].key) for i, o in enumerate(st.owner)
                    if o == seat and st.fort[i] == NO_FORT and _ep(st, i) - (cost if i == cap else 0) >= 2]
        out += _diplomacy(st, seat)
    if st.military_left > 0:
        out += [grammar.attack(lands[t].key) for t, o in enumerate(st.owner)
                if o != seat and (o == NEUTRAL or o != st.ally[seat])
                and _own_next_to(st, seat, t, lambda s: _ep(st, s) > 0)]
    out.append(grammar.END_TURN)
    return out


def _diplomacy(st, seat):
    d = st.content.rules.diplomacy
    have = st.markers[seat]
    out = []
    for land, o in enumerate(st.owner):
        if o == seat or not _own_next_to(st, seat, land):
            continue
        key = st.content.board.lands[land].key
        if o == NEUTRAL:
            if have >= d.convert_cost and _ep(st, land) <= d.convert_max_ep:
                out.append(grammar.convert(key))
        elif o != st.ally[seat] and land not in st.capital:
            if have >= d.meddle_cost:
                out += [grammar.meddle(key, kind) for k, kind in enumerate(KINDS) if st.units[k][land]]
            if have >= d.buy_cost and _ep(st, land) <= d.buy_max_ep:
                out.append(grammar.buy(key))
    return out


def _groups(st, seat, target, write, general=None):
    """``write(source, n, kind)`` for every unit group in own lands next to ``target``, then the general."""
    out = []
    for s in st.content.board.adj[target]:
        if st.owner[s] == seat:
            key = st.content.board.lands[s].key
            out += [write(key, n, kind) for k, kind in enumerate(KINDS) for n in range(1, st.units[k][s] + 1)]
            if general is not None and st.general[seat] == s:
                out.append(general(key))
    return out


def _placements(st, seat, left):
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


def _team(st, seat):
    lands = st.content.board.lands
    ally = st.ally[seat]
    out = [grammar.cede(lands[i].key) for i, o in enumerate(st.owner) if o == seat and i != st.capital[seat]]
    out += [grammar.transfer(lands[t].key) for t, o in enumerate(st.owner)
            if o == ally and _own_next_to(st, seat, t, lambda s: _ep(st, s) > 0)]
    if st.markers[seat] > 0 and st.markers[ally] < st.content.rules.markers.cap:
        out.append(grammar.GIVE_MARKER)
    return out


def plainly(st) -> list[str] | None:
    """The legal actions of the decision on top, worked out plainly (None: a decision not checked here)."""
    top = st.stack[-1]
    seat = top.seat
    if isinstance(top, TurnAction):
        return _menu(st, seat)
    if isinstance(top, Attack):
        out = _groups(st, seat, top.target, grammar.commit, None if top.force[3] else grammar.commit_general)
        return out + [grammar.GO] if sum(n * e for n, e in zip(top.force, st.content.ep)) > 0 else out
    if isinstance(top, ZEffect):
        out = _groups(st, seat, top.target, grammar.move, grammar.move_general)
        return out + [grammar.DONE] if top.moved else out
    if isinstance(top, HandOver):
        out = _groups(st, seat, top.target, grammar.move)
        return out + [grammar.DONE] if top.moved else out
    if isinstance(top, Relocation):
        lands = st.content.board.lands
        return ([grammar.to(lands[t].key) for t in _relocation_targets(st, seat)]
                + [grammar.general_to(lands[t].key) for t in _general_jumps(st, seat)] + [grammar.END_RELOCATION])
    if isinstance(top, PlaceReinforcements):
        return _placements(st, seat, top.left) + [grammar.DONE]
    if isinstance(top, TeamAction):
        return _team(st, seat) + [grammar.NO_TEAM_ACTION]
    return None


def _menu_pick(st, legal, rng):
    """The rollout policy on the action menu, read plainly: the first attack that wins, else a random civil action."""
    seat = st.to_act
    board = st.content.board
    civil = []
    for a in legal:
        verb, args = grammar.read(a)
        if verb == "attack":
            target = board.index[args[0]]
            power = sum(_ep(st, s) for s in board.adj[target] if st.owner[s] == seat) + st.markers[seat]
            if power > strengths(st, seat, target, (0, 0, 0, 0), 0, 0)[1]:
                return a
        elif a != grammar.END_TURN:
            civil.append(a)
    return civil[rng.below(len(civil))] if civil else grammar.END_TURN


def _lands_kept_right(st):
    """Each seat's kept lands (``lands_of``, ``land_mask``) and fortress lands (``fortresses_of``) are the
    ones it owns now, its whole territories (``full_territories``) those all of whose lands it owns, and
    its grey fortresses (``grey_fortresses``) those on its lands."""
    return all(st.lands_of(s) == tuple(i for i, o in enumerate(st.owner) if o == s)
               and st.land_mask(s) == sum(1 << i for i, o in enumerate(st.owner) if o == s)
               and st.full_territories(s) == [t for t, lands in enumerate(st.content.board.territory_lands)
                                              if all(st.owner[i] == s for i in lands)]
               and st.grey_fortresses(s) == _grey(st, s)
               and st.fortresses_of(s) == [i for i, o in enumerate(st.owner) if o == s and st.fort[i] != NO_FORT]
               for s in range(len(st.seats)))


@pytest.mark.parametrize("game_id, options, players", [
    ("e1815", {}, 2), ("e1815", {}, 3), ("e1815", {}, 4), ("e1815-2vs2", {}, 4), ("e1815-2vs2", {"map": "1715"}, 4),
])
def test_the_legal_actions_and_the_rollout_pick_match_the_plain_reading_at_every_step(game_id, options, players):
    game = get(game_id)
    checked = set()
    for seed in range(12):
        st = game.new_state(players, options, seed)
        rng = Rng(seed)
        by_policy = seed % 2 == 1  # half the games as the rollout policy plays them: more battles won
        while not st.is_over():
            legal = st.legal_actions()
            expected = plainly(st)
            if expected is not None:
                assert list(legal) == expected, (seed, st.ply, st.stack[-1])
                checked.add(type(st.stack[-1]).__name__)
            assert _lands_kept_right(st)
            before = st.clone()  # shares the kept lands, which the next move must not change in place
            if by_policy:
                if isinstance(st.stack[-1], TurnAction) and len(legal) > 1:
                    assert heuristic.rollout_policy(st, rng.copy()) == _menu_pick(st, legal, rng.copy())
                st.apply(heuristic.rollout_policy(st, rng))
            else:
                st.apply(rng.choice(legal))
            assert _lands_kept_right(before) and _lands_kept_right(st)
    assert {"TurnAction", "Attack", "ZEffect", "Relocation", "PlaceReinforcements"} <= checked
    if game_id == "e1815-2vs2":
        assert {"TeamAction", "HandOver"} <= checked


def test_the_tables_are_made_once_per_map_and_shared_by_its_games():
    game = get("e1815-2vs2")
    a, b = game.new_state(4, {}, 1), game.new_state(4, {}, 2)
    other = game.new_state(4, {"map": "1715"}, 1)
    assert a.content.tables is b.content.tables
    assert other.content.tables is not a.content.tables
    assert other.content.tables.attack[0] == grammar.attack(other.content.board.lands[0].key)


def test_each_commitment_text_is_read_back_to_its_land_kind_and_count():
    content = get("e1815").new_state(4, {}, 1).content
    parts = content.tables.commit_parts
    for text, (land, k, n) in parts.items():
        _, args = grammar.read(text)
        assert args[0] == content.board.lands[land].key
        assert (k, n) == ((3, 1) if args[1] == grammar.GENERAL else (KINDS.index(args[2]), args[1]))
    assert len(parts) == len(content.board.lands) * (1 + sum(
        (content.rules.supply.inf, content.rules.supply.cav, content.rules.supply.art)))


def test_the_cheapest_payment_is_the_least_overpay_read_plainly():
    # every way to pay, the least value first, then the least artillery, then the least cavalry
    for values in ((1, 2, 3), (1, 1, 1), (2, 3, 5), (3, 2, 1)):
        for counts in [(i, c, a) for i in range(5) for c in range(5) for a in range(5)]:
            for ep in range(0, 20):
                ways = [((a * values[0] + b * values[1] + c * values[2], c, b), (a, b, c))
                        for a in range(counts[0] + 1) for b in range(counts[1] + 1) for c in range(counts[2] + 1)
                        if a * values[0] + b * values[1] + c * values[2] >= ep]
                plain = min(ways)[1] if ways else counts
                assert cheapest.__wrapped__(counts, ep, values) == plain, (counts, ep, values)
