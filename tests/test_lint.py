"""The code base passes the linter configured in pyproject.toml (ruff), and no test sets a bare wall-clock bound."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks", "tools"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


CLOCKS = {"monotonic"}


def bare_number(node: ast.AST) -> bool:
    """A number written out (``10``, ``15_000``, ``30 * 1000``, ``-1``), nothing that can stretch."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int | float) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return bare_number(node.operand)
    if isinstance(node, ast.BinOp):
        return bare_number(node.left) and bare_number(node.right)
    return False


def called(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def stretching(trees: list[ast.AST]) -> set[str]:
    """The helpers that stretch the idle seconds they are given as ``timeout`` (``allowance(timeout)``,
    or ``timeout`` handed on to such a helper), so a bare number is what they take; a class counts when
    its ``__init__`` does."""
    helpers = []
    for tree in trees:
        for node in ast.walk(tree):
            for function in getattr(node, "body", []) if isinstance(node, ast.ClassDef | ast.Module) else []:
                if isinstance(function, ast.FunctionDef) and "timeout" in [a.arg for a in function.args.args]:
                    name = node.name if function.name == "__init__" else function.name
                    helpers.append((name, [call for call in ast.walk(function) if isinstance(call, ast.Call)
                                           and any(isinstance(value, ast.Name) and value.id == "timeout"
                                                   for value in [*call.args, *(k.value for k in call.keywords)])]))
    found = {"allowance"}
    while grown := {name for name, calls in helpers if name not in found and any(called(c) in found for c in calls)}:
        found |= grown
    return found - {"allowance"}


def fixed_bounds(tree: ast.AST, stretched_by: set[str]) -> list[ast.AST]:
    """The bare numbers the module gives as a wall-clock bound: a ``timeout=`` (or ``…_timeout=``)
    keyword, the first argument of ``.wait(…)``/``.join(…)``/``.settimeout(…)``, and
    ``time.monotonic() + …``. Not the
    ``timeout=`` of a helper in ``stretched_by``; ``Api.wait`` is told from ``Popen.wait`` by its game
    and condition (two positional arguments)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = called(node)
            stretched = name in stretched_by and (name != "wait" or len(node.args) >= 2)
            found += [word.value for word in node.keywords if word.arg and not stretched
                      and (word.arg == "timeout" or word.arg.endswith("_timeout")) and bare_number(word.value)]
            if isinstance(node.func, ast.Attribute) and name in ("wait", "join", "settimeout") and node.args \
                    and bare_number(node.args[0]):
                found.append(node.args[0])
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            for clock, bound in ((node.left, node.right), (node.right, node.left)):
                if isinstance(clock, ast.Call) and called(clock) in CLOCKS and not clock.args and bare_number(bound):
                    found.append(node)
    return found


def test_no_bare_wall_clock_bounds():
    """A bound a test sets on how long something may take holds on a loaded machine only when it grows
    with the load: ``allowance(N)``, ``wait_ms(N)`` or a helper that stretches (``stretching``). A bound
    that must stay fixed says why on its line: ``# fixed: <why>``."""
    paths = sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "src/realpolitik/testing").glob("*.py")])
    trees = {path: ast.parse(path.read_text()) for path in paths}
    helpers, bare, kept = stretching(list(trees.values())), [], []
    for path, tree in trees.items():
        lines = path.read_text().splitlines()
        for node in fixed_bounds(tree, helpers):
            line = lines[node.lineno - 1]
            where = f"{path.relative_to(ROOT)}:{node.lineno}: {line.strip()}"
            (kept if "# fixed:" in line else bare).append(where)
    assert not bare, ("wall-clock bounds that do not grow with the load — use allowance(N)/wait_ms(N), or mark "
                      "the line '# fixed: <why>':\n" + "\n".join(bare)
                      + "\n\nmarked fixed:\n" + "\n".join(kept))
