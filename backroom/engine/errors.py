"""Typed errors. Each carries a message key and parameters so every interface can say *why*
in the reader's language (interfaces translate ``key``; the engine never imports the
translation layer); none of them leaves a state half-changed."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error the kernel and the games raise on purpose."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        """The key and parameters, for developers' tracebacks; people see translated text."""
        if not self.params:
            return self.key
        return f"{self.key} ({', '.join(f'{k}={v!r}' for k, v in self.params.items())})"


class IllegalAction(EngineError):
    """An action that the rules forbid at this moment. The state is unchanged."""


class BadOptions(EngineError):
    """Options or a player count that a game does not accept."""


class UnknownGame(EngineError):
    """A game id that is not in the registry."""
