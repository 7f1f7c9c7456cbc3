"""What a table refuses, as an exception with a code for programs and a message for people.

Kept apart from :mod:`.table` so that the modules a table calls (:mod:`.social`) can refuse
too without importing the table.
"""

from __future__ import annotations

from realpolitik.i18n import Text, Written, t


class Refusal(Exception):
    """A request the table refuses; ``code`` is for programs, the message for people."""

    def __init__(self, code: str, message: str | Text | Written) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = message


def bad_token() -> Refusal:
    return Refusal("bad-token", t("This seat link is not valid for this game. Ask for a new invitation, "
                                  "or watch as a spectator."))


def away_refusal(away: str) -> Refusal:
    """Why a person may not act at a seat a bot plays for them now."""
    return Refusal("away", t("A bot plays your seat now; take it back first.") if away == "timeout"
                   else t("You have resigned this game."))


def busy() -> Refusal:
    return Refusal("busy", t("The game could not be saved just now (the database is busy); nothing was "
                             "changed. Try again in a moment."))
