"""The game-agnostic kernel: the contract every game fulfils, and the tools built on it.

Nothing here knows any one game, any I/O or any network. See ``docs/architecture.md``.
"""

from backroom.engine.actions import Action, action_from_json, action_to_json
from backroom.engine.errors import BadOptions, EngineError, IllegalAction, UnknownGame
from backroom.engine.events import Event, Msg
from backroom.engine.game import Game, Outcome, State
from backroom.engine.options import OptionSpec
from backroom.engine.record import Record, replay

__all__ = [
    "Action",
    "BadOptions",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Msg",
    "OptionSpec",
    "Outcome",
    "Record",
    "State",
    "UnknownGame",
    "action_from_json",
    "action_to_json",
    "replay",
]
