"""Modules compiled to C with mypyc when Backroom is installed, and whether this install did.

The heuristic bots' evaluation and Stool Pigeon's resample are the inner loops of simulation
and search (issues 16.5 and 9), and Stool Pigeon's view is built for every seat at every move
of an online table (issue 18). Compiled, they run two to three times as fast with the same
decisions and views. ``compiled.txt`` lists them and ``setup.py`` compiles them, all or none:
without a C compiler, or with ``BACKROOM_PURE_PYTHON=1`` at install, they all stay Python and
everything works, slower. The Python source is the reference: ``tests/test_compiled.py`` holds
the two to the same decisions and views.

An editable install runs the extension, not the source beside it, until it is built again:
``make install`` rebuilds when a listed source changes, and ``stale`` names what has not been.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from pathlib import Path

SOURCES: tuple[str, ...] = tuple((Path(__file__).parent / "compiled.txt").read_text("utf-8").split())
"""The compiled modules' source files, relative to the project's root."""

MODULES: tuple[str, ...] = tuple(s.removesuffix(".py").replace("/", ".") for s in SOURCES)

PURE_ENV = "BACKROOM_PURE_PYTHON"
"""Set (to anything but ``0``) at install, it keeps every module Python; set when the tests run,
they expect none compiled."""


def pure() -> bool:
    """Whether ``PURE_ENV`` asks for the Python source."""
    return os.environ.get(PURE_ENV, "0") not in ("", "0")


def _origin(module: str) -> str:
    spec = find_spec(module)
    if spec is None or spec.origin is None:
        raise ImportError(f"no module {module}")
    return spec.origin


def compiled() -> list[str]:
    """The listed modules that this install loads from a compiled extension."""
    return [m for m in MODULES if _origin(m).endswith(tuple(EXTENSION_SUFFIXES))]


def stale() -> list[str]:
    """Compiled modules of a clone whose Python source was changed after they were built. An
    install from a wheel has none: its sources and extensions come from one build, and its
    files' times are those of their unpacking."""
    if not (Path(__file__).resolve().parent.parent / ".git").exists():
        return []
    out = []
    for module in compiled():
        built = Path(_origin(module))
        source = built.parent / (module.rsplit(".", 1)[1] + ".py")
        if source.exists() and os.stat(source).st_mtime > os.stat(built).st_mtime:
            out.append(module)
    return out
