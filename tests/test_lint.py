"""The code base passes the linter configured in pyproject.toml (ruff)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks", "tools"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# Helpers of realpolitik.testing that stretch the idle seconds they are given (``allowance``), so a bare
# number is the right thing to hand them. ``Api.wait`` is told from ``Popen.wait``/``Event.wait`` by its
# game and condition (two positional arguments).
STRETCHING = {"until", "recv", "wait_view", "wait_turn_or_end", "wait_finished", "start", "eventually",
              "http_client", "Api"}
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


def fixed_bounds(tree: ast.AST) -> list[ast.AST]:
    """The bare numbers the module gives as a wall-clock bound: a ``timeout=`` (or ``…_timeout=``)
    keyword, the first argument of ``.wait(…)``/``.join(…)``, and ``time.monotonic() + …``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = called(node)
            stretched = name in STRETCHING or (name == "wait" and len(node.args) >= 2)
            found += [word.value for word in node.keywords if word.arg and not stretched
                      and (word.arg == "timeout" or word.arg.endswith("_timeout")) and bare_number(word.value)]
            if isinstance(node.func, ast.Attribute) and name in ("wait", "join") and node.args \
                    and bare_number(node.args[0]):
                found.append(node.args[0])
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            for clock, bound in ((node.left, node.right), (node.right, node.left)):
                if isinstance(clock, ast.Call) and called(clock) in CLOCKS and not clock.args and bare_number(bound):
                    found.append(node)
    return found


def test_no_bare_wall_clock_bounds():
    """A bound a test sets on how long something may take holds on a loaded machine only when it grows
    with the load: ``allowance(N)``, ``wait_ms(N)`` or a helper that stretches (``STRETCHING``). A bound
    that must stay fixed says why on its line: ``# fixed: <why>``."""
    bare, kept = [], []
    for path in sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "src/realpolitik/testing").glob("*.py")]):
        source = path.read_text()
        lines = source.splitlines()
        for node in fixed_bounds(ast.parse(source)):
            line = lines[node.lineno - 1]
            where = f"{path.relative_to(ROOT)}:{node.lineno}: {line.strip()}"
            (kept if "# fixed:" in line else bare).append(where)
    assert not bare, ("wall-clock bounds that do not grow with the load — use allowance(N)/wait_ms(N), or mark "
                      "the line '# fixed: <why>':\n" + "\n".join(bare)
                      + "\n\nmarked fixed:\n" + "\n".join(kept))
