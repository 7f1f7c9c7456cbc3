"""What ``realpolitik replay`` prints of a record: the seat ``--seat`` names, as its label or its
title in either language, and each move in the words of its button."""

from __future__ import annotations

from realpolitik.engine import State, parse
from realpolitik.i18n import LANGUAGES, render, t

from .inputs import fail


def seat_named(state: State, name: str, lang: str) -> int:
    """The seat ``name`` names: its label (``p2``) or its title in any language ("Player 2",
    "Spieler 2", "West"), in any case; refused with the seats' titles when there is none."""
    wanted = " ".join(name.split()).casefold()
    for index, seat in enumerate(state.seats):
        if wanted in {str(seat).casefold(), *(render(seat, other).casefold() for other in LANGUAGES)}:
            return index
    fail(t("no seat {seat} in this game; its seats: {seats}", seat=repr(name),
           seats=", ".join(render(seat, lang) for seat in state.seats)), lang)


def move_words(state: State, action: str, viewer: int | None, lang: str) -> str:
    """The move ``action`` of the seat to act in ``state`` (before it is played), as the replay
    prints it: the seat and the words of its button; seen from another seat, only that it acted
    (its words may say what that seat cannot see, as the web replay has it)."""
    actor = state.seats[state.to_act]
    if viewer is not None and viewer != state.to_act:
        return render(t("{seat} acted", seat=actor), lang)
    verb, args = parse(action)
    legal = action in state.legal_actions()  # an action that does not replay is refused by the replay, as it is
    return render(t("{seat}: {move}", seat=actor, move=legal and state.action_label(verb, args) or action), lang)
