"""Nuclear War's rule options (``st.opts``): the readings of the rule book a table chooses."""

from __future__ import annotations

from dataclasses import dataclass

from realpolitik.engine import OptionChoices, Options, option
from realpolitik.i18n import t


class FirstPlayer(OptionChoices):
    OWNER = "owner"
    RANDOM = "random"


class Refill(OptionChoices):
    DRAW_TO_TEN = "draw-to-ten"
    DRAW_ONE = "draw-one"


class RetaliationCards(OptionChoices):
    NINE = "nine"
    ALL = "all"
    HAND = "hand"


class B70Intercept(OptionChoices):
    WARHEAD_RUN = "warhead-run"
    FACE_UP = "face-up"


@dataclass(frozen=True, slots=True)
class NuclearWarOptions(Options):
    """The options of a Nuclear War game."""

    first_player: str = option(
        FirstPlayer.OWNER, "who opens: the owner of the game (seat p1, as the rule book says) or a random seat",
        choices=FirstPlayer,
        label=t("Who begins"),
        about=t("The owner of the game begins, as the rule book says, or a player drawn by lot."),
        choice_labels=(t("the owner (Player 1)"), t("a player drawn by lot")))
    refill: str = option(
        Refill.DRAW_TO_TEN, "turn draw: up to ten cards in hand, deterrent force and face-down "
        "row (decision #2 of docs/games/nuclear-war.md), or exactly one card as the rule book words it",
        choices=Refill,
        label=t("Drawing cards"),
        about=t("Each turn, draw until hand, deterrent force and face-down row hold ten cards together, "
                "or draw exactly one card, as the German rule book words it."),
        choice_labels=(t("up to ten cards"), t("one card")))
    retaliation_cards: str = option(
        RetaliationCards.NINE, "final retaliation may use the nine cards the rule book names — hand "
        "(deterrent force included) and face-down row; or those and the face-up carrier (decision #13 of "
        "docs/games/nuclear-war.md); or only the hand",
        choices=RetaliationCards,
        label=t("Final retaliation"),
        about=t("A player's final retaliation may use the nine cards of his hand as the rule book says — "
                "hand, deterrent force and face-down row —, or also the carrier lying face up, or his hand "
                "only."),
        choice_labels=(t("the nine cards (rule book)"), t("every card, the face-up carrier too"),
                       t("the hand only")))
    b70_intercept: str = option(
        B70Intercept.WARHEAD_RUN, "an intercepted B-70 also destroys the warheads face down at "
        "the front of its owner's row (decision #9 of docs/games/nuclear-war.md), or only the face-up cards",
        choices=B70Intercept,
        label=t("Intercepting a B-70"),
        about=t("An intercepted B-70 bomber also destroys the warheads lying face down at the front of its "
                "owner's row, or only the face-up cards."),
        choice_labels=(t("with the face-down warheads"), t("the face-up cards only")))
    content: str = option(
        "", "path of an own cards file replacing the built-in printed deck", local_file=True,
        label=t("Own cards"),
        about=t("Your own cards from a file, instead of the built-in deck."))
