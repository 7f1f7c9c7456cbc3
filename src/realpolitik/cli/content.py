"""``realpolitik content``: check an own content file the way the game loads it."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from realpolitik.engine import ContentError, Game, OptionError
from realpolitik.engine.content import read_toml
from realpolitik.games import registry
from realpolitik.i18n import from_env, render, t, tn

from .inputs import HELP_LAYOUT, fail, game_of, reason

content_app = typer.Typer(no_args_is_help=True, rich_markup_mode=HELP_LAYOUT,
                          help="Your own content files (cards, decks, boards, maps).")
console = Console(highlight=False)


@content_app.command("validate")
def validate(
    path: Path = typer.Argument(..., metavar="FILE", help="a content file (TOML)"),
    game_id: str | None = typer.Option(None, "--game", help="the game the file is for (default: its `game` key)"),
    option: str | None = typer.Option(None, "--option", help="the file option the file is for, as in "
                                      "`-o NAME=FILE` (`realpolitik options GAME` lists them)"),
) -> None:
    """Check FILE as the game loads it: every problem, with file, entry and field; exit 1 if any.

    The game loads the file for each player count it takes. The file is for the game's only
    file option, or the one --option names. Of a game with several (nationen: board, cards;
    wsdv-2p2: content, expansion) the file may leave the option out when it is good for one
    of them; when it is good for none, name the option to see its problems. A file that names
    no game (no --game, no top-level `game` key) is tried with every game's file options: a
    copy of a game's own data file is known so.
    """
    words = from_env()
    try:
        data = read_toml(path)
    except ContentError as exc:
        fail(reason(exc), words)
    if game_id is None:
        game_id = data.get("game")
        if not isinstance(game_id, str):
            _known_by_its_content(path, option, words)
            return
    game = game_of(game_id, words)
    files = _file_options(game)
    if not files:
        fail(t("{game} takes no content file", game=game.id), words)
    if option is not None and option not in files:
        fail(t("{game} has no file option {option}; its file options: {options}", game=game.id, option=repr(option),
               options=", ".join(files)), words)
    tried = [option] if option is not None else files
    try:
        found = {name: game.content_problems(name, str(path)) for name in tried}
    except OptionError as exc:
        fail(reason(exc), words)
    good = [name for name, problems in found.items() if not problems]
    if good:
        _good(path, game, good, words)
        return
    if len(tried) > 1:
        fail(t("{path} is not a good {game} file for any of its file options ({options}); name one with --option "
               "to see its problems", path=str(path), game=game.title, options=", ".join(files)), words)
    problems = found[tried[0]]
    for problem in problems:
        console.print(problem, markup=False, soft_wrap=True)
    console.print(render(tn("{n} problem.", "{n} problems.", "n", n=len(problems)), words), style="red")
    raise typer.Exit(1)


def _known_by_its_content(path: Path, option: str | None, lang: str) -> None:
    """A file that names no game: good for every game and file option that takes it, or refused."""
    fits = [(game, [name for name in _file_options(game) if option in (None, name)
                    and not game.content_problems(name, str(path))]) for game in registry()]
    fits = [(game, names) for game, names in fits if names]
    if not fits:
        takes = [g.id for g in registry() if _file_options(g)]
        fail(t("{path} names no game (a top-level `game` key); use --game, one of {games}", path=str(path),
               games=", ".join(takes)), lang)
    for game, names in fits:
        _good(path, game, names, lang)


def _file_options(game: Game) -> list[str]:
    return [o.name for o in game.options if o.local_file]


def _good(path: Path, game: Game, options: list[str], lang: str) -> None:
    console.print(render(t("{path}: a good {game} content file (-o {options}).", path=str(path), game=game.title,
                           options="/".join(options)), lang), soft_wrap=True)
