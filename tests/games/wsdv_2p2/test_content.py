"""The stand-in content and its validator: every constraint the 2+2 rule book states (§2, §6.4, §7, §8)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.engine import ContentError
from realpolitik.games import get
from realpolitik.games.wsdv.two_plus_two.content import DATA, load, problems

BUILT_IN = DATA / "expansion.toml"


def test_forty_cards_ten_per_decade_numbered_like_the_credits():
    c = load()
    for d in range(1, 5):
        assert c.expansion_cards[d] == tuple(f"x{n}" for n in range(10 * d - 9, 10 * d + 1))
    assert c.stand_in and BUILT_IN.read_text().count("STAND-IN") == 1


def test_every_card_kind_and_mark_the_rule_book_names():
    cards = [load().cards[f"x{n}"] for n in range(1, 41)]
    colours = {c.colour for c in cards}
    assert colours == {"west", "east", "dual", "blue", "green", "black"}
    assert any(c.arms_ban for c in cards) and not all(c.arms_ban for c in cards)
    assert any(c.value_icons for c in cards if c.colour != "black")
    assert {c.value_conflict for c in cards} >= {"west", "east"}
    assert any(e.shaded for c in cards for e in c.icons)
    assert all(not e.shaded for c in cards if c.colour != "green" for e in c.icons)
    for c in cards:
        peace_event = any(e.icon == "peacemaker" for e in c.icons)
        peace_value = any(e.icon == "peacemaker" for e in c.value_icons)
        assert peace_event == (c.colour == "green") and peace_value == (c.colour == "black"), c.key
        if c.colour == "black":
            assert any(e.icon == "dove" for e in c.icons)
        if c.colour == "green":
            assert any(e.icon == "undove" for e in c.icons)
        if any(e.icon == "space" for e in c.icons):
            assert c.colour == "blue"
    assert any(e.icon == "arms-cost" for c in cards for e in c.icons)
    assert any(e.icon == "soviet-penalty" for c in cards for e in c.icons)
    assert any(e.icon == "choice" for c in cards for e in c.icons)
    assert any(e.is_arrow and e.yellow and e.red for c in cards if c.colour != "blue" for e in c.icons)


def test_blue_cards_are_symmetrical():
    for n in range(1, 41):
        c = load().cards[f"x{n}"]
        if c.colour != "blue":
            continue
        assert all(e.yellow == e.red for e in c.icons if e.is_arrow)
        yellow = sorted((e.icon, e.amount, e.count) for e in c.icons if e.side == "west")
        red = sorted((e.icon, e.amount, e.count) for e in c.icons if e.side == "east")
        assert yellow == red


def test_history_titles_where_the_rule_book_and_credits_place_them():
    cards = load().cards
    titles = {cards[f"x{n}"].title_en: n for n in range(1, 41)}
    for title in ("Korean War", "Sputnik crisis", "Cuban Missile Crisis", "Vietnam War", "Moon landing", "SALT I",
                  "Helsinki Final Act"):
        assert title in titles
    hungary = cards["x8"]
    assert hungary.title_en == "Hungarian Uprising" and hungary.colour == "east" and hungary.decade == 1
    assert hungary.value_for(0) > hungary.value_for(1)  # higher for yellow
    assert any(e.icon == "unrest" and e.side == "east" for e in hungary.icons)  # the event hurts red
    assert cards["x26"].title_en.startswith("Dissidents")
    afghanistan = cards["x30"]
    assert afghanistan.title_en == "Soviet war in Afghanistan" and afghanistan.colour == "east"
    assert afghanistan.value_for(0) > afghanistan.value_for(1)
    vietnam = cards["x17"]
    assert vietnam.colour == "west" and vietnam.value_for(1) > vietnam.value_for(0)


def test_special_cards_show_only_strict_prestige_arrows():
    c = load()
    assert c.specials[1:] == ("xi", "xii", "xiii", "xiv") and c.mauerfall == "xiv-wall"
    arrows = [e for k in ("xi", "xii", "xiii", "xiv", "xiv-wall") for e in c.cards[k].icons if e.icon == "prestige"]
    assert arrows and all(e.strict for e in arrows)
    assert all(c.cards[k].value is None for k in ("xi", "xiv-wall"))


def test_decks_ten_cards_two_reshuffle_decade_by_column():
    c = load()
    for deck, rows in ((c.arms_deck, 4), (c.conflict_deck, 1)):
        assert len(deck) == 10 and sum(d.reshuffle for d in deck.values()) == 2
        assert all(len(d.usa) == rows and len(d.ussr) == rows for d in deck.values())


def test_tracks():
    c = load()
    assert c.treasury.start == 6 and c.doves == 6
    assert c.arms.level[0] == 0 and c.arms.level[-1] == 4 and list(c.arms.level) == sorted(c.arms.level)
    assert c.space.victory == c.space.spaces and any(e.icon == "next-card" for row in c.space.icons for e in row)
    assert len(c.dominance.income) == len(c.dominance.vp) == c.dominance.spaces + 1


def _broken(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = BUILT_IN.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return path


def test_the_validator_lists_every_problem_with_file_entry_and_field(tmp_path):
    path = _broken(
        tmp_path,
        ('key = "x3"\ndecade = 1\ntitle = "Koreakrieg"\ntitle_en = "Korean War"\nyear = "1950–53"\ncolour = "black"',
         'key = "x3"\ndecade = 1\ntitle = "Koreakrieg"\ntitle_en = "Korean War"\nyear = "1950–53"\ncolour = "green"'),
        ('  { icon = "space", yellow = 1, red = 1 },\n  { icon = "dominance", yellow = 1, red = 1 },',
         '  { icon = "space", yellow = 1, red = 2 },\n  { icon = "dominance", yellow = 1, red = 1 },'),
        ('[[arms_race]]\nkey = "a10"\nreshuffle = true', '[[arms_race]]\nkey = "a10"'),
        ('  { icon = "prestige", yellow = 1, strict = true },', '  { icon = "prestige", yellow = 1 },'),
        ("vp = [0, 0, 1, 1, 2, 2, 3, 3]", "vp = [0, 0, 1]"),
        ('key = "x22"\ndecade = 3', 'key = "x22"\ndecade = 3\nshade = 1'),
    )
    found = problems(path)
    text = "\n".join(found)
    assert all(line.startswith(f"{path}: entry ") for line in found)
    assert "entry cards 'x3': field 'value_icons.1': peacemaker" in text
    assert "entry cards 'x3': field 'icons': Green card events restore peace doves" in text
    assert "entry cards 'x7': field 'icons': Blue card events are symmetrical" in text
    assert "entry arms_race: field 'reshuffle'" in text
    assert "entry cards 'xi': field 'icons.2': 2+2 special cards show only strict prestige arrows" in text
    assert "entry tracks.arms: field 'vp'" in text
    assert "entry cards 'x22': field 'shade'" in text
    assert len(found) >= 7
    with pytest.raises(ContentError) as err:
        get("wsdv-2p2").new_state(4, {"expansion": str(path)}, 1)
    assert str(path) in str(err.value) and "x7" in str(err.value)


def test_a_good_own_file_replaces_the_stand_in(tmp_path):
    path = _broken(tmp_path, ('title_en = "Marshall Plan"', 'title_en = "European Recovery Program"'))
    assert problems(path) == []
    st = get("wsdv-2p2").new_state(4, {"expansion": str(path)}, 1)
    assert st.content.cards["x1"].title_en == "European Recovery Program"


def test_missing_cards_and_bad_files_are_named(tmp_path):
    path = _broken(tmp_path, ('key = "x40"', 'key = "x41"'))
    assert any("decade 4 needs the ten 2+2 cards x31–x40" in p for p in problems(path))
    bad = tmp_path / "bad.toml"
    bad.write_text("cards = [")
    assert problems(bad)[0].startswith(f"{bad}: not valid TOML")
    assert problems(tmp_path / "none.toml")[0].startswith(f"{tmp_path / 'none.toml'}: cannot read")


def test_content_validate_command(tmp_path):
    runner = CliRunner()
    good = runner.invoke(app, ["content", "validate", str(BUILT_IN)])
    assert good.exit_code == 0 and "a good Wir sind das Volk! 2+2 content file" in good.output
    path = _broken(tmp_path, ('key = "a10"\nreshuffle = true', 'key = "a10"'))
    bad = runner.invoke(app, ["content", "validate", "--game", "wsdv-2p2", "--option", "expansion", str(path)])
    assert bad.exit_code == 1 and "entry arms_race: field 'reshuffle'" in bad.output and "1 problem." in bad.output
    base = runner.invoke(app, ["content", "validate", "--game", "wsdv",
                               str(DATA.parent.parent / "data" / "cards.toml")])
    assert base.exit_code == 0
    nameless = tmp_path / "nameless.toml"
    nameless.write_text("[x]\n")
    result = runner.invoke(app, ["content", "validate", str(nameless)])
    assert result.exit_code == 2 and "--game" in result.stderr and "wsdv-2p2" in result.stderr
    unsure = runner.invoke(app, ["content", "validate", "--game", "wsdv-2p2", str(path)])
    assert unsure.exit_code == 2 and "name one with --option" in unsure.stderr
