"""``realpolitik rules GAME``: a game's rules for players in the terminal, with its examples.

The text is printed as Rich Markdown; an example as a panel with its caption, the position as
the game's board draws it for the example's seat, and the moves of the example in words; the
opening position (the text's ``{{board}}`` line) as a panel with the terminal's board of it.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.markdown import Markdown
from rich.panel import Panel
from rich.text import Text

from realpolitik import rulebook
from realpolitik.engine import Game
from realpolitik.engine.examples import Played, shown
from realpolitik.i18n import render, t

from .inputs import fail
from .render import board


def print_rules(console: Console, game: Game, lang: str) -> None:
    """Print ``game``'s rules for players in ``lang`` (English, with a note, when not written in it)."""
    written = rulebook.languages(game)
    if not written:
        fail(t("There are no rules for this game."), lang, status=1)
    language = lang if lang in written else "en" if "en" in written else written[0]
    if language != lang:
        console.print(Text(render(t("The rules text is in English."), lang), style="italic"))
    found = rulebook.parts(game, language)
    for part in found.parts if found is not None else ():
        if isinstance(part, Played):
            console.print(example(part, language))
        elif isinstance(part, rulebook.Opening):
            console.print(opening(part, language))
        else:
            console.print(Markdown(part))


def example(played: Played, lang: str) -> Panel:
    """An example: its caption, the position as its seat sees it, and the moves in words."""
    data = shown(played, lang)
    parts: list[Any] = [Text(data["caption"], style="bold")]
    if "position" in data:
        titles = dict(zip(data["position"]["seats"], data["position"]["titles"]))
        parts += [Text(render(t("Seen by {seat}.", seat=titles[data["seat"]]), lang), style="dim"),
                  board(data["position"], lang), Text(render(t("The moves:"), lang), style="bold")]
        parts += [Text(f"{n}. {titles[m['seat']]}: {m['label']}") for n, m in enumerate(data["moves"], 1)]
    return Panel(Group(*parts), title=render(t("Example"), lang), title_align="left")


def opening(part: rulebook.Opening, lang: str) -> Panel:
    """The opening position: what it is, and the terminal's board of the first seat's view."""
    return Panel(Group(Text(part.caption(lang), style="italic"), board(part.view(lang), lang)),
                 title=render(t("At the start"), lang), title_align="left")
