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


def validate(model: type[M], data: Any, source: str, entry: str) -> M:
    """``model`` built from ``data``; errors name the source file, the entry and the field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(entry)"
        raise ContentError(f"{source}: entry {entry}: field {where!r}: {err['msg']}") from None


def table(data: dict[str, Any], name: str, source: str) -> list[Any]:
    """The array of tables ``[[name]]`` in a parsed file, which must exist and be non-empty."""
    rows = data.get(name)
    if not isinstance(rows, list) or not rows:
        raise ContentError(f"{source}: missing list of [[{name}]] entries")
    return rows


def entries(data: dict[str, Any], name: str, model: type[M], source: str, key: str = "key") -> list[M]:
    """Validate every entry of ``[[name]]``; entries are named by their ``key`` field when present."""
    out = []
    for i, row in enumerate(table(data, name, source)):
        label = f"{name}[{i}]"
        if isinstance(row, dict) and isinstance(row.get(key), str):
            label = f"{name} {row[key]!r}"
        out.append(validate(model, row, source, label))
    return out
