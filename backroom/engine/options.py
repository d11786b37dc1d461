"""Table options as data: each game declares its options, their kinds and defaults, and the
kernel validates whatever a person or a program sends before a game ever sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from backroom.engine.errors import BadOptions


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option. ``choices`` restricts a string option; ``low``/``high`` an int one.

    The label and help text come from catalogs: ``<game>.option.<name>`` and
    ``<game>.option.<name>.help``; a choice is ``<game>.option.<name>.<choice>``.
    """

    name: str
    default: Any
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    local: bool = False
    """A path on the machine that runs the game: the command line may set it, the network
    may not (a remote client must never make a server open its files)."""

    def check(self, game_id: str, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise BadOptions("error.option_not_bool", game=game_id, option=self.name)
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions("error.option_not_int", game=game_id, option=self.name)
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise BadOptions(
                    "error.option_out_of_range",
                    option=self.name,
                    low=self.low,
                    high=self.high,
                    value=value,
                )
        elif not isinstance(value, str) or (self.choices and value not in self.choices):
            raise BadOptions(
                "error.option_bad_choice",
                option=self.name,
                value=str(value),
                choices=", ".join(self.choices),
            )
        return value


def resolve_options(
    game_id: str, specs: tuple[OptionSpec, ...], given: dict[str, Any] | None
) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values raise ``BadOptions``."""
    given = dict(given or {})
    known = {s.name: s for s in specs}
    for name in given:
        if name not in known:
            raise BadOptions(
                "error.unknown_option",
                game=game_id,
                option=name,
                known=", ".join(known) or "-",
            )
    return {s.name: s.check(game_id, given.get(s.name, s.default)) for s in specs}
