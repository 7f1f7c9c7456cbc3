"""The walks across the empty board (walks.py), the per-board memos (memo.py), the board
readings and each power's leaders kept in the state (occupancy.py) and the income added up
without the exact assignment give what the straightforward computation gives — the package's
plain rules (``movement.plain_reach``, ``economy.plain_tanker_actions`` …) —, in the same
order, at every step of seeded random games under the options that change movement and money."""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.nationen import economy, movement
from realpolitik.games.nationen.content import LEADERS
from realpolitik.games.nationen.movement import plain_leader_moves, plain_placements, plain_reach
from realpolitik.games.nationen.occupancy import occupancy
from realpolitik.i18n import render, t

VARIANTS = [{}, {"direction": "global"}, {"own_agent_blocks": True}, {"pipeline_chains": True},
            {"start_variant": "random-states", "bank_limit": True}]


def ruled(st, seat):
    return [s for s in range(len(st.content.board.states)) if economy.ruler(st, s) == seat]


def check(st):
    b = st.content.board
    assert occupancy(st).board == st.board  # kept in the state: never the reading of another board
    assert st.lineup == tuple(tuple(p for p, occ in enumerate(st.board) if occ >= 0 and occ // 4 == seat)
                              for seat in range(len(st.seats)))
    assert st.rulers == tuple(st.board[c] for c in b.capital)
    assert st.realms == tuple(tuple(ruled(st, seat)) for seat in range(len(st.seats)))
    assert st.vacant == tuple(st.board[c] < 0 for c in b.capital)
    assert st.occupied == sum(1 << p for p, occ in enumerate(st.board) if occ >= 0)
    for seat in range(len(st.seats)):
        if not st.alive[seat]:
            continue
        assert movement.leader_moves(st, seat) == plain_leader_moves(st, seat)
        for steps in (2, 5):  # an incident card's free move, and its exact retreat
            assert movement.leader_moves(st, seat, starts=st.lineup[seat], steps=steps) == \
                plain_leader_moves(st, seat, steps)
            assert movement.leader_moves(st, seat, starts=st.lineup[seat], steps=steps, exact=True, attack=False) == \
                plain_leader_moves(st, seat, steps, exact=True, attack=False)
        assert list(economy.tanker_actions(st, seat)) == economy.plain_tanker_actions(st, seat)
        assert list(economy.pipeline_choices(st, seat)) == economy.plain_pipeline_choices(st, seat)
        assert movement.placements(st, seat) == plain_placements(st, seat)
        coastal = [s for s, sd in enumerate(b.states) if sd.kind == "coastal"][::-1]
        assert movement.placements(st, seat, free=True, states=coastal) == plain_placements(st, seat, True, coastal)
        held = tuple(st.tankers[seat * len(b.locations):(seat + 1) * len(b.locations)])
        for skip in (-1, *ruled(st, seat)):  # the exact assignment, asked directly
            assert economy.income(st, seat, skip) == economy._income(b, st.rulers, seat, skip, held, st.pipes)
        assert movement.cheapest_rate(st, seat) == movement.plain_cheapest_rate(st, seat)
        if st.agents[seat] >= 0:
            steps, p = b.components.agent_steps, st.agents[seat]
            ends = [b.texts.agent[q] for q in b.agent_ends(st.options["direction"], p, steps)]
            assert movement.agent_moves(st, seat, steps) == ends
            assert list(b.agent_turns[st.options["direction"]][p]) == ends  # what AgentSteps offers
        for p, occ in enumerate(st.board):
            if occ >= 0 and occ // 4 == seat:
                for budget in (1, 3, 40):
                    assert list(movement.reach(st, seat, p, budget).items()) == \
                        list(plain_reach(st, seat, p, budget).items())
                    assert list(movement.reach(st, seat, p, budget, exact=True, attack=False).items()) == \
                        list(plain_reach(st, seat, p, budget, exact=True, attack=False).items())


@pytest.mark.parametrize("options", VARIANTS)
def test_fast_paths_agree_with_the_plain_computation(options):
    game = get("nationen")
    steps = 0
    for players in (2, 3, 4):
        for seed in range(4):
            st = game.new_state(players, {"round_limit": 60, **options}, seed)
            rng = Rng(seed)
            while not st.is_over():
                check(st)
                legal = st.legal_actions()
                twin = st.clone()  # a clone shares the reading until its own board changes
                twin.apply(legal[rng.below(len(legal))])
                check(twin)
                st.apply(legal[rng.below(len(legal))])
                steps += 1
    assert steps > 300


def test_board_records_hold_the_validated_entries():
    """The board's components, states and cards are plain records (content._record): the same
    fields with the same values as the entries validated from the files."""
    from dataclasses import fields

    from realpolitik.engine.content import entries, read_toml, validate
    from realpolitik.games.nationen.content import DATA, BoardFile, Card, StateDef, load

    content = load()
    raw = read_toml(DATA / "board.toml")
    top = validate(BoardFile, raw, "board.toml", "(top level)")
    pairs = [(content.board.components, top.components)]
    pairs += zip(content.board.states, entries(raw, "states", StateDef, "board.toml"), strict=True)
    cards = entries(read_toml(DATA / "cards.toml"), "cards", Card, "cards.toml")
    pairs += [(content.cards[card.key], card) for card in cards]
    assert len(content.cards) == len(cards)
    for record, entry in pairs:
        assert {f.name: getattr(record, f.name) for f in fields(record)} == dict(entry)


def test_the_board_holds_the_words_of_its_points_and_places():
    """``Board.point_words`` and ``Board.location_words``, made once per board, are what the log
    and the buttons said when each was put into words on its own."""
    from realpolitik.games.nationen.content import load

    b = load().board
    for p, name in enumerate(b.point_name):
        state = b.states[b.point_state[p]]
        n = int(name.rpartition("-")[2])
        plain = (t("{state} capital", state=state.name) if n == state.capital
                 else t("{state} {n} (?)", state=state.name, n=n) if b.question[p]
                 else t("{state} {n}", state=state.name, n=n))
        assert b.point_words[p] == plain
    ports = {"at": "in the port of {state}", "into": "into the port of {state}", "from": "from the port of {state}"}
    seas = {"at": "on the {side} high sea", "into": "onto the {side} high sea", "from": "from the {side} high sea"}
    for case, port in ports.items():
        assert {key: render(words, "en") for key, words in b.location_words[case].items()} == {
            **{s.key: port.format(state=s.name) for s in b.states},
            "north": seas[case].format(side="northern"), "south": seas[case].format(side="southern")}


def test_a_walk_holds_the_move_texts_of_its_points():
    """A walk across the empty board holds, per kind, the move to each of its points in the walk's
    order (a free move reads the first of them, a blocked one looks each point up by ``at``)."""
    from realpolitik.games.nationen.content import load

    b = load().board
    for rule in ("per-circle", "global"):
        for walk in b.walks[rule]:
            source = b.point_name[walk.start]
            for kind, texts in zip(LEADERS, walk.texts, strict=True):
                assert list(texts) == [f"move {kind} {source} {b.point_name[q]}" for q in walk.points]
            assert [walk.at[q] for q in walk.points] == list(range(len(walk.points)))
