"""Where a Nuclear War bot wins and loses against three random bots: the last duel; prints JSON.

    python benchmarks/nuclear_war_endgame.py --bot heuristic --games 1000
    python benchmarks/nuclear_war_endgame.py --bot ismcts:budget=10000 --games 80

Plays the bot against three ``random`` bots with rotating seats (the arena's deals and
bot seeds) and replays each game to the moment only two nations are left: the *duel*.
It counts how often the bot is still alive then, at war or at peace, and what became of
it: won, nobody won (the last two destroyed each other — mostly the loser's final
retaliation on the winner), or another nation won. Games where more than two nations
fell at once never reach a duel. Not a ``bench_*`` file: a search bot takes minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.games import get  # noqa: E402
from realpolitik.sim.arena import arena_options, game_seed, play_game, seating  # noqa: E402


def duel_of(game, options: dict, result, seat: int) -> str:
    """``alive-war``, ``alive-peace``, ``dead`` (the bot fell before the duel) or ``none`` (no duel)."""
    st = game.new_state(len(result.seats), options, result.seed)
    for action in result.actions:
        st.apply(action)
        if sum(st.alive) == 2 and not st.dying:
            if not st.alive[seat]:
                return "dead"
            return "alive-war" if st.at_war else "alive-peace"
    return "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = get("nuclear-war")
    options = arena_options(game)
    specs = [args.bot, "random", "random", "random"]
    tally: Counter = Counter()
    for i in range(args.games):
        seats = seating(specs, i)
        result = play_game(game.id, seats, game_seed(args.seed, i, 4), options, i, args.seed, keep_actions=True)
        me = seats.index(args.bot)
        end = "won" if me in result.winners else ("nobody" if not result.winners else "other")
        tally[duel_of(game, options, result, me), end] += 1
    duels = {}
    for where in ("alive-war", "alive-peace", "dead", "none"):
        ends = {end: tally[where, end] for end in ("won", "nobody", "other")}
        total = sum(ends.values())
        duels[where] = {"games": total, **ends, "won_share": round(ends["won"] / total, 3) if total else None}
    won = sum(tally[k] for k in tally if k[1] == "won")
    print(json.dumps({"bot": args.bot, "games": args.games, "seed": args.seed, "won": won,
                      "won_share": round(won / args.games, 3), "duel": duels}, indent=1))


if __name__ == "__main__":
    main()
