"""The docs read as a manual: every relative link of README.md, docs/ and the lab notebook (lab/)
reaches a file and, with an anchor, a heading of it; no doc names a file outside the repository
(the rule books are cited by title, docs/sources.md); no doc of the manual outgrows a reader
(500 lines and 50 000 bytes). The lab notebook has no size cap: it grows with the runs it
records, and nobody reads it through."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: the lab notebook: dated runs and settings tried, linked from the manual and linking back
LAB = sorted((ROOT / "lab").rglob("*.md"))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
#: how a doc would name what is not part of the repository
OUTSIDE = re.compile(r"\.\./shared|/work/|\bseed `?\d{3}_|\b\d{3}_[0-9a-f]{16}\b")
LONGEST = 500
#: a doc's bytes: 500 lines of at most 100 characters, so a doc cannot meet the line cap by
#: growing its lines instead (the longest doc of the manual, docs/web.md, holds about 48 000)
LARGEST = 50_000


def _lines(path: Path) -> list[tuple[int, str]]:
    """A Markdown file's lines outside code fences, numbered."""
    out, fence = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fence = not fence
        elif not fence:
            out.append((number, line))
    return out


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def _anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    for _, line in _lines(path):
        if found := HEADING.match(line):
            slug = _slug(found.group(2))
            seen[slug] = seen.get(slug, -1) + 1
            if seen[slug]:
                seen[f"{slug}-{seen[slug]}"] = 0
    return frozenset(seen)


@pytest.mark.parametrize("doc", DOCS + LAB, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_reaches_its_file_and_heading(doc):
    broken = []
    for number, line in _lines(doc):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            dest = (doc.parent / path).resolve() if path else doc
            if not dest.exists():
                broken.append(f"{number}: no file {target}")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{number}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert not broken, broken


@pytest.mark.parametrize("doc", DOCS + LAB, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_names_what_is_outside_the_repository(doc):
    assert not [f"{n}: {line}" for n, line in _lines(doc) if OUTSIDE.search(line)]


@pytest.mark.parametrize("doc", [d for d in DOCS if d.name != "CHANGELOG.md"], ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_is_longer_than_a_reader_reads(doc):
    assert len(doc.read_text(encoding="utf-8").splitlines()) <= LONGEST
    assert len(doc.read_bytes()) <= LARGEST
