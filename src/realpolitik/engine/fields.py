"""A game state's fields, declared once: the slots, the clone and the snapshot follow.

A ``State`` subclass declares its fields with their kind of data::

    class NuclearWarState(State):
        __slots__ = fields(content=SHARED, hands=NESTED, draw=LIST, at_war=VALUE, stack=LIST)

``fields`` returns the slot names (so ``__slots__`` takes it as it is) and remembers the
kinds; ``State`` then builds ``_copy_into`` (the clone's copying, generated as plain
assignments and slices, as fast as written by hand) and ``snapshot`` (every field but
the shared ones, for digests) for the class, including what its base classes declared.
"""

from __future__ import annotations

from typing import Any

from .frames import snapshot as frames_snapshot

#: immutable game content (cards, maps) or an object never changed in place: shared by clones, not in snapshots
SHARED = "shared"
#: an immutable value (number, text, tuple, frozenset, None): shared by clones, in snapshots
VALUE = "value"
#: a list of immutable values: copied by a slice
LIST = "list"
#: a list of lists of immutable values: each inner list copied
NESTED = "nested"
#: the stack of pending frames (engine/frames.py): copied by a slice, each frame ``[tag, *fields]`` in snapshots
FRAMES = "frames"
#: a value worked out from other fields, kept for speed: where they change the state's own code
#: replaces it or sets it back to ``None``; never changed in place (or a memo that only adds
#: answers about its own copy of what it was worked out from, its class marked ``shareable``),
#: so shared by clones; not in snapshots (it says nothing the other fields do not)
CACHE = "cache"

_COPY = {SHARED: "{0}", VALUE: "{0}", LIST: "{0}[:]", NESTED: "[x[:] for x in {0}]", FRAMES: "{0}[:]",
         CACHE: "{0}"}


class Fields(tuple):
    """Slot names that also carry each field's kind (what ``fields`` returns)."""

    kinds: dict[str, str]


def fields(**kinds: str) -> Fields:
    """Declare a state's fields by kind (``SHARED``, ``VALUE``, ``LIST``, ``NESTED``, ``FRAMES``, ``CACHE``)."""
    for name, kind in kinds.items():
        if kind not in _COPY:
            raise TypeError(f"field {name!r}: unknown kind {kind!r} (kinds: {', '.join(_COPY)})")
    out = Fields(kinds)
    out.kinds = dict(kinds)
    return out


def declared(cls: type) -> dict[str, str]:
    """Every field ``cls`` and its bases declared with ``fields``, base classes first."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        out.update(getattr(klass.__dict__.get("__slots__"), "kinds", {}))
    return out


def build(cls: type, root: type) -> None:
    """Give ``cls`` (a subclass of ``root``) the generated ``_copy_into`` and ``snapshot`` of
    its declared fields; every class between it and ``root`` must declare with ``fields``."""
    if not isinstance(cls.__dict__.get("__slots__"), Fields):
        return
    for klass in cls.__mro__[1:cls.__mro__.index(root)]:
        if klass.__dict__.get("__slots__") and not isinstance(klass.__dict__["__slots__"], Fields):
            raise TypeError(f"{cls.__qualname__}: its base {klass.__qualname__} declares plain __slots__; "
                            f"declare them with fields() too")
    kinds = declared(cls)
    lines = ["def _copy_into(self, twin):"]
    lines += [f"    twin.{name} = " + _COPY[kind].format(f"self.{name}") for name, kind in kinds.items()]
    lines += ["", "def snapshot(self):", "    return {"]
    lines += [f"        {name!r}: " + ("_frames({})" if kind == FRAMES else "{}").format(f"self.{name}") + ","
              for name, kind in kinds.items() if kind not in (SHARED, CACHE)]
    lines += ["        'rng': self.rng.state, 'ply': self.ply,", "    }"]
    namespace: dict[str, Any] = {"_frames": frames_snapshot}
    exec(compile("\n".join(lines), f"<fields of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    for name in ("_copy_into", "snapshot"):
        if name not in cls.__dict__:  # a class may still write its own
            function = namespace[name]
            function.__qualname__ = f"{cls.__qualname__}.{name}"
            function.__doc__ = f"Generated from the fields {cls.__qualname__} declares (engine/fields.py)."
            setattr(cls, name, function)
