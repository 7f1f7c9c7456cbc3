"""Das Spiel der Nationen's action texts: the one place they are written (below) and read
(``words``).

Heads of state are named by kind (``king``, ``president``, ``dictator``, ``guerrilla``),
points as ``<state>-<n>``, states and seas by their keys: ``place king sahir``, ``station
north``, ``agent zarqan-2``, ``move president uor-0 zarqan-5``, ``attack dictator uor-0
kadhar-0``, ``buy tanker kadhar``, ``sell tanker south``, ``tanker north south``,
``pipeline qaraza sahir``, ``depose guerrilla harun-0``, ``kill dictator kadhar-0``, ``sink
zarqan``, ``sabotage kadhar harun``, ``end``, ``decline``. Their words for players are in
``words``.
"""

from __future__ import annotations

from typing import Any

END = "end"
DECLINE = "decline"
#: the optional actions of a turn (A15): one tanker action, one pipeline
EXTRAS = frozenset({"buy", "sell", "tanker", "pipeline"})


def words(action: str) -> list[str]:
    """An action text as its words: the verb, then its arguments (all text)."""
    return action.split(" ")


def place(kind: str, state: str) -> str:
    return f"place {kind} {state}"


def station(where: str) -> str:
    return f"station {where}"


def agent(point: str) -> str:
    return f"agent {point}"


def leader_move(verb: str, kind: str, source: str, destination: str) -> str:
    """``move`` or ``attack`` with the head of state on ``source``."""
    return f"{verb} {kind} {source} {destination}"


def leader_moves(kind: str, source: str, targets: list[tuple[str, str]]) -> list[str]:
    """``leader_move`` for each ``(verb, destination)``."""
    return [leader_move(verb, kind, source, destination) for verb, destination in targets]


def buy_tanker(where: str) -> str:
    return f"buy tanker {where}"


def sell_tanker(where: str) -> str:
    return f"sell tanker {where}"


def tanker(source: str, destination: str) -> str:
    return f"tanker {source} {destination}"


def pipeline(state: str, other: str) -> str:
    return f"pipeline {state} {other}"


def depose(kind: str, point: str) -> str:
    return f"depose {kind} {point}"


def kill(kind: str, point: str) -> str:
    return f"kill {kind} {point}"


def sink(where: str) -> str:
    return f"sink {where}"


def sabotage(state: str, other: str) -> str:
    return f"sabotage {state} {other}"


class Texts:
    """The action texts of one board, each written once with the builders above: legal action
    lists are made on every step of every game and search, and looking a text up is cheaper
    than writing it. Indexed by location, point, leader kind and state, and candidate pipeline
    (``board.pipeline_pairs_chain``)."""

    def __init__(self, board: Any, kinds: tuple[str, ...]) -> None:
        at = board.locations
        self.buy = tuple(buy_tanker(where) for where in at)
        self.sell = tuple(sell_tanker(where) for where in at)
        self.tanker = tuple(tuple(tanker(a, b) for b in at) for a in at)
        #: per location, the moves from a port onto the high seas it opens onto (none from a high sea)
        self.out_of_port = tuple(tuple(self.tanker[loc][sea] for sea in board.location_seas[loc])
                                 for loc in range(len(at)))
        self.station = tuple(station(where) for where in at)
        seas = board.sea_locations
        #: per location, the moves through the canal: from a high sea onto the other ones (none from a port)
        self.through_canal = tuple(tuple(self.tanker[loc][sea] for sea in seas if sea != loc) if loc in seas else ()
                                   for loc in range(len(at)))
        self.agent = tuple(agent(p) for p in board.point_name)
        self.place = tuple(tuple(place(kind, s) for s in board.keys) for kind in kinds)
        self.pipeline = tuple(pipeline(board.keys[a], board.keys[b]) for a, b in board.pipeline_pairs_chain)
