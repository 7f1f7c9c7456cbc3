"""Where a Nuclear War bot wins and loses against three random bots: the last duel; prints JSON.

    python benchmarks/nuclear_war_endgame.py --bot heuristic --games 1000
    python benchmarks/nuclear_war_endgame.py --bot ismcts:budget=10000 --games 80

Plays the bot against three ``random`` bots with rotating seats (the arena's deals and
bot seeds) and replays each game to the start of the *duel*: only two nations left, the
third one's final retaliation over, and a turn under way (an elimination brings peace,
so every duel starts at peace). It counts how often the bot is alive then and what
became of it: won, nobody won (the last two destroyed each other — mostly the loser's
final retaliation on the winner), or the other nation won; and whether the duel ended
at war (the last nation fell to weapons or Secrets) or at peace (to propaganda, which
allows no retaliation). Games whose last three nations fell in one chain of final
retaliations (each nation wiped out strikes back at once) have no duel.
Not a ``bench_*`` file: a search bot takes minutes.
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

#: decisions that belong to an ordinary turn, never to a strike or a retaliation
TURN_DECISIONS = ("commit", "place", "swap")


def duel_of(game, options: dict, result, seat: int) -> str:
    """``alive`` or ``dead`` (the bot fell before the duel began), or ``none`` (no duel)."""
    st = game.new_state(len(result.seats), options, result.seed)
    for action in result.actions:
        st.apply(action)
        if sum(st.alive) == 2 and st.stack and st.stack[-1][0] in TURN_DECISIONS:
            return "alive" if st.alive[seat] else "dead"
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
        duel = duel_of(game, options, result, me)
        tally[duel, end] += 1
        if duel == "alive":
            final = game.new_state(4, options, result.seed)
            for action in result.actions:
                final.apply(action)
            tally["ended_at_war" if final.at_war else "ended_at_peace", end] += 1
    out = {}
    for where in ("alive", "ended_at_war", "ended_at_peace", "dead", "none"):
        ends = {end: tally[where, end] for end in ("won", "nobody", "other")}
        total = sum(ends.values())
        out[where] = {"games": total, **ends, "won_share": round(ends["won"] / total, 3) if total else None}
    won = sum(tally[k] for k in tally if k[0] in ("alive", "dead", "none") and k[1] == "won")
    print(json.dumps({"bot": args.bot, "games": args.games, "seed": args.seed, "won": won,
                      "won_share": round(won / args.games, 3), "duel": out}, indent=1))

if __name__ == "__main__":
    main()
