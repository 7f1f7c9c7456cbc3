"""Mutation testing works (tools/mutants.py, docs/mutants.md): on a tiny rule module with one tested
rule and one untested, a seeded sample is drawn, resumed after a stop, and reported with the right
figures and survivors; and a known wrong rule planted in Nationen is killed by Nationen's tests."""

from __future__ import annotations

import importlib.util
import json
import shlex
import shutil
import sys
from pathlib import Path

from cosmic_ray.mutating import mutate_and_test, mutate_code
from cosmic_ray.plugins import get_operator
from cosmic_ray.work_item import MutationSpec, WorkerOutcome, WorkResult
from cosmic_ray.work_item import TestOutcome as Outcome  # not a test class

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("mutants_tool", ROOT / "tools" / "mutants.py")
mutants = sys.modules["mutants_tool"] = importlib.util.module_from_spec(_spec)  # its dataclasses look it up
_spec.loader.exec_module(mutants)

RULES = '''from __future__ import annotations


def income(lands: int | None) -> int:
    return lands * 2


def bonus(lands: int) -> int:
    return 1 if lands >= 3 else 0
'''
TESTS = '''from realpolitik.games.tiny.rules import income


def test_two_a_land():
    assert income(3) == 6
'''
PYPROJECT = '[tool.pytest.ini_options]\npythonpath = ["."]\n'


def _tiny_repository(root: Path) -> mutants.Spec:
    (root / "src/realpolitik/games/tiny").mkdir(parents=True)
    for package in ("realpolitik", "realpolitik/games", "realpolitik/games/tiny"):  # the copy's own package
        (root / "src" / package / "__init__.py").write_text("")
    (root / "src/realpolitik/games/tiny/rules.py").write_text(RULES)
    (root / "tests/games/tiny").mkdir(parents=True)
    (root / "tests/games/tiny/test_rules.py").write_text(TESTS)
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "docs/mutants").mkdir(parents=True)
    (root / "docs/mutants.md").write_text(f"# Mutants\n\n{mutants.TABLE_START}\n{mutants.TABLE_END}\n\nAfter.\n")
    return mutants.Spec("tiny", "tiny", ("rules.py",), "tiny")


def test_a_seeded_sample_is_resumed_after_a_stop_and_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # the tiny tests need none: quicker to start
    ws = mutants.workspace(_tiny_repository(tmp_path), tmp_path)
    stopped = mutants.run(ws, seed=5, sample=6, minutes=0)
    assert (stopped["sample"], stopped["tested"], stopped["seconds_per_mutant"]) == (6, 0, None)
    # income's product (a binary operator and a number each way) and bonus's comparison and numbers;
    # the `|` of the annotation is no rule and not drawn
    assert stopped["population"] > 6 and json.loads(ws.meta.read_text())["in_annotations"] > 0
    drawn = json.loads(ws.meta.read_text())

    done = mutants.run(ws, seed=5, sample=6, minutes=None)
    assert json.loads(ws.meta.read_text()) == drawn, "the stopped sample is resumed, not drawn anew"
    assert done["tested"] == 6 and done["errors"] == 0 and done["seconds_per_mutant"] > 0
    assert done["killed"] + done["timed_out"] + done["survived"] == 6
    rules = "src/realpolitik/games/tiny/rules.py"
    assert all(s["file"] == rules and s["line"] == 9 for s in done["survivors"]), "only the untested bonus survives"
    assert done["killed"] >= 1 and done["survived"] >= 1, "this seed draws of both rules"
    assert done["kill_rate"] == round(done["killed"] / 6, 4)
    assert done["kill_rate_95"] == [round(x, 4) for x in mutants.wilson(done["killed"], 6)]

    path = mutants.write_report(done, tmp_path)
    assert json.loads(path.read_text())["survivors"] == done["survivors"]
    doc = (tmp_path / "docs/mutants.md").read_text()
    assert doc.endswith(f"{mutants.TABLE_END}\n\nAfter.\n")
    row = next(line for line in doc.splitlines() if line.startswith("| [tiny]"))
    assert row.startswith(f"| [tiny](mutants/tiny.json) | 6 ({done['population']}) | 6 | {done['killed']} | 0 |")
    assert (tmp_path / "src/realpolitik/games/tiny/rules.py").read_text() == RULES, "only the copy is mutated"

    first = done["survivors"][0]
    (tmp_path / mutants.EQUIVALENT).write_text(
        f'[[tiny]]\nfile = "{first["file"]}"\noperator = "{first["operator"]}"\nmutant = "{first["mutant"]}"\n'
        'reason = "a bonus nobody reads"\n')
    again = mutants.report(ws, json.loads(ws.meta.read_text()), {})
    assert again["survivors"][0]["equivalent"] == "a bonus nobody reads"
    assert all("equivalent" not in other for other in again["survivors"][1:])
    assert (again["equivalent"], again["survived"], again["tested"]) == (1, done["survived"], 6)
    assert again["kill_rate"] == round(done["killed"] / 5, 4), "an equivalent mutant counts in no rate"


def test_the_kill_rate_interval_and_the_outcomes():
    assert mutants.wilson(0, 0) == (0.0, 1.0)
    low, high = mutants.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert round(mutants.wilson(10, 10)[0], 4) == 0.7225
    timed_out = WorkResult(worker_outcome=WorkerOutcome.NORMAL, test_outcome=Outcome.KILLED, output="timeout")
    assert mutants._outcome(timed_out) == "timed out"
    assert mutants._outcome(WorkResult(worker_outcome=WorkerOutcome.NO_TEST)) == "error"


def test_every_games_rule_modules_and_tests_exist():
    for spec in mutants.GAMES.values():
        assert all((ROOT / path).is_file() for path in spec.module_paths()), spec.game
        folder = ROOT / "tests/games" / spec.tests
        assert all((folder / name).is_file() for name in spec.skipped), spec.game


def test_a_wrong_income_rate_in_nationen_is_killed_by_its_tests(tmp_path, monkeypatch):
    """Income: a pair of derrick and tanker earns its leader's rate, a king's 2 (the German rule book,
    Staatseinkünfte, situation A); the mutant adds the pairs to the rate instead of multiplying."""
    shutil.copytree(ROOT / "src/realpolitik", tmp_path / "src/realpolitik",
                    ignore=shutil.ignore_patterns("__pycache__"))
    economy = tmp_path / "src/realpolitik/games/nationen/economy.py"
    operator = "core/ReplaceBinaryOperator_Mul_Add"
    wrong = "total += b.income_rate[rulers[s] % 4] + min(derricks[s], held)"
    source = economy.read_text()
    occurrence = next(n for n in range(source.count("*")) if wrong in (mutate_code(source, get_operator(operator)(), n)
                                                                       or ""))
    mutation = MutationSpec(module_path=economy, operator_name=operator, occurrence=occurrence,
                            start_pos=(1, 0), end_pos=(1, 1))
    test = ROOT / "tests/games/nationen/test_income.py"
    command = shlex.join([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--rootdir", str(ROOT),
                          "-c", str(ROOT / "pyproject.toml"), str(test)])
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "src"))
    result = mutate_and_test([mutation], command, timeout=120 * mutants.TIMEOUT_FACTOR)
    assert mutants._outcome(result) == "killed"
    assert "test_situation_a_king_with_one_tanker_earns_2" in result.output, result.output[-2000:]
    assert wrong not in economy.read_text(), "the mutant is taken out again"
