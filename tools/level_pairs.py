"""Play each adjacent pair of a game's bot levels head to head and record the result in
src/realpolitik/games/data/levels.toml as ``[GAME.pairs]``.

    python tools/level_pairs.py wsdv --games 200 --workers 2 --seed 3 [--pair easy-normal]
    python tools/level_pairs.py nuclear-war@3 --games 200 --workers 2 --seed 3   (the levels at 3 players)

At the player count of the game's levels, the stronger level of a pair takes one seat of a
free-for-all among the weaker (its bar is an even share, 1/players, of the games that had a
winner), one of two seats (bar ½), or a whole team against the other team (bar ½); seats
rotate from game to game as in the arena. ``games`` in the file counts the games judged: in
Nuclear War, where many games end with no nation left, fewer than were played. A pair whose
stronger level's 95 % interval does not lie above its bar is reported and not written, and
the tool exits 1: those levels are not ordered.

With ``--targets lab/data/targets.jsonl``, a pair whose games a strength target plays
(``tools/targets.py``: the same game and count, bots with the same parameters in the same
seats, no options) is judged on that target's games when the file holds at least ``--games``
of them under the target's configuration now, and its record names the target: one matchup
is not measured twice.

Each finished game is kept as a JSON line in ``lab/data/pairs.jsonl`` (``--store``) with what
it depends on (the pair, the seed, the rules version, the options and the levels' parameters),
so a long pair can be played over several runs: Ctrl-C, SIGTERM or ``--hours H`` stop a run
and keep what finished (exit 130), and the same command plays only the games still missing.
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from levels import render  # noqa: E402

from realpolitik.bots.levels import FILE, NAMES, PAIRS, game_of  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.sim.arena import Interrupted, run_arena  # noqa: E402
from realpolitik.sim.stats import GameResult, summarise, wilson  # noqa: E402
from realpolitik.sim.store import configuration, kept, load, parameters  # noqa: E402
from realpolitik.sim.store import keep as keep_game  # noqa: E402
from realpolitik.sim.targets import TARGETS, Target, games_of  # noqa: E402
from realpolitik.sim.targets import configuration as targets_configuration  # noqa: E402

#: where each finished game of a pair is kept, one JSON line, so that runs add up
STORE = Path(__file__).resolve().parents[1] / "lab" / "data" / "pairs.jsonl"
#: arguments that change where games are kept or for how long a run plays, not which games
NOT_THE_GAMES = ("--pair", "--store", "--hours")


class Stopped(Exception):
    """A run stopped (Ctrl-C, SIGTERM or ``--hours``) with the games that finished kept."""


def seats_of_pair(game_id: str, players: int, strong: str, weak: str) -> tuple[list[str], float]:
    """The seats of a pair's games (before rotation) and the bar of the stronger level's share."""
    teams = get(game_id).teams(players)
    if teams is not None:
        return [strong if team == teams[0] else weak for team in teams], 0.5
    return [strong] + [weak] * (players - 1), 1 / players


def decided(results: list[GameResult]) -> tuple[int, int]:
    """Of a pair's free-for-all games, those the stronger level won and those that had a winner.
    The stronger level sits in the arena's first seat before rotation, so in game ``i`` in seat
    ``i mod players`` (found by place, not by spec: two levels may share one). A game that ends
    with no nation left (Nuclear War) is nobody's win; counting it would hold the stronger level
    to more than an even share of the wins."""
    won = [r for r in results if r.winners]
    return sum(r.index % len(r.seats) in r.winners for r in won), len(won)


def pair_key(entry: str, name: str, seats: list[str], seed: int) -> dict:
    """What a pair's games depend on: the pair (of the file's ``entry``), the arena seed, and the
    configuration (rules version, options, each level's parameters after the game's defaults),
    so that games of other levels or other rules are never pooled."""
    return {"pair": f"{entry} {name}", "seed": seed,
            "config": configuration(game_of(entry), seats, len(seats), {})}


def keeper(store: Path | None, key: dict, deadline: float | None):
    """What the arena calls with each finished game: appends it to ``store`` and stops the run
    once ``deadline`` has passed."""
    def keep(result: GameResult) -> None:
        if store is not None:
            keep_game(store, key, result)
        if deadline is not None and time.monotonic() > deadline:
            raise KeyboardInterrupt
    return keep


def target_games(game_id: str, seats: list[str], path: Path | None) -> tuple[Target, list[dict]] | None:
    """The strength target that plays the pair ``seats`` (before rotation: the same game and count,
    bots with the same parameters in the same seats, no options) and its games in ``path`` under
    its configuration now; ``None`` when no target plays it."""
    if path is None:
        return None
    mine = [parameters(game_id, spec, len(seats)) for spec in seats]
    for target in TARGETS.values():
        if (target.game, target.players, target.options) == (game_id, len(seats), ()) and target.kind != "baseline" \
                and [parameters(game_id, spec, len(seats)) for spec in target.seats] == mine:
            lines = load(path.read_text(encoding="utf-8").splitlines()) if path.exists() else []
            return target, games_of(lines, target, targets_configuration(target))
    return None


def judged(target: Target, lines: list[dict], bar: float) -> dict:
    """A pair's record from a strength target's games: the stronger level holds the target's first
    seat before rotation (found in each game by its spec). In a team game every game counts, in a
    free-for-all those with a winner, as when the pair is played."""
    strong = target.seats[0]
    counted = lines if target.kind == "team" else [g for g in lines if g["winners"]]
    wins = sum(any(s in g["winners"] for s, spec in enumerate(g["seats"]) if spec == strong) for g in counted)
    return {"games": len(counted), "share": round(wins / len(counted), 4),
            "lower": round(wilson(wins, len(counted))[0], 4), "bar": round(bar, 4), "target": target.name}


def duel(entry: str, players: int, strong: str, weak: str, games: int, seed: int, workers: int,
         name: str = "", store: Path | None = None, deadline: float | None = None,
         targets: Path | None = None) -> dict:
    """The stronger level's share of the games with a winner, its interval's lower end, the bar,
    for the file's ``entry`` (a game, or ``GAME@N``): from the games of the strength target that
    plays the pair when ``targets`` holds at least ``games`` of them, else played. Games kept in
    ``store`` are not played again; raises :class:`Stopped` when stopped early."""
    game_id = game_of(entry)
    seats, bar = seats_of_pair(game_id, players, strong, weak)
    found = target_games(game_id, seats, targets)
    if found is not None and len(found[1]) >= games:
        return judged(*found, bar)
    key = pair_key(entry, name, seats, seed)
    have = kept(store, key)
    missing = [i for i in range(games) if i not in have]
    try:
        played = run_arena(game_id, seats, games, seed=seed, workers=workers, only=missing,
                           on_result=keeper(store, key, deadline)) if missing else []
    except Interrupted as stop:
        raise Stopped(f"{entry} {name}: {len(have) + len(stop.results)} of {games} games kept") from None
    results = sorted([*(have[i] for i in range(games) if i in have), *played], key=lambda r: r.index)
    summary = summarise(game_id, players, results)
    if summary.mixed_teams:
        raise SystemExit(f"level_pairs: {game_id}: rotating the seats mixed the teams in {summary.mixed_teams} games")
    mine = summary.bots[strong]
    wins, trials = (mine.team_wins, mine.team_games) if summary.teams is not None else decided(results)
    return {"games": trials, "share": round(wins / trials, 4), "lower": round(wilson(wins, trials)[0], 4),
            "bar": round(bar, 4)}


def arguments(doc: str, games: int, games_help: str, argv: list[str] | None, pairs: bool = False) -> argparse.Namespace:
    """What the level tools take: the game, how many games, workers, seed and the file (and, with
    ``pairs``, which pairs to play)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if pairs:
        parser.add_argument("--pair", action="append", choices=PAIRS, default=[],
                            help="play only this pair (repeatable; the others keep what the file records)")
        parser.add_argument("--store", type=Path, help="where finished games are kept (JSON lines; by default "
                            "lab/data/pairs.jsonl, or beside a --file other than the shipped one)")
        parser.add_argument("--hours", type=float, help="stop after this long, keeping the games that finished")
        parser.add_argument("--targets", type=Path, help="judge a pair that a strength target plays on that target's "
                            "games in this file (lab/data/targets.jsonl) instead of playing it")
    parser.add_argument("game", help="an entry of the levels file: a game, or GAME@N for its levels at N players")
    parser.add_argument("--games", type=int, default=games, help=games_help)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    parser.add_argument("--seed", type=int, default=0, help="arena seed")
    parser.add_argument("--file", type=Path, default=FILE, help="the levels file to update")
    return parser.parse_args(argv)


def levels_of(tool: str, args: argparse.Namespace) -> dict | None:
    """The whole levels file, or ``None`` (said on stderr) when it has no levels for the game."""
    table = tomllib.loads(args.file.read_text())
    if args.game not in table:
        print(f"{tool}: {args.file}: no levels for {args.game!r}", file=sys.stderr)
        return None
    return table


def record(measured: dict, args: argparse.Namespace, key: str, value: dict, tool: str, argv: list[str] | None) -> bool:
    """Write ``value`` as the game's ``key`` with the command that measured it as ``KEY_command``
    into the file as it is now: a run for another game may have written its own entry meanwhile.
    ``False`` (said on stderr) when the game's levels are no longer those of ``measured``, the
    entry the figures were measured for."""
    given = argv if argv is not None else sys.argv[1:]
    table = tomllib.loads(args.file.read_text())
    entry = table.get(args.game, {})
    if any(entry.get(name, {}).get("spec") != measured[name]["spec"] for name in NAMES):
        print(f"{tool}: {args.file}: the levels of {args.game!r} changed while they were measured; nothing written",
              file=sys.stderr)
        return False
    entry[key] = value
    entry[f"{key}_command"] = shlex.join(["python", f"tools/{tool}.py", *given])
    args.file.write_text(render(table))
    return True


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, 200, "games per pair", argv, pairs=True)
    table = levels_of("level_pairs", args)
    if table is None:
        return 2
    if args.targets is not None and not args.targets.is_file():
        print(f"level_pairs: {args.targets}: no such file of the strength targets' games", file=sys.stderr)
        return 2
    entry = table[args.game]
    given = without_pairs(argv if argv is not None else sys.argv[1:])
    command = shlex.join(["python", "tools/level_pairs.py", *given])
    # a pair not played this time keeps its record when the same command (but for --pair) made it:
    # each pair's games depend only on the seed and the count, so that command reproduces them all
    kept = entry.get("pairs", {}) if entry.get("pairs_command") == command else {}
    pairs, failed = dict(kept), []
    deadline = None if args.hours is None else time.monotonic() + args.hours * 3600
    store = args.store or (STORE if args.file == FILE else args.file.with_name(args.file.stem + "-pairs.jsonl"))
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    for name, weak, strong in zip(PAIRS, NAMES, NAMES[1:], strict=False):
        if args.pair and name not in args.pair:
            continue
        try:
            pair = duel(args.game, entry["players"], entry[strong]["spec"], entry[weak]["spec"], args.games,
                        args.seed, args.workers, name, store, deadline, args.targets)
        except Stopped as stop:
            print(f"level_pairs: stopped; {stop}; run the same command again to go on", file=sys.stderr)
            return 130
        source = f" (the games of the strength target {pair['target']!r})" if "target" in pair else ""
        print(f"{args.game} {name}: {entry[strong]['spec']} won {pair['share']:.1%} of {pair['games']} against "
              f"{entry[weak]['spec']}{source}, lower end {pair['lower']:.3f}, bar {pair['bar']:.3f}")
        if pair["lower"] > pair["bar"]:
            pairs[name] = pair
        else:
            failed.append(name)
    if failed:
        print(f"level_pairs: {args.game}: not ordered: {', '.join(failed)}; nothing written", file=sys.stderr)
        return 1
    ordered = {name: pairs[name] for name in PAIRS if name in pairs}
    return 0 if record(entry, args, "pairs", ordered, "level_pairs", given) else 1


def without_pairs(argv: list[str]) -> list[str]:
    """The arguments but ``--pair``, ``--store`` and ``--hours``: the command that plays every
    pair's games alike."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in NOT_THE_GAMES:
            skip = True
        elif not arg.startswith(tuple(f"{name}=" for name in NOT_THE_GAMES)):
            out.append(arg)
    return out


if __name__ == "__main__":
    sys.exit(main())
