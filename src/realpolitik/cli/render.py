"""Turning views into terminal output."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from realpolitik.i18n import DEFAULT, render, t, tn

from .boards import board_for


def board(view: dict[str, Any], lang: str = DEFAULT) -> Any:
    """The game's own board for this view in ``lang``, or a plain rendering of its data."""
    draw = board_for(view["game"])
    if draw is not None:
        return draw(view, lang)
    parts = [Panel(Pretty(view["public"]), title=render(t("table"), lang))]
    if view.get("private") is not None:
        parts.append(Panel(Pretty(view["private"]), title=render(t("{seat} (only you)", seat=view["seat"]), lang)))
    return Group(*parts)


def log_lines(view: dict[str, Any]) -> Text:
    """The view's log lines as dim text."""
    return Text("\n".join(view.get("log", [])), style="dim")


def outcome_text(outcome: dict[str, Any], lang: str = DEFAULT) -> Text:
    """The outcome in words: the reason, then places and points. Without a winner no seat is
    shown as first: the seats follow from best to worst as the game ranks them, ties together."""
    text = Text(outcome["reason"] + "\n", style="bold")
    places, titles = outcome["places"], outcome.get("titles", {})
    if outcome["winners"]:
        for seat, place in sorted(places.items(), key=lambda kv: kv[1]):
            text.append(f"  {place}. {titles.get(seat, seat)}{_points(outcome, seat, lang)}\n")
        return text
    if places:
        text.append("  " + render(t("No winner; the seats from best to worst:"), lang) + "\n")
    for place in sorted(set(places.values())):
        tied = [seat for seat, p in places.items() if p == place]
        text.append("  - " + ", ".join(titles.get(seat, seat) + _points(outcome, seat, lang) for seat in tied)
                    + (" " + render(t("(tied)"), lang) if len(tied) > 1 else "") + "\n")
    return text


def _points(outcome: dict[str, Any], seat: str, lang: str) -> str:
    points = outcome.get("points", {}).get(seat)
    if points is None:
        return ""
    return "  " + render(tn("{points} point", "{points} points", "count", points=f"{points:g}", count=points), lang)
