"""Statistics of a game title from its finished online games (``GET /api/statistics/{game}``).

Per number of players: how many games ended, each seat's win rate with its Wilson 95 %
interval — overall and split by who sat there (a person or a bot) —, each team's in the
team games, how many games nobody won, the length in actions and by the game's own clock
(turns, rounds, years …: median and quartiles) and how the games ended. Counted by SQL over
the outcome columns a finished game stores (``games.plies``, ``games.length``,
``games.end_reason``, ``seats.place``, ``seats.won``), on SQLite and
PostgreSQL alike. Only finished games count, and only what their result shows everyone:
nothing of a running game, no hidden card.
"""

from __future__ import annotations

import re
from statistics import median, quantiles
from typing import Any

from sqlalchemy import case, distinct, func, select

from realpolitik.engine import Game
from realpolitik.i18n import catalog, render
from realpolitik.sim.stats import wilson

from .store import Store, games, seats

HUMAN = "human"
FIELD = re.compile(r"\{[a-z_]+(:\w+)?\}")


def _finished(game: str):
    """Each finished game of the title with its outcome stored, with its number of seats."""
    counts = select(seats.c.game_id, func.count().label("players")).group_by(seats.c.game_id).subquery()
    return (select(games.c.id, games.c.plies, games.c.length, games.c.end_reason, counts.c.players)
            .join(counts, counts.c.game_id == games.c.id)
            .where(games.c.game == game, games.c.status == "finished", games.c.plies.is_not(None))
            .subquery())


def counts(store: Store, game: str, teams: dict[int, list[list[int]]]) -> dict[str, list[dict[str, Any]]]:
    """The raw counts of a title (blocking; run through :meth:`Store.in_thread`): ``seats`` (players,
    seat, human, games, wins), ``teams`` (players, team, wins — a game counts once however many
    partners won), ``winless`` (players, games nobody won), ``reasons`` (players, reason,
    games), ``plies`` (players, plies) of every finished game and ``clock`` (players, length) of
    those that stored where their clock stood. ``teams`` gives the seats of
    each team per number of players."""
    done = _finished(game)
    human = case((seats.c.kind == HUMAN, True), else_=False).label("human")
    won = func.sum(case((seats.c.won.is_(True), 1), else_=0))
    with store.engine.connect() as conn:
        by_seat = conn.execute(
            select(done.c.players, seats.c.seat, human, func.count().label("games"), won.label("wins"))
            .join_from(done, seats, seats.c.game_id == done.c.id)
            .group_by(done.c.players, seats.c.seat, human).order_by(done.c.players, seats.c.seat)).mappings().all()
        winners = (select(done.c.players, func.count(distinct(done.c.id)))
                   .join_from(done, seats, seats.c.game_id == done.c.id).where(seats.c.won.is_(True))
                   .group_by(done.c.players))
        won_some = dict(conn.execute(winners).all())
        by_team = [{"players": n, "team": team,
                    "wins": dict(conn.execute(winners.where(seats.c.seat.in_(members))).all()).get(n, 0)}
                   for n, sides in teams.items() for team, members in enumerate(sides)]
        reasons = conn.execute(select(done.c.players, done.c.end_reason.label("reason"), func.count().label("games"))
                               .group_by(done.c.players, done.c.end_reason)
                               .order_by(done.c.players, func.count().desc(), done.c.end_reason)).mappings().all()
        totals = dict(conn.execute(select(done.c.players, func.count()).group_by(done.c.players)).all())
        plies = conn.execute(select(done.c.players, done.c.plies).order_by(done.c.players, done.c.plies)).all()
        clock = conn.execute(select(done.c.players, done.c.length).where(done.c.length.is_not(None))
                             .order_by(done.c.players, done.c.length)).all()
    return {"seats": [dict(r) for r in by_seat],
            "teams": by_team,
            "winless": [{"players": n, "games": total - won_some.get(n, 0)} for n, total in totals.items()],
            "reasons": [dict(r) for r in reasons],
            "plies": [{"players": n, "plies": p} for n, p in plies],
            "clock": [{"players": n, "length": length} for n, length in clock]}


def rate(wins: int, played: int) -> dict[str, Any]:
    """Wins of games played as a share with its Wilson 95 % interval, rounded for reading."""
    low, high = wilson(wins, played)
    return {"games": played, "wins": wins, "rate": round(wins / played, 4) if played else None,
            "low": round(low, 4), "high": round(high, 4)}


def lengths(values: list[float]) -> dict[str, Any]:
    """Median, quartiles and range of game lengths (sorted), in actions or the game's clock."""
    if not values:
        return {}
    q1, _, q3 = quantiles(values, n=4, method="inclusive") if len(values) > 1 else (values[0],) * 3
    return {"median": median(values), "q1": q1, "q3": q3, "min": values[0], "max": values[-1]}


def reason_words(reason: str | None, lang: str) -> str:
    """An end reason in ``lang``: its message translated, each field shown as "…"."""
    if not reason:
        return "—"
    words = catalog(lang).get(reason, reason)
    if isinstance(words, tuple):  # a message about a number: "…" stands for any, so its plural
        words = words[1]
    return FIELD.sub("…", words)


def summary(game: Game, raw: dict[str, list[dict[str, Any]]], lang: str) -> dict[str, Any]:
    """The statistics page's numbers of ``game`` from :func:`counts`, seats and teams titled in ``lang``."""
    tables = []
    for n in sorted({r["players"] for r in raw["plies"]}):
        labels, titles = game.seat_labels(n), game.seat_titles(n)
        team_of, team_titles = game.teams(n), game.team_titles(n)
        rows = [r for r in raw["seats"] if r["players"] == n]
        by_seat = []
        for seat, label in enumerate(labels):
            mine = [r for r in rows if r["seat"] == seat]
            split = {("human" if r["human"] else "bot"): rate(int(r["wins"]), r["games"]) for r in mine}
            by_seat.append({"seat": label, "title": render(titles[seat], lang),
                            "team": render(team_titles[team_of[seat]], lang) if team_of and team_titles else None,
                            **rate(sum(int(r["wins"]) for r in mine), sum(r["games"] for r in mine)),
                            "human": split.get("human"), "bot": split.get("bot")})
        no_winner = next(r["games"] for r in raw["winless"] if r["players"] == n)
        plies = [r["plies"] for r in raw["plies"] if r["players"] == n]
        teams = [{"team": render(team_titles[r["team"]], lang) if team_titles else str(r["team"] + 1),
                  "seats": [labels[s] for s in range(n) if team_of[s] == r["team"]], **rate(r["wins"], len(plies))}
                 for r in raw["teams"] if r["players"] == n]
        clock = [r["length"] for r in raw["clock"] if r["players"] == n]
        tables.append({"players": n, "games": len(plies), "seats": by_seat, "teams": teams,
                       "no_winner": no_winner, "length": lengths(plies),
                       "clock": {"unit": render(game.measures.CLOCK, lang), "games": len(clock), **lengths(clock)}
                       if clock and game.measures is not None else None,
                       "reasons": [{"reason": r["reason"], "text": reason_words(r["reason"], lang), "games": r["games"]}
                                   for r in raw["reasons"] if r["players"] == n]})
    return {"game": game.id, "title": game.title, "games": sum(t["games"] for t in tables), "by_players": tables}


def team_seats(game: Game) -> dict[int, list[list[int]]]:
    """The seats of each team per number of players, for the game's team player counts."""
    out = {}
    for n in range(game.min_players, game.max_players + 1):
        teams = game.teams(n)
        if teams:
            out[n] = [[s for s in range(n) if teams[s] == team] for team in sorted(set(teams))]
    return out
