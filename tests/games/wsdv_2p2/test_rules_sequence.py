"""The sequence of play at its edges (the 2+2 rule book, §3, §4, §6): nobody active before the first action, each
sub-decade named as it starts, the Soviet value reminder on the Soviet Union alone."""

from __future__ import annotations

from realpolitik.games import get
from realpolitik.games.wsdv.two_plus_two.sequence import SubDecadeEnd

from .conftest import USA, USSR, card

PAY = card("xpay", icons=[{"icon": "pay", "side": "west", "amount": 1}])
RED = card("xr", colour="east", value=3)


def test_nobody_is_active_before_the_first_action():
    # §3: "Starting player will be the USA" — it is to act, but no player has acted yet; after its action the
    # USA is the active player
    st = get("wsdv-2p2").new_state(4, {}, 3)
    assert st.to_act == USA and st.view(None)["public"]["cold_war"]["active"] is None
    st.apply(next(a for a in st.legal_actions() if a.endswith(" credit")))
    assert st.view(None)["public"]["cold_war"]["active"] == "usa"


def test_each_sub_decade_is_named_as_its_display_is_laid_out(table):
    # §4: every decade has the sub-decades A, B and C; each display is laid out as it begins
    t = table(seed=3).with_cards(PAY)
    st = t.st
    for _ in ("B", "C"):
        st.display = ["xpay"]
        st.turn = 0
        t.push(SubDecadeEnd())
    shown = [line.split(":")[0] for line in st.log.redacted(None, 0) if ": the display shows" in line]
    assert st.half == 3 and shown == ["Sub-decade A", "Sub-decade B", "Sub-decade C"]


def test_the_soviet_value_reminder_spares_the_usa(table):
    # §6.4, the Soviet reminder: "when the Soviet Union chooses the actions Build up economy or Increase LS the
    # card value is reduced by 1" — the USA builds with the full value 3 of the same card
    t = table().clear_board().factories("hamburg", "bremen").with_cards(RED)
    t.st.soviet_penalty = True
    t.turn(USA, display=("xr",))
    t.run("take xr build")
    assert t.top == "build" and t.st.stack[-1].points == 3
    t.turn(USSR, display=("xr",))
    t.run("take xr build")
    assert t.top == "build" and t.st.stack[-1].points == 2
