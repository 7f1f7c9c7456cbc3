"""Time a game's hard bot level and record it in src/realpolitik/games/data/levels.toml as
``[GAME.seconds]``.

    python tools/level_seconds.py wsdv --games 4 --workers 2 --seed 3
    python tools/level_seconds.py nuclear-war@3 --games 4 --workers 2 --seed 3   (the levels at 3 players)

The hard level plays the games of its pair with the normal level (``tools/level_pairs.py``
seats them: once among the normal level in a free-for-all, a whole team in a team game); the
arena measures each decision's CPU time (the thread's, so one core's). Recorded: the hard
spec, the games, its decisions, the mean seconds a decision and the slowest. A hard level
that needs more than ``HARD_SECONDS`` a decision on average is reported and not written, and
the tool exits 1: it is too slow for a player to wait on.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from level_pairs import arguments, levels_of, record, seats_of_pair  # noqa: E402

from realpolitik.bots.levels import HARD_SECONDS, game_of  # noqa: E402
from realpolitik.sim.arena import run_arena  # noqa: E402


def timing(game_id: str, players: int, hard: str, normal: str, games: int, seed: int, workers: int) -> dict:
    """The hard level's decisions over ``games`` games against the normal level: how many, the
    mean CPU seconds of one and the slowest."""
    seats, _ = seats_of_pair(game_id, players, hard, normal)
    decisions, cpu, slowest = 0, 0.0, 0.0
    for result in run_arena(game_id, seats, games, seed=seed, workers=workers):
        for seat, label in enumerate(result.seats):
            if label == hard:
                decisions += result.decisions[seat]
                cpu += result.cpu[seat]
                slowest = max(slowest, result.slowest[seat])
    if not decisions:
        raise SystemExit(f"level_seconds: {game_id}: the hard level made no decision in {games} games")
    return {"spec": hard, "games": games, "decisions": decisions, "mean": round(cpu / decisions, 4),
            "slowest": round(slowest, 4)}


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, 4, "games to time", argv)
    table = levels_of("level_seconds", args)
    if table is None:
        return 2
    entry = table[args.game]
    hard = timing(game_of(args.game), entry["players"], entry["hard"]["spec"], entry["normal"]["spec"], args.games,
                  args.seed, args.workers)
    print(f"{args.game} hard: {hard['spec']} thought {hard['mean']:.3f} s a decision on average over "
          f"{hard['decisions']} decisions in {hard['games']} games, the slowest {hard['slowest']:.3f} s")
    if hard["mean"] > HARD_SECONDS:
        print(f"level_seconds: {args.game}: the hard level needs more than {HARD_SECONDS:g} s a decision; "
              "nothing written", file=sys.stderr)
        return 1
    return 0 if record(entry, args, "seconds", {"hard": hard}, "level_seconds", argv) else 1


if __name__ == "__main__":
    sys.exit(main())
