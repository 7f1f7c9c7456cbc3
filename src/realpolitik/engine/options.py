"""A game's rule options, declared once as the fields of one frozen class.

A game writes its options as a dataclass derived from ``Options``, each field declared with
``option(default, help, …)``; a field with a plain default is a value the game plays by
without offering it (1815's base game plays the team variant's ``loyalty`` off). A choice
option's values are the constants of an ``OptionChoices`` class::

    class Refill(OptionChoices):
        DRAW_TO_TEN = "draw-to-ten"
        DRAW_ONE = "draw-one"

    @dataclass(frozen=True, slots=True)
    class NuclearWarOptions(Options):
        refill: str = option(Refill.DRAW_TO_TEN, "turn draw: …", choices=Refill)

The game names the class (``Game.Options``), which gives its ``Game.options`` (each an
``Option``: what the command line, the server and the rules for players read), and every
state holds its options as an instance (``st.opts``): a rule reads ``st.opts.refill ==
Refill.DRAW_ONE``, and go-to-definition leads from there to the declaration. Records, the
server's protocol and the command line keep the plain form, a dict by name
(``State.options``), as before.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from realpolitik.i18n import Text, t

from .errors import OptionError

#: a whole number as typed: ASCII digits only (``int()`` would also take "٣" or "1_0")
_INT_TEXT = re.compile(r"^[+-]?[0-9]{1,18}$")
_FLOAT_TEXT = re.compile(r"^[+-]?([0-9]{1,18}(\.[0-9]{0,18})?|\.[0-9]{1,18})$")
_BOOL_TEXT = {"true": True, "1": True, "yes": True, "on": True, "false": False, "0": False, "no": False, "off": False}
#: longest text a free-text option (a content file's path) takes
MAX_TEXT = 1024


@dataclass(frozen=True)
class Option:
    """A named rule option with its default, allowed values and a one-line meaning.

    ``name`` is the key in records, action protocols and ``-o name=value``; ``help`` is the
    command line's English meaning (it may cite the game's decisions in ``docs/games/<id>.md``).
    Players read ``label`` and ``about`` instead — messages in their own words, without spec references or internal
    names — and ``choice_labels``, one per choice, in the order of ``choices``.
    Numbers are bounded (``minimum``/``maximum``, both inclusive, required for numbers);
    ``local_file`` marks an option whose value names a file on the machine running the
    game (an own content file): the command line takes it, the online server never does.
    """

    name: str
    default: Any
    help: str
    choices: tuple = ()
    minimum: int | float | None = None
    maximum: int | float | None = None
    local_file: bool = False
    label: Text | None = None
    about: Text | None = None
    choice_labels: tuple[Text, ...] = ()

    def __post_init__(self) -> None:
        number = type(self.default) in (int, float)
        if number and (self.minimum is None or self.maximum is None):
            raise TypeError(f"option {self.name!r}: a number option needs a minimum and a maximum")
        if not number and (self.minimum is not None or self.maximum is not None):
            raise TypeError(f"option {self.name!r}: only number options have bounds")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise TypeError(f"option {self.name!r}: one choice label per choice")

    def values(self) -> Text:
        """The values this option takes, in words (for help texts and refusals)."""
        kind = type(self.default)
        if self.choices:
            return t("one of {choices}", choices=", ".join(map(str, self.choices)))
        if kind is bool:
            return t("true or false")
        if kind is int:
            return t("a whole number from {minimum} to {maximum}", minimum=self.minimum, maximum=self.maximum)
        if kind is float:
            return t("a number from {minimum} to {maximum}", minimum=f"{self.minimum:g}", maximum=f"{self.maximum:g}")
        if self.local_file:
            return t("the path of a file (empty: the built-in content)")
        return t("a text of at most {count} characters", count=MAX_TEXT)

    def coerce(self, value: Any) -> Any:
        """Convert a value (possibly typed as text) to this option's type, or raise OptionError."""
        converted = self._convert(value)
        if converted is None:
            raise OptionError(t("option {name}: {value} is not {values}", name=repr(self.name), value=_shown(value),
                                values=self.values()))
        return converted

    def _convert(self, value: Any) -> Any:
        """The value as this option's type and within its range; ``None`` when it is not."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str):
                value = _BOOL_TEXT.get(value.strip().lower())
            return value if isinstance(value, bool) else None
        if kind in (int, float):
            if isinstance(value, str):
                text = value.strip()
                if not (_INT_TEXT if kind is int else _FLOAT_TEXT).match(text):
                    return None
                value = kind(text)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return None
            if kind is int and not isinstance(value, int):
                return None
            if isinstance(value, float) and not math.isfinite(value):
                return None
            if not self.minimum <= value <= self.maximum:
                return None
            value = kind(value)
        elif not isinstance(value, str) or len(value) > MAX_TEXT or "\x00" in value:
            return None
        if self.choices and value not in self.choices:
            return None
        return value


def _shown(value: Any) -> str:
    """A value for a refusal: short, whatever was sent."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class OptionChoices:
    """The choices of one option, each an upper-case class constant holding its text — the value
    records, the command line and the server's protocol carry; ``texts`` lists them in the order
    they are declared."""

    texts: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.texts = tuple(value for name, value in vars(cls).items() if name.isupper() and isinstance(value, str))


#: the key of an option's declaration in its field's metadata
_DECLARED = "option"


def option(default: Any, help: str, *, choices: type[OptionChoices] | None = None, minimum: int | float | None = None,
           maximum: int | float | None = None, local_file: bool = False, label: Text | None = None,
           about: Text | None = None, choice_labels: tuple[Text, ...] = ()) -> Any:
    """A field of a game's ``Options``: an option offered to players, with what ``Option`` holds
    (``choices`` as an ``OptionChoices`` class, and ``choice_labels`` in the order of its constants)."""
    declared = {"help": help, "choices": choices.texts if choices else (), "minimum": minimum, "maximum": maximum,
                "local_file": local_file, "label": label, "about": about, "choice_labels": choice_labels}
    return dataclasses.field(default=default, metadata={_DECLARED: declared})


@dataclass(frozen=True, slots=True)
class Options:
    """A game's options as one frozen value (``st.opts``); a game derives its own with its fields."""

    @classmethod
    def declared(cls) -> tuple[Option, ...]:
        """The options this class offers (its fields declared with ``option``), in their order."""
        return _declared(cls)

    @classmethod
    def of(cls, values: dict[str, Any]) -> Options:
        """These options from their plain form (a resolved options dict, a view's ``options``):
        each field the dict names takes its value, the others keep their default. Equal options
        give the same value, made once: a new game costs no dataclass construction."""
        return _made(cls, tuple(values.items()))


@cache
def _declared(cls: type[Options]) -> tuple[Option, ...]:
    return tuple(Option(f.name, f.default, **f.metadata[_DECLARED])
                 for f in dataclasses.fields(cls) if _DECLARED in f.metadata)


@lru_cache(maxsize=256)
def _made(cls: type[Options], items: tuple[tuple[str, Any], ...]) -> Options:
    """``Options.of``, kept: a value is frozen, so games with equal options share it. Option values are
    hashable (a coerced option is a bool, a number or a text)."""
    values = dict(items)
    return cls(**{f.name: values[f.name] for f in dataclasses.fields(cls) if f.name in values})
