"""Nuclear War's action texts: the one place they are written (below; f-strings, as they are
built for every legal action of every decision) and read (``read``).

Cards are named by their keys, nations by their seat labels: ``place atlas``, ``place
shown atlas`` (from the deterrent force), ``show atlas``, ``hide atlas``, ``target p3``,
``intercept nike``, ``no intercept``, ``strike b-70 20mt p2``, ``done``, ``swap 2 atlas``,
``keep``. Their words for players are in ``words``.
"""

from __future__ import annotations

from realpolitik.engine import parse as read

NO_INTERCEPT = "no intercept"
DONE = "done"
KEEP = "keep"


class _Texts(dict):
    """One verb's text per card key, written the first time it is asked for and looked up after
    (the lists of a turn are made every move: a lookup per card, not a new string)."""

    def __init__(self, form: str) -> None:
        super().__init__()
        self.form = form

    def __missing__(self, key: str) -> str:
        text = self[key] = self.form.format(key)
        return text


PLACE = _Texts("place {}")
PLACE_SHOWN = _Texts("place shown {}")
SHOW = _Texts("show {}")
HIDE = _Texts("hide {}")
INTERCEPT = _Texts("intercept {}")
TARGET = _Texts("target {}")


def place(key: str, from_deterrent: bool = False) -> str:
    return PLACE_SHOWN[key] if from_deterrent else PLACE[key]


def places(keys: list[str], from_deterrent: bool = False) -> list[str]:
    """``place`` for each card, once per key, in the order first held (the lists a turn offers)."""
    return list(dict.fromkeys(map((PLACE_SHOWN if from_deterrent else PLACE).__getitem__, keys)))


def placing(hand: list[str], shown: list[str], may_show: bool, may_hide: bool) -> list[str]:
    """A turn's placing choices, once per key: ``place`` from the hand, ``place shown`` from the
    deterrent force, then (where allowed) ``show`` from the hand and ``hide`` from the deterrent force."""
    held = dict.fromkeys(hand)  # each key once, in the order first held: each verb's texts follow it
    out = list(map(PLACE.__getitem__, held))
    if shown:
        kept = dict.fromkeys(shown)
        out += map(PLACE_SHOWN.__getitem__, kept)
    if may_show:
        out += map(SHOW.__getitem__, held)
    if may_hide and shown:
        out += map(HIDE.__getitem__, kept)
    return out


def plain_placing(hand: list[str], shown: list[str], may_show: bool, may_hide: bool) -> list[str]:
    """``placing`` card by card, each text written by its verb's builder."""
    out: list[str] = []
    for write, keys, allowed in ((place, hand, True), (lambda key: place(key, from_deterrent=True), shown, True),
                                 (show, hand, may_show), (hide, shown, may_hide)):
        for key in keys:
            text = write(key)
            if allowed and text not in out:
                out.append(text)
    return out


def show(key: str) -> str:
    return SHOW[key]


def shows(keys: list[str]) -> list[str]:
    """``show`` for each card, once per key."""
    return list(dict.fromkeys(map(SHOW.__getitem__, keys)))


def hide(key: str) -> str:
    return HIDE[key]


def hides(keys: list[str]) -> list[str]:
    """``hide`` for each card, once per key."""
    return list(dict.fromkeys(map(HIDE.__getitem__, keys)))


def target(seat_label: str) -> str:
    return TARGET[seat_label]


def intercept(key: str) -> str:
    return INTERCEPT[key]


def intercepts(keys: list[str]) -> list[str]:
    """``intercept`` for each card, once per key."""
    return list(dict.fromkeys(map(INTERCEPT.__getitem__, keys)))


def strike(carrier: str, warhead: str, seat_label: str) -> str:
    return f"strike {carrier} {warhead} {seat_label}"


def swap(slot: int, key: str) -> str:
    return f"swap {slot} {key}"


__all__ = ["DONE", "KEEP", "NO_INTERCEPT", "hide", "hides", "intercept", "intercepts", "place", "places", "placing",
           "read", "show", "shows", "strike", "swap", "target"]
