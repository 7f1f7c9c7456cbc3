"""The lobby, ``/``, as the server sends it: the page in the visitor's language (:mod:`.pages`)
with the first game it offers already described — its summary and facts, its rules' and its
first game's links, as the lobby's script writes them once the catalog has come — and the room
of its seats kept (``data-rows``: the style sheet holds so many rows' height while the list is
empty), so that the form does not move when they arrive (a shift of the whole form on a phone)."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from starlette.requests import Request
from starlette.responses import Response

from realpolitik.engine import Game
from realpolitik.i18n import render, t

from . import lessons, pages
from .protocol import language as language_of

#: the game a newcomer finds chosen: short, for 2 to 6 players, quick to learn (the others follow
#: in the server's order)
FIRST = "nuclear-war"


async def lobby_page(request: Request) -> Response:
    """GET / — the lobby."""
    games = request.app.state.hall.games
    first = games.get(FIRST) or next(iter(games.values()), None)
    return pages.response("index.html", language_of(request), made=_page(first, language_of(request)))


@lru_cache(maxsize=8)
def _page(first: Game | None, lang: str) -> bytes:
    if first is None:
        return pages.page("index.html", lang)
    if first.min_players == first.max_players:
        players = t("{count} players", count=first.min_players)
    else:
        players = t("{low}–{high} players", low=first.min_players, high=first.max_players)
    facts = render(players, lang) + (f" · {render(first.length, lang)}" if first.length else "")
    about = (f'<span class="summary">{escape(render(first.summary or "", lang), quote=False)}</span> '
             f'<span class="facts muted">{escape(facts, quote=False)}</span>')
    fill = {"#game": pages.Fill(None, {"data-first": first.id}),
            "#game-about": pages.Fill(about),
            "#seats": pages.Fill(None, {"data-rows": str(first.default_players())}),
            "#rules-page": pages.Fill(None, {"href": f"/rules/{first.id}"})}
    if lessons.script(first) is not None:  # the button that starts its first game with a guide
        fill["#learn-link"] = pages.Fill(None, {"href": f"/learn/{first.id}"}, ("hidden",))
    return pages.filled("index.html", lang, fill)
