"""A bot receives a seat context and nothing in it reveals what the seat cannot know.

The inspector bot walks everything reachable from the context it is given and compares
it, at the moment of each decision, with the true state: no object of the true state,
no private log text meant for another seat, and other seats' hidden cards no closer to
the truth than a fresh determinization gets by chance. A leaky context (the true state
as the sampler) is caught by the same checks, so they are not empty.
"""

from __future__ import annotations

from collections import Counter
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType

import pytest

from realpolitik.engine import Rng, SeatContext, State
from realpolitik.games import get, registry
from realpolitik.i18n import Text
from realpolitik.sim import arena_options, play
from realpolitik.testing.playout import SHARED_FIELDS, shareable

_ATOMS = (str, int, float, bool, bytes, type(None))
_OPAQUE = (type, ModuleType, FunctionType, MethodType, BuiltinFunctionType)


#: how the walk treats each class: ``None`` (a leaf) or the names of its slots (``()``: a container
#: or an object without slots), worked out once per class
_SLOTS: dict[type, tuple[str, ...] | None] = {}


def _slots(cls: type) -> tuple[str, ...] | None:
    if cls not in _SLOTS:
        leaf = issubclass(cls, _ATOMS + _OPAQUE) or getattr(cls, "shareable", False) is True
        # a memo of public facts (Nationen's reading of the open board) is shared as a whole
        _SLOTS[cls] = None if leaf else tuple(n for c in cls.__mro__ for n in getattr(c, "__slots__", ()))
    return _SLOTS[cls]


def reachable(root: object, walked: dict[int, dict[int, object]] | None = None) -> dict[int, object]:
    """Every object reachable from ``root`` through containers and attributes; ``walked`` holds what is
    reachable from objects that never change (by their ``id``), taken as a whole instead of walked again."""
    seen: dict[int, object] = {}
    stack = [root]
    walked = walked or {}
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        if id(obj) in walked:
            seen.update(walked[id(obj)])
            continue
        seen[id(obj)] = obj
        cls = type(obj)
        slots = _slots(cls)
        if slots is None:
            continue
        if issubclass(cls, dict):
            stack += obj.keys()
            stack += obj.values()
        elif issubclass(cls, (list, tuple, set, frozenset)):
            stack += obj
        else:
            names = list(getattr(obj, "__dict__", {})) + list(slots)
            stack += [getattr(obj, n) for n in names if hasattr(obj, n)]
    return seen


def of_type(objects: dict[int, object], kinds: type | tuple[type, ...]) -> list:
    """The objects that are instances of ``kinds``, each class asked once."""
    answers: dict[type, bool] = {}
    out = []
    for obj in objects.values():
        cls = type(obj)
        if cls not in answers:
            answers[cls] = issubclass(cls, kinds)
        if answers[cls]:
            out.append(obj)
    return out


def secret_objects(state: State) -> dict[int, object]:
    """The true state and the mutable objects it owns (shared immutable content left out)."""
    out = {id(state): state}
    for name in type(state).__slots__ + State.__slots__:
        if name in SHARED_FIELDS - {"log"} or not hasattr(state, name):
            continue
        for key, obj in reachable(getattr(state, name)).items():
            if not isinstance(obj, _ATOMS + (tuple, frozenset)) and not shareable(obj):
                out[key] = obj
    return out


def foreign_private_texts(state: State, seat: int) -> set[str | Text]:
    """Private log texts (plain or messages) meant for other seats that ``seat`` never reads itself."""
    readable = {e.text_for(seat) for e in state.log.entries()}
    return {e.private for e in state.log.entries()
            if e.private is not None and seat not in e.to and e.private not in readable}


def multiset_overlap(a: list, b: list) -> int:
    return sum((Counter(a) & Counter(b)).values())


class Inspector:
    """Plays at random and checks each context it receives against the true state."""

    name = "inspector"

    def __init__(self, truth: State, seed: int, leaky: bool = False) -> None:
        self.truth = truth
        self.rng = Rng(seed)
        self.leaky = leaky
        self.decisions = 0
        self.shared = 0
        self.leaked_texts = 0
        self.same_private = 0
        self.same_private_by_chance = 0
        self.compared = 0
        self.hand_overlap = 0
        self.hand_overlap_by_chance = 0
        #: the game's content, the same object in every world, never changes (``tests/engine/test_caches.py``)
        self.content = {id(truth.content): reachable(truth.content)}
        #: its texts and states, found once: a context reaches the whole content, and asking each
        #: of its objects again at every decision was most of this test's time
        content = self.content[id(truth.content)]
        self.content_kinds = (content.keys(), set(of_type(content, (str, Text))), of_type(content, State))

    def choose(self, ctx: SeatContext) -> str:
        truth, seat = self.truth, ctx.seat
        if self.leaky:
            ctx = SeatContext(seat, ctx.view, ctx.legal_actions, truth.clone())
            ctx._world.log = truth.log
        assert isinstance(ctx, SeatContext)
        assert ctx.view == truth.view(seat, log_from=None, choices=False)
        assert ctx.legal_actions == truth.legal_actions()
        assert ctx.choices == truth.choices(words=False)  # from the seat's world: the same parts as the truth's
        found = reachable(ctx, self.content)
        known, content_strings, content_worlds = self.content_kinds
        rest = {key: found[key] for key in found.keys() - known} if id(truth.content) in found else found
        reached = rest is not found  # the content, found whole
        self.decisions += 1
        self.shared += len(found.keys() & secret_objects(truth).keys())
        strings = set(of_type(rest, (str, Text))) | (content_strings if reached else set())
        self.leaked_texts += len(strings & foreign_private_texts(truth, seat))
        worlds = of_type(rest, State) + (content_worlds if reached else [])
        chance = truth.determinize(seat, self.rng.fork())
        for world in worlds:
            for other in range(len(truth.seats)):
                if other == seat:
                    continue
                self.compared += 1
                true_private = truth.private_view(other)
                self.same_private += world.private_view(other) == true_private
                self.same_private_by_chance += chance.private_view(other) == true_private
                if hasattr(truth, "hands"):
                    self.hand_overlap += multiset_overlap(world.hands[other], truth.hands[other])
                    self.hand_overlap_by_chance += multiset_overlap(chance.hands[other], truth.hands[other])
        return self.rng.choice(ctx.legal_actions)


def inspect_games(game_id: str, games: int, leaky: bool = False) -> Inspector:
    """Play ``games`` games with the inspector in a rotating seat against random bots."""
    from realpolitik.bots import RandomBot

    game = get(game_id)
    players = game.default_players()
    options = arena_options(game)
    total = None
    for i in range(games):
        state = game.new_state(players, options, 300 + i)
        inspector = Inspector(state, 40 + i, leaky)
        bots = [RandomBot(i * 10 + s) for s in range(players)]
        bots[i % players] = inspector
        play(state, bots, ["random"] * players, seed=300 + i)
        if total is None:
            total = inspector
        else:
            for name, value in vars(inspector).items():
                if isinstance(value, int) and not isinstance(value, bool):
                    setattr(total, name, getattr(total, name) + value)
    return total


@pytest.mark.parametrize("game_id", registry().ids())
def test_contexts_hold_no_true_state_and_no_foreign_secrets(game_id):
    seen = inspect_games(game_id, 6)
    assert seen.decisions > 50
    assert seen.shared == 0, "an object of the true state is reachable from a context"
    assert seen.leaked_texts == 0, "another seat's private log text is reachable from a context"
    if get(game_id).hidden_information:
        assert seen.compared > 100
        # what a context says about other seats' secrets matches the truth no more often
        # than a fresh determinization does by chance
        assert seen.same_private <= seen.same_private_by_chance * 1.3 + 0.05 * seen.compared


def test_other_hands_in_nuclear_war_contexts_match_the_truth_only_by_chance():
    seen = inspect_games("nuclear-war", 8)
    assert seen.decisions > 150
    assert seen.hand_overlap_by_chance > 0
    assert seen.hand_overlap <= seen.hand_overlap_by_chance * 1.15


def test_the_inspector_catches_a_leaky_context():
    seen = inspect_games("nuclear-war", 2, leaky=True)
    assert seen.shared > 0
    assert seen.leaked_texts > 0
    assert seen.same_private == seen.compared
    assert seen.hand_overlap > seen.hand_overlap_by_chance * 2
