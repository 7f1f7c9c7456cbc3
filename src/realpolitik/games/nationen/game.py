"""The Das Spiel der Nationen game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import ContentError, Game, Option

from . import rules
from .content import load
from .state import NationenState


class Nationen(Game):
    """Das Spiel der Nationen (Parker, 1974; Waddingtons' The Game of Nations), 2–4 players."""

    id = "nationen"
    title = "Das Spiel der Nationen"
    rules_version = "1"
    min_players = 2
    max_players = 4
    hidden_information = False  # only the order of the undrawn cards is unknown, to everyone alike
    conformance_options = {"round_limit": 60}
    options = (
        Option("first_player", "p1", "who begins: p1, or a seat chosen at random (seed: by agreement or a die)",
               ("p1", "random")),
        Option("direction", "per-circle", "a move keeps its direction on each circle and may choose anew after "
               "an arrow (spec A4), or keeps one direction (clockwise or not) for the whole move",
               ("per-circle", "global")),
        Option("own_agent_blocks", False, "a player's own agent blocks his leaders like an opponent's (spec A2: no)"),
        Option("placement_takes_tankers", True, "a player who takes over a state without an attack also takes "
               "the tankers left in its port (spec A7)"),
        Option("pipeline_chains", False, "pipelines may also join two inland states, and oil flows along a "
               "chain of ruled states (spec A9 variant)"),
        Option("blocked_player", "passes", "a player who can pay but cannot move or place any leader skips "
               "step 3, or is eliminated (review P10)", ("passes", "eliminated")),
        Option("bank_limit", False, "the bank holds only the 140 M of the box and pays no more (spec A18)"),
        Option("round_limit", 0, "end the game after this many rounds and rank the powers by cash + 3 M per "
               "tanker + income (spec A20; 0 = no limit, the rules' own end only)", minimum=0, maximum=1000),
        Option("start_variant", "none", "balance the start (spec §6): none; reverse = the last seat places "
               "first; compensation = +1 M per seat after the first player; random-states = each player "
               "must begin in a state dealt at random", ("none", "reverse", "compensation", "random-states")),
        Option("board", "", "path of an own board file replacing the built-in (stand-in) board of Kark",
               local_file=True),
        Option("cards", "", "path of an own incident cards file replacing the built-in (stand-in) cards",
               local_file=True),
    )

    def default_players(self) -> int:
        return 3

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> NationenState:
        content = load(options["board"], options["cards"])
        if len(content.board.states) < players:
            raise ContentError(f"{content.board.source}: {len(content.board.states)} states are too few "
                               f"for {players} players")
        st = NationenState.__new__(NationenState)
        st._init_base(self, players, options, seed)
        st.content = content
        rules.setup(st)
        return st
