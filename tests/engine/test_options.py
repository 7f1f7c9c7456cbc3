"""A game's options are one frozen class of typed fields (engine/options.py): its declarations are
the game's ``options``, a state holds them as ``st.opts``, and no rule reads an option by its name."""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

import pytest

from realpolitik.engine import Game, OptionChoices, Options
from realpolitik.games import get, registry

GAMES = sorted(registry(), key=lambda game: game.id)
SRC = Path(__file__).resolve().parents[2] / "src" / "realpolitik" / "games"


def _other_values(game: Game) -> dict:
    """A value other than the default for every option with choices or a truth value."""
    out = {}
    for o in game.options:
        if o.choices:
            out[o.name] = o.choices[-1]
        elif isinstance(o.default, bool):
            out[o.name] = not o.default
    return out


def test_no_rule_reads_an_option_by_its_name():
    """Rules read ``st.opts.refill``: a string read (``options["refill"]``, ``options.get("refill")``) names
    an option the editor cannot follow and may spell a default a second time."""
    found = [f"{path.relative_to(SRC)}:{number}: {line.strip()}"
             for path in sorted(SRC.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""options(\[|\.get\(|"\]\[|"\]\.get\()""", line)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_state_holds_its_options_typed(game):
    given = {**game.conformance_options, **_other_values(game)}
    st = game.new_state(game.max_players, given, seed=1)
    assert isinstance(st.opts, game.Options)
    assert {o.name: getattr(st.opts, o.name) for o in game.options} == st.options == game.resolve_options(given)
    assert st.clone().opts is st.opts
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(st.opts, game.options[0].name, game.options[0].default)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_state_names_its_options_class(game):
    """The annotation an editor follows from ``st.opts.refill`` to the option's declaration."""
    klass = next(k for k in type(game.new_state()).__mro__ if "opts" in k.__dict__.get("__annotations__", {}))
    hint = eval(klass.__annotations__["opts"], vars(sys.modules[klass.__module__]))  # noqa: S307
    assert issubclass(game.Options, hint) and hint is not Options
    assert type(game).__module__.rpartition(".")[0] == hint.__module__.rpartition(".")[0]


def test_the_declarations_are_the_games_options():
    game = get("nuclear-war")
    refill = next(o for o in game.options if o.name == "refill")
    assert (refill.default, refill.choices) == ("draw-to-ten", ("draw-to-ten", "draw-one"))
    assert [o.name for o in game.options] == [f.name for f in dataclasses.fields(game.Options)]


def test_a_game_plays_the_options_it_does_not_offer_at_their_plain_defaults():
    """1815's base game offers neither the map nor loyalty, and plays 1815 without it."""
    base, team = get("e1815"), get("e1815-2vs2")
    assert "loyalty" not in {o.name for o in base.options} and "loyalty" in {o.name for o in team.options}
    st = base.new_state(4)
    assert (st.opts.map, st.opts.loyalty, st.opts.last_team_action) == ("1815", False, "before-half")
    assert "loyalty" not in st.options
    assert [o.name for o in team.options] == ["map", "max_years", "start_player", "loyalty", "last_team_action",
                                              "map_file"]


def test_choices_are_the_constants_of_their_class_in_order():
    class Light(OptionChoices):
        RED = "red"
        GREEN = "green"
        note = "not a choice"

    assert Light.texts == ("red", "green")


def test_options_from_a_views_plain_form():
    game = get("nuclear-war")
    st = game.new_state(3, {"refill": "draw-one"})
    assert game.Options.of(st.view(0)["options"]) == st.opts
    assert game.Options.of({}) == game.Options()
