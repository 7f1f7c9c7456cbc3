"""Write or check the golden corpus (src/realpolitik/testing/golden.py; tests/golden).

    python tools/golden.py --check [GAME ...]    # what differs from the stored corpus
    python tools/golden.py --write GAME [...]    # play and store anew (after a rules_version bump)
    python tools/golden.py --views GAME [...]    # store new view fingerprints where only views changed

Writing uses one process per configuration (``--workers``, default: the cores).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.games import get, registry  # noqa: E402
from realpolitik.testing import golden  # noqa: E402


def _write(config: golden.Config) -> tuple[str, int]:
    return config.name, golden.write(get(config.game), config)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--views", action="store_true")
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    games = [get(g) for g in args.games] if args.games else list(registry())
    configs = golden.configs(games, older=not args.write)  # an older version's corpus is never written anew
    start = time.perf_counter()
    if args.write:
        with ProcessPoolExecutor(args.workers) as pool:
            for name, actions in pool.map(_write, configs):
                print(f"{name}: {golden.GAMES_PER_CONFIG} games, {actions} actions", flush=True)
    elif args.views:
        for config in configs:
            golden.rewrite_views(get(config.game), config)
            print(f"{config.name}: views stored anew")
    else:
        found = [d for config in configs for d in golden.differences(get(config.game), config)]
        print("\n".join(found) or f"{len(configs)} configurations replay as stored")
        return 1 if found else 0
    print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
