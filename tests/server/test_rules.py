"""A game's rules for the pages (server/rules.py): the rules for players in the reader's
language, their examples as nodes carrying what a page needs to draw them; a game without
rules for players yet answers its developer notes, in English with a note. Either is
Markdown as a tree of plain nodes in which no markup of the file survives as markup,
headings below the page's own, links only to the web; every registered game has rules."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import realpolitik.server
from realpolitik import rulebook
from realpolitik.games import get, registry
from realpolitik.server.rules import DOCS, EXAMPLE, TAGS, doc_file, player_rules, rules_of

EVIL = """# Title <b>bold</b>

<script>alert(1)</script>

Text with [a web link](https://example.org/x), [a file link](../web.md#clocks),
[a script](javascript:alert(1)) and ![a picture](https://example.org/p.png "t").

| a | b |
|---|---|
| `code` | **strong** |

```sh
rm -rf <dir>
```
"""


def nodes(tree):
    for node in tree:
        if isinstance(node, dict):
            yield node
            yield from nodes(node.get("children", []))


def text(tree) -> str:
    return "".join(node if isinstance(node, str) else text(node.get("children", [])) for node in tree)


@pytest.fixture
def docs(tmp_path):
    (tmp_path / "toy.md").write_text(EVIL, encoding="utf-8")
    return tmp_path


def test_markup_in_the_file_stays_text_and_links_lead_only_to_the_web(docs):
    body = rules_of("toy", "Toy", "en", docs)["body"]
    tags = [node["tag"] for node in nodes(body)]
    assert set(tags) <= TAGS and "script" not in tags and "img" not in tags and "b" not in tags
    assert tags[0] == "h2" and text([body[0]]) == "Title <b>bold</b>"
    assert "<script>alert(1)</script>" in text(body)
    links = [node for node in nodes(body) if node["tag"] == "a"]
    assert [link["href"] for link in links] == ["https://example.org/x"]
    assert "a file link" in text(body) and "a script" in text(body) and "a picture" in text(body)
    assert {"table", "th", "td", "code", "strong", "pre"} <= set(tags)
    assert "rm -rf <dir>" in text(body)
    assert all(set(node) <= {"tag", "children", "href"} for node in nodes(body))
    json.dumps(body)  # plain JSON


def test_another_language_gets_the_english_notes_with_a_note_unless_translated(docs):
    german = rules_of("toy", "Toy", "de", docs)
    english = rules_of("toy", "Toy", "en", docs)
    assert german["kind"] == "docs" and german["language"] == "en"
    assert german["note"] == "Der Regeltext ist auf Englisch."
    assert german["heading"] == "Regeln: Toy" and english["heading"] == "Rules: Toy" and english["note"] is None
    assert german["body"] == english["body"]
    (docs / "toy.de.md").write_text("# Spielzeug\n\nAuf Deutsch.\n", encoding="utf-8")
    translated = rules_of("toy", "Toy", "de", docs)
    assert translated["language"] == "de" and translated["note"] is None
    assert text(translated["body"]) == "SpielzeugAuf Deutsch."


def test_a_variant_shares_its_game_s_docs_and_an_unknown_game_has_none(docs):
    assert doc_file("toy-2vs2", "en", docs) == (docs / "toy.md", "en")
    assert rules_of("chess", "Chess", "en", docs) is None


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.id)
def test_every_game_has_its_rules(game):
    rules = player_rules(game, "en") or rules_of(game.id, game.title, "en")
    assert rules is not None and rules["body"][0]["tag"] == "h2"
    assert rules["kind"] == ("rules" if rulebook.languages(game) else "docs")
    assert len(text(rules["body"])) > 2000


@pytest.mark.parametrize(("lang", "heading", "words"), [
    ("de", "Regeln: Nuclear War", ["Finaler Gegenschlag", "Abschreckungskräfte", "Kriegszustand", "Beispiel"]),
    ("en", "Rules: Nuclear War", ["Final retaliation", "Deterrent force", "War and peace", "Example"]),
])
def test_the_rules_for_players_are_in_the_reader_s_language_with_their_examples(lang, heading, words):
    game = get("nuclear-war")
    rules = player_rules(game, lang)
    assert rules["kind"] == "rules" and rules["language"] == lang and rules["note"] is None
    assert rules["heading"] == heading and text([rules["body"][0]]) == "Nuclear War"
    said = text(rules["body"])
    assert all(word in said for word in words), [word for word in words if word not in said]
    assert "Der Regeltext ist auf Englisch" not in said
    examples = [node for node in nodes(rules["body"]) if node["tag"] == EXAMPLE]
    assert [node["name"] for node in examples] == rulebook.references(rulebook.source(game, lang))
    for node in examples:
        example = rulebook.example(game, node["name"])
        assert node["caption"] == example.caption[lang] and node["seat"] == example.seat
        position, result = node["position"], node["result"]
        assert position["game"] == "nuclear-war" and position["seat"] == example.seat and "log" not in position
        assert position["ply"] == len(example.lead) and position["titles"] == result["titles"]
        assert result["ply"] == len(example.lead) + len(example.play) and node["log"]
        assert [move["action"] for move in node["moves"]] == list(example.play)
        assert all(move["label"] and move["seat"] in position["seats"] for move in node["moves"])
        words_of = text(node["children"])
        assert node["caption"] in words_of and node["moves"][0]["label"] in words_of
    tags = {node["tag"] for node in nodes(rules["body"])}
    assert tags <= TAGS | {EXAMPLE}
    json.dumps(rules)  # plain JSON


def test_a_game_without_rules_for_players_answers_its_notes():
    missing = [game for game in registry() if not rulebook.languages(game)]
    for game in missing:
        assert player_rules(game, "de") is None
        notes = rules_of(game.id, game.title, "de")
        assert notes["kind"] == "docs" and notes["note"] == "Der Regeltext ist auf Englisch."


def test_the_route_answers_german_rules_to_a_german_reader(api):
    german = api.get("/api/rules/nuclear-war", params={"lang": "de"}).json()
    assert german["kind"] == "rules" and german["language"] == "de" and german["note"] is None
    assert german["heading"] == "Regeln: Nuclear War" and "Finaler Gegenschlag" in text(german["body"])
    assert api.get("/api/rules/nuclear-war", headers={"accept-language": "de-DE"}).json() == german
    example = next(node for node in nodes(german["body"]) if node["tag"] == EXAMPLE)
    assert example["caption"].startswith("Die Atlas-Rakete") and example["position"]["titles"][0] == "Spieler 1"
    english = api.get("/api/rules/nuclear-war", params={"lang": "en"}).json()
    assert english["language"] == "en" and "Final retaliation" in text(english["body"])


def test_the_notes_are_read_from_package_data_that_is_the_repository_s_docs():
    """An installed package (not a checkout) serves the developer notes of a game without rules for
    players too: they are read from the server package's ``docs`` folder, which setuptools copies
    into the wheel, and which in a checkout is a link to docs/games, so the two never differ."""
    package = Path(realpolitik.server.__file__).resolve().parent
    assert DOCS.parent == package and DOCS.name == "docs"
    assert DOCS.resolve() == (package.parents[2] / "docs" / "games").resolve()
    shipped = tomllib.loads((package.parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "docs/*.md" in shipped["tool"]["setuptools"]["package-data"]["realpolitik.server"]
