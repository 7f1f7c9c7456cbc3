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

END = "end"
DECLINE = "decline"
#: the optional actions of a turn (spec A15): one tanker action, one pipeline
EXTRAS = frozenset({"buy", "sell", "tanker", "pipeline"})


def words(action: str) -> list[str]:
    """An action text as its words: the verb, then its arguments (all text)."""
    return action.split(" ")


def places(kind: str, states: list[str]) -> list[str]:
    """``place`` of one kind into each state (one call for a turn's list, not one per action)."""
    return [f"place {kind} {s}" for s in states]


def station(where: str) -> str:
    return f"station {where}"


def agents(points: list[str]) -> list[str]:
    return [f"agent {p}" for p in points]


def leader_move(verb: str, kind: str, source: str, destination: str) -> str:
    """``move`` or ``attack`` with a head of state."""
    return f"{verb} {kind} {source} {destination}"


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
