"""The report's plots: matplotlib figures drawn as SVG text to embed in the page (no pyplot, no
window; text drawn as paths, so the page needs no font). Every text a plot draws — names from a
game's content, options, bot specs — is drawn as it is written, on one line and cut to
:data:`LONGEST` characters."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import wraps
from typing import ParamSpec

from matplotlib import rc_context
from matplotlib.figure import Figure

#: the report's colours, one per series (the first two also for run A and run B)
COLOURS = ("#3b6ea5", "#c8553d", "#7a9e7e", "#8e6c8a", "#d4a373", "#5c677d", "#e09f3e", "#2a9d8f", "#9b2226",
           "#6a4c93", "#8d99ae", "#bc6c25")
WIDTH = 6.4
#: the settings every plot is drawn with, whatever a matplotlibrc says: text as it is written (no
#: mathtext between ``$``, no LaTeX) and drawn as shapes
SETTINGS = {"text.parse_math": False, "text.usetex": False, "svg.fonttype": "path"}
#: the most characters of a label; a longer one is cut, ending in "…"
LONGEST = 48

P = ParamSpec("P")


def drawn(plot: Callable[P, str]) -> Callable[P, str]:
    """A plot function that draws with the report's :data:`SETTINGS`."""

    @wraps(plot)
    def draw(*args: P.args, **kwargs: P.kwargs) -> str:
        with rc_context(SETTINGS):
            return plot(*args, **kwargs)

    return draw


def label(text: str) -> str:
    """A text as a plot shows it: on one line, at most :data:`LONGEST` characters."""
    line = " ".join(text.split())
    return line if len(line) <= LONGEST else line[:LONGEST - 1] + "…"


def svg(fig: Figure) -> str:
    """The figure as an ``<svg>`` element (without the XML prologue)."""
    out = io.StringIO()
    fig.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


def _figure(rows: int = 1, height: float | None = None) -> Figure:
    fig = Figure(figsize=(WIDTH, height or max(1.6, 0.42 * rows + 0.9)))
    fig.set_layout_engine("constrained")
    return fig


@drawn
def rates(labels: Sequence[str], runs: Sequence[Sequence[dict]], names: Sequence[str], axis: str) -> str:
    """Win rates (``stats.rate`` dicts) as horizontal bars with their 95 % intervals; one bar per run."""
    fig = _figure(len(labels) * (1 + 0.5 * (len(runs) - 1)))
    ax = fig.add_subplot()
    height = 0.8 / len(runs)
    for r, (run, name) in enumerate(zip(runs, names)):
        ys = [i + r * height for i in range(len(labels))]
        values = [x["rate"] for x in run]
        errors = [[max(0.0, x["rate"] - x["ci95"][0]) for x in run], [max(0.0, x["ci95"][1] - x["rate"]) for x in run]]
        ax.barh(ys, values, height=height * 0.9, xerr=errors, color=COLOURS[r], capsize=3, label=label(name) or None)
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(labels))], [label(x) for x in labels])
    ax.invert_yaxis()
    top = max((x["ci95"][1] for run in runs for x in run), default=1.0)
    ax.set_xlim(0, min(1.0, max(0.1, 1.1 * top)))
    ax.set_xlabel(axis)
    if len(runs) > 1:
        fig.legend(loc="outside upper center", ncols=len(runs), fontsize="small", frameon=False)
    return svg(fig)


@drawn
def histogram(hists: Sequence[dict], names: Sequence[str], axis: str, count: str) -> str:
    """Histograms (``stats.histogram`` dicts) drawn as outlines over each other."""
    fig = _figure(height=2.4)
    ax = fig.add_subplot()
    for r, (h, name) in enumerate(zip(hists, names)):
        if h["counts"]:
            ax.stairs(h["counts"], h["edges"], fill=len(hists) == 1, color=COLOURS[r], label=label(name) or None,
                      linewidth=1.5)
    ax.set_xlabel(axis)
    ax.set_ylabel(count)
    if len(hists) > 1:
        ax.legend(fontsize="small")
    return svg(fig)


@drawn
def boxes(labels: Sequence[str], spreads: Sequence[dict], axis: str) -> str:
    """Box plots from quartiles (``stats.spread`` dicts): box from the first to the third quartile,
    the median inside, whiskers to the lowest and highest value."""
    fig = _figure(len(labels))
    ax = fig.add_subplot()
    stats = [{"med": s["median"], "q1": s["q1"], "q3": s["q3"], "whislo": s["min"], "whishi": s["max"],
              "mean": s["mean"], "label": label(name)} for name, s in zip(labels, spreads)]
    ax.bxp(stats, orientation="horizontal", showfliers=False, showmeans=True, patch_artist=True,
           boxprops={"facecolor": "#dbe6f1"}, medianprops={"color": COLOURS[1]})
    ax.invert_yaxis()
    ax.set_xlabel(axis)
    return svg(fig)


@drawn
def over_time(series: dict[str, list[dict]], labels: dict[str, str], axis: str, title: str) -> str:
    """A track over time: per series its median as a line and the quartiles as a band around it."""
    fig = _figure(height=2.6)
    ax = fig.add_subplot()
    for i, (name, band) in enumerate(series.items()):
        if not band:
            continue
        xs = [b["x"] for b in band]
        colour = COLOURS[i % len(COLOURS)]
        ax.fill_between(xs, [b["q1"] for b in band], [b["q3"] for b in band], color=colour, alpha=0.25, linewidth=0)
        ax.plot(xs, [b["median"] for b in band], color=colour, label=label(labels.get(name, name)) or None,
                marker=".")
    ax.set_xlabel(axis)
    ax.set_ylabel(title)
    if len(series) > 1:
        fig.legend(loc="outside upper center", ncols=min(len(series), 4), fontsize="small", frameon=False)
    return svg(fig)
