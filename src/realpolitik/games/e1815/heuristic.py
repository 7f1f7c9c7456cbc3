"""A rule-of-thumb 1815 bot that reads only its seat's view and the static map.

It attacks where it can win, reinforces and supplies the most threatened lands, moves
troops from quiet lands to the front — and in 2vs2 plays as a team member: it hands
markers to an ally who has fewer, sends spare troops into a threatened allied land next
to its own, and cedes a land that completes a territory for the ally.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Rng, SeatContext

from . import grammar, scoring
from .combat import Attack, AttackerMarkers, DefenderMarkers, battle, strengths
from .content import KINDS, Board, load
from .logistics import Relocation, ZEffect
from .scoring import PlaceReinforcements
from .sequence import ChooseCapital, ChoosePower, Claim, TurnAction
from .team import HandOver, TeamAction

GUARD = 2  # EP the bot keeps in its own capital when it can


class Reading:
    """One decision's view, with the map queries the bot needs."""

    def __init__(self, view: dict[str, Any]) -> None:
        pub = view["public"]
        self.pub = pub
        content = load(pub["map"], pub.get("map_file", ""))
        self.board: Board = content.board
        self.rules = content.rules
        self.ep_values = content.ep
        self.me: str = view["seat"]
        self.players = {p["seat"]: p for p in pub["players"]}
        self.ally: str | None = self.players[self.me]["ally"]
        self.lands: dict[str, dict] = pub["lands"]
        self.capital: str | None = self.players[self.me]["capital"]

    # ------------------------------------------------------------------ queries

    def ep(self, key: str) -> int:
        land = self.lands[key]
        v = self.ep_values
        return land["inf"] * v[0] + land["cav"] * v[1] + land["art"] * v[2]

    def owner(self, key: str) -> str | None:
        return self.lands[key]["owner"]

    def friendly(self, label: str | None) -> bool:
        return label is not None and label in (self.me, self.ally)

    def enemy(self, label: str | None) -> bool:
        return label is not None and not self.friendly(label)

    def near(self, key: str) -> list[str]:
        b = self.board
        return [b.lands[j].key for j in b.adj[b.index[key]]]

    def mine(self, key: str) -> bool:
        return self.owner(key) == self.me

    def threat(self, key: str) -> int:
        """EP of enemy troops next to ``key``."""
        return sum(self.ep(n) for n in self.near(key) if self.enemy(self.owner(n)))

    def frontier(self, key: str) -> bool:
        return any(not self.friendly(self.owner(n)) for n in self.near(key))

    def defence(self, key: str, with_markers: bool = True) -> int:
        land = self.lands[key]
        r = self.rules
        d = self.ep(key) + (r.fortress.defence if land["fortress"] else 0)
        owner = land["owner"]
        if owner is not None:
            if owner in land["generals"]:
                d += r.combat.general_bonus
            if land["capital_of"] == owner:
                d += r.combat.capital_bonus
            if with_markers:
                d += self.players[owner]["markers"] * r.markers.combat_bonus
        return d

    def spare(self, key: str) -> int:
        """EP that may leave ``key``: all, but a guard stays in the own capital."""
        return max(0, self.ep(key) - GUARD) if key == self.capital else self.ep(key)

    def need(self, key: str) -> int:
        """How far the defence of an own land falls short of the threat against it."""
        return self.threat(key) - self.defence(key, with_markers=False)

    def completes(self, key: str, seat: str) -> bool:
        """Owning ``key`` would give ``seat`` all of its territory."""
        b = self.board
        t = b.territory_of[b.index[key]]
        return all(b.lands[i].key == key or self.owner(b.lands[i].key) == seat for i in b.territory_lands[t])

    def attack_power(self, target: str, force: dict | None = None) -> int:
        """Attack strength of a force (or of everything that could come from next door)."""
        r = self.rules
        fortified = self.lands[target]["fortress"] is not None
        if force is not None:
            v = self.ep_values
            power = force["inf"] * v[0] + force["cav"] * v[1] + force["art"] * v[2]
            arts = force["art"]
            general = force["general"]
        else:
            sources = [n for n in self.near(target) if self.mine(n)]
            power = sum(self.spare(n) for n in sources)
            arts = sum(self.lands[n]["art"] for n in sources)
            general = any(self.me in self.lands[n]["generals"] for n in sources)
        if fortified:
            power += arts * r.combat.art_vs_fortress
        return power + (r.combat.general_bonus if general else 0)


class HeuristicBot:
    """Plays 1815 and 1815 2vs2 by rules of thumb; reproducible from its seed."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, ctx: SeatContext) -> str:
        legal = ctx.legal_actions
        if len(legal) == 1:
            return legal[0]
        r = Reading(ctx.view)
        pick = self.RULES_OF_THUMB[r.pub["decision"]["kind"]](self, r, legal)
        return pick if pick in legal else self.rng.choice(legal)

    # ------------------------------------------------------------------ start phase

    def _power(self, r: Reading, legal: tuple[str, ...]) -> str:
        return self.rng.choice(legal)

    def _capital(self, r: Reading, legal: tuple[str, ...]) -> str:
        def room(action: str) -> tuple:
            (key,) = grammar.read(action)[1]
            free = [n for n in r.near(key) if r.owner(n) is None and r.ep(n) == 0]
            second: set[str] = set()
            for n in free:
                second.update(m for m in r.near(n) if r.owner(m) is None and m != key)
            return (len(free) >= 2, len(free) + len(second) / 3, -len(r.near(key)))
        return max(legal, key=room)

    def _claim(self, r: Reading, legal: tuple[str, ...]) -> str:
        def worth(action: str) -> tuple:
            (key,) = grammar.read(action)[1]
            same = r.board.territory_of[r.board.index[key]] == r.board.territory_of[r.board.index[r.capital]]
            return (same, sum(r.owner(n) is None for n in r.near(key)))
        return max(legal, key=worth)

    # ------------------------------------------------------------------ the action menu

    def _action(self, r: Reading, legal: tuple[str, ...]) -> str:
        turn = r.rules.turn
        later = r.pub["half_move"] or r.pub["actions_left"] < turn.actions
        best, best_value = grammar.END_TURN, 0.0
        for action in legal:
            value = self._value(r, action, later)
            if value > best_value:
                best, best_value = action, value
        return best

    def _value(self, r: Reading, action: str, later: bool) -> float:
        verb, args = grammar.read(action)
        if verb == "attack":
            return self._attack_value(r, args[0])
        if verb == "supply":
            land = args[0]
            return (3.0 if later else 1.2) + 0.1 * max(0, r.need(land)) + (0.05 if args[-1] == "cav" else 0)
        if action == grammar.RELOCATE:
            return 2.5 if self._relocation_target(r) else 0.0
        if verb == "fortify":
            land = args[0]
            return 2.0 if r.frontier(land) and r.threat(land) >= 3 and r.ep(land) >= 4 else 0.0
        if verb == "convert":
            return 2.6 if r.players[r.me]["markers"] >= 4 else 1.0
        if verb == "buy":
            return 3.5
        if verb == "meddle":
            return 0.5
        return 0.0

    def _attack_value(self, r: Reading, target: str) -> float:
        land = r.lands[target]
        owner = land["owner"]
        mine = r.players[r.me]["markers"]
        if r.attack_power(target) + mine <= r.defence(target):
            return 0.0
        value = 2.0 if owner is None else 4.0
        if land["fortress"]:
            value += 1.5
        if owner is not None and land["capital_of"] == owner:
            value += 3.0
        if r.completes(target, r.me):
            value += 3.0
        value -= 0.3 * (r.ep(target) + 1) // 2
        if r.pub["season"] == "winter":
            value -= 0.5
        return value

    # ------------------------------------------------------------------ battles

    def _attack(self, r: Reading, legal: tuple[str, ...]) -> str:
        target = r.pub["decision"]["land"]
        force = r.pub["battle"]
        mine = r.players[r.me]["markers"]
        if grammar.GO in legal and r.attack_power(target, force) + mine > r.defence(target):
            return grammar.GO

        def weight(action: str) -> tuple:
            verb, args = grammar.read(action)
            if verb != "commit":
                return (-1, 0)
            if args[1] == grammar.GENERAL:
                return (0, 1)
            source, n, kind = args
            ep = n * r.ep_values[KINDS.index(kind)]
            keeps = r.ep(source) - ep >= GUARD or source != r.capital
            return (1 if keeps else 0, ep)
        best = max(legal, key=weight)
        return best if weight(best)[0] >= 0 else grammar.GO

    def _boost(self, r: Reading, legal: tuple[str, ...]) -> str:
        target = r.pub["decision"]["land"]
        attack = r.attack_power(target, r.pub["battle"])
        defence = r.defence(target)
        for action in legal:
            if attack + grammar.read(action)[1][0] > defence:
                return action
        return grammar.spend(0)

    def _defend(self, r: Reading, legal: tuple[str, ...]) -> str:
        target = r.pub["decision"]["land"]
        battle = r.pub["battle"]
        attack = r.attack_power(target, battle) + battle["markers_spent"] * r.rules.markers.combat_bonus
        defence = r.defence(target, with_markers=False)
        for action in legal:
            if defence + grammar.read(action)[1][0] >= attack:
                return action
        return grammar.spend(0)

    # ------------------------------------------------------------------ relocation

    def _relocation_target(self, r: Reading) -> str | None:
        best, worst = None, -99
        for key, land in r.lands.items():
            if land["owner"] != r.me or not r.frontier(key):
                continue
            helpers = [n for n in r.near(key) if r.mine(n) and not r.frontier(n) and r.spare(n) > 0]
            if helpers and r.need(key) > worst:
                best, worst = key, r.need(key)
        return best

    def _relocate(self, r: Reading, legal: tuple[str, ...]) -> str:
        target = self._relocation_target(r)
        if target is not None and grammar.to(target) in legal:
            return grammar.to(target)
        return grammar.END_RELOCATION

    def _moves(self, r: Reading, legal: tuple[str, ...], quiet) -> str:
        def weight(action: str) -> tuple:
            verb, args = grammar.read(action)
            if verb != "move" or args[1] == grammar.GENERAL or not quiet(args[0]):
                return (0, 0)
            source, n, kind = args
            ep = n * r.ep_values[KINDS.index(kind)]
            return (1, ep) if ep <= r.spare(source) else (0, 0)
        best = max(legal, key=weight)
        return best if weight(best)[0] else (grammar.DONE if grammar.DONE in legal else best)

    def _zeffect(self, r: Reading, legal: tuple[str, ...]) -> str:
        return self._moves(r, legal, lambda key: not r.frontier(key))

    # ------------------------------------------------------------------ team actions (2vs2)

    def _team(self, r: Reading, legal: tuple[str, ...]) -> str:
        mine = r.players[r.me]["markers"]
        theirs = r.players[r.ally]["markers"]
        offers = [grammar.read(action) for action in legal]
        for action, (verb, args) in zip(legal, offers):
            if verb == "transfer" and r.need(args[0]) > 0 and self._spare_next_to(r, args[0]):
                return action
        for action, (verb, args) in zip(legal, offers):
            if verb == "cede" and r.completes(args[0], r.ally) and not r.frontier(args[0]) and r.ep(args[0]) <= 1:
                return action
        if grammar.GIVE_MARKER in legal and (mine >= theirs + 2 or mine >= 4):
            return grammar.GIVE_MARKER
        return grammar.NO_TEAM_ACTION

    def _spare_next_to(self, r: Reading, key: str) -> bool:
        return any(r.mine(n) and r.need(n) < 0 and r.spare(n) > 0 for n in r.near(key))

    def _transfer(self, r: Reading, legal: tuple[str, ...]) -> str:
        return self._moves(r, legal, lambda key: r.need(key) < 0)

    # ------------------------------------------------------------------ reinforcements

    def _place(self, r: Reading, legal: tuple[str, ...]) -> str:
        def weight(action: str) -> tuple:
            verb, args = grammar.read(action)
            if verb != "place":
                return (-99, 0)
            land, kind = args
            return (r.need(land) + (1 if r.frontier(land) else 0), r.ep_values[KINDS.index(kind)])
        return max(legal, key=weight)

    #: the rule of thumb for each decision, by its frame class (the view names the class's tag: ``state.decision_view``)
    RULES_OF_THUMB = {
        ChoosePower.tag: _power, ChooseCapital.tag: _capital, Claim.tag: _claim, TurnAction.tag: _action,
        Attack.tag: _attack, AttackerMarkers.tag: _boost, DefenderMarkers.tag: _defend, Relocation.tag: _relocate,
        ZEffect.tag: _zeffect, TeamAction.tag: _team, HandOver.tag: _transfer, PlaceReinforcements.tag: _place,
    }


# ====================================================================== search estimate


def evaluate(st) -> tuple[float, ...]:
    """Search estimate of an unfinished game: each seat's chance to win (``Game.evaluate``).

    Runs on sampled worlds only. SP win the game (U25: 10 SP; 2vs2 [sure]: 13 SP of the
    team together), so a seat's strength is its SP after the next SP distribution as it
    would go now (U24: the rank by lands, then EP; +1 per complete territory), plus a
    third of an SP per land it holds, which feeds later distributions and reinforcements
    (U22). The chance grows with the square of the strength; in 2vs2 both allies get
    their team's chance, as the team result decides their rewards.
    """
    n = len(st.seats)
    sc = st.content.rules.scoring
    table = sc.sp_by_rank[str(n)]
    ranking = sorted(range(n), key=lambda s: scoring.strength(st, s), reverse=True)
    lands = [0] * n
    for o in st.owner:
        if o >= 0:
            lands[o] += 1
    power = [0.0] * n
    for rank, s in enumerate(ranking):
        power[s] = st.sp[s] + table[rank] + sc.per_territory * len(st.full_territories(s)) + lands[s] / 3
    if st.team_of is not None:
        sums = [0.0, 0.0]
        for s in range(n):
            sums[st.team_of[s]] += power[s]
        whole = sums[0] ** 2 + sums[1] ** 2
        return tuple(sums[t] ** 2 / whole for t in st.team_of)
    whole = sum(p * p for p in power)
    return tuple(p * p / whole for p in power)


def rollout_policy(st, rng) -> str:
    """A fast playout move (``Game.rollout_policy``) that fights only battles it can win.

    Runs on sampled worlds only and reads their public fields; what is being decided it tells
    from the legal actions and the battle being prepared. On the action menu: an attack whose
    neighbouring own EP and markers beat the defence (U15–U17), else a random civil action,
    ``end turn`` last; in a battle: commit the largest group until the attack is stronger,
    then go; spend just the markers that win the battle or hold the land (U20); no team
    action; everything else at random.
    """
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    last = legal[-1]
    if last == grammar.END_TURN:
        return _menu(st, st.to_act, legal, rng)
    if last == grammar.NO_TEAM_ACTION:
        return last
    verb = grammar.read(last)[0]
    if verb not in _BATTLE:
        return legal[rng.below(len(legal))]
    seat = st.to_act
    attacker, target, force, boost = battle(st)
    attack, defence = strengths(st, attacker, target, force, boost, 0)
    if verb == "spend":
        need = max(0, defence - attack + 1) if seat == attacker else max(0, attack - defence)
        return grammar.spend(need) if need <= st.markers[seat] else grammar.spend(0)
    if last == grammar.GO and attack + st.markers[seat] > defence:
        return grammar.GO
    commits = legal[:-1] if last == grammar.GO else legal  # a battle's commitments, then go once there is a force
    return max(commits, key=_group_ep(st))


#: the verbs of a battle's decisions: commit troops, go, spend markers
_BATTLE = frozenset({"commit", "go", "spend"})


def _menu(st, seat: int, legal, rng) -> str:
    """The first attack that would win, else a random civil action (the menu lists the civil actions,
    then the attacks, then ``end turn``)."""
    board = st.content.board
    owner, adj = st.owner, board.adj
    read = grammar.read
    attacks = len(legal) - 1  # where the attacks begin
    while attacks and read(legal[attacks - 1])[0] == "attack":
        attacks -= 1
    for a in legal[attacks:-1]:
        target = board.index[read(a)[1][0]]
        power = sum(st.ep_in(s) for s in adj[target] if owner[s] == seat) + st.markers[seat]
        if power > strengths(st, seat, target, (0, 0, 0, 0), 0, 0)[1]:
            return a
    return legal[rng.below(attacks)] if attacks else grammar.END_TURN


def plain_menu_pick(st, legal, rng) -> str:
    """``rollout_policy`` on the action menu, every action read: the first attack that wins, else a random civil
    action (``_menu`` reads the menu's order instead)."""
    seat = st.to_act
    board = st.content.board
    civil = []
    for a in legal:
        verb, args = grammar.read(a)
        if verb == "attack":
            target = board.index[args[0]]
            power = sum(st.ep_in(s) for s in board.adj[target] if st.owner[s] == seat) + st.markers[seat]
            if power > strengths(st, seat, target, (0, 0, 0, 0), 0, 0)[1]:
                return a
        elif a != grammar.END_TURN:
            civil.append(a)
    return civil[rng.below(len(civil))] if civil else grammar.END_TURN


def _group_ep(st):
    ep, parts = st.content.ep, st.content.map_cache.commit_parts

    def size(action: str) -> int:
        _, k, n = parts[action]
        return 0 if k == 3 else n * ep[k]
    return size
