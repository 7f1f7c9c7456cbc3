"""Battle as the rule book states it (rulebook/en.md, "Battle", "Attack (Angriff)", "Success markers"):
exact positions built by hand, the strengths and losses worked out from the rule book's words."""

from __future__ import annotations


def test_the_capital_bonus_counts_only_in_the_defenders_capital(kit):
    """"Battle": defence +1 "if it is the defender's own capital" — not in another of his lands (here
    Böhmen, which comes before his capital Wien on the map)."""
    st = kit.blank(players=2)
    kit.put(st, 0, "preussen", inf=3)
    kit.put(st, 1, "boehmen", inf=2)
    kit.put(st, 1, "wien", inf=1, capital=True, general=True)
    kit.start_turn(st, 0)
    kit.play(st, "attack boehmen", "commit preussen 3 inf", "go")  # 3 against 2
    assert kit.owner(st, "boehmen") == 0
    assert kit.units(st, "boehmen") == (2, 0, 0)  # ceil(2 / 2) = 1 lost


def test_each_territory_completed_brings_its_own_first_marker(kit):
    """"Success markers": a marker "the first time you own a whole territory" — for every territory, not only the
    first one: Player 1, who completed Britannien before, takes empty Sizilien, the last land of Italien he
    lacks (a neutral land without fortress: no capture marker)."""
    st = kit.blank(players=2)
    board = st.content.board
    for key in ("england", "schottland", "irland"):
        kit.put(st, 0, key, inf=1)
    st.completed[0] = 1 << board.territory_of[board.index["england"]]
    kit.put(st, 0, "neapel", inf=2, capital=True)
    for key in ("rom", "lombardei"):
        kit.put(st, 0, key, inf=1)
    kit.start_turn(st, 0)
    kit.play(st, "attack sizilien", "commit neapel 1 inf", "go")
    assert kit.owner(st, "sizilien") == 0 and st.markers[0] == 1
