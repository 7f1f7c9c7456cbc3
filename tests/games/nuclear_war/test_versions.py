"""Rules version 3 plays the printed deck; records of version 2 still replay, with its stand-in deck."""

import pytest

from realpolitik.engine import Record, RecordError, Rng
from realpolitik.games import get
from tests.games.nuclear_war.scenario import build

GAME = get("nuclear-war")


def _recorded(game, seed=3, moves=150):
    state, rng = game.new_state(4, None, seed), Rng(seed)
    record = Record.start(state, seed, ["random"] * 4)
    while len(record.actions) < moves and not state.is_over():
        record.actions.append(rng.choice(state.legal_actions()))
        state.apply(record.actions[-1])
    return record, state


def test_a_record_of_rules_version_2_replays_with_its_stand_in_deck():
    old = GAME.at_version("2")
    assert old.rules_version == "2" and old.bots == GAME.bots
    record, state = _recorded(old)
    assert record.rules_version == "2"
    again = Record.from_json(record.to_json()).replay(get)
    assert again.snapshot() == state.snapshot()
    assert again.game.rules_version == "2" and again.content.cards["10mt"].kills == 10
    assert GAME.new_state(4, None, 3).content.cards["10mt"].kills == 2


def test_a_record_of_the_current_version_replays_with_the_printed_deck():
    record, state = _recorded(GAME)
    assert record.rules_version == GAME.rules_version == "3"
    assert Record.from_json(record.to_json()).replay(get).snapshot() == state.snapshot()


def test_a_version_the_game_no_longer_knows_is_refused():
    record, _ = _recorded(GAME, moves=5)
    record.rules_version = "1"
    with pytest.raises(RecordError, match="rules version 1, this program has 3"):
        record.replay(get)
    assert GAME.at_version("1") is None


def test_the_same_shot_kills_what_each_version_s_deck_says():
    def hit(options):
        st = build(3, queues=[["20mt", "10mt"]] + [["10mt", "10mt"]] * 2, face_up=["atlas", None, None],
                   draw=["10mt"] * 9, dice=(4, 0), options=options)
        st.apply("place 10mt")
        st.apply("target p2")
        st.apply("no intercept")
        return 50 - st.population(1)

    assert hit(None) == 5  # the printed 20 megaton card destroys 5 million
    assert hit({"content": GAME.at_version("2").deck}) == 20  # the stand-in: a million per megaton
