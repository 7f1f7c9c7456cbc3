"""What a player reads about actions: the words for each legal action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Listed, Text, listed, t, tn

from . import grammar
from .units import NEUTRAL

if TYPE_CHECKING:
    from .state import E1815State as S


def action_label(st: S, verb: str, args: tuple) -> Text | None:
    """A legal action in words (a button's text; the words of the browser board): lands and
    powers by their names, unit kinds in full, the markers diplomacy costs."""
    board = st.content.board
    fixed = _FIXED.get((verb, args))
    if fixed is not None:
        return fixed
    if verb == "power":
        return t("Play {power}", power=next(p.name for p in board.powers if p.key == args[0]))
    if verb == "give":
        return t("Give a success marker to {ally}", ally=st.seats[st.ally[st.to_act]])
    if verb == "spend":
        n = args[0]
        return t("Spend no markers") if n == 0 else tn("Spend {number} marker", "Spend {number} markers", "number",
                                                       number=n)
    if verb == "general":
        return t("General to {land}", land=_land(st, args[1]))
    land = _land(st, args[0])
    if verb in _ONE_LAND:
        return t(_ONE_LAND[verb].key, land=land)
    d = st.content.rules.diplomacy
    if verb == "convert":
        return tn("Win over {land} ({cost} marker)", "Win over {land} ({cost} markers)", "cost", land=land,
                  cost=d.convert_cost)
    if verb == "buy":
        return tn("Buy {land} ({cost} marker)", "Buy {land} ({cost} markers)", "cost", land=land, cost=d.buy_cost)
    if verb == "meddle":
        return tn("Meddle in {land}: remove 1 {kind} ({cost} marker)", "Meddle in {land}: remove 1 {kind} ({cost} "
                  "markers)", "cost", land=land, kind=_KIND[args[1]], cost=d.meddle_cost)
    if verb == "attack":
        owner = st.owner[board.index[args[0]]]
        return t("Attack {land} ({owner})", land=land, owner=t("neutral") if owner == NEUTRAL else st.seats[owner])
    if verb == "cede":
        return t("Cede {land} to {ally}", land=land, ally=st.seats[st.ally[st.to_act]])
    if verb == "place":
        return t("Place 1 {kind} in {land}", kind=_KIND[args[1]], land=land)
    if verb == "supply":
        return t("Supply {land}: {units}", land=land, units=_units(args[1:]))
    general = args[1] == grammar.GENERAL
    if verb == "move":
        return t("Move the general from {land}", land=land) if general else \
            t("Move {units} from {land}", units=_units(args[1:]), land=land)
    if verb == "commit":
        return t("Commit the general from {land}", land=land) if general else \
            t("Commit {units} from {land}", units=_units(args[1:]), land=land)
    return None


def _land(st: S, key: str) -> str:
    board = st.content.board
    return board.lands[board.index[key]].name


def _units(words: tuple) -> Listed:
    """``2 inf 1 cav`` as ``2 infantry, 1 cavalry``."""
    return listed(t("{number} {kind}", number=n, kind=_KIND[kind]) for n, kind in zip(words[::2], words[1::2]))


#: unit kinds in full
_KIND = {"inf": t("infantry"), "cav": t("cavalry"), "art": t("artillery")}

#: actions naming one land: their words, with the land's name for ``{land}``
_ONE_LAND = {
    "capital": t("Found the capital in {land}"),
    "claim": t("Claim {land}"),
    "fortify": t("Build a fortress in {land}"),
    "to": t("Z-effect into {land}"),
    "transfer": t("Hand troops over into {land}"),
}

#: actions of fixed words, by their parts
_FIXED = {
    grammar.read(grammar.RELOCATE): t("Relocate troops (Verlegung)"),
    grammar.read(grammar.END_TURN): t("End the turn"),
    grammar.read(grammar.END_RELOCATION): t("End the relocation"),
    grammar.read(grammar.GO): t("Attack now"),
    grammar.read(grammar.DONE): t("Done"),
    grammar.read(grammar.NO_TEAM_ACTION): t("No team action"),
}
