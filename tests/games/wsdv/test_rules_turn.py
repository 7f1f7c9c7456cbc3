"""A turn (spec §4, the rule book's "A turn" and "Police cards"): exact positions built by hand, each
wrong action refused with its own reason."""

from __future__ import annotations

import pytest

from realpolitik.engine.errors import IllegalAction
from realpolitik.games.wsdv.content import EAST, WEST


def refusal(t, action: str) -> str:
    """The first sentence of the refusal of ``action``: its reason."""
    with pytest.raises(IllegalAction) as refused:
        t.st.apply(action)
    return str(refused.value).split(" West must ")[0].split(" East must ")[0]


def test_a_card_neither_in_the_display_nor_in_the_hand_is_named(table):
    """§4: "In your turn you take one normal card from the display, or play one card from your hand" /
    "Wer am Zug ist, nimmt eine normale Karte aus der Auslage oder spielt eine Karte aus der Hand" — card 41
    lies in neither, card 99 does not exist: each refusal says which."""
    t = table().clear_board()
    t.turn(WEST, display=("19",), hand=("40",))
    assert refusal(t, "take 99 event") == "There is no card '99'."
    assert refusal(t, "take 41 build") == "Card 41 is not in the display."
    assert refusal(t, "play 41 build") == "Card 41 is not in your hand."
    assert t.st.display == ["19", "75"] and t.st.hands[WEST] == ["40"] and t.top == "turn"


def test_an_unknown_province_is_named(table):
    """§4.1: "Take 1 unrest out of any one of your own provinces" / "1 Unruhe aus einem eigenen Gebiet
    nehmen" — a province that does not exist is refused as such (for a police card too), not as an
    action that is merely not possible now."""
    t = table().clear_board().unrest(sn=2)
    t.st.police = ["red"]
    t.turn(EAST, display=("40",))
    assert refusal(t, "police xx") == "There is no province 'xx'."
    t = table().clear_board().unrest(he=1)
    t.turn(WEST, display=("19",))
    t.run("take 19 calm")
    assert refusal(t, "calm xx") == "There is no province 'xx'."


def test_a_police_card_takes_unrest_out_and_says_so(table):
    """§6.5: "In its own turn, before taking a card, East may use each police card once per decade to take
    1 unrest out of an East province" / "darf die DDR jede Staatsgewaltkarte einmal je Dekade einsetzen, um
    1 Unruhe aus einem ihrer Gebiete zu nehmen": Sachsen 2 → 1, the log says which province, and East's
    turn goes on."""
    t = table().clear_board().unrest(sn=2)
    t.st.police = ["red"]
    t.turn(EAST, display=("40",))
    t.run("police sn")
    assert t.st.unrest[t.p("sn")] == 1 and t.top == "turn" and t.st.to_act == EAST
    assert t.st.view(None)["log"][-1] == "East uses a police card: 1 unrest leaves Sachsen."
    assert "police sn" not in t.legal  # the one police card is used for this decade
