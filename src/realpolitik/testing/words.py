"""What a view shows a player in sentences, for tests that read whole games in one language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def view_texts(view: dict[str, Any]) -> Iterator[str]:
    """The log lines, the prompt and the buttons' words, what is awaited and the outcome's reason."""
    yield from view["log"]
    if "pending" in view:
        yield view["pending"]["prompt"]
        yield from (c["label"] for c in view["pending"]["choices"])
    if "waiting" in view:
        yield view["waiting"]
    if "outcome" in view:
        yield view["outcome"]["reason"]
