"""Lighthouse 12 (mobile) on the lobby, a game page and a rules page, in German; prints JSON.

    .venv/bin/python benchmarks/lighthouse.py [--runs 3] [--chromium /usr/bin/chromium]

Starts a server on 127.0.0.1 with a fresh database, creates a game of Nuclear War (a person's
seat free, two bots), and runs Lighthouse from the npm registry (installed on first use into
the virtual environment, as the tests install axe-core) with the system Chromium, headless,
mobile form factor and Lighthouse's default throttling, ``de-DE``. Per page, the median over
``--runs`` of each score (0–100): ``performance``, ``accessibility``, ``best_practices``, and
``cls`` (cumulative layout shift), ``lcp_ms`` and ``fcp_ms``. The bar (issue 78): performance
≥ 90, accessibility 100, best practices 100, CLS < 0.1, on an idle machine.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.testing.server import CHROMIUM_FLAGS, Api, ServerProcess  # noqa: E402

#: where Lighthouse is kept: inside the virtual environment this runs in
HOME = Path(sys.prefix) / "share" / "lighthouse"
CLI = HOME / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")


def lighthouse() -> Path:
    """Lighthouse 12's command, installed from the npm registry on first use."""
    if not CLI.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm is not installed, so Lighthouse cannot be (apt-get install npm)")
        HOME.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--prefix", str(HOME), "--no-save", "--no-package-lock", "--no-audit",
                        "--no-fund", "lighthouse@12"], check=True, timeout=600, capture_output=True)
    return CLI


def audit(url: str, chromium: str) -> dict[str, float]:
    """One Lighthouse run of ``url``: its scores and timings."""
    with tempfile.TemporaryDirectory() as profile:
        flags = " ".join([*CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--lang=de-DE"])
        done = subprocess.run(
            [str(lighthouse()), url, "--output=json", "--quiet", f"--only-categories={','.join(CATEGORIES)}",
             f"--chrome-flags={flags}", "--locale=de", "--max-wait-for-load=45000"],
            check=True, capture_output=True, text=True, timeout=300,
            env={"CHROME_PATH": chromium, "PATH": "/usr/bin:/bin", "HOME": profile})
    report = json.loads(done.stdout)
    scores = {name.replace("-", "_"): round(100 * report["categories"][name]["score"]) for name in CATEGORIES}
    audits = report["audits"]
    return {**scores, "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
            "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
            "fcp_ms": round(audits["first-contentful-paint"]["numericValue"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page; the median is printed")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="the Chromium Lighthouse drives")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(str(Path(folder) / "games.db"), bot_delay=0.5).start()
        try:
            with Api(server) as api:
                game = api.create(["human", "heuristic", "heuristic"], game="nuclear-war")
            pages = {"lobby": "/?lang=de", "game": f"/game/{game['id']}?lang=de", "rules": "/rules/wsdv?lang=de"}
            results = {}
            for name, path in pages.items():
                runs = [audit(server.url + path, args.chromium) for _ in range(args.runs)]
                results[name] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        finally:
            server.stop()
    print(json.dumps({"lighthouse": 12, "form_factor": "mobile", "runs": args.runs, "pages": results}, indent=1))


if __name__ == "__main__":
    main()
