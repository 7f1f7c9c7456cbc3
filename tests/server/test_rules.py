"""A game's rules for the pages (server/rules.py): the docs' Markdown as a tree of plain
nodes in which no markup of the file survives as markup, headings below the page's own,
links only to the web; the reader's language when a translation exists, else English
with a note; every registered game has its rules."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import realpolitik.server
from realpolitik.games import registry
from realpolitik.server.rules import DOCS, TAGS, doc_file, rules_of

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


def test_another_language_gets_the_english_text_with_a_note_unless_translated(docs):
    german = rules_of("toy", "Toy", "de", docs)
    english = rules_of("toy", "Toy", "en", docs)
    assert german["language"] == "en" and german["note"] == "Der Regeltext ist auf Englisch."
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
    rules = rules_of(game.id, game.title, "en")
    assert rules is not None and rules["body"][0]["tag"] == "h2"
    assert len(text(rules["body"])) > 2000


def test_the_rules_are_read_from_package_data_that_is_the_repository_s_docs():
    """An installed package (not a checkout) serves the rules too: they are read from the server
    package's ``docs`` folder, which setuptools copies into the wheel, and which in a checkout is
    a link to docs/games, so the two never differ."""
    package = Path(realpolitik.server.__file__).resolve().parent
    assert DOCS.parent == package and DOCS.name == "docs"
    assert DOCS.resolve() == (package.parents[2] / "docs" / "games").resolve()
    shipped = tomllib.loads((package.parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "docs/*.md" in shipped["tool"]["setuptools"]["package-data"]["realpolitik.server"]
