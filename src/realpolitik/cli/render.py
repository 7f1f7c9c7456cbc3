"""Turning views into terminal output."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from .boards import board_for


def board(view: dict[str, Any]) -> Any:
    """The game's own board for this view, or a plain rendering of its data."""
    render = board_for(view["game"])
    if render is not None:
        return render(view)
    parts = [Panel(Pretty(view["public"]), title="table")]
    if view.get("private") is not None:
        parts.append(Panel(Pretty(view["private"]), title=f"{view['seat']} (only you)"))
    return Group(*parts)


def log_lines(view: dict[str, Any]) -> Text:
    """The view's log lines as dim text."""
    return Text("\n".join(view.get("log", [])), style="dim")


def outcome_text(outcome: dict[str, Any]) -> Text:
    """The outcome in words: reason, places and points."""
    text = Text(outcome["reason"] + "\n", style="bold")
    for seat, place in sorted(outcome["places"].items(), key=lambda kv: kv[1]):
        points = outcome.get("points", {}).get(seat)
        extra = f"  {points:g} points" if points is not None else ""
        text.append(f"  {place}. {seat}{extra}\n")
    return text
