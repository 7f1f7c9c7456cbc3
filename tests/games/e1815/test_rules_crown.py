"""1715's crown as the 2vs2 rule book states it (rulebook/e1815-2vs2.en.md, "Loyalty (Loyalität)"): the dice
scripted, the demands and their judgement taken from the rule book's words."""

from __future__ import annotations

from realpolitik.games.e1815.scoring import Crown
from realpolitik.games.e1815.sequence import SpDistribution
from realpolitik.testing import ScriptedRng

TEAM = "e1815-2vs2"


def _said(st) -> list[str]:
    return [str(entry.public) for entry in st.log.entries()]


def test_each_kind_of_demand_is_named_in_the_rule_books_words(kit):
    """"Loyalty": above his loyalty the crown demands a land in a named territory this year, the capital held
    with at least 6 EP, or at least 7 lands at the SP distribution."""
    st = kit.blank(TEAM, map="1715", max_years=0)
    keys = [d.key for d in st.content.board.demands]
    hold, lands, carolina = keys.index("hold-capital"), keys.index("lands"), keys.index("conquer-carolina")
    # each roll is 6 (a die reads below(6) + 1), above loyalty 4: a demand each, drawn as scripted
    st.rng = ScriptedRng([5, hold, 5, lands, 5, carolina, 0])
    st.stack = [Crown()]
    st.advance()
    said = _said(st)
    assert "Player 1 rolls 6 against loyalty 4: the crown demands the capital held with at least 6 EP at the SP " \
           "distribution." in said
    assert "Player 2 rolls 6 against loyalty 4: the crown demands at least 7 lands at the SP distribution." in said
    assert "Player 3 rolls 6 against loyalty 4: the crown demands a land in Carolina this year." in said
    assert "Player 4 rolls 1 against loyalty 4: the crown is content." in said


def test_the_crown_judges_each_demand_by_its_own_measure(kit):
    """"Loyalty": at the SP distribution a demand met raises loyalty by 1 and brings a success marker. Player 1
    holds his capital with 6 EP but owns 2 lands; Player 2 owns 7 lands but has 1 EP in his capital: each meets
    his own demand (not the other's)."""
    st = kit.blank(TEAM, map="1715", max_years=0)
    keys = [d.key for d in st.content.board.demands]
    kit.put(st, 0, "virginia", inf=6, capital=True)
    kit.put(st, 0, "maryland", inf=1)
    kit.put(st, 1, "charleston", inf=1, capital=True)
    for key in ("georgia", "creek", "piedmont", "st-augustine", "pensacola", "tampa"):
        kit.put(st, 1, key, inf=1)
    st.demand = [keys.index("hold-capital"), keys.index("lands"), -1, -1]
    st.stack = [SpDistribution()]
    st.advance()
    assert st.loyalty[:2] == [5, 5] and st.markers[:2] == [1, 1]
    assert st.loyalty[2:] == [4, 4] and st.markers[2:] == [0, 0]  # a content crown judges nothing
    assert st.demand == [-1, -1, -1, -1]
