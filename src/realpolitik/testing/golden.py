"""The golden corpus: seeded games of every title, stored as records with fingerprints of
what each seat saw at several plies, replayed by ``tests/golden`` after every change.

A corpus file holds the games of one *configuration* (a game, a player count, options).
Each game is its seed, its actions and, at a few plies, two fingerprints of the position:

- ``play``: who is to act, the legal action texts, and the outcome's places and points —
  what the rules decide;
- ``view``: every seat's and the spectator's view data (public and private parts) — what
  the rules show.

Both are hashes of JSON, so they do not depend on how a game keeps its state inside: the
engine may be rebuilt and the corpus must still pass. A change that alters a replay bumps
the game's ``rules_version`` and regenerates its files (``python tools/golden.py --write
GAME``), saying why. Games are played by random and heuristic bots, mixed per seat.

A game that still replays the records of an older rules version (``Game.older_versions``)
keeps that version's corpus beside the new one, under ``GAME/rules-VERSION/``: it is checked
against the game at that version (``Game.at_version``) and never written anew.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from realpolitik.bots import make_bot
from realpolitik.engine import Game, IllegalAction, Rng, SeatContext, State

#: where the corpus lives in the repository
ROOT = Path(__file__).resolve().parents[3] / "tests" / "golden" / "data"
GAMES_PER_CONFIG = 50
#: fingerprints per game besides ply 0 and the end
CHECKPOINTS = 6
MAX_PLIES = 20000


@dataclass(frozen=True)
class Config:
    """A game, a player count and the options the corpus plays it with."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    #: an older rules version the game still replays; "": its current one
    version: str = ""

    @property
    def name(self) -> str:
        """The file name: game, rules version if older, players and the options that differ from the defaults."""
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        older = f"rules-{self.version}/" if self.version else ""
        return f"{self.game}/{older}{self.players}p{extra}"

    def played(self, game: Game) -> Game:
        """``game`` as it plays under this configuration's rules version."""
        return game.at_version(self.version) if self.version else game

    @property
    def path(self) -> Path:
        return ROOT / f"{self.name}.json.gz"


def configs(games: list[Game], older: bool = True) -> list[Config]:
    """Every player count at the default options, and each other value of each option with
    a few values (choices, true/false) at the default player count; with ``older``, the same
    for each older rules version a game still replays."""
    out = []
    for game in games:
        base = dict(game.conformance_options)
        for version in ("", *game.older_versions) if older else ("",):
            for players in range(game.min_players, game.max_players + 1):
                out.append(Config(game.id, players, base, version))
            for option in game.options:
                if option.local_file or option.name in base:
                    continue
                values = option.choices or ((True, False) if isinstance(option.default, bool) else ())
                for value in values:
                    if value != option.default:
                        out.append(Config(game.id, game.default_players(), {**base, option.name: value}, version))
    return out


def _hash(data: Any) -> str:
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def fingerprint(state: State) -> list[str]:
    """``[play, view]`` of a position (see the module docstring)."""
    outcome = state.outcome() if state.is_over() else None
    play = {
        "ply": state.ply, "to_act": state.to_act, "legal": list(state.legal_actions()),
        "places": None if outcome is None else list(outcome.places),
        "points": None if outcome is None or outcome.points is None else list(outcome.points),
    }
    views = [state.view(seat, log_from=None) for seat in (None, *range(len(state.seats)))]
    return [_hash(play), _hash([[v["public"], v["private"]] for v in views])]


def checkpoints(total: int) -> list[int]:
    """The plies fingerprinted in a game of ``total`` actions."""
    return sorted({0, total, *(total * k // (CHECKPOINTS + 1) for k in range(1, CHECKPOINTS + 1))})


def play_game(game: Game, config: Config, seed: int) -> dict[str, Any]:
    """One corpus game: bots mixed per seat, its actions and fingerprints."""
    state = game.new_state(config.players, config.options, seed)
    rng = Rng(seed ^ 0x5EED)
    kinds = [rng.choice(["random", "heuristic"] if "heuristic" in game.bots else ["random"])
             for _ in range(config.players)]
    bots = [make_bot(kind, game, seed * 31 + s, players=config.players) for s, kind in enumerate(kinds)]
    actions = []
    while not state.is_over():
        if len(actions) >= MAX_PLIES:
            raise RuntimeError(f"{config.name} seed {seed}: no end after {MAX_PLIES} actions")
        seat = state.to_act
        act = bots[seat].choose(SeatContext.of(state, seat, rng.fork()))
        state.apply(act)
        actions.append(act)
    return {"seed": seed, "bots": kinds, "actions": actions, "checks": fingerprints(game, config, seed, actions)}


def fingerprints(game: Game, config: Config, seed: int, actions: list[str]) -> dict[str, list[str]]:
    """The fingerprints of a game replayed from its actions, by ply (``IllegalAction`` when
    an action no longer replays)."""
    state = game.new_state(config.players, config.options, seed)
    marks = checkpoints(len(actions))
    out = {}
    for ply in range(len(actions) + 1):
        if ply in marks:
            out[str(ply)] = fingerprint(state)
        if ply < len(actions):
            try:
                state.apply(actions[ply])
            except IllegalAction:
                raise IllegalAction(f"action {ply} ({actions[ply]!r}) is refused now") from None
    return out


def write(game: Game, config: Config) -> int:
    """Play and store the corpus of one configuration; returns its number of actions."""
    game = config.played(game)
    games = [play_game(game, config, seed) for seed in range(GAMES_PER_CONFIG)]
    _store(config, {"game": config.game, "rules_version": game.rules_version, "players": config.players,
                    "options": config.options, "games": games})
    return sum(len(g["actions"]) for g in games)


def read(config: Config) -> dict[str, Any]:
    """A stored corpus file."""
    with gzip.open(config.path, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def _store(config: Config, data: dict[str, Any]) -> None:
    config.path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(config.path, "wt", encoding="utf-8", compresslevel=9) as fh:
        json.dump(data, fh, separators=(",", ":"), ensure_ascii=False)


def rewrite_views(game: Game, config: Config) -> None:
    """Store the views anew where only they changed; ``ValueError`` if the rules decide
    differently anywhere (then the game needs a new ``rules_version`` and a new corpus)."""
    game = config.played(game)
    data = read(config)
    for entry in data["games"]:
        now = fingerprints(game, config, entry["seed"], entry["actions"])
        if any(now[ply][0] != play for ply, (play, _) in entry["checks"].items()):
            raise ValueError(f"{config.name} seed {entry['seed']}: the rules decide differently")
        entry["checks"] = now
    _store(config, data)


def differences(game: Game, config: Config) -> Iterator[str]:
    """Every way the stored corpus of ``config`` differs from what the game does now."""
    game = config.played(game)
    stored = read(config)
    if stored["rules_version"] != game.rules_version:
        yield (f"{config.name}: stored with rules {stored['rules_version']}, the game has {game.rules_version}: "
               f"regenerate it (python tools/golden.py --write {game.id})")
        return
    for entry in stored["games"]:
        try:
            now = fingerprints(game, config, entry["seed"], entry["actions"])
        except IllegalAction as exc:
            yield f"{config.name} seed {entry['seed']}: {exc}"
            continue
        for ply, (play, view) in entry["checks"].items():
            if now[ply][0] != play:
                yield f"{config.name} seed {entry['seed']} ply {ply}: the rules decide differently (play)"
                break
            if now[ply][1] != view:
                yield f"{config.name} seed {entry['seed']} ply {ply}: the views differ (view)"
                break
