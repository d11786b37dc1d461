"""Events and messages: what happened, as data that a log can translate and a UI can animate.

An event is public unless ``to`` names the seats that may see it. Games emit a public event for
what everyone saw and a private one carrying the hidden detail, so a log is redacted per seat by
filtering, never by rewriting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Msg:
    """A translatable message: a catalog key and its parameters.

    Parameters may themselves be messages (``{"$": key, ...}`` in JSON) so that card names are
    translated inside sentences. Parameters named ``seat`` or ending in ``_seat`` hold seat
    numbers, which interfaces replace by player names.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"$": self.key, **{k: _param_to_json(v) for k, v in self.params.items()}}


def _param_to_json(value: Any) -> Any:
    return value.to_json() if isinstance(value, Msg) else value


def names_cards(param: str) -> bool:
    """Whether a parameter holds card faces, by its name (``card``, ``cards``, ``*_card``,
    ``*_cards``): the convention catalogs translate by and the conformance suite checks
    events' sight by (docs/architecture.md)."""
    return param in ("card", "cards") or param.endswith(("_card", "_cards"))


@dataclass(slots=True)
class Event:
    """Something that happened. ``kind`` is looked up as ``<game>.event.<kind>`` in catalogs.

    Treated as immutable, but not ``frozen``: a frozen dataclass costs 2.5 times as much to
    build, and games build several events per action in the hot path.
    """

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "params": {k: _param_to_json(v) for k, v in self.params.items()},
        }
        if self.to is not None:
            data["to"] = list(self.to)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        to = data.get("to")
        return cls(data["kind"], dict(data["params"]), None if to is None else tuple(to))


def visible(events: list[Event], seat: int | None) -> list[Event]:
    """The events one seat (or a spectator, ``None``) may see."""
    return [e for e in events if e.visible_to(seat)]
