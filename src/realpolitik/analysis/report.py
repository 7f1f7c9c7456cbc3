"""The numbers of a report: measured games folded into win rates, endings, lengths, final values,
tracks over time, seat-order and card effects (plain data, the ``--json`` output)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import ceil

from realpolitik.engine import Game
from realpolitik.i18n import DEFAULT, render

from .measure import Measured
from .stats import ALPHA, bands, histogram, holm, mantel_haenszel, rate, spread, two_proportions

#: a band over time is drawn for clock values that at least this share of the games reached
BAND_SHARE = 0.25


def build(game: Game, specs: Sequence[str], games: Sequence[Measured], lang: str = DEFAULT) -> dict:
    """Everything the report shows about ``games`` of ``game`` between the bot ``specs``; end
    reasons and card names in ``lang``."""
    players = len(specs)
    labels = game.seat_labels(players)
    results = [m.result for m in games]
    out: dict = {
        "game": game.id, "players": players, "seats": list(specs), "games": len(games),
        "seat_labels": list(labels),
        "win_rates": {"seats": {label: rate(sum(s in r.winners for r in results), len(results))
                                for s, label in enumerate(labels)}},
        "no_winner": sum(not r.winners for r in results), "limited": sum(r.limit for r in results),
        "ends": endings(games, lang),
        "length": {"actions": spread([r.plies for r in results]),
                   "histogram": histogram([r.plies for r in results])},
        "seat_order": seat_order(games, labels),
    }
    teams = game.teams(players)
    if teams is not None:
        out["teams"] = list(teams)
        out["win_rates"]["teams"] = {str(team): rate(sum(any(s in r.winners for s, x in enumerate(teams) if x == team)
                                                         for r in results), len(results))
                                     for team in sorted(set(teams))}
    if len(set(specs)) > 1:
        held = Counter(spec for r in results for spec in r.seats)
        won = Counter(spec for r in results for s, spec in enumerate(r.seats) if s in r.winners)
        out["win_rates"]["bots"] = {spec: rate(won[spec], held[spec]) for spec in dict.fromkeys(specs)}
    if any(r.points is not None for r in results):
        out["points"] = {label: spread([r.points[s] for r in results if r.points is not None])
                         for s, label in enumerate(labels)}
    if game.measures is not None and games:
        out["length"]["clock"] = spread([m.samples[-1][0] for m in games if m.samples])
        out["finals"] = finals(games)
        out["tracks"] = tracks(games)
        out["cards"] = card_effects(games, teams, lang)
    return out


def endings(games: Sequence[Measured], lang: str = DEFAULT) -> list[dict]:
    """How the games ended, by the kind of end (the reason with its values left out as "…"; ``key``
    in English, ``text`` in ``lang``), most frequent first."""
    kinds = Counter(m.ending for m in games)
    return [{"key": render(kind, "en"), "text": render(kind, lang), "games": n, "share": rate(n, len(games))}
            for kind, n in kinds.most_common()]


def finals(games: Sequence[Measured]) -> dict:
    """Each track's values at the end of the games, per series."""
    values: dict[str, dict[str, list[float]]] = {}
    for m in games:
        for track, series in m.samples[-1][1].items():
            for name, value in series.items():
                values.setdefault(track, {}).setdefault(name, []).append(value)
    return {track: {name: spread(v) for name, v in series.items()} for track, series in values.items()}


def tracks(games: Sequence[Measured]) -> dict:
    """Each track over time: per series, the quartiles at every clock value enough games reached."""
    points: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for m in games:
        for x, sample in m.samples:
            for track, series in sample.items():
                for name, value in series.items():
                    points.setdefault(track, {}).setdefault(name, []).append((x, value))
    least = max(1, ceil(BAND_SHARE * len(games)))
    return {track: {name: bands(p, least) for name, p in series.items()} for track, series in points.items()}


def seat_order(games: Sequence[Measured], labels: Sequence[str]) -> dict:
    """Seat-order effects: each seat's win rate against the other seats' (Holm-corrected over the
    seats), and how often the seat that acted first won against the others."""
    n, players = len(games), len(labels)
    wins = [sum(s in m.result.winners for m in games) for s in range(players)]
    tests = [two_proportions(wins[s], n, sum(wins) - wins[s], n * (players - 1)) for s in range(players)]
    adjusted = holm([p for _, p in tests])
    seats = {label: {"difference": tests[s][0], "p": tests[s][1], "p_holm": adjusted[s],
                     "flagged": adjusted[s] < ALPHA, "first": sum(m.first == s for m in games)}
             for s, label in enumerate(labels)}
    first = sum(m.first in m.result.winners for m in games)
    others = sum(len([w for w in m.result.winners if w != m.first]) for m in games)
    diff, p = two_proportions(first, n, others, n * (players - 1))
    return {"seats": seats, "first_mover": {**rate(first, n), "others": rate(others, n * (players - 1)),
                                            "difference": diff, "p": p, "flagged": p < ALPHA}}


def card_effects(games: Sequence[Measured], teams: Sequence[int] | None, lang: str = DEFAULT) -> list[dict]:
    """Each card's effect: the win rate of a side (a team, else a seat) in the games it played the
    card against its win rate in the games it did not. The test compares them within strata — the
    same side held by the same bots — so that a card one side plays, or a strong bot favours, does
    not pass off the side's or the bot's chances as its own (Cochran–Mantel–Haenszel); flagged when
    Holm's correction over all cards keeps it significant. Sorted by that corrected p-value."""
    if not games:
        return []
    side = list(teams) if teams is not None else list(range(len(games[0].result.seats)))
    names: dict = {}
    strata: Counter = Counter()  # (side, its bots) -> [games, wins]
    strata_won: Counter = Counter()
    played: dict[str, Counter] = {}
    played_won: dict[str, Counter] = {}
    for m in games:
        names.update(m.card_names)
        stratum = {x: (x, tuple(spec for s, spec in enumerate(m.result.seats) if side[s] == x)) for x in set(side)}
        won = {side[s] for s in m.result.winners}
        strata.update(stratum.values())
        strata_won.update(stratum[x] for x in won)
        for key, x in {(key, side[seat]) for seat, key in m.cards}:
            played.setdefault(key, Counter())[stratum[x]] += 1
            played_won.setdefault(key, Counter())[stratum[x]] += x in won
    rows = []
    for key, by in played.items():
        wins, n = sum(played_won[key].values()), sum(by.values())
        total, total_won = sum(strata.values()), sum(strata_won.values())
        tables = [(played_won[key][k], by[k], strata_won[k] - played_won[key][k], strata[k] - by[k]) for k in by]
        diff, p = mantel_haenszel(tables)
        rows.append({"card": key, "name": render(names[key], lang), "played": rate(wins, n),
                     "not_played": rate(total_won - wins, total - n), "difference": diff, "p": p})
    for row, adj in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = adj
        row["flagged"] = adj < ALPHA
    rows.sort(key=lambda r: (r["p_holm"], r["p"], r["card"]))
    return rows
