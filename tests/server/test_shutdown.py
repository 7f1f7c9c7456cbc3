"""A graceful shutdown lets the chores under way end before the storage closes: a game that
ended a moment before still rates its players and carries its tournament on, instead of
failing with "cannot schedule new futures after shutdown"; a chore that does not end in
time is cancelled (the next start catches it up)."""

from __future__ import annotations

import asyncio
import logging

from starlette.testclient import TestClient

from realpolitik.server import Settings, create_app
from realpolitik.server import hall as hall_module


def _serve(tmp_path):
    return create_app(Settings(db=f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0, bot_workers=0))


def test_a_chore_under_way_at_shutdown_ends_before_the_storage_closes(tmp_path, caplog):
    app = _serve(tmp_path)
    written: list[int] = []

    async def late_write(hall) -> None:  # as a finished game's rating writes to storage
        await asyncio.sleep(0.3)
        written.append(await hall.store.in_thread(lambda: 42))

    with caplog.at_level(logging.ERROR), TestClient(app) as client:
        hall = app.state.hall
        client.portal.call(lambda: hall.chore(late_write(hall)))
    assert written == [42]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_a_chore_that_does_not_end_in_time_is_cancelled(tmp_path, monkeypatch):
    monkeypatch.setattr(hall_module, "CHORES_WAIT", 0.2)
    app = _serve(tmp_path)
    ended: list[str] = []

    async def endless() -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            ended.append("cancelled")
            raise

    with TestClient(app) as client:
        hall = app.state.hall
        client.portal.call(lambda: hall.chore(endless()))
    assert ended == ["cancelled"]
