"""What a player reads about actions: the words for each legal action, and why one is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import t

from . import grammar
from .sequence import PlaceCard

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def action_label(st: S, verb: str, args: tuple) -> str | None:
    """A legal action in words (a button's text): cards by their printed names."""
    name = st.name
    if verb == "place":
        if args[0] == "shown":
            return t("Place {card} (from deterrent) face down", card=name(args[1]))
        return t("Place {card} face down", card=name(args[0]))
    if verb == "show":
        return t("Show {card} as deterrent", card=name(args[0]))
    if verb == "hide":
        return t("Take back {card}", card=name(args[0]))
    if verb == "target":
        return t("Target {seat}", seat=seat_named(st, args[0]))
    if verb == "strike":
        carrier, warhead, target = args
        return t("Strike {target}: {carrier} with {warhead}", target=seat_named(st, target), carrier=name(carrier),
                 warhead=name(warhead))
    if verb == "intercept":
        return t("Intercept with {card}", card=name(args[0]))
    if verb == "no":
        return t("Do not intercept")
    if verb == "swap":
        return t("Swap face-down card {slot} for {card}", slot=args[0], card=name(args[1]))
    return {grammar.KEEP: t("Keep my face-down cards"), grammar.DONE: t("Done")}.get(verb)


def seat_named(st: S, label: str) -> str:
    """The seat ``label`` as players know it: read, it is its title ("Player 2", "Spieler 2")."""
    return st.seats[st.seats.index(label)]


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions, whatever the decision."""
    words = action.split(" ")  # any text: what was typed need not be an action at all
    placing = bool(st.stack) and isinstance(st.stack[-1], PlaceCard)
    if words[0] in ("place", "show", "hide", "intercept", "swap") and len(words) >= 2:
        key = words[-1]
        if key not in st.content.cards:
            return t("There is no card called {card}.", card=repr(key))
    if words[0] == "target" and len(words) == 2:
        if words[1] not in st.seats:
            return t("There is no player {seat}.", seat=repr(words[1]))
        return t("{seat} is not an opponent you can choose now.", seat=words[1])
    if not placing and words[0] in ("show", "hide"):
        return t("The deterrent force can only be changed in your own turn, before you place a card.")
    if placing and words[0] in ("show", "hide") and st.moves >= 2:
        return t("You have already moved two cards to or from your deterrent force this turn.")
    return None
