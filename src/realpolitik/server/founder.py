"""New games and their seats from the lobby: games created (within the limits on new games, see
:mod:`.quota` and :mod:`.lobby`), lessons, rematches, a free seat claimed or given to a bot.

The founder is given what it needs — the storage, the games, the limits and rate windows, the
blocks and sanctions, the roster of this process's games and the hall's ``wire`` — never the hall.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from realpolitik.bots import bot_kinds
from realpolitik.engine import ContentError, Game, OptionError, State, secret_seed
from realpolitik.i18n import Text, t

from . import lessons, social
from .clock import Clock
from .kinds import seat_kind
from .lobby import check_room
from .quota import Limits, Rates
from .roster import Roster
from .social_store import SocialStore
from .store import Damaged, Store, StoredGame, StoredSeat, now
from .table import HUMAN, Refusal, Table
from .tokens import hash_token, new_game_id, new_token


class Founder:
    """Creates the games of this server and seats players from the lobby."""

    def __init__(self, store: Store, games: dict[str, Game], limits: Limits, rates: Rates, social: SocialStore,
                 roster: Roster, wire: Callable[[StoredGame, Game, State], Table]) -> None:
        self.store = store
        self.games = games
        self.limits = limits
        self.rates = rates
        #: who blocks whom and who is banned
        self.social = social
        self.roster = roster
        #: builds the table of a stored game with its parts (:meth:`.hall.Hall._wire`)
        self.wire = wire

    async def create(self, game_id: str, kinds: list[str], options: dict[str, Any],
                     lobby_join: bool, client: str = "", clock: Clock | None = None,
                     stand_in: str | None = None, rated: bool = False, hints: bool = False,
                     again: bool = False, counted: bool = True,
                     terms: dict[str, Any] | None = None) -> tuple[Table, dict[int, str]]:
        """A new game; returns its table and the token of every human seat. ``clock`` is its time
        control, ``stand_in`` the bot kind that plays a person's seat when its time runs out or
        its person resigns (default: the heuristic bot where the game has one); with ``hints`` its
        players may ask the bot for hints (never in a ``rated`` game). A rematch (``again``) takes
        its seats' kinds as the finished game stored them, while still playable. A tournament's
        game is not ``counted`` against the limits on new games (the tournament's own bound it).
        ``terms``: what it asks of players who join from the lobby (:mod:`.reliability`)."""
        game = self.games.get(game_id)
        if game is None:
            raise Refusal("bad-game", t("unknown game {game} (known: {known})", game=repr(game_id),
                                        known=", ".join(self.games)))
        if rated and hints:
            raise Refusal("rated-hints", t("A rated game cannot allow hints: choose one or the other."))
        allowed = bot_kinds(game)
        kinds = [seat_kind(game, kind, t("seat {number}", number=i + 1), len(kinds), again)
                 for i, kind in enumerate(kinds)]
        if stand_in is not None and stand_in not in allowed:
            raise Refusal("bad-seat", t("stand-in: {kind} is not one of {allowed}", kind=repr(stand_in),
                                        allowed=", ".join(allowed)))
        local = sorted(o.name for o in game.options if o.local_file and o.name in options)
        if local:  # the server never opens a path a client names
            raise Refusal("bad-option", t("option {name} names a file; own content files can only be used "
                                          "with the command line, not online", name=repr(local[0])))
        return await self._found(game, kinds, options, secret_seed(), lobby_join, client, clock, stand_in,
                                 rated, hints, counted, terms)

    async def create_lesson(self, game_id: str, client: str = "") -> tuple[Table, lessons.Script, str]:
        """A new lesson game of ``game_id`` (:mod:`.lessons`): the lesson's deal, its learner's
        seat free for the person asking, the other seats the lesson's bots marked as playing its
        script; invitation only, no clock, unrated, hints allowed. Counted against the same limits as any new
        game. Returns its table, the lesson's script and the learner's token."""
        game = self.games.get(game_id)
        found = None if game is None else lessons.script(game)
        if found is None:
            raise Refusal("no-lesson", t("There is no first game with a guide for {game}.", game=repr(game_id)))
        lesson = found.lesson
        spec = lessons.marked(seat_kind(game, lesson.bots, t("the lesson's bots"), lesson.players))
        kinds = [HUMAN if i == found.seat else spec for i in range(lesson.players)]
        table, tokens = await self._found(game, kinds, lesson.options, lesson.seed, False, client, hints=True)
        return table, found, tokens[found.seat]

    async def _found(self, game: Game, kinds: list[str], options: dict[str, Any], seed: int, lobby_join: bool,
                     client: str, clock: Clock | None = None, stand_in: str | None = None,
                     rated: bool = False, hints: bool = False, counted: bool = True,
                     terms: dict[str, Any] | None = None) -> tuple[Table, dict[int, str]]:
        """Store and seat a new game whose seats' kinds are checked; its table and human seats' tokens."""
        if stand_in is None:
            stand_in = "heuristic" if "heuristic" in bot_kinds(game) else "random"
        try:
            state = game.new_state(len(kinds), options, seed)
        except (OptionError, ContentError) as exc:
            said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Text) else str(exc)
            raise Refusal("bad-option", said) from None
        if counted:
            check_room(self.roster.entries(), self.roster.creators, self.rates, self.limits, kinds, client)
        tokens = {i: new_token() for i, kind in enumerate(kinds) if kind == HUMAN}
        stored = StoredGame(
            id=new_game_id(), game=game.id, rules_version=game.rules_version, options=dict(state.options),
            seed=seed, lobby_join=lobby_join, status="open" if tokens else "running", created=now(),
            seats=[StoredSeat(i, kind, "", hash_token(tokens[i]) if i in tokens else None, False,
                              clock_left=clock.start if clock is not None and kind == HUMAN else None)
                   for i, kind in enumerate(kinds)],
            clock=None if clock is None else clock.to_json(), stand_in=stand_in, rated=rated, hints=hints,
            terms=terms,
        )
        stored.turn_since = stored.created
        await self.store.in_thread(self.store.create_game, stored)
        table = self.wire(stored, game, state)
        self.roster.seat(table, client)
        return table, tokens

    async def rematch_of(self, table: Table, client: str) -> Table:
        """The rematch of a finished game: the one proposed already, else a new game with the same
        options, clock and stand-in, each seat moved on by one (the first player's seat goes to the
        second, …); its human seats are free until the players accept. A new one counts as created
        by ``client`` (the proposer's address) for the limits."""
        if table.stored.rematch is not None:
            found = await self.roster.table(table.stored.rematch)
            if found is not None:
                return found
        n = len(table.stored.seats)
        kinds = [lessons.spec_of(table.stored.seats[(i - 1) % n].kind) for i in range(n)]  # a lesson's: its bots
        files = {o.name for o in table.game.options if o.local_file}  # stored empty: the built-in content
        options = {name: value for name, value in table.stored.options.items() if name not in files}
        again, _ = await self.create(table.game.id, kinds, options, table.stored.lobby_join, client,
                                     clock=Clock.stored(table.stored.clock), stand_in=table.stored.stand_in,
                                     rated=table.stored.rated, hints=table.stored.hints, again=True,
                                     terms=table.stored.terms)
        if not await self.store.in_thread(self.store.set_rematch, table.id, again.id, table.stored.rematch):
            await self.roster.drop_open(again.id)  # another process proposed one first: that one counts
            stored = await self.store.in_thread(self.store.load, table.id)
            table.stored.rematch = None if isinstance(stored, Damaged) or stored is None else stored.rematch
            return await self.rematch_of(table, client)
        table.stored.rematch = again.id
        return again

    async def claim(self, table: Table, label: str, name: str, client: str = "", user_id: int | None = None) -> str:
        """Take a free human seat from the lobby (bound to the account ``user_id`` if given);
        returns its new token."""
        seat = table.seat_of(label)
        if seat is None:
            raise Refusal("bad-seat", t("there is no seat {seat} in this game (seats: {seats})", seat=repr(label),
                                        seats=", ".join(table.labels)))
        if not table.stored.lobby_join:
            raise Refusal("invite-only", t("This game takes players by invitation only."))
        if table.stored.seats[seat].kind != HUMAN:
            raise Refusal("bad-seat", t("seat {seat} is played by a bot", seat=label))
        if not self.rates.hit("claims", client):
            raise Refusal("limit", t("Too many seats claimed from your address; wait a while."))
        await social.check_not_banned(self.social, user_id)
        if await social.shut_out(self.social, table, user_id):  # told as a seat taken meanwhile: a block never shows
            raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
        token = new_token()
        await table.admission.join(seat, name, token=token, user_id=user_id)
        return token

    async def fill(self, table: Table, label: str, bot: str) -> None:
        """A player of a game that waits for players gives its free seat ``label`` to ``bot``
        (a level of the lobby or a bot kind of the game)."""
        seat = table.seat_of(label.strip().lower())
        if seat is None:
            raise Refusal("bad-seat", t("there is no seat {seat} in this game (seats: {seats})", seat=repr(label),
                                        seats=", ".join(table.labels)))
        kind = seat_kind(table.game, bot.strip().lower(), t("seat {number}", number=seat + 1), len(table.labels))
        if kind == HUMAN:
            raise Refusal("bad-seat", t("Choose a bot for the free seat, not a person."))
        await table.admission.fill(seat, kind)
