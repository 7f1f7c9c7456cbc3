"""``realpolitik review``: a finished game's review on the terminal — a progress bar while each
action is judged, then the HTML page and the JSON; Ctrl-C writes what was done."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from realpolitik.analysis import review as core
from realpolitik.analysis.review_html import page
from realpolitik.bots.evaluate import search_bot
from realpolitik.engine import Record, RecordError
from realpolitik.games import get
from realpolitik.i18n import listed, render, t, tn

from .inputs import fail, reason

#: the most apply calls per estimate taken (a day's search per action is already far more)
MAX_BUDGET = 100_000_000


def settings(path: Path, seat: str | None, budget: int | None, spec: str | None,
             lang: str) -> tuple[Record, int | None, int]:
    """The record, the viewpoint's seat number and the budget (None: the game's), or the refusal
    of what cannot be reviewed."""
    if budget is not None and not 1 <= budget <= MAX_BUDGET:
        fail(t("--budget must be a whole number from 1 to {max}, not {budget}", max=MAX_BUDGET, budget=budget), lang)
    try:
        record = Record.load(path)
        final = core.finished(record, get)
    except RecordError as exc:
        fail(listed((str(path), reason(exc)), ": "), lang)
    if budget is None:
        budget = core.budget_for(final.game)
    try:
        search_bot(final, budget, 0, spec)
    except (KeyError, ValueError) as exc:
        fail(t("--spec: {problem}", problem=str(exc).strip("'\"")), lang)
    if seat is None:
        return record, None, budget
    if seat not in final.seats:
        fail(t("no seat {seat} in this game; its seats: {seats}", seat=repr(seat), seats=", ".join(final.seats)),
             lang)
    return record, final.seats.index(seat), budget


def run(record: Record, viewpoint: int | None, budget: int, seed: int, spec: str | None, lang: str) -> core.Review:
    """Review every action under a progress bar, then judge every searched move again (the second
    pass, under a bar of its own); Ctrl-C stops it with the actions done so far (and
    the first pass's turning points)."""
    done = core.start(record, get, viewpoint, budget, seed, spec)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn(render(t("eta"), lang)), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(render(t("{game} review", game=record.game), lang), total=done.actions)
        try:
            for ply in core.plies(record, get, viewpoint, budget, seed, spec):
                done.plies.append(ply)
                bar.advance(task)
            second = done.second_pass(record)
            task = bar.add_task(render(t("Turning points"), lang), total=len(second.moves))
            verdicts = {}
            for move in second.moves:
                verdicts |= core.rejudged(replace(second, moves=(move,)), get)
                bar.advance(task)
            done.verdicts = verdicts
        except KeyboardInterrupt:
            pass
    return done


def review(path: Path, seat: str | None, budget: int | None, seed: int, spec: str | None, out: Path | None,
           as_json: Path | None, lang: str) -> None:
    """Review the record and write the page to ``out`` and the JSON to ``as_json`` (``budget``
    None: the game's); exit 130 after Ctrl-C, having written the actions reviewed."""
    record, viewpoint, budget = settings(path, seat, budget, spec, lang)
    done = run(record, viewpoint, budget, seed, spec, lang)
    said = Console(stderr=True, highlight=False)
    for target, text in ((out, lambda: page(done, get(record.game), lang)),
                         (as_json, lambda: json.dumps(done.to_json(), indent=1, ensure_ascii=False) + "\n")):
        if target is None:
            continue
        try:
            target.write_text(text(), encoding="utf-8")
        except OSError as exc:
            fail(t("{path}: the review could not be written ({problem})", path=str(target),
                   problem=exc.strerror or str(exc)), lang)
        said.print(render(t("Review written to {path}.", path=str(target)), lang), soft_wrap=True)
    if done.verdicts is None:  # Ctrl-C, in the first pass or the second
        said.print(render(tn("stopped by Ctrl-C: {done} of {actions} action reviewed",
                             "stopped by Ctrl-C: {done} of {actions} actions reviewed", "actions", done=len(done.plies),
                             actions=done.actions), lang), style="yellow", soft_wrap=True)
        raise typer.Exit(130)
