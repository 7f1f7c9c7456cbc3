"""Relocation as the rule book states it (rulebook/en.md, "Relocation (Verlegung)", "Winter"): exact positions
built by hand, the Z-effects and payments counted from the rule book's words."""

from __future__ import annotations

from realpolitik.games.e1815.logistics import Relocation
from realpolitik.games.e1815.sequence import TurnAction


def test_a_general_jump_uses_one_z_effect_and_leaves_the_others(kit):
    """"Relocation": 1 Z-effect plus 1 for every grey fortress — two grey fortresses give 3; "instead of a
    Z-effect your general may ride straight to your capital": after the ride 2 Z-effects are left."""
    st = kit.blank()
    kit.put(st, 0, "norwegen", inf=3, capital=True)
    kit.put(st, 0, "schweden")
    kit.put(st, 0, "finnland", general=True)
    kit.put(st, 0, "daenemark", inf=1)
    kit.put(st, 0, "rhein", inf=1)
    kit.start_turn(st, 0)
    kit.play(st, "relocate", "general to norwegen")
    assert st.stack[-1] == Relocation(0, 2)
    kit.play(st, "to schweden", "move norwegen 3 inf", "done")
    assert st.stack[-1] == Relocation(0, 1)
    kit.play(st, "to finnland", "move schweden 3 inf", "done")
    assert st.stack == [TurnAction(0)]
    assert kit.units(st, "finnland") == (3, 0, 0) and st.general[0] == st.content.board.index["norwegen"]
