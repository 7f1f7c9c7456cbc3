"""The hall: every live table of this server, created, resumed from storage and looked up.

At start-up every open and running game is replayed from its stored record and its
bots carry on, so a server killed mid-game resumes every game where it was. Finished
games are loaded on demand (to watch their end or replay them) and dropped again when
nobody watches.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from realpolitik.bots import bot_kinds
from realpolitik.engine import ContentError, Game, IllegalAction, OptionError

from .bots import BotRunner
from .store import Store, StoredGame, StoredSeat, now
from .table import HUMAN, Refusal, Table
from .tokens import GAME_ID, hash_token, new_game_id, new_token

log = logging.getLogger("realpolitik.server")

@dataclass(frozen=True)
class Settings:
    """How the server runs: database URL, bot pacing and bot workers."""

    db: str = "sqlite:///realpolitik.db"
    #: seconds a bot waits before it moves, so people can follow the table
    bot_delay: float = 0.3
    #: worker processes for bots; 0 runs them on a thread of the server process
    bot_workers: int | None = None
    #: seconds a search bot (``ismcts``) may think per move, at most
    bot_think: float = 1.0


class Hall:
    """The tables of this server by game id."""

    def __init__(self, settings: Settings, lookup: Callable[[str], Game], games: list[Game], store: Store) -> None:
        self.settings = settings
        self.lookup = lookup
        self.games = {g.id: g for g in games}
        self.store = store
        self.bots = BotRunner(settings.bot_workers, lookup)
        self.tables: dict[str, Table] = {}
        self.closing = False

    async def start(self) -> int:
        """Resume every unfinished game from storage; returns how many."""
        stored = await self.store.run(self.store.unfinished)
        for game in stored:
            table = self._revive(game)
            if table is not None:
                self.tables[game.id] = table
        for table in list(self.tables.values()):
            table.kick_bot()
        return len(self.tables)

    async def close(self) -> None:
        """Stop bots and close storage."""
        self.closing = True
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.bots.close()

    def _revive(self, stored: StoredGame) -> Table | None:
        """A table rebuilt by replaying a stored record; ``None`` (and a log line) if it cannot be."""
        try:
            game = self.games[stored.game]
        except KeyError:
            log.error("game %s: game %r is not installed; it stays stored", stored.id, stored.game)
            return None
        if game.rules_version != stored.rules_version:
            log.error("game %s: stored with %s rules %s, this server has %s; it stays stored",
                      stored.id, game.id, stored.rules_version, game.rules_version)
            return None
        try:
            state = game.new_state(len(stored.seats), stored.options, stored.seed)
        except (OptionError, ContentError) as exc:
            log.error("game %s: cannot be set up again (%s); it stays stored", stored.id, exc)
            return None
        for i, act in enumerate(stored.actions):
            try:
                state.apply(act)
            except IllegalAction:  # the refusal would name hidden cards: the log says only where
                log.error("game %s: stored action %d does not replay; it stays stored", stored.id, i)
                return None
        return Table(self, stored, game, state)

    async def table(self, game_id: str) -> Table | None:
        """The live table of a game, loading a finished one from storage; ``None`` if unknown."""
        if not GAME_ID.match(game_id):
            return None
        table = self.tables.get(game_id)
        if table is None:
            stored = await self.store.run(self.store.load, game_id)
            if stored is None:
                return None
            table = self.tables.get(game_id) or self._revive(stored)
            if table is None:
                return None
            self.tables[game_id] = table
        return table

    def evict(self, table: Table) -> None:
        """Forget a finished table nobody watches (it is in storage)."""
        if self.tables.get(table.id) is table and table.status == "finished" and not table.listeners:
            del self.tables[table.id]

    # ------------------------------------------------------------------ lobby

    async def create(self, game_id: str, kinds: list[str], options: dict[str, Any],
                     lobby_join: bool) -> tuple[Table, dict[int, str]]:
        """A new game; returns its table and the token of every human seat."""
        game = self.games.get(game_id)
        if game is None:
            raise Refusal("bad-game", f"unknown game {game_id!r} (known: {', '.join(self.games)})")
        allowed = [HUMAN, *bot_kinds(game)]
        for i, kind in enumerate(kinds):
            if kind not in allowed:
                raise Refusal("bad-seat", f"seat {i + 1}: {kind!r} is not one of {', '.join(allowed)}")
        local = sorted(o.name for o in game.options if o.local_file and o.name in options)
        if local:  # the server never opens a path a client names
            raise Refusal("bad-option", f"option {local[0]!r} names a file; own content files can only be "
                                        f"used with the command line, not online")
        seed = secrets.randbelow(2**31)
        try:
            state = game.new_state(len(kinds), options, seed)
        except (OptionError, ContentError) as exc:
            raise Refusal("bad-option", str(exc)) from None
        tokens = {i: new_token() for i, kind in enumerate(kinds) if kind == HUMAN}
        stored = StoredGame(
            id=new_game_id(), game=game.id, rules_version=game.rules_version, options=dict(state.options),
            seed=seed, lobby_join=lobby_join, status="open" if tokens else "running", created=now(),
            seats=[StoredSeat(i, kind, "", hash_token(tokens[i]) if i in tokens else None, False)
                   for i, kind in enumerate(kinds)],
        )
        await self.store.run(self.store.create_game, stored)
        table = Table(self, stored, game, state)
        self.tables[stored.id] = table
        table.kick_bot()
        return table, tokens

    async def claim(self, table: Table, label: str, name: str) -> str:
        """Take a free human seat from the lobby; returns its new token."""
        seat = table.seat_of(label)
        if seat is None:
            raise Refusal("bad-seat", f"there is no seat {label!r} in this game (seats: {', '.join(table.labels)})")
        if not table.stored.lobby_join:
            raise Refusal("invite-only", "This game takes players by invitation only.")
        if table.stored.seats[seat].kind != HUMAN:
            raise Refusal("bad-seat", f"seat {label} is played by a bot")
        token = new_token()
        await table.join(seat, name, token)
        return token

    async def listing(self, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
        """Open, running and the newest finished games, newest first."""
        live = sorted(self.tables.values(), key=lambda t: t.stored.created, reverse=True)
        out: dict[str, list[dict[str, Any]]] = {
            "open": [t.summary() for t in live if t.status == "open"][:limit],
            "running": [t.summary() for t in live if t.status == "running"][:limit],
        }
        finished = await self.store.run(self.store.finished, limit)
        out["finished"] = [_finished_summary(g, self.games.get(g.game)) for g in finished]
        return out


def _finished_summary(stored: StoredGame, game: Game | None) -> dict[str, Any]:
    labels = game.seat_labels(len(stored.seats)) if game else [f"p{i + 1}" for i in range(len(stored.seats))]
    return {
        "id": stored.id, "game": stored.game, "title": game.title if game else stored.game, "status": "finished",
        "created": stored.created.isoformat(), "lobby_join": stored.lobby_join,
        "players": [{"seat": labels[s.seat], "kind": s.kind, "name": s.name, "joined": True, "online": False}
                    for s in stored.seats],
        "ply": (stored.result or {}).get("plies"), "to_act": None,
        "outcome": (stored.result or {}).get("outcome"),
    }
