"""The action log: a game is (game id, rules version, players, options, seed, actions).

Replaying a record gives the same states and events byte for byte; the server stores tables
this way and ``backroom replay`` reads these files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backroom.engine.actions import Action, action_from_json, action_to_json
from backroom.engine.errors import EngineError
from backroom.engine.events import Event
from backroom.engine.files import FileProblem, read_json
from backroom.engine.game import Game, State

FORMAT = "backroom-record/1"


@dataclass(slots=True)
class Record:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    rules_version: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    """A name per seat that a person chose, ``""`` for none; never a sentence in one language
    (records written before the fields below hold those, and are shown as they are)."""
    bots: list[str] = field(default_factory=list)
    """Each seat's bot kind (``heuristic``), ``""`` for a person; empty when nobody said."""
    you: int | None = None
    """The seat of the person who saved the game at a terminal."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "names": self.names,
            **({"bots": self.bots} if self.bots else {}),
            **({"you": self.you} if self.you is not None else {}),
            "actions": [[seat, action_to_json(a)] for seat, a in self.actions],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a Backroom game record (expected format {FORMAT})")
        try:
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                options=dict(data["options"]),
                seed=int(data["seed"]),
                rules_version=int(data["rules_version"]),
                actions=[(int(s), action_from_json(a)) for s, a in data["actions"]],
                names=[str(n) for n in data.get("names", [])],
                bots=[str(b) for b in data.get("bots", [])],
                you=None if data.get("you") is None else int(data["you"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"a game record is missing or misspells {exc}") from exc

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), ensure_ascii=False) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Record:
        data = read_json(path)
        try:
            return cls.from_json(data)
        except ValueError as exc:
            raise FileProblem("error.file.not_a_record", path=str(path), expected=FORMAT) from exc


def replay_steps(
    game: Game, record: Record
) -> Iterator[tuple[State, int | None, Action | None, list[Event]]]:
    """Yield the start and then each step: (state after, seat, action, events).

    The state object is the same one mutated in place; clone it to keep a step. Raises
    ``EngineError`` if the record's rules version is not this engine's, or an action is illegal.
    """
    if record.rules_version != game.rules_version:
        raise EngineError(
            "error.rules_version",
            game=game.id,
            recorded=record.rules_version,
            current=game.rules_version,
        )
    state, events = game.start(record.players, record.options, record.seed)
    yield state, None, None, events
    for seat, action in record.actions:
        yield state, seat, action, state.apply(seat, action)


def replay(game: Game, record: Record) -> State:
    """The state at the end of ``record``."""
    *_, (state, _, _, _) = replay_steps(game, record)
    return state
