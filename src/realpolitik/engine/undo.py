"""Whether an action may be taken back: it drew on no chance and told no seat anything new.

Taking back is fair only when replaying the game without the action leaves every seat
knowing what it knew before: the actor saw no hidden card it could now use, and no other
seat learned a secret it would keep. The engine decides it for every game alike, from the
contract, and exactly in the safe direction: an action that showed any seat something it
could not know is refused every time, not "with high probability".

- **chance**: the action moved the state's RNG (a die, a shuffle, a random draw);
- **sight**: for every seat the action is played once more in a *veiled* copy of the state,
  in which each value the seat cannot know is a :class:`Hidden` placeholder. A placeholder
  may be moved from list to list, and arithmetic on it gives another (derived) one, but
  every use that could steer the rules or show it — comparing, hashing, indexing, truth,
  printing, reading an attribute — raises :class:`Looked`. When the veiled replay runs
  through, the rules did the same in every world the seat thinks possible, and the
  veiled copy shows what they did. The action told the seat nothing when, after it,

  1. the seat's view (its new log lines included), worked out in the veiled copy, holds no
     placeholder and equals its view in the real game — it is then the same in every
     world (a private note made from what the seat already knew passes here); or else,
     for views that count or sum hidden values (card backs, population notes),
  2. every placeholder stayed in its own list and none was computed from, the log lines
     the seat reads are its real ones, and the veil of the real state after the action
     still hides every placeholder: nothing hidden came into view (a card drawn, played
     from a hand, turned up from a pile without the RNG, a deck top seen).

  For a seat other than the actor the action must also be legal in every such world: its
  legal actions are worked out in the veiled copy; where that looks at hidden cards (the
  actor's choices are made from its hand), the action is refused when one of its words is
  a value the actor sees and the seat does not (``show atlas``, ``name 123``).

**The veil**: what a seat cannot know is what ``_resample_hidden(seat, rng)`` may deal
anew. The engine runs that redeal with a sampler whose every draw is a fresh placeholder,
which puts one exactly where a world may differ when the redeal only passes on what it
draws; a redeal that looks at the cards it deals (Nuclear War's passes over the Secrets
in its pile) raises instead, and its game says the same with the optional hook
``_mask_hidden(seat, hidden)``: put ``hidden()`` wherever the redeal may deal something
else. A game whose veil cannot be made has nothing taken back; tests/conformance checks
every game's veil against sampled worlds.

**Why this way**: comparing exact facts alone — the RNG, each seat's private view, how the
new log lines are redacted — cannot see a hand card put face up (only the owner's view
changes, and the public line reads the same for everybody) nor a pile drawn from without
the RNG (Das Spiel der Nationen: only the public view changes, as with any public move);
what a change was made from needs the rules run on what the seat can see, which the
veiled replay does without a hook per game or per action. Sampling worlds, as this module
did before, misses a reveal whenever all its worlds agree with the real cards (``show
10mt`` got through in one position of twenty); it stays the tests' oracle.

**Limits**: a use of a hidden value Python lets by — ``is None``, ``isinstance`` — goes
unnoticed (hidden values are cards and counts, never ``None``); test 2 trusts that a view
shows hidden values only as far as the redeal keeps them (how many, their sum, the decade
on a card's back: the conformance tests check that views do not change under
``determinize``); the legality check relies on the rules' convention that an action names
the hidden card it depends on, and that a choice whose existence would depend on one is
always offered (``no intercept``). The
verdict errs only towards refusing: rules that look at a hidden value whose outcome is
public anyway (the decade on a card's back), or that drop hidden cards, refuse the action.
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import Text, t

from .actions import normalize

if TYPE_CHECKING:
    from .state import State


def why_not_undoable(before: State, action: str, after: State | None = None) -> Text | None:
    """Why ``action``, played by the seat to act in ``before``, may not be taken back;
    ``None`` when it may (``before`` itself is not changed). ``after``: the state the action
    made from ``before``, when the caller has it (then it is not played once more)."""
    seat = before.to_act
    if seat is None:
        return t("The game is over.")
    if after is None:
        after = before.clone()
        after.apply(action, seat)
    if after.rng.state != before.rng.state:
        return t("It drew on chance.")
    if action not in before.legal_actions():
        action = normalize(action)
    replay = _Replay(before, after, action)
    if not all(replay.tells_nothing(viewer) for viewer in range(len(before.seats))):
        return t("It showed something hidden.")
    return None


# ---------------------------------------------------------------------------- placeholders


class Looked(BaseException):
    """The rules looked at a hidden value (a ``BaseException``: no ``except Exception`` of a game swallows it)."""


def _look(*_: Any) -> Any:
    raise Looked


def _derive(*_: Any) -> Hidden:
    return Hidden(derived=True)


class Hidden:
    """A value a seat cannot know, in a veiled copy of a state. Moving it goes unnoticed;
    arithmetic gives a ``derived`` one; every other use raises ``Looked``."""

    __slots__ = ("derived",)

    def __init__(self, derived: bool = False) -> None:
        object.__setattr__(self, "derived", derived)

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __bool__ = _look  # type: ignore[assignment]
    __len__ = __iter__ = __reversed__ = __contains__ = __getitem__ = __setitem__ = __delitem__ = _look
    __call__ = __getattr__ = __setattr__ = __delattr__ = __index__ = __int__ = __float__ = __complex__ = _look
    __round__ = __trunc__ = __floor__ = __ceil__ = __str__ = __repr__ = __format__ = __bytes__ = _look
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _derive
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __pow__ = __rpow__ = __divmod__ = __rdivmod__ = _derive
    __lshift__ = __rlshift__ = __rshift__ = __rrshift__ = __and__ = __rand__ = __or__ = __ror__ = _derive
    __xor__ = __rxor__ = __matmul__ = __rmatmul__ = __neg__ = __pos__ = __abs__ = __invert__ = _derive


class _Veil:
    """What ``_resample_hidden`` is given instead of a generator: every draw is a fresh placeholder."""

    def shuffle(self, items: list) -> None:
        items[:] = [Hidden() for _ in items]

    def below(self, n: int) -> Hidden:
        return Hidden()

    def choice(self, items: Any) -> Hidden:
        return Hidden()


def veiled(state: State, seat: int) -> State | None:
    """A copy of ``state`` with a placeholder for everything ``seat`` cannot know (the game's
    ``_mask_hidden`` where it has one, else its redeal with placeholders for draws); ``None``
    when the game cannot say what that is."""
    world = state._twin(state.rng.copy(), state.log.copy(), None)
    mask = getattr(world, "_mask_hidden", None)
    try:
        if mask is not None:
            mask(seat, Hidden)
        else:
            world._resample_hidden(seat, _Veil())
    except (Looked, Exception):  # the redeal looked at what it dealt: only a _mask_hidden could say
        return None
    return world


#: the types of a snapshot's plain values: a list of only these holds no placeholder and is compared at once
_PLAIN = frozenset((int, str, float, bool, type(None)))
_NESTS = (list, tuple, dict)


def _places(data: dict | list | tuple, path: tuple = (), out: list | None = None) -> list[tuple[tuple, int]]:
    """Each placeholder in a snapshot: the path of the list (or dict) it is in, and its identity, in order."""
    if out is None:
        out = []
    for key, value in data.items() if type(data) is dict else enumerate(data):
        kind = type(value)
        if kind is Hidden:
            out.append((path, id(value)))
        elif kind in _NESTS and (kind is dict or not _PLAIN.issuperset(map(type, value))):
            _places(value, (*path, key), out)
    return out


def _covered(value: Any, veil: Any) -> bool:
    """Whether a snapshot of the veiled replay (``value``) agrees with the veil of the real state
    after (``veil``): the same shape and values, a placeholder only where the veil has one (the
    veil may hide more: a card the seat saw go into a hand the redeal deals anew)."""
    kind = type(value)
    if type(veil) is Hidden:
        return kind not in _NESTS
    if kind is Hidden or kind is not type(veil):
        return False
    if kind is list or kind is tuple:
        if len(value) != len(veil):
            return False
        if _PLAIN.issuperset(map(type, value)) and _PLAIN.issuperset(map(type, veil)):
            return value == veil
        return all(map(_covered, value, veil))
    if kind is dict:
        return value.keys() == veil.keys() and all(_covered(value[k], veil[k]) for k in value)
    return _same(value, veil)


def _names(theirs: Any, mine: Any, real: Any, words: frozenset[str]) -> bool:
    """Whether a real value hidden in ``theirs`` (a seat's veiled snapshot) and not in ``mine``
    (the actor's) is, as text, one of ``words``; also true when the three do not have the same
    shape (the safe answer)."""
    kind = type(theirs)
    if kind is Hidden:
        return type(mine) is not Hidden and str(real) in words
    if kind in _NESTS:
        if type(mine) is not kind or type(real) is not kind or not len(theirs) == len(mine) == len(real):
            return True
        if kind is dict:
            return not theirs.keys() == mine.keys() == real.keys() or any(
                _names(theirs[k], mine[k], real[k], words) for k in theirs)
        return not _PLAIN.issuperset(map(type, theirs)) and any(map(_names, theirs, mine, real, repeat(words)))
    return False


# ---------------------------------------------------------------------------- the replay


class _Replay:
    """One action to judge: the state before and after it, and each seat's veiled copy before (made once)."""

    def __init__(self, before: State, after: State, action: str) -> None:
        self.before, self.after, self.action = before, after, action
        self.actor: int = before.to_act
        self.log_from = before.log.size
        self._veiled: dict[int, dict | None] = {}
        self._real: dict | None = None  # the snapshot of the state before (made once, when needed)

    def tells_nothing(self, viewer: int) -> bool:
        """Whether ``viewer`` sees after the action nothing it could not know before."""
        world = veiled(self.before, viewer)
        if world is None:
            return False
        start = _places(world.snapshot())
        if not start:  # nothing is hidden from this seat
            return True
        if viewer != self.actor and not self._legal_in_every_world(world, viewer):
            return False
        try:
            world._legal = None
            world.ply += 1
            world._apply(self.action)
        except (Looked, Exception):
            return False
        return self._sees_the_same(world, viewer) or self._hidden_in_place(world, viewer, start)

    def _legal_in_every_world(self, world: State, viewer: int) -> bool:
        """Whether the action is legal whatever ``viewer`` cannot see (see the module's docstring)."""
        try:
            return self.action in world.legal_actions()
        except (Looked, Exception):
            return not self._names_a_secret(viewer)
        finally:
            world._legal = None

    def _names_a_secret(self, viewer: int) -> bool:
        """Whether a word of the action is a value the actor sees and ``viewer`` does not."""
        theirs, mine = self._snapshot_veiled(viewer), self._snapshot_veiled(self.actor)
        if theirs is None or mine is None:
            return True
        if self._real is None:
            self._real = self.before.snapshot()
        return _names(theirs, mine, self._real, frozenset(self.action.split()))

    def _snapshot_veiled(self, seat: int) -> dict | None:
        """The snapshot of ``seat``'s veiled copy of the state before (made once)."""
        if seat not in self._veiled:
            world = veiled(self.before, seat)
            self._veiled[seat] = None if world is None else world.snapshot()
        return self._veiled[seat]

    def _sees_the_same(self, world: State, viewer: int) -> bool:
        """Test 1: the seat's view after the veiled replay shows no placeholder and is its real view."""
        try:  # a placeholder in the view raises when compared with the real one
            seen = world.view(viewer, log_from=self.log_from, choices=False)
            return bool(seen == self.after.view(viewer, log_from=self.log_from, choices=False))
        except (Looked, Exception):  # the view counts or sums hidden values: test 2
            return False

    def _hidden_in_place(self, world: State, viewer: int, start: list) -> bool:
        """Test 2: every placeholder stayed in its list, none was computed from, the seat's log
        lines are its real ones, and the veil of the real state after still hides every placeholder."""
        try:
            if world.log.redacted(viewer, self.log_from) != self.after.log.redacted(viewer, self.log_from):
                return False
        except (Looked, Exception):
            return False
        ran = world.snapshot()
        if _places(ran) != start:
            return False
        now = veiled(self.after, viewer)
        return now is not None and _covered(ran, now.snapshot())


def _same(a: Any, b: Any) -> bool:
    """``a == b``, false where that looks at a placeholder."""
    try:
        return bool(a == b)
    except (Looked, Exception):
        return False
