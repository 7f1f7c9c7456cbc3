"""The arena on the terminal: a progress bar while games run, then the table of results."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from realpolitik.sim import Summary, run_arena, summarise


def run(game_id: str, specs: Sequence[str], games: int, seed: int, options: dict[str, Any],
        workers: int, progress_console: Console) -> tuple[Summary, float]:
    """Play the arena with a progress bar on ``progress_console``; the summary and seconds taken."""
    start = time.perf_counter()
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
    with Progress(*columns, console=progress_console, transient=True) as bar:
        task = bar.add_task(f"{game_id} arena", total=games)
        results = run_arena(game_id, specs, games, seed, options, workers,
                            on_result=lambda _: bar.advance(task))
    return summarise(game_id, len(specs), results), time.perf_counter() - start


def table(summary: Summary, seconds: float) -> Table:
    """Win rate with its 95 % Wilson interval, mean reward (where it is not the win rate) and points."""
    bots = summary.bots.values()
    with_points = any(b.points for b in bots)
    with_teams = any(b.team_games for b in bots)
    with_reward = any(abs(b.reward - b.wins) > 1e-9 for b in bots)
    out = Table(title=f"{summary.game}, {summary.players} players, {summary.games} games "
                      f"({seconds:.0f} s)", title_justify="left", box=box.SIMPLE_HEAD)
    out.add_column("bot", no_wrap=True, min_width=max(len(b.bot) for b in bots))
    for col in ("seats", "wins", "win % (95 %)") + (("reward",) if with_reward else ()) + ("s/move",):
        out.add_column(col, justify="right", no_wrap=True)
    if with_points:
        out.add_column("points (95 %)", justify="right", no_wrap=True)
    if with_teams:
        out.add_column("team games won (95 %)", justify="right", no_wrap=True)
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
            t = d.get("team_games")
            row.append(f"{t['wins']}/{t['games']}  {_percent(t)}" if t else "")
        out.add_row(*row)
    out.caption = (f"average length {summary.average_length:.1f} actions; "
                   f"{summary.no_winner} games without a winner; {summary.limited} ended by a limit")
    out.caption_justify = "left"
    return out


def _percent(rate: dict) -> str:
    """``win_rate`` and ``ci95`` of a summary's JSON as percentages: 41.7 (27.1–57.8)."""
    low, high = rate["ci95"]
    return f"{100 * rate['win_rate']:.1f} ({100 * low:.1f}–{100 * high:.1f})"


def mixed_team_warning(summary: Summary, labels: Sequence[str], specs: Sequence[str]) -> str | None:
    """What to say when teams held different bots: their win rates then mix the teams."""
    if not summary.mixed_teams or summary.teams is None:
        return None
    layout = summary.teams
    sides = " against ".join("+".join(labels[s] for s, t in enumerate(layout) if t == team)
                             for team in dict.fromkeys(layout))
    distinct = list(dict.fromkeys(specs))
    example = ",".join(distinct[t % len(distinct)] for t in layout)
    return (f"warning: in {summary.mixed_teams} of {summary.games} games a team ({sides}) held different "
            f"bots, so win rates mix the teams; to compare bots as teams list one bot per team in "
            f"the teams' order, e.g. --seats {example}")
