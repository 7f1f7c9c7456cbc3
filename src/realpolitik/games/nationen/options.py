"""Das Spiel der Nationen's rule options (``st.opts``): decisions where the rule book is silent
(A1–A20 of docs/games/nationen.md), the balance of the start and own content files."""

from __future__ import annotations

from dataclasses import dataclass

from realpolitik.engine import OptionChoices, Options, option
from realpolitik.i18n import t


class FirstPlayer(OptionChoices):
    P1 = "p1"
    RANDOM = "random"


class Direction(OptionChoices):
    PER_CIRCLE = "per-circle"
    GLOBAL = "global"


class BlockedPlayer(OptionChoices):
    PASSES = "passes"
    ELIMINATED = "eliminated"


class StartVariant(OptionChoices):
    NONE = "none"
    REVERSE = "reverse"
    COMPENSATION = "compensation"
    RANDOM_STATES = "random-states"


@dataclass(frozen=True, slots=True)
class NationenOptions(Options):
    """The options of a game of Das Spiel der Nationen."""

    first_player: str = option(
        FirstPlayer.P1, "who begins: p1, or a seat chosen at random (the rule book: by agreement or a die)",
        choices=FirstPlayer,
        label=t("Who begins"),
        about=t("Player 1 begins, or a player drawn by lot."),
        choice_labels=(t("Player 1"), t("a player drawn by lot")))
    direction: str = option(
        Direction.PER_CIRCLE, "a move keeps its direction on each circle and may choose anew after an arrow (A4), "
        "or keeps one direction (clockwise or not) for the whole move",
        choices=Direction,
        label=t("Direction of a move"),
        about=t("A head of state keeps his direction on each circle and may choose anew after crossing an "
                "arrow, or keeps one direction, clockwise or anticlockwise, for the whole move."),
        choice_labels=(t("anew on each circle"), t("one direction for the whole move")))
    own_agent_blocks: bool = option(
        False, "a player's own agent blocks his leaders like an opponent's (A2: no)",
        label=t("Your own agent blocks"),
        about=t("Your own secret agent blocks your heads of state like an opponent's does."))
    placement_takes_tankers: bool = option(
        True, "a player who takes over a state without an attack also takes the tankers left in its port (A7)",
        label=t("Tankers go with the state"),
        about=t("A player who takes over a state without an attack also takes the tankers left in its "
                "port."))
    pipeline_chains: bool = option(
        False, "pipelines may also join two inland states, and oil flows along a chain of ruled states (A9 variant)",
        label=t("Pipeline chains"),
        about=t("Pipelines may also join two inland states, and oil flows along a chain of states you "
                "rule."))
    blocked_player: str = option(
        BlockedPlayer.PASSES, "a player who can pay but cannot move or place any leader skips step 3, or is "
        "eliminated (review P10)",
        choices=BlockedPlayer,
        label=t("A player who cannot move"),
        about=t("A player who could pay but can neither place nor move a head of state skips that part of "
                "his turn, or is out of the game."),
        choice_labels=(t("skips it"), t("is out of the game")))
    bank_limit: bool = option(
        False, "the bank holds only the 140 M of the box and pays no more (A18)",
        label=t("Limited bank"),
        about=t("The bank holds only the 140 million in the box and pays out no more."))
    # The rule book ends the game only when one power is left, which two powers that cannot harm each
    # other never reach (bots among themselves, docs/games/nationen.md "The round limit"): 100 rounds by
    # default, far beyond the usual game; 0 is the rule book's own end alone.
    round_limit: int = option(
        100, "end the game after this many rounds and rank the powers by cash + 3 M per tanker + income "
        "(A20; 0 = no limit, the rules' own end only)",
        minimum=0, maximum=1000,
        label=t("Round limit"),
        about=t("End the game after this many rounds and rank the powers by cash, 3 million per tanker and "
                "income. 0: no limit, the game ends only by its own rules, and bots among themselves may "
                "then play on for ever."))
    start_variant: str = option(
        StartVariant.NONE, "balance the start (D13, docs/games/nationen.md): none; reverse = the last seat places "
        "first; compensation = +1 M per seat after the first player; random-states = each player must begin in a "
        "state dealt at random",
        choices=StartVariant,
        label=t("A fairer start"),
        about=t("Balance the start: not at all; the last player places first; 1 million more for each "
                "seat after the first player; or each player begins in a state dealt at random."),
        choice_labels=(t("as printed"), t("the last player places first"), t("+1 million per later seat"),
                       t("states dealt at random")))
    board: str = option(
        "", "path of an own board file replacing the built-in (stand-in) board of Kark", local_file=True,
        label=t("Own board"),
        about=t("Your own board of Kark from a file, instead of the built-in stand-in."))
    cards: str = option(
        "", "path of an own incident cards file replacing the built-in (stand-in) cards", local_file=True,
        label=t("Own cards"),
        about=t("Your own incident cards from a file, instead of the built-in stand-ins."))
