"""The arena on the terminal: a progress bar while games run, then the table of results."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from realpolitik.i18n import DEFAULT, render, t, tn
from realpolitik.i18n.counts import games_n
from realpolitik.sim import Interrupted, Summary, run_arena, summarise


def run(game_id: str, specs: Sequence[str], games: int, seed: int, options: dict[str, Any],
        workers: int, progress_console: Console, lang: str = DEFAULT,
        cluster: str | None = None) -> tuple[Summary, float, bool]:
    """Play the arena with a progress bar on ``progress_console``, on ``cluster`` if given; the
    summary of the games that finished, seconds taken, and whether Ctrl-C stopped it."""
    start = time.perf_counter()
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn(render(t("eta"), lang)), TimeRemainingColumn())
    stopped = False
    with Progress(*columns, console=progress_console, transient=True) as bar:
        task = bar.add_task(render(t("{game} arena", game=game_id), lang), total=games)

        def connected(cpus: int) -> None:
            bar.console.print(render(t("Ray cluster {address}: {cpus} CPUs", address=cluster, cpus=cpus), lang))

        try:
            results = run_arena(game_id, specs, games, seed, options, workers,
                                on_result=lambda _: bar.advance(task), cluster=cluster, on_cluster=connected)
        except Interrupted as exc:
            results, stopped = exc.results, True
    return summarise(game_id, len(specs), results), time.perf_counter() - start, stopped


def table(summary: Summary, seconds: float, lang: str = DEFAULT) -> Table:
    """Win rate with its 95 % Wilson interval, mean reward (where it is not the win rate) and points."""
    bots = summary.bots.values()
    with_points = any(b.points for b in bots)
    with_teams = any(b.team_games for b in bots)
    with_reward = any(abs(b.reward - b.wins) > 1e-9 for b in bots)
    title = tn("{game}, {players} players, {games} game ({seconds} s)",
               "{game}, {players} players, {games} games ({seconds} s)", "games", game=summary.game,
               players=summary.players, games=summary.games, seconds=f"{seconds:.0f}")
    out = Table(title=render(title, lang), title_justify="left", box=box.SIMPLE_HEAD)
    out.add_column(render(t("bot"), lang), no_wrap=True, min_width=max(len(b.bot) for b in bots))
    heads = (t("seats"), t("wins"), t("win % (95 %)")) + ((t("reward"),) if with_reward else ()) + (t("s/move"),)
    for col in heads:
        out.add_column(render(col, lang), justify="right", no_wrap=True)
    if with_points:
        out.add_column(render(t("points (95 %)"), lang), justify="right", no_wrap=True)
    if with_teams:
        out.add_column(render(t("team games won (95 %)"), lang), justify="right", no_wrap=True)
    for b in bots:
        d = b.to_dict()
        row = [b.bot, str(b.seats), str(b.wins), _percent(d)]
        if with_reward:
            row.append(f"{d['mean_reward']:.3f}")
        row.append(f"{d['seconds_per_decision']:.3f}")
        if with_points:
            p = d.get("points")
            row.append(f"{p['mean']:.2f} ({p['ci95'][0]:.2f}–{p['ci95'][1]:.2f})" if p else "")
        if with_teams:
            team = d.get("team_games")
            row.append(f"{team['wins']}/{team['games']}  {_percent(team)}" if team else "")
        out.add_row(*row)
    out.caption = render(t("average length {length} actions; {no_winner} without a winner; {limited} ended by a limit",
                           length=f"{summary.average_length:.1f}", no_winner=games_n(summary.no_winner),
                           limited=summary.limited), lang)
    out.caption_justify = "left"
    return out


def _percent(rate: dict) -> str:
    """``win_rate`` and ``ci95`` of a summary's JSON as percentages: 41.7 (27.1–57.8)."""
    low, high = rate["ci95"]
    return f"{100 * rate['win_rate']:.1f} ({100 * low:.1f}–{100 * high:.1f})"


def mixed_team_warning(summary: Summary, labels: Sequence[str], specs: Sequence[str],
                       lang: str = DEFAULT) -> str | None:
    """What to say when teams held different bots: their win rates then mix the teams."""
    if not summary.mixed_teams or summary.teams is None:
        return None
    layout = summary.teams
    against = " " + render(t("against"), lang) + " "
    sides = against.join("+".join(labels[s] for s, side in enumerate(layout) if side == team)
                         for team in dict.fromkeys(layout))
    distinct = list(dict.fromkeys(specs))
    example = ",".join(distinct[t % len(distinct)] for t in layout)
    return render(t("warning: in {mixed} of {games} a team ({sides}) held different bots, so win rates mix the "
                    "teams; to compare bots as teams list one bot per team in the teams' order, e.g. --seats {example}",
                    mixed=summary.mixed_teams, games=games_n(summary.games), sides=sides, example=example), lang)
