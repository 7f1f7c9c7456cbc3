"""A seat's estimate of a position: what its search thinks of each legal action, and every seat's
chance of winning — for game reviews (``analysis/review.py``) and hints.

The estimate comes from the game's ISMCTS (``bots/ismcts.py``) run on the seat's
:class:`SeatContext`, so it knows exactly what the seat knows: the worlds it searches are drawn
from the seat's information set, never the true state.

**Chance of winning.** A seat's chance is its mean reward (``Outcome.rewards``) over the
search's playouts: a finished playout gives 1 to each winner and 0 to the others (a shared win
counts as a win for every winner; a game nobody wins, as Nuclear War's, for nobody), a playout
cut short by the game's ``evaluate`` gives that estimate of each seat's chance, and one still
running after ``MAX_PLAYOUT`` plies gives every seat ``1 / n``. Where a team wins together
(1815 2vs2) allies get the same reward and so the same chance; Wir sind das Volk! 2+2 has one
winner even among allies, so there each seat's chance is its own. For the seat to act the
chances are those of the playouts that began with the action the search prefers (the game as
it goes on if the seat plays it); for a seat not to act, those of all playouts (the deciding
seat's choices searched for its own rewards). A spec's ``placing`` is set to 0 so that rewards
are wins.

**Few playouts say little.** A small search (a review's few hundred apply calls) gives an action
only a handful of playouts, and a mean of two or three playouts is 0 or 1: a certainty the
search has not earned. Each chance therefore leans toward what the search knows beyond those
playouts, by the weight of ``Game.pseudo_playouts`` playouts (:func:`lean`): the chances after
an action toward the chances over all the search's playouts, and those toward the mean reward
per seat and playout (each seat's even share: ½ between two sides, less where a game may end
with nobody winning). Many playouts outweigh the lean; allies still get the same chance, and
chances that summed to 1 still do. ``tools/calibrate_review.py --fit`` measures the weight per
game (docs/bots/review.md). The actions' ``values`` stay the plain means, with their intervals.

**Intervals.** A value's 95 % interval is the Wilson score interval of its mean over the
action's playouts: rewards lie in [0, 1], so the variance of a mean ``m`` is at most
``m (1 - m)``, the Bernoulli case the Wilson interval is made for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt

from realpolitik.engine import SeatContext, State
from realpolitik.engine.rng import Sampler

from . import make_bot, parse_spec
from .ismcts import ISMCTSBot

#: apply calls per estimate when none is asked for: a tenth of a search bot's default, fast enough
#: to estimate every action of a game
BUDGET = 6_000
#: the normal quantile of a 95 % interval
Z95 = 1.959964


@dataclass(frozen=True)
class Tally:
    """The playouts behind a chance: how many, and every seat's rewards summed over them."""

    playouts: int
    sums: tuple[float, ...]


def lean(tally: Tally, toward: Sequence[float], weight: float) -> tuple[float, ...]:
    """Every seat's mean reward over ``tally``'s playouts, leaning toward ``toward`` as if
    ``weight`` more playouts had given exactly that."""
    n = tally.playouts
    if n + weight <= 0:
        return tuple(toward)
    return tuple((total + weight * prior) / (n + weight) for total, prior in zip(tally.sums, toward, strict=True))


def overall(total: Tally, weight: float) -> tuple[float, ...]:
    """Every seat's chance over all of a search's playouts, leaning toward the mean reward per
    seat and playout (a seat's even share)."""
    seats = len(total.sums)
    even = sum(total.sums) / (total.playouts * seats) if total.playouts else 1 / seats
    return lean(total, [even] * seats, weight)


def chances_of(own: Tally | None, total: Tally, weight: float) -> tuple[float, ...]:
    """Every seat's chance from a search's playouts: those after a move (``own``) leaning on all
    of them (``total``), or all of them alone when there is no move to follow."""
    base = overall(total, weight)
    return base if own is None else lean(own, base, weight)


@dataclass(frozen=True)
class Evaluation:
    """A seat's estimate of its position (see the module's docstring for what the numbers mean).

    ``values``, ``intervals`` and ``after`` hold the actions the search tried at least once;
    ``visits`` every legal action (0 for one never tried). For a seat not to act, ``best`` is
    ``""`` and the per-action dicts are empty; for a finished game ``chances`` are the outcome's
    rewards and nothing was searched.
    """

    seat: int
    best: str
    values: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    visits: dict[str, int]
    chances: dict[int, float]
    #: every seat's chance after each action tried, from the playouts that began with it
    after: dict[str, dict[int, float]]
    playouts: int
    #: the playouts behind the chances: per action tried (``after``), and all of them
    tallies: dict[str, Tally]
    total: Tally


def wilson(mean: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a mean ``mean`` of ``n`` rewards in [0, 1]; ``(0, 1)`` for none."""
    if n <= 0:
        return 0.0, 1.0
    m = min(1.0, max(0.0, mean))
    z2 = z * z / n
    centre = (m + z2 / 2) / (1 + z2)
    half = z / (1 + z2) * sqrt(m * (1 - m) / n + z2 / (4 * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def search_bot(state: State, budget: int, seed: int, spec: str | None) -> ISMCTSBot:
    """The ISMCTS of ``spec`` (default: the game's ``ismcts`` settings) with ``budget`` apply calls,
    no time cap and ``placing`` 0; any other kind is refused with a ``ValueError``."""
    spec = spec or "ismcts"
    if parse_spec(spec)[0] != "ismcts":
        raise ValueError(f"an estimate needs an ismcts spec, not {spec!r}")
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"budget must be a whole number of apply calls, at least 1, not {budget!r}")
    bot = make_bot(f"{spec}:budget={budget}:placing=0", state.game, seed, players=len(state.seats))
    bot.time_limit = None  # a game's settings may cap the seconds; an estimate must not depend on the machine
    return bot


def evaluate(ctx: SeatContext, budget: int = BUDGET, seed: int = 0, spec: str | None = None) -> Evaluation:
    """The estimate of ``ctx``'s seat: its search's value of each legal action and every seat's
    chance of winning, the same for the same context, budget, seed and spec.

    ``budget``: apply calls of the search; ``spec``: an ``ismcts`` bot spec whose settings the
    search uses (its budget is replaced by ``budget``).
    """
    world = ctx.sample(Sampler(seed))
    seats = range(len(world.seats))
    if world.is_over():
        rewards = world.outcome().rewards
        return Evaluation(ctx.seat, "", {}, {}, {}, {s: rewards[s] for s in seats}, {}, 0, {},
                          Tally(0, tuple(0.0 for _ in seats)))
    bot = search_bot(world, budget, seed, spec)
    best = bot.search(ctx, tally=True)
    stats = bot.last
    weight = world.game.pseudo_playouts
    tallies = {action: Tally(count, tuple(sums)) for (seat, action), (count, sums) in stats.rewards.items()
               if seat == ctx.seat}
    total = Tally(sum(c for c, _ in stats.rewards.values()),
                  tuple(sum(sums[s] for _, sums in stats.rewards.values()) for s in seats))
    base = overall(total, weight)
    after = {action: dict(enumerate(lean(tally, base, weight))) for action, tally in tallies.items()}
    return Evaluation(
        seat=ctx.seat, best=best,
        values={action: mean for action, (_, mean) in stats.root.items()},
        intervals={action: wilson(mean, n) for action, (n, mean) in stats.root.items()},
        visits={action: stats.root.get(action, (0, 0.0))[0] for action in ctx.legal_actions},
        chances=after[best] if best else dict(enumerate(base)), after=after, playouts=stats.iterations,
        tallies=tallies, total=total)


def compare(ctx: SeatContext, actions: Sequence[str], budget: int = BUDGET, seed: int = 0,
            spec: str | None = None) -> list[tuple[float, ...]]:
    """The seat's reward after each of ``actions`` (legal for it), one tuple per world drawn from
    its context until ``budget`` apply calls are spent: each world is played on after every action
    from the same deal with the same playout seed, by the playout policies of ``spec``'s search
    (common random numbers, as its ``root=halving``), so an action's reward minus another's on a
    world is a paired difference in which the luck of the deal cancels."""
    bot = search_bot(ctx.sample(Sampler(seed)), budget, seed, spec)
    return bot.compare(ctx, list(actions))
