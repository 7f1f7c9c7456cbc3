"""Wir sind das Volk!'s action texts (2+2's too): the one place they are written (below) and
read (``words``).

Cards are named by their keys, provinces by their short keys (``sn``, ``nrw``, ``wb``), West
Berlin's sectors as ``wb-<sector>``, cities by their keys and blue lines by their ends
(``dresden/leipzig``). A turn: ``take 19 build``, ``play 7 event``, ``police sn``; then the
small decisions of the rules: ``calm he``, ``build leipzig``, ``ls th``, ``assign ostrava sn``,
``unrest by``, ``move sn th``, ``next unrest-west-in-wb``, ``bonus 3``, ``done`` … Their words
for players are in ``words``.
"""

from __future__ import annotations

from typing import Any

DONE = "done"
KEEP = "keep"
DELIVER = "deliver"
NOTHING = "nothing"
#: the special card's price paid by the other side (base game: West draws; 2+2: a yellow player)
WEST_DRAWS = "west-draws"
YELLOW_DRAWS = "yellow-draws"
#: 2+2: a dominance step beyond the track as $1
INCOME = "income"


def words(action: str) -> list[str]:
    """An action text as its words: the verb, then its arguments (all text: card keys are words)."""
    return action.split(" ")


#: every use of a card on a turn (2+2 adds the arms race and credit to the base game's four)
USES = ("calm", "build", "ls", "event", "arms", "credit")


def take(key: str, use: str) -> str:
    return f"take {key} {use}"


def play(key: str, use: str) -> str:
    return f"play {key} {use}"


def police(province: str) -> str:
    return f"police {province}"


def calm(province: str) -> str:
    return f"calm {province}"


def dismantle(site: str) -> str:
    return f"dismantle {site}"


def build(site: str) -> str:
    return f"build {site}"


def hamburg(province: str) -> str:
    return f"hamburg {province}"


def ls(target: str) -> str:
    return f"ls {target}"


def assign(city: str, province: str) -> str:
    return f"assign {city} {province}"


def discard(key: str) -> str:
    return f"discard {key}"


def ignore(what: str) -> str:
    return f"ignore {what}"


def next_item(slug: str) -> str:
    return f"next {slug}"


def unrest(province: str) -> str:
    return f"unrest {province}"


def move(source: str, destination: str) -> str:
    return f"move {source} {destination}"


def end_protest(province: str) -> str:
    return f"end-protest {province}"


def reduce(target: str) -> str:
    return f"reduce {target}"


def rundown(city: str) -> str:
    return f"rundown {city}"


def repair(city: str) -> str:
    return f"repair {city}"


def stop(city: str) -> str:
    return f"stop {city}"


def return_unrest(province: str) -> str:
    return f"return {province}"


def look(where: str) -> str:
    return f"look {where}"


def swap(mine: str, theirs: str) -> str:
    return f"swap {mine} {theirs}"


def remove(key: str) -> str:
    return f"remove {key}"


def supplier(province: str) -> str:
    return f"supplier {province}"


def relieve(province: str) -> str:
    return f"relieve {province}"


def socialist(province: str) -> str:
    return f"socialist {province}"


def purge(province: str) -> str:
    return f"purge {province}"


def bonus(n: int) -> str:
    return f"bonus {n}"


def shift(track: str, colour: str) -> str:
    return f"shift {track} {colour}"


def first(power: str) -> str:
    """2+2: which superpower (``usa``, ``ussr``) draws its arms-race card first when both draw."""
    return f"first {power}"


def convert(prestige: int, dominance: int) -> str:
    """2+2: a prestige arrow of ``prestige + dominance`` steps split between the two markers."""
    return " ".join(f"{w} {k}" for w, k in (("prestige", prestige), ("dominance", dominance)) if k)


class Texts:
    """The most asked-for action texts of one content, each written once with the builders above
    (legal action lists are made on every step of every game and search; a lookup is cheaper
    than writing the text): a turn's ``take``/``play`` by card and use, and ``calm``, ``police``,
    ``ls``, ``unrest``, ``build`` and ``dismantle`` by province and site."""

    def __init__(self, content: Any) -> None:
        from .content import LINE  # the content module reads this one
        from .network import bytewise

        self.take = {key: {use: take(key, use) for use in USES} for key in content.cards}
        self.play = {key: {use: play(key, use) for use in USES} for key in content.cards}
        #: a turn's ``take``/``play`` text as its words (``words``): verb, card, use
        self.card_use = {text: tuple(words(text)) for texts in (self.take, self.play) for uses in texts.values()
                         for text in uses.values()}
        self.calm = tuple(calm(p.key) for p in content.provinces)
        self.police = tuple(police(p.key) for p in content.provinces)
        self.ls = tuple(ls(p.key) for p in content.provinces)
        self.unrest = tuple(unrest(p.key) for p in content.provinces)
        self.build = {site: build(name) for site, name in content.site_name.items()}
        #: ``build`` by the bits of a city mask and of a line mask (``board.build_masks``)
        self.build_cities = bytewise([self.build[x] for x in range(len(content.cities))])
        self.build_lines = bytewise([self.build.get(LINE + bit) for bit in range(2 * len(content.ends))])
        self.dismantle = {site: dismantle(name) for site, name in content.site_name.items()}
