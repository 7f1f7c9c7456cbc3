"""Turn notifications: telling a player by e-mail, webhook or Web Push that it is their turn.

When an action is stored and the turn passes to a person's seat bound to an account, and
nobody is looking at the game as that seat (no open connection), a notice is queued per
channel the account has an address for: ``email`` (only when the server has SMTP),
``webhook``, and ``push`` when the account subscribed a browser (:mod:`.push`). The outbox
(``notices``) keeps one per account, game, turn and channel, so a turn is told at most once
on each. Bots are never told; a seat a bot plays is not either.
Queueing happens after the action is stored and never fails or delays the move.

With several server processes (PostgreSQL) the player may be looking through another
process than the one that stored the move: a notice then waits ``SEEN_GRACE`` seconds
before it is due, and a process that catches a table up and finds the seat to act open
on one of its own connections takes that turn's notices back (:meth:`Notifier.seen_here`).
Every process's outbox worker takes due notices with ``SKIP LOCKED``, so each is sent once.

A worker of the hall sends what is due, off the event loop: an e-mail in the account's
language, a JSON POST, or Web Push to all of the account's browsers at once. Up to ``AT_ONCE``
notices go at the same time, each on a thread of its own and each within a total ``deadline``
(``DEADLINE`` seconds for connecting, sending and the whole answer, however slowly the other
side trickles it, and for all of an account's browsers together), and at most one notice of
an account at a time: an account's slow receivers hold up its own notices, and only one of the
places, never another account's notice. A notice that fails or is too late is tried again
later (1, 5, 30, 120 times ``retry`` seconds), at most ``ATTEMPTS`` times, each try within one
deadline again. An e-mail goes to exactly one address, checked
again before it is sent. Webhooks never go to loopback, private, link-local or other special
addresses (:data:`REFUSED`) unless the server allows it (``webhook_private``): the host is
resolved once right before each POST, every address checked, and the POST connects to a
checked address (no second lookup); redirects are not followed.
"""

from __future__ import annotations

import asyncio
import http.client
import ipaddress
import json
import logging
import smtplib
import socket
import ssl
import threading
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from email.headerregistry import Address
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from realpolitik.i18n import DEFAULT, LANGUAGES, render, t

from .accounts import address as checked_address
from .store import StorageBusy, now
from .table import Refusal

if TYPE_CHECKING:
    from realpolitik.engine import Game

    from .push import Pusher
    from .store import Store
    from .table import Table

log = logging.getLogger("realpolitik.server")

#: tries of one notice before it is given up
ATTEMPTS = 5
#: waits before the next try, in units of ``retry`` seconds
BACKOFF = (1, 5, 30, 120)
#: notices sent at once, each on a thread of its own and at most one of an account: a slow receiver
#: holds up only its own account's place
AT_ONCE = 4
#: seconds one notice may take in all — connecting, sending and the whole answer — before it is
#: cut off and counts as failed (tried again later like any failure)
DEADLINE = 10.0
#: seconds a notice waits, with several server processes, for another process to say the player looks
SEEN_GRACE = 2.0


@dataclass(frozen=True)
class NoticeSettings:
    """How the server tells players of their turn: SMTP (``smtp`` "host[:port]", none: no
    e-mail), the sender, login and STARTTLS; the public address of the server for links;
    whether webhooks may go to private addresses; how often the outbox is looked at, the
    unit of the waits between tries and the time one notice may take in all (seconds)."""

    smtp: str | None = None
    smtp_from: str = "realpolitik@localhost"
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False
    public_url: str = ""
    webhook_private: bool = False
    #: push endpoints may be http on loopback addresses (tests with a local push service)
    push_loopback: bool = False
    every: float = 5.0
    retry: float = 60.0
    deadline: float = DEADLINE

    def __repr__(self) -> str:  # the password never shows in a log or a traceback
        return f"NoticeSettings(smtp={self.smtp!r}, public_url={self.public_url!r})"

    @property
    def channels(self) -> tuple[str, ...]:
        return ("email", "webhook") if self.smtp else ("webhook",)


class Refused(Exception):
    """A notice that must not be sent (a webhook to a private address): given up at once."""


class Failed(Exception):
    """A webhook receiver answered with an error: tried again later."""


#: Networks a webhook never goes to (unless the server allows private addresses), whatever
#: ``ipaddress`` thinks of them: the special-purpose registries of IANA (RFC 6890 and later)
#: less the few that are reachable on the internet. An address is public only when it is in
#: none of them, ``is_global`` holds, and any IPv4 address it carries is public (:func:`carried`).
REFUSED = tuple(ipaddress.ip_network(network) for network in (
    # IPv4
    "0.0.0.0/8",  # "this network", with the unspecified address 0.0.0.0
    "10.0.0.0/8",  # private (RFC 1918)
    "100.64.0.0/10",  # shared address space of carrier-grade NAT (RFC 6598)
    "127.0.0.0/8",  # loopback
    "169.254.0.0/16",  # link-local, with the cloud metadata address 169.254.169.254
    "172.16.0.0/12",  # private (RFC 1918)
    "192.0.0.0/24",  # IETF protocol assignments (DS-Lite, NAT64 discovery, …)
    "192.0.2.0/24",  # documentation (TEST-NET-1)
    "192.88.99.0/24",  # 6to4 relay anycast, deprecated (RFC 7526)
    "192.168.0.0/16",  # private (RFC 1918)
    "198.18.0.0/15",  # benchmarking (RFC 2544)
    "198.51.100.0/24",  # documentation (TEST-NET-2)
    "203.0.113.0/24",  # documentation (TEST-NET-3)
    "224.0.0.0/4",  # multicast
    "240.0.0.0/4",  # reserved for future use
    "255.255.255.255/32",  # limited broadcast (inside 240.0.0.0/4; named for its own sake)
    # IPv6
    "::/128",  # unspecified
    "::1/128",  # loopback
    "::/96",  # IPv4-compatible ::a.b.c.d, deprecated (RFC 4291)
    "::ffff:0:0/96",  # IPv4-mapped ::ffff:a.b.c.d: the IPv4 address itself, to the socket
    "::ffff:0:0:0/96",  # IPv4-translated ::ffff:0:a.b.c.d (SIIT, RFC 6145)
    "64:ff9b:1::/48",  # NAT64 local-use (RFC 8215): translated inside the operator's network
    "100::/64",  # discard-only (RFC 6666)
    "2001::/32",  # Teredo (refused whatever it carries: it is not is_global either)
    "2001:2::/48",  # benchmarking (RFC 5180)
    "2001:10::/28",  # ORCHID, deprecated (RFC 4843)
    "2001:20::/28",  # ORCHIDv2 (RFC 7343): identifiers, not addresses to connect to
    "2001:db8::/32",  # documentation
    "3fff::/20",  # documentation (RFC 9637)
    "5f00::/16",  # segment routing (SRv6) identifiers (RFC 9602)
    "fc00::/7",  # unique-local
    "fe80::/10",  # link-local
    "fec0::/10",  # site-local, deprecated (RFC 3879)
    "ff00::/8",  # multicast
))

#: NAT64's well-known prefix: the last 32 bits are an IPv4 address (RFC 6052)
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


def carried(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries to be reached through: IPv4-mapped, 6to4,
    Teredo (its server and its client), NAT64's well-known prefix."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return []
    found = [ip.ipv4_mapped, ip.sixtofour, *(ip.teredo or ())]
    if ip in _NAT64:
        found.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return [address for address in found if address is not None]


def public(address: str) -> bool:
    """Whether an IP address (text; an IPv6 zone is ignored) may be reached by a webhook: in no
    network of :data:`REFUSED`, global for ``ipaddress``, and so is every IPv4 address it carries."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if not ip.is_global or any(ip.version == network.version and ip in network for network in REFUSED):
        return False
    return all(public(str(inner)) for inner in carried(ip))


def resolve(host: str, port: int, private: bool) -> list[tuple[Any, ...]]:
    """The socket addresses of ``host``; refused when any is not public, unless ``private``."""
    found = [info[4] for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]
    if not private and not all(public(address[0]) for address in found):
        raise Refused("the webhook's host is not a public address")
    return found


class Deadline:
    """The time one notice may take in all, from ``with`` to its end. A socket's timeout starts
    anew with every byte, so a receiver that trickles its answer a byte at a time would never
    meet one: instead every socket of the notice is watched (:meth:`watch`) and, at the deadline,
    shut down from a timer thread, which ends at once whatever waits on it — a connect, a send,
    a read, a TLS handshake. Whatever fails after the cut fails as :class:`TimeoutError`. A host
    name lookup cannot be cut: the time it took counts, and :meth:`left` refuses to go on. Several
    threads may share one deadline (a push to each browser of an account); once it is over, one
    still looking up a host connects nowhere."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds
        self.cut = False
        self._watched: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self.expire)
        self._timer.daemon = True

    def __enter__(self) -> Deadline:
        self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        self._timer.cancel()
        with self._lock:
            late, self.cut = self.cut, True  # over: a thread of the notice that lags behind goes no further
            for sock in self._watched:
                sock.close()
            self._watched.clear()
        if exc is not None and late and not isinstance(exc, Refused):
            raise self.late() from exc

    def late(self) -> TimeoutError:
        return TimeoutError(f"no answer within {self.seconds:g} s")

    def left(self) -> float:
        """The seconds left, to be a socket's timeout; :class:`TimeoutError` when none are."""
        left = self.end - time.monotonic()
        if left <= 0 or self.cut:
            raise self.late()
        return left

    def check(self) -> None:
        """:class:`TimeoutError` if the deadline has cut the notice (an answer read only in part)."""
        if self.cut:
            raise self.late()

    def watch(self, sock: socket.socket) -> socket.socket:
        """Cut ``sock`` at the deadline. The deadline keeps a duplicate of its descriptor: the same
        connection, even once ``sock`` is wrapped in TLS, and never another one that reuses a closed
        descriptor's number."""
        try:
            sock.settimeout(self.left())
            with self._lock:
                self.check()
                self._watched.append(sock.dup())
        except BaseException:  # too late already: the connection goes no further
            sock.close()
            raise
        return sock

    def expire(self) -> None:
        """The deadline has come: shut every watched socket down, for reading and writing."""
        with self._lock:
            self.cut = True
            for sock in self._watched:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:  # not connected (any more)
                    pass


class _Pinned(http.client.HTTPConnection):
    """An HTTP connection to addresses resolved and checked beforehand: the host is not
    looked up again, so its answer cannot change between the check and the connection.
    Every socket keeps the notice's :class:`Deadline`."""

    def __init__(self, host: str, port: int, addresses: list[tuple[Any, ...]], deadline: Deadline) -> None:
        super().__init__(host, port, timeout=deadline.left())
        self.addresses = addresses
        self.deadline = deadline

    def _open(self) -> socket.socket:
        error: OSError = OSError("no address")
        for address in self.addresses:
            try:
                return self.deadline.watch(socket.create_connection(address[:2], self.deadline.left()))
            except OSError as exc:
                error = exc
        raise error

    def connect(self) -> None:
        self.sock = self._open()


class _PinnedTls(_Pinned):
    """:class:`_Pinned` over TLS, the certificate checked against the URL's host."""

    default_port = 443

    def connect(self) -> None:
        self.sock = ssl.create_default_context().wrap_socket(self._open(), server_hostname=self.host)


class _Smtp(smtplib.SMTP):
    """smtplib's client whose connection keeps the notice's :class:`Deadline` (STARTTLS included:
    the deadline watches the connection, not the socket object that TLS replaces)."""

    def __init__(self, host: str, port: int, deadline: Deadline) -> None:
        self.deadline = deadline
        super().__init__(host, port, timeout=deadline.left())

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        return self.deadline.watch(super()._get_socket(host, port, self.deadline.left()))


def one_address(text: str) -> Address:
    """The single e-mail address a notice goes to, checked again as when it was set: an address
    stored before a stricter check, or by other means, is refused rather than sent to."""
    try:
        checked = checked_address("email", text)
    except Refusal:
        checked = None
    if checked is None or checked != text:
        raise Refused("the account's e-mail address is not one valid address")
    return Address(addr_spec=checked)


class Notifier:
    """The outbox worker of a server."""

    def __init__(self, store: Store, games: dict[str, Game], push: Pusher,
                 chore: Callable[[Coroutine[Any, Any, None]], None], settings: NoticeSettings) -> None:
        self.store = store
        self.games = games
        self.push = push
        #: runs work beside the games (:meth:`.hall.Hall.chore`)
        self.chore = chore
        self.settings = settings
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        #: the notices being sent, at most AT_ONCE and one of each account, each on a thread of its
        #: own: the account each is for
        self._sending: dict[asyncio.Task, int] = {}
        self._threads = ThreadPoolExecutor(AT_ONCE, thread_name_prefix="notices")
        #: notices this process tried, by how it went: sent, failed (tried again later), given_up (/metrics)
        self.tried: Counter[str] = Counter()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        """Stop looking at the outbox. A notice still being sent ends within its deadline; if it
        cannot be marked, it stays claimed and is sent again after ``NOTICE_CLAIM``."""
        for task in [self._task, *self._sending]:
            if task is not None:
                task.cancel()
        self._threads.shutdown(wait=False, cancel_futures=True)

    def turn_came(self, table: Table, seat: int) -> None:
        """The turn came to ``seat`` of ``table`` (its action ``table.seq`` is next): queue its
        notices if a person holds it through an account and is not looking. Never raises: the
        move is stored already and must not fail for this."""
        try:
            s = table.stored.seats[seat]
            if s.kind != "human" or s.user_id is None or s.away or table.status != "running" or table.watchers(seat):
                return
            self.chore(self._queue(s.user_id, table.id, seat, table.seq))
        except Exception:
            log.exception("game %s: a turn notice could not be queued", table.id)

    async def _queue(self, user_id: int, game_id: str, seat: int, turn: int) -> None:
        store = self.store
        try:
            wait = SEEN_GRACE if store.shared else 0.0
            queued = await store.in_thread(store.add_notices, user_id, game_id, seat, turn, self.settings.channels,
                                           wait)
            queued += await store.in_thread(self.push.store.add_notice, user_id, game_id, seat, turn, wait)
            if queued:
                self._wake.set()
        except Exception:
            log.exception("game %s: a turn notice could not be queued", game_id)

    def seen_here(self, table: Table) -> None:
        """``table`` caught up with a move of another process: if the seat to act is open here,
        its person is looking, so the notices of this turn are taken back (now, and once more
        when the other process may have queued them a little late)."""
        seat = table.state.to_act
        if seat is None or not table.watchers(seat):
            return
        s = table.stored.seats[seat]
        if s.kind == "human" and s.user_id is not None:
            self.chore(self._seen(s.user_id, table.id, table.seq))

    async def _seen(self, user_id: int, game_id: str, turn: int) -> None:
        store = self.store
        for wait in (0.0, SEEN_GRACE / 2):
            await asyncio.sleep(wait)
            try:
                await store.in_thread(store.turn_seen, user_id, game_id, turn)
            except Exception as exc:
                log.warning("game %s: a turn notice could not be taken back (%s)", game_id, exc)

    async def _run(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), self.settings.every)
            except TimeoutError:
                pass
            self._wake.clear()
            try:
                await self.send_due()
            except StorageBusy as exc:
                log.warning("turn notices put off: %s", exc)
            except Exception:
                log.exception("turn notices failed")

    async def send_due(self) -> None:
        """Start sending the notices that are due, as many as there are free places (``AT_ONCE``
        in all), one of an account at a time: none of an account whose notice is being sent. Each
        goes on its own (:meth:`_deliver`) and is over within its deadline; when it is, its place
        looks for the next due notice. So an account's slow receivers hold at most one place and
        never another account's notice, and the notices claimed from the outbox are only those
        sent at once."""
        store = self.store
        loop = asyncio.get_running_loop()
        while (free := AT_ONCE - len(self._sending)) > 0:
            due = await store.in_thread(store.due_notices, free, ATTEMPTS, frozenset(self._sending.values()))
            if not due:
                return
            for notice in due:
                task = loop.create_task(self._deliver(notice))
                self._sending[task] = notice["user_id"]
                task.add_done_callback(self._delivered)

    def _delivered(self, task: asyncio.Task) -> None:
        self._sending.pop(task, None)
        self._wake.set()  # a place is free: look for more due notices now

    async def _deliver(self, notice: dict[str, Any]) -> None:
        """Send one notice on a thread and write down how it went: sent, given up (refused), or
        failed — the receiver is down, refuses or answers too slowly — and due again later."""
        store = self.store
        try:
            try:
                await asyncio.get_running_loop().run_in_executor(self._threads, self._send, notice)
            except Refused as exc:
                log.warning("game %s: turn notice %d given up: %s", notice["game_id"], notice["id"], exc)
                self.tried["given_up"] += 1
                await store.in_thread(store.notice_done, notice["id"], str(exc), now() + timedelta(days=3650))
            except Exception as exc:  # the receiver is down, refuses or was too late: try again later
                wait = self.settings.retry * BACKOFF[min(notice["attempts"], len(BACKOFF) - 1)]
                log.info("game %s: turn notice %d failed (%s); next try in %g s", notice["game_id"], notice["id"],
                         type(exc).__name__, wait)
                self.tried["failed"] += 1
                await store.in_thread(store.notice_done, notice["id"], f"{type(exc).__name__}: {exc}",
                                      now() + timedelta(seconds=wait))
            else:
                self.tried["sent"] += 1
                await store.in_thread(store.notice_done, notice["id"])
        except StorageBusy as exc:  # it stays claimed and is tried again after NOTICE_CLAIM
            log.warning("game %s: turn notice %d could not be marked: %s", notice["game_id"], notice["id"], exc)
        except Exception:
            log.exception("game %s: turn notice %d could not be marked", notice["game_id"], notice["id"])

    # ------------------------------------------------------------------ sending (on a thread)

    def _send(self, notice: dict[str, Any]) -> None:
        if notice["channel"] == "push":
            self.push.send(notice, self.games[notice["game"]])
            return
        address = notice[notice["channel"]]
        if not address:
            raise Refused("the account has no address for this channel any more")
        if notice["channel"] == "email":
            self._mail(one_address(address), self.words(notice))
        else:
            self._post(address, self.words(notice))

    def words(self, notice: dict[str, Any]) -> dict[str, Any]:
        """What a notice says: the game, the seat as the game names it, the link, in the account's language."""
        lang = notice["language"] if notice["language"] in LANGUAGES else DEFAULT
        return {"game": self.games[notice["game"]], "lang": lang, "notice": notice}

    def _mail(self, address: Address, told: dict[str, Any]) -> None:
        """Send the e-mail to its one address, the whole conversation with the SMTP server within
        the deadline."""
        s = self.settings
        message = EmailMessage()
        message["From"], message["To"] = s.smtp_from, address
        message["Subject"], body = self.mail_text(told)
        message.set_content(body)
        host, _, port = s.smtp.partition(":")
        with Deadline(s.deadline) as deadline, _Smtp(host, int(port or 25), deadline) as smtp:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password or "")
            smtp.send_message(message, to_addrs=[address.addr_spec])

    def _post(self, url: str, told: dict[str, Any]) -> None:
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            raise Refused("not a valid port") from None
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise Refused("not an http(s) URL")
        body = json.dumps(self.payload(told)).encode()
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        with Deadline(self.settings.deadline) as deadline:
            addresses = resolve(parts.hostname, port, self.settings.webhook_private)
            connection = (_PinnedTls if parts.scheme == "https" else _Pinned)(parts.hostname, port, addresses,
                                                                              deadline)
            try:
                connection.request("POST", target, body, {"content-type": "application/json",
                                                          "user-agent": "realpolitik"})
                answer = connection.getresponse()
                answer.read(1024)
            finally:
                connection.close()
            deadline.check()  # the answer was cut short: too late, however it ended
        if 300 <= answer.status < 400:
            raise Refused(f"the webhook answered with a redirect ({answer.status}), which is not followed")
        if answer.status >= 400:
            raise Failed(f"HTTP Error {answer.status}: {answer.reason}")

    # ------------------------------------------------------------------ words

    def link(self, notice: dict[str, Any]) -> str:
        game = self.games[notice["game"]]
        label = game.seat_labels(notice["players"])[notice["seat"]]
        return f"{self.settings.public_url.rstrip('/')}/game/{notice['game_id']}#seat={label}"

    def mail_text(self, told: dict[str, Any]) -> tuple[str, str]:
        notice, game, lang = told["notice"], told["game"], told["lang"]
        seat = render(game.seat_titles(notice["players"])[notice["seat"]], lang)
        subject = render(t("Your turn in {game}", game=game.title), lang)
        body = render(t("Hello {name},\n\nit is your turn as {seat} in {game}:\n{link}\n\nTo get no more of these "
                        "e-mails, remove your address on your account page: {account}",
                        name=notice["name"], seat=seat, game=game.title, link=self.link(notice),
                        account=f"{self.settings.public_url.rstrip('/')}/account"), lang)
        return subject, body

    def payload(self, told: dict[str, Any]) -> dict[str, Any]:
        notice, game, lang = told["notice"], told["game"], told["lang"]
        return {"event": "your-turn", "game": notice["game_id"], "title": game.title,
                "seat": render(game.seat_titles(notice["players"])[notice["seat"]], lang),
                "url": self.link(notice), "turn": notice["turn"]}
