"""Arena games as Ray tasks: batches of consecutive games, on a Ray cluster or a private one.

A cluster address is ``auto`` (the Ray cluster this machine belongs to, started with
``ray start``), ``ray://HOST:PORT`` (a cluster's Ray Client server) or ``local`` (a private
Ray instance on this machine with ``workers`` CPUs, listening on loopback only). Each task
plays its games with :func:`~realpolitik.sim.arena.play_game` and the arena's seeds, so a
cluster plays the very games one process would. A few batches per CPU are under way at a
time; closing the stream of results (Ctrl-C) cancels them and disconnects.

Ray is optional: ``pip install 'realpolitik[cluster]'``; the cluster's machines need
realpolitik installed in the same version.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from math import ceil
from typing import Any
from urllib.parse import urlsplit

from realpolitik.i18n import t

from .arena import play_game
from .stats import GameResult

RAY_MISSING = t("--cluster needs Ray: pip install 'realpolitik[cluster]'")
#: games per Ray task at most: progress moves by batches, and Ctrl-C drops the batches under way
MAX_BATCH = 32
#: batches per CPU the games are cut into at least, so that long and short games even out
BATCHES_PER_CPU = 4
#: batches per CPU under way at a time
IN_FLIGHT_PER_CPU = 2
#: seconds between two looks for finished batches (Ctrl-C is noticed between them)
POLL = 0.2


class ClusterError(Exception):
    """Ray is missing, or the cluster cannot be reached."""


def check_address(address: str) -> None:
    """Refuse a cluster address that is not ``auto``, ``local`` or ``ray://HOST:PORT``."""
    if address in ("auto", "local"):
        return
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        port = None
        parts = None
    if parts is None or parts.scheme != "ray" or not parts.hostname or port is None or parts.path not in ("", "/"):
        raise ValueError(t("--cluster must be auto, local or ray://HOST:PORT, not {value}", value=repr(address)))


def check_ray(address: str) -> None:
    """Refuse a bad cluster address, or any when Ray is not installed."""
    check_address(address)
    if importlib.util.find_spec("ray") is None:
        raise ClusterError(RAY_MISSING)


def batch_size(games: int, cpus: int) -> int:
    """Games per task: at least ``BATCHES_PER_CPU`` tasks per CPU, at most ``MAX_BATCH`` games each."""
    return max(1, min(MAX_BATCH, ceil(games / (BATCHES_PER_CPU * max(1, cpus)))))


def play_batch(tasks: Sequence[tuple], play: Callable[..., Any] = play_game) -> list[GameResult]:
    """The games of ``tasks`` (arguments of ``play``), one after the other (runs in a Ray worker)."""
    return [play(*task) for task in tasks]


def played_on_ray(tasks: Sequence[tuple], address: str, workers: int = 1, batch: int | None = None,
                  on_connect: Callable[[int], None] | None = None,
                  play: Callable[..., Any] = play_game) -> Iterator[GameResult]:
    """The games of ``tasks`` as their batches finish on the cluster at ``address``.

    ``workers`` is the CPU count of a ``local`` instance; ``batch`` the games per task (by
    default from :func:`batch_size`); ``on_connect`` is told the cluster's CPU count once
    connected; ``play`` plays one game (see :func:`~realpolitik.sim.arena.played`). Closing the
    iterator cancels the batches under way and disconnects.
    """
    check_address(address)
    ray = connect(address, workers)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        if on_connect:
            on_connect(cpus)
        size = batch or batch_size(len(tasks), cpus)
        batches = [tasks[i:i + size] for i in range(0, len(tasks), size)]
        remote = ray.remote(num_cpus=1, max_retries=0)(play_batch)
        yield from _collect(ray, remote, batches, IN_FLIGHT_PER_CPU * cpus, play)
    finally:
        if address == "local":
            _stop_monitor(ray)
        ray.shutdown()


def _collect(ray: Any, remote: Any, batches: list[Sequence[tuple]], window: int,
             play: Callable[..., Any] = play_game) -> Iterator[GameResult]:
    """Keep ``window`` batches under way; yield each finished batch's games; cancel the rest on close."""
    queue = iter(batches)
    running = [remote.remote(b, play) for b in _take(queue, window)]
    try:
        while running:
            done, running = ray.wait(running, num_returns=len(running), timeout=POLL)
            running += [remote.remote(b, play) for b in _take(queue, len(done))]
            for ref in done:
                yield from ray.get(ref)
    finally:
        for ref in running:
            ray.cancel(ref, force=True)


def _stop_monitor(ray: Any) -> None:
    """Kill a private instance's autoscaler monitor at once: it has nothing to save, and Ray's own
    shutdown gives it a second to answer SIGTERM, which it never does (measured: shutdown 1.4 s with
    it, 0.4 s without; Ctrl-C must stop the arena within two seconds). A private part of Ray, used
    only when it is there; otherwise the shutdown is merely slower."""
    node = getattr(getattr(getattr(ray, "_private", None), "worker", None), "_global_node", None)
    kill = getattr(node, "_kill_process_type", None)
    if kill is not None:
        try:
            kill("monitor", check_alive=False, allow_graceful=False)
        except Exception:  # noqa: BLE001 — Ray's private shape changed: fall back to its own shutdown
            pass


def _take(queue: Iterator[Sequence[tuple]], n: int) -> list[Sequence[tuple]]:
    return [b for _, b in zip(range(n), queue)]


def connect(address: str, workers: int = 1) -> Any:
    """The ``ray`` module, connected to ``address`` (see the module's text)."""
    if address == "local" and "ray" not in sys.modules:
        # a private instance stays on loopback: Ray reads this when it is first imported
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        import ray
    except ImportError:
        raise ClusterError(RAY_MISSING) from None
    quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address == "local":
            ray.init(address="local", num_cpus=max(1, workers), include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, TimeoutError) as exc:
        raise ClusterError(t("cannot reach the Ray cluster at {address} ({reason})", address=address,
                             reason=str(exc))) from None
    return ray
