"""The tournament runner: closes sign-ups, creates each round's games, starts the next round.

A tournament takes sign-ups until its closing time or until its player count is reached,
then seeds its players by rating (openskill's ``mu - 3 sigma`` for the game; unrated
players after the rated ones, in order of sign-up) and plays its rounds. Each round's
games are created by the server's founder (:mod:`..founder`) with every seat bound to its
player's account (who finds them under "my games"), rated, with the tournament's clock. When
every game of a round is finished the next round starts; after the last the tournament is
finished.

The number of rounds is fixed when the tournament starts (a Swiss tournament's as chosen, a
round robin's by its field then): a player who leaves changes it no more.

A player who lost on time (still away on timeout when the game ended) in more games than
the tournament allows is withdrawn: no more games. So is a player whose account the
operators removed or banned (:mod:`..barred`: its seats in running games are resigned, the
stand-in bot plays them to the end). A withdrawn player's games count; in a round robin,
the others of a game a withdrawn player would have played rest instead. The runner looks at
every running tournament when a tournament game ends and on every sweep (:mod:`..sweeper`), so
nothing is lost when a server restarts mid-round.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import t

from ..clock import Clock
from ..ratings import MODEL, seat_places
from ..store import StorageBusy, now
from ..table import HUMAN, Refusal
from ..tokens import new_token
from .pairing import History, round_robin, round_robin_rounds, swiss_round
from .standings import Finish, Standing, standings
from .store import Board, Tournament, TournamentStore

if TYPE_CHECKING:
    from realpolitik.engine import Game

    from ..quota import Limits
    from ..store import Store
    from ..table import Table

log = logging.getLogger("realpolitik.server")

KINDS = ("round-robin", "swiss")
#: the tie-break and the points of a rest, by kind (see :mod:`.standings`)
TIEBREAK = {"round-robin": "sonneborn-berger", "swiss": "buchholz"}
BYE_POINTS = {"round-robin": 0.0, "swiss": 1.0}
#: the rating of a player not rated yet in the game: the model's start
UNRATED = MODEL.rating()


def strength(rating: tuple[float, float] | None) -> float:
    """A rating as one number for seeding: ``mu - 3 sigma`` (unrated: the model's start, 0)."""
    mu, sigma = rating if rating is not None else (UNRATED.mu, UNRATED.sigma)
    return mu - 3 * sigma


class Tournaments:
    """The tournaments of a server."""

    def __init__(self, storage: Store, games: dict[str, Game], limits: Limits,
                 create: Callable[..., Awaitable[tuple[Table, dict[int, str]]]]) -> None:
        self.storage = storage
        self.store = TournamentStore(storage)
        self.games = games
        self.limits = limits
        #: creates a game (:meth:`..founder.Founder.create`)
        self.create = create
        self._lock = asyncio.Lock()

    async def _run(self, method, *args):
        return await self.storage.in_thread(method, *args)

    # ------------------------------------------------------------------ sign-up

    async def sign_up(self, number: int, user_id: int) -> None:
        """Sign an account up; the tournament starts when it is full."""
        found = await self.get(number)
        limit = self.limits.tournament_players
        capacity = min(found.capacity or limit, limit)
        if found.status != "signup":
            raise Refusal("closed", t("This tournament takes no more sign-ups."))
        count = await self._run(self.store.sign_up, number, user_id, capacity)
        if count is None:
            players = await self._run(self.store.players, number)
            if any(p["user_id"] == user_id for p in players):
                raise Refusal("taken", t("You are signed up for this tournament already."))
            raise Refusal("closed", t("This tournament takes no more sign-ups."))
        if count >= capacity:
            await self.close_sign_up(number)

    async def withdraw(self, number: int, user_id: int, reason: str = "withdrew") -> None:
        """Take an account out: off the list before the start, out of the next rounds after it."""
        await self.get(number)
        if not await self._run(self.store.withdraw, number, user_id, reason):
            raise Refusal("not-playing", t("You are not playing in this tournament."))
        await self.advance(number)

    async def get(self, number: int) -> Tournament:
        found = await self._run(self.store.get, number)
        if found is None:
            raise Refusal("no-tournament", t("There is no such tournament."))
        return found

    # ------------------------------------------------------------------ rounds

    async def close_sign_up(self, number: int) -> None:
        """Seed the players and start round 1, or call the tournament off with too few players."""
        async with self._lock:
            found = await self.get(number)
            if found.status != "signup":
                return
            players = [p["user_id"] for p in await self._run(self.store.players, number)]
            if len(players) < found.seats:
                await self._run(self.store.set_status, number, "cancelled")
                log.info("tournament %d: called off, %d players", number, len(players))
                return
            rated = await self._run(self.store.ratings, found.game, players)
            seeding = sorted(((p, strength(rated.get(p))) for p in players), key=lambda s: -s[1])
            if await self._run(self.store.start, number, seeding, self.total_rounds(found, len(players))):
                log.info("tournament %d: started with %d players", number, len(players))
        await self.advance(number)

    async def advance(self, number: int) -> None:
        """Create what is missing of the current round, or start the next round when it is done."""
        async with self._lock:
            found = await self.get(number)
            if found.status != "running":
                return
            for user_id in await self._run(self.store.withdraw_barred, number):
                log.info("tournament %d: player %d withdrawn, its account removed or banned", number, user_id)
            boards = await self._run(self.store.boards, number)
            if found.rounds is None:  # a round robin started by a version that counted its rounds anew each time
                players = await self._run(self.store.players, number)
                await self._run(self.store.fix_rounds, number, self.total_rounds(found, _field(players, boards)))
                found = await self.get(number)
            current = [b for b in boards if b.round == found.round]
            if any(not b.rest and b.game_id is None for b in current):
                await self._create_games(found, current)
                return
            if any(b.status != "finished" for b in current if not b.rest):
                return
            players = await self._run(self.store.players, number)
            await self._withdraw_late(found, players, boards)
            players = await self._run(self.store.players, number)
            if found.round >= self.total_rounds(found, len(players)):
                await self._run(self.store.set_status, number, "finished")
                log.info("tournament %d: finished after %d rounds", number, found.round)
                return
            plan = await asyncio.to_thread(self._plan, found, found.round + 1, players, boards)
            if await self._run(self.store.plan_round, number, found.round + 1, plan):
                found = await self.get(number)
                await self._create_games(found, await self._current(found))

    async def _current(self, found: Tournament) -> list[Board]:
        return [b for b in await self._run(self.store.boards, found.id) if b.round == found.round]

    def total_rounds(self, found: Tournament, players: int) -> int:
        """How many rounds the tournament plays: fixed once it started (Swiss: as chosen); before, or
        for a round robin started by a version before that, those of a field of ``players``."""
        if found.rounds is not None:
            return found.rounds
        return round_robin_rounds(players, found.seats)

    def _plan(self, found: Tournament, round_number: int, players: list[dict[str, Any]],
              boards: list[Board]) -> list[tuple[tuple[int, ...], bool]]:
        """Round ``round_number``'s boards: each game's players in seat order, then the rests
        (run off the event loop: a many-seat schedule or a Swiss search takes a while)."""
        by_number = {p["number"]: p["user_id"] for p in players}
        # who plays on: not withdrawn, and still entered (an account deleted from the database takes its entry)
        playing = {p["user_id"] for p in players if not p["withdrawn"]}
        if found.kind == "round-robin":
            schedule = round_robin(_field(players, boards), found.seats)[round_number - 1]
            groups = [tuple(by_number.get(n) for n in g) for g in schedule]
            resting = [u for g in groups if not playing >= set(g) for u in g]
            resting += [u for u in by_number.values() if not any(u in g for g in groups)]
            groups = [g for g in groups if playing >= set(g)]
        else:
            history = _history(boards)
            table = self.standings(found, players, boards)
            order = [s.player for s in table if s.player in playing]
            if len(order) < found.seats:
                return [((u,), True) for u in order]
            groups, resting = swiss_round(order, found.seats, history, first=round_number == 1)
        return [*((g, False) for g in groups), *(((u,), True) for u in resting if u in playing)]

    async def _create_games(self, found: Tournament, current: list[Board]) -> None:
        """Create the games of the current round's boards that have none yet."""
        names = {p["user_id"]: p["name"] for p in await self._run(self.store.players, found.id)}
        clock = Clock.stored(found.clock)
        for board in current:
            if board.rest or board.game_id is not None:
                continue
            if not await self._run(self.store.claim, found.id, found.round, board.board):
                continue
            try:
                table, _ = await self.create(found.game, [HUMAN] * found.seats, {}, False,
                                             f"tournament {found.id}", clock=clock, rated=True, counted=False)
                for seat, user_id in enumerate(board.players):
                    await table.admission.join(seat, names[user_id], new_token(), user_id)
            except (Refusal, StorageBusy) as exc:
                log.warning("tournament %d: a game of round %d could not be created (%s); trying again",
                            found.id, found.round, exc)
                return
            await self._run(self.store.set_game, found.id, found.round, board.board, table.id)

    async def _withdraw_late(self, found: Tournament, players: list[dict[str, Any]], boards: list[Board]) -> None:
        """Withdraw the players who lost on time in more games than the tournament allows."""
        lost = _timeouts(self.games[found.game], found, boards)
        for p in players:
            if p["withdrawn"] is None and lost.get(p["user_id"], 0) > found.timeouts:
                await self._run(self.store.withdraw, found.id, p["user_id"], "timeouts")
                log.info("tournament %d: player %d withdrawn after %d timeouts", found.id, p["user_id"],
                         lost[p["user_id"]])

    # ------------------------------------------------------------------ standings

    def standings(self, found: Tournament, players: list[dict[str, Any]], boards: list[Board]) -> list[Standing]:
        """The standings from the finished games and rests so far."""
        game = self.games[found.game]
        labels = game.seat_labels(found.seats)
        teams = game.teams(found.seats)
        finishes = [Finish(b.players, tuple(seat_places(labels, b.result)), teams)
                    for b in boards if not b.rest and b.status == "finished"]
        rests = [b.players[0] for b in boards if b.rest]
        seeded = [p["user_id"] for p in players]
        # a player whose entry is gone from the database (its account deleted there) stays in the table, last seeded
        seeded += list(dict.fromkeys(u for b in boards for u in b.players if u not in set(seeded)))
        return standings(seeded, finishes, rests, TIEBREAK[found.kind], BYE_POINTS[found.kind])

    # ------------------------------------------------------------------ hooks

    async def game_over(self, game_id: str) -> None:
        """A game ended: if it is a tournament's, its round may be done (errors are logged)."""
        try:
            number = await self._run(self.store.tournament_of, game_id)
            if number is not None:
                await self.advance(number)
        except Exception:
            log.exception("game %s: its tournament could not go on; the next sweep tries again", game_id)

    async def sweep(self, moment: datetime | None = None) -> None:
        """Close the sign-ups whose time has come, and carry every running tournament on."""
        moment = moment or now()
        try:
            for found in await self._run(self.store.with_status, "signup"):
                if found.closes is not None and found.closes <= moment:
                    await self.close_sign_up(found.id)
            for found in await self._run(self.store.with_status, "running"):
                await self.advance(found.id)
        except StorageBusy as exc:
            log.warning("tournaments put off: %s", exc)
        except Exception:
            log.exception("the tournaments could not be carried on; the next sweep tries again")


def _field(players: list[dict[str, Any]], boards: list[Board]) -> int:
    """How many players a round robin started with: round 1 had each in a game or resting (an
    entry may be gone since, its account deleted from the database); before it, the players."""
    return len({u for b in boards if b.round == 1 for u in b.players}) or len(players)


def _history(boards: list[Board]) -> History:
    """Who met whom in which seat, and who rested, in the boards so far."""
    history = History()
    for board in boards:
        if board.rest:
            history.rested(board.players[0])
        else:
            history.played(board.players)
    return history


def _timeouts(game: Game, found: Tournament, boards: list[Board]) -> dict[int, int]:
    """How many of its finished games each player lost on time."""
    labels = game.seat_labels(found.seats)
    lost: dict[int, int] = {}
    for board in boards:
        away = (board.result or {}).get("away", {}) if board.status == "finished" else {}
        for label, user_id in zip(labels, board.players, strict=False):
            if away.get(label) == "timeout":
                lost[user_id] = lost.get(user_id, 0) + 1
    return lost
