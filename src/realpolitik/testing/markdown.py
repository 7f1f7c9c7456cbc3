"""Reading a rules text's Markdown in tests: its tables, so a test can check a table's numbers
against the game's content."""

from __future__ import annotations


def tables(text: str) -> list[list[list[str]]]:
    """The Markdown tables of ``text``: rows of cells, the head row first (rule rows dropped)."""
    found, rows = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if not set("".join(cells)) <= set("-: "):
                rows.append(cells)
        elif rows:
            found.append(rows)
            rows = []
    return found
