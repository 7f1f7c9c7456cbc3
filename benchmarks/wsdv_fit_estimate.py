"""Fit the weights of the Wir sind das Volk! search estimate (``heuristic.win_chances``); prints JSON.

    python benchmarks/wsdv_fit_estimate.py --game wsdv --games 400
    python benchmarks/wsdv_fit_estimate.py --game wsdv-2p2 --games 200 --seed 2000

Plays heuristic self-play games with a share of random moves (search meets poor positions
too), records 15 % of the positions and the winner, and fits by Newton's method a logistic
for West's chance: bias, decade, West's standing lead (``heuristic.evaluate``) and the
prestige, currency and socialism tracks. For 2+2 it also fits the winning superpower's
share of its side's win from its present victory-point lead. Positions of the last quarter
of the games are held out; the log-loss on them is printed beside the constant guess's.
Not a ``bench_*`` file: it runs for minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from math import exp, log
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.games.wsdv.content import EAST, WEST  # noqa: E402
from realpolitik.games.wsdv.heuristic import evaluate  # noqa: E402
from realpolitik.games.wsdv.two_plus_two.cold_war import victory_points  # noqa: E402

SIDE_FEATURES = ("decade", "standing_lead", "prestige", "currency", "socialism")


def positions(game_id: str, games: int, seed: int, random_share: float) -> list[tuple]:
    """(side features, 1 if West won, 2+2: the winning superpower's lead and whether it won) per position."""
    game = get(game_id)
    players = game.min_players
    out = []
    for g in range(seed, seed + games):
        st = game.new_state(players, {}, g)
        bots = [make_bot("heuristic", game, g * 31 + s) for s in range(players)]
        rng = Rng(g ^ 0x5EED)
        seen = []
        while not st.is_over():
            if rng.below(100) < 15:
                lead = victory_points(st, WEST) - victory_points(st, EAST) if players == 4 else None
                seen.append(([st.decade, evaluate(st, WEST), st.prestige, st.currency, st.socialism], lead))
            legal = st.legal_actions()
            if rng.below(1000) < random_share * 1000:
                st.apply(legal[rng.below(len(legal))])
            else:
                st.apply(bots[st.to_act].choose(SeatContext.of(st, st.to_act, rng.fork())))
        side, _ = st.result
        if side < 0:
            continue  # nuclear war: no side won
        out += [(x, float(side == WEST), _power_share(st, side, lead)) for x, lead in seen]
    return out


def _power_share(st, side: int, lead: int | None) -> tuple[int, float] | None:
    """2+2: (the winning side's superpower's VP lead then, 1 if it won); None in the base game."""
    if lead is None:
        return None
    won = st.outcome().winners[0] in (0, 1)
    return (lead if side == WEST else -lead, float(won))


def fit(rows: list[list[float]], labels: list[float], ridge: float = 1e-3) -> list[float]:
    """Logistic regression (bias first) by Newton's method."""
    xs = [[1.0] + r for r in rows]
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(50):
        grad = [ridge * v for v in w]
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, labels):
            p = 1.0 / (1.0 + exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def log_loss(w: list[float], rows: list[list[float]], labels: list[float]) -> float:
    total = 0.0
    for x, y in zip(rows, labels):
        p = 1.0 / (1.0 + exp(-(w[0] + sum(a * b for a, b in zip(w[1:], x)))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * log(p) + (1 - y) * log(1 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wsdv", choices=("wsdv", "wsdv-2p2"))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--random-share", type=float, default=0.1)
    args = parser.parse_args()
    data = positions(args.game, args.games, args.seed, args.random_share)
    cut = len(data) * 3 // 4
    xs, ys = [d[0] for d in data], [d[1] for d in data]
    w = fit(xs[:cut], ys[:cut])
    base = sum(ys[:cut]) / cut
    out = {
        "game": args.game, "positions": len(data),
        "west_chance": dict(zip(("bias",) + SIDE_FEATURES, (round(v, 4) for v in w))),
        "held_out_log_loss": round(log_loss(w, xs[cut:], ys[cut:]), 4),
        "constant_log_loss": round(log_loss([log(base / (1 - base))] + [0.0] * len(SIDE_FEATURES),
                                            xs[cut:], ys[cut:]), 4),
    }
    shares = [d[2] for d in data if d[2] is not None]
    if shares:
        v = fit([[lead] for lead, _ in shares], [won for _, won in shares])
        out["superpower_share"] = {"bias": round(v[0], 4), "vp_lead": round(v[1], 4)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
