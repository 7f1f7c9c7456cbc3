"""Every payload the server accepts, validated by type and size, with errors in words.

HTTP bodies and WebSocket messages are JSON objects checked against the models below
(strict types, bounded lengths, no unknown fields). :func:`parse` turns any failure
into a :class:`BadRequest` naming the field and what is wrong with it.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError
from starlette.requests import HTTPConnection

from realpolitik.i18n import LANGUAGES, negotiate, t

from .clock import ClockChoice
from .refusals import Refusal

#: largest accepted HTTP body and WebSocket message, in bytes
MAX_BODY = 16 * 1024
MAX_MESSAGE = 4 * 1024
#: a person's name — an account's, or a guest's at a seat or watching — has this many visible characters
#: (its storage holds 40), wherever it is given or looked up
MIN_NAME, MAX_NAME = 2, 40
MAX_CHAT = 500
MAX_ACTION = 200

Short = Annotated[str, StringConstraints(min_length=1, max_length=40)]
#: a name as sent: room for the spaces and invisible characters that cleaning takes out
SentName = Annotated[str, StringConstraints(max_length=4 * MAX_NAME)]
#: an option's text is bounded by the game (``engine.options.MAX_TEXT``), which refuses it in the same words
#: online and on the command line; the body's size bounds what is read
OptionValue = bool | int | float | str


class BadRequest(ValueError):
    """A payload that does not have the expected form; the message says why."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Terms(Strict):
    """What a game's creator asks of players who join from the lobby, in per cent of their
    finished games: lost on time at most, played to the end at least (server/reliability.py)."""

    most_lost_on_time: int | None = Field(default=None, ge=0, le=100)
    least_finished: int | None = Field(default=None, ge=0, le=100)


class CreateGame(Strict):
    """``POST /api/games``: the game, one entry per seat (``human`` or a bot kind), options."""

    game: Short
    seats: list[Short] = Field(min_length=1, max_length=12)
    options: dict[Short, OptionValue] = Field(default_factory=dict, max_length=32)
    lobby_join: bool = False
    clock: ClockChoice | None = None
    stand_in: Short | None = None
    rated: bool = False
    #: players may ask the bot for a hint ("What would the bot do?"); never with ``rated``
    hints: bool = False
    terms: Terms | None = None


class Learn(Strict):
    """``POST /api/learn/{game}``: a lesson game; the language its answer is written in (the
    request's, without it)."""

    lang: Literal[LANGUAGES] | None = None  # type: ignore[valid-type]


class Claim(Strict):
    """``POST /api/games/{id}/claim``: take a free seat from the lobby."""

    seat: Short
    name: SentName = ""


class Credentials(Strict):
    """``POST /api/account/signup`` and ``/login``: an account's name and password (their rules
    are checked by :mod:`.accounts`, with refusals in the reader's language)."""

    name: SentName
    password: Annotated[str, StringConstraints(max_length=1024)]


class PasswordChange(Strict):
    """``POST /api/account/password``: the current password and the new one."""

    old: Annotated[str, StringConstraints(max_length=1024)]
    new: Annotated[str, StringConstraints(max_length=1024)]


class Settings(Strict):
    """``POST /api/account/settings``: any of the account's language (``null`` or empty: the
    browser's), e-mail address and webhook URL for turn notifications (``null`` or empty: none),
    and whether any account may write to it (else its friends and those it played with)."""

    language: Literal[(*LANGUAGES, "")] | None = None  # type: ignore[valid-type]
    email: Annotated[str, StringConstraints(max_length=254)] | None = None
    webhook: Annotated[str, StringConstraints(max_length=500)] | None = None
    messages_from_everyone: bool | None = None


class SeatKey(Strict):
    game: Annotated[str, StringConstraints(max_length=16)]
    token: Annotated[str, StringConstraints(max_length=64)]


class GuestSeats(Strict):
    """``POST /api/account/seats``: seats a guest took (game and token), to bind to the account."""

    seats: list[SeatKey] = Field(max_length=50)


class Hello(Strict):
    """First WebSocket message: a seat token to play, none to watch (or a seat label to play a seat
    bound to the account signed in with the session cookie); the reader's language."""

    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=64)] | None = None
    seat: Annotated[str, StringConstraints(max_length=20)] | None = None
    name: SentName = ""
    lang: Literal[LANGUAGES] | None = None  # type: ignore[valid-type]


class Act(Strict):
    """An action text for the seat, against the game as it stood at ``seq`` actions."""

    type: Literal["act"]
    seq: Annotated[int, Field(ge=0, le=10**9)]
    action: Annotated[str, StringConstraints(min_length=1, max_length=MAX_ACTION)]


class Chat(Strict):
    """A chat message to the ``table`` or the writer's ``team`` (default: the team where the
    game has team chat, else the table); a spectator's goes to the other spectators."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(min_length=1, max_length=MAX_CHAT)]
    channel: Literal["table", "team"] | None = None


class Undo(Strict):
    """Take back the seat's own last action, the game standing at ``seq`` actions."""

    type: Literal["undo"]
    seq: Annotated[int, Field(ge=0, le=10**9)]


class Hint(Strict):
    """Ask the bot what it would do in the seat's decision at ``seq`` actions (where the game
    allows hints): the answer goes to this seat only."""

    type: Literal["hint"]
    seq: Annotated[int, Field(ge=0, le=10**9)]


class Resign(Strict):
    """Leave the game for good: the stand-in bot plays the seat to the end."""

    type: Literal["resign"]


class Back(Strict):
    """Take the seat back from the bot that stood in after the seat's time ran out."""

    type: Literal["back"]


class Rematch(Strict):
    """Propose or accept the rematch of a finished game: be seated in it, one seat on."""

    type: Literal["rematch"]


class Fill(Strict):
    """Give a free seat of a game waiting for players to a bot (a level or a bot kind), so that a
    game — a rematch whose player stays away, say — can start without them."""

    type: Literal["fill"]
    seat: Short
    bot: Short


Message = Annotated[Hello | Act | Chat | Undo | Hint | Resign | Back | Rematch | Fill, Field(discriminator="type")]
MESSAGE = TypeAdapter(Message)
#: the WebSocket message types, in the order the refusal of an unknown one lists them
TYPES = ("hello", "act", "chat", "undo", "resign", "back", "rematch", "fill", "hint")

M = TypeVar("M")


def describe(exc: ValidationError) -> str:
    """The first validation error as a sentence naming the field."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"] if p not in TYPES)
    if err["type"] == "union_tag_invalid":
        return f"field 'type' must be one of {', '.join(TYPES)}"
    if err["type"] == "union_tag_not_found":
        return "field 'type' is missing"
    return f"field {where!r}: {err['msg']}" if where else err["msg"]


def parse(raw: str | bytes, adapter: TypeAdapter[M] | type[M], limit: int) -> M:
    """Parse a JSON payload of at most ``limit`` bytes into ``adapter``'s type."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > limit:
        raise BadRequest(f"payload too large: {size} bytes, at most {limit}")
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadRequest("payload is not JSON") from None
    except RecursionError:
        raise BadRequest("payload is nested too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest("payload must be a JSON object")
    try:
        if isinstance(adapter, TypeAdapter):
            return adapter.validate_python(data)
        return adapter.model_validate(data)
    except ValidationError as exc:
        raise BadRequest(describe(exc)) from None


def clean_text(text: str) -> str:
    """``text`` with control, format and separator characters as single spaces, trimmed."""
    return " ".join("".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text).split())


def person_name(text: str) -> str:
    """A person's name as others read it: cleaned (:func:`clean_text`), of ``MIN_NAME`` to ``MAX_NAME``
    visible characters, else refused — in the same words wherever a name is given or looked up."""
    name = clean_text(text)
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise Refusal("bad-name", t("A name has {low} to {high} visible characters.", low=MIN_NAME, high=MAX_NAME))
    return name


def clean_name(text: str, field: str = "name") -> str:
    """A guest's name as shown to others, a person's name (:func:`person_name`), or empty when none is
    given; a name given but made only of invisible characters is refused as malformed."""
    if not text:
        return ""
    if not clean_text(text):
        raise BadRequest(f"field {field!r}: the name has no visible characters")
    return person_name(text)


def as_json(value: Any) -> str:
    """Compact JSON for messages."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def language(connection: HTTPConnection) -> str:
    """The language of a request or WebSocket: the one its address names (``?lang=de``, as a
    link to the rules may), else the ``lang`` cookie the pages set when a player chooses one,
    else the browser's ``Accept-Language``."""
    for chosen in (connection.query_params.get("lang"), connection.cookies.get("lang")):
        if chosen in LANGUAGES:
            return chosen
    return negotiate(connection.headers.get("accept-language"))
