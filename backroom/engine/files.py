"""The files people name (game records, logs, a table's card file, a report): every problem is
one ``FileProblem`` whose key says which (``error.file.*``), so each interface says it in the
reader's language rather than the operating system's English; and a path to be written is
checked before the work that would fill it, not after."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

from backroom.engine.errors import EngineError

_KEYS = {
    errno.ENOENT: "error.file.not_found",
    errno.ENOTDIR: "error.file.not_found",
    errno.EISDIR: "error.file.is_folder",
    errno.EEXIST: "error.file.exists",
    errno.EACCES: "error.file.no_permission",
    errno.EPERM: "error.file.no_permission",
    errno.EROFS: "error.file.no_permission",
}


class FileProblem(EngineError):
    """A file that cannot be read or written as asked; ``path`` names it."""

    @classmethod
    def from_os(cls, exc: OSError, path: str | Path | None = None) -> FileProblem:
        """The sentence for an operating system refusal; one with no sentence of its own keeps
        the system's words as ``reason``."""
        where = str(path if path is not None else exc.filename)
        return cls(
            _KEYS.get(exc.errno or 0, "error.file.unusable"), path=where, reason=exc.strerror or str(exc)
        )


def read_json(path: str | Path) -> Any:
    """The JSON document in ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise FileProblem.from_os(exc, path) from exc
    except UnicodeDecodeError as exc:
        raise FileProblem("error.file.not_json", path=str(path), line=1, column=exc.start + 1) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem("error.file.not_json", path=str(path), line=exc.lineno, column=exc.colno) from exc


def check_writable(path: str | Path) -> None:
    """Refuse a file that could not be written, before any game is played to fill it."""
    target = Path(path)
    if target.is_dir():
        raise FileProblem("error.file.is_folder", path=str(path))
    folder = target.parent
    if not folder.is_dir():
        raise FileProblem("error.file.no_folder", path=str(path), folder=str(folder))
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise FileProblem("error.file.no_permission", path=str(path))


def make_folder(path: str | Path) -> None:
    """Create the folder ``path`` (and those above it) unless it exists."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileProblem.from_os(exc, path) from exc
