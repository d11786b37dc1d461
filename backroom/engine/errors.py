"""Typed errors. Each carries a message key and parameters so every interface can say *why*
in the reader's language (interfaces translate ``key``; the engine never imports the
translation layer); none of them leaves a state half-changed.

``str(error)`` is a sentence once the translation layer has registered how to write one
(``backroom.i18n`` does when it loads; the research adapters load it), so a program's
traceback reads like the command line; until then, the key and parameters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_describe: Callable[[str, dict[str, Any]], str] | None = None


def describe_with(describe: Callable[[str, dict[str, Any]], str]) -> None:
    """Have ``str()`` of every engine error be ``describe(key, params)``."""
    global _describe
    _describe = describe


class EngineError(Exception):
    """Base of every error the kernel and the games raise on purpose."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        """A sentence (see the module docstring); programs read ``key`` and ``params``."""
        if _describe is not None:
            return _describe(self.key, self.params)
        return f"{self.key} ({listed(self.params)})" if self.params else self.key


def listed(params: dict[str, Any]) -> str:
    """Parameters as developers read them: ``seat=0, action=['draw']``."""
    return ", ".join(f"{name}={value!r}" for name, value in params.items())


class IllegalAction(EngineError):
    """An action that the rules forbid at this moment. The state is unchanged."""


class BadOptions(EngineError):
    """Options or a player count that a game does not accept."""


class MissingExtra(EngineError, ImportError):
    """An optional part of Backroom whose libraries are not installed: the sentence names the
    ``pip install`` that brings them. An ImportError too, so code that tries the import and
    goes on without it still catches it."""


class UnknownGame(EngineError):
    """A game id that is not in the registry."""
