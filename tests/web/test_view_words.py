"""What the pages print of a view — prompts, button words, warnings, the log, the outcome — names
seats by their titles and bots by nothing internal, in every language: every decision of seeded
games of every title, for every seat and the spectator, read in English and German."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get, registry

GAMES = [game.id for game in registry()]
#: seat labels and bot specs a player should never read (in English, "west" and "east" are words too)
IDS = {"en": re.compile(r"\bp[1-6]\b|\b(ismcts|heuristic)\b|budget=|\{\w+\}"),
       "de": re.compile(r"\bp[1-6]\b|\b(ismcts|heuristic|west|east|usa|ussr)\b|budget=|\{\w+\}")}


def texts(view: dict) -> Iterator[str]:
    """Every sentence of ``view`` a page prints."""
    pending = view.get("pending") or {}
    yield from (view.get("waiting") or "", pending.get("prompt") or "", *view.get("titles", ()), *view.get("log", ()))
    for choice in pending.get("choices", ()):
        yield choice["label"]
        yield choice["grave"] or ""
    if view.get("outcome"):
        yield view["outcome"]["reason"]


@pytest.mark.parametrize("game", GAMES)
def test_views_name_seats_by_their_titles(game):
    found: dict[str, str] = {}
    for seed in (1, 2):
        state = get(game).new_state(get(game).max_players if game != "nuclear-war" else 4, {}, seed)
        rng = Rng(seed)
        seats = [*range(len(state.seats)), None]
        while True:
            for lang in ("en", "de"):
                for seat in seats:
                    view = state.view(seat, log_from=max(0, state.log.size - 3), lang=lang)
                    for text in texts(view):
                        if IDS[lang].search(text):
                            found.setdefault(IDS[lang].search(text).group(0) + " " + lang, text)
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert found == {}
