"""The action grammar, the words for every action, and the frames as they are stored."""

from __future__ import annotations

from realpolitik.games.e1815 import grammar
from realpolitik.games.e1815.combat import Attack
from realpolitik.games.e1815.sequence import TurnAction
from realpolitik.i18n import Text, render


def test_every_action_text_reads_back_into_its_parts():
    assert grammar.read(grammar.supply("wien", (2, 1, 0))) == ("supply", ("wien", 2, "inf", 1, "cav"))
    assert grammar.read(grammar.move("boehmen", 3, "inf")) == ("move", ("boehmen", 3, "inf"))
    assert grammar.read(grammar.commit_general("wien")) == ("commit", ("wien", grammar.GENERAL))
    assert grammar.read(grammar.general_to("wien")) == ("general", ("to", "wien"))
    assert grammar.read(grammar.spend(2)) == ("spend", (2,))
    assert grammar.read(grammar.END_TURN) == ("end", ("turn",))


def _labels(st):
    return {c.action: render(c.label, "en") for c in st.choices()}


def test_every_legal_action_has_the_words_of_the_board_naming_lands_by_their_names(kit):
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=6, cav=1, capital=True, general=True)
    kit.put(st, 0, "ungarn", inf=2)
    kit.put(st, 1, "bayern", inf=1)
    st.markers[0] = 5
    kit.start_turn(st, 0)
    labels = _labels(st)
    assert labels["relocate"] == "Relocate troops (Verlegung)" and labels["end turn"] == "End the turn"
    assert labels["attack bayern"] == "Attack Bayern (Player 2)"
    assert labels["supply wien 2 inf 1 cav"] == "Supply Wien: 2 infantry, 1 cavalry"
    assert labels["meddle bayern inf"] == "Meddle in Bayern: remove 1 infantry (3 markers)"
    assert labels["buy bayern"] == "Buy Bayern (4 markers)"
    st.apply("attack bayern")
    labels = _labels(st)
    assert labels["commit wien 3 inf"] == "Commit 3 infantry from Wien"
    assert labels["commit wien general"] == "Commit the general from Wien"
    st.apply("commit wien 5 inf")
    assert _labels(st)["go"] == "Attack now"
    st.apply("go")
    labels = _labels(st)
    assert (labels["spend 0"], labels["spend 1"], labels["spend 2"]) == (
        "Spend no markers", "Spend 1 marker", "Spend 2 markers")


def test_random_games_label_every_choice(kit):
    for before, _, _ in kit.playouts("e1815-2vs2", 3, seed=5, map="1715"):
        for choice in before.choices():
            assert isinstance(choice.label, Text) and "{" not in render(choice.label, "en"), choice


def test_frames_are_stored_under_their_class_names_with_their_fields(kit):
    st = kit.blank(players=2)
    wien = kit.put(st, 0, "wien", inf=6, capital=True)
    bayern = kit.put(st, 1, "bayern", inf=2)
    kit.start_turn(st, 0)
    kit.play(st, "attack bayern", "commit wien 4 inf")
    assert st.stack == [TurnAction(0), Attack(0, bayern, (4, 0, 0, 0))]
    assert st.snapshot()["stack"] == [["turn_action", 0], ["attack", 0, bayern, (4, 0, 0, 0)]]
    assert st.units[0][wien] == 2
    assert st.view(0)["public"]["decision"] == {"kind": "attack", "seat": "p1", "land": "bayern"}
