"""docs/hosting.md, the manual of a group's admin: it quotes the files of ``deploy/`` as they are,
and they hold what it names (the service's restart policy, user and data directory; the proxies'
WebSocket headers); the service's command line starts a server that answers its health check and
tells clients behind the proxy apart; the settings it names are the server's; its PostgreSQL,
backup, upgrade and restore commands run as written (the system's own — apt-get, useradd,
systemctl — are not run here)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import typer

from realpolitik.cli.main import app
from realpolitik.server.store import Store, StoredGame, StoredSeat, now
from realpolitik.server.tokens import new_game_id
from realpolitik.testing.load import allowance
from realpolitik.testing.server import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
DEPLOY = ROOT / "deploy"
REALPOLITIK = Path(sys.executable).parent / "realpolitik"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(DOC) if lang == language]


def commands() -> list[str]:
    """The lines of the page's shell blocks."""
    return [line for body in blocks("sh") for line in body.splitlines() if line.strip()]


def unit() -> str:
    return (DEPLOY / "realpolitik.service").read_text(encoding="utf-8")


def exec_start() -> list[str]:
    line = re.search(r"^ExecStart=(.*?[^\\])$", unit(), re.MULTILINE | re.DOTALL).group(1)
    return shlex.split(line.replace("\\\n", " "))


@pytest.mark.parametrize(("name", "language"), [("realpolitik.service", "ini"), ("Caddyfile", "caddy"),
                                                ("nginx.conf", "nginx")])
def test_the_page_quotes_each_deployment_file_as_it_is(name, language):
    assert f"`deploy/{name}`" in DOC
    assert (DEPLOY / name).read_text(encoding="utf-8") in blocks(language)


def test_the_service_restarts_runs_as_its_own_user_and_keeps_its_data_in_its_directory():
    options = dict(line.split("=", 1) for line in unit().splitlines() if "=" in line and not line.startswith("#"))
    assert options["Restart"] == "always" and options["RestartSec"] == "5"
    assert options["User"] == options["Group"] == "realpolitik" and options["StateDirectory"] == "realpolitik"
    assert options["WorkingDirectory"] == "/var/lib/realpolitik"
    assert options["Environment"] == "REALPOLITIK_DB=/var/lib/realpolitik/realpolitik.db"
    assert options["EnvironmentFile"] == "-/etc/realpolitik/env"
    assert options["NoNewPrivileges"] == "yes" and options["ProtectSystem"] == "strict"
    args = exec_start()
    assert args[:2] == ["/opt/realpolitik/bin/realpolitik", "serve"]
    assert args[args.index("--host") + 1] == "127.0.0.1" and args[args.index("--db") + 1] == "${REALPOLITIK_DB}"
    prose = BLOCK.sub("", DOC)  # what the page says of them, beside quoting them
    for named in ("`Restart=always` brings the server back 5 s after", "owned by the user `realpolitik`",
                  "`/var/lib/realpolitik`", "`serve --metrics-port PORT`", "the service raises it to 2000"):
        assert named in prose, named


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")
def test_systemd_finds_nothing_wrong_with_the_service(tmp_path):
    found = tmp_path / "realpolitik.service"
    found.write_text(unit().replace("/opt/realpolitik/bin/realpolitik", str(REALPOLITIK)))
    done = subprocess.run(["systemd-analyze", "verify", str(found)], capture_output=True, text=True,
                          timeout=allowance(60))
    assert done.returncode == 0 and "realpolitik.service" not in done.stdout + done.stderr, done.stderr


def test_both_proxies_pass_websockets_and_name_the_client():
    caddy = (DEPLOY / "Caddyfile").read_text()
    assert "reverse_proxy 127.0.0.1:8000" in caddy  # Caddy passes WebSockets and X-Forwarded-* by itself
    nginx = (DEPLOY / "nginx.conf").read_text()
    for needed in ("proxy_pass http://127.0.0.1:8000;", "proxy_http_version 1.1;",
                   "proxy_set_header Upgrade $http_upgrade;", "proxy_set_header Connection $connection_upgrade;",
                   "proxy_set_header X-Forwarded-Proto $scheme;",
                   "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;", "proxy_read_timeout 1h;"):
        assert needed in nginx, needed


def test_the_settings_the_page_names_are_the_servers():
    serve = next(c for c in typer.main.get_command(app).commands.values() if c.name == "serve")
    known = {p.envvar for p in serve.params if p.envvar} | {"REALPOLITIK_DB"}  # the service's own
    known.add(next(p.default for p in serve.params if p.name == "smtp_password_env"))
    named = set(re.findall(r"\bREALPOLITIK_[A-Z_]+", DOC))
    assert named and named <= known, named - known


def test_the_services_command_serves_answers_its_health_check_and_tells_clients_behind_the_proxy_apart(tmp_path):
    args = exec_start()[2:]
    for flag in ("--port", "--metrics-port"):  # any free port here
        args[args.index(flag) + 1] = "0"
    args[args.index("--db") + 1] = str(tmp_path / "realpolitik.db")
    with ServerProcess(str(tmp_path / "realpolitik.db"), limits={"creates": "1/hour"}, args=tuple(args)) as server:
        assert re.search(r"metrics on http://127\.0\.0\.1:\d+/metrics", server.output())
        health = subprocess.run(["curl", "-s", f"{server.url}/healthz"], capture_output=True, text=True,
                                timeout=allowance(30))
        assert health.stdout == '{"status":"ok","database":"ok","schema":"current"}'
        assert f"{health.stdout}" in DOC.replace(" ", "")
        game = {"game": "nuclear-war", "seats": ["human", "human"]}

        def create(client: str) -> int:
            return httpx.post(f"{server.url}/api/games", json=game, headers={"X-Forwarded-For": client},
                              timeout=allowance(10)).status_code

        assert [create("203.0.113.7"), create("203.0.113.7"), create("203.0.113.8")] == [201, 429, 201]


def test_the_postgresql_commands_make_a_database_the_server_can_use(postgres):
    env = {**os.environ, "PGHOST": "127.0.0.1", "PGPORT": postgres.url.rsplit(":", 1)[1].split("/")[0],
           "PGUSER": "realpolitik"}
    for line in ("dropdb --if-exists games", "dropuser --if-exists games"):
        subprocess.run(shlex.split(line), env=env, check=True, capture_output=True, timeout=allowance(30))
    made = [line for line in commands() if line.startswith("sudo -u postgres create") and "restored" not in line]
    assert made == ["sudo -u postgres createuser --pwprompt games", "sudo -u postgres createdb --owner games games"]
    for line in made:  # without a terminal, --pwprompt reads the password (twice) from standard input
        subprocess.run(shlex.split(line)[3:], env=env, input="a secret\na secret\n", text=True, check=True,
                       capture_output=True, timeout=allowance(30), start_new_session=True)
    url = f"postgresql://games:a secret@127.0.0.1:{env['PGPORT']}/games".replace(" ", "%20")
    Store(url).close()  # the owner, no superuser, creates the tables
    assert "REALPOLITIK_DB=postgresql://games:PASSWORD@localhost/games" in DOC


def test_the_backup_upgrade_and_restore_commands_run_as_written(tmp_path):
    lib, backups = tmp_path / "lib", tmp_path / "backups"
    lib.mkdir()
    backups.mkdir()
    store = Store(str(lib / "realpolitik.db"))
    game = new_game_id()
    store.create_game(StoredGame(game, "nuclear-war", "1", {}, 7, True, "open", now(), [StoredSeat(0, "human")]))
    store.close()
    lines = [line for line in commands() if "realpolitik admin" in line]
    cron = [line for line in lines if line.startswith("15 3 * * * realpolitik ")]
    assert len(cron) == 1 and cron[0][len("15 3 * * * realpolitik "):].replace("\\%", "%") in \
        [line.removeprefix("sudo -u realpolitik ") for line in lines]
    run = [line.removeprefix("sudo -u realpolitik ") for line in lines if line.startswith("sudo -u realpolitik ")]
    assert [line.split()[2] for line in run] == ["backup", "backup", "restore"]
    for line in run:
        if " restore " in line:  # the backup of the first command, as it would be named that day
            (backups / "games-2025-01-31.db").write_bytes(next(backups.glob("games-*.db")).read_bytes())
        shell = (line.replace("/opt/realpolitik/bin/realpolitik", str(REALPOLITIK))
                 .replace("/var/lib/realpolitik", str(lib)).replace("/var/backups/realpolitik", str(backups)))
        done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=allowance(120),
                              env={**os.environ, "COLUMNS": "200"})
        assert done.returncode == 0, done.stderr
    assert len(list(backups.glob("before-upgrade-*.db"))) == 1
    store = Store(str(lib / "restored.db"))
    try:
        assert store.load(game).seats[0].kind == "human"
    finally:
        store.close()
