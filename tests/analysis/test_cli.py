"""``realpolitik analyze`` end to end: a report and its numbers for every game, two runs compared,
content files, bad input refused before any game, Ctrl-C keeping what finished, and Ray."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from matplotlib.axes import Axes
from typer.testing import CliRunner

from realpolitik.analysis.measure import run_games
from realpolitik.cli import analyze as lab
from realpolitik.cli.main import app
from realpolitik.games import registry
from realpolitik.testing import ctrl_c
from realpolitik.testing.load import allowance
from tests.sim.test_cluster import RAY_ENV, needs_ray, ray_can_start

from .conftest import GAMES
from .test_plots import glyphs

DATA = Path(__file__).resolve().parents[2] / "src" / "realpolitik" / "games"
ANALYZE = [sys.executable, "-c", "from realpolitik.cli.main import app; app()", "analyze"]


def analyze(*args: str):
    return CliRunner().invoke(app, ["analyze", *args])


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_every_game_gets_a_self_contained_report_and_its_numbers(reports, game_id):
    path, numbers = reports[game_id]
    html = path.read_text(encoding="utf-8")
    assert numbers["game"] == game_id and numbers["games"] == GAMES and numbers["complete"]
    seats = numbers["win_rates"]["seats"]
    assert all(r["games"] == GAMES for r in seats.values())
    assert sum(r["wins"] for r in seats.values()) >= GAMES - numbers["no_winner"]
    assert sum(e["games"] for e in numbers["ends"]) == GAMES
    assert numbers["tracks"] and numbers["finals"] and "cards" in numbers
    for section in ("win-rates", "ends", "length", "finals", "tracks", "seat-order"):
        assert f'id="{section}"' in html
    assert html.count("<svg") >= 5
    # nothing from the network: no scripts, style sheets, images, frames or fonts from elsewhere
    assert not re.search(r"<script|<link|<img|<iframe|@import|url\((?!#)|src=", html)
    assert not re.search(r'href="(?!#)', html)


def test_cards_are_measured_where_seats_play_them(reports):
    for game_id in ("wsdv", "wsdv-2p2", "nuclear-war"):
        cards = reports[game_id][1]["cards"]
        assert cards and all(c["played"]["games"] >= 1 and 0 <= c["p_holm"] <= 1 for c in cards)
    assert reports["nationen"][1]["cards"] == [] and reports["e1815"][1]["cards"] == []


def test_a_second_content_file_is_compared_with_the_first(tmp_path):
    cards = (DATA / "nuclear_war/data/cards.toml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(cards.replace("count = 19", "count = 9", 1), encoding="utf-8")
    out = tmp_path / "report.html"
    result = analyze("nuclear-war", "--seats", "random,random,random", "--games", "4",
                     "--against-content", str(mine), "--out", str(out), "--json", "--lang", "en")
    assert result.exit_code == 0, result.output
    numbers = json.loads(result.stdout)
    assert numbers["against"]["options"] == {"content": str(mine)} and numbers["options"] == {}
    rows = numbers["comparison"]["rows"]
    assert {r["group"] for r in rows} >= {"seats", "ends", "length"}
    assert all(0 <= r["p"] <= r["p_holm"] <= 1 for r in rows)
    html = out.read_text(encoding="utf-8")
    assert 'id="comparison"' in html and f"B (content={mine})" in html


def test_a_content_file_goes_to_the_file_option_it_fits_and_against_changes_an_option(tmp_path):
    own = tmp_path / "cards.toml"
    own.write_text((DATA / "nationen/data/cards.toml").read_text(encoding="utf-8"), encoding="utf-8")
    result = analyze("nationen", "--seats", "random,random,random", "--games", "3", "--content", str(own),
                     "--against", "bank_limit=true", "--json")
    assert result.exit_code == 0, result.output
    numbers = json.loads(result.stdout)
    assert numbers["options"] == {"round_limit": 60, "cards": str(own)}
    assert numbers["against"]["options"] == {"round_limit": 60, "bank_limit": True, "cards": str(own)}


@pytest.mark.parametrize(("args", "said"), [
    (["--games", "2"], "give --out FILE for the report, --json for the numbers, or both"),
    (["--json", "--out", "/"], "--out /: that is a directory"),
    (["--json", "--out", "/no/such/folder/r.html"], "the directory /no/such/folder does not exist"),
    (["--json", "--games", "0"], "--games must be a whole number from 1 to 1000000, not 0"),
    (["--json", "--content", "/no/such.toml"], "--content /no/such.toml: no such file"),
    (["--json", "--against", "ls_top_up"], "--against 'ls_top_up' must look like name=value"),
    (["--json", "--against", "colour=red"], "unknown option 'colour'"),
    (["--json", "--against", "ls_top_up=sideways"], "option 'ls_top_up': 'sideways' is not one of"),
    (["--json", "--against", "ls_top_up=split"], "change nothing: run B would play run A's games again"),
    (["--json", "--cluster", "rey://h:1"], "--cluster must be auto, local or ray://HOST:PORT"),
])
def test_bad_input_is_refused_before_any_game(args, said):
    result = analyze("wsdv", "--seats", "random,random", *args)
    assert result.exit_code == 2 and said in result.stderr, result.output
    assert not result.stdout


def test_an_out_path_that_cannot_be_written_is_refused_before_the_first_game(tmp_path, monkeypatch):
    played = []
    monkeypatch.setattr(lab, "run_games", lambda *args, **kwargs: played.append(args) or run_games(*args, **kwargs))
    for out, said in ((tmp_path / "no" / "such" / "r.html", "the directory"),
                      (tmp_path / ("r" * 300 + ".html"), "cannot be written (File name too long)")):
        result = analyze("nuclear-war", "--seats", "random,random,random", "--games", "1000000", "--out", str(out))
        assert result.exit_code == 2 and said in result.stderr, result.output
        assert "Traceback" not in result.output and not isinstance(result.exception, OSError)
    assert not played and list(tmp_path.iterdir()) == []


def own_cards(folder: Path, names: dict[str, str], file: str = "cards.toml") -> Path:
    """A Nuclear War content file with these cards renamed (``{printed name: own name}``)."""
    cards = (DATA / "nuclear_war/data/cards.toml").read_text(encoding="utf-8")
    for printed, own in names.items():
        cards = cards.replace(f'name = "{printed}"', f"name = {json.dumps(own)}", 1)
    path = folder / file
    path.write_text(cards, encoding="utf-8")
    return path


def test_card_names_with_mathtext_characters_or_of_any_length_are_drawn_as_written(tmp_path):
    long = "Very " * 60 + "Long Warhead"
    mine = own_cards(tmp_path, {"10 Megaton Warhead": "$5 #1 or $6", "20 Megaton Warhead": "a_b^c\\d $x$",
                                "Polaris Missile": "\\alpha_1 ^2 {x}", "Atlas Missile": long})
    valid = CliRunner().invoke(app, ["content", "validate", str(mine), "--game", "nuclear-war"])
    assert valid.exit_code == 0, valid.output
    out = tmp_path / "report.html"
    result = analyze("nuclear-war", "--seats", "random,random,random", "--games", "4", "--content", str(mine),
                     "--out", str(out), "--lang", "en")
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "could not be drawn" not in html and "Figures not drawn" not in result.stderr
    # the cards' plot labels drawn as written: a glyph for every character, "$" too
    for drawn in ("10mt $5 #1 or $6", "20mt a_b^c\\d $x$", "polaris \\alpha_1 ^2 {x}"):
        assert glyphs(html, drawn) == len(drawn)
    assert "Oblique" not in html
    # a long name cut to one short line in the plot, whole in the table
    assert f"<!-- atlas {long[:41]}… -->" in html and f"<td class=\"text\">{long}</td>" in html


def test_a_content_file_whose_name_is_not_utf8_still_gets_its_report_and_numbers(tmp_path):
    mine = own_cards(tmp_path, {}, os.fsdecode(b"\xff-cards.toml"))
    out = tmp_path / "report.html"
    result = analyze("nuclear-war", "--seats", "random,random,random", "--games", "2", "--content", str(mine),
                     "--against-content", str(DATA / "nuclear_war/data/cards.toml"), "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    shown = str(tmp_path / "\N{REPLACEMENT CHARACTER}-cards.toml")
    assert json.loads(result.stdout)["options"] == {"content": shown}
    html = out.read_text(encoding="utf-8")
    assert f"A (content={shown})" in html and "could not be drawn" not in html


def test_a_figure_that_cannot_be_drawn_gives_way_to_a_note_and_the_report_is_written(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("no boxes today\nsecond line")

    monkeypatch.setattr(Axes, "bxp", broken)  # the box plots of the final values
    out = tmp_path / "bericht.html"
    result = analyze("wsdv", "--seats", "random,random", "--games", "2", "--out", str(out), "--lang", "de")
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    notes = html.count("Diese Grafik ließ sich nicht zeichnen: RuntimeError: no boxes today</p>")
    assert notes == 3 and "second line" not in html  # the four tracks, unrest, mass protests
    assert f"Nicht gezeichnete Grafiken: {notes}" in result.stderr
    assert 'id="seat-order"' in html and html.count("<svg") >= 5 and html.rstrip().endswith("</html>")


def test_a_report_that_cannot_be_written_after_the_games_is_an_error_and_the_numbers_stay(tmp_path):
    full = Path("/dev/full")
    if not full.exists():
        pytest.skip("needs /dev/full")
    result = analyze("wsdv", "--seats", "random,random", "--games", "2", "--out", str(full), "--json",
                     "--lang", "en")
    assert result.exit_code == 2, result.output
    assert "error: --out /dev/full: the report could not be written (No space left on device)" in result.stderr
    assert json.loads(result.stdout)["games"] == 2


def test_a_bad_content_file_is_refused_with_its_problem(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text((DATA / "wsdv/data/cards.toml").read_text(encoding="utf-8").replace("decade = 1", "decade = 7", 1),
                   encoding="utf-8")
    result = analyze("wsdv", "--seats", "random,random", "--json", "--against-content", str(bad))
    assert result.exit_code == 2 and "field 'decade'" in result.stderr


def test_ctrl_c_writes_the_report_of_the_games_that_finished(tmp_path):
    out = tmp_path / "report.html"
    stopped = ctrl_c.interrupt(ANALYZE + ["nuclear-war", "--seats", "random,random,random", "--games", "100000",
                                          "--out", str(out), "--json"], 100000, {"LANG": "C.UTF-8"}, after=1)
    took = stopped.seconds
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    numbers = json.loads(stopped.stdout)
    assert not numbers["complete"] and 1 <= numbers["games"] < 100000 and numbers["planned"] == 100000
    assert f"stopped by Ctrl-C: {numbers['games']} of 100000 games finished" in stopped.stderr
    html = out.read_text(encoding="utf-8")
    assert f"stopped early: {numbers['games']} of 100000 games finished" in html and "<svg" in html
    # the games stop within two seconds (tests/sim/test_cluster.py); drawing the report takes a few more
    assert took < allowance(30), f"took {took:.1f} s to stop and write the report"


@needs_ray
def test_a_private_ray_instance_gives_the_numbers_of_one_process():
    ray_can_start()
    args = ["nuclear-war", "--seats", "heuristic,random,random", "--games", "6", "--seed", "3", "--json"]
    done = subprocess.run(ANALYZE + args + ["--cluster", "local", "--workers", "2"], capture_output=True, text=True,
                          timeout=allowance(300), env={**os.environ, **RAY_ENV, "LANG": "C.UTF-8"})
    assert done.returncode == 0, done.stderr[-2000:]
    alone = analyze(*args)
    assert alone.exit_code == 0

    def numbers(text: str) -> dict:
        return {k: v for k, v in json.loads(text).items() if k not in ("seconds", "workers", "cluster")}

    assert numbers(done.stdout) == numbers(alone.stdout)
