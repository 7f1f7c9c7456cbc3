"""The tables and all-at-once queries the hot paths use agree with the straightforward rules,
at every step of seeded random games of the base game and of 2+2.

The straightforward rules are ``factories`` beside this file (one city, one connection at a
time, straight from the printed map), which the package's ``board`` and ``network`` make fast,
and the package's ``Turn.uses``, whose texts ``Turn.legal`` keeps per situation.
"""

from __future__ import annotations

from itertools import product

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.wsdv import board, grammar
from realpolitik.games.wsdv.board import WORKING
from realpolitik.games.wsdv.common import draw, draw_many
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.events import NextIcon
from realpolitik.games.wsdv.protests import Socialists, Suppliers
from realpolitik.games.wsdv.sequence import Turn
from realpolitik.games.wsdv.two_plus_two.cold_war import arms_room, in_the_red, is_power
from realpolitik.games.wsdv.two_plus_two.events import (
    Effects,
    NextEffect,
    card_items,
    collects,
    event_items,
    value_items,
)
from realpolitik.games.wsdv.two_plus_two.events import _kinds as kinds
from realpolitik.games.wsdv.two_plus_two.words import label as effect_label
from realpolitik.games.wsdv.value_uses import Build

from . import factories

GAMES = [("wsdv", {}), ("wsdv", {"setup": "2014", "supplier_protests": False}), ("wsdv-2p2", {})]


def positions(game_id: str, options: dict, games: int = 4):
    """Every position of ``games`` seeded random games."""
    game = get(game_id)
    for seed in range(games):
        st = game.new_state(game.default_players(), dict(options), seed)
        rng = Rng(seed + 99)
        while not st.is_over():
            yield st
            st.apply(rng.choice(st.legal_actions()))


# ---------------------------------------------------------------------- the board's queries made fast


def bits(st) -> tuple[int, int, int, int]:
    c = st.content
    return (sum(1 << x for x in range(len(c.cities)) if st.factory[x]),
            sum(st.lines[k] << 2 * k for k in range(len(c.ends))),
            sum(1 << 2 * k for k, (a, _) in enumerate(c.ends) if st.factory[a]),
            sum(1 << 2 * k + 1 for k, (_, b) in enumerate(c.ends) if st.factory[b]))


def sites(st, masks: tuple[int, int]) -> list[int]:
    """The sites a city mask and a line mask name (``board.build_masks``)."""
    net = st.content.network
    return board.picked(net.city_sites, masks[0]) + board.picked(net.line_sites, masks[1])


def board_queries_agree(st) -> None:
    c = st.content
    provinces = range(len(c.provinces))
    assert board.board_bits(st) == bits(st)  # first: the masks carried over from the board before (``moved``)
    assert list(board.values(st)) == [factories.value(st, x) for x in range(len(c.cities))]
    assert [list(board.external_links(st, x)) for x in c.externals] == [factories.external_links(st, x)
                                                                        for x in c.externals]
    assert list(board.economies(st)) == [factories.economy(st, p) for p in provinces]
    assert list(board.export_levels(st)) == [factories.export_level(st, p) for p in provinces]
    assert board.protest_counts(st) == [board.protests(st, p) for p in provinces]
    assert [board.side_protests(st, side) for side in (WEST, EAST)] == [
        sum(board.protests(st, p) for p in c.of_side[side]) for side in (WEST, EAST)]
    assert [board.ls_requirement(st, p) for p in provinces] == [max(0, 3 * (st.ls[p] + 1) - factories.economy(st, p))
                                                                for p in provinces]
    assert board.rundown_sites(st) == [x for x in range(len(c.cities)) if st.factory[x] == WORKING
                                       and c.city_side[x] == EAST and c.cities[x].kind != "external"]
    for side in (WEST, EAST):
        assert sites(st, board.build_masks(st, side)) == factories.build_sites(st, side)
        assert list(board.dismantle_sites(st, side)) == factories.dismantle_sites(st, side)
        assert board.can_dismantle(st, side) == bool(factories.dismantle_sites(st, side))
    # the captions as the cards give them (read from the card list, not written here)
    cssr, pl, rheinsberg = (c.icons[f"build-east-in-{where}"].where for where in ("cssr", "pl", "rheinsberg"))
    for where in (cssr, pl):
        assert sites(st, board.build_masks(st, EAST, where)) == factories.build_sites(st, EAST, where)
    assert sites(st, board.build_masks(st, EAST, rheinsberg, 2)) == factories.build_sites(st, EAST, rheinsberg, 2)
    for side, where, points in ((WEST, "", 1), (EAST, "", 1), (EAST, pl, 1), (EAST, rheinsberg, 2)):
        # a build decision's texts are read from the sites' masks (``board.build_masks``)
        texts = [grammar.build(c.site_name[x]) for x in factories.build_sites(st, side, where or None, points)]
        assert Build(0, side, points, where, True).legal(st)[:-1] == texts
    for where in ("nrw", "ns", "sn"):
        side = c.side_of[c.province_index[where]]
        assert list(board.dismantle_sites(st, side, where)) == factories.dismantle_sites(st, side, where)


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_board_queries_agree_with_the_straightforward_rules(game_id, options):
    """At every step; the reading kept in the state (``works``) is asked for first, so one that a
    change of the board failed to set back would answer for the board before and fail."""
    checked = 0
    for st in positions(game_id, options):
        board_queries_agree(st)
        checked += 1
    assert checked > 300


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_clone_that_changes_the_board_leaves_the_kept_reading_alone(game_id, options):
    """Clones share the kept reading; the one that builds or dismantles sets back only its own."""
    changes = 0
    for st in positions(game_id, options, games=3):
        board.values(st), board.economies(st)  # the reading both will share
        before = (list(st.factory), list(st.lines), st.hamburg)
        for action in st.legal_actions():
            twin = st.clone()
            twin.apply(action)
            if (twin.factory, twin.lines, twin.hamburg) != before:
                changes += 1
                board_queries_agree(twin)
        board_queries_agree(st)
    assert changes > 100


# ---------------------------------------------------------------------- a turn's legal actions


def situation(st, seat: int) -> tuple:
    """What the uses of a card depend on this turn (``Turn.situation``), read with the plain rules."""
    side = st.side(seat)
    calm_free = any(st.unrest[p] for p in st.content.of_side[side])
    out = (side, calm_free, calm_free and bool(factories.dismantle_sites(st, side)))
    if st.game.id == "wsdv-2p2":
        out += (in_the_red(st, seat), is_power(seat), is_power(seat) and arms_room(st, side))
    return out


def turn_legal(st, top) -> list[str]:
    """``Turn.legal`` card by card: the uses of each card from the rule (``Turn.uses``), no texts kept."""
    seat, c = top.seat, st.content
    now = situation(st, seat)

    def uses(key: str) -> list[str]:
        return type(top).uses(c, key, now)

    out = [grammar.take(k, u) for k in st.display for u in uses(k)]
    if st.special:
        out += [grammar.take(st.special, u) for u in uses(st.special)]
    out += [grammar.play(k, u) for k in st.hands[seat] for u in uses(k)]
    if st.side(seat) == EAST and st.police_used < len(st.police):
        out += [grammar.police(c.provinces[p].key) for p in c.of_side[EAST] if st.unrest[p]]
    return out


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_turns_legal_actions_agree_with_the_straightforward_rules(game_id, options):
    turns = 0
    for st in positions(game_id, options, games=6):
        top = st.stack[-1]
        if isinstance(top, Turn):
            assert list(st.legal_actions()) == turn_legal(st, top)
            turns += 1
    assert turns > 200


# ---------------------------------------------------------------------- the checks after every action


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_an_idle_check_after_the_action_does_nothing(game_id, options):
    """``EndTurn`` skips the supplier and socialist checks (§6.2–6.3) where ``idle`` says so: running
    them there changes neither the board nor the stack; where they are not idle, they do something."""
    idle = busy = 0
    for st in positions(game_id, options, games=6):
        for check in (Suppliers(), Socialists()):
            twin = st.clone()
            before = twin.snapshot()
            check.run(twin)
            if type(check).idle(st):
                assert twin.snapshot() == before
                idle += 1
            else:
                assert twin.snapshot() != before
                busy += 1
    assert idle > 500 and busy > 5


# ---------------------------------------------------------------------- the action texts written once


@pytest.mark.parametrize("game_id", ["wsdv", "wsdv-2p2"])
def test_the_written_province_texts_are_the_grammars(game_id):
    """``grammar.Texts`` serves the legal lists the same texts the builders write."""
    c = get(game_id).new_state(get(game_id).default_players(), seed=1).content
    texts = c.texts
    for p, province in enumerate(c.provinces):
        assert (texts.calm[p], texts.police[p], texts.ls[p], texts.unrest[p]) == (
            grammar.calm(province.key), grammar.police(province.key), grammar.ls(province.key),
            grammar.unrest(province.key))


@pytest.mark.parametrize("game_id", ["wsdv", "wsdv-2p2"])
def test_the_card_tables_hold_the_printed_cards(game_id):
    """The rules read a card's value, arrows and flight icons from tables kept with the content."""
    c = get(game_id).new_state(get(game_id).default_players(), seed=1).content
    for key, card in c.cards.items():
        assert c.card_values[key] == (card.value_for(WEST), card.value_for(EAST))
        assert c.card_arrows[key] == (card.arrows.prestige, card.arrows.currency, card.arrows.socialism)
        assert c.card_flight[key] == card.flight


@pytest.mark.parametrize("game_id", ["wsdv", "wsdv-2p2"])
def test_cards_alike_have_the_same_uses_in_every_situation(game_id):
    """``Offers`` works out the uses once per likeness (``Turn.likeness``): every card has the uses of
    the first card alike, in every situation a turn can be in."""
    st = get(game_id).new_state(get(game_id).default_players(), seed=1)
    c, turn = st.content, type(st.turns[0])
    width = len(turn(0).situation(st))
    first: dict = {}
    for key in c.cards:
        first.setdefault(turn.likeness(c, key), key)
    assert len(first) < len(c.cards)
    for situation in product((WEST, EAST), *[(False, True)] * (width - 1)):
        for key in c.cards:
            assert turn.uses(c, key, situation) == turn.uses(c, first[turn.likeness(c, key)], situation)


def test_a_cards_kept_items_are_the_plain_ones_for_every_use():
    """2+2 keeps what a card's event or value executes (``card_items``), a value's once for all the uses
    of a value: each use still gets its own plain answer."""
    st = get("wsdv-2p2").new_state(4, seed=1)
    for key, card in st.content.cards.items():
        for side in (WEST, EAST):
            for use in (*grammar.USES, "auto"):
                plain = (event_items(card, side, auto=use == "auto") if use in ("event", "auto")
                         else (collects(card, use), value_items(card, side)))
                assert card_items(st, key, side, use) == plain


# ---------------------------------------------------------------------- choosing the next icon or arrow


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_the_next_item_choices_kept_per_pool_are_the_plain_ones(game_id, options):
    """``NextIcon`` and ``NextEffect`` keep their choices per pool (``_next_icons``, ``_kinds``): the
    words of each kind of item in printed order, each choosing the first item of its kind."""
    asked = 0
    for st in positions(game_id, options, games=8):
        top = st.stack[-1]
        if isinstance(top, (NextIcon, NextEffect)):
            label = effect_label if isinstance(top, NextEffect) else str
            words = list(dict.fromkeys(map(label, top.pool)))
            assert list(st.legal_actions()) == [grammar.next_item(w) for w in words]
            if isinstance(top, NextEffect):
                assert {w: next(i for i in top.pool if label(i) == w) for w in words} == kinds(top.pool)
            asked += 1
    assert asked > 10


@pytest.mark.parametrize(("game_id", "options"), GAMES[2:])
def test_an_active_pool_is_mixed_where_it_has_two_kinds(game_id, options):
    for st in positions(game_id, options, games=4):
        for frame in st.stack:
            if isinstance(frame, Effects) and frame.pool:
                assert (len(kinds(frame.pool)) > 1) == (len({effect_label(i) for i in frame.pool}) > 1)


# ---------------------------------------------------------------------- drawing several cards


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_drawing_several_cards_at_once_is_drawing_them_one_by_one(game_id, options):
    """``draw_many`` takes the cards ``draw`` would, one at a time, and leaves the same deck behind."""
    for st in positions(game_id, options, games=3):
        for n in (1, 3, 7, 60):
            many, one_by_one = st.clone(), st.clone()
            drawn = [k for k in (draw(one_by_one) for _ in range(n)) if k is not None]
            assert draw_many(many, n) == drawn
            assert (many.deck, many.deck_seen, many.known) == (one_by_one.deck, one_by_one.deck_seen, one_by_one.known)
