"""``realpolitik analyze``: the balance lab on the terminal — checks, a progress bar while the
games run (one run, or two to compare), then the HTML report and the JSON numbers."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from realpolitik.analysis.compare import compare
from realpolitik.analysis.html import Page
from realpolitik.analysis.measure import Measured, run_games
from realpolitik.analysis.report import build
from realpolitik.engine import ContentError, Game, OptionError
from realpolitik.i18n import Text as Message
from realpolitik.i18n import render, t, tn
from realpolitik.sim import Interrupted, arena_options
from realpolitik.sim.cluster import ClusterError

from .inputs import content_error, fail, option_pairs, reason

#: what the two runs of a comparison are called
RUNS = ("A", "B")


def content_option(game: Game, path: Path, flag: str, lang: str) -> str:
    """The file option a ``--content`` file is for: the game's only one, or the only one of several
    the file is good for."""
    files = [o.name for o in game.options if o.local_file]
    if not files:
        fail(t("{game} takes no content file", game=game.id), lang)
    if not path.is_file():
        fail(t("{flag} {path}: no such file", flag=flag, path=str(path)), lang)
    if len(files) == 1:
        return files[0]
    good = [name for name in files if not game.content_problems(name, str(path))]
    if len(good) != 1:
        fail(t("{flag} {path}: not one file option of {game} fits it ({options}); give it as -o NAME={path}",
               flag=flag, path=str(path), game=game.id, options=", ".join(files)), lang)
    return good[0]


def second_run(game: Game, players: int, seed: int, options: dict[str, Any], against: list[str],
               against_content: Path | None, content: str | None, lang: str) -> dict[str, Any] | None:
    """Run B's rule options: run A's with ``--against`` pairs and ``--against-content`` over them;
    None without either."""
    if not against and against_content is None:
        return None
    other = {**options, **option_pairs(against, lang, "--against")}
    if against_content is not None:
        name = content or content_option(game, against_content, "--against-content", lang)
        other[name] = str(against_content)
    try:
        game.new_state(players, arena_options(game, other), seed)
        same = arena_options(game, other) == arena_options(game, options)
    except ContentError as exc:
        fail(content_error(exc), lang)
    except (OptionError, ValueError) as exc:
        fail(reason(exc), lang)
    if same:
        fail(t("--against and --against-content change nothing: run B would play run A's games again"), lang)
    return other


def run(game_id: str, specs: Sequence[str], games: int, seed: int, runs: Sequence[dict[str, Any]], workers: int,
        progress_console: Console, lang: str, cluster: str | None = None) -> tuple[list[list[Measured]], float, bool]:
    """Play every run's games with one progress bar; the measured games of each run (those that
    finished when Ctrl-C stopped it: then no later run starts), seconds taken, whether Ctrl-C stopped it."""
    start = time.perf_counter()
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn(render(t("eta"), lang)), TimeRemainingColumn())
    done: list[list[Measured]] = []
    stopped = False
    with Progress(*columns, console=progress_console, transient=True) as bar:
        task = bar.add_task(render(t("{game} analysis", game=game_id), lang), total=games * len(runs))

        def connected(cpus: int) -> None:
            bar.console.print(render(t("Ray cluster {address}: {cpus} CPUs", address=cluster, cpus=cpus), lang))

        for options in runs:
            try:
                done.append(run_games(game_id, specs, games, seed, options, workers,
                                      on_result=lambda _: bar.advance(task), cluster=cluster, on_cluster=connected))
            except Interrupted as exc:
                done.append(exc.results)
                stopped = True
                break
    return done, time.perf_counter() - start, stopped


def analyze(game: Game, specs: list[str], games: int, seed: int, options: dict[str, Any],
            other: dict[str, Any] | None, workers: int, cluster: str | None, out: Path | None, as_json: bool,
            lang: str) -> None:
    """Play, fold and write: the HTML report to ``out``, the numbers to stdout with ``as_json``;
    exit 130 after Ctrl-C (having written what finished)."""
    runs = [options] if other is None else [options, other]
    try:
        played, seconds, stopped = run(game.id, specs, games, seed, runs, workers, Console(stderr=True), lang,
                                       cluster)
    except ClusterError as exc:
        fail(reason(exc), lang)
    reports = [{**build(game, specs, results, lang), "planned": games, "seed": seed,
                "options": _changed(game, opts)} for results, opts in zip(played, runs)]
    if not reports[0]["games"]:
        fail(t("stopped by Ctrl-C before any game finished: no report"), lang, status=130)
    comparison = compare(*reports) if len(reports) == 2 and reports[1]["games"] else None
    unwritten = None if out is None else write_report(out, game, reports, comparison, seconds, lang)
    if as_json:
        numbers = {**reports[0], "workers": workers, "cluster": cluster, "complete": not stopped,
                   "seconds": round(seconds, 1)}
        if comparison:
            numbers["against"] = reports[1]
            numbers["comparison"] = comparison
        print(json.dumps(numbers, indent=1, ensure_ascii=False))
    if unwritten is not None:
        fail(unwritten, lang)
    if stopped:
        done = sum(r["games"] for r in reports)
        note = tn("stopped by Ctrl-C: {done} of {games} game finished",
                  "stopped by Ctrl-C: {done} of {games} games finished", "games", done=done, games=games * len(runs))
        Console(stderr=True, highlight=False).print(render(note, lang))
        raise typer.Exit(130)


def write_report(out: Path, game: Game, reports: Sequence[dict], comparison: dict | None, seconds: float,
                 lang: str) -> Message | None:
    """Write the HTML report to ``out`` and say so on stderr, with how many figures could not be
    drawn (the report tells why in their place); what went wrong if the file could not be written."""
    names = [f"{run} ({', '.join(f'{k}={v}' for k, v in r['options'].items()) or render(t('defaults'), lang)})"
             for run, r in zip(RUNS, reports)]
    page = Page(game, reports[0], lang, reports[1] if comparison else None, comparison, names)
    try:
        out.write_text(page.html(), encoding="utf-8")
    except OSError as exc:
        return t("--out {path}: the report could not be written ({problem})", path=str(out),
                 problem=exc.strerror or str(exc))
    said = Console(stderr=True, highlight=False)
    said.print(render(t("Report written to {path} ({seconds} s).", path=str(out), seconds=f"{seconds:.0f}"), lang),
               soft_wrap=True)
    if page.failed:
        said.print(render(t("Figures not drawn: {n} (the report says why in their place).", n=len(page.failed)),
                          lang), style="yellow", soft_wrap=True)
    return None


def _changed(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The rule options a run played that differ from the game's defaults (the arena's limits too),
    as the report shows them (see :func:`_shown`)."""
    defaults = game.resolve_options({})
    resolved = arena_options(game, options)
    return {k: _shown(v) for k, v in resolved.items() if v != defaults[k]}


def _shown(value: Any) -> Any:
    """An option's value as the report shows it: a text — a file's path — whose bytes are not UTF-8
    (as the command line gives them) with "�" for those bytes, so that the page and the JSON can
    be written."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return value
