"""Reviews of finished games for the browser (issue 58): asked for by anyone who may see the
game's replay, queued, computed by the bot workers a piece at a time, kept with the game.

A review is :func:`realpolitik.analysis.review.review` with seed 0 and the server's budget
(``--limit review_budget``, scaled for a game that declares a larger review budget than the
standard: :func:`~realpolitik.analysis.review.budget_for`), so ``realpolitik review`` on the
game's record with that budget (the JSON's ``budget``) gives the same JSON. Its pieces
(:class:`~realpolitik.analysis.review.ReviewJob`: the actions reviewed in about
``PIECE_SECONDS``; then :class:`~realpolitik.analysis.review.RejudgeJob`: the second pass's
verdicts on the searched moves in about as long) wait for a worker behind every
bot move, and reviews take turns piece by piece, so a table waits for a review by
one piece at most. One review runs per game; the server runs ``review_queue`` at most, and a
client may ask for ``reviews`` (a rate). Progress is kept in memory (a review under way when
the server stops is asked for again); the result is stored (:mod:`.review_store`). A finished
game's record is public (``/record``), so its review shows nothing that was hidden.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from realpolitik.analysis.review import PlyReview, ReviewJob, budget_for, cache_key, start
from realpolitik.i18n import t

from .review_store import ReviewStore
from .store import StorageBusy, Store
from .table import Refusal, busy

if TYPE_CHECKING:
    from realpolitik.engine import Game

    from .bots import BotRunner
    from .quota import Limits, Rates
    from .table import Table

log = logging.getLogger("realpolitik.server")

#: seconds of a worker's time one piece of a review takes (at least one action)
PIECE_SECONDS = 1.0


@dataclass
class Job:
    """A review waiting or under way."""

    game_id: str
    key: str
    viewpoint: str | None
    total: int
    done: list[PlyReview] = field(default_factory=list)
    task: asyncio.Task | None = None

    def progress(self) -> dict[str, Any]:
        return {"status": "running" if self.done else "queued", "viewpoint": self.viewpoint,
                "done": len(self.done), "total": self.total}


class Reviews:
    """The reviews this server process is computing, by game id."""

    def __init__(self, storage: Store, limits: Limits, rates: Rates, lookup: Callable[[str], Game],
                 bots: BotRunner) -> None:
        self.storage = storage
        self.store = ReviewStore(storage)
        self.limits = limits
        self.rates = rates
        self.lookup = lookup
        #: the bot workers, which compute the reviews piece by piece
        self.bots = bots
        self.jobs: dict[str, Job] = {}

    def _budget(self, table: Table) -> int:
        """The apply calls of each search of the table's review: the server's ``review_budget``
        as the game's review scales it."""
        return budget_for(table.game, self.limits.review_budget)

    def _key(self, table: Table, seat: int | None) -> str:
        return cache_key(table.record(), seat, self._budget(table), 0, None, table.game)

    async def status(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The review of ``table`` from ``seat``'s information: done (with the review), under
        way or queued (with its progress), or none."""
        key = self._key(table, seat)
        job = self.jobs.get(table.id)
        if job is not None and job.key == key:
            return job.progress()
        try:
            found = await self.storage.in_thread(self.store.review, table.id, key)
        except StorageBusy:
            raise busy() from None
        if found is None:
            return {"status": "none", "viewpoint": None if seat is None else table.labels[seat]}
        return {"status": "done", "viewpoint": found["viewpoint"], "done": found["actions"],
                "total": found["actions"], "review": found}

    async def ask(self, table: Table, seat: int | None, client: str) -> dict[str, Any]:
        """Queue the review (unless it is done or under way already) and say where it stands."""
        found = await self.status(table, seat)
        if found["status"] != "none":
            return found
        key, job = self._key(table, seat), self.jobs.get(table.id)
        if job is not None and job.key == key:  # queued by another request while storage answered
            return job.progress()
        if job is not None:
            raise Refusal("reviewing", t("This game is being reviewed from another seat's view; "
                                         "ask again when that review is done."))
        if len(self.jobs) >= self.limits.review_queue:
            raise Refusal("limit", t("The server is reviewing as many games as it may; ask again in a few minutes."))
        if not self.rates.hit("reviews", client):
            raise Refusal("limit", t("You have asked for too many reviews; wait a while before asking again."))
        record = table.record()
        job = Job(table.id, key, found["viewpoint"], len(record.actions))
        self.jobs[table.id] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job, record, seat, self._budget(table)))
        return job.progress()

    async def _run(self, job: Job, record, seat: int | None, budget: int) -> None:
        try:
            review = await asyncio.to_thread(start, record, self.lookup, seat, budget, 0, None)
            while len(job.done) < job.total:
                piece = ReviewJob(record, seat, budget, len(job.done), PIECE_SECONDS)
                job.done += await self.bots.review(piece)
            review.plies, review.verdicts = job.done, {}
            second = review.second_pass(record)
            while len(review.verdicts) < len(second.moves):  # the second pass, piece by piece as well
                rest = tuple(move for move in second.moves if move[0] not in review.verdicts)
                review.verdicts |= await self.bots.rejudge(replace(second, moves=rest, seconds=PIECE_SECONDS))
            await self.storage.in_thread(self.store.keep, job.game_id, job.key, job.viewpoint, budget,
                                            review.to_json())
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug or a dead worker: the review may be asked for again
            log.exception("the review of game %s failed", job.game_id)
        finally:
            self.jobs.pop(job.game_id, None)

    def close(self) -> None:
        """Abandon the reviews under way."""
        for job in list(self.jobs.values()):
            if job.task is not None:
                job.task.cancel()
