"""The review of a finished game: every seat's chance of winning after every action, as a seat
saw it then and in hindsight, and the turning points — the moves that lost the most against
the move the search preferred.

**From whose information.** Each seat's chance after action *k* is estimated from that seat's
own information — or, with ``seat``, every seat's from that one seat's (the *viewpoint*): a
search of the position after the move over the seat's context (:func:`bots.evaluate.evaluate`),
the actor's as every other seat's (the actor's search before its move gives the move it did not
prefer only a few playouts, too few for a chance). A seat to act there searches its own next
decision, and that search is also the one that judges its next move (a turning point), so it
is made once. A context is built as the server builds a bot's (``SeatContext.of``, seeded by
the review's seed, the seat and the ply), so no estimate reads anything its seat could not see.
Every seat from its own information costs a search per seat and action (with hindsight's,
``n + 1`` searches an action for ``n`` seats, against 2 for one viewpoint).

**Hindsight** at ply *k* is the same search from the true state after the move — every hidden
card and the state's own random generator known, so the future draws are the game's —, for the
seat to act there (``chances`` of :func:`evaluate`). It needs the whole record, which is why a
review is made of finished games only.

**A turning point** is found in two passes. The first pass searches every decision of a seat
(every seat's, or the viewpoint's) before its move; a tree search tries a move it does not prefer
only a few times, and a search whose prior keeps its policy's move (Nuclear War's) often prefers a
move valued lower than another, so the first pass's own ranking of losses is mostly noise (two
seeds named fewer than half of the same moves). The second pass judges every searched move played
again with ``REJUDGE`` times the budget: against the first pass's preferred move (unless it is the
move played) and its most tried others, ``ALTERNATIVES`` in all (two seeds' first passes often
prefer different good moves), all played on the same worlds drawn from the mover's information
with the same playout seeds (common random numbers, :func:`bots.evaluate.compare`), so the luck of
a deal cancels; the loss is the mean of the paired differences against the alternative that did
best. Where that first round's loss is at least half the half-width all the rounds together would
have (so that more deals could clear it of zero), the move played and that alternative (or the
game's ``review_rivals`` best ones) are played on more rounds of new deals (the game's
``review_rounds`` in all), and judged on all of them together: the first round only screens,
so every verdict that may name a move stands on the same number of deals, and none is named on
one lucky round. A turning point is a move whose loss's interval lies above zero (``sure``, its
lower end, above 0), the intervals of all the moves judged being 95 % intervals together
(:func:`together`); the review names the ``TURNING_POINTS`` surest.
A review stopped before its second pass names the first pass's candidates (the moves valued below
the preferred one), the surest loss first (each mean's Agresti–Coull variance, the Wilson
interval's).

**Budget.** Every search makes the review's ``budget`` apply calls; with none given, the
game's own (:func:`budget_for`: ``Game.review_budget`` where the standard ``BUDGET`` leaves a
game's chances too noisy, as in Nationen).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from math import sqrt
from statistics import NormalDist
from typing import Any

from realpolitik.bots.evaluate import BUDGET, Z95, Evaluation, Tally, compare, evaluate, wilson
from realpolitik.engine import Game, Record, RecordError, Rng, SeatContext, State
from realpolitik.i18n import LANGUAGES, Text, render, tn

#: turning points a review names
TURNING_POINTS = 5
#: the second pass's apply calls for the first round of a move judged, in multiples of the review's budget
REJUDGE = 8
#: the moves the second pass judges the move played against: the first pass's most tried others
ALTERNATIVES = 3
#: a first round's loss below this share of the half-width all the rounds together would have is
#: judged on that round alone: even the loss it measured, found again on the other rounds, would
#: seldom clear zero on all of them (at 40 moves judged, about 3 % of the time)
SCREEN = 0.5
#: playouts each of the two moves needs before their difference may make a turning point
MIN_VISITS = 4
#: the version of a review's JSON and numbers (part of :func:`cache_key`: a stored review of
#: another version is made again)
FORMAT = 5


class TrueState(SeatContext):
    """The whole truth as a context: every world it gives is a copy of the true state, random
    generator included. Only for hindsight on a finished game's record."""

    __slots__ = ()

    def __init__(self, state: State) -> None:
        super().__init__(state.to_act, None, state.legal_actions(), state.clone())

    def sample(self, rng: Rng) -> State:
        return self._world.clone()


@dataclass(frozen=True)
class PlyReview:
    """One action of the record: who played what, the chances (each seat's from its own
    information, or all from the viewpoint's), hindsight's, and the actor's evaluation before
    the move when its information was searched."""

    ply: int
    seat: int
    action: str
    viewpoint: int | None  # None: each seat's chance from its own information
    chances: tuple[float, ...]
    hindsight: tuple[float, ...]
    evaluation: Evaluation | None = None
    #: the words of the move played and of its alternatives (for the turning points)
    words: dict[str, str | Text] = field(default_factory=dict)
    #: per seat, the playouts behind its chance: those of its search after the move that began
    #: with its best move where it is to act (``None`` for a seat not to act), and all of that
    #: search's (``calibration.fit``); ``None`` once the game is over (the chance is its reward)
    basis: tuple[tuple[Tally | None, Tally] | None, ...] = ()
    #: every seat's 95 % interval of its chance (:func:`band`)
    intervals: tuple[tuple[float, float], ...] = ()


def band(chances: tuple[float, ...], basis: tuple[tuple[Tally | None, Tally] | None, ...],
         weight: float) -> tuple[tuple[float, float], ...]:
    """Every seat's 95 % interval of its chance: the Wilson interval of the chance over the
    playouts behind it and the ``weight`` its lean adds (``Game.pseudo_playouts``); none
    (the chance itself) once the game is over."""
    out = []
    for chance, behind in zip(chances, basis, strict=True):
        if behind is None:
            out.append((chance, chance))
        else:
            own, total = behind
            out.append(wilson(chance, (total if own is None else own).playouts + weight))
    return tuple(out)


@dataclass(frozen=True)
class TurningPoint:
    ply: int
    seat: int
    played: str
    best: str
    loss: float
    value: float
    played_value: float
    interval: tuple[float, float]
    #: the lower end of the loss's 95 % interval
    sure: float
    #: the loss's 95 % interval (its lower end is ``sure``)
    loss_interval: tuple[float, float]


@dataclass(frozen=True)
class Verdict:
    """The second pass's judgement of a move played against its alternatives: all played on the
    same ``worlds`` from the mover's information (common random numbers); the alternative that did
    best (``best``), its and the move played's mean values, the mean of their paired differences
    (``loss``) and its 95 % interval."""

    worlds: int
    best: str
    value: float
    played_value: float
    loss: float
    low: float
    high: float


def verdict(state: State, others: tuple[str, ...], played: str, budget: int, seed: int,
            spec: str | None, z: float = Z95) -> Verdict:
    """Judge ``played`` against the moves ``others`` for the seat to act in ``state``: every world of
    its context played on after each (:func:`bots.evaluate.compare`), the loss against the
    alternative of the largest mean, its interval from the spread of the paired differences. Where
    that round :func:`passes` at ``z`` (the normal quantile its interval will be read at), the
    move played and the alternatives that did best (``Game.review_rivals``) are played on the
    game's further rounds of new deals (``Game.review_rounds`` in all), each with as many worlds
    (so a budget scaled to those moves), and judged on every round together."""
    key = ply_seed(seed, -2 - state.to_act, state.ply)
    rewards = deals(state, (*others, played), budget, key, spec)
    found = weighed(rewards, others)
    rounds = state.game.review_rounds
    if not passes(found, z, rounds):
        return found
    totals = [sum(world[i] for world in rewards) for i in range(len(others))]
    kept = sorted(sorted(range(len(others)), key=lambda i: (-totals[i], i))[:state.game.review_rivals])
    moves = (*(others[i] for i in kept), played)
    share = max(1, round(budget * len(moves) / (len(others) + 1)))
    more = [world for r in range(1, rounds) for world in deals(state, moves, share, ply_seed(key, r, 0), spec)]
    return weighed([(*(world[i] for i in kept), world[-1]) for world in rewards] + more, moves[:-1])


def deals(state: State, actions: tuple[str, ...], budget: int, key: int, spec: str | None) -> list[tuple[float, ...]]:
    """The mover's reward after each of ``actions`` on every world of its context seeded by ``key``."""
    ctx = SeatContext.of(state, state.to_act, Rng(key))
    try:
        return compare(ctx, actions, budget, key, spec)
    finally:
        ctx.close()


def weighed(rewards: list[tuple[float, ...]], others: tuple[str, ...]) -> Verdict:
    """The verdict of worlds' rewards after ``others`` and the move played (the last): the loss
    against the alternative of the largest mean (a tie goes to the first pass's order), its 95 %
    interval from the spread of the paired differences (a single world: the widest spread a
    difference in [-1, 1] may have)."""
    n = len(rewards)
    means = [sum(world[i] for world in rewards) / n for i in range(len(others) + 1)]
    top = max(range(len(others)), key=lambda i: (means[i], -i))
    loss = means[top] - means[-1]
    variance = sum((world[top] - world[-1] - loss) ** 2 for world in rewards) / (n - 1) if n > 1 else 1.0
    half = Z95 * sqrt(variance / n)
    return Verdict(n, others[top], means[top], means[-1], loss, loss - half, loss + half)


def passes(found: Verdict, z: float, rounds: int) -> bool:
    """Whether a first round's loss may be clear of zero at ``z`` on ``rounds`` rounds together: at
    least ``SCREEN`` of the half-width at ``z`` that as many rounds of deals would leave (the
    first round's over the root of ``rounds``), and the interval not a point."""
    half = (found.high - found.low) / 2 * z / Z95 / sqrt(rounds)
    return 0 < SCREEN * half <= found.loss


def alternatives(found: Evaluation, played: str) -> tuple[str, ...]:
    """The moves the second pass judges ``played`` against: the search's preferred move (unless it
    is the move played), then its most tried others, ``ALTERNATIVES`` in all, in that order; none
    where the search tried no other move."""
    others = sorted((a for a in found.visits if a not in (played, found.best) and found.visits[a]),
                    key=lambda a: (-found.visits[a], a))
    preferred = (found.best,) if found.best not in (played, None) else ()
    return (*preferred, *others)[:ALTERNATIVES]


def together(judged: int) -> float:
    """The normal quantile that makes the loss intervals of ``judged`` verdicts 95 % intervals all
    at once (Bonferroni): with dozens of moves judged, a 95 % interval each would clear zero by
    chance at one or two of them, and two seeds would name different ones."""
    return NormalDist().inv_cdf(1 - (1 - 0.95) / 2 / max(judged, 1))


def sure_loss(value: float, visits: int, played_value: float, played_visits: int) -> float:
    """The lower end of the 95 % interval of ``value - played_value``, two means of rewards in
    [0, 1] over ``visits`` and ``played_visits`` playouts (each mean's variance as the Wilson
    interval's centre has it, so that a mean of a few playouts at 0 or 1 is not certain)."""
    z2 = Z95 * Z95

    def variance(mean: float, n: int) -> float:
        centre = (mean * n + z2 / 2) / (n + z2)
        return centre * (1 - centre) / (n + z2)

    return value - played_value - Z95 * sqrt(variance(value, visits) + variance(played_value, played_visits))


def budget_for(game: Game, standard: int = BUDGET) -> int:
    """The apply calls of each search of ``game``'s review where a game that declares none
    searches ``standard``: the game's ``review_budget``, and for another standard (a server's
    small ``review_budget``) as many times that standard as the game's declared budget is of
    ``BUDGET`` (at least 1): the server's review and ``realpolitik review`` scale alike."""
    if game.review_budget is None:
        return standard
    return max(1, round(standard * game.review_budget / BUDGET))


def ply_seed(seed: int, seat: int, ply: int) -> int:
    """The seed of a seat's context and search at a ply, as the server seeds a bot's."""
    rng = Rng(seed)
    for part in (seat, ply):
        rng = Rng(rng.next64() ^ part)
    return rng.next64() & 0x7FFFFFFF


def own_estimate(state: State, budget: int, seed: int, spec: str | None) -> Evaluation:
    """The search of the seat to act in ``state`` over its own context."""
    return searched(state, state.to_act, budget, seed, spec)


def onlooker_chances(state: State, seat: int, budget: int, seed: int, spec: str | None) -> tuple[float, ...]:
    """Every seat's chance in ``state`` from ``seat``'s information."""
    found = searched(state, seat, budget, seed, spec)
    return tuple(found.chances[s] for s in range(len(state.seats)))


def searched(state: State, seat: int, budget: int, seed: int, spec: str | None) -> Evaluation:
    """The search of ``state`` over ``seat``'s context (seeded by the seat and the ply, so the
    search that gives a seat's chances after an action is the one that judges its next move)."""
    key = ply_seed(seed, seat, state.ply)
    ctx = SeatContext.of(state, seat, Rng(key))
    try:
        return evaluate(ctx, budget, key, spec)
    finally:
        ctx.close()


def hindsight(state: State, budget: int, seed: int, spec: str | None) -> tuple[float, ...]:
    """Every seat's chance in ``state`` searched from the true state (the outcome once over)."""
    if state.is_over():
        return tuple(state.outcome().rewards)
    chances = evaluate(TrueState(state), budget, ply_seed(seed, -1, state.ply),
                       f"{spec or 'ismcts'}:worlds=uniform").chances  # no belief may rearrange the truth
    return tuple(chances[s] for s in range(len(state.seats)))


def finished(record: Record, lookup: Callable[[str], Game]) -> State:
    """The record's final state; a record that does not replay or whose game is not over is refused."""
    final = record.replay(lookup)
    if not final.is_over():
        raise RecordError(tn("a review needs a finished game: this record stops after {plies} action",
                             "a review needs a finished game: this record stops after {plies} actions", "plies",
                             plies=len(record.actions)))
    return final


def plies(record: Record, lookup: Callable[[str], Game], seat: int | None = None, budget: int | None = None,
          seed: int = 0, spec: str | None = None, first: int = 0) -> Iterator[PlyReview]:
    """Review the record's actions one by one (each as soon as it is done) from the action
    ``first`` on; ``seat``: the one viewpoint (else each seat's own information); ``budget``: apply
    calls per search (None: the game's, :func:`budget_for`). Every ply's review is the
    same whatever ``first`` is (its searches are seeded by the ply), so a review may be made in
    pieces. Refuses a record of an unfinished game (``RecordError``)."""
    finished(record, lookup)
    state = record.initial_state(lookup)
    if budget is None:
        budget = budget_for(state.game)
    if seat is not None and not 0 <= seat < len(state.seats):
        raise ValueError(f"seat {seat} is not one of the game's {len(state.seats)} seats")
    for action in record.actions[:first]:
        state.apply(action)
    seats = range(len(state.seats))
    viewpoints = seats if seat is None else (seat,)
    before: dict[int, Evaluation] = {}  # the searches of the position before the action, by viewpoint
    for ply, action in enumerate(record.actions[first:], first):
        actor = state.to_act
        judged, words = None, {}
        if seat in (None, actor):
            judged = before.get(actor) or own_estimate(state, budget, seed, spec)
            named = {action, *alternatives(judged, action)}
            if len(named) > 1:
                words = {c.action: c.label for c in state.choices() if c.action in named}
        state.apply(action)
        before = {v: searched(state, v, budget, seed, spec) for v in viewpoints}
        chances = tuple(before[s if seat is None else seat].chances[s] for s in seats)
        basis = tuple(_basis(before[s if seat is None else seat]) for s in seats)
        yield PlyReview(ply, actor, action, seat, chances, hindsight(state, budget, seed, spec), judged, words,
                        basis, band(chances, basis, state.game.pseudo_playouts))


def _basis(found: Evaluation) -> tuple[Tally | None, Tally] | None:
    """The playouts behind a search's chances: those after the best move of a seat to act (none
    for a seat not to act) and all of them; none once the game is over (the chance is its reward)."""
    return (found.tallies[found.best] if found.best else None, found.total) if found.playouts else None


@dataclass(frozen=True)
class ReviewJob:
    """A piece of a finished game's review: the actions from ``first`` on, until ``seconds`` pass."""

    record: Record
    seat: int | None  # the one viewpoint, or None: each seat's own information
    budget: int
    first: int
    seconds: float


def review_piece(job: ReviewJob, lookup: Callable[[str], Game] | None = None) -> list[PlyReview]:
    """The reviews of the job's actions from ``first`` on: at least one, and none begun after
    ``seconds`` (runs in a worker; seed 0, as ``realpolitik review``)."""
    if lookup is None:
        from realpolitik.games import get as lookup
    until = time.monotonic() + job.seconds
    done: list[PlyReview] = []
    for reviewed in plies(job.record, lookup, job.seat, job.budget, 0, None, job.first):
        done.append(reviewed)
        if time.monotonic() >= until:
            break
    return done


@dataclass(frozen=True)
class RejudgeJob:
    """A finished review's second pass, or a piece of it: the moves (action, the alternatives, move
    played) judged until ``seconds`` pass, of ``judged`` in the whole pass (whose intervals hold
    together, :func:`together`)."""

    record: Record
    moves: tuple[tuple[int, tuple[str, ...], str], ...]
    budget: int
    seed: int
    spec: str | None
    judged: int
    seconds: float = float("inf")


def rejudged(job: RejudgeJob, lookup: Callable[[str], Game] | None = None) -> dict[int, Verdict]:
    """The second pass's verdicts by action, each round with ``REJUDGE`` times the review's budget:
    the job's moves in their order, at least one and none begun after ``seconds`` (runs in a
    worker, as :func:`review_piece`)."""
    if lookup is None:
        from realpolitik.games import get as lookup
    until = time.monotonic() + job.seconds
    state = job.record.initial_state(lookup)
    found: dict[int, Verdict] = {}
    for ply, others, played in sorted(job.moves):
        while state.ply < ply:
            state.apply(job.record.actions[state.ply])
        found[ply] = verdict(state, others, played, REJUDGE * job.budget, job.seed, job.spec, together(job.judged))
        if time.monotonic() >= until:
            break
    return found


@dataclass
class Review:
    """A game's review, whole or as far as it got (``complete``), with its second pass's
    ``verdicts`` once made (``None`` before: a review stopped early names its first pass's)."""

    game: str
    labels: tuple[str, ...]
    viewpoint: int | None
    budget: int
    seed: int
    spec: str | None
    actions: int
    plies: list[PlyReview]
    verdicts: dict[int, Verdict] | None = None

    @property
    def complete(self) -> bool:
        return len(self.plies) == self.actions

    def candidates(self, count: int | None = None) -> list[TurningPoint]:
        """The first pass's moves that lost value (the first ``count``), the surest loss first."""
        found = []
        for p in self.plies:
            e = p.evaluation
            if e is None or p.action == e.best or min(e.visits.get(p.action, 0), e.visits[e.best]) < MIN_VISITS:
                continue
            value, played = e.values[e.best], e.values[p.action]
            if value > played:
                sure = sure_loss(value, e.visits[e.best], played, e.visits[p.action])
                found.append(TurningPoint(p.ply, p.seat, p.action, e.best, value - played, value, played,
                                          e.intervals[e.best], sure, (sure, 2 * (value - played) - sure)))
        found.sort(key=lambda tp: (-tp.sure, tp.ply))
        return found[:count]

    def second_pass(self, record: Record) -> RejudgeJob:
        """The job that judges every searched move again (:func:`rejudged`; its result goes to
        ``verdicts``): each against its :func:`alternatives`, where the search tried any."""
        moves = tuple((p.ply, others, p.action) for p in self.plies
                      if p.evaluation is not None and (others := alternatives(p.evaluation, p.action)))
        return RejudgeJob(record, moves, self.budget, self.seed, self.spec, len(moves))

    def turning_points(self, count: int = TURNING_POINTS) -> list[TurningPoint]:
        """The ``count`` moves that lost value, the surest loss first: the moves whose second
        pass's loss is clear of zero, with its numbers (before the second pass, the first pass's
        candidates)."""
        if self.verdicts is None:
            return self.candidates(count)
        widen = together(len(self.verdicts)) / Z95
        seats = {p.ply: (p.seat, p.action) for p in self.plies}
        found = []
        for ply, v in self.verdicts.items():
            half = (v.high - v.low) / 2 * widen
            if v.loss - half > 0:
                seat, played = seats[ply]
                found.append(TurningPoint(ply, seat, played, v.best, v.loss, v.value, v.played_value,
                                          wilson(v.value, v.worlds), v.loss - half, (v.loss - half, v.loss + half)))
        found.sort(key=lambda tp: (-tp.sure, tp.ply))
        return found[:count]

    def to_json(self, count: int = TURNING_POINTS) -> dict[str, Any]:
        """The review as JSON: one entry per reviewed action, chances keyed by seat label; an
        action's ``ply`` is its number as the page, the CLI and the replay count (the first
        action is 1, and the replay's position ``ply`` is the game after it); a turning
        point's moves are named in every language as the page names them."""
        labels = self.labels
        words = {p.ply: p.words for p in self.plies}

        def by_seat(values: tuple[float, ...]) -> dict[str, float]:
            return {labels[s]: round(v, 4) for s, v in enumerate(values)}

        def intervals(values: tuple[tuple[float, float], ...]) -> dict[str, list[float]]:
            return {labels[s]: [round(low, 4), round(high, 4)] for s, (low, high) in enumerate(values)}

        def said(ply: int, action: str) -> dict[str, str]:
            label = words[ply].get(action, action)
            return {lang: render(label, lang) for lang in LANGUAGES}

        return {
            "game": self.game, "seats": list(labels), "budget": self.budget, "seed": self.seed, "spec": self.spec,
            "viewpoint": None if self.viewpoint is None else labels[self.viewpoint],
            "complete": self.complete, "actions": self.actions,
            "plies": [{"ply": p.ply + 1, "seat": labels[p.seat], "action": p.action,
                       "from": None if p.viewpoint is None else labels[p.viewpoint],
                       "chances": by_seat(p.chances), "interval": intervals(p.intervals),
                       "hindsight": by_seat(p.hindsight)} for p in self.plies],
            "turning_points": [{"ply": tp.ply + 1, "seat": labels[tp.seat], "played": tp.played, "best": tp.best,
                                "played_words": said(tp.ply, tp.played), "best_words": said(tp.ply, tp.best),
                                "loss": round(tp.loss, 4), "sure": round(tp.sure, 4), "value": round(tp.value, 4),
                                "played_value": round(tp.played_value, 4),
                                "interval": [round(x, 4) for x in tp.interval],
                                "loss_interval": [round(x, 4) for x in tp.loss_interval]}
                               for tp in self.turning_points(count)],
        }


def review(record: Record, lookup: Callable[[str], Game], seat: int | None = None, budget: int | None = None,
           seed: int = 0, spec: str | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The whole review of a finished game's record (``budget`` None: the game's, :func:`budget_for`);
    ``progress(done, total)`` after each action."""
    done = start(record, lookup, seat, budget, seed, spec)
    for p in plies(record, lookup, seat, done.budget, seed, spec):
        done.plies.append(p)
        if progress is not None:
            progress(len(done.plies), done.actions)
    done.verdicts = rejudged(done.second_pass(record), lookup)
    return done


def start(record: Record, lookup: Callable[[str], Game], seat: int | None, budget: int | None, seed: int,
          spec: str | None) -> Review:
    """An empty review of the record, to be filled with its :func:`plies` (a record that
    :func:`plies` refuses is refused here already; ``budget`` None: the game's, :func:`budget_for`)."""
    final = finished(record, lookup)
    return Review(record.game, tuple(final.seats), seat, budget_for(final.game) if budget is None else budget,
                  seed, spec, len(record.actions), [])


def cache_key(record: Record, seat: int | None, budget: int, seed: int, spec: str | None, game: Game) -> str:
    """What identifies a review for a cache: the review's ``FORMAT``, the game's record, the
    review's settings, how the game's chances lean (``Game.pseudo_playouts``: another weight gives
    other chances) and its rounds of deals and rivals (``Game.review_rounds``,
    ``Game.review_rivals``: others give other verdicts)."""
    what = {"format": FORMAT, "record": json.loads(record.to_json()), "seat": seat, "budget": budget, "seed": seed,
            "spec": spec, "lean": game.pseudo_playouts, "rounds": game.review_rounds,
            "rivals": game.review_rivals}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()
