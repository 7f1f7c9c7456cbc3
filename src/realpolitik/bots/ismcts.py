"""Information-set Monte Carlo tree search for every game (single observer).

SO-ISMCTS after Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree
Search": one tree over the deciding seat's information set. Every iteration draws a new
world from the seat's context (``ctx.sample``), descends the tree choosing among the
actions legal *in that world* by UCB with availability counts, adds one node, plays the
world out with a rollout policy, and credits each node with the reward of the seat that
chose its action (``Outcome.rewards``, which already encodes team results). The bot never
sees the true state: everything it searches is a sampled world.

The budget is counted in ``apply`` calls (tree descent and playouts), so a search is
reproducible from the seed on any machine; an optional time cap bounds it in seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import ceil, log, log2, sqrt
from typing import Any

from realpolitik.engine import Rng, Sampler, SeatContext, State

#: apply calls per decision: about a second of search on a 4-player Nuclear War position here
DEFAULT_BUDGET = 60_000
#: playout plies before a game's ``evaluate`` replaces the rest of the playout
DEFAULT_DEPTH = 40
#: a playout still running after this many plies scores a draw for everybody
MAX_PLAYOUT = 5_000
ROLLOUTS = ("auto", "random", "heuristic", "game")
#: ``heuristic``: the game's heuristic bot proposes the move; search overrides it only when clearly
#: better (``prior`` may also name one of a game's ``rollout_policies``, which then proposes it)
PRIORS = ("none", "heuristic")
#: other seats' decisions: searched in the tree (for their own rewards) or played by the rollout policy
OPPONENTS = ("tree", "policy")
#: how the root's actions are compared: by a UCB tree, or by sequential halving on shared worlds
ROOTS = ("tree", "halving")
#: the worlds searched: drawn uniformly from the seat's information set, then rearranged by
#: the game's ``belief`` (where its model of the players puts the cards the seat cannot see), or
#: drawn from the game's ``particles`` (worlds weighted by the others' play in the seat's history)
WORLDS = ("uniform", "game", "particles")

Policy = Callable[[State, Rng], str]


def _clearly_better(a: _Node | None, b: _Node | None, z: float) -> bool:
    """Whether ``a``'s mean reward beats ``b``'s by more than ``z`` standard errors.

    Rewards lie in [0, 1], so ``m (1 - m)`` bounds the variance of a node with mean ``m``.
    """
    if a is None or not a.visits:
        return False
    if b is None or not b.visits:
        return True
    ma, mb = a.total / a.visits, b.total / b.visits
    return ma - mb > z * sqrt(ma * (1 - ma) / a.visits + mb * (1 - mb) / b.visits)


class _Node:
    """Statistics of one action taken at a tree position: by the seat in the key."""

    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@dataclass
class SearchStats:
    """What the last search did: iterations, apply calls, seconds, tree size, root statistics.

    ``root`` maps each legal action to its visits and mean reward; ``seats`` are the
    seats whose decisions the tree holds. ``rewards``, filled only by ``search(ctx, tally=True)``,
    maps the first tree action of the playouts (its seat and text; ``(-1, "")`` for playouts
    whose first tree action was not the root's) to their number and every seat's summed rewards.
    """

    iterations: int = 0
    applies: int = 0
    seconds: float = 0.0
    nodes: int = 0
    seats: frozenset[int] = frozenset()
    root: dict[str, tuple[int, float]] = field(default_factory=dict)
    rewards: dict[tuple[int, str], tuple[int, tuple[float, ...]]] = field(default_factory=dict)


class ISMCTSBot:
    """Single-observer information-set MCTS over worlds sampled from the seat's context.

    ``budget``: apply calls per decision; ``time_limit``: optional seconds cap;
    ``rollout``: ``random``, ``heuristic`` (the game's heuristic bot, asked on each
    playout step), ``game`` (the game's fast ``rollout_policy``), ``auto`` (the game's
    fast policy when it offers one, else random) or a name of the game's
    ``rollout_policies``; ``model``: the other seats' playout moves, ``same`` as the
    seat's own or one of the names ``rollout`` takes; ``depth``: playout plies before the
    game's ``evaluate`` takes over (only for games that offer one; default
    ``DEFAULT_DEPTH``); ``exploration``: the UCB constant; ``root``: ``tree`` (the search
    above) or ``halving`` (no tree: the root's actions compared on shared worlds, see
    :meth:`_halve`; every later move, the seat's own and the others', by the playout policies);
    ``placing``: the weight of a seat's place in a finished playout's reward, ``(1 - w) ·
    reward + w · (n - place) / (n - 1)`` (0: the game's rewards alone); ``worlds``: ``uniform``
    (each world drawn uniformly from the seat's information set), ``game`` (then rearranged
    by the game's ``belief``) or ``particles`` (drawn from the game's ``particles``, made once a decision).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, time_limit: float | None = None,
                 rollout: str = "auto", depth: int | None = None, exploration: float = 0.7,
                 opponents: str = "tree", model: str = "same", prior: str = "none",
                 confidence: float = 1.0, root: str = "tree", placing: float = 0.0,
                 worlds: str = "uniform") -> None:
        if not isinstance(rollout, str) or not rollout.isidentifier():
            raise ValueError(f"ismcts: rollout {rollout!r} is not one of {', '.join(ROLLOUTS)} or a game's policy")
        if not isinstance(model, str) or not model.isidentifier():
            raise ValueError(f"ismcts: model {model!r} is not same, one of {', '.join(ROLLOUTS)} or a game's policy")
        if opponents not in OPPONENTS:
            raise ValueError(f"ismcts: opponents {opponents!r} is not one of {', '.join(OPPONENTS)}")
        if root not in ROOTS:
            raise ValueError(f"ismcts: root {root!r} is not one of {', '.join(ROOTS)}")
        if worlds not in WORLDS:
            raise ValueError(f"ismcts: worlds {worlds!r} is not one of {', '.join(WORLDS)}")
        if not isinstance(prior, str) or not prior.isidentifier():
            raise ValueError(f"ismcts: prior {prior!r} is not one of {', '.join(PRIORS)} or a game's policy")
        if not isinstance(placing, (int, float)) or not 0 <= placing <= 1:
            raise ValueError(f"ismcts: placing must be a number from 0 to 1, not {placing!r}")
        if not isinstance(confidence, (int, float)) or confidence < 0:
            raise ValueError(f"ismcts: confidence must be a number, at least 0, not {confidence!r}")
        if not isinstance(budget, int) or budget < 1:
            raise ValueError(f"ismcts: budget must be a whole number of apply calls, at least 1, not {budget!r}")
        if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
            raise ValueError(f"ismcts: time_limit must be a positive number of seconds, not {time_limit!r}")
        if depth is not None and not (isinstance(depth, int) and depth >= 0):
            raise ValueError(f"ismcts: depth must be a whole number of plies, not {depth!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise ValueError(f"ismcts: exploration must be a number, at least 0, not {exploration!r}")
        self.rng: Rng = Sampler(seed)  # nothing in a record depends on a bot's draws (engine/rng.py)
        self.budget = budget
        self.time_limit = time_limit
        self.rollout = rollout
        self.depth = depth
        self.exploration = exploration
        self.opponents = opponents
        self.model = model
        self.prior = prior
        self.confidence = confidence
        self.root = root
        self.placing = placing
        self.worlds = worlds
        self._belief: Callable[[State, int, Rng], None] | None = None
        #: this decision's sampler of worlds from the game's ``particles`` (made at its first world)
        self._sampler: Callable[[Rng], State] | None = None
        self._advisor: Any = None
        self._me = -1
        self._model: Policy | None = None
        self.last = SearchStats()
        self._game_id: str | None = None
        self._policy: Policy | None = None
        self._evaluate: Callable[[State], tuple[float, ...]] | None = None
        self._expanded: dict[int, int] = {}
        #: while ``search(ctx, tally=True)`` runs: per first tree node of a playout, its count and summed rewards
        self._tally: dict[_Node, list[float]] | None = None

    # ------------------------------------------------------------------ the search

    def choose(self, ctx: SeatContext) -> str:
        if len(ctx.legal_actions) == 1:
            self.last = SearchStats()
            return ctx.legal_actions[0]
        return self.search(ctx)

    def search(self, ctx: SeatContext, tally: bool = False) -> str:
        """The search :meth:`choose` runs, also for a seat with one legal action or none (then it
        searches the other seats' decisions and returns ``""``); ``tally`` sums every seat's
        rewards by the playouts' first action into ``last.rewards`` (``bots/evaluate.py``)."""
        legal = ctx.legal_actions
        self._tally = {} if tally else None
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + self.time_limit
        root = _Node()
        self._expanded = {}
        self._me = ctx.seat
        self._sampler = None
        if self.root == "halving" and legal:
            iterations, applies, best = self._halve(ctx, root, deadline)
        else:
            iterations, applies = self._search(ctx, root, deadline)
        stats = {a: root.children.get((ctx.seat, a)) for a in legal}
        self.last = SearchStats(
            iterations, applies, time.perf_counter() - start, sum(self._expanded.values()),
            frozenset(self._expanded),
            {a: (n.visits, n.total / n.visits) for a, n in stats.items() if n is not None and n.visits},
            self._tallied(root))
        if not legal:
            return ""
        if self.root == "tree":
            best = max(legal, key=lambda a: (stats[a].visits, stats[a].total) if stats[a] else (0, 0.0))
        if self._advisor is not None:
            hint = self._advisor.choose(ctx)
            if hint != best and hint in stats and not _clearly_better(stats[best], stats[hint], self.confidence):
                best = hint
        return best

    def _world(self, ctx: SeatContext) -> State:
        """A new determinization; the first one of a game sets up its rollout policy."""
        if self._sampler is not None:
            return self._sampler(self.rng)
        world = ctx.sample(self.rng)
        if self._game_id != world.game.id:
            self._prepare(world.game)
        if self.worlds == "particles":
            self._sampler = world.game.particles(ctx, self.rng)
            return self._sampler(self.rng)
        if self._belief is not None:
            self._belief(world, ctx.seat, self.rng)
        return world

    def _search(self, ctx: SeatContext, root: _Node, deadline: float | None) -> tuple[int, int]:
        """Iterations until the budget (or the time cap) is spent: one new world each."""
        iterations = applies = 0
        while applies < self.budget:
            applies += self._iterate(root, self._world(ctx), self.rng, ctx.seat)
            iterations += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return iterations, applies

    def _halve(self, ctx: SeatContext, root: _Node, deadline: float | None) -> tuple[int, int, str]:
        """Sequential halving over the root's actions (Karnin, Koren & Somekh 2013) on shared worlds.

        Each of ``ceil(log2 k)`` rounds spends its share of the budget on the actions still
        in: every world drawn is played once per action, from the same deal and with the
        same playout seed (common random numbers), so the actions are compared on the same
        cards and dice and the luck of a deal cancels between them. After each round the
        better half by their totals so far goes on (all of them played the same worlds);
        ties keep a random order. Every round draws at least one world, whatever the budget.
        Returns the playouts, apply calls and the action left.
        """
        me, rng = ctx.seat, self.rng
        alive = list(ctx.legal_actions)
        rng.shuffle(alive)
        nodes = {a: root.children.setdefault((me, a), _Node()) for a in alive}
        self._expanded = {me: len(nodes)}
        rounds = max(1, ceil(log2(len(alive))))
        playouts = applies = 0
        for done in range(1, rounds + 1):
            goal, drawn = self.budget * done // rounds, 0
            while applies < goal or not drawn:  # at least one world a round
                drawn += 1
                played, outcomes = self._shared(ctx, alive)
                applies += played
                for a, rewards in zip(alive, outcomes, strict=True):
                    node = nodes[a]
                    node.visits += 1
                    node.total += rewards[me]
                    if self._tally is not None:
                        self._count(node, rewards)
                playouts += len(alive)
                if deadline is not None and time.perf_counter() >= deadline:
                    return playouts, applies, max(alive, key=lambda a: nodes[a].total)
            alive.sort(key=lambda a: -nodes[a].total)
            del alive[(len(alive) + 1) // 2:]
        return playouts, applies, alive[0]

    def compare(self, ctx: SeatContext, actions: list[str]) -> list[tuple[float, ...]]:
        """The seat's reward after each of ``actions`` on shared worlds, one tuple a world, until
        the budget is spent (at least one world): each world is played on once per action from
        the same deal with the same playout seed, as :meth:`_halve` does, so that the luck of a
        deal cancels between the actions and their differences are paired."""
        self._me = ctx.seat
        found: list[tuple[float, ...]] = []
        applies = 0
        while applies < self.budget or not found:
            played, outcomes = self._shared(ctx, actions)
            applies += played
            found.append(tuple(rewards[ctx.seat] for rewards in outcomes))
        return found

    def _shared(self, ctx: SeatContext, actions: list[str]) -> tuple[int, list[tuple[float, ...]]]:
        """One world drawn and played on after each of ``actions`` with one playout seed (common
        random numbers): the apply calls and every seat's rewards after each action."""
        world, seed = self._world(ctx), self.rng.next64()
        applies, outcomes = 0, []
        for a in actions:
            twin = world.clone()
            twin.apply(a)
            played, rewards = self._playout(twin, Rng(seed))
            applies += played + 1
            outcomes.append(rewards)
        return applies, outcomes

    def _iterate(self, node: _Node, world: State, rng: Rng, me: int) -> int:
        """One selection–expansion–playout–backpropagation pass; returns its apply calls."""
        path: list[tuple[_Node, int]] = []
        applies = 0
        c = self.exploration
        others_by_policy = self.opponents == "policy"
        while True:
            seat = world.to_act
            if seat is None:
                break
            if others_by_policy and seat != me:
                self._step(world, rng)
                applies += 1
                continue
            legal = world.legal_actions()
            children = node.children
            untried = []
            best = None
            best_score = -1.0
            for a in legal:
                child = children.get((seat, a))
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if not untried:
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best = score, a
            if untried:
                best = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = children[(seat, best)] = _Node()
                self._expanded[seat] = self._expanded.get(seat, 0) + 1
                world.apply(best)
                applies += 1
                path.append((child, seat))
                break
            node = children[(seat, best)]
            world.apply(best)
            applies += 1
            path.append((node, seat))
        played, rewards = self._playout(world, rng)
        for node, seat in path:
            node.visits += 1
            node.total += rewards[seat]
        if self._tally is not None and path:
            self._count(path[0][0], rewards)
        return applies + played

    def _count(self, first: _Node, rewards: tuple[float, ...]) -> None:
        """Add a playout's rewards to the tally of its first tree node."""
        sums = self._tally.setdefault(first, [0.0] * (len(rewards) + 1))
        sums[0] += 1
        for i, reward in enumerate(rewards, 1):
            sums[i] += reward

    def _tallied(self, root: _Node) -> dict[tuple[int, str], tuple[int, tuple[float, ...]]]:
        """The tally by the root's actions (``(-1, "")``: playouts that began below the root)."""
        if not self._tally:
            return {}
        keys = {node: key for key, node in root.children.items()}
        out: dict[tuple[int, str], tuple[int, tuple[float, ...]]] = {}
        for node, sums in self._tally.items():
            key = keys.get(node, (-1, ""))
            count, total = out.get(key, (0, (0.0,) * (len(sums) - 1)))
            out[key] = count + int(sums[0]), tuple(a + b for a, b in zip(total, sums[1:]))
        self._tally = None
        return out

    def _playout(self, world: State, rng: Rng) -> tuple[int, tuple[float, ...]]:
        """Play the world on with the rollout policy; returns apply calls and rewards."""
        evaluate = self._evaluate
        limit = MAX_PLAYOUT if evaluate is None else (DEFAULT_DEPTH if self.depth is None else self.depth)
        played = 0
        uniform = self._policy is None and self._model is None  # no policy to ask: ``_step``'s draw, inline
        while not world.is_over():
            if played >= limit:
                if evaluate is not None:
                    return played, evaluate(world)
                n = len(world.seats)
                return played, (1.0 / n,) * n
            if uniform:
                legal = world.legal_actions()
                world.apply(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
            else:
                self._step(world, rng)
            played += 1
        outcome = world.outcome()
        if not self.placing:
            return played, outcome.rewards
        w, n = self.placing, len(outcome.places)
        return played, tuple((1 - w) * r + w * (n - p) / max(n - 1, 1) for r, p in zip(outcome.rewards, outcome.places))

    def _step(self, world: State, rng: Rng) -> None:
        """One move of the rollout policy (the model's, for the other seats)."""
        policy = self._policy if self._model is self._policy or world.to_act == self._me else self._model
        if policy is None:
            legal = world.legal_actions()
            world.apply(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
        else:
            world.apply(policy(world, rng))

    # ------------------------------------------------------------------ per-game set-up

    def check(self, game: Any) -> None:
        """Refuse, before any search, playout policies ``game`` does not offer (``make_bot``)."""
        for what, mode, own in (("rollout", self.rollout, ROLLOUTS), ("model", self.model, ("same", *ROLLOUTS)),
                                ("prior", self.prior, PRIORS)):
            if mode not in own and mode not in game.rollout_policies:
                offered = ", ".join((*own, *game.rollout_policies))
                raise ValueError(f"ismcts: {what} {mode!r} is not one of {offered} for {game.id}")

    def _prepare(self, game: Any) -> None:
        """Pick the rollout policies and evaluation this game offers."""
        self.check(game)  # a bot built without its game meets it here
        self._game_id = game.id
        self._evaluate = game.evaluate
        self._policy = self._policy_for(game, self.rollout)
        self._model = self._policy if self.model == "same" else self._policy_for(game, self.model)
        self._advisor = None
        self._belief = None
        if self.worlds == "game":
            if game.belief is None:
                raise ValueError(f"ismcts: {game.id} offers no belief to rearrange its worlds (use worlds=uniform)")
            self._belief = game.belief
        if self.worlds == "particles" and game.particles is None:
            raise ValueError(f"ismcts: {game.id} offers no belief from play (use worlds=uniform)")
        if self.prior == "heuristic":
            factory = game.bots.get("heuristic")
            if factory is None:
                raise ValueError(f"ismcts: {game.id} has no heuristic bot to propose moves")
            self._advisor = factory(self.rng.next64())
        elif self.prior != "none":
            self._advisor = _PolicyAdvisor(game.rollout_policies[self.prior], self.rng)

    def _policy_for(self, game: Any, mode: str) -> Policy | None:
        """The playout policy ``mode`` names for ``game`` (None: uniformly random)."""
        if mode not in ROLLOUTS:  # a name ``check`` found among the game's
            return game.rollout_policies[mode]
        if mode == "auto":
            mode = "game" if game.rollout_policy is not None else "random"
        if mode == "game":
            if game.rollout_policy is None:
                raise ValueError(f"ismcts: {game.id} offers no fast rollout policy (use random or heuristic)")
            return game.rollout_policy
        if mode == "heuristic":
            factory = game.bots.get("heuristic")
            if factory is None:
                raise ValueError(f"ismcts: {game.id} has no heuristic bot for rollouts")
            return bot_policy(factory(self.rng.next64()))
        return None


class _PolicyAdvisor:
    """A prior from one of a game's playout policies: its move in a world sampled from the
    seat's context — so it can only ever read what the seat may know, or a guess of the rest."""

    def __init__(self, policy: Policy, rng: Rng) -> None:
        self.policy, self.rng = policy, rng

    def choose(self, ctx: SeatContext) -> str:
        return self.policy(ctx.sample(self.rng), self.rng)


def bot_policy(bot: Any) -> Policy:
    """A rollout policy asking ``bot`` in a sampled world, through that world's seat context.

    The context holds the world as its sampler, so the bot still sees a seat's view and
    legal actions only, never more than the sampled world itself; the view is made only if
    the bot reads it.
    """

    def policy(world: State, rng: Rng) -> str:
        seat = world.to_act
        return bot.choose(SeatContext(seat, None, world.legal_actions(), world))

    return policy
