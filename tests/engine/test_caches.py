"""Caches are declared like state (engine/memo.py): every cache of a game package is named in its
``memo.py`` with its key and bound, none is keyed by ``id()``, and the content the caches read stays
as loaded after seeded random games of every title. Wir sind das Volk!'s board masks (``Works``)
are kept up to date only through ``board.moved``: a write to a board field that skips it is caught."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

from realpolitik.engine import SHARED, Rng
from realpolitik.engine.fields import declared as declared_fields
from realpolitik.engine.memo import PER_CONTENT, Cache
from realpolitik.games import get, registry

GAMES = Path(__file__).resolve().parents[2] / "src" / "realpolitik" / "games"
PACKAGES = ["nuclear_war", "wsdv", "wsdv/two_plus_two", "e1815", "nationen"]


def _calls(node: ast.AST, name: str) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return (isinstance(target, ast.Name) and target.id == name
            or isinstance(target, ast.Attribute) and target.attr == name)


def caches_in(package: str, root: Path = GAMES) -> dict[str, int | str]:
    """Every cache the code of ``package`` keeps (not its subpackages), by where it lives, with its bound."""
    found: dict[str, int | str] = {}
    trees = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted((root / package).glob("*.py"))}
    filled_as_asked = {"Memos"} | {node.name for tree in trees.values() for node in ast.walk(tree)
                                   if isinstance(node, ast.ClassDef)
                                   and any(getattr(f, "name", "") == "__missing__" for f in node.body)}
    for module, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    decorators = getattr(item, "decorator_list", [])
                    if any(_calls(d, "cached_property") for d in decorators):
                        found[f"{module}.{node.name}.{item.name}"] = PER_CONTENT
                    if isinstance(item, ast.AnnAssign) and ast.unparse(item.annotation) in filled_as_asked:
                        found[f"{module}.{node.name}.{item.target.id}"] = PER_CONTENT
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Call) and _calls(sub.value, "Memo"):
                        found[f"{module}.{node.name}.{sub.targets[0].attr}"] = ast.unparse(sub.value.args[0])
            if isinstance(node, ast.FunctionDef):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Call) and _calls(sub, "lru_cache") and sub not in node.decorator_list:
                        found[f"{module}.{node.name}"] = _maxsize(sub)
                for decorator in node.decorator_list:
                    if _calls(decorator, "lru_cache"):
                        found[f"{module}.{node.name}"] = _maxsize(decorator)
    return found


def _maxsize(call: ast.AST) -> int | str:
    sizes = [k.value for k in getattr(call, "keywords", []) if k.arg == "maxsize"]
    size = sizes[0].value if sizes and isinstance(sizes[0], ast.Constant) else None
    return size if isinstance(size, int) else "unbounded"


def declared(package: str) -> dict[str, Cache]:
    memo = importlib.import_module("realpolitik.games." + package.replace("/", ".") + ".memo")
    return {cache.where: cache for cache in memo.CACHES}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_cache_of_a_game_is_declared_in_its_memo_module_with_its_bound(package):
    found, named = caches_in(package), declared(package)
    assert set(found) == set(named), f"undeclared: {set(found) - set(named)}, gone: {set(named) - set(found)}"
    memo = importlib.import_module("realpolitik.games." + package.replace("/", ".") + ".memo")
    for where, bound in found.items():
        assert bound != "unbounded" and named[where].key, where
        expected = named[where].bound  # a cache kept with the content may declare its own bound (kept in code)
        assert bound in (expected, PER_CONTENT) or getattr(memo, str(bound), None) == expected, (where, bound)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_cache_of_a_game_is_keyed_by_an_object_s_identity(package):
    for path in (GAMES / package).glob("*.py"):
        calls = [n.lineno for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "id"]
        assert not calls, f"{path.name}: id() at lines {calls}"


def test_an_undeclared_cache_is_caught(tmp_path):
    """The scan finds a cache a module adds, so a missing declaration or bound fails the test above."""
    (tmp_path / "e1815").mkdir()
    source = (GAMES / "e1815" / "units.py").read_text(encoding="utf-8")
    (tmp_path / "e1815" / "units.py").write_text(source + "\n\n@lru_cache(maxsize=None)\ndef extra(x):\n    return x\n",
                                                 encoding="utf-8")
    found = caches_in("e1815", tmp_path)
    assert found["units.extra"] == "unbounded" and "units.extra" not in declared("e1815")
    assert found["units.cheapest"] == declared("e1815")["units.cheapest"].bound


# ---------------------------------------------------------------------- content stays as loaded


def snapshot(value, skip: frozenset[str], path: frozenset[int] = frozenset()):
    """A deep, comparable copy of ``value``'s contents, without the attributes named in ``skip`` (the
    declared caches kept on it) and without anything callable."""
    if isinstance(value, (str, int, float, bool, bytes, type(None))):
        return value
    if callable(value) and not dataclasses.is_dataclass(value):
        return "<callable>"
    if id(value) in path:
        return "<cycle>"
    path = path | {id(value)}
    kind = type(value).__name__
    if isinstance(value, dict):
        return kind, [(snapshot(k, skip, path), snapshot(v, skip, path)) for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return kind, [snapshot(v, skip, path) for v in value]
    if isinstance(value, (set, frozenset)):
        return kind, sorted(repr(snapshot(v, skip, path)) for v in value)
    names = set(getattr(value, "__dict__", {}))
    for klass in type(value).__mro__:
        names.update(getattr(klass, "__slots__", ()))
    names.update(getattr(type(value), "model_fields", {}))
    return kind, [(name, snapshot(getattr(value, name), skip, path))
                  for name in sorted(names - skip) if hasattr(value, name) and not name.startswith("__")]


def first_difference(a, b, where: str = "") -> str | None:
    """Where two snapshots first differ (for the failure message)."""
    if type(a) is not type(b) or not isinstance(a, (list, tuple)) or len(a) != len(b):
        return None if a == b else f"{where}: {str(a)[:200]} != {str(b)[:200]}"
    for i, (x, y) in enumerate(zip(a, b)):
        found = first_difference(x, y, f"{where}/{x[0] if isinstance(x, tuple) and x and isinstance(x[0], str) else i}")
        if found:
            return found
    return None


def _caches_kept_on_content() -> frozenset[str]:
    """The attributes of content objects that are declared caches (``content.Class.attribute``)."""
    return frozenset(where.rsplit(".", 1)[1] for package in PACKAGES for where in declared(package)
                     if where.startswith("content.") and where.count(".") == 2)


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_the_content_stays_as_loaded_after_seeded_random_games(game_id):
    game = get(game_id)
    skip = _caches_kept_on_content()
    for i, players in enumerate(range(game.min_players, game.max_players + 1)):
        state = game.new_state(players, dict(game.conformance_options), seed=700 + i)
        shared = [getattr(state, name) for name, kind in declared_fields(type(state)).items() if kind == SHARED]
        before = snapshot(shared, skip)
        rng = Rng(700 + i)
        while not state.is_over() and state.ply < 400:
            state.apply(rng.choice(state.legal_actions()))
        after = snapshot(shared, skip)
        assert after == before, (game_id, players, first_difference(before, after))


def test_a_changed_content_is_caught():
    state = get("nuclear-war").new_state(2, seed=1)
    skip = _caches_kept_on_content()
    before = snapshot(state.content, skip)
    card = next(iter(state.content.cards))
    names = state.content.names
    real = names[card]
    names[card] = "changed"
    try:
        assert snapshot(state.content, skip) != before
    finally:
        names[card] = real


# ---------------------------------------------------------------------- Wir sind das Volk!: board.moved


def _masks_as_kept_are_the_board_s(st) -> bool:
    """Whether the kept masks (``Works.bits``) are those the board's fields give when read anew."""
    from realpolitik.games.wsdv import board

    kept = st.works.bits if st.works is not None else None
    if kept is None:
        return True
    works, st.works = st.works, None
    try:
        return board.board_bits(st) == kept
    finally:
        st.works = works


@pytest.mark.parametrize("game_id", ["wsdv", "wsdv-2p2"])
def test_the_board_s_kept_masks_follow_every_write_to_the_board(game_id):
    from realpolitik.games.wsdv import board

    game = get(game_id)
    state = game.new_state(game.min_players, dict(game.conformance_options), seed=11)
    rng = Rng(11)
    while not state.is_over() and state.ply < 300:
        state.apply(rng.choice(state.legal_actions()))
        board.board_bits(state)  # kept from here: the next writes must keep them up to date
        assert _masks_as_kept_are_the_board_s(state), state.ply


def test_a_write_to_the_board_without_moved_is_caught():
    from realpolitik.games.wsdv import board

    state = get("wsdv").new_state(2, seed=3)
    board.board_bits(state)
    city = next(c for c, f in enumerate(state.factory) if f != board.NONE)
    state.factory[city] = board.NONE  # bypassing set_factory (and board.moved)
    assert not _masks_as_kept_are_the_board_s(state)
    state.factory[city] = board.WORKING
    board.set_factory(state, city, board.NONE)
    assert _masks_as_kept_are_the_board_s(state)
