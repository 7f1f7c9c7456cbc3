"""The Das Spiel der Nationen game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import ContentError, Game, Option
from realpolitik.i18n import t

from . import setup
from .content import load
from .state import NationenState

#: rounds after which a game ends by default (the option ``round_limit``)
ROUND_LIMIT = 100


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
    options = (
        Option("first_player", "p1", "who begins: p1, or a seat chosen at random (the rule book: by agreement or a "
               "die)",
               ("p1", "random"),
               label=t("Who begins"),
               about=t("Player 1 begins, or a player drawn by lot."),
               choice_labels=(t("Player 1"), t("a player drawn by lot"))),
        Option("direction", "per-circle", "a move keeps its direction on each circle and may choose anew after "
               "an arrow (A4), or keeps one direction (clockwise or not) for the whole move",
               ("per-circle", "global"),
               label=t("Direction of a move"),
               about=t("A head of state keeps his direction on each circle and may choose anew after crossing an "
                       "arrow, or keeps one direction, clockwise or anticlockwise, for the whole move."),
               choice_labels=(t("anew on each circle"), t("one direction for the whole move"))),
        Option("own_agent_blocks", False, "a player's own agent blocks his leaders like an opponent's (A2: no)",
               label=t("Your own agent blocks"),
               about=t("Your own secret agent blocks your heads of state like an opponent's does.")),
        Option("placement_takes_tankers", True, "a player who takes over a state without an attack also takes "
               "the tankers left in its port (A7)",
               label=t("Tankers go with the state"),
               about=t("A player who takes over a state without an attack also takes the tankers left in its "
                       "port.")),
        Option("pipeline_chains", False, "pipelines may also join two inland states, and oil flows along a "
               "chain of ruled states (A9 variant)",
               label=t("Pipeline chains"),
               about=t("Pipelines may also join two inland states, and oil flows along a chain of states you "
                       "rule.")),
        Option("blocked_player", "passes", "a player who can pay but cannot move or place any leader skips "
               "step 3, or is eliminated (review P10)", ("passes", "eliminated"),
               label=t("A player who cannot move"),
               about=t("A player who could pay but can neither place nor move a head of state skips that part of "
                       "his turn, or is out of the game."),
               choice_labels=(t("skips it"), t("is out of the game"))),
        Option("bank_limit", False, "the bank holds only the 140 M of the box and pays no more (A18)",
               label=t("Limited bank"),
               about=t("The bank holds only the 140 million in the box and pays out no more.")),
        # The rule book ends the game only when one power is left, which two powers that cannot harm each
        # other never reach (bots among themselves, docs/games/nationen.md "The round limit"): 100 rounds by
        # default, far beyond the usual game; 0 is the rule book's own end alone.
        Option("round_limit", ROUND_LIMIT, "end the game after this many rounds and rank the powers by cash + 3 M "
               "per tanker + income (A20; 0 = no limit, the rules' own end only)", minimum=0, maximum=1000,
               label=t("Round limit"),
               about=t("End the game after this many rounds and rank the powers by cash, 3 million per tanker and "
                       "income. 0: no limit, the game ends only by its own rules, and bots among themselves may "
                       "then play on for ever.")),
        Option("start_variant", "none", "balance the start (D13, docs/games/nationen.md): none; reverse = the last "
               "seat places first; compensation = +1 M per seat after the first player; random-states = each player "
               "must begin in a state dealt at random", ("none", "reverse", "compensation", "random-states"),
               label=t("A fairer start"),
               about=t("Balance the start: not at all; the last player places first; 1 million more for each "
                       "seat after the first player; or each player begins in a state dealt at random."),
               choice_labels=(t("as printed"), t("the last player places first"), t("+1 million per later seat"),
                              t("states dealt at random"))),
        Option("board", "", "path of an own board file replacing the built-in (stand-in) board of Kark",
               local_file=True, label=t("Own board"),
               about=t("Your own board of Kark from a file, instead of the built-in stand-in.")),
        Option("cards", "", "path of an own incident cards file replacing the built-in (stand-in) cards",
               local_file=True, label=t("Own cards"),
               about=t("Your own incident cards from a file, instead of the built-in stand-ins.")),
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
        setup.setup(st)
        return st
