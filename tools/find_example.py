"""Find a position for a rules example: play seeded games until a condition on the views holds,
then print the example file's head (game, players, seed, options and the moves that lead there).

    python tools/find_example.py nuclear-war --players 3 --seeds 0:300 \\
        --script "p1=place b-70;place 20mt;place 20mt;place 10mt" \\
        --until "me['public']['players'][0]['face_up'] == 'b-70'"

Every seat plays the bot given (``--bot``, default ``heuristic`` where the game has one), except
that a seat's next move of ``--script SEAT=a;b;…`` is played as soon as it is legal. After every
move the condition ``--until`` (a Python expression) is read with these names: ``views`` (every
seat's view by label, without log), ``public`` (the public part), ``actions`` (the legal
actions), ``to_act`` (the label of the seat to act, or None), ``actor`` (that seat's view, or
None), ``me`` (the first scripted seat's view, else p1's), ``lines`` (the English log lines the
last move added, as a spectator reads them) and ``script_done`` (every script played). Only
views are read: the position is reached through the public contract, so the example file
(``engine/examples.py``) can rebuild it. Cut the moves printed where the example's own begin.
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


def _scripts(pairs: list[str]) -> dict[str, list[str]]:
    out = {}
    for pair in pairs:
        seat, _, moves = pair.partition("=")
        out[seat.strip()] = [m.strip() for m in moves.split(";") if m.strip()]
    return out


def search(args: argparse.Namespace) -> tuple[int, list[str]] | None:
    game = get(args.game)
    options = dict(pair.split("=", 1) for pair in args.option)
    condition = compile(args.until, "--until", "eval")
    first, last = (int(x) for x in args.seeds.split(":"))
    bot_kind = args.bot or ("heuristic" if "heuristic" in game.bots else "random")
    for seed in range(first, last):
        st = game.new_state(args.players, options, seed)
        scripts = {k: list(v) for k, v in _scripts(args.script).items()}
        bots = [make_bot(bot_kind, game, seed * 10 + s) for s in range(args.players)]
        rng = Rng(seed)
        moves: list[str] = []
        me_seat = st.seats.index(next(iter(scripts), st.seats[0]))
        while st.to_act is not None and len(moves) < args.max_moves:
            seat = st.to_act
            label = st.seats[seat]
            legal = st.legal_actions()
            script = scripts.get(label)
            if script and script[0] in legal:
                move = script.pop(0)
            else:
                move = bots[seat].choose(SeatContext.of(st, seat, rng))
            size = st.log.size
            st.apply(move)
            moves.append(move)
            views = {st.seats[s]: st.view(s, log_from=None) for s in range(len(st.seats))}
            names = {"views": views, "public": views[st.seats[0]]["public"], "me": views[st.seats[me_seat]],
                     "actions": st.legal_actions() if st.to_act is not None else (),
                     "to_act": None if st.to_act is None else st.seats[st.to_act],
                     "actor": views[st.seats[st.to_act]] if st.to_act is not None else None,
                     "lines": st.log.redacted(None, size, "en"), "script_done": not any(scripts.values())}
            if eval(condition, {}, names):  # noqa: S307 — a condition typed by the person searching
                return seed, moves
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seeds", default="0:200", help="FIRST:END, END excluded")
    parser.add_argument("--option", "-o", action="append", default=[], help="name=value")
    parser.add_argument("--bot", help="the bot kind every seat plays (default: heuristic, else random)")
    parser.add_argument("--script", action="append", default=[], help="SEAT=move;move;…")
    parser.add_argument("--until", required=True, help="a Python expression over the views (see above)")
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    found = search(args)
    if found is None:
        print("no seed reaches the condition", file=sys.stderr)
        return 1
    seed, moves = found
    print(f'game = "{args.game}"\nplayers = {args.players}\nseed = {seed}')
    if args.option:
        print("options = {" + ", ".join(f"{k} = {json.dumps(v)}" for k, v in
                                         (pair.split("=", 1) for pair in args.option)) + "}")
    print("lead = [\n" + "".join(f"    {json.dumps(m)},\n" for m in moves) + "]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
