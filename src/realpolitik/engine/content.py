"""Loading content files (cards, maps, tables) with errors that name file, entry and field."""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Entry(BaseModel):
    """Base of content schemas: unknown fields are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


#: the largest content file read, in bytes (the built-in ones are below 100 KiB)
MAX_CONTENT_BYTES = 4 * 1024 * 1024


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file, naming the file on failure. Only a regular file of at most
    ``MAX_CONTENT_BYTES`` is read: a device, a pipe or a directory is refused unopened."""
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(f"{path}: not a regular file")
        if info.st_size > MAX_CONTENT_BYTES:
            raise ContentError(f"{path}: too large ({info.st_size} bytes; at most {MAX_CONTENT_BYTES})")
        with path.open("rb") as fh:
            raw = fh.read(MAX_CONTENT_BYTES + 1)
        if len(raw) > MAX_CONTENT_BYTES:
            raise ContentError(f"{path}: too large (at most {MAX_CONTENT_BYTES} bytes)")
        return tomllib.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise ContentError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML ({exc})") from None


class Problems:
    """Every problem of one content file, collected instead of stopping at the first, so that one
    run names them all; each line names the file, the entry and the field. A loader reads its
    entries with :meth:`entries`, checks what it read with :meth:`add`, and calls :meth:`check`
    where what follows needs a sound file."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.found: list[str] = []
        #: per table, the keys of its entries that could not be read (a reference to one is no problem)
        self.unread: dict[str, set[str]] = {}

    def add(self, entry: str, field: str, msg: str) -> None:
        """A problem of one field of one entry."""
        self.found.append(f"{self.source}: entry {entry}: field {field!r}: {msg}")

    def note(self, msg: str) -> None:
        """A problem of the file as a whole (a missing table, too few entries)."""
        self.found.append(f"{self.source}: {msg}")

    def model(self, model: type[M], data: Any, entry: str) -> M | None:
        """``model`` built from ``data``, or ``None`` with a problem for each bad field."""
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors():
                self.add(entry, ".".join(str(p) for p in err["loc"]) or "(entry)", err["msg"])
            return None

    def entries(self, data: dict[str, Any], name: str, model: type[M], key: str = "key") -> list[M]:
        """The entries of ``[[name]]`` that are good; each bad one adds its problems. Entries are
        named by their ``key`` field when present."""
        rows = data.get(name)
        if not isinstance(rows, list) or not rows:
            self.note(f"missing list of [[{name}]] entries")
            return []
        out = []
        for i, row in enumerate(rows):
            named = isinstance(row, dict) and isinstance(row.get(key), str)
            entry = self.model(model, row, f"{name} {row[key]!r}" if named else f"{name}[{i}]")
            if entry is not None:
                out.append(entry)
            elif named:
                self.unread.setdefault(name, set()).add(row[key])
        return out

    def complete(self) -> bool:
        """True while no problem was found: checks that count a file's entries (sixteen cards per
        decade) are made only then, as an unreadable entry would be missed twice."""
        return not self.found

    def check(self) -> None:
        """Raise the problems found so far as one ``ContentError``, a line each."""
        if self.found:
            raise ContentError("\n".join(dict.fromkeys(self.found)))


def validate(model: type[M], data: Any, source: str, entry: str) -> M:
    """``model`` built from ``data``; its problems (every bad field) name the source file, the entry and the field."""
    problems = Problems(source)
    built = problems.model(model, data, entry)
    problems.check()
    return built  # type: ignore[return-value]


def entries(data: dict[str, Any], name: str, model: type[M], source: str, key: str = "key") -> list[M]:
    """Validate every entry of ``[[name]]``, reporting the problems of all of them; entries are
    named by their ``key`` field when present."""
    problems = Problems(source)
    out = problems.entries(data, name, model, key)
    problems.check()
    return out
