"""Storage of tournaments: the tournament, its players and its boards (games and rests).

The tables sit in :data:`..store.metadata` beside the others (revision 11 creates them).
A round is stored as its plan first — one row per board, a game to create or a player's
rest — and each game's id is filled in once the game exists, so a round cut off half
made is finished when the runner looks again. A process claims a board before creating
its game, so two processes sharing the database never create one board's game twice.
Methods are blocking; the server calls them through :meth:`..store.Store.in_thread`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from ..social_store import sanctions
from ..store import Store, _utc, games, metadata, now, ratings, users

#: seconds a process has to create a board's game it took on before another may
CLAIM_SECONDS = 60
#: what a tournament is doing: taking sign-ups, playing its rounds, done, or called off (too few players)
STATUSES = ("signup", "running", "finished", "cancelled")

tournaments = Table(
    "tournaments", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False),
    Column("game", String(40), nullable=False),
    # round-robin or swiss; seats per game; rounds: a Swiss tournament's chosen, a round robin's fixed at the start
    Column("kind", String(12), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("rounds", Integer, nullable=True),
    # every tournament has a time control (revision 15 gave one to those stored without)
    Column("clock", JSON, nullable=False),
    # games a player may lose on time; one more withdraws the player
    Column("timeouts", Integer, nullable=False),
    # the sign-up closes at this time, or when this many players signed up (whichever comes first)
    Column("closes", DateTime(timezone=True), nullable=True),
    Column("capacity", Integer, nullable=True),
    Column("status", String(10), nullable=False, index=True),
    Column("round", Integer, nullable=False, server_default="0"),
    Column("creator_id", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    CheckConstraint("status in ('signup', 'running', 'finished', 'cancelled')", name="ck_tournaments_status"),
)

tournament_players = Table(
    "tournament_players", metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("joined", DateTime(timezone=True), nullable=False),
    # the seeding once the tournament starts: 0 the strongest, by rating (mu - 3 sigma)
    Column("number", Integer, nullable=True),
    Column("rating", Float, nullable=True),
    # why the player plays no more rounds: withdrew, lost on time too often (timeouts), or its account
    # was removed or banned by the operators (removed, banned)
    Column("withdrawn", String(10), nullable=True),
)

tournament_boards = Table(
    "tournament_boards", metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("round", Integer, primary_key=True, autoincrement=False),
    Column("board", Integer, primary_key=True, autoincrement=False),
    # the accounts in seat order (a rest: the one resting)
    Column("players", JSON, nullable=False),
    Column("rest", Boolean, nullable=False),
    # the game once created (a rest has none), and when a server process set out to create it
    Column("game_id", String(16), ForeignKey("games.id", ondelete="SET NULL"), nullable=True, index=True),
    Column("claimed", DateTime(timezone=True), nullable=True),
)


@dataclass(frozen=True)
class Tournament:
    """A stored tournament."""

    id: int
    name: str
    game: str
    kind: str
    seats: int
    rounds: int | None
    clock: dict[str, Any]
    timeouts: int
    closes: datetime | None
    capacity: int | None
    status: str
    round: int
    creator_id: int | None
    created: datetime


@dataclass(frozen=True)
class Board:
    """A board of a round: its players in seat order, a rest or a game (with its status and result)."""

    round: int
    board: int
    players: tuple[int, ...]
    rest: bool
    game_id: str | None
    status: str | None
    result: dict[str, Any] | None


def _tournament(row) -> Tournament:
    values = dict(row)
    values["closes"] = values["closes"] and _utc(values["closes"])
    values["created"] = _utc(values["created"])
    return Tournament(**values)


class TournamentStore:
    """The tournament tables of a :class:`..store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def create(self, values: dict[str, Any]) -> int:
        """Store a new tournament taking sign-ups; its number."""
        with self.engine.begin() as conn:
            return conn.execute(insert(tournaments).values(**values, status="signup", round=0, created=now())
                                ).inserted_primary_key[0]

    def get(self, number: int) -> Tournament | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tournaments).where(tournaments.c.id == number)).mappings().first()
        return None if row is None else _tournament(row)

    def listing(self, limit: int) -> list[tuple[Tournament, int]]:
        """The newest tournaments, each with how many players signed up."""
        count = (select(func.count()).where(tournament_players.c.tournament_id == tournaments.c.id)
                 .scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournaments, count.label("players"))
                                .order_by(tournaments.c.id.desc()).limit(limit)).mappings().all()
        return [(_tournament({k: v for k, v in r.items() if k != "players"}), r["players"]) for r in rows]

    def with_status(self, status: str) -> list[Tournament]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tournaments).where(tournaments.c.status == status)).mappings().all()
        return [_tournament(r) for r in rows]

    def active_of(self, user_id: int) -> int:
        """How many tournaments the account created are taking sign-ups or running."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).where(
                tournaments.c.creator_id == user_id, tournaments.c.status.in_(("signup", "running")))).scalar_one()

    def players(self, number: int) -> list[dict[str, Any]]:
        """The players: account, name, seeding number and rating, why withdrawn; by seeding, then sign-up."""
        p = tournament_players.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(p.user_id, users.c.name, p.number, p.rating, p.withdrawn, p.joined)
                                .join(users, users.c.id == p.user_id).where(p.tournament_id == number)
                                .order_by(p.number, p.joined, p.user_id)).mappings().all()
        return [dict(r) for r in rows]

    def sign_up(self, number: int, user_id: int, capacity: int) -> int | None:
        """Add a player if the tournament still takes sign-ups and has room; how many signed up
        then (``None``: already signed up, or no room, or sign-up closed)."""
        p = tournament_players.c
        try:
            with self.engine.begin() as conn:
                status = conn.execute(select(tournaments.c.status).where(tournaments.c.id == number)
                                      .with_for_update()).scalar()
                count = conn.execute(select(func.count()).where(p.tournament_id == number)).scalar_one()
                if status != "signup" or count >= capacity:
                    return None
                conn.execute(insert(tournament_players).values(tournament_id=number, user_id=user_id, joined=now()))
        except IntegrityError:
            return None
        return count + 1

    def withdraw(self, number: int, user_id: int, reason: str) -> bool:
        """Withdraw a player (before the start: take it off the list); false if not playing."""
        p = tournament_players.c
        with self.engine.begin() as conn:
            status = conn.execute(select(tournaments.c.status).where(tournaments.c.id == number)).scalar()
            mine = (p.tournament_id == number) & (p.user_id == user_id)
            if status == "signup":
                return conn.execute(tournament_players.delete().where(mine)).rowcount > 0
            if status != "running":
                return False
            return conn.execute(update(tournament_players).where(mine, p.withdrawn.is_(None))
                                .values(withdrawn=reason)).rowcount > 0

    def ratings(self, game: str, user_ids: list[int]) -> dict[int, tuple[float, float]]:
        """The current rating (mu, sigma) of each rated account of ``user_ids`` for ``game``."""
        r = ratings.c
        latest = (select(func.max(r.id)).where(r.game == game, r.user_id.in_(user_ids)).group_by(r.user_id)
                  .scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(r.user_id, r.mu, r.sigma).where(r.id.in_(latest))).all()
        return {user: (mu, sigma) for user, mu, sigma in rows}

    def start(self, number: int, seeding: list[tuple[int, float]], rounds: int) -> bool:
        """Close the sign-up: number the players by ``seeding`` (account, rating; best first) and
        fix the number of ``rounds``; false if the tournament was not taking sign-ups (started meanwhile)."""
        p = tournament_players.c
        with self.engine.begin() as conn:
            started = conn.execute(update(tournaments).where(tournaments.c.id == number,
                                                             tournaments.c.status == "signup")
                                   .values(status="running", rounds=rounds)).rowcount
            if not started:
                return False
            for place, (user_id, rating) in enumerate(seeding):
                conn.execute(update(tournament_players).where(p.tournament_id == number, p.user_id == user_id)
                             .values(number=place, rating=rating))
        return True

    def fix_rounds(self, number: int, rounds: int) -> None:
        """Fix the number of rounds of a tournament started without (by a version before revision 15)."""
        with self.engine.begin() as conn:
            conn.execute(update(tournaments).where(tournaments.c.id == number, tournaments.c.rounds.is_(None))
                         .values(rounds=rounds))

    def withdraw_barred(self, number: int) -> list[int]:
        """Withdraw the players of a running tournament whose account the operators removed or
        banned (``removed``, ``banned``); the accounts withdrawn now."""
        p = tournament_players.c
        playing = (p.tournament_id == number) & p.withdrawn.is_(None)
        banned = select(sanctions.c.user_id).where(sanctions.c.banned.is_(True))
        removed = select(users.c.id).where(users.c.removed.is_not(None))
        out = []
        with self.engine.begin() as conn:
            if conn.execute(select(tournaments.c.status).where(tournaments.c.id == number)).scalar() != "running":
                return []
            for reason, accounts in (("removed", removed), ("banned", banned)):
                found = list(conn.execute(select(p.user_id).where(playing, p.user_id.in_(accounts))).scalars())
                if found:
                    conn.execute(update(tournament_players).where(playing, p.user_id.in_(found))
                                 .values(withdrawn=reason))
                out += found
        return out

    def set_status(self, number: int, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(tournaments).where(tournaments.c.id == number).values(status=status))

    def plan_round(self, number: int, round_number: int, boards: list[tuple[tuple[int, ...], bool]]) -> bool:
        """Store round ``round_number``'s boards (players, rest) as the tournament's current
        round; false if it was planned already."""
        try:
            with self.engine.begin() as conn:
                for board, (players, rest) in enumerate(boards):
                    conn.execute(insert(tournament_boards).values(tournament_id=number, round=round_number,
                                                                  board=board, players=list(players), rest=rest))
                conn.execute(update(tournaments).where(tournaments.c.id == number).values(round=round_number))
        except IntegrityError:
            return False
        return True

    def claim(self, number: int, round_number: int, board: int) -> bool:
        """Take on creating a board's game: false if it has one, or another process took it on
        less than :data:`CLAIM_SECONDS` ago (one that stopped half-way is taken over then)."""
        b = tournament_boards.c
        moment = now()
        with self.engine.begin() as conn:
            return conn.execute(update(tournament_boards).where(
                b.tournament_id == number, b.round == round_number, b.board == board, b.game_id.is_(None),
                or_(b.claimed.is_(None), b.claimed < moment - timedelta(seconds=CLAIM_SECONDS)))
                .values(claimed=moment)).rowcount > 0

    def set_game(self, number: int, round_number: int, board: int, game_id: str) -> bool:
        """Note the game created for a board; false if the board has one already."""
        b = tournament_boards.c
        with self.engine.begin() as conn:
            return conn.execute(update(tournament_boards).where(
                b.tournament_id == number, b.round == round_number, b.board == board, b.game_id.is_(None))
                .values(game_id=game_id)).rowcount > 0

    def boards(self, number: int) -> list[Board]:
        """Every board of the tournament, by round and board, with its game's status and result."""
        b = tournament_boards.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(b.round, b.board, b.players, b.rest, b.game_id, games.c.status,
                                       games.c.result)
                                .join(games, games.c.id == b.game_id, isouter=True)
                                .where(b.tournament_id == number).order_by(b.round, b.board)).all()
        return [Board(r, n, tuple(players), rest, game_id, status, result)
                for r, n, players, rest, game_id, status, result in rows]

    def tournament_of(self, game_id: str) -> int | None:
        """The tournament a game was created for, if any."""
        with self.engine.connect() as conn:
            return conn.execute(select(tournament_boards.c.tournament_id)
                                .where(tournament_boards.c.game_id == game_id)).scalar()
