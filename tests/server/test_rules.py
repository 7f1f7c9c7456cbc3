"""A game's rules for the pages (server/rules.py): the rules for players in the reader's
language, their examples and the opening position as nodes carrying what a page needs to draw
them, as a tree of plain nodes in which no markup of the file survives as markup, headings
below the page's own, links only to the web; every registered game has them in English and
German, and a page of their own (/rules/{game}; 404 for a game without them)."""

from __future__ import annotations

import json
import re
from html import escape

import pytest

from realpolitik import rulebook
from realpolitik.engine import parse
from realpolitik.games import get, registry
from realpolitik.server.rules import BOARD, EXAMPLE, TAGS, _nodes, player_rules

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


def test_markup_in_the_file_stays_text_and_links_lead_only_to_the_web():
    body = list(_nodes(EVIL))
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


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.id)
def test_every_game_has_its_rules_in_english_and_german(game):
    for lang in ("en", "de"):
        rules = player_rules(game, lang)
        assert rules is not None and rules["body"][0]["tag"] == "h2"
        assert rules["kind"] == "rules" and rules["language"] == lang and rules["note"] is None
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
        assert all((move["verb"], tuple(move["args"])) == parse(move["action"]) for move in node["moves"])
        assert all(move["label"] and move["seat"] in position["seats"] for move in node["moves"])
        words_of = text(node["children"])
        assert node["caption"] in words_of and node["moves"][0]["label"] in words_of
    tags = {node["tag"] for node in nodes(rules["body"])}
    assert tags <= TAGS | {EXAMPLE, BOARD}
    json.dumps(rules)  # plain JSON


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.id)
@pytest.mark.parametrize(("lang", "words"), [("en", "The table at the start of a game of {count} players, as {seat} "
                                                    "sees it."),
                                             ("de", "Der Tisch zu Beginn einer Partie mit {count} Spielern, wie "
                                                    "{seat} ihn sieht.")])
def test_the_opening_position_is_a_node_of_the_first_seat_s_view(game, lang, words):
    body = player_rules(game, lang)["body"]
    found = [node for node in body if isinstance(node, dict) and node["tag"] == BOARD]
    assert len(found) == 1
    node, new = found[0], game.new_state(None, {}, 0)
    assert node["game"] == game.id and node["seat"] == new.seats[0]
    assert node["position"] == new.view(0, log_from=None, lang=lang)
    heading = body.index(next(n for n in body if isinstance(n, dict) and n["tag"] == "h3" and
                              text([n]) in ("What is on the table", "Was auf dem Tisch liegt")))
    after = body[heading + 1:body.index(node)]
    assert not any(isinstance(n, dict) and n["tag"] == "h3" for n in after), "in the part about the table"
    assert text(node["children"]) == words.format(count=len(new.seats), seat=node["position"]["titles"][0])


def test_the_rules_page_holds_the_rules_and_an_unknown_game_gets_a_404_that_says_why(api):
    """Issue 78: the rules page was an empty shell filled by its script; a reader without script or
    a search engine saw nothing. The text, its contents and each example in words are in the page."""
    page = api.get("/rules/nationen", params={"lang": "de"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'src="/static/v/' in page.text and '/js/rulespage.js"' in page.text
    rules = player_rules(get("nationen"), "de")
    body = page.text[page.text.index('<article id="rules-body"'):page.text.index("</article>")]
    headings = [text([n]) for n in rules["body"] if isinstance(n, dict) and n["tag"] == "h3"]
    anchors = re.findall(r'<h3 id="([^"]+)">', body)
    assert len(anchors) == len(headings) >= 8 and all(h in body for h in headings)
    assert all(f'<a href="#{anchor}">' in page.text for anchor in anchors)  # the table of contents
    examples = [n for n in rules["body"] if isinstance(n, dict) and n["tag"] == "example"]
    assert re.findall(r'data-example="([^"]+)"', body) == [n["name"] for n in examples]
    assert all(escape(n["caption"], quote=False) in body for n in examples)  # each example in words
    assert f"<title>{rules['heading']} · realpolitik</title>" in page.text
    missing = api.get("/rules/chess", params={"lang": "de"})
    assert missing.status_code == 404 and "Für dieses Spiel gibt es keine Regeln." in missing.text
    assert '<article id="rules-body" class="rules-body"></article>' in missing.text


def test_the_route_answers_german_rules_to_a_german_reader(api):
    german = api.get("/api/rules/nuclear-war", params={"lang": "de"}).json()
    assert german["kind"] == "rules" and german["language"] == "de" and german["note"] is None
    assert german["heading"] == "Regeln: Nuclear War" and "Finaler Gegenschlag" in text(german["body"])
    assert api.get("/api/rules/nuclear-war", headers={"accept-language": "de-DE"}).json() == german
    example = next(node for node in nodes(german["body"]) if node["tag"] == EXAMPLE)
    assert example["caption"].startswith("Die Atlas-Rakete") and example["position"]["titles"][0] == "Spieler 1"
    english = api.get("/api/rules/nuclear-war", params={"lang": "en"}).json()
    assert english["language"] == "en" and "Final retaliation" in text(english["body"])
