"""1815's action texts: the one place they are written (below; f-strings, as they are built
for every legal action of every decision) and read (``read``: ``engine.parse``, remembered).

Lands and powers are named by their keys, units by a count and a kind (``inf``, ``cav``,
``art``): ``power england``, ``capital wien``, ``claim bayern``; on the action menu
``relocate``, ``supply wien 2 inf 1 cav``, ``fortify ungarn``, ``convert polen``,
``meddle rom inf``, ``buy rom``, ``attack bayern``, ``end turn``; in a relocation ``to
preussen``, ``general to wien``, ``end relocation``, ``move boehmen 2 inf``, ``move wien
general``, ``done``; in a battle ``commit wien 3 inf``, ``commit wien general``, ``go``,
``spend 2``; in 2vs2 ``cede karpaten``, ``transfer bayern``, ``give marker``, ``no team
action``; reinforcements ``place wien cav``. Their words for players are in ``words``.
"""

from __future__ import annotations

from realpolitik.engine import parse

from .units import text

read = parse

RELOCATE = "relocate"
END_TURN = "end turn"
END_RELOCATION = "end relocation"
DONE = "done"
GO = "go"
GIVE_MARKER = "give marker"
NO_TEAM_ACTION = "no team action"
#: the word for the general where a move or a commitment names units
GENERAL = "general"


def power(key: str) -> str:
    return f"power {key}"


def capital(key: str) -> str:
    return f"capital {key}"


def claim(key: str) -> str:
    return f"claim {key}"


def supply(key: str, counts: tuple[int, int, int]) -> str:
    return f"supply {key} {text(counts)}"


def fortify(key: str) -> str:
    return f"fortify {key}"


def convert(key: str) -> str:
    return f"convert {key}"


def meddle(key: str, kind: str) -> str:
    return f"meddle {key} {kind}"


def buy(key: str) -> str:
    return f"buy {key}"


def attack(key: str) -> str:
    return f"attack {key}"


def to(key: str) -> str:
    return f"to {key}"


def general_to(key: str) -> str:
    return f"general to {key}"


def move(source: str, n: int, kind: str) -> str:
    return f"move {source} {n} {kind}"


def move_general(source: str) -> str:
    return f"move {source} general"


def commit(source: str, n: int, kind: str) -> str:
    return f"commit {source} {n} {kind}"


def commit_general(source: str) -> str:
    return f"commit {source} general"


def spend(markers: int) -> str:
    return f"spend {markers}"


def cede(key: str) -> str:
    return f"cede {key}"


def transfer(key: str) -> str:
    return f"transfer {key}"


def place(key: str, kind: str) -> str:
    return f"place {key} {kind}"


__all__ = [
    "DONE", "END_RELOCATION", "END_TURN", "GENERAL", "GIVE_MARKER", "GO", "NO_TEAM_ACTION", "RELOCATE", "attack",
    "buy", "capital", "cede", "claim", "commit", "commit_general", "convert", "fortify", "general_to", "meddle",
    "move", "move_general", "place", "power", "read", "spend", "supply", "to", "transfer",
]
