"""Backups and restores of a server's database: how long each kind takes and how large it is.

    python benchmarks/backup.py [--games 1000] [--actions 150]

Fills a fresh SQLite file with ``games`` finished games of ``actions`` actions each (the rows
a server stores; the actions' texts need not replay), then times ``realpolitik admin backup``
(SQLite's online backup, then ``--portable``) and ``restore`` of each into a new file, each as
the command a user runs (its start-up included), and prints JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, SOURCE)

from sqlalchemy import insert  # noqa: E402

from realpolitik.server.store import Store, actions, games, now, seats  # noqa: E402
from realpolitik.server.tokens import new_game_id  # noqa: E402

COMMAND = [sys.executable, "-c", "from realpolitik.cli.main import app; app()"]


def fill(path: Path, count: int, length: int) -> None:
    """``count`` finished games of two random bots, ``length`` actions each."""
    store = Store(str(path))
    with store.engine.begin() as conn:
        for number in range(count):
            game = new_game_id()
            conn.execute(insert(games).values(id=game, game="wsdv", rules_version="1", options={}, seed=number,
                                              lobby_join=False, status="finished", created=now(),
                                              result={"plies": length}))
            conn.execute(insert(seats), [{"game_id": game, "seat": s, "kind": "random", "name": "", "joined": True}
                                         for s in range(2)])
            conn.execute(insert(actions), [{"game_id": game, "seq": k, "seat": k % 2, "text": f"play {k % 60} event",
                                            "at": now()} for k in range(length)])
    store.close()


def timed(*args: str) -> float:
    started = time.monotonic()
    subprocess.run([*COMMAND, *args], check=True, capture_output=True, env={**os.environ, "PYTHONPATH": SOURCE})
    return round(time.monotonic() - started, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=150)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        db = here / "games.db"
        fill(db, options.games, options.actions)
        figures = {"games": options.games, "actions": options.actions, "database_kb": db.stat().st_size // 1024}
        for kind, extra in (("sqlite", ()), ("portable", ("--portable",))):
            backup = here / f"backup-{kind}"
            figures[f"{kind}_backup_s"] = timed("admin", "backup", str(backup), *extra, "--db", str(db))
            figures[f"{kind}_kb"] = backup.stat().st_size // 1024
            figures[f"{kind}_restore_s"] = timed("admin", "restore", str(backup), "--db", str(here / f"{kind}.db"))
        figures["command_start_s"] = timed("admin", "--help")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
