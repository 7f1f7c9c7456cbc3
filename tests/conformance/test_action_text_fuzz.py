"""No action text, however malformed, crashes a game: ``State.apply`` fuzzed for every game.

Positions come from seeded random playouts of every registered game at every player
count (the finished game included). Each position is sent texts a careless or hostile
client might type: random unicode; a legal action with a word replaced (a non-ASCII
digit, a huge or negative number, ``1_0``, nothing, a word of another action, a seat
label), words dropped, doubled, added or reordered, the case changed, whitespace or NUL
put in, junk around it, the text repeated; texts of 0 and 200 characters — for the seat
to act, another seat and no seat. Each text either is a legal action up to
``normalize`` and does exactly what that action does, or is refused with
``IllegalAction``: the state untouched, the reason a readable sentence, and the same
reason in every world the sender cannot tell apart (so it reveals nothing hidden).
Hypothesis runs derandomized: CI sees the same examples every time.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from realpolitik.engine import IllegalAction, Rng, State, action, normalize, parse
from realpolitik.games import get, registry
from tests.conformance.test_contract import conformance_options, player_counts

GAME_IDS = registry().ids()
EXAMPLES = 700  # per game: about 2.5 s each on one core
PLAYOUTS = 20  # per player count
KEEP = 3  # positions per kind of decision

FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: digits that ``int()`` or ``str.isdigit()`` take but an action text never holds
ODD_DIGITS = st.text(st.characters(categories=("Nd", "No", "Nl"), exclude_characters="0123456789"),
                     min_size=1, max_size=3)
NUMBERS = st.one_of(
    ODD_DIGITS,
    st.integers(10**6, 10**40).map(str),
    st.integers(-10**20, -1).map(str),
    st.sampled_from(["٣", "²", "①", "1_0", "+1", "-0", "00", "0x1f", "1e3", "1.5", "--1", "-",
                     str(10**30), "9" * 5000]),
)
#: what replaces each word of a legal action in the systematic sweep (besides a seat and another word)
SWEEP = ("٣", "²", "①", str(10**30), "-1", "1_0")
#: what may stand between words or be slipped into a text
SPACES = st.sampled_from([" ", "  ", "\t", "\n", "\r\n", "\x00", "\x0b", "\u00a0", "\u2003", "\u3000", ""])
JUNK = st.one_of(st.text(max_size=12), st.sampled_from(["\x00", "\ud800", "\u212a", "İ", "ß", "-", "_", "?"]))


def _fingerprint(state: State) -> tuple:
    """Everything an action may change: the complete state, ply, RNG, log and the legal actions."""
    return state.digest(), state.ply, state.rng.state, state.log.size, state.legal_actions()


@cache
def _bank(game_id: str) -> tuple[tuple[State, ...], tuple[str, ...]]:
    """Positions met in seeded random playouts, and every word of every action met there.

    A position is kept while its kind of decision (player count, and the verbs and lengths
    of its legal actions) has been kept fewer than ``KEEP`` times, so rare decisions (a
    card's event, a retaliation) are fuzzed as often as the common ones.
    """
    game = get(game_id)
    positions: list[State] = []
    kept: Counter = Counter()
    words: set[str] = set()
    for n in player_counts(game_id):
        for i in range(PLAYOUTS):
            state = game.new_state(n, conformance_options(game_id), seed=7000 + 100 * n + i)
            rng = Rng(i)
            while True:
                legal = state.legal_actions()
                words.update(w for a in legal for w in a.split(" "))
                kind = n, frozenset((a.split(" ")[0], a.count(" ")) for a in legal)
                if kept[kind] < KEEP:
                    kept[kind] += 1
                    positions.append(state.clone())
                if state.is_over():
                    break
                state.apply(rng.choice(legal))
        words.update(game.seat_labels(n))
    return tuple(positions), tuple(sorted(words))


@st.composite
def mangled(draw, text: str, words: tuple[str, ...], seats: tuple[str, ...]) -> str:
    """``text`` with one to three word-level changes, then one text-level change."""
    tokens = st.one_of(NUMBERS, st.just(""), st.sampled_from(words), st.sampled_from(seats), JUNK)
    parts = text.split(" ")
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["replace", "replace", "drop", "double", "add", "reorder"]))
        i = draw(st.integers(0, max(len(parts) - 1, 0)))
        if op == "replace" and parts:
            parts[i] = draw(tokens)
        elif op == "drop" and parts:
            del parts[i]
        elif op == "double" and parts:
            parts.insert(i, parts[i])
        elif op == "reorder":
            parts = draw(st.permutations(parts))
        else:
            parts.insert(i, draw(tokens))
    out = draw(SPACES).join(parts) if draw(st.booleans()) else " ".join(parts)
    change = draw(st.sampled_from(["none", "upper", "title", "swapcase", "junk after", "junk before",
                                   "slip in", "repeat", "cut"]))
    if change in ("upper", "title", "swapcase"):
        return getattr(out, change)()
    if change == "junk after":
        return out + draw(SPACES) + draw(JUNK)
    if change == "junk before":
        return draw(JUNK) + draw(SPACES) + out
    if change in ("slip in", "cut"):
        at = draw(st.integers(0, len(out)))
        return out[:at] + draw(SPACES) + out[at:] if change == "slip in" else out[:at]
    if change == "repeat":
        return out + draw(SPACES) + out
    return out


@st.composite
def texts(draw, state: State, words: tuple[str, ...]) -> str:
    """A text to throw at ``state``: mostly a mangled legal action, sometimes anything at all."""
    legal = state.legal_actions() or (draw(st.sampled_from(words)),)
    kind = draw(st.sampled_from(["mangled"] * 6 + ["unicode", "empty", "long", "long legal"]))
    if kind == "unicode":
        return draw(st.text(max_size=40))
    if kind == "empty":
        return ""
    if kind == "long":
        return draw(st.text(min_size=200, max_size=200))
    base = draw(st.sampled_from(legal))
    if kind == "long legal":
        return (f"{base} " * 200)[:200]
    return draw(mangled(base, words, state.seats))


@cache
def _reference(state: State) -> tuple[tuple, State | None]:
    """A banked position's fingerprint, and a world its actor cannot tell from it (none once over)."""
    world = None if state.is_over() else state.determinize(state.to_act, Rng(state.ply))
    return _fingerprint(state), world


def _check(state: State, text: str, seat: int | None) -> None:
    """Apply ``text`` for ``seat`` to a clone: refused cleanly, or a legal action exactly."""
    before, world = _reference(state)
    legal = before[-1]
    probe = state.clone()
    try:
        probe.apply(text, seat)
    except IllegalAction as exc:
        reason = str(exc)
        assert reason and reason.encode("utf-8"), f"an empty or unsendable refusal of {text!r}"
        assert _fingerprint(probe) == before, f"refusing {text!r} changed the state"
        if world is not None and seat in (None, state.to_act):
            with pytest.raises(IllegalAction) as again:
                world.apply(text, seat)
            assert str(again.value) == reason, f"the refusal of {text!r} depends on what the sender cannot see"
        return
    assert seat in (None, state.to_act), f"{text!r} was accepted from a seat not to act"
    canonical = text if text in legal else normalize(text)
    assert canonical in legal, f"{text!r} was accepted but is no legal action up to normalization"
    twin = state.clone()
    twin.apply(canonical)
    assert _fingerprint(probe) == _fingerprint(twin), f"{text!r} did not do what {canonical!r} does"


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_malformed_action_texts_are_refused_cleanly(game_id, data):
    positions, words = _bank(game_id)
    state = data.draw(st.sampled_from(positions), label="position")
    text = data.draw(texts(state, words), label="text")
    seats = range(len(state.seats))
    other = data.draw(st.sampled_from([s for s in seats if s != state.to_act]), label="other seat")
    for seat in (state.to_act, None, other):
        _check(state, text, seat)


def _every_word_mangled(state: State, words: tuple[str, ...]):
    """One legal action per shape (verb and length), each word replaced, dropped and doubled."""
    shapes: dict[tuple[str, int], str] = {}
    for a in state.legal_actions():
        shapes.setdefault((a.split(" ")[0], a.count(" ")), a)
    rng = Rng(state.ply)
    for a in shapes.values():
        parts = a.split(" ")
        for i in range(len(parts)):
            for word in (*SWEEP, state.seats[-1], rng.choice(words)):
                yield " ".join(parts[:i] + [word] + parts[i + 1:])
            yield " ".join(parts[:i] + parts[i + 1:])
            yield " ".join(parts[:i + 1] + parts[i:])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_word_of_every_kind_of_action_mangled(game_id):
    positions, words = _bank(game_id)
    for state in positions:
        for text in _every_word_mangled(state, words):
            _check(state, text, state.to_act)


NUMBER_WORD = re.compile(r"-?[0-9]{1,18}")


@settings(max_examples=500, deadline=None, derandomize=True)
@given(st.one_of(st.text(), st.lists(st.one_of(NUMBERS, JUNK, st.just("")), max_size=5).map(" ".join)))
def test_normalize_and_parse_take_any_text(text):
    canon = normalize(text)
    assert normalize(canon) == canon
    assert canon.split(" ") == canon.split() or canon == ""
    for raw in (text, canon):
        verb, args = parse(raw)
        words = raw.split(" ")
        assert verb == words[0] and len(args) == len(words) - 1
        for word, arg in zip(words[1:], args):
            assert arg == (int(word) if NUMBER_WORD.fullmatch(word) else word)
    verb, args = parse(canon)
    if all(str(a) == w for a, w in zip(args, canon.split(" ")[1:])):
        assert action(verb, *args) == canon
