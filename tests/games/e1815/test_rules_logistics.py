"""Relocation, supply and winter as the rule book states them (rulebook/en.md, "Relocation (Verlegung)",
"Supply (Nachschub)", "Winter"): exact positions built by hand, the Z-effects, mixes and payments counted from
the rule book's words."""

from __future__ import annotations

from realpolitik.games.e1815.logistics import Relocation
from realpolitik.games.e1815.sequence import TurnAction, plain_menu


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


def test_a_supply_short_of_four_ep_brings_the_most_it_can(kit):
    """"Supply (Nachschub)": troops worth exactly 4 EP — 1 infantry and 1 artillery is one way; "if your supply
    cannot make 4 EP any more, you bring as much as it can". The action menu read plainly agrees."""
    st = kit.blank(players=2)
    kit.put(st, 0, "wien", inf=2, capital=True, general=True)
    st.pool[0][0], st.pool[1][0], st.pool[2][0] = 1, 0, 2  # 1 inf, no cav, 2 art left
    kit.start_turn(st, 0)
    assert [a for a in st.legal_actions() if a.startswith("supply")] == ["supply wien 1 inf 1 art"]
    assert plain_menu(st, 0) == list(st.legal_actions())
    st.pool[0][0], st.pool[1][0], st.pool[2][0] = 0, 1, 0  # a single cavalry: 2 EP is the most
    st._legal = None
    assert [a for a in st.legal_actions() if a.startswith("supply")] == ["supply wien 1 cav"]
    assert plain_menu(st, 0) == list(st.legal_actions())
