"""Write a game's bot levels (src/realpolitik/games/data/levels.toml) from a ladder's JSON.

    realpolitik ladder wsdv --players 2 --bots $B --games 24 --workers 2 --seed 1 --json > wsdv.json
    python tools/levels.py wsdv.json --command "realpolitik ladder wsdv --players 2 …"
    python tools/levels.py wsdv.json --command "…" --levels ismcts:budget=300,heuristic,ismcts:budget=1500

A ladder at the game's usual player count gives the game's own entry; one at another count
gives the entry ``"GAME@N"``, the levels offered at ``N`` players (the game's own entry must
exist first). The levels easy, normal and hard are three entrants of the ladder in the order
of their rating (μ), weakest first: by default the three best rated; ``--levels`` names them (they
must be entrants, in that order of μ). The game's entry is replaced, the others kept; its
head-to-head pairs (``tools/level_pairs.py``) are kept only when the levels stay the same, the
hard level's timing (``tools/level_seconds.py``) only when the hard level does.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots.levels import FILE, NAMES, key_of  # noqa: E402
from realpolitik.games import get  # noqa: E402


class LevelError(Exception):
    """The ladder cannot give the levels asked for; the message says why."""


def choose(ladder: dict, wanted: list[str] | None = None) -> list[dict]:
    """The ladder's ratings of the three levels, weakest first."""
    if not ladder.get("complete"):
        raise LevelError("the ladder was stopped before its last game: run it to the end")
    ratings = {r["bot"]: r for r in ladder["ratings"]}
    if wanted is None:
        wanted = [r["bot"] for r in sorted(ladder["ratings"], key=lambda r: r["mu"], reverse=True)[:len(NAMES)]][::-1]
    if len(wanted) != len(NAMES):
        raise LevelError(f"name {len(NAMES)} levels ({', '.join(NAMES)}), not {len(wanted)}")
    missing = [spec for spec in wanted if spec not in ratings]
    if missing:
        raise LevelError(f"{missing[0]!r} is not an entrant of the ladder ({', '.join(ratings)})")
    chosen = [ratings[spec] for spec in wanted]
    if any(a["mu"] >= b["mu"] for a, b in zip(chosen, chosen[1:], strict=False)):
        said = ", ".join(f"{r['bot']} μ {r['mu']}" for r in chosen)
        raise LevelError(f"the levels must be ordered by rating, weakest first: {said}")
    return chosen


def entry(ladder: dict, command: str, date: str, chosen: list[dict]) -> dict:
    """A game's entry of the file."""
    out = {"players": ladder["players"], "games": ladder["games"], "command": command, "date": date}
    for name, rating in zip(NAMES, chosen, strict=True):
        out[name] = {"spec": rating["bot"], "mu": round(rating["mu"], 2), "sigma": round(rating["sigma"], 2)}
    return out


def render(table: dict[str, dict]) -> str:
    """The file's text: a header, then each game in turn (TOML; strings written as JSON strings,
    which TOML reads alike)."""
    lines = ["# Bot levels of the lobby per game, weakest first, with the rating each spec got in the ladder",
             "# below. Written by tools/levels.py from `realpolitik ladder … --json`; do not edit by hand."]
    for game in sorted(table):
        e = table[game]
        lines += ["", f"[{json.dumps(game)}]", f"players = {e['players']}", f"games = {e['games']}",
                  f"command = {json.dumps(e['command'])}", f"date = {json.dumps(e['date'])}"]
        for name in NAMES:
            level = e[name]
            lines.append(f"{name} = {{ spec = {json.dumps(level['spec'])}, mu = {level['mu']}, "
                         f"sigma = {level['sigma']} }}")
        lines += [f"{key} = {json.dumps(e[key])}" for key in ("pairs_command", "seconds_command") if key in e]
        if "pairs" in e:
            lines += ["", f"[{json.dumps(game)}.pairs]"]
            lines += [f"{name} = {{ games = {pair['games']}, share = {pair['share']}, lower = {pair['lower']}, "
                      f"bar = {pair['bar']}" + (f", target = {json.dumps(pair['target'])}" if "target" in pair else "")
                      + " }" for name, pair in e["pairs"].items()]
        if "seconds" in e:
            hard = e["seconds"]["hard"]
            lines += ["", f"[{json.dumps(game)}.seconds]",
                      f"hard = {{ spec = {json.dumps(hard['spec'])}, games = {hard['games']}, "
                      f"decisions = {hard['decisions']}, mean = {hard['mean']}, slowest = {hard['slowest']} }}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ladder", type=Path, help="the JSON a `realpolitik ladder … --json` printed")
    parser.add_argument("--command", required=True, help="the ladder command that printed it, as run")
    parser.add_argument("--levels", help="easy,normal,hard: the entrants to use (default: the three best rated)")
    parser.add_argument("--date", default=datetime.now(UTC).date().isoformat(), help="when the ladder ran")
    parser.add_argument("--file", type=Path, default=FILE, help="the levels file to update")
    args = parser.parse_args(argv)
    try:
        ladder = json.loads(args.ladder.read_text())
        chosen = choose(ladder, args.levels.split(",") if args.levels else None)
    except (OSError, ValueError, KeyError, LevelError) as exc:
        print(f"levels: {args.ladder}: {exc}", file=sys.stderr)
        return 2
    table = tomllib.loads(args.file.read_text()) if args.file.is_file() else {}
    usual = ladder["players"] == get(ladder["game"]).default_players()
    key = key_of(ladder["game"], None if usual else ladder["players"])
    if key != ladder["game"] and ladder["game"] not in table:
        print(f"levels: {args.file}: no levels for {ladder['game']!r} at its usual count yet: choose those first",
              file=sys.stderr)
        return 2
    old = table.get(key, {})
    table[key] = entry(ladder, args.command, args.date, chosen)
    if all(old.get(name, {}).get("spec") == r["bot"] for name, r in zip(NAMES, chosen, strict=True)):
        table[key].update({k: old[k] for k in ("pairs", "pairs_command") if k in old})  # still these levels
    if old.get("hard", {}).get("spec") == chosen[-1]["bot"]:  # the same hard level: its timing holds
        table[key].update({k: old[k] for k in ("seconds", "seconds_command") if k in old})
    args.file.write_text(render(table))
    print(f"{key}: " + ", ".join(f"{n} = {r['bot']} (μ {r['mu']:.1f})" for n, r in zip(NAMES, chosen, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
