"""Seeded random playouts, positions from bot self-play, and the clone-independence check."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from realpolitik.bots import make_bot
from realpolitik.engine import Game, Rng, SeatContext, State

#: attributes every state shares with its clones on purpose (immutable by convention)
SHARED_FIELDS = frozenset({"game", "seats", "options", "content", "log"})


def random_playout(
    state: State, rng: Rng, max_plies: int, visit: Callable[[State], None] | None = None
) -> list[str]:
    """Play uniformly random legal actions until the game ends; returns the actions.

    Raises ``AssertionError`` on a dead end (no legal action while not over) or when
    ``max_plies`` actions did not finish the game. ``visit`` sees the state before each action.
    """
    actions = []
    while not state.is_over():
        legal = state.legal_actions()
        assert legal, f"dead end: {state.seats[state.to_act]} to act with no legal action (ply {state.ply})"
        assert len(actions) < max_plies, f"no end after {max_plies} actions"
        if visit is not None:
            visit(state)
        act = rng.choice(legal)
        state.apply(act)
        actions.append(act)
    return actions


def self_play_position(game: Game, players: int, seed: int, plies: int, options: dict | None = None,
                       bot: str = "heuristic") -> State:
    """The position after ``plies`` moves of ``bot`` bots playing each other (earlier if the game ends)."""
    st = game.new_state(players, options, seed)
    bots = [make_bot(bot, game, seed + s, players=players) for s in range(players)]
    rng = Rng(seed)
    while st.ply < plies and not st.is_over():
        seat = st.to_act
        st.apply(bots[seat].choose(SeatContext.of(st, seat, rng.fork())))
    return st


@dataclass(frozen=True)
class SharedMutable:
    """A mutable object reachable from two states."""

    path: str
    kind: str


_MUTABLE = (list, dict, set, bytearray)
_ATOMS = (str, int, float, bool, bytes, type(None))


def memo(obj: object) -> bool:
    """A memo of a state's own facts: its class says ``shareable = True`` (it only adds answers
    worked out from a copy it never changes), so clones may share it as a whole."""
    return getattr(type(obj), "shareable", False) is True


def shareable(obj: object) -> bool:
    """Frozen dataclasses, frozen pydantic models and memos may be shared."""
    if memo(obj):
        return True
    params = getattr(obj, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return True
    config = getattr(obj, "model_config", None)
    return isinstance(config, dict) and bool(config.get("frozen"))


def _walk(obj: object, path: str, seen: dict[int, tuple[object, str]]) -> None:
    if isinstance(obj, _ATOMS) or id(obj) in seen:
        return
    seen[id(obj)] = (obj, path)
    if isinstance(obj, dict):
        for k, v in obj.items():
            _walk(v, f"{path}[{k!r}]", seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for i, v in enumerate(obj):
            _walk(v, f"{path}[{i}]", seen)
    elif not shareable(obj):
        for name in _fields(obj):
            if hasattr(obj, name):
                _walk(getattr(obj, name), f"{path}.{name}", seen)


def _fields(obj: object) -> list[str]:
    names = list(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        names += [s for s in getattr(cls, "__slots__", ()) if s not in names]
    return names


def shared_mutables(a: State, b: State) -> list[SharedMutable]:
    """Mutable objects (lists, dicts, sets, objects) reachable from both states.

    Fields in ``SHARED_FIELDS`` are skipped: they are immutable content shared on purpose.
    """
    seen_a: dict[int, tuple[object, str]] = {}
    seen_b: dict[int, tuple[object, str]] = {}
    for name in _fields(a):
        if name not in SHARED_FIELDS and hasattr(a, name):
            _walk(getattr(a, name), name, seen_a)
            _walk(getattr(b, name), name, seen_b)
    out = []
    for key in seen_a.keys() & seen_b.keys():
        obj, path = seen_a[key]
        if not isinstance(obj, (tuple, frozenset)) and not shareable(obj):
            out.append(SharedMutable(path, type(obj).__name__))
    return out
