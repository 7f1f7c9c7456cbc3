"""Reviews in the browser (issue 58): a finished game's review is queued, computed by the bot
workers piece by piece with its progress told, stored with the game and served again from
storage; unfinished games, bad seats and too many requests are refused; reviews wait for a
worker behind every bot move."""

from __future__ import annotations

import asyncio
import time

import pytest

from realpolitik.analysis import review as core
from realpolitik.analysis.review import ReviewJob, review_piece
from realpolitik.engine import Record, Rng
from realpolitik.games import get
from realpolitik.i18n import render
from realpolitik.server.bots import Slots
from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, Api, ServerProcess

BUDGET = 20
#: seconds a server may take to start on a busy machine
START = 120


def finished_bot_game(api: Api) -> str:
    created = api.create(["random", "random", "random"], game="nationen")
    api.wait_finished(created["id"], timeout=120)
    return created["id"]


def reviewed(api: Api, game_id: str, seat: str = "", timeout: float = 120) -> tuple[dict, list[dict]]:
    """Poll the review until it is done: (the last answer, every answer on the way); ``timeout``: idle
    seconds, ``allowance``."""
    seen, end = [], time.monotonic() + allowance(timeout)
    while time.monotonic() < end:
        answer = api.get(f"/api/games/{game_id}/review", params={"seat": seat} if seat else None)
        assert answer.status_code == 200, answer.text
        seen.append(answer.json())
        if seen[-1]["status"] in ("done", "none"):
            return seen[-1], seen
        time.sleep(0.05)
    raise TimeoutError(f"the review of {game_id} did not end in {timeout} s")


@pytest.fixture(scope="module")
def reviewing(tmp_path_factory):
    db = tmp_path_factory.mktemp("reviews") / "games.db"
    server = ServerProcess(str(db), limits={**ROOMY, "review_budget": str(BUDGET)}).start(timeout=START)
    yield server
    server.stop()


def test_a_review_is_queued_reported_and_kept_with_the_game(reviewing):
    with Api(reviewing) as api:
        game_id = finished_bot_game(api)
        assert api.get(f"/api/games/{game_id}/review").json()["status"] == "none"
        asked = api.post(f"/api/games/{game_id}/review")
        assert asked.status_code == 202 and asked.json()["status"] in ("queued", "running")
        total = asked.json()["total"]
        done, seen = reviewed(api, game_id)
        assert done["status"] == "done", seen
        progress = [a["done"] for a in seen if a["status"] == "running"]
        assert progress == sorted(progress) and all(0 < d <= total for d in progress)
        record = api.record(game_id)
        budget = core.budget_for(get("nationen"), BUDGET)  # Nationen's declared budget scales the server's
        assert done["review"]["budget"] == budget > BUDGET
        whole = core.review(record, get, None, budget, 0)
        assert done["review"] == whole.to_json()  # as `realpolitik review --json` with that budget
        state, said = record.initial_state(get), {}
        for ply, action in enumerate(record.actions):
            said[ply] = {c.action: c.label for c in state.choices()}
            state.apply(action)
        assert done["words"] == [{"played": render(said[tp.ply][tp.played], "en"),
                                  "best": render(said[tp.ply][tp.best], "en")} for tp in whole.turning_points()]
        again = api.post(f"/api/games/{game_id}/review")
        assert again.status_code == 200 and again.json()["review"] == done["review"]
    reviewing.stop()
    reviewing.start(timeout=START)
    with Api(reviewing) as api:
        stored = api.get(f"/api/games/{game_id}/review").json()
        assert stored["status"] == "done" and stored["review"] == done["review"]


def test_a_seat_s_view_is_another_review(reviewing):
    with Api(reviewing) as api:
        game_id = finished_bot_game(api)
        assert api.post(f"/api/games/{game_id}/review", params={"seat": "p2"}).status_code == 202
        done, _ = reviewed(api, game_id, "p2")
        assert done["viewpoint"] == "p2" and done["review"]["viewpoint"] == "p2"
        assert {p["from"] for p in done["review"]["plies"]} == {"p2"}
        assert api.get(f"/api/games/{game_id}/review").json()["status"] == "none"


def test_unfinished_games_and_bad_input_are_refused(reviewing):
    with Api(reviewing) as api:
        game_id = api.create(["human", "random", "random"], game="nationen")["id"]
        for method in (api.get, api.post):
            answer = method(f"/api/games/{game_id}/review")
            assert answer.status_code == 403 and answer.json()["code"] == "not-finished"
            answer = method("/api/games/nosuchgame/review")
            assert answer.status_code == 404 and answer.json()["code"] == "no-game"
        finished = finished_bot_game(api)
        for method in (api.get, api.post):
            answer = method(f"/api/games/{finished}/review", params={"seat": "p9"})
            assert answer.status_code == 400 and "p9" in answer.json()["error"]
        assert api.get(f"/api/games/{finished}/review").json()["status"] == "none"  # nothing was queued


def test_one_review_per_game_a_bounded_queue_and_a_rate_per_client(tmp_path):
    limits = {**ROOMY, "review_budget": "200", "review_queue": "1", "reviews": "1/hour"}
    server = ServerProcess(str(tmp_path / "games.db"), limits=limits).start(timeout=START)
    try:
        with Api(server) as api:
            first, second = finished_bot_game(api), finished_bot_game(api)
            assert api.post(f"/api/games/{first}/review").status_code == 202
            other_seat = api.post(f"/api/games/{first}/review", params={"seat": "p1"})
            assert other_seat.status_code == 409 and other_seat.json()["code"] == "reviewing"
            full = api.post(f"/api/games/{second}/review")
            assert full.status_code == 429 and "as many games" in full.json()["error"]
            api.post(f"/api/games/{first}/review").raise_for_status()  # the same review: told where it stands
            assert reviewed(api, first, timeout=600)[0]["status"] == "done"
            again = api.post(f"/api/games/{second}/review")  # the queue has room: the rate refuses it
            assert again.status_code == 429 and "too many reviews" in again.json()["error"]
            assert api.post(f"/api/games/{first}/review").status_code == 200  # a stored review costs nothing
    finally:
        server.stop()


def test_pieces_of_a_review_make_the_whole_review():
    """A worker reviews from any action on, for a given time; the pieces are the review's plies."""
    game = get("nationen")
    state = game.new_state(3, {}, 4)
    record, rng = Record.start(state, 4, ["random"] * 3), Rng(4)
    while not state.is_over():
        record.actions.append(rng.choice(state.legal_actions()))
        state.apply(record.actions[-1])
    record.finish(state)
    actions = record.actions
    pieces, first = [], 0
    while first < len(actions):
        piece = review_piece(ReviewJob(record, None, 10, first, 0.0), get)
        assert len(piece) == 1 and piece[0].ply == first  # no time left: one action a piece
        pieces += piece
        first += len(piece)
    whole = core.review(record, get, None, 10, 0)
    assert pieces == whole.plies
    assert len(review_piece(ReviewJob(record, None, 10, 0, 3600.0), get)) == len(actions)


def test_reviews_wait_behind_every_bot_move():
    async def scenario() -> list[str]:
        slots, served, release = Slots(1), [], asyncio.Event()

        async def hold() -> None:
            async with slots.take(urgent=True):
                await release.wait()

        async def ask(name: str, urgent: bool, review: bool) -> None:
            async with slots.take(urgent, review=review):
                served.append(name)
                await asyncio.sleep(0)

        holder = asyncio.create_task(hold())
        await asyncio.sleep(0)
        asks = [("review0", False, True), ("bots", False, False), ("review1", False, True), ("person", True, False)]
        tasks = [asyncio.create_task(ask(*a)) for a in asks]
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(holder, *tasks)
        return served

    assert asyncio.run(scenario()) == ["person", "bots", "review0", "review1"]
