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
retaliations (each nation wiped out strikes back at once) have no duel. ``fell`` says
what destroyed the bot in the games it lost, as shares of all games: the final
retaliation of a nation it destroyed itself, that of a nation another destroyed, an
ordinary attack (or its own misfire), propaganda or a Secret, or the end of the world.
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
from realpolitik.games.nuclear_war.aftermath import PeaceSwap  # noqa: E402
from realpolitik.games.nuclear_war.combat import Intercept  # noqa: E402
from realpolitik.games.nuclear_war.sequence import ChooseStrategy, PlaceCard  # noqa: E402
from realpolitik.sim.arena import arena_options, game_seed, play_game, seating  # noqa: E402

#: decisions that belong to an ordinary turn, never to a strike or a retaliation
TURN_DECISIONS = (ChooseStrategy, PlaceCard, PeaceSwap)


def duel_of(game, options: dict, result, seat: int) -> str:
    """``alive`` or ``dead`` (the bot fell before the duel began), or ``none`` (no duel)."""
    st = game.new_state(len(result.seats), options, result.seed)
    for action in result.actions:
        st.apply(action)
        if sum(st.alive) == 2 and st.stack and isinstance(st.stack[-1], TURN_DECISIONS):
            return "alive" if st.alive[seat] else "dead"
    return "none"


def falls(game, options: dict, result) -> dict[int, tuple[str, int]]:
    """How each fallen nation fell: ``(cause, seat of the nation that struck)``.

    Read from the decision each action answered: a strike is rolled right after its
    target lets it through (``no intercept``; a salvo's strikes carry a non-negative
    bomber id); every other loss of the last people comes from propaganda or a Secret
    (an interceptor's replacement card may be one).
    """
    st = game.new_state(len(result.seats), options, result.seed)
    fell: dict[int, tuple[str, int]] = {}
    for action in result.actions:
        frame, before = st.stack[-1], st.alive[:]
        st.apply(action)
        for s in (s for s, was in enumerate(before) if was and not st.alive[s]):
            if st.world_ended:
                fell[s] = ("end of the world", -1)
            elif isinstance(frame, Intercept) and action == "no intercept":
                fell[s] = ("retaliation" if frame.bomber_id >= 0 else "attack", frame.attacker)
            else:
                fell[s] = ("propaganda or Secret", frame.seat)
    return fell


def how_it_fell(fell: dict[int, tuple[str, int]], seat: int) -> str | None:
    """The bot's own fall in words, or None if it survived."""
    if seat not in fell:
        return None
    cause, by = fell[seat]
    if cause == "retaliation":
        return "retaliation of a nation it destroyed" if fell[by][1] == seat else "retaliation of another's victim"
    if cause == "attack" and by == seat:
        return "its own misfire"
    return cause


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
        fell = how_it_fell(falls(game, options, result), me)
        if fell:
            tally["fell", fell] += 1
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
    fell = {k[1]: round(tally[k] / args.games, 3) for k in sorted(tally, key=lambda k: -tally[k]) if k[0] == "fell"}
    print(json.dumps({"bot": args.bot, "games": args.games, "seed": args.seed, "won": won,
                      "won_share": round(won / args.games, 3), "duel": out, "fell": fell}, indent=1))

if __name__ == "__main__":
    main()
