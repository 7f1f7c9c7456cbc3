"""The ladder on the terminal: a progress bar while games run, then the ratings and the head-to-head table."""

from __future__ import annotations

import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from realpolitik.bots import bot_kinds, make_bot, parse_spec
from realpolitik.engine import Game
from realpolitik.games import get
from realpolitik.i18n import DEFAULT, render, t, tn
from realpolitik.i18n.counts import games_n
from realpolitik.sim.ladder import Ladder, ladder_key, planned, run_ladder, side_layout
from realpolitik.sim.stats import GameResult
from realpolitik.sim.store import keep, kept

from .inputs import fail, reason


def bot_list(text: str, game: Game, players: int, lang: str) -> list[str]:
    """The entrants of ``--bots``: known kinds with good parameters, none twice, enough for a table."""
    bots = [b.strip().lower() for b in text.split(",") if b.strip()]
    for bot in bots:
        try:
            if parse_spec(bot)[0] not in bot_kinds(game):
                fail(t("unknown bot {bot}: use one of {bots}", bot=repr(bot), bots=", ".join(bot_kinds(game))), lang)
            make_bot(bot, game)
        except ValueError as exc:
            fail(reason(exc), lang)
        if bots.count(bot) > 1:
            fail(t("--bots lists {bot} twice", bot=bot), lang)
    check_count(bots, game, players, lang)
    return bots


def check_count(bots: Sequence[str], game: Game, players: int, lang: str) -> None:
    """Refuse fewer entrants than a table has sides (at least two)."""
    need = max(max(side_layout(game, players)) + 1, 2)
    if len(bots) < need:
        fail(t("a ladder of {players} players needs at least {need} bots, not {n}: list them with --bots",
               players=players, need=need, n=len(bots)), lang)


def run(game_id: str, bots: Sequence[str], players: int, games: int, seed: int, options: dict[str, Any],
        workers: int, progress_console: Console, lang: str = DEFAULT,
        cluster: str | None = None, store: Path | None = None) -> tuple[Ladder, float]:
    """Play the ladder with a progress bar on ``progress_console``, on ``cluster`` if given; the
    ladder and seconds taken. With ``store`` each finished game is kept there and the games an
    earlier run kept are not played again; SIGTERM then stops the run as Ctrl-C does."""
    start = time.perf_counter()
    total = planned(get(game_id), len(bots), players, games)
    key = ladder_key(game_id, bots, players, seed, options)
    try:
        have = {i: r for i, r in kept(store, key).items() if i < total}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        fail(t("{path}: cannot read ({problem})", path=str(store), problem=str(exc)), lang)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn(render(t("eta"), lang)), TimeRemainingColumn())
    stop = signal.signal(signal.SIGTERM, signal.default_int_handler) if store is not None else None
    try:
        with Progress(*columns, console=progress_console, transient=True) as bar:
            task = bar.add_task(render(t("{game} ladder", game=game_id), lang), total=total, completed=len(have))

            def connected(cpus: int) -> None:
                bar.console.print(render(t("Ray cluster {address}: {cpus} CPUs", address=cluster, cpus=cpus), lang))

            def finished(result: GameResult) -> None:
                if store is not None:
                    keep(store, key, result)
                bar.advance(task)

            ladder = run_ladder(game_id, bots, players, games, seed, options, workers, on_result=finished,
                                cluster=cluster, on_cluster=connected, kept=have)
    finally:
        if stop is not None:
            signal.signal(signal.SIGTERM, stop)
    return ladder, time.perf_counter() - start


def tenths(value: float) -> str:
    """A rating to one decimal, a value that rounds to zero as ``0.0`` (never ``-0.0``)."""
    return f"{round(value, 1) + 0.0:.1f}"


def ratings_table(ladder: Ladder, seconds: float, lang: str = DEFAULT) -> Table:
    """The entrants best first: rating, its interval, games, wins and seconds per move."""
    title = tn("{game} ladder, {players} players, {games} game ({seconds} s)",
               "{game} ladder, {players} players, {games} games ({seconds} s)", "games", game=ladder.game,
               players=ladder.players, games=len(ladder.results), seconds=f"{seconds:.0f}")
    out = Table(title=render(title, lang), title_justify="left", box=box.SIMPLE_HEAD)
    out.add_column("#", justify="right")
    out.add_column(render(t("bot"), lang), no_wrap=True)
    for head in ("μ", t("interval (μ ± 2σ)"), t("games"), t("wins"), t("win % (95 %)"), t("s/move")):
        out.add_column(render(head, lang), justify="right", no_wrap=True)
    for place, entrant in enumerate(ladder.ratings, 1):
        d = entrant.to_dict()
        low, high = d["interval"]
        wins_low, wins_high = d["win_ci95"]
        out.add_row(str(place), entrant.bot, tenths(entrant.mu), f"{tenths(low)} – {tenths(high)}", str(entrant.games),
                    str(entrant.wins), f"{100 * d['win_rate']:.1f} ({100 * wins_low:.1f}–{100 * wins_high:.1f})",
                    f"{d['seconds_per_decision']:.3f}")
    no_winner = sum(not r.winners for r in ladder.results)
    caption = t("openskill rating μ (Plackett–Luce, each bot holding a whole team), ranked by the lower end of "
                "μ ± 2σ; {no_winner} without a winner", no_winner=games_n(no_winner)) if ladder.teams is not None \
        else t("openskill rating μ (Plackett–Luce), ranked by the lower end of μ ± 2σ; {no_winner} without a winner",
               no_winner=games_n(no_winner))
    out.caption = render(caption, lang)
    out.caption_justify = "left"
    return out


def head_to_head_table(ladder: Ladder, lang: str = DEFAULT) -> Table:
    """For each row bot and column bot: the share of their games in which the row placed ahead."""
    order = [e.bot for e in ladder.ratings]
    out = Table(title=render(t("head to head, % (95 %)"), lang), title_justify="left", box=box.SIMPLE_HEAD)
    out.add_column(render(t("bot"), lang), no_wrap=True)
    for bot in order:
        out.add_column(bot, justify="right", no_wrap=True)
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append("—")
                continue
            d = ladder.meetings[a, b].to_dict()
            low, high = d["ci95"]
            cells.append(f"{100 * d['share']:.0f} ({100 * low:.0f}–{100 * high:.0f})")
        out.add_row(a, *cells)
    counts = sorted({m.games for m in ladder.meetings.values()})
    games = games_n(counts[0]) if len(counts) == 1 else t("{low}–{high} games", low=counts[0], high=counts[-1])
    out.caption = render(t("the share of their games together in which the row's bot placed ahead of the column's "
                           "(a tie: neither); {games} per pair", games=games), lang)
    out.caption_justify = "left"
    return out


def stopped_note(ladder: Ladder, lang: str = DEFAULT, stored: bool = False) -> str | None:
    """What to say when Ctrl-C stopped the ladder before its last game (``stored``: its games are kept)."""
    if ladder.complete:
        return None
    if stored:
        return render(t("stopped after {games} of {scheduled}: the tables count only those; the same command plays "
                        "the rest", games=len(ladder.results), scheduled=games_n(ladder.scheduled)), lang)
    return render(t("stopped after {games} of {scheduled}: the tables count only those",
                    games=len(ladder.results), scheduled=games_n(ladder.scheduled)), lang)
