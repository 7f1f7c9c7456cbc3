"""The per-map cache and fast option functions agree with the rules read plainly.

The legal actions of the busiest decisions (the action menu, a battle's commitments, a
Z-effect, a hand-over, reinforcements, team actions) are built from texts written once per
map (``Content.map_cache``) and from bitmasks. The package has each worked out the straightforward
way beside it — every land looked at, every text written with ``grammar`` (``sequence.plain_menu``,
``units.plain_groups``, ``logistics.plain_relocation_targets`` …) —, and here they are compared,
texts and order, at every step of seeded random games on both maps; so are the rollout policy's
pick on the action menu (``heuristic.plain_menu_pick``) and each seat's lands, which a state keeps
until an owner changes.
"""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.e1815 import grammar, heuristic, logistics
from realpolitik.games.e1815.combat import Attack
from realpolitik.games.e1815.content import KINDS
from realpolitik.games.e1815.logistics import Relocation, ZEffect
from realpolitik.games.e1815.scoring import PlaceReinforcements, plain_placements
from realpolitik.games.e1815.sequence import TurnAction, plain_menu
from realpolitik.games.e1815.state import GREY, NO_FORT
from realpolitik.games.e1815.team import HandOver, TeamAction, plain_options
from realpolitik.games.e1815.units import cheapest, plain_cheapest, plain_groups


def plainly(st) -> list[str] | None:
    """The legal actions of the decision on top, worked out plainly (None: a decision not checked here)."""
    top = st.stack[-1]
    seat = top.seat
    if isinstance(top, TurnAction):
        return plain_menu(st, seat)
    if isinstance(top, Attack):
        out = plain_groups(st, seat, top.target, grammar.commit, None if top.force[3] else grammar.commit_general)
        return out + [grammar.GO] if sum(n * e for n, e in zip(top.force, st.content.ep)) > 0 else out
    if isinstance(top, ZEffect):
        out = plain_groups(st, seat, top.target, grammar.move, grammar.move_general)
        return out + [grammar.DONE] if top.moved else out
    if isinstance(top, HandOver):
        out = plain_groups(st, seat, top.target, grammar.move)
        return out + [grammar.DONE] if top.moved else out
    if isinstance(top, Relocation):
        lands = st.content.board.lands
        return ([grammar.to(lands[t].key) for t in logistics.plain_relocation_targets(st, seat)]
                + [grammar.general_to(lands[t].key) for t in logistics.plain_general_jumps(st, seat)]
                + [grammar.END_RELOCATION])
    if isinstance(top, PlaceReinforcements):
        return plain_placements(st, seat, top.left) + [grammar.DONE]
    if isinstance(top, TeamAction):
        return plain_options(st, seat) + [grammar.NO_TEAM_ACTION]
    return None


def _grey(st, seat):
    return sum(1 for i, f in enumerate(st.fort) if f == GREY and st.owner[i] == seat)


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
                    assert heuristic.rollout_policy(st, rng.copy()) == heuristic.plain_menu_pick(st, legal, rng.copy())
                st.apply(heuristic.rollout_policy(st, rng))
            else:
                st.apply(rng.choice(legal))
            assert _lands_kept_right(before) and _lands_kept_right(st)
    assert {"TurnAction", "Attack", "ZEffect", "Relocation", "PlaceReinforcements"} <= checked
    if game_id == "e1815-2vs2":
        assert {"TeamAction", "HandOver"} <= checked


def test_the_map_cache_is_made_once_per_map_and_shared_by_its_games():
    game = get("e1815-2vs2")
    a, b = game.new_state(4, {}, 1), game.new_state(4, {}, 2)
    other = game.new_state(4, {"map": "1715"}, 1)
    assert a.content.map_cache is b.content.map_cache
    assert other.content.map_cache is not a.content.map_cache
    assert other.content.map_cache.attack[0] == grammar.attack(other.content.board.lands[0].key)


def test_each_commitment_text_is_read_back_to_its_land_kind_and_count():
    content = get("e1815").new_state(4, {}, 1).content
    parts = content.map_cache.commit_parts
    for text, (land, k, n) in parts.items():
        _, args = grammar.read(text)
        assert args[0] == content.board.lands[land].key
        assert (k, n) == ((3, 1) if args[1] == grammar.GENERAL else (KINDS.index(args[2]), args[1]))
    assert len(parts) == len(content.board.lands) * (1 + sum(
        (content.rules.supply.inf, content.rules.supply.cav, content.rules.supply.art)))


def test_the_cheapest_payment_is_the_least_overpay_read_plainly():
    for values in ((1, 2, 3), (1, 1, 1), (2, 3, 5), (3, 2, 1)):
        for counts in [(i, c, a) for i in range(5) for c in range(5) for a in range(5)]:
            for ep in range(0, 20):
                assert cheapest.__wrapped__(counts, ep, values) == plain_cheapest(counts, ep, values), counts
