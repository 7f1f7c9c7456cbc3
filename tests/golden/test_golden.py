"""The golden corpus replays exactly: every stored game of every configuration, with the
same legal actions, outcome and views at its checkpoints (src/realpolitik/testing/golden.py).

A failure here means a change altered how a game plays or what it shows. If that was
meant, bump the game's ``rules_version`` and regenerate (``python tools/golden.py --write
GAME``), or, if only views changed, ``--views GAME``; say why in the commit."""

from __future__ import annotations

import pytest

from realpolitik.games import get, registry
from realpolitik.testing import golden

CONFIGS = golden.configs(list(registry()))


def test_every_configuration_has_its_corpus():
    missing = [c.name for c in CONFIGS if not c.path.is_file()]
    assert not missing, f"no corpus for {missing}: python tools/golden.py --write GAME"
    stored = {p.relative_to(golden.ROOT).as_posix().removesuffix(".json.gz") for p in golden.ROOT.rglob("*.json.gz")}
    assert stored == {c.name for c in CONFIGS}, "corpus files without a configuration"


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_the_corpus_replays_as_stored(config):
    data = golden.read(config)
    assert len(data["games"]) >= golden.GAMES_PER_CONFIG
    assert (data["players"], data["options"]) == (config.players, config.options)
    differences = list(golden.differences(get(config.game), config))
    assert not differences, "\n".join(differences[:10])


def test_a_changed_rule_is_caught(monkeypatch):
    """The check fails when what a seat may do changes (here: one legal action hidden)."""
    config = golden.Config("nuclear-war", 2, {})
    game = get("nuclear-war")
    state_type = type(game.new_state(2))
    real = state_type.legal_actions

    def one_less(self):
        actions = real(self)
        return actions[:-1] if len(actions) > 1 else actions

    monkeypatch.setattr(state_type, "legal_actions", one_less)
    assert next(golden.differences(game, config), None) is not None
