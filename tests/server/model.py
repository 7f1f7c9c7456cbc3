"""A model of a whole server and its players, for the model-based test (tests/server/test_model.py).

``Cluster`` runs the real ``realpolitik serve`` processes of one test database — one on a
SQLite file, two (or more) sharing a PostgreSQL database — and can stop, kill (SIGKILL)
and start each. ``Player`` is a person: a guest, or an account with its session cookie
and CSRF token. ``Held`` is a seat a player holds, with its token and the WebSockets
(``Link``) open on it, perhaps through several processes at once. ``Truth`` is what the
database says of one game, read directly (``Store.load``), replayed from its record, and
every earlier line of play it had (a move taken back starts another), so a view a
connection received at move ``seq`` can be compared with the view the replayed state gives
its seat at that move (:func:`view_matches`).

Nothing here is a fake: every request goes to a real server process over loopback.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookiejar import DefaultCookiePolicy
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from realpolitik.engine import State
from realpolitik.games import get
from realpolitik.server.store import Damaged, Store, StoredGame
from realpolitik.testing.load import allowance
from realpolitik.testing.server import GameSocket, ServerProcess, http_client, tls

PASSWORD = "a model password"
#: seconds a client keeps an idle connection for another request: less than the server keeps it open
KEEP_ALIVE = 2.0


class Cluster:
    """The server processes of one database; each may be stopped, killed and started again."""

    def __init__(self, db: str, count: int = 1, **options: Any) -> None:
        self.db = db
        self.servers = [ServerProcess(db, **options) for _ in range(count)]
        self.up = [False] * count
        self._store: Store | None = None
        self._http: dict[tuple[int, str | None], httpx.Client] = {}

    @property
    def shared(self) -> bool:
        return len(self.servers) > 1

    def start(self) -> Cluster:
        """Start every process (together: each takes about two seconds)."""
        failed: list[BaseException] = []

        def one(i: int) -> None:
            try:
                self.start_one(i)
            except BaseException as exc:  # noqa: BLE001 — reported below
                failed.append(exc)

        first = threading.Thread(target=one, args=(0,))
        first.start()
        first.join()  # the first process runs the migrations; the others find them done
        rest = [threading.Thread(target=one, args=(i,)) for i in range(1, len(self.servers))]
        for th in rest:
            th.start()
        for th in rest:
            th.join()
        if failed:
            raise failed[0]
        return self

    def start_one(self, i: int) -> None:
        self.servers[i].start()
        self.up[i] = True
        self._drop_http(i)

    def stop(self, i: int) -> None:
        """Shut process ``i`` down gracefully (SIGTERM)."""
        self.servers[i].stop()
        self.up[i] = False
        self._drop_http(i)

    def kill(self, i: int) -> None:
        """Kill process ``i`` at once (SIGKILL), as a crash would."""
        self.servers[i].kill()
        self.up[i] = False
        self._drop_http(i)

    def live(self) -> list[int]:
        return [i for i, up in enumerate(self.up) if up]

    def http(self, i: int, source: str | None = None) -> httpx.Client:
        """An HTTP client of process ``i`` connecting from the loopback address ``source`` (the server
        sees each player's address as another client); it keeps no cookie: a player's go in its headers."""
        if (i, source) not in self._http:
            # an idle connection is dropped before the server's keep-alive (uvicorn: 5 s) ends it, so a
            # request never goes out on a connection the server is closing (``ConnectionResetError``)
            limits = httpx.Limits(keepalive_expiry=KEEP_ALIVE)
            transport = httpx.HTTPTransport(local_address=source, limits=limits, verify=tls()) if source else None
            client = http_client(self.servers[i].url, timeout=30, transport=transport, limits=limits)
            client.cookies.jar.set_policy(DefaultCookiePolicy(allowed_domains=()))
            self._http[(i, source)] = client
        return self._http[(i, source)]

    def _drop_http(self, i: int) -> None:
        for key in [key for key in self._http if key[0] == i]:
            self._http.pop(key).close()

    @property
    def store(self) -> Store:
        """The database, read directly (as the test's own connection)."""
        if self._store is None:
            self._store = Store(self.db)
        return self._store

    def close(self) -> None:
        for i in range(len(self.servers)):
            self._drop_http(i)
            self.servers[i].stop()
            self.up[i] = False
        if self._store is not None:
            self._store.close()
            self._store = None


@dataclass(eq=False)
class Player:
    """A person: a guest (no session), or an account with its session cookie and CSRF token."""

    name: str
    address: str = "127.0.0.1"  # the loopback address its requests and connections come from
    session: str | None = None
    csrf: str | None = None
    user_id: int | None = None

    @property
    def account(self) -> bool:
        return self.session is not None

    def __repr__(self) -> str:
        return f"{'account' if self.account else 'guest'} {self.name!r}"

    def _repr_pretty_(self, printer, cycle) -> None:  # how Hypothesis shows it in a failing case
        printer.text(repr(self))

    def headers(self) -> dict[str, str]:
        """The headers of this player's requests: the session cookie and CSRF token of an account."""
        return {"cookie": f"session={self.session}", "x-csrf-token": self.csrf} if self.session else {}

    def cookie(self) -> dict[str, str] | None:
        return {"cookie": f"session={self.session}"} if self.session else None

    def http(self, cluster: Cluster, server: int) -> httpx.Client:
        return cluster.http(server, self.address)

    @classmethod
    def sign_up(cls, cluster: Cluster, server: int, name: str, address: str) -> Player:
        answer = cluster.http(server, address).post("/api/account/signup", json={"name": name, "password": PASSWORD})
        if answer.status_code != 201:
            raise AssertionError(f"sign-up of {name!r} failed: {answer.status_code} {answer.text}")
        return cls(name, address, answer.cookies["session"], answer.json()["csrf"])


class Link:
    """One WebSocket of a seat (``seat`` None: a spectator) through process ``server``; every
    message it received is kept, and checked once (``checked``)."""

    def __init__(self, cluster: Cluster, server: int, game_id: str, seat: int | None,
                 headers: dict[str, str] | None = None, source: str | None = None) -> None:
        self.server = server
        self.seat = seat
        self.game_id = game_id
        self.sock = GameSocket(cluster.servers[server], game_id, headers=headers, source=source)
        self.alive = True
        self.checked = 0

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"<{who} of {self.game_id} via process {self.server}{'' if self.alive else ', closed'}>"

    @property
    def received(self) -> list[dict[str, Any]]:
        return self.sock.received

    def pump(self, timeout: float = 0.0) -> dict[str, Any] | None:
        """Read one message if one comes within ``timeout``; a closed connection is marked dead."""
        if not self.alive:
            return None
        try:
            return self.sock.recv(timeout)
        except TimeoutError:
            return None
        except (ConnectionClosed, OSError):
            self.alive = False
            return None

    def drain(self) -> None:
        """Read everything that has arrived."""
        while self.pump(0) is not None:
            pass

    def until(self, accept: Callable[[dict], bool], timeout: float = 20) -> dict[str, Any] | None:
        """The first message from now (or unread) that ``accept``s; ``None`` if the connection
        closed or nothing came in time (``timeout``: idle seconds, ``allowance``)."""
        end = time.monotonic() + allowance(timeout)
        while self.alive:
            message = self.pump(max(0.0, end - time.monotonic()))
            if message is not None and accept(message):
                return message
            if time.monotonic() >= end:
                return None
        return None

    def latest_view(self) -> dict[str, Any] | None:
        return self.sock.views[-1] if self.sock.views else None

    def wait_view(self, accept: Callable[[dict], bool], timeout: float = 20) -> dict[str, Any] | None:
        latest = self.latest_view()
        if latest is not None and accept(latest):
            return latest
        return self.until(lambda m: m["type"] == "view" and accept(m), timeout)

    def send(self, message: dict[str, Any]) -> bool:
        if not self.alive:
            return False
        try:
            self.sock.send(message)
            return True
        except (ConnectionClosed, OSError):
            self.alive = False
            return False

    def close(self) -> None:
        if self.alive:
            try:
                self.sock.close()
            except Exception:  # noqa: BLE001 — closing a connection the server dropped
                pass
        self.alive = False


def open_link(cluster: Cluster, server: int, game_id: str, seat: int | None, hello: dict[str, Any],
              player: Player | None = None) -> tuple[Link | None, dict[str, Any]]:
    """A WebSocket of ``player`` (its address and session; none: the default address) greeted with
    ``hello``: (the link, the first view) — or (None, the error or {"type": "closed"})."""
    try:
        link = Link(cluster, server, game_id, seat, player and player.cookie(), player and player.address)
    except (OSError, InvalidHandshake, TimeoutError) as exc:
        return None, {"type": "closed", "why": repr(exc)}
    link.send(hello)
    answer = link.until(lambda m: m["type"] in ("view", "error"), timeout=30)
    if answer is None:
        link.close()
        return None, {"type": "closed"}
    if answer["type"] == "error":
        link.close()
        return None, answer
    return link, answer


@dataclass(eq=False)
class Held:
    """A seat a player holds: its game, index, label, token (the invitation or the claim's) and
    the connections open on it."""

    game: str
    seat: int
    label: str
    player: Player
    token: str
    links: list[Link] = field(default_factory=list)

    def alive(self) -> list[Link]:
        return [link for link in self.links if link.alive]

    def __repr__(self) -> str:
        return f"<{self.player!r} in seat {self.label} of {self.game}>"

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


@dataclass(eq=False)
class Branch:
    """One line of play of a game: its actions and the state after each number of them."""

    actions: list[str]
    states: list[State]


class Truth:
    """What storage holds of one game, and every line of play it has had."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id
        self.stored: StoredGame | None = None
        self.branches: list[Branch] = []
        self.replayed: tuple[int, str, int] | None = None  # (actions, status, rematch) last replayed from the record

    @property
    def state(self) -> State:
        return self.branch.states[-1]

    @property
    def branch(self) -> Branch:
        return self._current

    def update(self, stored: StoredGame | Damaged | None) -> None:
        """Take in the game as storage holds it now; ``AssertionError`` when it cannot be read or
        replayed, or its actions have a gap."""
        if stored is None:
            raise AssertionError(f"game {self.id}: no longer stored")
        if isinstance(stored, Damaged):
            raise AssertionError(f"game {self.id}: stored damaged: {stored.reason}")
        self.stored = stored
        mark = (len(stored.actions), stored.status, hash(stored.rematch))
        if mark != self.replayed or not self.branches:
            # the record as the server would read it: replayed whole, its digest checked at the end
            try:
                final = stored.record().replay(get)
            except Exception as exc:  # noqa: BLE001 — the record does not replay: say why
                raise AssertionError(f"game {self.id}: the stored record does not replay: {exc!r}") from None
            over = final.is_over()
            if over != (stored.status == "finished"):
                raise AssertionError(f"game {self.id}: stored {stored.status!r} but the replayed game is "
                                     f"{'over' if over else 'not over'} after {len(stored.actions)} actions")
            self.replayed = mark
        self._current = self._line(stored.actions)

    def also(self, actions: list[str]) -> None:
        """A line of play the game had between two looks at storage (a move played and taken back
        within one step), so views of it are known too."""
        current = self._current
        self._line(list(actions))
        self._current = current

    def _line(self, actions: list[str]) -> Branch:
        """The branch of these actions: an old one, one extended, or a new one from a common prefix."""
        best, common = None, -1
        for branch in self.branches:
            n = _common(branch.actions, actions)
            if n > common:
                best, common = branch, n
        if best is not None and common == len(best.actions) == len(actions):
            return best
        if best is None:
            state = self.stored.record().initial_state(get)
            branch = Branch([], [state])
            common = 0
            self.branches.append(branch)
        elif common == len(best.actions):  # it goes on from the branch's end
            branch = best
        else:  # a move was taken back: a new line of play from where they part
            branch = Branch(list(best.actions[:common]), list(best.states[:common + 1]))
            self.branches.append(branch)
        for text in actions[common:]:
            state = branch.states[-1].clone()
            state.apply(text)
            branch.actions.append(text)
            branch.states.append(state)
        return branch

    def states_at(self, seq: int) -> list[State]:
        """Every state the game has had after ``seq`` actions, the current line first."""
        out = []
        for branch in [self._current, *reversed(self.branches)]:
            if len(branch.states) > seq and all(branch.states[seq] is not s for s in out):
                out.append(branch.states[seq])
        return out


def _common(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def expected(state: State, seat: int | None, log_from: int | None,
             result: dict[str, Any] | None = None) -> dict[str, Any]:
    """The view a connection of ``seat`` must get for ``state``, its log from ``log_from``, as JSON carries it;
    a finished game's outcome ranked as its stored ``result`` ranks it (the server's: forfeits count)."""
    view = json.loads(json.dumps(state.view(seat, log_from=log_from)))
    stored = (result or {}).get("outcome")
    if "outcome" in view and stored:
        view["outcome"] = {**view["outcome"], "places": stored["places"], "winners": stored["winners"],
                           "reason": stored["reasons"]["en"]}
    return view


def view_matches(truth: Truth, seat: int | None, message: dict[str, Any]) -> str | None:
    """``None`` when a view message equals the view of ``seat`` in a state the game had at the
    message's move (log included, from where the message says); else what differs."""
    seq, view = message["seq"], message["view"]
    candidates = truth.states_at(seq)
    if not candidates:
        return f"a view at move {seq}, but storage never held {seq} actions (at most {len(truth.branch.actions)})"
    diffs = []
    for state in candidates:
        want = expected(state, seat, view.get("log_from"), truth.stored.result)
        if want == view:
            return None
        diffs.append(sorted(k for k in set(want) | set(view) if want.get(k) != view.get(k)))
    return f"the view at move {seq} differs from the replayed state's in {diffs}"
