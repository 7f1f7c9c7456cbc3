"""A rule-of-thumb bot for either side of Wir sind das Volk!.

Turn choices (which card, which use) are scored from the seat's view and the printed card
data: build points, living standards it can place, unrest it removes, what the event's
icons and arrows are worth to it, and what taking the card denies the opponent. Board
choices (targets, build sites, end-of-decade picks) look one step ahead in a world sampled
from the seat's information set and keep the option whose position scores best.
"""

from __future__ import annotations

from collections.abc import Callable
from math import exp

from realpolitik.engine import IllegalAction, Outcome, Rng, SeatContext, State

from . import board, grammar
from .content import EAST, WEST, Card, load
from .end_of_decade import currency_balance, flight_value

#: value of one step of each track toward the scoring side's end
TRACK_WEIGHT = {"prestige": 0.8, "currency": 0.6, "socialism": 0.6}
#: value of an icon for the side it helps (unrest and the like count negative when they hit oneself)
ICON_WEIGHT = {
    "unrest": 1.0, "calm": 1.0, "move": 0.4, "build": 1.0, "dismantle": 1.0, "end-protest": 2.5, "ls": 2.0,
    "reduce-ls": 1.5, "rundown": 1.0, "repair": 1.0, "stop": 1.5, "police": 1.5, "wall": 1.0, "wall-down": 0.0,
    "stasi-off": -1.0, "guillaume": 1.0, "prestige-overflow": 1.0,
}
HURTS_TARGET = {"unrest", "dismantle", "reduce-ls", "rundown", "stop", "stasi-off"}
VIEW_DECISIONS = ("take", "play", "police", "discard", "keep", "west-draws", "swap", "remove", "nothing", "look",
                  "ignore")


def icon_value(icon, side: int) -> float:
    """What one unit of an icon is worth to ``side``."""
    w = ICON_WEIGHT[icon.icon]
    good = (icon.who != side) if icon.icon in HURTS_TARGET else (icon.who == side)
    if icon.icon in ("police", "wall", "stasi-off", "guillaume", "repair", "end-protest"):
        good = side == EAST
    if icon.icon == "move":
        good = True
    return w if good else -w


def arrow_value(track: str, step: int, side: int) -> float:
    """What one arrow step (sign = direction, positive toward East) is worth to ``side``."""
    sign = 1 if side == EAST else -1
    return sign * TRACK_WEIGHT[track] * (1 if step > 0 else -1)


def event_value(card: Card, side: int) -> float:
    """What triggering ``card`` is worth to ``side`` (a dual card may drop its worst part)."""
    parts = [icon_value(icon, side) for icon in card.icons for _ in range(icon.count)]
    for track in TRACK_WEIGHT:
        step = getattr(card.arrows, track)
        parts += [arrow_value(track, step, side)] * abs(step)
    if card.colour == "dual" and parts and min(parts) < 0:
        parts.remove(min(parts))
    return sum(parts)


def evaluate(st, side: int) -> float:
    """How good the board is for ``side``: its own standing minus the opponent's.

    Track markers are left out: within one event they only move once its icons are done,
    so comparing a finished event with an unfinished one would favour ending it early.
    """
    levels, economies, protests = board.export_levels(st), board.economies(st), board.protest_counts(st)
    return (_standing(st, side, levels, economies, protests)
            - _standing(st, EAST if side == WEST else WEST, levels, economies, protests))


def _standing(st, side: int, levels: tuple[int, ...], economies: tuple[int, ...], protests: list[int]) -> float:
    """``side``'s part of ``evaluate``; ``levels``, ``economies``, ``protests``: every province's export level,
    economy and mass protests."""
    c = st.content
    provinces = c.of_side[side]
    own = sum(map(protests.__getitem__, provinces))
    score = -4.0 * own - (8.0 if own >= 3 else 0.0)
    ls, unrest, border, wb = st.ls, st.unrest, c.border, c.wb
    top = max(map(ls.__getitem__, provinces))
    # (``x if x > 0 else 0`` is max(0, x) without a call: this runs at the end of every cut playout)
    for p in provinces:
        u, own = unrest[p], ls[p]
        score -= 0.5 * u + (0.7 if u % 4 == 3 else 0.0)
        cap = (levels[p] if levels[p] > 0 else 0) if p != wb else own
        over = own - cap
        score += 1.3 * (own if over < 0 else cap) + 0.3 * (over if over > 0 else 0)
        score += 0.3 * economies[p]
        lag = top - own - 1
        score -= 0.5 * (lag if lag > 0 else 0)  # unrest the internal comparison will bring
        shown = own - protests[p]
        for q in border[p]:  # unrest the East–West comparison will bring
            ahead, behind = shown - ls[q], ls[q] - protests[q] - own
            score += 0.5 * ((ahead if ahead > 0 else 0) - (behind if behind > 0 else 0))
    if side == EAST:
        score += 0.5 * st.box + 0.5 * len(st.police)
        due = (1 if st.wall else flight_value(st) // 2) + len(st.police) + max(0, -currency_balance(st)[3])
        score -= 3.0 * max(0, due - len(board.dismantle_sites(st, EAST)))
    return score


class HeuristicBot:
    """Scores turn options from the view; looks one step ahead for board choices."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.content = load()

    def choose(self, ctx: SeatContext) -> str:
        legal = ctx.legal_actions
        if len(legal) == 1:
            return legal[0]
        verb = grammar.words(legal[0])[0]
        side = WEST if ctx.view["seat"] == "west" else EAST
        if verb in VIEW_DECISIONS or any(a.startswith(("take ", "play ")) for a in legal):
            return self._by_view(ctx, side)
        return self._look_ahead(ctx, side)

    # ------------------------------------------------------------------ board choices

    def _look_ahead(self, ctx: SeatContext, side: int) -> str:
        def score(twin: State, out: Outcome | None) -> float:
            if out is not None:
                return 1000.0 if ctx.seat in out.winners else -1000.0
            return evaluate(twin, side)
        return look_ahead(ctx, self.rng, score)

    # ------------------------------------------------------------------ hidden-hand choices

    def _by_view(self, ctx: SeatContext, side: int) -> str:
        scored = [(self._score(ctx.view, side, a), a) for a in ctx.legal_actions]
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s >= top - 1e-9])

    def _score(self, view: dict, side: int, action: str) -> float:
        words = grammar.words(action)
        cards = self.content.cards
        pub = view["public"]
        if words[0] in ("take", "play"):
            return self._turn_score(pub, side, cards[words[1]], words[2], words[0] == "take")
        if words[0] == "police":
            p = next(x for x in pub["provinces"] if x["key"] == words[1])
            return 3.0 if p["unrest"] >= 4 and p["unrest"] % 4 == 0 else -1.0
        if words[0] == "discard":
            return 1.0 - self._card_worth(pub, side, cards[words[1]])
        if words[0] == grammar.KEEP:
            return 0.0
        if words[0] == grammar.WEST_DRAWS:
            return -1.2
        if words[0] == "ignore":
            if words[1] == "nothing":
                return 0.0
            if words[1] in TRACK_WEIGHT:
                card = cards[_triggered_card(view)]
                return -arrow_value(words[1], getattr(card.arrows, words[1]), side)
            return -icon_value(self.content.icons[words[1]], side)
        if words[0] == "look":
            return 1.0 if words[1] == "hand" else 0.5
        if words[0] == "swap":
            return self._card_worth(pub, side, cards[words[2]]) - self._card_worth(pub, side, cards[words[1]])
        if words[0] == "remove":
            return 0.5 * self._card_worth(pub, WEST, cards[words[1]])
        return 0.0

    def _card_worth(self, pub: dict, side: int, card: Card) -> float:
        return max(self._turn_score(pub, side, card, use, False) for use in ("build", "ls", "event"))

    def _turn_score(self, pub: dict, side: int, card: Card, use: str, from_display: bool) -> float:
        mine = "west" if side == WEST else "east"
        provinces = [p for p in pub["provinces"] if p["side"] == mine]
        decade = pub["decade"]
        if card.is_special:
            return event_value(card, side) - 1.0
        value = card.value_for(side)
        if use == "build":
            score = value * (1.3 if decade <= 2 else 1.0)
        elif use == "ls":
            score = 2.0 * ls_placements(provinces, value)
        elif use == "calm":
            worst = max(provinces, key=lambda p: (p["unrest"] % 4 == 0 and p["unrest"] > 0, p["unrest"]))
            score = 1.0 + (3.0 if worst["unrest"] >= 4 and worst["unrest"] % 4 == 0 else 0.0)
            if card.owner() != side:
                score -= 1.2
        else:
            score = event_value(card, side)
        opponent = EAST if side == WEST else WEST
        if from_display and card.owner() in (None, opponent):
            score += 0.4 * max(0.0, event_value(card, opponent))
        if not from_display:
            score -= 0.6
        return score


def _triggered_card(view: dict) -> str:
    """The dual card whose event is being triggered: the last card played."""
    return view["public"]["played"][-1]


def ls_placements(provinces: list[dict], points: int) -> int:
    """How many LS a value of ``points`` can place, greedily (at most 2 points per province)."""
    needs = sorted(max(0, 3 * (p["ls"] + 1) - p["economy"]) for p in provinces if p["key"] != "wb")
    placed = 0
    for need in needs:
        if placed == 3 or need > min(2, points):
            break
        points -= need
        placed += 1
    return placed


#: search estimate: logistic weights fitted on positions of heuristic self-play (400 games
#: with 10 % random moves): per point of West's standing lead, per track step toward East
CHANCE_LEAD = 0.045
CHANCE_TRACKS = (("prestige", -0.15), ("currency", -0.17), ("socialism", -0.13))


def west_chance(st, bias: float, per_decade: float) -> float:
    """West's chance to win (§8) from its standing lead and the tracks; the decade weighs for East.

    East wins by surviving decade IV (§8), so every decade gone tilts an even position its way.
    """
    logit = bias + per_decade * st.decade + CHANCE_LEAD * evaluate(st, WEST)
    for track, weight in CHANCE_TRACKS:
        logit += weight * getattr(st, track)
    return 1.0 / (1.0 + exp(-logit))


def win_chances(st) -> tuple[float, ...]:
    """Search estimate of an unfinished game (``Game.evaluate``): each seat's chance to win.

    Runs on sampled worlds only. Seats are West and East; their chances add up to 1.
    """
    west = west_chance(st, 0.13, -0.255)
    return (west, 1.0 - west)


def look_ahead(ctx: SeatContext, rng: Rng, score: Callable[[State, Outcome | None], float]) -> str:
    """The legal action whose position (or outcome) scores best one step ahead in a sampled world;
    ties broken at random."""
    world = ctx.sample(rng)
    best, best_score = [], None
    for action in ctx.legal_actions:
        twin = world.clone()
        try:
            twin.apply(action)
        except IllegalAction:
            continue
        value = score(twin, twin.outcome())
        if best_score is None or value > best_score + 1e-9:
            best, best_score = [action], value
        elif abs(value - best_score) <= 1e-9:
            best.append(action)
    return rng.choice(best or list(ctx.legal_actions))
