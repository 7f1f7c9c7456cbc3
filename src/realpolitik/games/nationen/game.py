"""The Das Spiel der Nationen game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import ContentError, Game
from realpolitik.i18n import t

from . import setup
from .content import load
from .options import NationenOptions
from .state import NationenState


class Nationen(Game):
    """Das Spiel der Nationen (Parker, 1974; Waddingtons' The Game of Nations), 2–4 players."""

    id = "nationen"
    title = "Das Spiel der Nationen"
    rules_version = "1"
    min_players = 2
    max_players = 4
    hidden_information = False  # only the order of the undrawn cards is unknown, to everyone alike
    conformance_options = {"round_limit": 60}  # the bots' games (arena, levels, targets, golden records)
    summary = t("Great powers place heads of state on the oil states of the continent Kark, earn from oil, buy "
                "tankers and pipelines and attack each other's capitals. The last power left wins.")
    length = t("about 2 hours")
    Options = NationenOptions

    def default_players(self) -> int:
        return 3

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> NationenState:
        st = NationenState.__new__(NationenState)
        st._init_base(self, players, options, seed)
        content = load(st.opts.board, st.opts.cards)
        if len(content.board.states) < players:
            raise ContentError(f"{content.board.source}: {len(content.board.states)} states are too few "
                               f"for {players} players")
        st.content = content
        setup.setup(st)
        return st
