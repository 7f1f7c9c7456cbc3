"""A decision at the terminal: its choices numbered by their actions, shown grouped where they
share their first words, and a player's answer read as a number or as the words of a choice.

A number stays with its action for the whole decision: while the same player decides again
right after his own action (another card to place, one more build point) and some of the
choices are still offered, each keeps its number; a choice gone leaves its number unused and
a new one gets the next free number. The order is the action's (its verb as the game lists
it, then its parts: ``place 10mt`` before ``place atlas``), not a card's place in the hand.

Words are read in every language the table knows: the start of a choice's words (case,
accents, dashes and brackets do not matter), or the start of some of its words in order
(``17 wirt`` for "17 Demontage der DDR-Industrie nehmen — Wirtschaft aufbauen (3)").
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Group
from rich.markup import escape
from rich.text import Text

from realpolitik.engine import Choice
from realpolitik.i18n import LANGUAGES, render


@dataclass(frozen=True)
class Item:
    """One choice of the menu: its number, its action and its words in the table's language."""

    number: int
    action: str
    label: str
    #: the words of the choice in every language, folded (:func:`folded`)
    words: tuple[str, ...]
    #: what groups it with its neighbours: the verb and first part of an action with several parts
    #: (the uses of one card), else the verb alone (a group only where the choices do not fit the screen)
    kin: tuple


class Menu:
    """The numbered choices of one decision, in the order of their actions."""

    def __init__(self, choices: Sequence[Choice], lang: str, earlier: dict[str, int] | None = None) -> None:
        ordered = sorted(choices, key=_order_key(choices))
        self.numbers = numbering([c.action for c in ordered], earlier)
        self.items = [Item(self.numbers[c.action], c.action, render(c.label, lang),
                           tuple(dict.fromkeys(folded(render(c.label, each)) for each in LANGUAGES)),
                           (c.verb, c.args[0]) if len(c.args) > 1 else (c.verb,)) for c in ordered]
        self.items.sort(key=lambda item: item.number)  # the new choices of a decision that goes on come last
        self._by_number = {item.number: item for item in self.items}

    def action(self, number: int) -> str | None:
        """The action of a number shown, or ``None``."""
        item = self._by_number.get(number)
        return None if item is None else item.action

    def find(self, answer: str) -> list[Item]:
        """The choices whose words the answer gives: the one whose words it is, else those whose
        words start with it, else those with words starting with its words in order."""
        typed = folded(answer)
        if not typed:
            return []
        for fits in (lambda words: words == typed, lambda words: words.startswith(typed),
                     lambda words: _in_order(typed.split(), words.split())):
            found = [item for item in self.items if any(fits(words) for words in item.words)]
            if found:
                return found
        return []

    def render(self, compact: bool = False) -> Group:
        """The choices, a line each; choices that share their first words (the uses of one card; with
        ``compact`` also the actions of one verb) together under those words."""
        lines: list = []
        for group in _groups(self.items, compact):
            head = _shared_words(group)
            if head is None:
                lines += [_line(item) for item in group]
                continue
            lines.append(Text("      " + head))
            tails = [_line(item, item.label[len(head):].strip()) for item in group]
            lines.append(Columns(tails, padding=(0, 2)))
        return Group(*lines)


def numbering(actions: Sequence[str], earlier: dict[str, int] | None) -> dict[str, int]:
    """Numbers for ``actions`` in their order: 1, 2, …; or, continuing an ``earlier`` numbering
    that still offers some of them, their earlier numbers and the next free ones for the new."""
    kept = {} if earlier is None else {a: earlier[a] for a in actions if a in earlier}
    if not kept:
        return {a: i for i, a in enumerate(actions, 1)}
    free = max(earlier.values()) + 1
    for action in actions:
        if action not in kept:
            kept[action] = free
            free += 1
    return kept


def folded(text: str) -> str:
    """Words as they are compared: without case and accents, every run of other signs (dashes,
    brackets, colons) one space."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.split(r"[^\w]+", plain.casefold())).strip()


def _order_key(choices: Sequence[Choice]):
    """The order of the menu: verbs as the game lists them first, then the parts of each action,
    numbers as numbers."""
    verbs: dict[str, int] = {}
    for choice in choices:
        verbs.setdefault(choice.verb, len(verbs))

    def key(choice: Choice) -> tuple:
        return verbs[choice.verb], tuple((0, part, "") if isinstance(part, int) else (1, 0, str(part))
                                         for part in choice.args)

    return key


def _in_order(typed: list[str], words: list[str]) -> bool:
    """True when each typed word starts some word of ``words``, one after the other."""
    at = 0
    for part in typed:
        while at < len(words) and not words[at].startswith(part):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


def _groups(items: list[Item], compact: bool) -> list[list[Item]]:
    """Neighbouring items of one kin, together (one verb's kin only when ``compact``)."""
    out: list[list[Item]] = []
    for item in items:
        if out and out[-1][0].kin == item.kin and (compact or len(item.kin) > 1):
            out[-1].append(item)
        else:
            out.append([item])
    return out


def _shared_words(group: list[Item]) -> str | None:
    """The whole words a group's labels begin with, when there are some and each label has more."""
    if len(group) < 2:
        return None
    labels = [item.label for item in group]
    common = os.path.commonprefix(labels)
    head = common[:common.rfind(" ") + 1].rstrip()  # up to the last whole word ("… nehmen —", "Build:")
    if not head or any(not re.search(r"[^\W\d]", label[len(head):]) for label in labels):
        return None  # each choice keeps a word of its own ("Target Player" over "2", "3" is none)
    return head


def _line(item: Item, words: str | None = None) -> Text:
    """A choice's number and its words (all of them, or what follows its group's shared words)."""
    return Text.from_markup(f"  [cyan]{item.number:>2}[/cyan]  {escape(item.label if words is None else words)}")
