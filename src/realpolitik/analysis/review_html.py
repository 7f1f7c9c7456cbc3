"""A game review as one self-contained HTML page (as the balance report: inline CSS and SVG, no
scripts): the chances of every seat over the game, as estimated then and in hindsight, and the
turning points; every word in the reader's language."""

from __future__ import annotations

from html import escape
from typing import Any

from matplotlib.figure import Figure

from realpolitik.engine import Game
from realpolitik.i18n import render, t, tn

from . import plots
from .html import STYLE
from .review import Review

#: height of each seat's panel in the chart, in inches
PANEL = 1.5
#: the chance axis's ticks, with their labels
TICKS = (0.0, 0.5, 1.0)


@plots.drawn
def chances_chart(review: Review, titles: list[str], lang: str) -> str:
    """The chart of :func:`chances_figure` as SVG."""
    return plots.svg(chances_figure(review, titles, lang))


def chances_figure(review: Review, titles: list[str], lang: str) -> Figure:
    """One panel per seat on a 0–100 % scale: its chance after each action, estimated (a line
    in its 95 % interval, a band) and in hindsight (dashed), with the seat's turning points marked."""
    seats = len(review.labels)
    fig = Figure(figsize=(plots.WIDTH, PANEL * seats + 0.9))
    fig.set_layout_engine("constrained")
    axes = fig.subplots(seats, 1, sharex=True, squeeze=False)[:, 0]
    xs = [p.ply + 1 for p in review.plies]
    marks = review.turning_points()
    estimate, truth = render(_estimate_label(review, lang), lang), render(t("in hindsight (the whole record)"), lang)
    interval = render(t("95 % interval of the estimate"), lang)
    for seat, ax in enumerate(axes):
        colour = plots.COLOURS[seat % len(plots.COLOURS)]
        ax.fill_between(xs, [p.intervals[seat][0] for p in review.plies], [p.intervals[seat][1] for p in review.plies],
                        color=colour, alpha=0.18, linewidth=0, label=interval if seat == 0 else None)
        ax.plot(xs, [p.chances[seat] for p in review.plies], color=colour, linewidth=1.4,
                label=estimate if seat == 0 else None)
        ax.plot(xs, [p.hindsight[seat] for p in review.plies], color=colour, linewidth=1.0, linestyle="--",
                alpha=0.8, label=truth if seat == 0 else None)
        for tp in marks:
            if tp.seat == seat:
                ax.axvline(tp.ply + 1, color="#9b2226", linewidth=0.8, alpha=0.6)
        ax.set_ylim(-0.03, 1.03)
        ax.set_yticks(TICKS, [f"{tick:.0%}".replace("%", " %") for tick in TICKS], fontsize="x-small")
        ax.set_ylabel(plots.label(titles[seat]), fontsize="small")
    axes[-1].set_xlabel(render(t("action"), lang))
    fig.suptitle(render(t("chance of winning after each action"), lang), fontsize="medium")
    fig.legend(loc="outside lower center", ncols=3, fontsize="small", frameon=False)
    return fig


def _estimate_label(review: Review, lang: str) -> Any:
    if review.viewpoint is None:
        return t("each seat's chance estimated from its own information")
    return t("estimated from {seat}'s information", seat=review.labels[review.viewpoint])


def page(review: Review, game: Game, lang: str) -> str:
    """The review's page in ``lang``."""
    seats = len(review.labels)
    titles = [render(title, lang) for title in game.seat_titles(seats)]
    title = escape(render(t("Game review: {game}", game=game.title), lang))
    done = len(review.plies)
    line = render(tn("{actions} action; each estimate searched {budget} apply calls (seed {seed}).",
                     "{actions} actions; each estimate searched {budget} apply calls (seed {seed}).", "actions",
                     actions=review.actions, budget=review.budget, seed=review.seed), lang)
    if not review.complete:
        line += " " + render(tn("Stopped early: {done} of {actions} action reviewed.",
                                "Stopped early: {done} of {actions} actions reviewed.", "actions", done=done,
                                actions=review.actions), lang)
    parts = [f"<h1>{title}</h1><p>{escape(line)}</p>"]
    if review.plies:
        parts.append(f"<figure>{chances_chart(review, titles, lang)}</figure>")
    parts.append(_note(t("A seat's chance is the share of the search's playouts it wins (a playout cut short "
                         "counts with the game's own estimate). The line is the estimate a seat could make with "
                         "what it knew, the band around it its 95 % interval; the dashed line is the same search "
                         "on the true state, with every hidden card known."), lang))
    parts.append(turning_points(review, game.review_rounds, titles, lang))
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
            f"<style>{STYLE}</style></head><body>" + "".join(parts) + "</body></html>\n")


def turning_points(review: Review, rounds: int, titles: list[str], lang: str) -> str:
    """The turning points as a table: the move, the move preferred, their values and the loss
    (``rounds``: the game's rounds of deals where a loss shows, for the note)."""
    heading = render(t("Turning points"), lang)
    head = f"<h2>{escape(heading)}</h2>"
    found = review.turning_points()
    if not found:
        return head + _note(t("No move lost clearly against the moves the search preferred."), lang)
    words = {p.ply: p.words for p in review.plies}
    columns = (t("action"), t("seat"), t("played"), t("better"), t("its chance (95 % interval)"),
               t("chance of the move played"), t("loss (95 % interval)"))
    rows = []
    for tp in found:
        said = words[tp.ply]
        played, best = (escape(render(said.get(a, a), lang)) for a in (tp.played, tp.best))
        (low, high), (surest, least) = tp.interval, tp.loss_interval
        rows.append(f"<tr><td>{tp.ply + 1}</td><td>{escape(titles[tp.seat])}</td><td class=\"text\">{played}</td>"
                    f"<td class=\"text\">{best}</td><td>{tp.value:.0%} ({low:.0%}–{high:.0%})</td>"
                    f"<td>{tp.played_value:.0%}</td><td>{tp.loss:.0%} ({surest:.0%}–{least:.0%})</td></tr>")
    header = "".join(f"<th>{escape(render(c, lang))}</th>" for c in columns)
    return (head + _note(t("Every move played after a search, judged again against the move the search preferred "
                           "and the ones it tried most, three in all, all played on the same deals, where a loss "
                           "shows on {more} more rounds of new deals, and named only where the loss against the "
                           "better move lies above zero with 95 % certainty for all the moves judged together, the "
                           "surest loss first.", more=rounds - 1), lang)
            + f"<table><tr>{header}</tr>{''.join(rows)}</table>")


def _note(text: Any, lang: str) -> str:
    return f'<p class="note">{escape(render(text, lang))}</p>'
