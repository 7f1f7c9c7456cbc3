"""Bot moves wait for a worker with a person's table first: no number of bot-only games
delays a person's bot by more than the moves already being computed."""

from __future__ import annotations

import asyncio

from realpolitik.server.bots import Slots


async def _served_order(requests: list[tuple[str, bool]], workers: int = 1) -> list[str]:
    slots = Slots(workers)
    served: list[str] = []
    release = asyncio.Event()

    async def busy() -> None:
        async with slots.take(urgent=False):
            await release.wait()

    async def ask(name: str, urgent: bool) -> None:
        async with slots.take(urgent):
            served.append(name)
            await asyncio.sleep(0)

    holders = [asyncio.create_task(busy()) for _ in range(workers)]
    await asyncio.sleep(0)
    tasks = [asyncio.create_task(ask(name, urgent)) for name, urgent in requests]
    await asyncio.sleep(0)
    assert slots.waiting == len(requests) and slots.free == 0
    release.set()
    await asyncio.gather(*holders, *tasks)
    assert slots.free == workers and slots.waiting == 0
    return served


def test_a_person_goes_before_every_queued_bot_game():
    requests = [(f"bots{i}", False) for i in range(5)] + [("person", True)] + [("bots5", False)]
    assert asyncio.run(_served_order(requests)) == ["person", "bots0", "bots1", "bots2", "bots3", "bots4", "bots5"]
    two = asyncio.run(_served_order([("b0", False), ("p0", True), ("b1", False), ("p1", True)], workers=2))
    assert two == ["p0", "p1", "b0", "b1"]


def test_a_cancelled_request_gives_its_worker_back():
    async def scenario() -> int:
        slots = Slots(1)
        async with slots.take(urgent=True):
            waiting = asyncio.create_task(_hold(slots))
            await asyncio.sleep(0)
            waiting.cancel()
        await asyncio.sleep(0)
        async with slots.take(urgent=False):
            pass
        return slots.free

    async def _hold(slots: Slots) -> None:
        async with slots.take(urgent=False):
            await asyncio.sleep(10)

    assert asyncio.run(scenario()) == 1
