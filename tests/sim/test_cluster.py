"""The arena on Ray and Ctrl-C: the same games as in one process, and a stop within two seconds.

The Ray tests start Ray on loopback: a private instance (``--cluster local``) and a head
node with a Ray Client server (``ray start --head``), which the command line reaches as
``ray://127.0.0.1:PORT``, with a token of its own.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.sim import Interrupted, run_arena, summarise
from realpolitik.sim.cluster import batch_size, check_address
from realpolitik.sim.stats import TIMINGS
from realpolitik.testing import ctrl_c
from realpolitik.testing.load import allowance, load_factor

needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                               reason="Ray is not installed: pip install 'realpolitik[cluster]'")
SPECS = ["heuristic", "random", "random"]
ARENA = [sys.executable, "-c", "from realpolitik.cli.main import app; app()", "arena"]
#: Ray on loopback only, usage statistics off
RAY_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}
#: the load per core above which a Ray node is not started here: Ray waits a fixed 30 s for its raylet
#: to register (ray/_private/node.py, not configurable), which a start at load 25 on two cores overran
#: (lab/test-suite.md); beside two busy loops (load up to 9) the Ray tests passed
RAY_START_LOAD = 5.0


def ray_can_start() -> None:
    """Skip, saying why, a test that starts a Ray node on a machine too loaded for Ray's own fixed wait."""
    if load_factor() > RAY_START_LOAD:
        pytest.skip(f"load {load_factor():.1f} per core: Ray's node start waits a fixed 30 s for its raylet, "
                    f"too short above {RAY_START_LOAD:g} per core")


def same_games(results) -> list[dict]:
    """Everything a game's result says except the bots' thinking times."""
    return [{k: v for k, v in dataclasses.asdict(r).items() if k not in TIMINGS} for r in results]


def test_cluster_addresses_are_checked_before_any_game():
    for good in ("auto", "local", "ray://127.0.0.1:10001", "ray://head.example:10001"):
        check_address(good)
    for bad in ("", "ray", "ray://", "ray://host", "ray://host:port", "http://host:10001", "ray://host:99999",
                "ray://host:10001/path"):
        with pytest.raises(ValueError, match="--cluster must be"):
            check_address(bad)
    with pytest.raises(ValueError, match="--cluster must be"):
        run_arena("nuclear-war", SPECS, 2, cluster="ray:/x")
    out = CliRunner().invoke(app, ["arena", "nuclear-war", "--seats", "random,random", "--cluster", "rey://h:1"])
    assert out.exit_code == 2 and "--cluster must be auto, local or ray://HOST:PORT" in out.stderr


def test_without_ray_the_command_says_how_to_install_it():
    no_ray = "import sys; sys.modules['ray'] = None; from realpolitik.cli.main import app; app()"
    done = subprocess.run([sys.executable, "-c", no_ray, "arena", "nuclear-war", "--seats", "random,random",
                           "--cluster", "auto"], capture_output=True, text=True, timeout=allowance(120))
    assert done.returncode == 2
    assert "error: --cluster needs Ray: pip install 'realpolitik[cluster]'" in done.stderr


def test_batches_split_the_games_over_the_cpus():
    assert batch_size(10, 2) == 2
    assert batch_size(3, 8) == 1
    assert batch_size(1_000_000, 4) == 32


def test_ctrl_c_from_a_callback_returns_the_finished_games_in_order():
    seen = []

    def stop_after_three(result):
        seen.append(result.index)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stop:
        run_arena("nuclear-war", SPECS, 50, seed=4, workers=2, on_result=stop_after_three)
    assert stop.value.planned == 50
    assert [r.index for r in stop.value.results] == sorted(seen)
    alone = run_arena("nuclear-war", SPECS, max(seen) + 1, seed=4)
    assert same_games(stop.value.results) == same_games([alone[i] for i in sorted(seen)])


def interrupt(args: list[str], env: dict[str, str] | None = None) -> tuple[float, str, str]:
    """Run the arena command, send it Ctrl-C two seconds after its first game finished; the seconds it
    took to stop after that, its output and its error output."""
    stopped = ctrl_c.interrupt(ARENA + args, 100000, env)
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    return stopped.seconds, stopped.stdout, stopped.stderr


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_a_local_arena_within_two_seconds_and_prints_what_finished(workers):
    took, out, err = interrupt(["nuclear-war", "--seats", ",".join(SPECS), "--games", "100000",
                                "--workers", str(workers)])
    assert took < allowance(2), f"took {took:.1f} s to stop (load factor {load_factor():.1f})"
    done = int(re.search(r"stopped by Ctrl-C: (\d+) of 100000 games finished", err).group(1))
    assert done >= 1
    assert f"nuclear-war, 3 players, {done} games" in out and "heuristic" in out and "win %" in out


#: plays 12 games on a private Ray instance of 2 CPUs; prints the CPUs and the games (in a process of its own:
#: Ray changes the environment of the process that uses it)
ON_LOCAL_RAY = """
import dataclasses, json
from realpolitik.sim import run_arena
cpus = []
games = run_arena("nuclear-war", ["heuristic", "random", "random"], 12, seed=5, workers=2, cluster="local",
                  on_result=lambda r: print("finished", r.index), on_cluster=cpus.append)
print(json.dumps({"cpus": cpus, "games": [dataclasses.asdict(r) for r in games]}))
"""


@needs_ray
def test_a_private_ray_instance_plays_the_same_games_as_one_process():
    ray_can_start()
    done = subprocess.run([sys.executable, "-c", ON_LOCAL_RAY], capture_output=True, text=True, timeout=allowance(300),
                          env={**os.environ, **RAY_ENV})
    assert done.returncode == 0, done.stderr[-2000:]
    *finished, last = done.stdout.splitlines()
    on_ray = json.loads(last)
    assert on_ray["cpus"] == [2] and len(finished) == 12
    alone = run_arena("nuclear-war", SPECS, 12, seed=5)
    assert [{k: v for k, v in g.items() if k not in TIMINGS} for g in on_ray["games"]] == json.loads(
        json.dumps(same_games(alone)))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def ray_head():
    """A Ray head node on loopback with a Ray Client server and a token of its own: the environment a
    driver needs (``RAY_ADDRESS`` for ``--cluster auto``) and the Ray Client address."""
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed: pip install 'realpolitik[cluster]'")
    ray_can_start()
    port, client = _free_port(), _free_port()
    env = {**RAY_ENV, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16),
           "RAY_ADDRESS": f"127.0.0.1:{port}"}
    temp = tempfile.mkdtemp(prefix="rp-ray-")
    ray = Path(sys.executable).with_name("ray")
    head = subprocess.Popen([str(ray), "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}",
                             f"--ray-client-server-port={client}", "--num-cpus=2", "--include-dashboard=false",
                             "--disable-usage-stats", f"--temp-dir={temp}"],
                            env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + allowance(90)  # a dozen processes start
        while True:
            try:
                socket.create_connection(("127.0.0.1", client), timeout=1).close()  # fixed: one knock, loop stretches
                break
            except OSError:
                assert head.poll() is None and time.monotonic() < deadline, "the Ray head did not start"
                time.sleep(0.5)
        yield env, f"ray://127.0.0.1:{client}"
    finally:
        head.terminate()  # `ray start --block` stops the processes it started
        try:
            head.wait(allowance(30))
        except subprocess.TimeoutExpired:
            head.kill()
        shutil.rmtree(temp, ignore_errors=True)


def arena_json(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(ARENA + args, env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=allowance(240))


def without_times(summary: dict) -> dict:
    for bot in summary["bots"].values():
        for key in ("seconds_per_decision", "cpu_seconds_per_decision", "slowest_decision_cpu_seconds"):
            bot.pop(key, None)
    return summary


@needs_ray
def test_the_command_on_a_ray_cluster_gives_the_same_results_as_one_process(ray_head):
    env, _ = ray_head
    done = arena_json(["nuclear-war", "--seats", ",".join(SPECS), "--games", "9", "--seed", "3", "--json",
                       "--cluster", "auto"], env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Ray cluster auto: 2 CPUs" in done.stderr
    on_ray = without_times(json.loads(done.stdout))
    assert on_ray["complete"] is True and on_ray["cluster"] == "auto"
    here = without_times(summarise("nuclear-war", 3, run_arena("nuclear-war", SPECS, 9, seed=3)).to_dict())
    assert {k: on_ray[k] for k in here} == here


@needs_ray
def test_ray_client_reaches_the_cluster_by_its_ray_address(ray_head):
    env, address = ray_head
    args = ["nuclear-war", "--seats", ",".join(SPECS), "--games", "4", "--seed", "8", "--json", "--cluster", address]
    for _ in range(3):
        done = arena_json(args, env)
        # Ray's client proxy sometimes fails to start a client's server process on a busy machine, or
        # trips over the previous one's exit (psutil's ZombieProcess inside Ray's proxier)
        if not any(flake in done.stderr for flake in ("Starting Ray client server failed", "ZombieProcess")):
            break
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"Ray cluster {address}: 2 CPUs" in done.stderr
    here = without_times(summarise("nuclear-war", 3, run_arena("nuclear-war", SPECS, 4, seed=8)).to_dict())
    on_ray = without_times(json.loads(done.stdout))
    assert {k: on_ray[k] for k in here} == here


@needs_ray
def test_an_unreachable_cluster_is_a_clear_error():
    address = f"ray://127.0.0.1:{_free_port()}"  # nothing listens there
    # Ray Client tries three times, waiting 5, 10 and 15 s unless told shorter waits
    quick = {**RAY_ENV, "RAY_CLIENT_INITIAL_CONNECTION_TIMEOUT_S": "1", "RAY_CLIENT_MAX_CONNECTION_TIMEOUT_S": "1"}
    done = arena_json(["nuclear-war", "--seats", "random,random", "--games", "2", "--cluster", address], quick)
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"error: cannot reach the Ray cluster at {address}" in done.stderr


@needs_ray
def test_ctrl_c_stops_an_arena_on_ray_within_two_seconds(ray_head):
    env, _ = ray_head
    took, out, err = interrupt(["nuclear-war", "--seats", ",".join(SPECS), "--games", "100000",
                                "--cluster", "auto"], env)
    assert took < allowance(2), f"took {took:.1f} s to stop (load factor {load_factor():.1f})"
    done = int(re.search(r"stopped by Ctrl-C: (\d+) of 100000 games finished", err).group(1))
    assert done >= 1 and f"nuclear-war, 3 players, {done} games" in out


@needs_ray
def test_ctrl_c_stops_an_arena_on_a_private_ray_instance_within_two_seconds():
    ray_can_start()
    took, out, err = interrupt(["nuclear-war", "--seats", ",".join(SPECS), "--games", "100000",
                                "--cluster", "local", "--workers", "2"], RAY_ENV)
    assert took < allowance(2), f"took {took:.1f} s to stop (load factor {load_factor():.1f})"
    done = int(re.search(r"stopped by Ctrl-C: (\d+) of 100000 games finished", err).group(1))
    assert done >= 1 and f"nuclear-war, 3 players, {done} games" in out
