"""Seeded random playouts of rich powers (so games run long and reach every rule), checking invariants."""

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.nationen import economy

GAME = get("nationen")


def check(st) -> None:
    b = st.content.board
    n = len(st.seats)
    assert all(m >= 0 for m in st.money)
    assert all(t >= 0 for t in st.tankers) and economy.tanker_pool(st) >= 0
    assert economy.pipeline_pool(st) >= 0
    for seat in range(n):
        on_board = [occ % 4 for occ in st.board if occ >= 0 and occ // 4 == seat]
        for kind in range(4):
            assert on_board.count(kind) + st.supply[seat * 4 + kind] <= b.pieces[kind]
        if not st.alive[seat]:
            assert not on_board and st.agents[seat] == -1 and economy.tankers_of(st, seat) == 0
        elif st.round > 1:
            assert st.agents[seat] >= 0
    assert sorted(st.deck) == sorted(k for k in st.content.deck if k in st.deck)
    assert 0 <= st.unknown <= len(st.deck)


def test_long_random_playouts_keep_the_invariants():
    limited = cards = attacks = 0
    for seed in range(24):
        st = GAME.new_state(2 + seed % 3, {"round_limit": 12}, seed)
        rng = Rng(seed)
        rich = False
        while not st.is_over():
            if st.round == 2 and not rich:
                st.money = [m + 60 for m in st.money]
                rich = True
            action = rng.choice(st.legal_actions())
            attacks += action.startswith("attack")
            size = st.log.size
            st.apply(action)
            cards += sum("draws “" in str(e.public or "") for e in st.log.entries(size))
            check(st)
        limited += st.outcome().limit
    assert limited >= 5 and cards >= 100 and attacks >= 5  # the playouts reach the limit, cards and wars
