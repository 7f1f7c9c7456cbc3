"""What a player reads about actions: the words for each legal action, and why one is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import grammar
from .sequence import PlaceCard

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def action_label(st: S, verb: str, args: tuple) -> str | None:
    """A legal action in words (a button's text): cards by their printed names."""
    name = st.name
    if verb == "place":
        return f"Place {name(args[1])} (from deterrent) face down" if args[0] == "shown" else \
            f"Place {name(args[0])} face down"
    if verb == "show":
        return f"Show {name(args[0])} as deterrent"
    if verb == "hide":
        return f"Take back {name(args[0])}"
    if verb == "target":
        return f"Target {args[0]}"
    if verb == "strike":
        carrier, warhead, target = args
        return f"Strike {target}: {name(carrier)} with {name(warhead)}"
    if verb == "intercept":
        return f"Intercept with {name(args[0])}"
    if verb == "no":
        return "Do not intercept"
    if verb == "swap":
        return f"Swap face-down card {args[0]} for {name(args[1])}"
    return {grammar.KEEP: "Keep my face-down cards", grammar.DONE: "Done"}.get(verb)


def why_illegal(st: S, action: str) -> str | None:
    """A specific reason for the commonest wrong actions, whatever the decision."""
    words = action.split(" ")  # any text: what was typed need not be an action at all
    placing = bool(st.stack) and isinstance(st.stack[-1], PlaceCard)
    if words[0] in ("place", "show", "hide", "intercept", "swap") and len(words) >= 2:
        key = words[-1]
        if key not in st.content.cards:
            return f"There is no card called {key!r}."
    if words[0] == "target" and len(words) == 2:
        if words[1] not in st.seats:
            return f"There is no player {words[1]!r}."
        return f"{words[1]} is not an opponent you can choose now."
    if not placing and words[0] in ("show", "hide"):
        return "The deterrent force can only be changed in your own turn, before you place a card."
    if placing and words[0] in ("show", "hide") and st.moves >= 2:
        return "You have already moved two cards to or from your deterrent force this turn."
    return None
