"""How often bots among themselves never reach Das Spiel der Nationen's own end (docs/games/nationen.md).

    python tools/nationen_stalemates.py [--deals 20] [--players 3] [--rounds 200]

Heuristics play each deal (seeds 0, 1, …) with no round limit (``round_limit=0``, the rule
book's own end only) until one power is left or ``--rounds`` rounds are over. Prints JSON:
per deal the rounds played and whether it ended, then how many were still running.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402


def heuristics_play(seed: int, players: int, rounds: int, options: dict | None = None):
    """Heuristics play deal ``seed`` (bot ``i`` seeded ``seed * 10 + i``) under ``options`` (none:
    no round limit) until the game ends or ``rounds`` rounds are over; returns the state."""
    game = get("nationen")
    st = game.new_state(players, {"round_limit": 0} if options is None else options, seed)
    bots = [make_bot("heuristic", game, seed * 10 + i) for i in range(players)]
    rng = Rng(seed)
    while not st.is_over() and st.round <= rounds:
        ctx = SeatContext.of(st, st.to_act, rng.fork())
        st.apply(bots[st.to_act].choose(ctx))
        ctx.close()
    return st


def deal(seed: int, players: int, rounds: int) -> dict:
    """One deal with no round limit, summed up."""
    st = heuristics_play(seed, players, rounds)
    return {"seed": seed, "ended": st.is_over(), "round": st.round, "powers_left": sum(st.alive)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--rounds", type=int, default=200, help="stop a deal after this many rounds")
    args = parser.parse_args()
    games = [deal(seed, args.players, args.rounds) for seed in range(args.deals)]
    ended = [g["round"] for g in games if g["ended"]]
    print(json.dumps({"players": args.players, "rounds": args.rounds, "deals": games,
                      "running": len(games) - len(ended), "ended_in_rounds": sorted(ended)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
