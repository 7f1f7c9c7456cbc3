"""Mutation testing of the games' rules: cosmic-ray plants one small wrong rule at a time in a game's
rule modules (a ``<`` for a ``<=``, a ``1`` for a ``0``, an ``and`` for an ``or``, a loop that never
runs, …) and runs that game's own tests against it; a mutant the tests let through marks a rule that
no test checks (docs/mutants.md).

    python tools/mutants.py GAME [--sample 200] [--seed 79] [--minutes M] [--retest-survivors]
    python tools/mutants.py --table          # the table of docs/mutants.md anew from docs/mutants/*.json

The run is bounded and resumable: a seeded sample of the game's mutants is drawn once into a
cosmic-ray session (``.mutants/GAME/session.sqlite``), every mutant's result is stored as it comes,
``--minutes`` stops between two mutants, and the next run goes on with those not yet tested, for as
long as the rule modules, the seed and the sample size are unchanged (else it starts anew).
``--retest-survivors`` tests the survivors again (after new tests). The mutants run in a copy of
the sources (``.mutants/GAME/tree``), never in the work tree, one at a time, against the game's
tests with ``pytest -x`` (the fastest files first) and a time limit of four times the unmutated run.
Each run writes ``docs/mutants/GAME.json`` and the table.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import contextlib
import hashlib
import json
import math
import os
import py_compile
import random
import shlex
import shutil
import sqlite3
import subprocess
import sys
import time
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from cosmic_ray.commands import init as cosmic_init
from cosmic_ray.mutating import mutate_and_test
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = "src/realpolitik/games"
#: a mutant's tests may take this many times as long as the unmutated run before it counts as timed out
TIMEOUT_FACTOR = 4
TIMEOUT_FLOOR = 30.0
EQUIVALENT = "docs/mutants/equivalent.toml"
TABLE_START, TABLE_END = "<!-- mutants table -->", "<!-- end of the mutants table -->"


@dataclass(frozen=True)
class Spec:
    """What is mutated of a game and what must notice it."""

    game: str
    package: str  # the game's package, under src/realpolitik/games
    modules: tuple[str, ...]  # its rule modules, in that package
    tests: str  # its tests, under tests/games
    skipped: tuple[str, ...] = ()  # test files that check no rule (bots, words, tools): left out

    def module_paths(self) -> list[str]:
        return [f"{GAMES_DIR}/{self.package}/{name}" for name in self.modules]


#: The rule modules: the set-up, the sequence of play and the modules beside them that carry a part of
#: the rule book. Not mutated: the game's definition (game.py, options.py), its state (state.py: data,
#: clone, views), its content loader (content.py), its words (words, grammar, action_texts), its bots
#: (heuristic, belief) and what the tools read (measures, memo, grave).
GAMES = {
    spec.game: spec
    for spec in (
        Spec("nuclear-war", "nuclear_war", ("setup.py", "sequence.py", "combat.py", "aftermath.py",
                                             "population.py", "common.py", "tables.py"),
             "nuclear_war", ("test_heuristic.py", "test_analysis_scripts.py", "test_german.py")),
        Spec("nationen", "nationen", ("setup.py", "sequence.py", "economy.py", "movement.py", "incidents.py",
                                      "occupancy.py", "walks.py", "tables.py"),
             "nationen", ("test_heuristic.py", "test_german.py", "test_words.py", "test_terminal_board.py",
                          "test_search_estimate.py")),
        # 1815, 1815 2vs2 and 1715 2vs2 share one package and one test folder
        Spec("e1815", "e1815", ("setup.py", "sequence.py", "combat.py", "logistics.py", "scoring.py", "team.py",
                                "units.py", "map_cache.py"),
             "e1815", ("test_heuristic.py", "test_german.py", "test_words.py", "test_search_hooks.py")),
        Spec("wsdv", "wsdv", ("setup.py", "sequence.py", "layout.py", "board.py", "network.py", "value_uses.py",
                              "protests.py", "events.py", "specials.py", "end_of_decade.py", "common.py"),
             "wsdv", ("test_german.py", "test_words.py", "test_search_estimate.py")),
        Spec("wsdv-2p2", "wsdv/two_plus_two", ("setup.py", "sequence.py", "cold_war.py", "events.py",
                                               "end_of_decade.py", "tables.py"),
             "wsdv_2p2", ("test_search_estimate.py",)),
    )
}


@dataclass(frozen=True)
class Workspace:
    """Where one game's run keeps its copy of the sources, its session and its notes."""

    spec: Spec
    root: Path  # the repository whose sources are copied
    home: Path  # .mutants/GAME

    @property
    def tree(self) -> Path:
        return self.home / "tree"

    @property
    def session(self) -> Path:
        return self.home / "session.sqlite"

    @property
    def meta(self) -> Path:
        return self.home / "meta.json"

    @property
    def durations(self) -> Path:
        """Each tested mutant's seconds, by job (its latest test)."""
        return self.home / "seconds.json"


def workspace(spec: Spec, root: Path = ROOT) -> Workspace:
    return Workspace(spec, root, root / ".mutants" / spec.game)


def fingerprint(ws: Workspace, seed: int, sample: int) -> str:
    """What a session's mutants depend on: the rule modules as they are, the seed and the sample size."""
    digest = hashlib.sha256(f"{seed} {sample}".encode())
    for path in ws.spec.module_paths():
        digest.update(path.encode() + b"\0" + (ws.root / path).read_bytes())
    return digest.hexdigest()


def copy_tree(ws: Workspace) -> None:
    """The sources, tests and tools anew in the copy (a mutant left behind by a stopped run goes too); the
    package compiled with hash-checked bytecode, so a mutated module is never read from a stale
    cache while every other module loads compiled."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for part in ("src", "tests", "tools", "benchmarks"):  # the tests use the tools and benchmarks
        shutil.rmtree(ws.tree / part, ignore_errors=True)
        if (ws.root / part).is_dir():
            shutil.copytree(ws.root / part, ws.tree / part, ignore=ignore)
    shutil.copy2(ws.root / "pyproject.toml", ws.tree / "pyproject.toml")
    compileall.compile_dir(ws.tree / "src", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)


def _annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the module's type annotations stand: never evaluated (``from __future__ import
    annotations``), so a mutant there is no wrong rule."""
    spans = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        notes = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            notes.append(node.returns)
        elif isinstance(node, ast.arg):
            notes.append(node.annotation)
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        spans += [((n.lineno, n.col_offset), (n.end_lineno, n.end_col_offset)) for n in notes if n is not None]
    return spans


def start_session(ws: Workspace, seed: int, sample: int) -> dict:
    """A new session: every mutant of the rule modules, outside annotations, of which a seeded sample
    is to be tested and the rest marked skipped."""
    ws.session.unlink(missing_ok=True)
    ws.durations.unlink(missing_ok=True)
    paths = [Path(p) for p in ws.spec.module_paths()]
    with _in_tree(ws), use_db(str(ws.session), WorkDB.Mode.create) as db:
        cosmic_init(paths, db, {})
        spans = {str(p): _annotation_spans(p) for p in paths}
        items = sorted(db.work_items, key=lambda item: _order(item.mutations[0]))
        eligible = [
            item for item in items
            if not any(a <= item.mutations[0].start_pos < b for a, b in spans[str(item.mutations[0].module_path)])
        ]
        drawn = {item.job_id for item in random.Random(seed).sample(eligible, min(sample, len(eligible)))}
        left = [item.job_id for item in items if item.job_id not in drawn]
        db.set_multiple_results(left, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
    meta = {"fingerprint": fingerprint(ws, seed, sample), "seed": seed, "sample": len(drawn),
            "population": len(eligible), "in_annotations": len(items) - len(eligible)}
    ws.meta.write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return meta


@contextlib.contextmanager
def _in_tree(ws: Workspace):
    """In the copy, with its sources first on the path: cosmic-ray names the modules relative to it and
    runs the tests where it stands, in its own environment."""
    cwd, path = Path.cwd(), os.environ.get("PYTHONPATH")
    os.chdir(ws.tree)
    os.environ["PYTHONPATH"] = str(ws.tree / "src")
    try:
        yield
    finally:
        os.chdir(cwd)
        if path is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = path


def _order(mutation) -> tuple:
    return str(mutation.module_path), mutation.start_pos, mutation.operator_name, mutation.occurrence


def game_tests(ws: Workspace) -> list[str]:
    folder = ws.tree / "tests" / "games" / ws.spec.tests
    return sorted(
        str(p.relative_to(ws.tree)) for p in folder.glob("test_*.py") if p.name not in ws.spec.skipped
    )


def pytest_command(files: list[str], *extra: str) -> list[str]:
    # Hypothesis's and anyio's plugins take seconds to load and no game test needs them (a test that
    # uses Hypothesis imports it itself): a mutant's run starts that much sooner
    quiet = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:anyio")
    return [sys.executable, "-m", "pytest", "-x", "-q", *quiet, "-m", "not slow", *extra, *files]


def baseline(ws: Workspace) -> tuple[float, list[str]]:
    """The unmutated run: it must pass; its time sets the mutants' time limit and its per-file times
    the order (fastest first, so ``-x`` stops a killed mutant early)."""
    report = ws.home / "baseline.xml"
    env = {**os.environ, "PYTHONPATH": str(ws.tree / "src")}
    files = game_tests(ws)
    start = time.perf_counter()
    done = subprocess.run(pytest_command(files, f"--junitxml={report}"), cwd=ws.tree, env=env,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"the unmutated tests fail; no mutant can be judged:\n{done.stdout[-3000:]}")
    per_file = {f: 0.0 for f in files}
    for case in ET.parse(report).getroot().iter("testcase"):
        module = case.get("classname", "").split(".")
        path = "/".join(module[: module.index(next(p for p in module if p.startswith("test_"))) + 1]) + ".py"
        if path in per_file:
            per_file[path] += float(case.get("time", 0))
    return seconds, sorted(files, key=lambda f: (per_file[f], f))


def retest_survivors(ws: Workspace) -> int:
    """Forget the survivors' results, so that they are tested again."""
    with use_db(str(ws.session), WorkDB.Mode.open) as db:
        survivors = [job for job, result in db.results if result.test_outcome == TestOutcome.SURVIVED]
    with sqlite3.connect(ws.session) as con:
        con.executemany("DELETE FROM work_results WHERE job_id = ?", [(job,) for job in survivors])
    return len(survivors)


def execute(ws: Workspace, files: list[str], timeout: float, deadline: float) -> int:
    """Test the pending mutants of the sample in a fixed order until none is left or the deadline
    has passed; each result and its time are stored at once. Returns how many were tested."""
    command = shlex.join(pytest_command(files))
    tested = 0
    durations = json.loads(ws.durations.read_text(encoding="utf-8")) if ws.durations.exists() else {}
    with _in_tree(ws), use_db(str(ws.session), WorkDB.Mode.open) as db:
        pending = sorted(db.pending_work_items, key=lambda item: _order(item.mutations[0]))
        for number, item in enumerate(pending, 1):
            if time.monotonic() >= deadline:
                break
            start = time.monotonic()
            result = mutate_and_test(item.mutations, command, timeout)
            db.set_result(item.job_id, result)
            durations[item.job_id] = round(time.monotonic() - start, 1)
            ws.durations.write_text(json.dumps(durations), encoding="utf-8")
            tested += 1
            mutation = item.mutations[0]
            print(f"{number}/{len(pending)} {mutation.module_path}:{mutation.start_pos[0]} {mutation.operator_name}"
                  f" {_outcome(result)} {durations[item.job_id]} s", flush=True)
    return tested


def _outcome(result: WorkResult) -> str:
    """killed, timed out, survived or error (the mutant could not be made or run)."""
    if result.worker_outcome != WorkerOutcome.NORMAL or result.test_outcome == TestOutcome.INCOMPETENT:
        return "error"
    if result.test_outcome == TestOutcome.SURVIVED:
        return "survived"
    return "timed out" if result.output == "timeout" else "killed"


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95 %) of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def _mutated_line(diff: str) -> str:
    return next((line[1:].strip() for line in (diff or "").splitlines()
                 if line.startswith("+") and not line.startswith("+++")), "")


def equivalent(ws: Workspace) -> dict[tuple[str, str, str], str]:
    """The survivors found to change nothing a player could see (docs/mutants/equivalent.toml), with
    the reason: by file, operator and the mutated line, which outlast a shift of lines."""
    path = ws.root / EQUIVALENT
    listed = tomllib.loads(path.read_text(encoding="utf-8")).get(ws.spec.game, []) if path.exists() else []
    return {(e["file"], e["operator"], e["mutant"]): e["reason"] for e in listed}


def report(ws: Workspace, meta: dict, seconds: dict) -> dict:
    """The session's figures: a timed-out mutant counts as killed in the kill rate (the tests did not
    end as they do on the true rules), an equivalent survivor and an error (no mutant could be made)
    count in neither."""
    counts = {"killed": 0, "timed out": 0, "survived": 0, "error": 0}
    survivors = []
    reasons = equivalent(ws)
    with use_db(str(ws.session), WorkDB.Mode.open) as db:
        done = [(item, result) for item, result in db.completed_work_items
                if result.worker_outcome != WorkerOutcome.SKIPPED]
    for item, result in sorted(done, key=lambda pair: _order(pair[0].mutations[0])):
        outcome = _outcome(result)
        counts[outcome] += 1
        if outcome == "survived":
            mutation = item.mutations[0]
            survivor = {"file": str(mutation.module_path), "line": mutation.start_pos[0],
                        "operator": mutation.operator_name.removeprefix("core/"),
                        "occurrence": mutation.occurrence, "mutant": _mutated_line(result.diff)}
            if reason := reasons.get((survivor["file"], survivor["operator"], survivor["mutant"])):
                survivor["equivalent"] = reason
            survivors.append(survivor)
    detected = counts["killed"] + counts["timed out"]
    equivalents = sum(1 for s in survivors if "equivalent" in s)
    judged = detected + counts["survived"] - equivalents
    low, high = wilson(detected, judged)
    return {
        "game": ws.spec.game,
        "tool": "cosmic-ray",
        "modules": ws.spec.module_paths(),
        "tests": f"tests/games/{ws.spec.tests}",
        "tests_left_out": list(ws.spec.skipped),
        "seed": meta["seed"],
        "population": meta["population"],
        "sample": meta["sample"],
        "tested": judged + equivalents + counts["error"],
        "killed": counts["killed"],
        "timed_out": counts["timed out"],
        "survived": counts["survived"],
        "equivalent": equivalents,
        "errors": counts["error"],
        "kill_rate": round(detected / judged, 4) if judged else None,
        "kill_rate_95": [round(low, 4), round(high, 4)],
        **seconds,
        "survivors": survivors,
    }


def write_report(data: dict, root: Path = ROOT) -> Path:
    path = root / "docs" / "mutants" / f"{data['game']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    write_table(root)
    return path


def table(reports: list[dict]) -> str:
    lines = ["| game | sample (of) | tested | killed | timed out | survived (equivalent) | kill rate (95 % interval)"
             " | s a mutant |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |"]
    for r in sorted(reports, key=lambda r: r["game"]):
        rate = "–" if r["kill_rate"] is None else (
            f"{r['kill_rate']:.0%} ({r['kill_rate_95'][0]:.0%}–{r['kill_rate_95'][1]:.0%})")
        lines.append(f"| [{r['game']}](mutants/{r['game']}.json) | {r['sample']} ({r['population']}) | {r['tested']} |"
                     f" {r['killed']} | {r['timed_out']} | {r['survived']} ({r['equivalent']}) | {rate} |"
                     f" {r['seconds_per_mutant']} |")
    return "\n".join(lines)


def write_table(root: Path = ROOT) -> None:
    """docs/mutants.md's table anew from the reports beside it."""
    doc = root / "docs" / "mutants.md"
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((root / "docs" / "mutants").glob("*.json"))]
    text = doc.read_text(encoding="utf-8")
    head, _, rest = text.partition(TABLE_START)
    _, _, tail = rest.partition(TABLE_END)
    doc.write_text(f"{head}{TABLE_START}\n{table(reports)}\n{TABLE_END}{tail}", encoding="utf-8")


def run(ws: Workspace, seed: int, sample: int, minutes: float | None, again: bool = False) -> dict:
    """Prepare, resume or start the session, test until done or out of time, and report."""
    ws.home.mkdir(parents=True, exist_ok=True)
    copy_tree(ws)
    meta = json.loads(ws.meta.read_text(encoding="utf-8")) if ws.meta.exists() else {}
    if meta.get("fingerprint") != fingerprint(ws, seed, sample) or not ws.session.exists():
        meta = start_session(ws, seed, sample)
        print(f"{ws.spec.game}: a new sample of {meta['sample']} of {meta['population']} mutants (seed {seed})")
    elif again:
        print(f"{ws.spec.game}: {retest_survivors(ws)} survivors to test again")
    took, files = baseline(ws)
    timeout = max(TIMEOUT_FLOOR, TIMEOUT_FACTOR * took)
    print(f"{ws.spec.game}: the unmutated tests take {took:.1f} s; a mutant's limit is {timeout:.0f} s", flush=True)
    deadline = time.monotonic() + (minutes * 60 if minutes is not None else math.inf)
    execute(ws, files, timeout, deadline)
    spent = json.loads(ws.durations.read_text(encoding="utf-8")).values() if ws.durations.exists() else ()
    seconds = {"baseline_seconds": round(took, 1), "timeout_seconds": round(timeout),
               "seconds_per_mutant": round(sum(spent) / len(spent), 1) if spent else None}
    return report(ws, meta, seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=sorted(GAMES))
    parser.add_argument("--sample", type=int, default=200, help="how many mutants to draw (default 200)")
    parser.add_argument("--seed", type=int, default=79, help="the sample's seed (default 79)")
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long (resume later)")
    parser.add_argument("--retest-survivors", action="store_true", help="test the survivors again")
    parser.add_argument("--table", action="store_true", help="only write docs/mutants.md's table anew")
    args = parser.parse_args()
    if args.table:
        write_table()
        return 0
    if args.game is None:
        parser.error("name a game, or --table")
    data = run(workspace(GAMES[args.game]), args.seed, args.sample, args.minutes, args.retest_survivors)
    path = write_report(data)
    left = data["sample"] - data["tested"]
    print(f"{data['game']}: {data['killed']} killed, {data['timed_out']} timed out, {data['survived']} survived,"
          f" {data['errors']} errors; {left} left to test; {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
