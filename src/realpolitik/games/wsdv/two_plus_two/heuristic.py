"""A rule-of-thumb bot for each of the four 2+2 roles.

Built on the base game's bot (``wsdv.heuristic``): the German standing of a side is scored
as there. On top, each role values the Cold War its own way (the 2+2 rule book, §1, §12.4):

- a superpower wants its side to win *and* more victory points than the other superpower
  (or an arms-race / space-race victory), a healthy treasury, and never to press the button;
- a German state wants its side to win while its own superpower does *not* lead in victory
  points — so it cares little for its superpower's tracks and may quietly work against them.

Turn choices (card and use) are scored from the view and the printed card data; choices
inside an action (targets, icon order, end-of-decade picks) look one step ahead in a world
sampled from the seat's information set, as the base bot does.
"""

from __future__ import annotations

from math import exp

from realpolitik.engine import SeatContext

from .. import grammar
from ..content import EAST, SIDES, WEST
from ..heuristic import HeuristicBot as BaseBot
from ..heuristic import arrow_value, evaluate, icon_value, look_ahead, ls_placements, west_chance
from .cold_war import is_power, victory_points
from .content import BASE_ICONS, load
from .events import collects, event_items
from .tables import POWER

TRACK_KEY = {"arms": "arms_race", "space": "space_race", "dominance": "dominance"}
VP_WEIGHT = 2.0  # a victory point of lead, for a superpower
MONEY = 0.35  # one $ for the own superpower
CONFLICT = -0.4  # drawing a conflict card: as likely good as bad, but risky

def dove_value(doves: int, mine_to_press: bool) -> float:
    """What flipping a peace dove costs: more as the pool empties, everything for the one who must press."""
    if doves == 0:
        return -60.0 if mine_to_press else -4.0
    return -(0.3 + 2.0 / (doves + 1))


class HeuristicBot(BaseBot):
    """Scores turn options from the view; looks one step ahead for choices inside an action."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.content = load()

    def choose(self, ctx: SeatContext) -> str:
        legal = ctx.legal_actions
        if len(legal) == 1:
            return legal[0]
        seat = ctx.seat
        if any(a.startswith(("take ", "play ")) for a in legal):
            return self._best(legal, lambda a: self._turn(ctx.view, seat, a))
        verb = grammar.words(legal[0])[0]
        if verb == "ignore":
            return self._best(legal, lambda a: self._ignore(ctx.view, seat, a))
        if verb in ("discard", "yellow-draws", "keep") and not ctx.view["public"].get("end_of_decade"):
            return self._best(legal, lambda a: self._discard(ctx.view, seat, a))
        if verb in ("look", "swap", "remove", "nothing"):
            return self._by_view(ctx, st_side(seat))
        if verb == "shift":
            return self._best(legal, lambda a: self._shift(ctx.view, seat, a))
        if verb in ("prestige", "dominance") and all(grammar.words(w)[0] in ("prestige", "dominance") for w in legal):
            return self._best(legal, lambda a: self._convert(ctx.view, seat, a))  # the prompt names the direction
        return self._ahead(ctx)

    def _best(self, legal, score) -> str:
        scored = [(score(a), a) for a in legal]
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s >= top - 1e-9])

    # ------------------------------------------------------------------ looking one step ahead

    def _ahead(self, ctx: SeatContext) -> str:
        seat = ctx.seat
        return look_ahead(ctx, self.rng, lambda twin, out: 100.0 * out.points[seat] if out is not None
                          else position(twin, seat))

    # ------------------------------------------------------------------ turns

    def _turn(self, view: dict, seat: int, action: str) -> float:
        words = grammar.words(action)
        pub = view["public"]
        side = st_side(seat)
        if words[0] == "police":
            p = next(x for x in pub["provinces"] if x["key"] == words[1])
            return 3.0 if p["unrest"] >= 4 and p["unrest"] % 4 == 0 else -1.0
        key, use = words[1], words[2]
        card = self.content.cards[key]
        from_display = words[0] == "take"
        cw = pub["cold_war"]
        if use == "event":
            score = self.event_worth(pub, seat, card, key)
        elif use == "arms":
            score = self.step_worth(pub, seat, "arms", 1 if side == EAST else -1) + self.arms_card_worth(pub, seat)
        elif use == "credit":
            value = card.value_for(side)
            treasury = cw["treasury"][("usa", "ussr")[side]]
            score = value * MONEY * (2.5 if treasury < 2 else 1.0) - 0.8
        else:
            penalty = use in ("build", "ls") and seat == POWER[EAST] and cw["reminders"]["soviet_penalty"]
            score = self._german_use(pub, side, card, use, penalty)
            if is_power(seat):
                score *= 0.85
        if use != "event":
            score += sum(self.parts(pub, seat, self.content.items_kept[key, side, "value"][1], mine_to_press=True))
            if collects(card, use):
                score += 0.6
        if from_display:
            score += 0.3 * max(0.0, max(self.event_worth(pub, s, card, key) for s in enemies(seat)))
            rest = [k for k in pub["display"] if k != key]
            if len(rest) == 1:  # the sub-decade ends: the last card's event runs, and I acted last
                score += self.auto_worth(pub, seat, rest[0])
        else:
            score -= 0.6
        return score

    def _german_use(self, pub: dict, side: int, card, use: str, penalty: bool) -> float:
        """Build, LS or calm, scored as the base bot does (the value lowered by the Soviet reminder)."""
        value = max(0, card.value_for(side) - penalty)
        provinces = [p for p in pub["provinces"] if p["side"] == SIDES[side]]
        if use == "build":
            return value * (1.3 if pub["decade"] <= 2 else 1.0)
        if use == "ls":
            return 2.0 * ls_placements(provinces, value)
        worst = max(provinces, key=lambda p: (p["unrest"] % 4 == 0 and p["unrest"] > 0, p["unrest"]))
        score = 1.0 + (3.0 if worst["unrest"] >= 4 and worst["unrest"] % 4 == 0 else 0.0)
        return score - (0.0 if card.owner() == side else 1.2)

    def event_worth(self, pub: dict, seat: int, card, key: str) -> float:
        """What triggering ``card`` is worth to ``seat``; a dual card drops its worst item."""
        side = st_side(seat)
        if card.is_special:
            if side != EAST:
                return 0.0
        elif card.owner() not in (None, side):
            return 0.0
        parts = self.parts(pub, seat, event_items(card, side), mine_to_press=True)
        if card.colour == "dual" and parts and min(parts) < 0:
            parts.remove(min(parts))
        bonus = 0.6 if collects(card, "event") else 0.0
        return sum(parts) + bonus - (1.0 if card.is_special else 0.0)

    def parts(self, pub: dict, seat: int, items: tuple, mine_to_press: bool) -> list[float]:
        """Each item's value in order; peace doves counted as they go (a third flip of two doves is war)."""
        doves = pub["cold_war"]["doves"]
        out = []
        for item in items:
            if item == "dove":
                out.append(dove_value(doves, mine_to_press))
                doves = max(0, doves - 1)
            elif item == "undove":
                out.append(0.2 + 1.5 / (doves + 1))
                doves += 1
            else:
                out.append(self.item_worth(pub, seat, item))
        return out

    def auto_worth(self, pub: dict, seat: int, key: str) -> float:
        """What the automatic event of ``key`` would be worth to ``seat`` if it were the last one to act."""
        card = self.content.cards[key]
        return sum(self.parts(pub, seat, event_items(card, st_side(seat), auto=True), mine_to_press=True))

    def item_worth(self, pub: dict, seat: int, item, active: bool = True) -> float:
        """One pool item's value for ``seat``."""
        side = st_side(seat)
        power = is_power(seat)
        cw = pub["cold_war"]
        if isinstance(item, tuple):
            track, yellow, red, strict = item
            net = red - yellow
            mine = net if side == EAST else -net
            worth = self.step_worth(pub, seat, track, net)
            if track == "prestige" and power and active and not strict and mine > 0:
                worth = max(worth, self.step_worth(pub, seat, "dominance", net))
            if track == "arms":
                powers = [s for s in (0, 1) if (yellow if s == WEST else red)]
                worth += sum(self.arms_card_worth(pub, p) if p == side else -0.2 for p in powers if is_power(seat))
            return worth
        icon = self.content.icons[item]
        kind = icon.icon
        if kind in BASE_ICONS:
            return icon_value(icon, side)
        if kind == "dove":
            return dove_value(cw["doves"], active)
        if kind == "undove":
            return 0.2 + 1.5 / (cw["doves"] + 1)
        if kind in ("pay", "income"):
            own = SIDES.index(icon.side) == side
            sign = 1 if kind == "income" else -1
            treasury = cw["treasury"][("usa", "ussr")[SIDES.index(icon.side)]]
            danger = 2.0 if kind == "pay" and treasury - icon.amount < 0 else 1.0
            return sign * icon.amount * MONEY * danger * (1.0 if power else 0.2) * (1 if own else -0.5)
        if kind == "conflict":
            drawer = side if icon.side == "active" else SIDES.index(icon.side)
            return CONFLICT if drawer == side else -CONFLICT * 0.5
        if kind == "soviet-penalty":
            return 1.5 if side == WEST else -1.5
        if kind == "arms-cost":
            return -0.3 if power else 0.0
        if kind == "choice":
            return 0.8
        return 0.0

    def step_worth(self, pub: dict, seat: int, track: str, net: int) -> float:
        """``net`` steps (positive toward red) on a track, for ``seat``."""
        side = st_side(seat)
        if track in ("prestige", "currency", "socialism"):
            return sum(arrow_value(track, 1 if net > 0 else -1, side) for _ in range(abs(net)))
        cw = pub["cold_war"]
        pos = cw[TRACK_KEY[track]]
        c = self.content
        spaces = getattr(c, track).spaces
        new = max(-spaces, min(spaces, pos + net))
        gain = track_worth(c, track, new, side) - track_worth(c, track, pos, side)
        if is_power(seat):
            return VP_WEIGHT * gain + (0.5 * abs(pos + net - new) if track == "dominance" else 0.0)
        # a German state: its state profits a little from dominance, but it does not want its
        # superpower ahead in victory points (then the superpower, not the state, would win)
        vp = cw["victory_points"]
        lead = vp[("usa", "ussr")[side]] - vp[("usa", "ussr")[1 - side]]
        mine = (new - pos) * (1 if side == EAST else -1)
        return (0.2 if track == "dominance" else 0.0) * mine - (0.6 if lead >= 0 else 0.2) * gain

    def arms_card_worth(self, pub: dict, seat: int) -> float:
        """The expected effects of the arms-race card a step makes ``seat`` draw."""
        side = st_side(seat)
        decade = max(1, pub["decade"])
        deck = self.content.arms_deck
        pools = self.content.pools_kept
        total = sum(self.item_worth(pub, seat, i, active=True)
                    for key, d in deck.items() for i in pools["arms", key, side, d.row(decade)])
        cost = pub["cold_war"]["reminders"]["arms_cost"] * MONEY
        return total / len(deck) - cost

    # ------------------------------------------------------------------ small choices

    def _ignore(self, view: dict, seat: int, action: str) -> float:
        what = grammar.words(action)[1]
        if what == "nothing":
            return 0.0
        pub = view["public"]
        card = self.content.cards[_last_played(view)]
        side = st_side(seat)
        items = event_items(card, side, auto=pub["cold_war"]["active"] is None)
        for item in items:
            if isinstance(item, str):
                if item == what:
                    return -self.item_worth(pub, seat, item)
                continue
            track, yellow, red, _ = item
            if what in (track, f"{track}-yellow", f"{track}-red"):
                step = -1 if what == f"{track}-yellow" or what == track and yellow else 1
                return -self.step_worth(pub, seat, track, step)
        return 0.0

    def _discard(self, view: dict, seat: int, action: str) -> float:
        words = grammar.words(action)
        if words[0] == grammar.KEEP:
            return 0.0
        if words[0] == grammar.YELLOW_DRAWS:
            return -1.2
        card = self.content.cards[words[1]]
        side = st_side(seat)
        worth = max(self._german_use(view["public"], side, card, u, False) for u in ("build", "ls"))
        return 1.0 - worth

    def _shift(self, view: dict, seat: int, action: str) -> float:
        _, track, colour = grammar.words(action)
        return self.step_worth(view["public"], seat, track, 1 if colour == "red" else -1)

    def _convert(self, view: dict, seat: int, action: str) -> float:
        words = grammar.words(action)
        pub = view["public"]
        direction = 1 if "toward East" in view["pending"]["prompt"] else -1
        return sum(int(k) * self.step_worth(pub, seat, t, direction) for t, k in zip(words[::2], words[1::2]))


def st_side(seat: int) -> int:
    """The side of a seat (0 USA, 1 Soviet Union, 2 West, 3 East)."""
    return seat % 2


def enemies(seat: int) -> tuple[int, int]:
    """The two seats of the other side."""
    return (1, 3) if seat % 2 == WEST else (0, 2)


def _last_played(view: dict) -> str:
    """The card being triggered: the last one put into play (a dual card, or the automatic event's)."""
    played = view["public"]["played"]
    return played[-1]


def track_worth(c, track: str, pos: int, side: int) -> float:
    """A 2+2 track's marker for ``side``'s superpower: its victory points (the other's count
    against it), a little for every step of progress, much for standing in a victory space."""
    t = getattr(c, track)
    d = abs(pos)
    mine = pos > 0 if side == EAST else pos < 0
    worth = t.vp[d] + 0.3 * d
    if track == "arms":
        worth += 0.4 * t.level[d] + (3.0 if t.level[d] >= 4 else 0.0)
    elif track == "space" and d >= t.victory:
        worth += 3.0
    return worth if mine else -worth


def position(st, seat: int) -> float:
    """How good a (sampled) position is for ``seat``: its side's German standing plus its Cold War."""
    side = st.side(seat)
    score = evaluate(st, side)
    c = st.content
    doves = st.doves
    score -= 2.0 / (doves + 1)
    cold = sum(track_worth(c, t, getattr(st, t), side) for t in ("arms", "space", "dominance"))
    if is_power(seat):
        score += VP_WEIGHT * cold + MONEY * min(st.treasury[side], 8) - 1.0 * max(0, -st.treasury[side])
    else:
        own, other = victory_points(st, side), victory_points(st, 1 - side)
        score -= 0.6 * max(0, own - other + 1)
    return score


def win_chances(st) -> tuple[float, ...]:
    """Search estimate of an unfinished game (``Game.evaluate``): each seat's chance to be the winner.

    Runs on sampled worlds only. The side's chance is the base game's estimate (weights
    refitted on 2+2 heuristic self-play, 200 games); within the winning side the superpower
    wins when it leads the other superpower in victory points (§12.4), which a logistic in
    the present lead estimates (fitted on the same games). Each side's two chances add up to
    its chance to win.
    """
    west = west_chance(st, -0.19, -0.12)
    lead = victory_points(st, WEST) - victory_points(st, EAST)
    usa = 1.0 / (1.0 + exp(0.64 - 0.96 * lead))
    ussr = 1.0 / (1.0 + exp(0.64 + 0.96 * lead))
    east = 1.0 - west
    return (west * usa, east * ussr, west * (1.0 - usa), east * (1.0 - ussr))
