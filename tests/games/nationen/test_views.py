"""Views, determinization (only the undrawn cards are unknown) and refusals in words."""

import json

import pytest

from realpolitik.engine import IllegalAction, Rng
from realpolitik.games import get
from tests.games.nationen.scenario import build

GAME = get("nationen")


def test_everything_but_the_undrawn_cards_is_public():
    assert GAME.hidden_information is False
    st = build(leaders=[(0, "king", "kadhar-0")], tankers=[(0, "kadhar", 1)], at="main")
    view = st.view(1)
    json.dumps(view)
    assert view["private"] == {}
    pub = view["public"]
    kadhar = next(s for s in pub["states"] if s["key"] == "kadhar")
    assert kadhar["ruler"] == {"seat": "p1", "kind": "king"}
    assert kadhar["points"][0]["leader"] == {"seat": "p1", "kind": "king"}
    assert kadhar["port"] == {"p1": 1}
    p1 = pub["players"][0]
    assert p1["money"] == 20 and p1["income"] == 2 and p1["tankers"] == 1
    assert pub["pipelines"] == [["uor", "abu"]]


def test_determinize_reshuffles_only_cards_never_drawn():
    st = build(leaders=[(0, "dictator", "kadhar-2")], deck=["foreign-aid", "corruption"], at="main")
    st.apply("move dictator kadhar-2 kadhar-4")
    rng = Rng(7)
    tops = set()
    for _ in range(20):
        world = st.determinize(1, rng)
        assert world.deck[-1] == "foreign-aid"
        assert sorted(world.deck) == sorted(st.deck)
        assert world.view(1) == st.view(1)
        tops.add(world.deck[0])
    assert len(tops) > 1


def test_a_fully_seen_deck_is_known_to_everyone():
    st = build(at="main")
    st.unknown = 0
    world = st.determinize(0, Rng(3))
    assert world.deck == st.deck
    assert st.view(0)["public"]["deck"]["known_bottom"] == st.deck


def test_describe_for_the_actor_and_for_the_others():
    st = build(leaders=[(0, "king", "kadhar-0")])
    assert str(st.describe_pending(0)).startswith("move your agent 4 steps")
    assert str(st.describe_pending(1)) == "Player 1 moves its agent"
    assert st.view(1)["waiting"] == "Player 1 moves its agent"
    assert "pending" not in st.view(1) and st.view(0)["pending"]["actions"] == list(st.legal_actions())


def test_the_prompt_follows_the_turn_step_three_then_the_optional_actions():
    """Jede Runde: 3. place a head of state or move one; a tanker action and a pipeline besides, if
    the player likes — once the head of state has moved, only those are left before the turn ends."""
    st = build(leaders=[(0, "king", "kadhar-0")], at="main")
    assert str(st.describe_pending(0)) == ("place a head of state on a free capital or move one; a tanker action and "
                                           "a pipeline are optional")
    assert str(st.describe_pending(1)) == "Player 1 places or moves a head of state"
    st.apply("move king kadhar-0 kadhar-1")
    assert str(st.describe_pending(0)) == "a tanker action or a pipeline if you like, then end your turn"
    assert str(st.describe_pending(1)) == "Player 1 ends its turn"


@pytest.mark.parametrize("action,reason", [
    ("move king kadhar-0 nowhere-9", "There is no point 'nowhere-9'"),
    ("move emperor kadhar-0 kadhar-1", "'emperor' is not a head of state"),
    ("move king zarqan-0 zarqan-1", "You have no king on Zarqan capital."),
    ("place king atlantis", "There is no state 'atlantis'"),
    ("buy tanker kadhar", "A tanker costs 5 M; you have 3 M."),
    ("pipeline kadhar harun", "A pipeline costs 3 M; you have 2 M."),
])
def test_refusals_give_a_reason_and_change_nothing(action, reason):
    st = build(leaders=[(0, "king", "kadhar-0")], money=[3, 20], at="main")
    if action.startswith("pipeline"):
        st.money[0] = 2
        st._legal = None
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=reason):
        st.apply(action)
    assert st.snapshot() == before


@pytest.mark.parametrize("action,reason", [
    # Der Angriffskrieg (a): only a head of state sitting on a capital can be attacked
    ("attack king kadhar-0 mahul-0", "An attack must end on a capital held by an opponent's head of state."),
    # Das Vorrücken: no head of state shares a point with another
    ("move king kadhar-0 kadhar-1", "The king cannot get to Kadhar 1: a move keeps its direction, may not pass or "
                                    "share a point with another head of state"),
    ("move king kadhar-0 kadhar-1 kadhar-2", "'move king kadhar-0 kadhar-1 kadhar-2' is not possible now."),
])
def test_a_wrong_move_or_attack_is_refused_with_the_rule_it_breaks(action, reason):
    st = build(leaders=[(0, "king", "kadhar-0"), (1, "dictator", "kadhar-1")], money=[3, 20], at="main")
    with pytest.raises(IllegalAction) as refused:
        st.apply(action)
    assert str(refused.value).startswith(reason)


@pytest.mark.parametrize("action,reason", [
    # Einsetzen: only a head of state still in the supply can be placed
    ("place dictator uor", "You have no dictator left to place."),
    # Jede Runde, step 3: a head of state must be placed or moved before the turn ends
    ("end", "You must first place or move a head of state (the rule book: step 3 is compulsory)."),
    ("agent kadhar-1", "'agent kadhar-1' is not possible now."),  # the agent has moved this turn
])
def test_the_second_seat_is_refused_with_its_own_supply_and_step(action, reason):
    supply = [2, 2, 1, 1, 2, 2, 0, 1]  # Player 2's dictator is on the board
    st = build(leaders=[(1, "dictator", "zarqan-0")], supply=supply, turn=1, at="main")
    with pytest.raises(IllegalAction) as refused:
        st.apply(action)
    assert str(refused.value).startswith(reason)


def test_a_typed_action_is_normalised():
    st = build(leaders=[(0, "king", "kadhar-0")], at="main")
    st.apply("  MOVE King  KADHAR-0 kadhar-1 ")
    assert st.board[st.content.board.point_id["kadhar-1"]] == 0
