"""The whole server against a model of its players: Hypothesis stateful testing.

Real ``realpolitik serve`` processes (``model.Cluster`` beside this file) — one on a
SQLite file, or two on one PostgreSQL database with the clients spread over both, so
races between processes happen — and a model of the people using them: guests with an
invitation link or a lobby claim, signed-in accounts (greeting with the token and their
session, or by seat alone), spectators, each from a loopback address of its own so the
server sees them as different clients. Each example starts fresh processes on a fresh
database.

Rules (the ``games`` bundle holds every game created or proposed as a rematch):

- ``first_game``, ``lobby_game`` (initialize), ``create``: a game of any title with any
  seats the lobby offers — people, ``random``/``heuristic``/``ismcts``, the levels
  ``easy``/``normal``/``hard`` and a level's spec (``ismcts:budget=2000``, as a rematch
  sends it) — lobby or invitation only, rated or not, no clock, a live or a
  correspondence clock, any stand-in; the creator may sit down at once;
- ``learn``: a first game with a guide of a title that has one (``POST /api/learn``): the
  lesson's deal, invitation only, unrated, no clock, its bot seats marked; the learner may
  sit down at once. ``follow_guide`` (and ``act``) play the moves its script asks for —
  first, at times, another one, which must be refused (``guide``) with nothing stored —, and
  the races that play a move play the guided one while the script leads;
- ``tournament``: two accounts sign up for a two-seat tournament (issue 59) with a clock (one
  without is refused, issue 76); the game the server creates for them is added to the games,
  its seats taken by account;
- ``bar_account``: the operators remove or ban an account that plays in a tournament
  (``realpolitik admin act REPORT remove|ban`` on the processes' database while they run,
  issue 76): each of its seats in a running game goes to the stand-in (resigned) within
  ``BOUND`` s, through the live tables; each running tournament it plays in withdraws it; the
  model leaves it out from then on;
- ``join_by_invitation``, ``claim`` (any seat: a free human seat of a lobby game is given,
  an invitation-only game, a bot's seat or a taken one refused with its code),
  ``sign_up``, ``second_tab`` (a seat open again, perhaps through the other process),
  ``spectate`` (a guest, or an account with its session: its first view shows the seats as
  storage holds them — to an account that a player seated in the open game blocks, every seat
  taken), ``chat`` (table, team, spectators; within the chat limit);
- ``block``: an account blocks another (``POST /api/social/blocks``); from then on the blocked
  account's claim on a game where the blocker is seated is refused exactly as a taken seat is
  (409 ``taken``, the same sentence) — and the game's facts and the lobby show it that seat
  taken too —, and its invitation link there answers as an invalid one (``bad-token``), the
  seat staying free; the block ends the two accounts' friendship and the requests between them;
- friends and messages (issue 78): ``ask_friend`` (refused ``blocking`` when the asker blocks the
  other; accepting when the other had asked: both are friends; else the request waits, withheld
  from an account that blocks the asker), ``drop_request`` (withdrawn by its asker or declined),
  ``unfriend`` (by either, for both), ``message_setting`` (messages from everyone, or not),
  ``write_message`` (taken exactly when the reader takes them from everyone, or the two are
  friends, or held seats in one game, or the reader wrote first — unread by the reader unless it
  blocks the writer, then withheld without a word —, else refused ``stranger`` whether the reader
  blocks the writer or not), ``read_messages`` (the conversation opened: none of it unread); after
  each, both accounts' lists and counts (``/api/social``, ``/api/social/unread``) are the model's;
- ``act`` (up to 20 decisions of the held seats, bots answering between them: each must be
  taken), ``take_back`` (granted exactly when the view's ``undo`` and the engine say so — with
  the bots' answers since in an unrated game against bots alone —, refused in the words the view
  gave, and never a move a stand-in made for the seat), ``ask_hint`` (the bot's suggestion: given exactly
  where the game allows hints, to the seat to act, at the current move, and to the asking
  connection only; noted in storage), ``resign``, ``everyone_resigns``, ``time_out`` (counted:
  the third of a seat loses it on time for good; its person may ask for the seat back at once),
  ``come_back`` (granted exactly when the seat's time ran out fewer than three times and its
  stand-in has moved for it since, else refused saying which), ``rematch`` (proposed or
  accepted: one rematch per game, every seat moved on by one; a seat there claimed or given
  to a bot meanwhile is ``taken``), ``fill`` (a free seat of a waiting game given to a bot:
  a kind, a level or a level's spec);
- ``vacation`` (an account goes on vacation now or ends it: refused exactly when it is on
  vacation already, or its bank is short, or it has none to end; the views of its seats in
  running correspondence games show their clocks standing still, or running again, in every
  process), ``write_notes`` (a seat's notes read back to its holder alone; another seat's
  token or none is refused ``not-yours``; no connection and no server log ever carries them);
  a ``time_out`` of an account's seat in a correspondence game begins a day of its vacation
  instead while days are left, and a seat whose holder is on vacation does not run out;
- ``restart`` (graceful), ``kill`` (SIGKILL; on PostgreSQL the other process carries on
  until ``revive``);
- races, released together by a barrier through two processes: ``race_joins`` (every
  free seat at once), ``race_claims`` (one seat, two claims: one wins),
  ``race_take_back`` (a take-back against the next player's move: exactly one happens),
  ``race_bot_take_back`` (a take-back against a bot's answer), ``race_own_move`` (a
  move against the seat's own resignation or time-out), ``race_rematch`` (two proposals:
  one rematch), ``race_fill`` (a seat given to a bot against a newcomer taking it: one
  gets it).

Time-outs: the server has no fake clock. ``time_out`` writes the seat's time left
(``seats.clock_left``) and the turn's start (``games.turn_since``) to storage, locking the
game's row first as the server does; on PostgreSQL it signals the processes (as another
process would) and the lease holder's clock fires; on SQLite, where nothing tells the
running server, it is done across a graceful restart.

Invariants, after every step (``no_game_lost_or_stuck``):

- every stored game loads in one snapshot (``Store.load`` reads its rows in one
  transaction), its actions are numbered 0..n-1 (asked of the table itself), its
  record replays (``record().replay``, the digest checked) and it is finished exactly when
  the replayed game is over;
- every unfinished game is open with a free human seat, or running with every human
  seat taken and someone to move: a person's seat that is not away, or a bot (or
  stand-in) that moves within ``BOUND`` s;
- every finished game's stored outcome ranks the seats given up — resigned, or lost on time
  (the result's ``away``), with their partners in a team game — below every other seat, none of
  them winning, and the others in the engine's order (``check_result``); the views show that
  outcome;
- every view any connection received equals the view the replayed game gives that seat
  (spectators: seat None) at that move, log included from where the message says (a
  move taken back starts another line of play; views of the old line are compared with
  it); no chat line reaches a connection that may not read it; no message says
  ``internal`` or ``damaged``;
- every move of a ``random`` or ``heuristic`` bot seat is the one a fresh bot of that kind
  makes at that position (they are seeded from the game's seed, the seat and the move);
  a lesson game's record begins with its script, and the learner's views carry the guide
  of the script's step (the learner's own move, or none while the others' are played) —
  no other connection's view carries one; a script's step is never taken back;
- ``GET /api/games/{id}`` answers 200 on every live process, showing the game as storage
  holds it (within ``FAN_OUT`` s), and so does every tournament's page;
- no server logs a bot's move refused, a bot job broken by anything but the database, or a
  traceback;
- and, after a restart or kill, every game that was open or running is listed (a lesson
  game never is) and loads on every live process.

``test_limits_count_per_address`` runs the machine under tight limits on new games per
address: a new game or rematch proposal may be refused only when the player's own
address reached the limit.

Runs: ``-m "not slow"`` (CI, ``make test``) two random examples of 30 steps on each backend, then
the tour (``Tour``): one scripted example on fresh processes that takes every rule — on SQLite all
but ``revive``, which needs a process down beside a running one — in an order that meets their
preconditions, with the invariants after every step, as a random example has them. Hypothesis
draws the rules of a random example and turns some of them off in each, so a short random run
leaves rules out; the tour never does, and the test fails naming any rule (found by introspection:
every ``@rule`` and ``@initialize``) the tour did not run. The limits test runs its random examples
only. ``-m slow`` (``make slow``) runs many more random examples.

Failures are reported with the steps as they first happened (the server's answers vary from run
to run, so Hypothesis's replay may differ). Locally: ``MODEL_VERBOSE=1`` prints every example's
steps and the rules run, ``MODEL_SCALE=N`` runs N times the random examples, ``MODEL_SHRINK=1``
lets Hypothesis shrink a failure (each try starts servers), and ``MODEL_AVOID=levels,races,<rule>``
leaves out what a known failure is being fixed for (and the tour, which takes every rule).
"""

from __future__ import annotations

import collections
import functools
import os
import re
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    MultipleResults,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import func, select, update
from typer.testing import CliRunner

from realpolitik.bots import make_bot
from realpolitik.bots.worker import _mix
from realpolitik.cli.main import app
from realpolitik.engine import Rng, SeatContext, State
from realpolitik.engine.undo import why_not_undoable
from realpolitik.games import get
from realpolitik.server import lessons, vacation
from realpolitik.server.social_store import SocialStore
from realpolitik.server.store import actions as action_rows
from realpolitik.server.store import games, now, seats, users
from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, http_client

from .model import Cluster, Held, Link, Player, Truth, open_link, view_matches

#: seconds a game whose bot (or stand-in) is to move may take before it counts as stuck — on an idle
#: machine: every bound of the model is stretched by the machine's load (``allowance``)
BOUND = 30.0
#: seconds a connection may take to see a change stored through another process
FAN_OUT = 10.0
#: unfinished games at most, and games of bots only at most, that the model keeps going
MAX_GAMES = 6
MAX_BOT_GAMES = 2
#: restarts, kills and clock runs (a restart on SQLite) per example (fewer in the CI runs)
MAX_DISRUPTIONS = 3
#: the seat kinds the lobby offers: people, bot kinds, levels, and "spec" (a level's bot spec)
KINDS = ("human", "human", "human", "random", "heuristic", "ismcts", "easy", "normal", "hard", "spec")
CLOCKS = (None, {"kind": "live", "minutes": 20, "increment": 15},
          {"kind": "correspondence", "hours": 24, "bank_hours": 72})
HUMAN = "human"
#: vacation days each account banks a year (the server's default)
VACATION_DAYS = 21
#: private messages one account may send an hour (the server's default), and the newest of a conversation shown
LETTERS, CONVERSATION_PAGE = 30, 50
#: codes no message may ever carry: a server bug, or a game lost
NEVER = ("internal", "damaged")
#: server log lines that always mean a bug: a bot's move refused, a bot job broken by anything but the
#: database, a message, request or catch-up that failed with a traceback
BAD_LOG = re.compile(r"failed at move|could not move \((?!database busy|OperationalError)|Traceback")
#: what a local run may leave out while a failure it found is being fixed (comma-separated):
#: ``levels`` (seats by level or level spec), ``races`` (the rules sending two things at once), or a
#: rule's name
AVOID = set(filter(None, os.environ.get("MODEL_AVOID", "").split(",")))



#: the first failure of a run, with the steps that led to it: a server's answers vary from run to
#: run (bots, timing), so Hypothesis's own replay of a failing case may go otherwise (``Flaky``)
FIRST: list[str] = []
#: how often each rule ran in this test run (printed with MODEL_VERBOSE)
RAN: collections.Counter = collections.Counter()


def traced(method):
    """Note each step, with what it drew, in the machine's trace; keep the first failure with its trace."""
    @functools.wraps(method)
    def step(self, *args, **kwargs):
        started = time.monotonic()
        self.drawn = [f"{k}={v!r}" for k, v in kwargs.items() if k != "data"]
        failed = None
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # (not Hypothesis's own stops, nor Ctrl-C)
            failed = exc
            raise
        finally:
            took = time.monotonic() - started
            RAN[method.__name__] += 1
            if method.__name__ != "no_game_lost_or_stuck" or failed is not None or took > 1:  # checks: when notable
                self.trace.append(f"{method.__name__}({', '.join(self.drawn)}) {took:.1f}s")
            if failed is not None and not FIRST:
                FIRST.append(self.report(failed))
    return step


@functools.cache
def catalog(url: str) -> dict[str, dict[str, Any]]:
    with http_client(url, timeout=30) as http:
        return {g["id"]: g for g in http.get("/api/catalog").json()}


def fresh_choice(state: State, kind: str, seat: int, seed: int) -> str:
    """What a fresh bot of ``kind`` chooses for ``seat`` in ``state``, seeded as the server's workers
    seed it (``bots/worker.py``: the game's seed, the seat, the move)."""
    ply = state.ply
    bot = make_bot(kind, state.game, _mix(seed, seat, ply) & 0x7FFFFFFF, players=len(state.seats))
    return bot.choose(SeatContext.of(state.clone(), seat, Rng(_mix(seed, seat, ply, 1))))


def chosen(strategy, wanted, label: str) -> Any:
    """The tour's choice for a draw of ``label``: ``wanted``, or (a predicate) the first of a
    ``sampled_from``'s choices it accepts; from a list of choices it must be one of them."""
    choices = getattr(strategy, "elements", None)  # a sampled_from's (None: integers, booleans, permutations)
    if callable(wanted):
        assert choices is not None, f"the tour picks a {label} by a predicate from a draw without a list"
        picked = [choice for choice in choices if wanted(choice)]
        assert picked, f"the tour's {label}: none of {list(choices)}"
        return picked[0]
    assert choices is None or wanted in choices, f"the tour's {label} {wanted!r} is none of {list(choices)}"
    return wanted


class Model:
    """What the model knows of a game beyond storage: its invitations, its rematch."""

    def __init__(self, game_id: str, title: str, kinds: list[str], tokens: dict[int, str], lobby_join: bool,
                 clock: bool) -> None:
        self.id = game_id
        self.title = title
        self.kinds = kinds
        self.tokens = tokens  # invitation tokens of seats nobody has taken with them (a claim voids one)
        self.lobby_join = lobby_join
        self.clock = clock
        self.rematch: str | None = None
        self.accepted: set[int] = set()  # seats whose players are seated in the rematch
        self.script: lessons.Script | None = None  # a lesson game's script

    def guided(self, played: int) -> str | None:
        """The move the lesson's script asks for after ``played`` actions, while it leads."""
        return self.script.actions[played] if self.script and 0 <= played < len(self.script.actions) else None


class ServerMachine(RuleBasedStateMachine):
    """The players of one server (or server pair) and what they do."""

    games = Bundle("games")

    def __init__(self, make_cluster, tight: dict[str, int] | None = None, disruptions: int = MAX_DISRUPTIONS) -> None:
        super().__init__()
        self.tight = tight  # limits on new games per address (count per hour, games waiting), if tight
        # a restart forgets the counts of the limits: none where they are what is tested
        self.max_disruptions = 0 if tight else disruptions
        self.attempts: dict[str, list[float]] = {}  # new games and rematch proposals tried, per address
        self.opened_by: dict[str, str] = {}  # the address that created a game (or proposed it as a rematch)
        if os.environ.get("MODEL_VERBOSE"):
            print(f"\n[{time.strftime('%X')}] new example", flush=True)
        self.cluster: Cluster = make_cluster()
        self.shared = self.cluster.shared
        self.catalog = catalog(self.cluster.servers[0].url)
        self.models: dict[str, Model] = {}
        self.truths: dict[str, Truth] = {}
        self.held: list[Held] = []
        self.watchers: list[Link] = []
        self.accounts: list[Player] = []
        self.signed_up = 0  # accounts made (a removed one's name may come again: names are counted)
        self.tournaments: dict[int, tuple[list[int], str]] = {}  # each tournament's entrants (account ids), game
        self.blocks: set[tuple[int, int]] = set()  # (the blocker's account id, the blocked one's)
        self.names: dict[int, str] = {}  # every account's name by its id (a barred one's too)
        self.friends: set[frozenset[int]] = set()  # the pairs of accounts that are friends
        self.requests: dict[tuple[int, int], bool] = {}  # (asker, asked) -> withheld (the asked blocked the asker)
        self.open_to_all: set[int] = set()  # the accounts that take messages from everyone
        self.unread: collections.Counter = collections.Counter()  # (reader, writer) -> messages not read
        self.delivered: collections.Counter = collections.Counter()  # (writer, reader) -> messages delivered
        self.sent: collections.Counter = collections.Counter()  # (writer, reader) -> messages taken (withheld too)
        self.disruptions = 0
        self.served: dict[tuple[int, str], tuple] = {}  # (process, game) -> what storage held when it answered 200
        self.guests = 0
        self.trace: list[str] = []
        self.drawn: list[str] = []
        self.views = 0  # views compared with the replayed game
        self.chats: dict[Any, list[float]] = {}  # when each seat (or spectator) chatted
        self.logs_read: dict[int, int] = {}  # per process: how much of its log was checked
        self.bots_checked: dict[str, int] = {}  # per game: the moves whose bot choices were checked
        self.hint_links: set[int] = set()  # the connections that asked for a hint (by id): only they hear one
        self.born = time.monotonic()
        self.notes: list[str] = []  # what seats wrote in their notes: no connection or log may carry it
        self.steered: dict[str, list[Any]] = {}  # the tour's choices, by label, for the draws of its next step

    def draw(self, data, strategy, label: str):
        """A value drawn for this step, noted in its trace; the tour's choice (``steered``) instead, when
        it has one left for ``label``."""
        if self.steered.get(label):
            value = data.draw(st.just(chosen(strategy, self.steered[label].pop(0), label)), label=label)
        else:
            value = data.draw(strategy, label=label)
        self.drawn.append(f"{label}={value!r}")
        return value

    def report(self, failed: BaseException) -> str:
        import traceback

        steps = "\n".join(f"  {i + 1}. {line}" for i, line in enumerate(self.trace))
        where = "".join(traceback.format_exception(failed, limit=-3))
        return (f"{type(failed).__name__} after {len(self.trace)} steps on {len(self.cluster.servers)} "
                f"process(es):\n{steps}\n{where}")

    def teardown(self) -> None:
        if os.environ.get("MODEL_VERBOSE"):
            ended = sum(self.known(g).stored.status == "finished" for g in self.models)
            print(f"\n[{time.strftime('%X')}] example: {time.monotonic() - self.born:.1f}s, {len(self.models)} games "
                  f"({ended} finished, "
                  f"{sum(len(self.known(g).stored.actions) for g in self.models)} actions), {self.views} views:",
                  "\n    " + "\n    ".join(self.trace))
        for link in [link for h in self.held for link in h.links] + self.watchers:
            link.close()
        self.cluster.close()

    # ------------------------------------------------------------------ helpers

    def labels(self, title: str, n: int) -> list[str]:
        return [s["label"] for s in self.catalog[title]["seats"][str(n)]]

    def truth(self, game_id: str) -> Truth:
        """The game as storage holds it now (read directly, replayed)."""
        truth = self.truths.setdefault(game_id, Truth(game_id))
        truth.update(self.cluster.store.load(game_id))
        return truth

    def known(self, game_id: str) -> Truth:
        """The game as storage held it at the last look (for preconditions; rules look again)."""
        truth = self.truths.get(game_id)
        return truth if truth is not None and truth.stored is not None else self.truth(game_id)

    def stored_ids(self) -> list[str]:
        """Every stored game; each one's actions numbered 0..n-1 (asked of the table itself)."""
        with self.cluster.store.engine.connect() as conn:
            ids = list(conn.execute(select(games.c.id)).scalars())
            numbered = conn.execute(select(action_rows.c.game_id, func.count(), func.min(action_rows.c.seq),
                                           func.max(action_rows.c.seq)).group_by(action_rows.c.game_id)).all()
        for game_id, count, first, last in numbered:
            assert (first, last) == (0, count - 1), \
                f"game {game_id}: its {count} stored actions are numbered {first}..{last}{self.told()}"
        return ids

    def unfinished(self, fresh: bool = False) -> list[str]:
        look = self.truth if fresh else self.known
        return [g for g in self.models if look(g).stored.status != "finished"]

    def live(self, data) -> int:
        live = self.cluster.live()
        return self.draw(data, st.sampled_from(live), "process") if len(live) > 1 else live[0]

    def new_guest(self) -> Player:
        self.guests += 1
        return Player(f"Guest {self.guests}", f"127.0.1.{self.guests % 250 + 1}")  # each from an address of its own

    def who(self, data) -> Player:
        """A new guest, or one of the accounts."""
        if self.accounts and self.draw(data, st.booleans(), "account"):
            return self.draw(data, st.sampled_from(self.accounts), "who")
        return self.new_guest()

    def person_to_act(self, truth: Truth) -> int | None:
        """The seat to act if it is a person's that no bot plays, in a running game."""
        stored = truth.stored
        if stored.status != "running":
            return None
        seat = truth.state.to_act
        if seat is None:
            return None
        s = stored.seats[seat]
        return seat if s.kind == HUMAN and s.away is None else None

    def holder(self, game_id: str, seat: int) -> Held | None:
        return next((h for h in self.held if h.game == game_id and h.seat == seat), None)

    def link(self, held: Held, data=None, fresh: bool = False, avoid: int | None = None) -> Link:
        """A connection of a held seat: an open one, else (or when ``fresh``) a new one through a live
        process, another than ``avoid`` if there is one (an account greets by its seat, or by the
        token with its session)."""
        for link in held.alive():
            link.drain()  # a connection its process dropped (restart, kill) shows as closed now
        alive = held.alive()
        if alive and not fresh:
            return alive[0]
        live = [i for i in self.cluster.live() if i != avoid] or self.cluster.live()
        server = self.draw(data, st.sampled_from(live), "process") if data is not None and len(live) > 1 else live[0]
        by_seat = held.player.account and (not held.token  # a tournament's seat: by account only
                                           or data is not None and self.draw(data, st.booleans(), "seat hello"))
        hello = ({"type": "hello", "seat": held.label} if by_seat else
                 {"type": "hello", "token": held.token, "name": held.player.name})
        link, answer = open_link(self.cluster, server, held.game, held.seat, hello, held.player)
        assert link is not None, f"{held.player.name} could not open seat {held.label} of {held.game}: {answer}"
        assert link.sock.welcome["you"] == held.label
        held.links.append(link)
        return link

    def other_link(self, held: Held, data, one: Link) -> Link:
        """A second connection of a held seat beside ``one``: through another process where there is one
        (an open one if it has it, else a new one)."""
        single = len(self.cluster.live()) == 1
        others = [link for link in held.alive() if link is not one and (single or link.server != one.server)]
        return others[0] if others else self.link(held, data, fresh=True, avoid=one.server)

    def seat_player(self, game_id: str, seat: int, player: Player, token: str, server: int,
                    hello: dict[str, Any] | None = None) -> tuple[Held | None, dict[str, Any]]:
        """Greet a seat with its token through ``server``; the seat held on success."""
        label = self.labels(self.models[game_id].title, len(self.models[game_id].kinds))[seat]
        link, answer = open_link(self.cluster, server, game_id, seat,
                                 hello or {"type": "hello", "token": token, "name": player.name}, player)
        if link is None:
            return None, answer
        assert link.sock.welcome["you"] == label, link.sock.welcome
        held = Held(game_id, seat, label, player, token, [link])
        self.held.append(held)
        return held, answer

    def wait_moved(self, game_id: str, since: tuple[int, str], bound: float = BOUND) -> Truth:
        """Wait until a game has moved on from ``since`` (actions, status); fail after ``bound`` s."""
        end = time.monotonic() + allowance(bound)
        while True:
            truth = self.truth(game_id)
            if (len(truth.stored.actions), truth.stored.status) != since:
                return truth
            if time.monotonic() > end:
                raise AssertionError(f"game {game_id} is stuck: nothing moved for {BOUND} s at move {since[0]} "
                                     f"(seat to act {truth.state.to_act}, seats "
                                     f"{[(s.kind, s.away) for s in truth.stored.seats]}){self.told()}")
            time.sleep(0.05)

    def wait_all_moved(self, moving: dict[str, tuple[int, str]]) -> None:
        """Wait until every game of ``moving`` has moved on from where it stood; fail after ``BOUND`` s."""
        end = time.monotonic() + allowance(BOUND)
        while moving:
            for game_id, since in list(moving.items()):
                stored = self.truth(game_id).stored
                if (len(stored.actions), stored.status) != since:
                    del moving[game_id]
            if moving and time.monotonic() > end:
                game_id, since = next(iter(moving.items()))
                self.wait_moved(game_id, since, 0.0)  # fails, saying how it stands
            time.sleep(0.02 if moving else 0)

    def wait_person(self, game_id: str) -> Truth:
        """Wait while bots (or stand-ins) move: until a person's turn, or the game is not running."""
        while True:
            truth = self.truth(game_id)
            if truth.stored.status != "running" or self.person_to_act(truth) is not None:
                return truth
            self.wait_moved(game_id, (len(truth.stored.actions), truth.stored.status))

    def told(self) -> str:
        """The server logs' warnings and errors, for a failure's message."""
        lines = []
        for i, server in enumerate(self.cluster.servers):
            lines += [f"  [{i}] {line}" for line in server.output().splitlines()
                      if any(w in line for w in ("ERROR", "WARNING", "Traceback", "Error"))]
        return ("\nserver log:\n" + "\n".join(lines[-30:])) if lines else ""

    def answer_of(self, link: Link, kinds: tuple[str, ...], timeout: float = 20,
                  seat: str | None = None) -> dict[str, Any] | None:
        """The next message of one of ``kinds`` (those naming a seat: ``seat``'s; errors always)."""
        return link.until(lambda m: m["type"] in kinds and (m["type"] == "error" or seat is None
                                                            or m.get("seat") == seat), timeout)

    def check_listed(self, ids: list[str]) -> None:
        """Every game of ``ids`` is listed by every live process and loads there."""
        for i in self.cluster.live():
            http = self.cluster.http(i)
            listing = http.get("/api/games")
            assert listing.status_code == 200, listing.text
            shown = {e["id"] for part in listing.json().values() for e in part}
            for game_id in ids:
                info = http.get(f"/api/games/{game_id}")
                assert info.status_code == 200, \
                    f"process {i}: game {game_id}: {info.status_code} {info.text}{self.told()}"
                if self.models[game_id].script is not None:  # a learner's own game: never in the lobby's lists
                    assert info.json()["lesson"] and (game_id not in shown or info.json()["status"] == "finished"), \
                        f"process {i}: lesson {game_id} is in the lobby's list"
                    continue
                assert game_id in shown or info.json()["status"] == "finished", \
                    f"process {i}: game {game_id} ({info.json()['status']}) is not in the lobby's list"

    # ------------------------------------------------------------------ rules: people and games

    @initialize()
    @traced
    def first_account(self) -> None:
        self.sign_up_as("Ada Model")

    def sign_up_as(self, name: str) -> None:
        self.signed_up += 1
        player = Player.sign_up(self.cluster, self.cluster.live()[0], name, f"127.0.0.{self.signed_up + 10}")
        with self.cluster.store.engine.connect() as conn:
            player.user_id = conn.execute(select(users.c.id).where(users.c.name == name,
                                                                   users.c.removed.is_(None))).scalar_one()
        self.accounts.append(player)
        self.names[player.user_id] = name

    @precondition(lambda self: len(self.accounts) < 3)
    @rule()
    @traced
    def sign_up(self) -> None:
        self.sign_up_as(f"Model {self.signed_up + 1}")

    def unblocked(self) -> list[tuple[Player, Player]]:
        """The pairs of accounts (blocker, blocked) where the one does not block the other yet."""
        return [(a, b) for a in self.accounts for b in self.accounts
                if a is not b and (a.user_id, b.user_id) not in self.blocks]

    @precondition(lambda self: self.unblocked())
    @rule(data=st.data())
    @traced
    def block(self, data) -> None:
        """An account blocks another (nobody is told)."""
        blocker, blocked = self.draw(data, st.sampled_from(self.unblocked()), "block")
        answer = blocker.http(self.cluster, self.live(data)).post("/api/social/blocks", headers=blocker.headers(),
                                                                  json={"name": blocked.name})
        assert answer.status_code == 201, answer.text
        assert blocked.name in [b["name"] for b in answer.json()["blocked"]], answer.text
        self.blocks.add((blocker.user_id, blocked.user_id))
        self.part(blocker.user_id, blocked.user_id)  # a block ends the friendship and the requests
        self.check_social(data, blocker, blocked)

    # ------------------------------------------------------------------ rules: friends and messages (issue 78)

    def pairs(self) -> list[tuple[Player, Player]]:
        return [(a, b) for a in self.accounts for b in self.accounts if a is not b]

    def part(self, one: int, other: int) -> None:
        """The model of two accounts without a friendship or a request between them."""
        self.friends.discard(frozenset((one, other)))
        self.requests.pop((one, other), None)
        self.requests.pop((other, one), None)

    def social(self, player: Player, data, method: str, path: str, body: dict | None = None):
        """A request of ``player`` through a live process."""
        return player.http(self.cluster, self.live(data)).request(method, path, headers=player.headers(), json=body)

    def check_social(self, data, *players: Player) -> None:
        """Each account's friends, requests (one withheld shown to its asker only) and blocks as the server
        lists them are the model's; so are its counts of unread messages and of requests waiting for it."""
        for player in players:
            me = player.user_id
            want = {"friends": sorted(self.names[o] for pair in self.friends if me in pair for o in pair if o != me),
                    "incoming": sorted(self.names[a] for (a, b), hid in self.requests.items() if b == me and not hid),
                    "outgoing": sorted(self.names[b] for a, b in self.requests if a == me),
                    "blocked": sorted(self.names[b] for a, b in self.blocks if a == me)}
            lists = self.social(player, data, "GET", "/api/social").json()
            got = {key: sorted(entry["name"] for entry in lists[key]) for key in want}
            assert got == want, f"{player!r}'s lists are {got}, the model's {want}"
            counts = self.social(player, data, "GET", "/api/social/unread").json()
            assert counts == {"messages": sum(n for (r, _), n in self.unread.items() if r == me),
                              "requests": len(want["incoming"])}, f"{player!r}'s counts: {counts}"

    def played_together(self, one: int, other: int) -> bool:
        """Whether the two accounts held seats in one game, as storage says."""
        mine, theirs = seats.alias("mine"), seats.alias("theirs")
        with self.cluster.store.engine.connect() as conn:
            return conn.execute(select(mine.c.game_id).join(theirs, theirs.c.game_id == mine.c.game_id)
                                .where(mine.c.user_id == one, theirs.c.user_id == other).limit(1)).first() is not None

    @precondition(lambda self: len(self.accounts) > 1)
    @rule(data=st.data())
    @traced
    def ask_friend(self, data) -> None:
        """An account asks another to be friends: refused (``blocking``) when it blocks the other; else the
        two are friends if the other had asked (this accepts), else the request waits — withheld from the
        other when the other blocks the asker."""
        asker, asked = self.draw(data, st.sampled_from(self.pairs()), "friends")
        a, b = asker.user_id, asked.user_id
        answer = self.social(asker, data, "POST", "/api/social/friends", {"name": asked.name})
        if (a, b) in self.blocks:
            assert answer.status_code == 403 and answer.json()["code"] == "blocking", answer.text
        else:
            assert answer.status_code == 201, answer.text
            if (b, a) in self.requests:
                del self.requests[(b, a)]
                self.friends.add(frozenset((a, b)))
            elif frozenset((a, b)) not in self.friends:
                self.requests.setdefault((a, b), (b, a) in self.blocks)
        self.check_social(data, asker, asked)

    def pending(self) -> list[tuple[Player, Player]]:
        """The (asker, asked) of the friend requests waiting between accounts the model plays."""
        return [(a, b) for a, b in self.pairs() if (a.user_id, b.user_id) in self.requests]

    @precondition(lambda self: self.pending())
    @rule(data=st.data(), by=st.sampled_from(("asker", "asked")))
    @traced
    def drop_request(self, data, by) -> None:
        """A friend request is withdrawn by its asker or declined by the account asked: gone for both."""
        asker, asked = self.draw(data, st.sampled_from(self.pending()), "request")
        who, other = (asker, asked) if by == "asker" else (asked, asker)
        answer = self.social(who, data, "DELETE", f"/api/social/requests/{quote(other.name)}")
        assert answer.status_code == 200, answer.text
        del self.requests[(asker.user_id, asked.user_id)]
        self.check_social(data, asker, asked)

    @precondition(lambda self: any(frozenset((a.user_id, b.user_id)) in self.friends for a, b in self.pairs()))
    @rule(data=st.data())
    @traced
    def unfriend(self, data) -> None:
        """Either friend ends the friendship: for both."""
        one, other = self.draw(data, st.sampled_from([(a, b) for a, b in self.pairs()
                                                     if frozenset((a.user_id, b.user_id)) in self.friends]), "friends")
        answer = self.social(one, data, "DELETE", f"/api/social/friends/{quote(other.name)}")
        assert answer.status_code == 200, answer.text
        self.part(one.user_id, other.user_id)
        self.check_social(data, one, other)

    @precondition(lambda self: self.accounts)
    @rule(data=st.data(), everyone=st.booleans())
    @traced
    def message_setting(self, data, everyone) -> None:
        """An account takes messages from everyone, or only from its friends and those it played with."""
        who = self.draw(data, st.sampled_from(self.accounts), "who")
        answer = self.social(who, data, "POST", "/api/account/settings", {"messages_from_everyone": everyone})
        assert answer.status_code == 200 and answer.json()["user"]["messages_from_everyone"] is everyone, answer.text
        (self.open_to_all.add if everyone else self.open_to_all.discard)(who.user_id)
        assert self.social(who, data, "GET", "/api/account").json()["user"]["messages_from_everyone"] is everyone

    @precondition(lambda self: len(self.accounts) > 1)
    @rule(data=st.data())
    @traced
    def write_message(self, data) -> None:
        """An account writes to another: refused (``blocking``) when it blocks the reader; else taken when
        the reader takes messages from everyone, or they are friends, or held seats in one game, or the
        reader wrote to it — and unread by the reader unless the reader blocks the writer (withheld, the
        writer not told) —; else refused (``stranger``), the same whether the reader blocks the writer or not."""
        writer, reader = self.draw(data, st.sampled_from(self.pairs()), "letter")
        w, r = writer.user_id, reader.user_id
        answer = self.social(writer, data, "POST", "/api/social/messages", {"to": reader.name, "text": "a letter"})
        allowed = (r in self.open_to_all or frozenset((w, r)) in self.friends or self.delivered[(r, w)]
                   or self.played_together(w, r))
        if (w, r) in self.blocks:
            assert answer.status_code == 403 and answer.json()["code"] == "blocking", answer.text
        elif not allowed:
            assert answer.status_code == 403 and answer.json()["code"] == "stranger", answer.text
        elif answer.status_code == 429 and sum(n for (a, _), n in self.sent.items() if a == w) >= LETTERS:
            assert answer.json()["code"] == "limit", answer.text  # past the hour's limit (each process counts its own)
        else:
            assert answer.status_code == 201, answer.text
            self.sent[(w, r)] += 1
            if (r, w) not in self.blocks:
                self.unread[(r, w)] += 1
                self.delivered[(w, r)] += 1
        self.check_social(data, writer, reader)

    @precondition(lambda self: len(self.accounts) > 1)
    @rule(data=st.data())
    @traced
    def read_messages(self, data) -> None:
        """An account opens its conversation with another: every message from the other is read now."""
        reader, writer = self.draw(data, st.sampled_from(self.pairs()), "conversation")
        answer = self.social(reader, data, "GET", f"/api/social/messages/{quote(writer.name)}")
        assert answer.status_code == 200, answer.text
        theirs = [m for m in answer.json()["messages"] if not m["mine"]]
        delivered = self.delivered[(writer.user_id, reader.user_id)]
        if delivered + self.sent[(reader.user_id, writer.user_id)] <= CONVERSATION_PAGE:  # all on the newest page
            assert len(theirs) == delivered, answer.text
        self.unread.pop((reader.user_id, writer.user_id), None)
        self.check_social(data, reader)

    def barrable(self) -> list[Player]:
        """The accounts playing in a tournament whose game is not over (what removals and bans broke)."""
        playing = {u for entrants, game_id in self.tournaments.values() if game_id in self.unfinished()
                   for u in entrants}
        return [p for p in self.accounts if p.user_id in playing]

    @precondition(lambda self: self.barrable())
    @rule(data=st.data(), action=st.sampled_from(("remove", "ban")))
    @traced
    def bar_account(self, data, action) -> None:
        """The operators remove or ban an account while the processes run (issue 76): the command
        changes only the account; within ``BOUND`` s each of its seats in a running game is resigned
        (the stand-in plays it on) through the live tables, and each running tournament it plays in
        withdraws it — its page answering on every process all along. The model leaves it out from
        then on (its seats no longer held, its blocks gone with a removed account)."""
        player = self.draw(data, st.sampled_from(self.barrable()), "who")
        mine = [(game_id, s.seat) for game_id in self.models for s in self.truth(game_id).stored.seats
                if s.user_id == player.user_id]
        number = SocialStore(self.cluster.store).report(player.user_id, player.user_id, "the model's report", None)
        done = CliRunner().invoke(app, ["admin", "act", str(number), action, "--db", self.cluster.db])
        assert done.exit_code == 0, done.output
        self.accounts.remove(player)
        for held in [h for h in self.held if h.player is player]:
            self.held.remove(held)
            for link in held.links:
                link.close()
        if action == "remove":  # all that was its own goes: blocks, friends, requests, messages
            gone = player.user_id
            self.blocks = {pair for pair in self.blocks if gone not in pair}
            self.friends = {pair for pair in self.friends if gone not in pair}
            self.requests = {pair: hidden for pair, hidden in self.requests.items() if gone not in pair}
            self.unread = collections.Counter({pair: n for pair, n in self.unread.items() if gone not in pair})
            self.delivered = collections.Counter({pair: n for pair, n in self.delivered.items() if gone not in pair})
            self.sent = collections.Counter({pair: n for pair, n in self.sent.items() if gone not in pair})
        end = time.monotonic() + allowance(BOUND)
        for game_id, seat in mine:
            while (stored := self.truth(game_id).stored).status == "running" and stored.seats[seat].away != "resigned":
                assert time.monotonic() < end, f"{player!r}'s seat {seat} of {game_id} is not resigned{self.told()}"
                time.sleep(0.05)
        reason = {"remove": "removed", "ban": "banned"}[action]
        for tournament, (entrants, _) in self.tournaments.items():
            if player.user_id not in entrants:
                continue
            while True:
                page = self.cluster.http(self.live(data)).get(f"/api/tournaments/{tournament}")
                assert page.status_code == 200, f"tournament {tournament}: {page.status_code} {page.text}{self.told()}"
                shown = page.json()
                withdrawn = {e["name"]: e["withdrawn"] for e in shown["entrants"]}.get(player.name)
                if shown["status"] != "running" or withdrawn == reason:
                    break
                assert time.monotonic() < end, f"tournament {tournament} keeps {player!r}: {shown}{self.told()}"
                time.sleep(0.05)

    def shut_out(self, game_id: str, player: Player) -> bool:
        """Whether an account seated at the game blocks ``player`` (a guest: never)."""
        seated = [s.user_id for s in self.truth(game_id).stored.seats if s.user_id not in (None, player.user_id)]
        return player.account and any((blocker, player.user_id) in self.blocks for blocker in seated)

    @initialize(target=games, data=st.data())
    @traced
    def first_game(self, data):
        """A game to begin with, people in two seats or more, every seat taken by invitation (so they
        can play from the first step)."""
        game_id = self.create_game(data, people=2)
        if game_id is None:
            return multiple()
        model = self.models[game_id]
        for seat in self.free_seats(game_id):
            held, answer = self.seat_player(game_id, seat, self.who(data), model.tokens[seat], self.live(data))
            assert held is not None, f"an invitation was refused: {answer}"
            self.check_seated(held)
        return game_id

    @initialize(target=games, data=st.data())
    @traced
    def lobby_game(self, data):
        """A second game to begin with: in the lobby, its seats free for invitations and claims."""
        game_id = self.create_game(data, people=2, lobby=True)
        return multiple() if game_id is None else game_id

    @precondition(lambda self: len(self.unfinished()) < MAX_GAMES)
    @rule(target=games, data=st.data())
    @traced
    def create(self, data):
        game_id = self.create_game(data)
        return multiple() if game_id is None else game_id

    @precondition(lambda self: len(self.accounts) >= 2 and len(self.unfinished()) < MAX_GAMES)
    @rule(target=games, data=st.data())
    @traced
    def tournament(self, data):
        """A tournament of two accounts (issue 59), round robin or Swiss, with a live or a
        correspondence clock (one without is refused, nothing stored: issue 76): created, both
        sign up, the full sign-up starts it; its game is created by the server, rated, invitation
        only, each seat bound to its account, which takes it by account alone and plays it as any
        game. ``None`` when the creator runs as many tournaments as an account may."""
        title = self.draw(data, st.sampled_from(sorted(t for t, e in self.catalog.items() if e["min_players"] == 2)),
                          "title")
        pair = self.draw(data, st.permutations(self.accounts), "entrants")[:2]
        kind = self.draw(data, st.sampled_from(("round-robin", "swiss")), "kind")
        body: dict[str, Any] = {"name": "Model cup", "game": title, "kind": kind, "seats": 2, "capacity": 2,
                                **({"rounds": 1} if kind == "swiss" else {})}
        creator = pair[0]
        clockless = creator.http(self.cluster, self.live(data)).post("/api/tournaments", json=body,
                                                                     headers=creator.headers())
        assert clockless.status_code == 400 and clockless.json()["code"] == "bad-request", clockless.text
        clock = self.draw(data, st.sampled_from(CLOCKS[1:]), "clock")
        body["clock"] = clock
        answer = creator.http(self.cluster, self.live(data)).post("/api/tournaments", json=body,
                                                                  headers=creator.headers())
        if answer.status_code == 429:
            assert answer.json()["code"] == "limit", answer.text
            return multiple()
        assert answer.status_code == 201, answer.text
        number = answer.json()["id"]
        for player in pair:
            signed = player.http(self.cluster, self.live(data)).post(f"/api/tournaments/{number}/signup", json={},
                                                                     headers=player.headers())
            assert signed.status_code == 201, signed.text
        shown = pair[1].http(self.cluster, self.live(data)).get(f"/api/tournaments/{number}").json()
        assert shown["status"] == "running", shown
        (board,) = shown["schedule"][0]["games"]
        game_id = board["game"]
        self.tournaments[number] = ([p.user_id for p in pair], game_id)
        self.models[game_id] = Model(game_id, title, [HUMAN, HUMAN], {}, False, True)
        stored = self.truth(game_id).stored
        assert stored.rated and not stored.lobby_join and stored.status == "running"
        labels = self.labels(title, 2)
        for seat, name in enumerate(board["players"]):
            player = next(p for p in pair if p.name == name)
            assert stored.seats[seat].user_id == player.user_id, "a tournament seat is bound to its account"
            held, answer = self.seat_player(game_id, seat, player, "", self.live(data),
                                            hello={"type": "hello", "seat": labels[seat]})
            assert held is not None, f"an account could not take its tournament seat: {answer}"
            self.check_seated(held)
        return game_id

    def create_game(self, data, people: int = 0, lobby: bool | None = None) -> str | None:
        """Create a game of a drawn title, seats, options, clock and stand-in (at least ``people``
        human seats; through the lobby or by invitation only as ``lobby`` says, else drawn); ``None``
        when a limit of the creator's address refused it (only with tight limits, and only then)."""
        title = self.draw(data, st.sampled_from(sorted(self.catalog)), "title")
        entry = self.catalog[title]
        n = self.draw(data, st.integers(entry["min_players"], entry["max_players"]), "players")
        levels = self.levels_at(title, n)
        kinds = []
        for _ in range(n):
            kind = self.draw(data, st.sampled_from(KINDS), "seat")
            if "levels" in AVOID and (kind == "spec" or (kind in levels and ":" in levels[kind])):
                kind = "heuristic"
            if kind == "spec":
                kind = levels[self.draw(data, st.sampled_from(sorted(levels)), "level spec")]
            kinds.append(kind)
        for i in range(min(people, n)):
            kinds[i * n // max(people, 1)] = HUMAN
        if HUMAN not in kinds:
            bots = [g for g in self.unfinished() if all(s.kind != HUMAN for s in self.known(g).stored.seats)]
            if len(bots) >= MAX_BOT_GAMES:
                kinds[0] = HUMAN
        body: dict[str, Any] = {"game": title, "seats": kinds,
                                "lobby_join": self.draw(data, st.booleans(), "lobby") if lobby is None else lobby,
                                "rated": self.draw(data, st.booleans(), "rated")}
        body["hints"] = not body["rated"] and self.draw(data, st.booleans(), "hints")
        clock = self.draw(data, st.sampled_from(CLOCKS), "clock")
        if clock is not None:
            body["clock"] = clock
        stand_in = self.draw(data, st.sampled_from((None, *entry["bots"])), "stand-in")
        if stand_in is not None:
            body["stand_in"] = stand_in
        creator = self.who(data)
        why = self.over_limit(creator)
        answer = creator.http(self.cluster, self.live(data)).post("/api/games", json=body, headers=creator.headers())
        if answer.status_code == 429 and answer.json()["code"] == "limit":
            assert why, f"a new game of {creator!r} refused for a limit its address has not reached: {answer.text}"
            self.drawn.append(f"refused: {why}")
            return None
        assert answer.status_code == 201, answer.text
        self.opened_by[answer.json()["id"]] = creator.address
        created = answer.json()
        labels = self.labels(title, n)
        tokens = {labels.index(i["seat"]): i["url"].split("token=")[1] for i in created["invites"]}
        assert sorted(tokens) == [i for i, kind in enumerate(kinds) if kind == HUMAN]
        game_id = created["id"]
        self.models[game_id] = Model(game_id, title, kinds, tokens, body["lobby_join"], clock is not None)
        stored = self.truth(game_id).stored
        assert [s.kind for s in stored.seats] == [levels.get(k, k) for k in kinds]  # a level is stored as its spec
        assert stored.hints == body["hints"]
        if tokens and self.draw(data, st.booleans(), "creator sits"):  # the creator takes the first human seat
            seat = min(tokens)
            held, answer = self.seat_player(game_id, seat, creator, tokens[seat], self.live(data))
            assert held is not None, f"the creator's invitation was refused: {answer}"
            self.check_seated(held)
        return game_id

    def lesson_titles(self) -> list[str]:
        return sorted(title for title, entry in self.catalog.items() if entry["lesson"])

    @precondition(lambda self: len(self.unfinished()) < MAX_GAMES and self.lesson_titles())
    @rule(target=games, data=st.data())
    @traced
    def learn(self, data):
        """A first game with a guide: stored with the lesson's deal, invitation only, unrated, without
        clock, its bot seats marked as the lesson's; the learner may sit down at once."""
        title = self.draw(data, st.sampled_from(self.lesson_titles()), "lesson")
        script = lessons.script(get(title))
        learner = self.who(data)
        why = self.over_limit(learner)
        lang = self.draw(data, st.sampled_from((None, "en", "de")), "lang")
        answer = learner.http(self.cluster, self.live(data)).post(f"/api/learn/{title}", headers=learner.headers(),
                                                                 json={} if lang is None else {"lang": lang})
        if answer.status_code == 429 and answer.json()["code"] == "limit":
            assert why, f"a lesson of {learner!r} refused for a limit its address has not reached: {answer.text}"
            self.drawn.append(f"refused: {why}")
            return multiple()
        assert answer.status_code == 201, answer.text
        made = answer.json()
        self.opened_by[made["id"]] = learner.address
        lesson, n = script.lesson, script.lesson.players
        spec = self.levels_at(title, n).get(lesson.bots, lesson.bots)
        kinds = [HUMAN if i == script.seat else lessons.marked(spec) for i in range(n)]
        stored = self.truth(made["id"]).stored
        assert [s.kind for s in stored.seats] == kinds and stored.seed == lesson.seed, "not the lesson's deal"
        assert (stored.status, stored.lobby_join, stored.rated, stored.clock) == ("open", False, False, None)
        assert made["seat"] == self.labels(title, n)[script.seat]
        model = Model(made["id"], title, kinds, {script.seat: made["url"].split("token=")[1]}, False, False)
        model.script = script
        self.models[made["id"]] = model
        if self.draw(data, st.booleans(), "learner sits"):
            held, hello = self.seat_player(made["id"], script.seat, learner, model.tokens[script.seat],
                                           self.live(data))
            assert held is not None, f"the learner's link was refused: {hello}"
            self.check_seated(held)
        return made["id"]

    def over_limit(self, player: Player) -> str:
        """Why a new game (or a rematch proposal) of ``player`` may be refused for a limit of its address
        ("" when it may not), counting this attempt: the address's new games within the hour, its games
        waiting for players. Conservative: every attempt counts, though a process forgets its counts when
        it restarts and each process counts for itself."""
        if not self.tight:
            return ""
        moment = time.monotonic()
        tried = [t for t in self.attempts.get(player.address, []) if t > moment - 3600]
        self.attempts[player.address] = [*tried, moment]
        waiting = [g for g, address in self.opened_by.items()
                   if address == player.address and self.known(g).stored.status == "open"]
        if len(tried) >= self.tight["creates"]:
            return f"{len(tried)} new games from {player.address} within the hour"
        if len(waiting) >= self.tight["open_games_per_client"]:
            return f"{len(waiting)} games of {player.address} wait for players"
        return ""

    def free_seats(self, game_id: str) -> list[int]:
        stored = self.known(game_id).stored
        return [s.seat for s in stored.seats if s.kind == HUMAN and not s.joined] if stored.status == "open" else []

    def invitable(self) -> list[tuple[str, int]]:
        return [(g, seat) for g, model in self.models.items() for seat in self.free_seats(g) if seat in model.tokens]

    @precondition(lambda self: self.invitable())
    @rule(data=st.data())
    @traced
    def join_by_invitation(self, data) -> None:
        game_id, seat = self.draw(data, st.sampled_from(self.invitable()), "seat")
        player = self.who(data)
        shut_out = self.shut_out(game_id, player)
        held, answer = self.seat_player(game_id, seat, player, self.models[game_id].tokens[seat], self.live(data))
        if shut_out:  # a block never shows: the link answers as an invalid one, the seat stays free
            assert held is None and answer.get("code") == "bad-token", answer
            assert not self.truth(game_id).stored.seats[seat].joined, "a blocked account took the seat"
            return
        assert held is not None, f"the invitation of a free seat was refused: {answer}"
        self.check_seated(held)

    def check_seated(self, held: Held) -> None:
        s = self.truth(held.game).stored.seats[held.seat]
        assert s.joined, f"seat {held.label} of {held.game} greeted but not stored as taken"
        if held.player.account:
            assert s.user_id == held.player.user_id, "an account's seat is not bound to it"

    @rule(game=games, data=st.data())
    @traced
    def claim(self, game, data) -> None:
        """A lobby claim of any seat: a free human seat of a lobby game is given, anything else refused."""
        model, stored = self.models[game], self.truth(game).stored
        seat = self.draw(data, st.sampled_from(range(len(stored.seats))), "seat")
        label = self.labels(model.title, len(stored.seats))[seat]
        player = self.who(data)
        http = player.http(self.cluster, self.live(data))
        answer = http.post(f"/api/games/{game}/claim", headers=player.headers(),
                           json={"seat": label, "name": player.name})
        s = stored.seats[seat]
        if not stored.lobby_join:
            assert (answer.status_code, answer.json()["code"]) == (403, "invite-only"), answer.text
        elif s.kind != HUMAN:
            assert (answer.status_code, answer.json()["code"]) == (400, "bad-seat"), answer.text
        elif s.joined or self.shut_out(game, player):  # a block is told as a seat taken meanwhile
            words = self.catalog[model.title]["seats"][str(len(stored.seats))][seat]["title"]  # as the seat is named
            taken = {"code": "taken", "error": f"Seat {words} is already taken."}
            assert (answer.status_code, answer.json()) == (409, taken), answer.text
            assert self.truth(game).stored.seats[seat].joined == s.joined, "a blocked account took the seat"
            # the process that refused shows the seat taken too, in the game's facts and the lobby
            shown = [http.get(f"/api/games/{game}", headers=player.headers()).json()] + [
                e for e in http.get("/api/games", headers=player.headers()).json()["open"] if e["id"] == game]
            assert all(entry["players"][seat]["joined"] for entry in shown), f"{player!r} sees the seat free: {shown}"
        else:
            assert answer.status_code == 200, answer.text
            model.tokens.pop(seat, None)  # the invitation is void now
            token = answer.json()["url"].split("token=")[1]
            held, hello = self.seat_player(game, seat, player, token, self.live(data))
            assert held is not None, f"the claimed seat's token was refused: {hello}"
            self.check_seated(held)

    def to_move(self) -> list[Held]:
        out = []
        for game_id in self.unfinished():
            seat = self.person_to_act(self.known(game_id))
            held = None if seat is None else self.holder(game_id, seat)
            if held is not None:
                out.append(held)
        return out

    @precondition(lambda self: self.to_move())
    @rule(data=st.data(), moves=st.integers(1, 20))
    @traced
    def act(self, data, moves) -> None:
        """People play a game on: up to ``moves`` actions of whichever held seat is to act."""
        game_id = self.draw(data, st.sampled_from(sorted({h.game for h in self.to_move()})), "game")
        for _ in range(moves):
            truth = self.wait_person(game_id)
            seat = self.person_to_act(truth)
            held = None if seat is None else self.holder(game_id, seat)
            if held is None:
                return
            self.play_one(held, truth, data)

    def play_one(self, held: Held, truth: Truth, data, wrong: bool | None = None) -> None:
        """Play a legal action of a held seat at the current move; it must be taken. While a lesson's
        script leads, the guided one — after another move, which the guide refuses, when ``wrong``
        (drawn when ``None``) and there is another."""
        seq = len(truth.stored.actions)
        link = self.link(held, data)
        view = link.wait_view(lambda m: m["seq"] == seq, FAN_OUT)
        if view is None or view["seq"] != seq:
            now_stored = self.truth(held.game).stored
            raise AssertionError(
                f"{held.label}'s connection (process {link.server}) did not show move {seq} of {held.game}: its "
                f"messages {[(m['type'], m.get('seq', m.get('code'))) for m in link.received[-12:]]}, storage now "
                f"{now_stored.status} at move {len(now_stored.actions)}{self.told()}")
        pending = view["view"].get("pending")
        assert pending, f"seat {held.label} is to act at move {seq} but its view asks nothing"
        action = pending["actions"][self.draw(data, st.integers(0, len(pending["actions"]) - 1), "action")]
        guided = self.models[held.game].guided(seq)
        if guided is not None:
            if action == guided:  # another one, if there is one
                action = next((a for a in pending["actions"] if a != guided), guided)
            if wrong is None:
                wrong = self.draw(data, st.booleans(), "wrong move first")
            if action != guided and wrong:
                self.refused_by_guide(held, link, seq, action)
            action = guided
        link.send({"type": "act", "seq": seq, "action": action})
        reply = link.until(lambda m: (m["type"] == "view" and m["seq"] > seq) or m["type"] == "error", FAN_OUT)
        assert reply is not None and reply["type"] == "view", \
            f"the action {action!r} at move {seq} was not taken: {reply}"

    def guided_seats(self) -> list[Held]:
        """Learners whose lesson's script asks them for a move now."""
        return [h for h in self.to_move() if self.models[h.game].guided(len(self.known(h.game).stored.actions))]

    @precondition(lambda self: self.guided_seats())
    @rule(data=st.data(), steps=st.integers(1, 12))
    @traced
    def follow_guide(self, data, steps) -> None:
        """A learner plays the moves the guide asks for, up to ``steps`` of them (the script's other
        moves are played between), trying another move first — at the first step always, later at
        times —: refused, nothing stored."""
        held = self.draw(data, st.sampled_from(self.guided_seats()), "seat")
        for k in range(steps):
            truth = self.wait_person(held.game)
            if self.person_to_act(truth) != held.seat or not self.models[held.game].guided(len(truth.stored.actions)):
                return
            self.play_one(held, truth, data, wrong=True if k == 0 else None)

    def refused_by_guide(self, held: Held, link: Link, seq: int, action: str) -> None:
        """A move the lesson's guide does not ask for: refused in words, nothing stored."""
        link.send({"type": "act", "seq": seq, "action": action})
        reply = link.until(lambda m: m["type"] == "error" or (m["type"] == "view" and m["seq"] > seq), FAN_OUT)
        assert reply is not None and reply["type"] == "error" and reply["code"] == "guide" and reply["message"], \
            f"the guide let {action!r} through at move {seq} of lesson {held.game}: {reply}"
        assert len(self.truth(held.game).stored.actions) == seq, "a move the guide refused was stored"

    def held_running(self) -> list[Held]:
        return [h for h in self.held if h.game in self.models and self.known(h.game).stored.status == "running"]

    @precondition(lambda self: self.held_running())
    @rule(data=st.data())
    @traced
    def take_back(self, data) -> None:
        """A player asks to take back their last action: granted exactly as the oracle
        (:meth:`taken_back_from`) says — as the view's ``undo`` said, and when refused in the words
        the view gave for it —, removing the action and any bots' answers since."""
        held = self.draw(data, st.sampled_from(self.held_running()), "seat")
        truth = self.truth(held.game)
        seq = len(truth.stored.actions)
        stored = truth.stored
        first = self.taken_back_from(truth, held.seat)
        allowed = first is not None
        if allowed:
            self.drawn.append(f"bots' answers: {seq - 1 - first}")
        link = self.link(held, data)
        end = time.monotonic() + allowance(FAN_OUT)
        while (view := link.wait_view(lambda m: m["seq"] == seq, 0.2)) is None and time.monotonic() < end:
            if self.truth(held.game).stored.actions != stored.actions:  # a bot moved meanwhile: nothing to compare
                return
        assert view is not None, f"the connection of {held.label} did not show move {seq}"
        if stored.seats[held.seat].away is None:
            assert view["undo"] == allowed, f"the view offers undo {view['undo']}, the oracle says {allowed}"
        link.send({"type": "undo", "seq": seq})
        reply = link.until(lambda m: m["type"] in ("taken-back", "error"), FAN_OUT)
        assert reply is not None, "a take-back got no answer"
        if reply["type"] == "error" and reply["code"] == "stale":  # right only if the game moved on meanwhile
            assert self.truth(held.game).stored.actions != stored.actions, f"take-back refused as stale: {reply}"
        elif stored.seats[held.seat].away is not None:
            assert reply["type"] == "error" and reply["code"] == "away", reply
        elif allowed:
            assert reply["type"] == "taken-back" and reply["text"].startswith("You took back"), reply
            assert self.truth(held.game).stored.actions == stored.actions[:first], "the actions taken back are stored"
        else:
            assert reply["type"] == "error" and reply["code"] == "undo", reply
            assert reply["message"] == view.get("undo_why", reply["message"]), "the view gave another reason"

    def taken_back_from(self, truth: Truth, seat: int) -> int | None:
        """The oracle of taking back: the number of the first action ``seat``'s take-back removes now —
        its person's last action, alone while nobody acted since, or with the bots' answers since in an
        unrated game where every other seat is a bot (issue 77) — or ``None`` when it is refused: a
        lesson's step, a move of the seat's stand-in, or an action the engine finds drew on chance or
        showed something hidden among them."""
        stored, states = truth.stored, truth.branch.states
        seq, mine = len(stored.actions), stored.seats[seat]
        if stored.status != "running" or not seq or mine.away is not None:
            return None
        first = seq - 1
        while first >= 0 and stored.seats[states[first].to_act].kind != HUMAN:  # back over the bots' answers
            first -= 1
        if first < 0 or states[first].to_act != seat or (mine.away_at is not None and first < mine.away_at):
            return None  # another person (or a stand-in) acted last
        if first < seq - 1 and (stored.rated or any(s.kind == HUMAN for s in stored.seats if s.seat != seat)):
            return None
        if any(self.models[truth.id].guided(i) is not None for i in range(first, seq)):
            return None
        if any(why_not_undoable(states[i], stored.actions[i]) is not None for i in range(first, seq)):
            return None
        return first

    @precondition(lambda self: self.held_running())
    @rule(data=st.data())
    @traced
    def ask_hint(self, data) -> None:
        """A player asks what the bot would do, at the current move or an old one: answered exactly
        where the game allows hints (created with them, or a lesson; never rated), to the person to
        act, with one of the seat's legal actions; noted in storage; else refused with why."""
        held = self.draw(data, st.sampled_from(self.held_running()), "seat")
        truth = self.truth(held.game)
        stored, model = truth.stored, self.models[held.game]
        seq = max(0, len(stored.actions) - self.draw(data, st.sampled_from((0, 0, 1)), "moves back"))
        allowed = not stored.rated and (stored.hints or model.script is not None)
        turn = truth.state.to_act == held.seat and stored.seats[held.seat].away is None
        link = self.link(held, data)
        self.hint_links.add(id(link))
        link.send({"type": "hint", "seq": seq})
        reply = link.until(lambda m: m["type"] in ("hint", "error"), BOUND)
        assert reply is not None, "a hint got no answer"
        moved = self.truth(held.game).stored.actions != stored.actions
        if reply["type"] == "hint":
            assert allowed and turn and seq == len(stored.actions), f"a hint given where none may be: {reply}"
            assert reply["seq"] == seq and reply["best"] in truth.state.legal_actions(), reply
            assert set(reply["chances"]) == set(self.labels(model.title, len(stored.seats))), reply
        elif not allowed:
            assert reply["code"] == ("rated" if stored.rated else "no-hints"), reply
        elif reply["code"] in ("stale", "hint-stale", "turn", "over", "away"):
            assert moved or not turn or seq != len(stored.actions), f"hint refused, the game as it was: {reply}"
        else:
            assert reply["code"] in ("hinting", "limit"), reply

    @precondition(lambda self: [h for h in self.held_running() if self.known(h.game).stored.seats[h.seat].away is None])
    @rule(data=st.data())
    @traced
    def resign(self, data) -> None:
        held = self.draw(data, st.sampled_from([h for h in self.held_running()
                                                if self.known(h.game).stored.seats[h.seat].away is None]), "seat")
        link = self.link(held, data)
        link.send({"type": "resign"})
        reply = self.answer_of(link, ("resigned", "error"), seat=held.label)
        truth = self.truth(held.game)
        if reply is not None and reply["type"] == "error":
            assert reply["code"] == "over" and truth.stored.status == "finished", reply
            return
        assert reply is not None and reply["seat"] == held.label, reply
        assert truth.stored.seats[held.seat].away == "resigned"

    def abandoned(self) -> list[str]:
        return sorted({h.game for h in self.held_running() if self.known(h.game).stored.seats[h.seat].away is None})

    @precondition(lambda self: self.abandoned())
    @rule(data=st.data())
    @traced
    def everyone_resigns(self, data) -> None:
        """Every player of a game resigns (each through its own connection): the stand-ins play it to
        its end (which the invariants wait for), and a rematch can be proposed."""
        game_id = self.draw(data, st.sampled_from(self.abandoned()), "game")
        for held in [h for h in self.held if h.game == game_id]:
            if self.truth(game_id).stored.seats[held.seat].away is not None:
                continue
            link = self.link(held, data)
            link.send({"type": "resign"})
            reply = self.answer_of(link, ("resigned", "error"), seat=held.label)
            if reply is not None and reply["type"] == "error":
                assert reply["code"] == "over" and self.truth(game_id).stored.status == "finished", reply
                return
            assert reply is not None and reply["seat"] == held.label, reply

    def fillable_seats(self) -> list[tuple[Held, int]]:
        """(a held seat, a free human seat) of the same game waiting for players."""
        return [(h, seat) for g in self.unfinished() for h in self.held if h.game == g for seat in self.free_seats(g)]

    def levels_at(self, title: str, players: int) -> dict[str, str]:
        """The specs of a title's levels at ``players``, as the catalog offers them, by name."""
        return {level["name"]: level["spec"] for level in self.catalog[title]["levels_by_players"][str(players)]}

    def bot_for(self, data, title: str, players: int) -> str:
        """A bot to fill a seat of a table of ``players`` with: a level, a bot kind or a level's spec."""
        levels = self.levels_at(title, players)
        bot = self.draw(data, st.sampled_from([*self.catalog[title]["bots"], *sorted(levels), "spec"]), "bot")
        return levels[self.draw(data, st.sampled_from(sorted(levels)), "level spec")] if bot == "spec" else bot

    @precondition(lambda self: self.fillable_seats())
    @rule(data=st.data())
    @traced
    def fill(self, data) -> None:
        """A player of a game waiting for players gives a free seat to a bot: the table is told, the seat
        is the bot's (a level stored as its spec), and the game starts when no seat waits any more."""
        held, seat = self.draw(data, st.sampled_from(self.fillable_seats()), "seat")
        model = self.models[held.game]
        bot = self.bot_for(data, model.title, len(model.kinds))
        label = self.labels(model.title, len(model.kinds))[seat]
        link = self.link(held, data)
        link.send({"type": "fill", "seat": label, "bot": bot})
        reply = self.answer_of(link, ("filled", "error"), seat=label)
        assert reply is not None and reply["type"] == "filled", f"filling a free seat with {bot!r}: {reply}"
        model.tokens.pop(seat, None)
        self.filled(held.game, seat, bot)

    def filled(self, game_id: str, seat: int, bot: str) -> None:
        """Storage holds ``seat`` as ``bot``'s, and the game runs once no person's seat waits."""
        model = self.models[game_id]
        levels = self.levels_at(model.title, len(model.kinds))
        stored = self.truth(game_id).stored
        assert stored.seats[seat].kind == levels.get(bot, bot), f"seat {seat} is stored as {stored.seats[seat].kind}"
        waiting = [s.seat for s in stored.seats if s.kind == HUMAN and not s.joined]
        assert (stored.status == "open") == bool(waiting), f"{stored.status} with free seats {waiting}"

    def fill_races(self) -> list[tuple[Held, int]]:
        if "races" in AVOID or "race_fill" in AVOID:
            return []
        return [(h, seat) for h, seat in self.fillable_seats()
                if seat in self.models[h.game].tokens or self.models[h.game].lobby_join]

    @precondition(lambda self: self.fill_races())
    @rule(data=st.data())
    @traced
    def race_fill(self, data) -> None:
        """A free seat given to a bot by one player and taken by a newcomer (invitation or claim) at the
        same moment, through two processes: exactly one of them gets it."""
        held, seat = self.draw(data, st.sampled_from(self.fill_races()), "seat")
        model = self.models[held.game]
        label = self.labels(model.title, len(model.kinds))[seat]
        bot = self.bot_for(data, model.title, len(model.kinds))
        claim = model.lobby_join and (seat not in model.tokens or self.draw(data, st.booleans(), "claim"))
        filler = self.link(held, data)
        live = self.cluster.live()
        server = next((i for i in live if i != filler.server), live[0])
        newcomer = self.new_guest()
        token = model.tokens.get(seat)
        link = Link(self.cluster, server, held.game, seat, source=newcomer.address)
        gate = threading.Barrier(2)
        came: dict[str, Any] = {}

        def join() -> None:
            nonlocal token
            try:
                gate.wait(allowance(10))
                if claim:
                    answer = newcomer.http(self.cluster, server).post(f"/api/games/{held.game}/claim",
                                                                    json={"seat": label, "name": newcomer.name})
                    came["claim"] = answer.status_code, answer.json().get("code")
                    if answer.status_code != 200:
                        return
                    token = answer.json()["url"].split("token=")[1]
                link.send({"type": "hello", "token": token, "name": newcomer.name})
                came["hello"] = link.until(lambda m: m["type"] in ("view", "error"), 30)
            except Exception as exc:  # noqa: BLE001 — reported below
                came["failed"] = repr(exc)

        th = threading.Thread(target=join)
        th.start()
        gate.wait(allowance(10))
        filler.send({"type": "fill", "seat": label, "bot": bot})
        th.join(allowance(60))
        reply = self.answer_of(filler, ("filled", "error"), seat=label)
        model.tokens.pop(seat, None)
        joined = came.get("hello") is not None and came["hello"]["type"] == "view"
        given = reply is not None and reply["type"] == "filled"
        self.drawn.append(f"filled: {given}, joined: {joined}")
        assert "failed" not in came, came
        assert joined != given, f"one free seat, filled {reply} and joined {came}"
        if joined:
            self.held.append(Held(held.game, seat, label, newcomer, token, [link]))
            assert reply is not None and reply["code"] in ("taken", "not-open"), reply
        else:
            link.close()
            self.filled(held.game, seat, bot)

    def clock_turns(self) -> list[Held]:
        """Seats to move whose clock runs (not a correspondence clock of a holder on vacation)."""
        return [h for h in self.to_move() if self.models[h.game].clock and not self.stands_still(h)]

    def by_mail(self, game_id: str) -> bool:
        clock = self.known(game_id).stored.clock
        return bool(clock) and clock.get("kind") == "correspondence"

    def holder_of(self, held: Held) -> int | None:
        return self.known(held.game).stored.seats[held.seat].user_id

    def vacations(self, user_id: int | None) -> list[vacation.Vacation]:
        """The account's vacations of this year and later, as stored."""
        if user_id is None:
            return []
        moment = now()
        return vacation.of_account(self.cluster.store, user_id, moment.replace(month=1, day=1, hour=0, minute=0))

    def on_vacation(self, user_id: int | None) -> bool:
        moment = now()
        return any(v.starts <= moment < v.ends for v in self.vacations(user_id))

    def stands_still(self, held: Held) -> bool:
        return self.by_mail(held.game) and self.on_vacation(self.holder_of(held))

    def days_left(self, user_id: int | None) -> int:
        return VACATION_DAYS - vacation.used_in(self.vacations(user_id), now().year)

    def run_out(self, game_id: str, seat: int, left: float = 0.3) -> None:
        """Leave a seat ``left`` seconds on its clock, its turn beginning now (and tell the processes)."""
        store = self.cluster.store
        with store.engine.begin() as conn:  # the game's row first, as the server locks it
            conn.execute(update(games).where(games.c.id == game_id).values(turn_since=now()))
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(clock_left=left))
            store._signal(conn, "game", game_id)

    @precondition(lambda self: self.clock_turns() and (self.shared or self.disruptions < self.max_disruptions))
    @rule(data=st.data())
    @traced
    def time_out(self, data) -> None:
        """The time of the person to act runs out: the stand-in bot takes the seat. There is no fake clock:
        the seat's time left is written to storage, which the processes hear of (PostgreSQL) or read
        when they start (SQLite: a graceful restart)."""
        held = self.draw(data, st.sampled_from(self.clock_turns()), "seat")
        before = self.unfinished()
        count = self.known(held.game).stored.seats[held.seat].timeouts
        if self.shared:
            self.run_out(held.game, held.seat)
        else:
            self.disruptions += 1
            self.cluster.stop(0)
            self.run_out(held.game, held.seat, 0.0)
            self.cluster.start_one(0)
            self.served.clear()
            self.check_listed(before)
        holder = self.holder_of(held)
        covered = self.by_mail(held.game) and holder is not None and self.days_left(holder) > 0
        end = time.monotonic() + allowance(BOUND)
        while not (self.on_vacation(holder) if covered else
                   self.truth(held.game).stored.seats[held.seat].away == "timeout"):
            assert time.monotonic() < end, (f"the clock of {held.label} in {held.game} ran out, no "
                                            f"{'vacation day' if covered else 'timeout'}{self.told()}")
            time.sleep(0.05)
        seat = self.truth(held.game).stored.seats[held.seat]
        assert (seat.away, seat.timeouts) == ((None, count) if covered else ("timeout", count + 1)), seat
        if not covered and self.draw(data, st.booleans(), "back at once"):  # the staller
            self.ask_back(held, data)

    def away(self) -> list[Held]:
        return [h for h in self.held_running() if self.known(h.game).stored.seats[h.seat].away == "timeout"]

    @precondition(lambda self: self.away())
    @rule(data=st.data())
    @traced
    def come_back(self, data) -> None:
        """The person of a seat whose time ran out takes it back: granted only once the stand-in has
        moved for it since (the game has more actions than at the time-out — it may move while the
        request travels), never after the seat's third time-out (lost on time for good)."""
        self.ask_back(self.draw(data, st.sampled_from(self.away()), "seat"), data)

    def ask_back(self, held: Held, data) -> None:
        """``held``'s person asks for the seat back (see ``come_back``)."""
        seat = self.truth(held.game).stored.seats[held.seat]
        link = self.link(held, data)
        link.send({"type": "back"})
        reply = self.answer_of(link, ("back", "error"), seat=held.label)
        truth = self.truth(held.game)
        moved = seat.away_at is None or len(truth.stored.actions) > seat.away_at
        if reply is not None and reply["type"] == "error":
            if truth.stored.status == "finished":
                assert reply["code"] == "not-away", reply
            elif seat.timeouts >= 3:
                assert reply["code"] == "lost-on-time", reply
            else:
                assert reply["code"] == "too-soon", reply
            assert truth.stored.seats[held.seat].away == "timeout"
            return
        assert reply is not None and reply["seat"] == held.label, reply
        assert seat.timeouts < 3 and moved, f"{held.label} came back before the stand-in moved, or after losing"
        assert truth.stored.seats[held.seat].away is None

    def finished_held(self) -> list[Held]:
        return [h for h in self.held if h.game in self.models and self.known(h.game).stored.status == "finished"
                and h.seat not in self.models[h.game].accepted]

    @precondition(lambda self: self.finished_held())
    @rule(target=games, data=st.data())
    @traced
    def rematch(self, data):
        held = self.draw(data, st.sampled_from(self.finished_held()), "seat")
        new = self.ask_rematch(held, self.link(held, data))
        return multiple(*new)

    def ask_rematch(self, held: Held, link: Link) -> list[str]:
        """Propose or accept the rematch of a held seat's finished game; the new game's id if it is new."""
        assert link.wait_view(lambda m: m["status"] == "finished", FAN_OUT), "the game's end did not reach its page"
        model = self.models[held.game]
        proposal = model.rematch is None  # a proposal creates a game, an acceptance does not
        why = self.over_limit(held.player) if proposal else ""
        taken = False
        if not proposal:  # its seat there may have been claimed from the lobby, or given to a bot
            s = self.truth(model.rematch).stored.seats[(held.seat + 1) % len(model.kinds)]
            taken = s.kind != HUMAN or s.joined
        link.send({"type": "rematch"})
        reply = self.answer_of(link, ("rematch", "error"))
        if taken:
            assert reply is not None and reply["type"] == "error" and reply["code"] == "taken", reply
            model.accepted.add(held.seat)
            return []
        if reply is not None and reply["type"] == "error" and reply["code"] == "limit":
            assert why, f"the rematch proposal of {held.player!r} refused for a limit its address has not reached: " \
                        f"{reply['message']}"
            self.drawn.append(f"refused: {why}")
            return []
        assert reply is not None and reply["type"] == "rematch", f"rematch refused: {reply}"
        if proposal:
            self.opened_by[reply["game"]] = held.player.address
        return self.seated_again(held, reply)

    def seated_again(self, held: Held, reply: dict[str, Any]) -> list[str]:
        model = self.models[held.game]
        again = reply["game"]
        n = len(model.kinds)
        assert model.rematch in (None, again), f"two rematches of {held.game}: {model.rematch} and {again}"
        labels = self.labels(model.title, n)
        assert reply["seat"] == labels[(held.seat + 1) % n]
        model.accepted.add(held.seat)
        new = []
        if model.rematch is None:
            model.rematch = again
            old = [lessons.spec_of(s.kind) for s in self.truth(held.game).stored.seats]  # a lesson's: its bots
            kinds = [old[(i - 1) % n] for i in range(n)]
            stored = self.truth(again).stored
            assert [s.kind for s in stored.seats] == kinds, "the rematch's seats did not move on by one"
            self.models[again] = Model(again, model.title, kinds, {}, stored.lobby_join, model.clock)
            new.append(again)
        token = reply["url"].split("token=")[1]
        self.held.append(Held(again, (held.seat + 1) % n, reply["seat"], held.player, token))
        return new

    def senders(self) -> list[tuple[str, Any]]:
        return [("seat", h) for h in self.held if h.game in self.models] + \
               [("watch", w) for w in self.watchers if w.alive]

    @precondition(lambda self: self.senders())
    @rule(data=st.data())
    @traced
    def chat(self, data) -> None:
        """A player chats to the table or the team, or a spectator to the spectators: stored, and back on
        the sender's own connection when it may read it."""
        senders = self.senders()
        what, who = self.draw(data, st.sampled_from(senders), "sender")
        channel = self.draw(data, st.sampled_from(("table", "team")), "channel")
        text = f"note {secrets.token_hex(3)}"
        link = self.link(who, data) if what == "seat" else who
        key = (who.game, who.seat) if what == "seat" else id(who)  # the chat limit counts per seat or connection
        sent = [t for t in self.chats.get(key, []) if t > time.monotonic() - 60]
        self.chats[key] = [*sent, time.monotonic()]
        link.send({"type": "chat", "text": text, "channel": channel})
        reply = link.until(lambda m: (m["type"] == "chat" and m["lines"][-1]["text"] == text) or m["type"] == "error",
                           FAN_OUT)
        assert reply is not None, "a chat message got no answer"
        if reply["type"] == "error" and reply["code"] == "limit":
            assert len(sent) >= 20, f"chat refused after {len(sent)} messages in a minute (the limit is 20)"
        elif reply["type"] == "error":
            assert reply["code"] == "chat-off" and what == "seat" and channel == "team", reply
        else:
            line = reply["lines"][-1]
            assert line["channel"] == ("watchers" if what == "watch" else channel)

    @precondition(lambda self: len([w for w in self.watchers if w.alive]) < 4)
    @rule(game=games, data=st.data())
    @traced
    def spectate(self, game, data) -> None:
        """A guest or an account watches: the seats show taken as storage holds them — every one, to an
        account that a player seated in the open game blocks (a block never shows)."""
        player = self.who(data)
        stored = self.truth(game).stored
        link, answer = open_link(self.cluster, self.live(data), game, None, {"type": "hello", "name": "Watcher"},
                                 player)
        assert link is not None, f"a spectator was refused: {answer}"
        self.watchers.append(link)
        taken = [s.joined or s.kind != HUMAN for s in stored.seats]
        if stored.status == "open" and self.shut_out(game, player):
            taken = [True] * len(taken)

        def shown(message: dict[str, Any]) -> bool:
            return "players" in message and [p["joined"] for p in message["players"]] == taken

        # a process may take in a seat taken through another one a moment later (``FAN_OUT``), and tell it then
        assert shown(answer) or link.until(shown, FAN_OUT), f"{player!r} sees the seats as {link.received}"

    def tabs(self) -> list[Held]:
        return [h for h in self.held if h.game in self.models and len(h.alive()) < 2]

    @precondition(lambda self: self.tabs())
    @rule(data=st.data())
    @traced
    def second_tab(self, data) -> None:
        """A player opens a seat again in another tab, perhaps through another process."""
        held = self.draw(data, st.sampled_from(self.tabs()), "seat")
        self.link(held, data, fresh=True)

    # ------------------------------------------------------------------ rules: processes

    @precondition(lambda self: self.accounts)
    @rule(data=st.data(), days=st.integers(1, 3), end=st.booleans())
    @traced
    def vacation(self, data, days, end) -> None:
        """An account goes on vacation now (``days``), or ends the one it is on: refused exactly when
        it is on vacation already, its bank is short, or it has none going on; the clocks of its seats
        in running correspondence games stand still meanwhile, in the views of every process."""
        player = self.draw(data, st.sampled_from(self.accounts), "who")
        http = player.http(self.cluster, self.live(data))
        going = [v for v in self.vacations(player.user_id) if v.starts <= now() < v.ends]
        left = self.days_left(player.user_id)
        if end:
            number = going[0].id if going else 2**31 - 1
            answer = http.post("/api/account/vacation/end", json={"id": number}, headers=player.headers())
            expected = (200, None) if going else (404, "no-vacation")
        else:
            answer = http.post("/api/account/vacation", json={"days": days}, headers=player.headers())
            expected = ((409, "vacation-overlap") if going else (409, "vacation-bank") if days > left
                        else (200, None))
        assert (answer.status_code, answer.json().get("code")) == expected, (answer.text, expected)
        on = self.on_vacation(player.user_id)
        assert on == (not end if expected[0] == 200 else bool(going))
        for held in self.held:
            truth = self.known(held.game)
            if (truth.stored.status != "running" or not self.by_mail(held.game)
                    or truth.stored.seats[held.seat].user_id != player.user_id):
                continue
            for link in held.alive():
                seen = link.wait_view(lambda m, label=held.label: (
                    ((m.get("clock") or {}).get("paused") or {}).get(label) == ("vacation" if on else None)), FAN_OUT)
                assert seen is not None or not link.alive, \
                    f"{held} on vacation: {on}, but its view's clock does not say so{self.told()}"

    def note_seats(self) -> list[Held]:
        return [h for h in self.held if h.game in self.models]

    @precondition(lambda self: self.note_seats())
    @rule(data=st.data(), shown=st.booleans())
    @traced
    def write_notes(self, data, shown) -> None:
        """A seat's player writes its notes: they read back to that seat alone; another seat's token,
        or none, is refused ``not-yours``; no connection receives them (nor, checked after every step,
        any server log)."""
        held = self.draw(data, st.sampled_from(self.note_seats()), "seat")
        server = self.live(data)
        marker = f"note-{secrets.token_hex(6)}"
        url = f"/api/games/{held.game}/notes"
        answer = held.player.http(self.cluster, server).post(  # a seat bound to an account (a tournament's): no token
            url, json={"seat": held.label, "token": held.token or None, "text": marker, "shown": shown},
            headers=held.player.headers())
        if answer.status_code == 409:
            assert answer.json()["code"] == "over" and self.truth(held.game).stored.status == "finished", answer.text
            return
        assert answer.status_code == 200 and answer.json()["text"] == marker, answer.text
        self.notes.append(marker)
        other = next((h for h in self.held if h.game == held.game and h.seat != held.seat), None)
        stranger = self.cluster.http(server).post(url, json={"seat": held.label, "token": other.token}
                                                  if other is not None else {"seat": held.label})
        assert stranger.status_code == 403 and stranger.json()["code"] == "not-yours", stranger.text
        for link in [link for h in self.held if h.game == held.game for link in h.alive()] + self.watchers:
            link.drain()
            assert marker not in repr(link.received), f"{link} received the notes of {held}{self.told()}"

    @precondition(lambda self: self.disruptions < self.max_disruptions and self.cluster.live() and self.unfinished())
    @rule(data=st.data())
    @traced
    def restart(self, data) -> None:
        """A process shuts down gracefully and starts again."""
        i = self.live(data)
        before = self.unfinished()
        self.disruptions += 1
        self.cluster.stop(i)
        self.cluster.start_one(i)
        self.served.clear()
        self.check_listed(before)

    @precondition(lambda self: self.disruptions < self.max_disruptions and self.cluster.live() and self.unfinished())
    @rule(data=st.data())
    @traced
    def kill(self, data) -> None:
        """A process is killed (SIGKILL); on SQLite it starts again at once, on PostgreSQL the other
        process carries on until a later step starts it again."""
        i = self.live(data)
        before = self.unfinished()
        self.disruptions += 1
        self.cluster.kill(i)
        if not self.cluster.live():
            self.cluster.start_one(i)
        self.served.clear()
        self.check_listed(before)

    @precondition(lambda self: len(self.cluster.live()) < len(self.cluster.servers))
    @rule()
    @traced
    def revive(self) -> None:
        i = next(i for i, up in enumerate(self.cluster.up) if not up)
        before = self.unfinished()
        self.cluster.start_one(i)
        self.served.clear()
        self.check_listed(before)

    # ------------------------------------------------------------------ rules: races

    def fillable(self) -> list[str]:
        if "races" in AVOID or "race_joins" in AVOID:
            return []
        return [g for g in self.unfinished() if len([s for s in self.free_seats(g)
                                                     if s in self.models[g].tokens or self.models[g].lobby_join]) >= 2]

    @precondition(lambda self: self.fillable())
    @rule(data=st.data())
    @traced
    def race_joins(self, data) -> None:
        """Every free seat of an open game taken at the same moment, through different processes, by
        invitation or lobby claim: all are seated, and the game runs."""
        game_id = self.draw(data, st.sampled_from(self.fillable()), "game")
        model = self.models[game_id]
        free = [s for s in self.free_seats(game_id) if s in model.tokens or model.lobby_join]
        live = self.cluster.live()
        plan = []
        for k, seat in enumerate(free):
            claim = model.lobby_join and (seat not in model.tokens or self.draw(data, st.booleans(), "claim"))
            plan.append((seat, claim, live[k % len(live)], self.new_guest()))
        gate = threading.Barrier(len(plan))
        results: dict[int, Any] = {}
        labels = self.labels(model.title, len(model.kinds))

        def go(seat: int, claim: bool, server: int, player: Player) -> None:
            token = model.tokens.get(seat)
            try:
                link = Link(self.cluster, server, game_id, seat, source=player.address)  # connected before the gate
                gate.wait(allowance(10))
                if claim:
                    answer = player.http(self.cluster, server).post(f"/api/games/{game_id}/claim",
                                                            json={"seat": labels[seat], "name": player.name})
                    if answer.status_code != 200:
                        results[seat] = ("claim refused", answer.text)
                        link.close()
                        return
                    token = answer.json()["url"].split("token=")[1]
                link.send({"type": "hello", "token": token, "name": player.name})
                reply = link.until(lambda m: m["type"] in ("view", "error"), 30)
                if reply is not None and reply["type"] == "view":
                    results[seat] = ("seated", link, token, player)
                else:
                    results[seat] = ("refused", reply)
                    link.close()
            except Exception as exc:  # noqa: BLE001 — reported below
                results[seat] = ("failed", repr(exc))

        threads = [threading.Thread(target=go, args=p) for p in plan]
        for th in threads:
            th.start()
        for th in threads:
            th.join(allowance(60))
        for seat, claim, _, _ in plan:
            if claim:
                model.tokens.pop(seat, None)
            outcome = results.get(seat, ("no answer",))
            if outcome[0] == "seated":
                _, link, token, player = outcome
                self.held.append(Held(game_id, seat, labels[seat], player, token, [link]))
        assert all(results.get(s, ("none",))[0] == "seated" for s, *_ in plan), \
            f"free seats taken together were refused: {results}"
        stored = self.truth(game_id).stored
        assert all(s.joined for s in stored.seats if s.kind == HUMAN), "a seat greeted is not stored as taken"
        assert stored.status == "running", \
            f"every seat of {game_id} is taken (through {len(live)} processes at once), but it is stored " \
            f"{stored.status!r}"

    def claimable(self) -> list[tuple[str, int]]:
        if "races" in AVOID or "race_claims" in AVOID:
            return []
        return [(g, s) for g in self.unfinished() if self.models[g].lobby_join for s in self.free_seats(g)]

    @precondition(lambda self: self.claimable())
    @rule(data=st.data())
    @traced
    def race_claims(self, data) -> None:
        """One free seat claimed by two players at the same moment through two processes: one wins."""
        game_id, seat = self.draw(data, st.sampled_from(self.claimable()), "seat")
        model = self.models[game_id]
        label = self.labels(model.title, len(model.kinds))[seat]
        live = self.cluster.live()
        players = [self.new_guest(), self.new_guest()]
        gate = threading.Barrier(2)
        answers: dict[int, Any] = {}

        def go(k: int) -> None:
            http = players[k].http(self.cluster, live[k % len(live)])
            gate.wait(allowance(10))
            answers[k] = http.post(f"/api/games/{game_id}/claim", json={"seat": label, "name": players[k].name})

        threads = [threading.Thread(target=go, args=(k,)) for k in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(allowance(60))
        model.tokens.pop(seat, None)
        codes = sorted(a.status_code for a in answers.values())
        assert codes == [200, 409], f"two claims of one seat: {[a.text for a in answers.values()]}"
        k = next(k for k, a in answers.items() if a.status_code == 200)
        token = answers[k].json()["url"].split("token=")[1]
        held, hello = self.seat_player(game_id, seat, players[k], token, live[k % len(live)])
        assert held is not None, f"the winner's token was refused: {hello}"
        assert self.truth(game_id).stored.seats[seat].name == players[k].name

    def undo_races(self) -> list[Held]:
        """Held seats to act in games where another held person plays too."""
        if "races" in AVOID or "race_take_back" in AVOID:
            return []
        return [h for h in self.to_move() if any(o.game == h.game and o.seat != h.seat
                                                  and not self.known(h.game).stored.seats[o.seat].away
                                                  for o in self.held)]

    def handing_over(self, truth: Truth, actions: list[str], start: int, to: Callable[[int | None], bool]) -> str:
        """One of ``actions`` (tried from ``start``, eight at most) after which ``to`` the seat to act
        holds and that may be taken back; else the one at ``start``."""
        state = truth.state
        for text in (actions[start:] + actions[:start])[:8]:
            after = state.clone()
            after.apply(text)
            if to(after.to_act) and why_not_undoable(state, text) is None:
                self.drawn.append(f"handing over: {text!r}")
                return text
        return actions[start]

    @precondition(lambda self: self.undo_races())
    @rule(data=st.data())
    @traced
    def race_take_back(self, data) -> None:
        """A player plays an action that hands the turn to another player and may be taken back; then
        the take-back and the other player's move are sent at the same moment through two processes:
        one of them happens, never both (up to three times, each when the player's turn comes)."""
        last = self.draw(data, st.sampled_from(self.undo_races()), "seat")
        for _ in range(self.draw(data, st.integers(1, 3), "rounds")):
            truth = self.wait_person(last.game)
            if self.person_to_act(truth) != last.seat:
                return
            self.take_back_or_answer(last, truth, data)

    def take_back_or_answer(self, last: Held, truth: Truth, data) -> None:
        seq = len(truth.stored.actions)
        others = {h.seat: h for h in self.held if h.game == last.game and h.seat != last.seat}
        undo_link = self.link(last, data)
        view = undo_link.wait_view(lambda m: m["seq"] == seq, FAN_OUT)
        assert view is not None and view["view"].get("pending"), view
        actions = view["view"]["pending"]["actions"]
        start = self.draw(data, st.integers(0, len(actions) - 1), "action")
        action = self.handing_over(truth, actions, start, lambda seat: seat in others)
        undo_link.send({"type": "act", "seq": seq, "action": action})
        assert undo_link.wait_view(lambda m: m["seq"] == seq + 1, FAN_OUT), "the move was not taken"
        truth = self.truth(last.game)
        nxt = others.get(self.person_to_act(truth))
        if nxt is None or len(truth.stored.actions) != seq + 1:
            self.drawn.append("the turn went elsewhere")  # none of the actions tried handed it to a held person
            return
        seq += 1
        live = self.cluster.live()
        act_link = self.link(nxt, data)
        if undo_link.server == act_link.server and len(live) > 1:  # through two processes
            act_link = self.other_link(nxt, data, undo_link)
        view = act_link.wait_view(lambda m: m["seq"] == seq, FAN_OUT)
        assert view is not None and view["view"].get("pending"), view
        answers = view["view"]["pending"]["actions"]
        answer = answers[self.draw(data, st.integers(0, len(answers) - 1), "answer")]
        gate = threading.Barrier(2)
        undo = threading.Thread(target=lambda: (gate.wait(allowance(10)), undo_link.send({"type": "undo", "seq": seq})))
        undo.start()
        gate.wait(allowance(10))
        act_link.send({"type": "act", "seq": seq, "action": answer})
        undo.join(allowance(10))
        undone = undo_link.until(lambda m: m["type"] in ("taken-back", "error"), FAN_OUT)
        acted = act_link.until(lambda m: (m["type"] == "view" and m["seq"] != seq) or m["type"] == "error", FAN_OUT)
        undo_ok = undone is not None and undone["type"] == "taken-back"
        act_ok = acted is not None and acted["type"] == "view" and acted["seq"] == seq + 1
        self.drawn.append(f"taken back: {undo_ok}, answered: {act_ok}")
        self.truth(last.game)  # no gap, or it fails here
        assert undo_ok != act_ok, f"take-back {undone} and move {acted} racing: {'both' if undo_ok else 'neither'}"

    def bot_answers(self) -> list[Held]:
        """Held seats to act in games where a bot (or stand-in) plays some seat."""
        if "races" in AVOID or "race_bot_take_back" in AVOID:
            return []
        return [h for h in self.to_move() if any(s.kind != HUMAN or s.away for s in self.known(h.game).stored.seats)]

    @precondition(lambda self: self.bot_answers())
    @rule(data=st.data())
    @traced
    def race_bot_take_back(self, data) -> None:
        """A player plays and takes the action back at once, through another process, while a bot may be
        answering it through the process that plays the game's bots: the take-back happens or is refused,
        and either way the game goes on without a gap (up to three times, each when the seat's turn comes)."""
        held = self.draw(data, st.sampled_from(self.bot_answers()), "seat")
        for _ in range(self.draw(data, st.integers(1, 3), "rounds")):
            truth = self.wait_person(held.game)
            seq = len(truth.stored.actions)
            if self.person_to_act(truth) != held.seat:
                return
            one = self.link(held, data)
            two = self.other_link(held, data, one)
            view = one.wait_view(lambda m, seq=seq: m["seq"] == seq, FAN_OUT)
            assert view is not None and view["view"].get("pending"), view
            actions = view["view"]["pending"]["actions"]
            start = self.draw(data, st.integers(0, len(actions) - 1), "action")
            stored = truth.stored
            action = self.models[held.game].guided(seq) or self.handing_over(
                truth, actions, start,  # to a bot (or a stand-in)
                lambda seat, stored=stored: seat is not None and (
                    stored.seats[seat].kind != HUMAN or stored.seats[seat].away is not None))
            one.send({"type": "act", "seq": seq, "action": action})
            two.wait_view(lambda m, seq=seq: m["seq"] > seq, FAN_OUT)  # the move reached the other process
            two.send({"type": "undo", "seq": seq + 1})
            reply = two.until(lambda m: m["type"] in ("taken-back", "error"), FAN_OUT)
            self.truths[held.game].also([*stored.actions, action])  # the views of the move before it was taken back
            assert reply is not None and (reply["type"] == "taken-back"
                                          or reply["code"] in ("undo", "stale", "over")), reply
            self.drawn.append(f"taken back: {reply['type'] == 'taken-back'}")
            self.truth(held.game)  # no gap, or it fails here

    def self_races(self) -> list[Held]:
        if "races" in AVOID or "race_own_move" in AVOID:
            return []
        return [h for h in self.to_move()]

    @precondition(lambda self: self.self_races())
    @rule(data=st.data(), what=st.sampled_from(("resign", "timeout")))
    @traced
    def race_own_move(self, data, what) -> None:
        """A person's move sent at the same moment as their resignation through another tab (or as their
        time runs out, on PostgreSQL): the game goes on either way, with the stand-in on the seat."""
        held = self.draw(data, st.sampled_from(self.self_races()), "seat")
        if what == "timeout" and not (self.shared and self.models[held.game].clock):
            what = "resign"
        truth = self.truth(held.game)
        seq = len(truth.stored.actions)
        one = self.link(held, data)
        two = self.other_link(held, data, one)
        view = one.wait_view(lambda m: m["seq"] == seq, FAN_OUT)
        two.wait_view(lambda m: m["seq"] == seq, FAN_OUT)
        assert view is not None and view["seq"] == seq and view["view"].get("pending"), view
        actions = view["view"]["pending"]["actions"]
        action = actions[self.draw(data, st.integers(0, len(actions) - 1), "action")]
        action = self.models[held.game].guided(seq) or action  # a lesson's script: the guided move
        gate = threading.Barrier(2)

        failed: list[BaseException] = []

        def other() -> None:
            try:
                gate.wait(allowance(10))
                if what == "resign":
                    two.send({"type": "resign"})
                else:
                    self.run_out(held.game, held.seat, 0.0)
            except BaseException as exc:  # noqa: BLE001 — raised below
                failed.append(exc)

        th = threading.Thread(target=other)
        th.start()
        gate.wait(allowance(10))
        one.send({"type": "act", "seq": seq, "action": action})
        th.join(allowance(30))
        if failed:
            raise failed[0]
        one.until(lambda m: (m["type"] == "view" and m["seq"] != seq) or m["type"] == "error", FAN_OUT)
        if what == "resign":
            reply = self.answer_of(two, ("resigned", "error"), FAN_OUT, seat=held.label)
            assert reply is not None and (reply["type"] == "resigned" or reply["code"] == "over"), reply
        end = time.monotonic() + allowance(BOUND)
        while True:
            stored = self.truth(held.game).stored
            if (stored.status != "running" or stored.seats[held.seat].away or len(stored.actions) > seq
                    or (what == "timeout" and self.stands_still(held))):
                break  # the seat is away (or its holder's vacation began), or the move came first
            assert time.monotonic() < end, f"neither the move nor the seat's {what} happened{self.told()}"
            time.sleep(0.05)

    def rematch_pairs(self) -> list[tuple[Held, Held]]:
        if "races" in AVOID or "race_rematch" in AVOID or self.tight:  # (the limits variant proposes one by one)
            return []
        out = []
        for game_id, model in self.models.items():
            if model.rematch is not None or self.known(game_id).stored.status != "finished":
                continue
            mine = [h for h in self.held if h.game == game_id]
            if len(mine) >= 2:
                out.append((mine[0], mine[1]))
        return out

    @precondition(lambda self: self.rematch_pairs())
    @rule(target=games, data=st.data())
    @traced
    def race_rematch(self, data):
        """Two players of a finished game propose its rematch at the same moment through two processes:
        there is one rematch, and both are seated in it."""
        one, two = self.draw(data, st.sampled_from(self.rematch_pairs()), "pair")
        links = [self.link(one, data), self.link(two, data)]
        if links[0].server == links[1].server and len(self.cluster.live()) > 1:  # through two processes
            links[1] = self.other_link(two, data, links[0])
        for link in links:
            assert link.wait_view(lambda m: m["status"] == "finished", FAN_OUT), "the game's end did not reach its page"
        gate = threading.Barrier(2)
        replies: dict[int, Any] = {}

        def go(k: int) -> None:
            gate.wait(allowance(10))
            links[k].send({"type": "rematch"})
            replies[k] = links[k].until(lambda m: m["type"] in ("rematch", "error"), FAN_OUT)

        threads = [threading.Thread(target=go, args=(k,)) for k in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(allowance(60))
        assert all(replies.get(k) and replies[k]["type"] == "rematch" for k in range(2)), replies
        assert replies[0]["game"] == replies[1]["game"], f"one game, two rematches: {replies}"
        return multiple(*self.seated_again(one, replies[0]), *self.seated_again(two, replies[1]))

    # ------------------------------------------------------------------ invariants

    @invariant()
    @traced
    def no_game_lost_or_stuck(self) -> None:
        took = [time.monotonic()]
        links = [link for h in self.held for link in h.links] + self.watchers
        for link in links:
            link.drain()
            assert id(link) in self.hint_links or all(m["type"] != "hint" for m in link.received), \
                f"{link!r} heard a hint it did not ask for"
        ids = self.stored_ids()
        assert set(self.models) <= set(ids), f"games gone from storage: {set(self.models) - set(ids)}"
        moving = {}
        for game_id in ids:
            truth = self.truth(game_id)  # loads, no gap, replays, finished exactly when over
            stored = truth.stored
            if stored.status == "finished":
                self.check_result(truth)
            elif stored.status == "open":
                assert any(s.kind == HUMAN and not s.joined for s in stored.seats), \
                    f"game {game_id} is open but every seat is taken: {[(s.kind, s.joined) for s in stored.seats]}"
            elif stored.status == "running":
                assert all(s.joined or s.kind != HUMAN for s in stored.seats), f"game {game_id} runs with a free seat"
                assert truth.state.to_act is not None, f"game {game_id} runs, but nobody is to act"
                if self.person_to_act(truth) is None:
                    moving[game_id] = (len(stored.actions), stored.status)
        took.append(time.monotonic())
        self.wait_all_moved(moving)  # a bot or stand-in is to move: it must
        took.append(time.monotonic())
        self.check_views(links)
        self.check_bot_moves(ids)
        self.check_logs()
        took.append(time.monotonic())
        self.check_served(ids)
        self.check_tournaments()
        took.append(time.monotonic())
        self.drawn = [f"{k}={b - a:.1f}s" for k, a, b in zip(("read", "moved", "views", "served"), took, took[1:])]

    def check_result(self, truth: Truth) -> None:
        """A finished game's stored outcome: the seats given up (the result's ``away``: resigned, lost on
        time), with their partners in a team game, rank below every other seat and none of them wins;
        the others win instead where one of them had won; within each group the engine's order stays."""
        result, engine, labels = truth.stored.result, truth.state.outcome(), truth.state.seats
        away, outcome = result.get("away", {}), result["outcome"]
        side = engine.teams or tuple(range(len(labels)))
        lost = {s for s in range(len(labels)) if any(side[s] == side[labels.index(a)] for a in away)}
        place = [outcome["places"][label] for label in labels]
        for a in range(len(labels)):
            for b in range(len(labels)):
                if (a in lost) != (b in lost):
                    assert (place[a] > place[b]) == (a in lost), f"game {truth.id}: {outcome} ranks a seat given up"
                elif engine.places[a] < engine.places[b]:
                    assert place[a] < place[b], f"game {truth.id}: {outcome} is not the engine's order {engine}"
        winners = {labels.index(w) for w in outcome["winners"]}
        assert not winners & lost, f"game {truth.id}: a seat given up wins: {outcome}"
        if set(engine.winners) & lost:
            assert winners == {s for s in range(len(labels)) if s not in lost and place[s] == 1}, outcome
        else:
            assert winners == set(engine.winners), f"game {truth.id}: {outcome} has other winners than {engine}"

    def check_logs(self) -> None:
        """No server says a bot failed, a bot job broke for a reason other than the database, or a
        message or request failed (a traceback)."""
        for i, server in enumerate(self.cluster.servers):
            text = server.output()
            new, self.logs_read[i] = text[self.logs_read.get(i, 0):], len(text)
            bad = [line for line in new.splitlines() if BAD_LOG.search(line)]
            assert not bad, f"process {i} logged:\n" + "\n".join(bad[:10]) + self.told()
            assert not any(marker in text for marker in self.notes), f"process {i} logged a seat's notes{self.told()}"

    def check_bot_moves(self, ids: list[str]) -> None:
        """Every stored move of a ``random`` or ``heuristic`` bot seat is the one a fresh bot of that kind
        chooses at that position (they are seeded from the game's seed, the seat and the move): a bot
        that decided on another position than the game's — a state kept from a line taken back — is
        caught even when its move happens to be legal. A lesson game's moves are its script's while it
        leads, whoever played them; its bots' after it are their spec's."""
        for game_id in ids:
            truth = self.truths[game_id]
            stored, branch = truth.stored, truth.branch
            model = self.models.get(game_id)
            done = self.bots_checked.get(game_id, 0)
            if done > len(branch.actions) or branch.actions[:done] != stored.actions[:done]:
                done = 0  # a move was taken back: the line is checked again from the start
            for ply in range(done, len(stored.actions)):
                guided = model.guided(ply) if model is not None else None
                assert guided in (None, stored.actions[ply]), \
                    f"lesson {game_id}: move {ply} is {stored.actions[ply]!r}, its script says {guided!r}"
                seat = branch.states[ply].to_act
                kind = lessons.spec_of(stored.seats[seat].kind)
                if guided is not None or kind not in ("random", "heuristic"):
                    continue
                fresh = fresh_choice(branch.states[ply], kind, seat, stored.seed)
                assert stored.actions[ply] == fresh, (
                    f"game {game_id}: the {kind} bot of seat {seat} played {stored.actions[ply]!r} at move {ply}, "
                    f"where a fresh {kind} bot plays {fresh!r}: it decided on another position{self.told()}")
            self.bots_checked[game_id] = len(stored.actions)

    def check_views(self, links: list[Link]) -> None:
        """Every message received since the last check: views as the replayed game gives them to the seat."""
        for link in links:
            truth = self.known(link.game_id)
            for message in link.received[link.checked:]:
                kind = message["type"]
                if kind == "view":
                    self.views += 1
                    wrong = view_matches(truth, link.seat, message)
                    assert wrong is None, f"game {link.game_id}, seat {link.seat}: {wrong}"
                    self.check_guide(link, message)
                elif kind == "chat":
                    team_of = truth.state.game.teams(len(truth.stored.seats))
                    for line in message["lines"]:
                        if link.seat is None:
                            assert line["channel"] in ("table", "watchers"), line
                        else:
                            assert line["channel"] != "watchers", f"a player read the spectators' chat: {line}"
                            if line["channel"] == "team":
                                sender = self.labels(self.models[link.game_id].title,
                                                     len(truth.stored.seats)).index(line["from"])
                                assert team_of and team_of[sender] == team_of[link.seat], f"team chat leaked: {line}"
                elif kind == "error":
                    assert message["code"] not in NEVER, f"game {link.game_id}: {message}{self.told()}"
            link.checked = len(link.received)

    def check_guide(self, link: Link, message: dict[str, Any]) -> None:
        """A view carries the guide exactly when it is a lesson learner's while the script leads (or at
        its end: the outro); the guide names the learner's own step, nothing while the others move."""
        script, seq, guide = self.models[link.game_id].script, message["seq"], message.get("guide")
        learner = script is not None and link.seat == script.seat and seq <= len(script.actions)
        assert (guide is not None) == learner, f"game {link.game_id}, seat {link.seat}, move {seq}: guide {guide}"
        if guide is None:
            return
        if seq == len(script.actions):
            assert guide["outro"] and "action" not in guide, guide
        elif script.lesson.learner(seq):
            assert guide["action"] == script.actions[seq] and guide["text"], guide
        else:
            assert guide["action"] is None and guide["label"] is None, guide

    def check_tournaments(self) -> None:
        """Every tournament's page answers on every live process, standings and all (issue 76: one
        whose player was removed answered 500)."""
        for i in self.cluster.live():
            for number in self.tournaments:
                page = self.cluster.http(i).get(f"/api/tournaments/{number}")
                assert page.status_code == 200, f"process {i}: tournament {number}: {page.text}{self.told()}"

    def check_served(self, ids: list[str]) -> None:
        """``GET /api/games/{id}`` answers 200 on every live process, with the game as storage holds it
        (a process may lag behind another's move for up to ``FAN_OUT`` s); asked again whenever the game
        changed."""
        rank = {"open": 0, "running": 1, "finished": 2}
        for i in self.cluster.live():
            http = self.cluster.http(i)
            for game_id in ids:
                stored = self.truths[game_id].stored
                mark = (len(stored.actions), stored.status, tuple((s.joined, s.away) for s in stored.seats))
                if self.served.get((i, game_id)) == mark:
                    continue
                end = time.monotonic() + allowance(FAN_OUT)
                while True:
                    before = self.truth(game_id).stored
                    answer = http.get(f"/api/games/{game_id}")
                    assert answer.status_code == 200, \
                        f"process {i}: GET /api/games/{game_id}: {answer.status_code} {answer.text}{self.told()}"
                    after = self.truth(game_id).stored
                    info = answer.json()
                    if (len(before.actions) <= info["ply"] <= len(after.actions)
                            and rank[before.status] <= rank[info["status"]] <= rank[after.status]):
                        break
                    assert time.monotonic() < end, (
                        f"process {i} shows game {game_id} {info['status']} at move {info['ply']}, but storage "
                        f"holds it {after.status} at move {len(after.actions)}{self.told()}")
                    time.sleep(0.05)
                self.served[(i, game_id)] = mark


# ---------------------------------------------------------------------- the tour

#: seconds a step of the tour waits for its rule's preconditions (bots and stand-ins playing meanwhile)
TOUR_WAIT = 90.0
#: a correspondence clock, for the time-outs and vacations of the tour
BY_MAIL = CLOCKS[2]


def every_rule() -> set[str]:
    """The names of ``ServerMachine``'s rules and initializers (every method decorated with ``@rule`` or
    ``@initialize``)."""
    setup = ServerMachine.setup_state()
    return {r.function.__name__ for r in [*setup.rules, *setup.initializers]}


#: what only a cluster of two processes reaches: ``revive`` starts a process that is down beside one running
#: (on one process, ``kill`` starts it again at once)
SHARED_ONLY = {"revive"}


class Tour:
    """One scripted example that takes every rule of ``ServerMachine``, in an order that meets their
    preconditions, on fresh processes: the random examples may leave a rule out (Hypothesis draws the rules,
    and turns some off in each example), the tour never does. Each step waits (while bots and stand-ins
    play, up to ``TOUR_WAIT`` s) until its rule's preconditions hold — and ``when``, what the step needs
    beyond them —, runs the rule with the arguments given and the draws named in ``steer`` (the tour's
    choices, each one the draw could make; the rest are Hypothesis's), and checks the invariants, as a
    random example does after every step."""

    def __init__(self, machine: ServerMachine, data) -> None:
        self.machine = machine
        self.data = data
        setup = ServerMachine.setup_state()
        self.rules = {r.function.__name__: r for r in [*setup.rules, *setup.initializers]}
        self.games: list[str] = []  # the ``games`` bundle

    def step(self, name: str, when: Callable[[], Any] | None = None, steer: dict[str, list[Any]] | None = None,
             **arguments) -> str | None:
        """Run rule ``name`` once it may run; the first game it adds, if it adds one."""
        machine, rule = self.machine, self.rules[name]
        end = time.monotonic() + allowance(TOUR_WAIT)
        while not (all(p(machine) for p in rule.preconditions) and (when is None or when())):
            assert time.monotonic() < end, f"the tour cannot take {name}: its preconditions do not hold{machine.told()}"
            time.sleep(0.1)
            for game_id in machine.models:  # preconditions read the last look at storage: look again
                machine.truth(game_id)
        for key, value in arguments.items():
            assert value in self.games if key == "game" else chosen(rule.arguments[key], value, key) == value
        if "data" in rule.arguments:
            arguments["data"] = self.data
        machine.steered = {label: list(values) for label, values in (steer or {}).items()}
        result = rule.function(machine, **arguments)
        unused = {label: values for label, values in machine.steered.items() if values}
        machine.steered = {}
        assert not unused, f"the tour steered draws {name} did not make: {unused}"
        new = [] if result is None else list(result.values) if isinstance(result, MultipleResults) else [result]
        self.games += new
        machine.no_game_lost_or_stuck()
        return new[0] if new else None

    def walk(self) -> None:
        """Every rule, with the games each needs: G1 two guests by invitation on a correspondence clock
        with hints, G2 a lobby game of two free seats, G3 a lobby game of three, G4 a game of an account
        (and a blocked one's claim), a tournament and a lesson."""
        m, step = self.machine, self.step
        game = {"title": ["e1815"], "rated": [False], "stand-in": [None]}
        step("first_account")
        g1 = step("first_game", steer={**game, "players": [2], "lobby": [False], "hints": [True], "clock": [BY_MAIL],
                                       "account": [False, False], "creator sits": [True]})
        g2 = step("lobby_game", steer={**game, "players": [2], "hints": [False], "clock": [None], "account": [False],
                                       "creator sits": [False]})
        step("sign_up")
        ada, other = m.accounts
        # friends and messages (issue 78): strangers write only to an account open to everyone, a request
        # waits for its answer, a block ends it all and withholds what the blocked account sends
        step("message_setting", everyone=True, steer={"who": [other]})
        step("write_message", steer={"letter": [(other, ada)]})  # refused: ada takes none from strangers
        step("write_message", steer={"letter": [(ada, other)]})  # taken: other takes them from everyone
        step("read_messages", steer={"conversation": [(other, ada)]})
        step("ask_friend", steer={"friends": [(ada, other)]})
        step("drop_request", by="asked", steer={"request": [(ada, other)]})  # other declines
        step("ask_friend", steer={"friends": [(ada, other)]})
        step("ask_friend", steer={"friends": [(other, ada)]})  # other accepts: friends
        step("write_message", steer={"letter": [(other, ada)]})  # friends write to each other
        step("unfriend", steer={"friends": [(ada, other)]})
        step("ask_friend", steer={"friends": [(other, ada)]})
        step("block", steer={"block": [(other, ada)]})  # ends other's request
        step("ask_friend", steer={"friends": [(ada, other)]})  # withheld from other
        step("write_message", steer={"letter": [(ada, other)]})  # withheld from other, ada not told
        step("drop_request", by="asker", steer={"request": [(ada, other)]})  # ada withdraws
        three = {**game, "players": [3], "seat": [HUMAN] * 3, "lobby": [True], "hints": [False], "clock": [None]}
        g3 = step("create", steer={**three, "stand-in": ["random"], "account": [False], "creator sits": [False]})
        g4 = step("create", steer={**three, "account": [True], "who": [other], "creator sits": [True]})
        step("claim", game=g4, steer={"seat": [1], "account": [True], "who": [ada]})  # refused: ``other`` blocks ada
        step("spectate", game=g4, steer={"account": [True], "who": [ada]})  # to ada, every seat of G4 looks taken
        step("fill", steer={"seat": [lambda pair: pair[0].game == g4 and pair[1] == 1], "bot": ["random"]})
        step("join_by_invitation", steer={"seat": [(g4, 2)], "account": [False]})
        step("race_claims", steer={"seat": [(g2, 0)]})
        step("race_fill", steer={"seat": [lambda pair: pair[0].game == g2], "bot": ["random"]})
        step("race_joins", steer={"game": [g3]})
        step("tournament", steer={"title": ["e1815"], "kind": ["round-robin"], "clock": [BY_MAIL]})
        lesson = step("learn", steer={"lesson": ["e1815"], "account": [False], "learner sits": [True]})
        step("follow_guide", steps=2, steer={"seat": [lambda h: h.game == lesson]})
        step("spectate", game=g1)
        step("chat", steer={"sender": [lambda sender: sender[0] == "seat" and sender[1].game == g1],
                            "channel": ["table"]})
        step("second_tab", steer={"seat": [lambda h: h.game == g1]})
        step("write_notes", shown=True, steer={"seat": [lambda h: h.game == g1]})
        step("act", moves=3, when=lambda: any(h.game == g1 for h in m.to_move()), steer={"game": [g1]})
        step("take_back", steer={"seat": [lambda h: h.game == g1 and h.seat != m.known(g1).state.to_act]})
        step("ask_hint", steer={"seat": [lambda h: h.game == g1 and h.seat == m.known(g1).state.to_act],
                                "moves back": [0]})
        step("race_take_back", when=lambda: any(h.game == g1 for h in m.undo_races()),
             steer={"seat": [lambda h: h.game == g1], "rounds": [1]})
        step("race_bot_take_back", when=lambda: any(h.game == g4 for h in m.bot_answers()),
             steer={"seat": [lambda h: h.game == g4], "rounds": [1]})
        step("race_own_move", what="resign", when=lambda: any(h.game == g3 for h in m.self_races()),
             steer={"seat": [lambda h: h.game == g3]})
        step("everyone_resigns", steer={"game": [g3]})
        # G5, a person against a bot, unrated: the person's move is taken back with the bot's answers
        alone = {**game, "players": [2], "seat": [HUMAN, "random"], "lobby": [False], "hints": [False],
                 "clock": [None], "account": [False], "creator sits": [True]}
        g5 = step("create", steer=alone)

        def answered() -> bool:  # the bot has answered the person, whose turn it is again
            states = m.known(g5).branch.states
            return any(h.game == g5 for h in m.to_move()) and len(states) > 1 and states[-2].to_act == 1

        for _ in range(20):
            if answered():
                break
            step("act", moves=1, when=lambda: any(h.game == g5 for h in m.to_move()), steer={"game": [g5]})
        step("take_back", when=answered, steer={"seat": [lambda h: h.game == g5]})
        step("race_rematch", when=lambda: any(one.game == g3 for one, _ in m.rematch_pairs()),
             steer={"pair": [lambda pair: pair[0].game == g3]})
        step("rematch", steer={"seat": [lambda h: h.game == g3]})  # the third player of G3 accepts
        step("vacation", days=1, end=False, steer={"who": [ada]})
        step("vacation", days=1, end=True, steer={"who": [ada]})
        step("time_out", when=lambda: any(h.game == g1 for h in m.clock_turns()),
             steer={"seat": [lambda h: h.game == g1], "back at once": [True]})  # refused unless the stand-in moved
        if not any(h.game == g1 for h in m.away()):  # the stand-in moved before the request came: granted at once
            step("time_out", when=lambda: any(h.game == g1 for h in m.clock_turns()),
                 steer={"seat": [lambda h: h.game == g1], "back at once": [False]})
        step("come_back", steer={"seat": [lambda h: h.game == g1]})

        def moved_for(held: Held) -> bool:
            stored = m.known(held.game).stored
            return held.game == g1 and len(stored.actions) > (stored.seats[held.seat].away_at or 0)

        if any(h.game == g1 for h in m.away()):  # once the stand-in has moved for the seat, it is taken back
            step("come_back", when=lambda: any(moved_for(h) for h in m.away()), steer={"seat": [moved_for]})
        step("restart")
        step("kill")
        if m.shared:
            step("revive")
        step("resign", steer={"seat": [lambda h: h.game == g4]})
        step("bar_account", action="remove", steer={"who": [other]})  # its tournament game still runs


def take_the_tour(make) -> None:
    """The tour on fresh processes of ``make``; fails naming every rule it did not run (on one process:
    but those of ``SHARED_ONLY``)."""
    before = RAN.copy()
    shared: list[bool] = []

    @settings(**BASE, max_examples=1, phases=[Phase.generate])
    @given(st.data())
    def tour(data) -> None:
        machine = ServerMachine(make, disruptions=MAX_DISRUPTIONS + 1)  # room for a second time-out (see walk)
        shared.append(machine.shared)
        try:
            Tour(machine, data).walk()
        finally:
            machine.teardown()

    tour()
    toured = {name for name, count in RAN.items() if count > before[name]}
    missed = sorted(every_rule() - toured - (set() if shared[0] else SHARED_ONLY))
    assert not missed, f"the tour did not run {missed}: take them in Tour.walk"


# ---------------------------------------------------------------------- the tests

BASE = dict(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), report_multiple_bugs=False)
#: bots move at once and think briefly; on SQLite in a worker process, on PostgreSQL on a thread of each process
OPTIONS = dict(bot_delay=0.0, bot_think=0.03, args=("--stand-in-pace", "0.2"))  # a stand-in after a time-out too


def sqlite_cluster(tmp_path, limits: dict[str, Any] | None = None):
    def make() -> Cluster:
        folder = tmp_path / secrets.token_hex(4)
        folder.mkdir()
        return Cluster(str(folder / "games.db"), 1, bot_workers=1, limits=limits, **OPTIONS).start()
    return make


def postgres_cluster(postgres):
    def make() -> Cluster:
        name = "model_" + secrets.token_hex(4)
        with psycopg.connect(postgres.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return Cluster(postgres.url.rsplit("/", 1)[0] + "/" + name, 2, bot_workers=0, **OPTIONS).start()
    return make


def run(make, tight: dict[str, int] | None = None, disruptions: int = MAX_DISRUPTIONS, tour: bool = False,
        **options) -> None:
    """The random examples of ``options`` on fresh processes of ``make`` each; then, with ``tour``, the tour."""
    if os.environ.get("MODEL_VERBOSE"):  # print every example's steps
        options["verbosity"] = Verbosity.verbose
    options["max_examples"] *= int(os.environ.get("MODEL_SCALE", "1"))  # more examples in a local run
    if not os.environ.get("MODEL_SHRINK"):  # each try starts servers: shrink only when asked (MODEL_SHRINK=1)
        options["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
    steps = options["stateful_step_count"]
    FIRST.clear()
    RAN.clear()
    try:
        run_state_machine_as_test(lambda: ServerMachine(make, tight, disruptions), settings=settings(**BASE, **options),
                                  _min_steps=steps // 2)  # no example of a step or two
        if tour and not AVOID:
            take_the_tour(make)
    except Exception as exc:
        if FIRST:  # the failure as it first happened, whatever the replay did
            raise AssertionError(FIRST[0]) from exc
        raise
    finally:
        if os.environ.get("MODEL_VERBOSE"):
            print("\nrules run:", dict(sorted(RAN.items())))


def test_one_process_on_sqlite(tmp_path):
    run(sqlite_cluster(tmp_path), disruptions=2, max_examples=2, stateful_step_count=30, tour=True)


def test_two_processes_on_postgresql(postgres):
    run(postgres_cluster(postgres), disruptions=2, max_examples=2, stateful_step_count=30, tour=True)


#: tight limits on new games per address (the rest roomy): every player comes from an address of its own,
#: so a refusal is right only when that player's own address reached the limit
TIGHT = {"creates": 1, "open_games_per_client": 1}


def test_limits_count_per_address(tmp_path):
    limits = {**ROOMY, "creates": f"{TIGHT['creates']}/hour", "open_games_per_client": TIGHT["open_games_per_client"]}
    run(sqlite_cluster(tmp_path, limits), TIGHT, max_examples=2, stateful_step_count=25)


def test_the_tour_names_every_rule():
    """Every rule of the machine has a step in ``Tour.walk`` (the bounded runs check that each one ran)."""
    import inspect

    named = set(re.findall(r'step\("(\w+)"', inspect.getsource(Tour.walk)))
    assert named <= every_rule(), f"the tour names no such rule: {sorted(named - every_rule())}"
    assert every_rule() - named == set(), f"the tour has no step for {sorted(every_rule() - named)}"
    assert {"first_game", "claim", "race_rematch", "revive"} <= every_rule()  # the introspection finds them


def at_length(request) -> None:
    """The long runs go with ``-m slow`` (``make slow``) only: a plain run of this file stays short."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m slow (make slow)")


@pytest.mark.slow
def test_one_process_on_sqlite_at_length(tmp_path, request):
    at_length(request)
    run(sqlite_cluster(tmp_path), max_examples=25, stateful_step_count=40)


@pytest.mark.slow
def test_two_processes_on_postgresql_at_length(postgres, request):
    at_length(request)
    run(postgres_cluster(postgres), max_examples=15, stateful_step_count=40)




def test_a_bot_decides_on_the_game_as_it_is_after_a_take_back(tmp_path):
    """Found by the machine (``race_bot_take_back`` then ``act``: "bot seat … failed at move N (illegal)",
    the game stuck): a person plays A, which hands the turn to a bot, and takes it back while the bot
    thinks; the worker keeps the state after A. The person then plays C: the bot's next job has as many
    actions as the state kept, so the worker carries it on without looking and the bot decides on A's
    position — a move the game refuses (the table's bots stop: stuck) or, as here, a legal move chosen
    for another position."""

    cluster = Cluster(str(tmp_path / "games.db"), 1, bot_workers=1, **OPTIONS).start()
    try:
        game = cluster.http(0).post("/api/games", json={"game": "e1815", "seats": ["human", "random"]}).json()
        token = game["invites"][0]["url"].split("token=")[1]
        link, _ = open_link(cluster, 0, game["id"], 0, {"type": "hello", "token": token, "name": "Ann"})
        truth = Truth(game["id"])
        truth.update(cluster.store.load(game["id"]))
        state, seq = truth.state, len(truth.stored.actions)
        assert state.to_act == 0 and link.wait_view(lambda m: m["seq"] == seq)

        def after(action: str) -> State:
            probe = state.clone()
            probe.apply(action)
            return probe

        handing = [a for a in state.legal_actions() if after(a).to_act == 1 and why_not_undoable(state, a) is None]
        pairs = [(a, c) for a in handing for c in handing if after(a).legal_actions() != after(c).legal_actions()]
        assert pairs, "no two actions for the test at the start of e1815"
        first, then = pairs[0]
        link.send({"type": "act", "seq": seq, "action": first})
        assert link.wait_view(lambda m: m["seq"] == seq + 1)
        link.send({"type": "undo", "seq": seq + 1})
        assert link.until(lambda m: m["type"] in ("taken-back", "error"))["type"] == "taken-back"
        time.sleep(0.5)  # the worker has finished the job of the line taken back
        link.send({"type": "act", "seq": seq, "action": then})
        end = time.monotonic() + allowance(BOUND)
        while len((stored := cluster.store.load(game["id"])).actions) < seq + 2:
            assert time.monotonic() < end, f"the bot did not answer {then!r}{cluster.servers[0].output()[-800:]}"
            time.sleep(0.05)
        assert stored.actions[seq] == then
        assert stored.actions[seq + 1] == fresh_choice(after(then), "random", 1, stored.seed), \
            "the bot decided on the position of the action taken back"
        link.close()
    finally:
        cluster.close()


def test_an_error_a_bot_worker_raises_reaches_the_server():
    """Found beside the one above (server log: "bot seat … could not move (BrokenProcessPool)"): a
    worker whose kept state parts from the job's record raises ``ReplayError`` while replaying; the
    error is pickled back to the server, where ``ReplayError(message, index)`` cannot be rebuilt
    (``__init__`` wants ``index``), which breaks the whole process pool: every move being computed
    fails and the pool starts again."""
    import pickle

    from realpolitik.engine import ReplayError
    from realpolitik.i18n import t

    error = ReplayError(t("action {number} {action} does not replay: {problem}", number=3, action="'x'",
                          problem="no"), 2)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is ReplayError and again.index == 2 and str(again) == str(error)


@pytest.mark.slow
def test_a_process_that_loads_a_game_while_another_changes_it_catches_up(postgres, request):
    """Found by the machine on PostgreSQL (``check_served``: "process 0 shows game … open at move 0, but
    storage holds it running"): a game created and joined at once through process 1; process 0 loads it
    when it hears of it, and the join's signal arrives while that load is in flight — the second load
    (``Roster.table``) finds the first one's table and returns it without catching up, so process 0 keeps
    the game as first read: open, though every seat is taken, until the game changes again. A person
    playing through process 0 is refused ('waiting', "free: " none). Racy: with process 0 busy (bot
    searches on its thread, as under load) it shows within a few tries; idle, rarely."""
    at_length(request)
    name = "model_" + secrets.token_hex(4)
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    cluster = Cluster(postgres.url.rsplit("/", 1)[0] + "/" + name, 2, bot_workers=0, **OPTIONS).start()
    stale = []
    try:
        for _ in range(2):  # searches on process 0's bot thread keep it busy, as a loaded server is
            cluster.http(0).post("/api/games", json={"game": "e1815-2vs2", "seats": ["ismcts"] * 4})
        for _ in range(40):
            game = cluster.http(1).post("/api/games", json={"game": "e1815", "seats": ["human", "heuristic"]}).json()
            token = game["invites"][0]["url"].split("token=")[1]
            link, _ = open_link(cluster, 1, game["id"], 0, {"type": "hello", "token": token, "name": "Ann"})
            time.sleep(1.5)  # process 0 loads the game as it hears of it (asking it here would load it afresh)
            end = time.monotonic() + allowance(FAN_OUT)
            while (info := cluster.http(0).get(f"/api/games/{game['id']}").json())["status"] != "running":
                if time.monotonic() > end:
                    stale.append(game["id"])
                    break
                time.sleep(0.1)
            link.close()
            if stale:
                break
    finally:
        cluster.close()
    assert not stale, f"process 0 shows game {stale[0]} {info['status']} at move {info['ply']}; storage: running"
