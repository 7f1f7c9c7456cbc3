"""A finished four-player Nuclear War game stays small in memory (issue 25: at most 100 KiB).

Measured with ``tracemalloc``: the bytes still allocated after a whole random game was set
up and played, with the finished state alive and garbage collected, minus those before —
the state with its log and everything it alone holds (the game's content, loaded by an
earlier game, is shared by every game and not counted; docs/performance.md).
"""

import gc
import tracemalloc

from realpolitik.engine import Rng
from realpolitik.games import get

LIMIT = 100 * 1024


def _play(seed: int):
    game = get("nuclear-war")
    state = game.new_state(4, {}, seed)
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def _retained(seed: int) -> tuple[int, int]:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        state = _play(seed)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before, state.log.size
    finally:
        tracemalloc.stop()


def test_a_finished_four_player_game_holds_at_most_100_kib():
    _play(100)  # content and caches loaded before measuring
    measured = [_retained(seed) for seed in (0, 5, 9)]
    assert all(entries > 250 for _, entries in measured)  # whole games with long logs
    assert max(size for size, _ in measured) <= LIMIT, measured


def test_log_entries_without_readers_share_one_empty_group():
    state = _play(3)
    groups = {id(entry.to) for entry in state.log.entries() if not entry.to}
    assert len(groups) == 1
